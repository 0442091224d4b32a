"""A standing request reversed by a later one (W6, issue 16): "앞으로 반말로 해줘" … "아 그냥
존댓말로 다시 해 주세요"; "keep answers short" … "actually, give me the detailed version from
now on". Pure.

A request for how the assistant answers sets one value of an axis that holds one value at a
time: the register (casual / polite), the length (short / detailed), the language (Korean /
English), emoji (with / without). The two requests share few words — the second need not
say "instead" or name the first — so neither likeness nor a change verb sees that the later
one ends the earlier. The axes are a closed table of opposite poles; a request names one
pole of an axis and not the other, and an older request that names the other pole (and not
this one) no longer holds. Requests about anything else are left alone; of facts, only an
axis of the same kind (where the work is done), for the same holder.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gieok.domain.records import MemoryRecord, MemoryType
from gieok.write.extract import changes

# (one pole, the opposite pole) of each axis of how answers are given
_AXES: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = tuple(
    (re.compile(a, re.IGNORECASE), re.compile(b, re.IGNORECASE)) for a, b in (
        (r"반말|편하게\s?말|말\s?놓|\bcasual(?:ly)?\b|\binformal(?:ly)?\b",
         r"존댓말|존대|높임말|\bformal(?:ly)?\b|\bpolite(?:ly)?\b"),
        # (a limit by count is the short pole: "keep answers under 100 words", "세 줄 이내로";
        # "you can go long again" the long one)
        (r"짧게|간단히|간단하게|간결하게|요약(?:해|만)|\b(?:short|brief(?:ly)?|concise(?:ly)?|"
         r"one[- ]liners?|tl;?dr)\b|\b(?:under|below|within|max(?:imum)?|at\s+most)\s+\d+\s+"
         r"(?:words|sentences|lines)\b|(?:\d+|[한두세네])\s?(?:줄|문장|자)\s?(?:이내|이하|안으로|까지만)",
         r"길게|자세히|자세하게|상세히|상세하게|풀어서|\b(?:detailed|in\s+detail|long(?:er)?\s+"
         r"(?:answers|replies|explanations)|thorough(?:ly)?|step[- ]by[- ]step|go\s+long|"
         r"full(?:er)?\s+(?:answers|replies))\b"),
        (r"영어로|\bin\s+english\b", r"한국어로|한글로|\bin\s+korean\b"),
        (r"이모지\s?(?:써|넣|많이|붙여)|이모티콘\s?(?:써|넣|많이|붙여)|\b(?:use|with|add)\s+(?:more\s+)?"
         r"emojis?\b",
         r"이모지\s?(?:빼|없이|쓰지\s?마|금지)|이모티콘\s?(?:빼|없이|쓰지\s?마|금지)|\b(?:no|without)\s+"
         r"emojis?\b|\bstop\s+using\s+emojis?\b"),
    ))


# the same for facts of one holder that hold one value at a time: where the work is done
# ("풀재택이에요" … "이제 판교 사무실 주 3회 나가요"; "fully remote" … "back in the office 4
# days a week"). A day's exception ("오늘은 재택", "WFH today") is no pole.
_FACT_AXES: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = tuple(
    (re.compile(a, re.IGNORECASE), re.compile(b, re.IGNORECASE)) for a, b in (
        (r"풀\s?재택|전면\s?재택|완전\s?재택|재택\s?(?:에서\s?)?(?:근무|으로|만|해|한다|중|이다|이야)|원격\s?근무|"
         r"\bfully\s+remote\b|\bremote(?:ly)?\b|\bwork(?:s|ing)?\s+from\s+home\b|\bWFH\b",
         r"사무실\s?(?:로\s?|에\s?)?(?:(?:매일|매주|평일)\s?)?(?:출근|나가|나간|간다|가|주\s?\d|주\s?[한두세네]\s?번)|"
         r"(?:주\s?\d\s?(?:회|일|번)?|주\s?[한두세네]\s?번)\s?(?:사무실|출근)|"
         r"\b(?:in|into|to)\s+the\s+office\b|\boffice\s+\d\s+days\b|\bhybrid\b|\bon-?site\b"),
    ))
_TODAY = re.compile(r"오늘|내일|이번\s?주만|\btoday\b|\btomorrow\b|\bthis\s+week\b", re.IGNORECASE)


def _poles(content: str, axes: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = _AXES
           ) -> set[tuple[int, int]]:
    """(axis, pole) pairs ``content`` names alone on its axis."""
    out: set[tuple[int, int]] = set()
    for i, (a, b) in enumerate(axes):
        one, other = a.search(content) is not None, b.search(content) is not None
        if one != other:
            out.add((i, 0 if one else 1))
    return out


def names_pole(content: str) -> bool:
    """``content`` names one pole of an axis of facts (where the work is done), not a day's
    exception: a sentence that can end a memory naming the other pole."""
    return not _TODAY.search(content) and bool(_poles(content, _FACT_AXES))


def names_request_pole(content: str) -> bool:
    """``content`` names one pole of an axis of how answers are given ("go long", "짧게")."""
    return bool(_poles(content))


def reversed_requests(new: MemoryRecord, records: Iterable[MemoryRecord],
                      created: set[str]) -> list[MemoryRecord]:
    """The older standing requests ``new`` (a request too) reverses: each names the other
    pole of an axis ``new`` names, and neither names both. Never a fact, never one written
    in this batch, never another layer's."""
    rule = new.type is MemoryType.RULE
    axes = _AXES if rule else _FACT_AXES  # a fact: where the work is done, same holder
    mine = _poles(new.content, axes) if rule or not _TODAY.search(new.content) else set()
    if not mine:
        return []
    opposite = {(axis, 1 - pole) for axis, pole in mine}
    return [r for r in records
            if r.id not in created and (r.type is MemoryType.RULE) == rule
            and r.layer is new.layer and r.id != new.id and _poles(r.content, axes) & opposite
            and (rule or changes.who(r.content) == changes.who(new.content))]
