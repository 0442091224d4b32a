"""A plan to begin something, over once it has begun (W6, issue 16): "Eli's starting preschool in
september, User is already nervous" after "first week of preschool done, Eli loves his teacher".

Why: a plan to start something (a school, a job, a course, a treatment) says what is ahead. When
the user later says it has begun — its first day or week is done, it started — the plan is no
longer ahead, and context() kept showing "starting preschool in september" as still to come,
beside the news that it is under way. Nothing ended it: it is no change of value, no call-off.

``begun_by`` finds the stored plans to start the thing ``new`` says has begun: the plan says
"starting / will start / starts / begins <thing> in|on|next|this …" and names the same thing
(its last word), about the same one (the names each says, beside "User"). Never a rule, a
pinned or core fact, one written in this batch or one said after ``new``. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Set

from gieok.domain.records import MemoryRecord, MemoryType
from gieok.domain.safety import CRITICAL_TAGS

_THING = r"(?P<x>[a-z][\w-]*(?:\s+[a-z][\w-]*)??)"
# "first week of preschool done", "first day at the new school went fine", "started physio"
_BEGUN = [
    re.compile(rf"\bfirst\s+(?:day|week|month|class|session|shift|lesson)s?\s+(?:of|at)\s+(?:the\s+|his\s+|her\s+|"
               rf"their\s+|my\s+|new\s+)*{_THING}\s+(?:is\s+|was\s+)?(?:done|over|down|finished|complete|"
               rf"went|in\s+the\s+books)\b", re.IGNORECASE),
    re.compile(rf"(?:^|[,.;!]\s*|\b(?:User|[A-Z][a-z]+)\s+)(?:officially\s+|finally\s+|just\s+)?(?:started|began)\s+"
               rf"(?:at\s+)?(?:the\s+|his\s+|her\s+|their\s+|my\s+)?{_THING}(?=\s*(?:[,.;!]|$)|\s+(?:today|"
               rf"yesterday|this\s+week|last\s+week|on\s+\w+day)\b)", re.IGNORECASE),
]
# "Eli's starting preschool in september", "User will start physio next week"
_PLANNED = re.compile(rf"\b(?:(?:is|['’]s|are|['’]re)\s+starting|will\s+start|starts|(?:is|are)\s+going\s+to\s+"
                      rf"start|begins|(?:is|['’]s)\s+beginning)\s+(?:at\s+)?(?:the\s+|his\s+|her\s+|their\s+|a\s+)?"
                      rf"{_THING}\s+(?:in|on|next|this|after|at\s+the\s+end)\b", re.IGNORECASE)
_NAME = re.compile(r"\b(?!User\b)(?-i:[A-Z][a-z]+)\b")
_NOT_THING = frozenset("it that this one day week work job".split())


def begun(content: str) -> str | None:
    """The thing ``content`` says has begun (its head word), or None."""
    for pattern in _BEGUN:
        m = pattern.search(content)
        if m is not None:
            head = m.group("x").split()[-1].casefold()
            if head not in _NOT_THING:
                return head
    return None


def begun_by(new: MemoryRecord, records: Iterable[MemoryRecord],
             created: Set[str]) -> list[MemoryRecord]:
    """The stored plans to start the thing ``new`` says has begun (see the module docstring)."""
    if new.type is MemoryType.RULE:
        return []
    thing = begun(new.content)
    if thing is None:
        return []
    names = set(_NAME.findall(new.content))
    out = []
    for r in records:
        if r.id in created or r.layer is not new.layer or r.type is MemoryType.RULE or r.pinned \
                or CRITICAL_TAGS & set(r.tags) or r.event_time > new.event_time:
            continue
        m = _PLANNED.search(r.content)
        if m is None or m.group("x").split()[-1].casefold() != thing:
            continue
        theirs = set(_NAME.findall(r.content[:m.end()]))
        if theirs <= names:
            out.append(r)
    return out
