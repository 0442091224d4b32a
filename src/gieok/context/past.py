"""Lines of a block that a newer change in the same block made past (issue 16).

A memory of a change keeps the old value it replaced (``metadata.previously``, written by
``write.outdated``: "아빠 당뇨약이 자누비아로 바뀌었다", previously "다이아벡스"). When the
memory that stated the old value was never superseded — it was stored in words
reconciliation could not tie to the change — or an episode or an archived turn of an earlier
session states it, the block would show "아빠 당뇨약은 다이아벡스 드신다" beside the change
as if both held. Each such older line gets the date the change was said ("(until
2026-04-02)"), the same mark the write path gives archived turns.

Only lines that state the old value itself are marked, never a line that merely shares a
topic: the value a thing is named by ("다이아벡스", "Android") is enough; a time, a weekday or
a number ("아침 6시", "Thursdays", "25") also needs a word of the change beside it ("수영",
"metoprolol"), so "아침 6시에 비행기" stays as it is. One pass over the block's own items:
no store reads on the ``context()`` path.

A memory of an ending ("User left Deloitte", "다낭 여행 취소했다": ``MemoryRecord.is_history``)
is itself history: its line, already dated by when it was said, is marked past
(``ended_mark``), so the block never reads "Deloitte" as where the user works now.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from gieok.domain.context import ContextSection
from gieok.domain.records import Layer, MemoryRecord
from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract import changes as _kinds
from gieok.write.extract import shift
from gieok.write.outdated import distinctive

_WORD = re.compile(r"[A-Za-z][\w'’-]{3,}|[\uac00-\ud7a3]{2,}")
# a Korean particle or copula glued on a word of the change: "수영을" is "수영"
_PARTICLE = re.compile(r"(?:으로|에서|이다|이랑|하고|까지|부터|은|는|이|가|을|를|에|로|도|만|의|다)$")
_COMMON = frozenset(
    "user user's their them they with from that this have been just really now about "
    "사용자 사용자는 사용자의 이제 요즘 지금 이번 정말 진짜 그냥".split())
_MARKED = ("(until ", "(previously ", "(이전에는 ", "(past)", "(지난 일)")


def ended_mark(record: MemoryRecord) -> str:
    """" (past)" — " (지난 일)" for a Korean memory — after the line of a memory of an ending;
    "" for any other memory."""
    if not record.is_history():
        return ""
    return " (지난 일)" if _HANGUL.search(record.content) else " (past)"


@dataclass(frozen=True)
class _Change:
    previous: str
    anchors: frozenset[str]
    named: bool  # the old value names a thing by itself
    at: datetime
    id: str


def _words(text: str) -> frozenset[str]:
    out = set()
    for w in _WORD.findall(text):
        low = w.casefold()
        if _HANGUL.match(w):
            low = _PARTICLE.sub("", low) if len(low) > 2 else low
        if len(low) >= 2 and low not in _COMMON:
            out.add(low)
    return frozenset(out)


def _states(text: str, value: str) -> bool:
    """``text`` names ``value``: a Korean value as part of a word (particles glue on), a
    Latin one as whole words."""
    if _HANGUL.search(value):
        return value in text
    low = text.casefold()
    return all(re.search(rf"(?<![\w.+#-]){re.escape(w)}(?![\w+#])", low)
               for w in value.casefold().split())


def _changes(records: Iterable[MemoryRecord]) -> list[_Change]:
    out = []
    for r in records:
        previous = str(r.metadata.get("previously") or "").strip()
        if previous:
            out.append(_Change(previous, _words(r.content) - _words(previous),
                               distinctive(previous), r.event_time, r.id))
    return out


def _made_past(record: MemoryRecord, changes: list[_Change]) -> datetime | None:
    for change in changes:
        if record.id == change.id or record.event_time >= change.at:
            continue
        if not _states(record.content, change.previous):
            continue
        if change.named or _words(record.content) & change.anchors:
            return change.at
    return None


@dataclass(frozen=True)
class _Stage:
    before: re.Pattern[str]
    after: re.Pattern[str]
    who: frozenset[str]
    at: datetime
    id: str


def _stages(records: Iterable[MemoryRecord]) -> list[_Stage]:
    """The later stages the block's memories name ("드디어 졸업했다", "was born"): a line
    said before one, stating the stage before it for the same people ("석사 2학기째인데 …"),
    is past."""
    return [_Stage(before, after, _kinds.who(r.content), r.event_time, r.id)
            for r in records if r.layer is not Layer.ARCHIVE
            for before, after in shift.stages(r.content)]


def _staged_past(record: MemoryRecord, stages: list[_Stage]) -> datetime | None:
    for stage in stages:
        if record.id == stage.id or record.event_time >= stage.at:
            continue
        if stage.before.search(record.content) and not stage.after.search(record.content) \
                and _kinds.who(record.content) == stage.who:
            return stage.at
    return None


def date_past(sections: Iterable[ContextSection | None],
              records: Mapping[str, MemoryRecord]) -> None:
    """Mark, in place, each line of ``sections`` whose record states the old value of a newer
    change in the block, or the stage before a later one the block names (``records``: the
    block's records by id)."""
    changes, stages = _changes(records.values()), _stages(records.values())
    if not changes and not stages:
        return
    for section in sections:
        if section is None:
            continue
        for item in section.items:
            record = records.get(item.record_id or "")
            if record is None or any(m in item.text for m in _MARKED):
                continue
            until = _made_past(record, changes) or _staged_past(record, stages)
            if until is not None:
                item.text = f"{item.text} (until {until.date().isoformat()})"
