"""A standing request reversed by a later one (W6, issue 16): "앞으로 반말로 해줘" … "아 그냥
존댓말로 다시 해 주세요"; "keep answers short" … "actually, give me the detailed version from
now on". Pure.

A request for how the assistant answers sets one value of an axis that holds one value at a
time: the register (casual / polite), the length (short / detailed), the language (Korean /
English), emoji (with / without). The two requests share few words — the second need not
say "instead" or name the first — so neither likeness nor a change verb sees that the later
one ends the earlier. The axes are a closed table of opposite poles; a request names one
pole of an axis and not the other, and an older request that names the other pole (and not
this one) no longer holds. Requests about anything else, and facts, are left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gieok.domain.records import MemoryRecord, MemoryType

# (one pole, the opposite pole) of each axis of how answers are given
_AXES: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = tuple(
    (re.compile(a, re.IGNORECASE), re.compile(b, re.IGNORECASE)) for a, b in (
        (r"반말|편하게\s?말|말\s?놓|\bcasual(?:ly)?\b|\binformal(?:ly)?\b",
         r"존댓말|존대|높임말|\bformal(?:ly)?\b|\bpolite(?:ly)?\b"),
        (r"짧게|간단히|간단하게|간결하게|요약(?:해|만)|\b(?:short|brief(?:ly)?|concise(?:ly)?|"
         r"one[- ]liners?|tl;?dr)\b",
         r"길게|자세히|자세하게|상세히|상세하게|풀어서|\b(?:detailed|in\s+detail|long(?:er)?\s+"
         r"(?:answers|replies|explanations)|thorough(?:ly)?|step[- ]by[- ]step)\b"),
        (r"영어로|\bin\s+english\b", r"한국어로|한글로|\bin\s+korean\b"),
        (r"이모지\s?(?:써|넣|많이|붙여)|이모티콘\s?(?:써|넣|많이|붙여)|\b(?:use|with|add)\s+(?:more\s+)?"
         r"emojis?\b",
         r"이모지\s?(?:빼|없이|쓰지\s?마|금지)|이모티콘\s?(?:빼|없이|쓰지\s?마|금지)|\b(?:no|without)\s+"
         r"emojis?\b|\bstop\s+using\s+emojis?\b"),
    ))


def _poles(content: str) -> set[tuple[int, int]]:
    """(axis, pole) pairs ``content`` names alone on its axis."""
    out: set[tuple[int, int]] = set()
    for i, (a, b) in enumerate(_AXES):
        one, other = a.search(content) is not None, b.search(content) is not None
        if one != other:
            out.add((i, 0 if one else 1))
    return out


def reversed_requests(new: MemoryRecord, records: Iterable[MemoryRecord],
                      created: set[str]) -> list[MemoryRecord]:
    """The older standing requests ``new`` (a request too) reverses: each names the other
    pole of an axis ``new`` names, and neither names both. Never a fact, never one written
    in this batch, never another layer's."""
    if new.type is not MemoryType.RULE:
        return []
    mine = _poles(new.content)
    if not mine:
        return []
    opposite = {(axis, 1 - pole) for axis, pole in mine}
    return [r for r in records
            if r.id not in created and r.type is MemoryType.RULE and r.layer is new.layer
            and r.id != new.id and _poles(r.content) & opposite]
