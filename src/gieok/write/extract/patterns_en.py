"""English rules for the heuristic extractor (W3): the whole table, in the order it is tried.

The rules live in two modules by fact family — ``patterns_en_situation`` (residence, job,
family and pets, health) and ``patterns_en_personal`` (tastes, profile, plans and dates,
decisions, habits, standing rules) — over the shared words and builder of
``patterns_en_base``. This module joins the halves in their order (which rule is tried first
matters), gives standing rules their slot, and is the one name the extractor and the modules
that build on English rules import.
"""

from __future__ import annotations

import re

from gieok.domain.records import MemoryType
from gieok.write.extract import kin_events, kin_news, patterns_en_personal, patterns_en_situation
from gieok.write.extract import tasted
from gieok.write.extract.base import Hit, Rule
from gieok.write.extract.patterns_en_base import (  # re-exported: other modules build on them
    DAYS, FAMILY, LANGUAGES, MONTHS, PETS, rule, third_person,
)

__all__ = ["DAYS", "FAMILY", "LANGUAGES", "MONTHS", "PETS", "POSTPROCESS", "RULES", "rule",
           "third_person"]

RULES: list[Rule] = [*patterns_en_situation.RULES, *patterns_en_personal.RULES, *kin_news.RULES_EN,
                     *kin_events.RULES_EN, *tasted.RULES_EN]


def _rule_slot(hit: Hit) -> Hit:
    """Language, length and tone rules supersede earlier rules of the same kind."""
    low = hit.content.lower()
    if hit.type is not MemoryType.RULE:
        return hit
    language = re.search(rf"\b(?:in|into)\s+({LANGUAGES})\b", low)
    if language:
        return Hit(**{**hit.__dict__, "slot": "rule:language", "value": language.group(1)})
    if hit.slot:
        return hit
    if re.search(r"\b(?:short|brief|concise|detailed|long|bullet|words|sentences)\b", low):
        return Hit(**{**hit.__dict__, "slot": "rule:length"})
    if re.search(r"\b(?:formal|casual|polite|friendly|emoji)", low):
        return Hit(**{**hit.__dict__, "slot": "rule:tone"})
    return hit


POSTPROCESS = (_rule_slot,)
