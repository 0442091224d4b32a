"""Safety-critical facts (seed 001): one definition for the rules that pin, show and keep them.

The write path pins a new memory tagged ``CRITICAL_TAGS``; context assembly always shows a
safety fact; consolidation never folds one into a digest.
"""

from __future__ import annotations

import re

from gieok.domain.records import Layer, MemoryRecord

# Tags that pin a memory when it is written (always in the context's pinned section).
CRITICAL_TAGS = frozenset({"allergy", "medication", "chronic"})
SAFETY_TAGS = frozenset({
    "allergy", "allergies", "health", "medical", "medication", "medicine", "safety",
    "contraindication", "diet", "chronic", "알레르기", "알러지", "건강", "약", "복용", "금기",
    "질환", "식이",
})
SAFETY_TEXT = re.compile(
    r"allerg|anaphyla|contraindicat|medicat|medicine|prescri|dosage|insulin|epipen|"
    r"chronic|seizure|diabet|must not (eat|take|be given)|never (give|feed)|"
    r"알레르기|알러지|금기|복용|투약|처방|약물|약을|약은|약 |만성|질환|당뇨|발작|먹으면 안|주면 안",
    re.IGNORECASE,
)


def is_safety_fact(record: MemoryRecord) -> bool:
    """Seed 001: allergies, contraindications, medication and the like are always shown.

    An episode is never one: it summarises a whole session, and its topics name the
    session's facts ("health", "allergy") — the allergy fact itself is shown, not the
    story of the day it was said."""
    if record.layer is Layer.EPISODIC:
        return False
    labels = {t.casefold() for t in record.tags}
    if record.category:
        labels.add(record.category.casefold())
    return bool(labels & SAFETY_TAGS) or bool(SAFETY_TEXT.search(record.content))
