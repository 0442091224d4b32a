"""Korean rules for the heuristic extractor (W3): the whole table, in the order it is tried.

The rules live in two modules by fact family — ``patterns_ko_situation`` (residence, job,
family and pets, health) and ``patterns_ko_personal`` (tastes, profile, plans and dates,
decisions, habits, standing rules) — over the shared words and builder of
``patterns_ko_base``. This module joins the halves in their order (which rule is tried first
matters), gives standing rules their slot, and is the one name the extractor and the modules
that build on Korean rules import.
"""

from __future__ import annotations

import re

from gieok.domain.records import MemoryType
from gieok.write.extract import kin_news, patterns_ko_personal, patterns_ko_situation
from gieok.write.extract.base import Hit, Rule
from gieok.write.extract.patterns_ko_base import (  # re-exported: other modules build on them
    LANG, OBJ, Groups, foreign_subject, ko_end, _noun, rule,
)

__all__ = ["LANG", "OBJ", "POSTPROCESS", "RULES", "Groups", "_noun", "foreign_subject", "ko_end",
           "rule"]

RULES: list[Rule] = [*patterns_ko_situation.RULES, *patterns_ko_personal.RULES, *kin_news.RULES_KO]


def _rule_slot(hit: Hit) -> Hit:
    if hit.type is not MemoryType.RULE or hit.slot:
        return hit
    found = re.search(rf"({LANG})", hit.content)
    if found:
        slot = "rule:tone" if re.search(r"반말|존댓말|존대", hit.content) else "rule:language"
        return Hit(**{**hit.__dict__, "slot": slot, "value": found.group(1)})
    if re.search(r"짧게|간단히|간결|자세히|길게|요약", hit.content):
        return Hit(**{**hit.__dict__, "slot": "rule:length"})
    return hit


POSTPROCESS = (_rule_slot,)
