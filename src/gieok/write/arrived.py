"""A move that was planned, over once the user lives there (issue 16).

"다음 주에 성수동으로 이사 간다", then "이사 끝났어! 이제 성수동 살아"; "we're moving to Denver next
month", then "finally moved! we live in Denver now". The second turn is read as the new home (the
residence slot), which ends the old home — but the plan to move there is no home, so it stayed
current beside the move, and context() went on saying the user is moving to Seongsu next week.
A plan fulfilled is history: the memory of the new home supersedes it (its turns stay searchable).

``planned_moves(new, place, records, created)`` finds the stored plans to move to ``place``: the
memory names the place and says a move still ahead ("moving to", "will move to", "relocating
to", "으로 이사 간다", "이사 갈 예정", "이사하기로 했다"), about no one the new home leaves out
("User's sister is moving to Denver" is her plan, never ended by the user's move). Never a rule,
a pinned fact, one written in this batch or one said after ``new``. ``end_plans`` dates them past
with ``new`` as what superseded them (``plan.retire``), without writing ``new`` a second
time. Pure reading, one plan step.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence, Set
from datetime import datetime

from gieok.domain.records import MemoryRecord, MemoryType
from gieok.domain.safety import CRITICAL_TAGS
from gieok.text.hangul import HANGUL
from gieok.write.extract import changes
from gieok.write.extract.retired import mentions
from gieok.write.plan import Plan, Pool, retire

# a move still ahead: "is moving to", "will move to", "plans to relocate to", "moving back to"
_AHEAD_EN = re.compile(
    r"\b(?:(?:is|are|am|['’]s|['’]re)\s+(?:moving|relocating)|will\s+(?:move|relocate)|"
    r"(?:going|planning|plans?|hoping|about)\s+to\s+(?:move|relocate)|moving|relocating)\s+"
    r"(?:back\s+|house\s+|out\s+)?(?:to|into)\b", re.IGNORECASE)
# "성수동으로 이사 간다", "이사 갈 예정", "이사하기로 했다", "이사 가려고", "이사할 거다"
_AHEAD_KO = re.compile(r"이사\s?(?:간다|갈\s?(?:거|예정|계획)|가기로|가려고|갈래|가요|감|할\s?(?:거|예정|계획)|"
                       r"하기로|하려고|한다|예정)|(?:으로|로)\s?(?:옮길|옮기기로|옮긴다)")


def planned_moves(new: MemoryRecord, place: str, records: Iterable[MemoryRecord],
                  created: Set[str]) -> list[MemoryRecord]:
    """The stored plans to move to ``place`` that ``new`` (the user's home there now)
    fulfils (see the module docstring)."""
    if new.type is MemoryType.RULE or not place or not place.strip():
        return []
    people = changes.who(new.content)
    out = []
    for r in records:
        if r.id in created or r.layer is not new.layer or r.type is MemoryType.RULE or r.pinned \
                or CRITICAL_TAGS & set(r.tags) or r.event_time > new.event_time:
            continue
        ahead = _AHEAD_KO if HANGUL.search(r.content) else _AHEAD_EN
        if not mentions(r.content, place.strip()) or ahead.search(r.content) is None:
            continue
        if changes.who(r.content) - people:  # a relative's move is theirs
            continue
        out.append(r)
    return out


def end_plans(plan: Plan, pool: Pool, olds: Sequence[MemoryRecord], new: MemoryRecord,
              now: datetime) -> None:
    """``olds`` (plans ``new`` fulfils) stop being current when ``new`` starts; ``new`` itself
    is written by the step that called this one."""
    for old in olds:
        retire(plan, pool, old, new, now, "the move planned is done")
