"""An older line of a block that states what a newer change in the block replaced reads as
past (``context.past``); a line about anything else stays as it was said (issue 16)."""

from __future__ import annotations

from datetime import datetime, timezone

from gieok.context.past import date_past
from gieok.domain.context import ContextItem, ContextSection, SectionKind
from gieok.domain.records import Layer, MemoryRecord
from gieok.domain.scope import Scope

SCOPE = Scope(user="u")


def _record(content: str, day: int, previously: str | None = None,
            layer: Layer = Layer.LONG_TERM) -> MemoryRecord:
    at = datetime(2026, 4, day, 10, tzinfo=timezone.utc)
    meta = {"previously": previously} if previously else {}
    return MemoryRecord(scope=SCOPE, layer=layer, content=content, event_time=at,
                        metadata=meta)


def _marked(*records: MemoryRecord) -> list[str]:
    items = [ContextItem(id=r.id, record_id=r.id, text=f"- {r.content}") for r in records]
    section = ContextSection(kind=SectionKind.MEMORIES, title="t", relevance=1.0, items=items)
    date_past([section, None], {r.id: r for r in records})
    return [i.text for i in section.items]


def test_an_older_line_naming_the_replaced_thing_is_past() -> None:
    change = _record("사용자의 아빠 당뇨약이 자누비아로 바뀌었다", 20, previously="다이아벡스")
    old = _record("사용자의 아빠 당뇨약은 다이아벡스 드신다", 2)
    turn = _record("Is Diabex the same as 다이아벡스?", 3, layer=Layer.ARCHIVE)
    other = _record("사용자는 아빠 고혈압 때문에 저염식 한다", 5)
    assert _marked(change, old, turn, other) == [
        "- 사용자의 아빠 당뇨약이 자누비아로 바뀌었다",
        "- 사용자의 아빠 당뇨약은 다이아벡스 드신다 (until 2026-04-20)",
        "- Is Diabex the same as 다이아벡스? (until 2026-04-20)",
        "- 사용자는 아빠 고혈압 때문에 저염식 한다"]


def test_a_time_or_number_needs_a_word_of_the_change_beside_it() -> None:
    change = _record("User's swim practice moved to 7pm", 20, previously="6am")
    swim = _record("User swims at 6am on weekdays before practice", 2)
    flight = _record("User's flight to Busan leaves at 6am", 3)
    assert _marked(change, swim, flight)[1:] == [
        "- User swims at 6am on weekdays before practice (until 2026-04-20)",
        "- User's flight to Busan leaves at 6am"]


def test_a_newer_line_or_an_unrelated_block_is_left_alone() -> None:
    change = _record("User switched to an iPhone", 10, previously="Android")
    newer = _record("User's old Android tablet is for the kids now", 12)
    assert _marked(change, newer)[1] == "- User's old Android tablet is for the kids now"
    plain = [_record("User lives in Daejeon", 2), _record("User has a cat named Bori", 3)]
    assert _marked(*plain) == ["- User lives in Daejeon", "- User has a cat named Bori"]


def test_a_memory_of_an_ending_reads_as_past() -> None:
    """``MemoryRecord.is_history``: "User left Deloitte" is dated history, not where the user
    works now; marked once, in the memory's language."""
    from gieok.context.past import ended_mark

    left = MemoryRecord(scope=SCOPE, content="User left Deloitte",
                        metadata={"ended": ["Deloitte"]})
    cancelled = MemoryRecord(scope=SCOPE, content="사용자는 다낭 여행 취소했다",
                             metadata={"ended": ["여행"]})
    assert ended_mark(left) == " (past)"
    assert ended_mark(cancelled) == " (지난 일)"
    assert ended_mark(_record("User works at a biotech", 2)) == ""
