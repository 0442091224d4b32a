"""An ended thing is history, not a current fact (``write.ending``, issue 16): a memory that
says only that something ended names it as dated history; one that also says what holds now
is a current fact."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope
from gieok.write.ending import ended_in
from gieok.write.extract.base import Candidate
from gieok.write.pipeline import candidate_record


@pytest.mark.parametrize(("content", "names", "ended"), [
    ("User left Deloitte", ("Deloitte",), ("Deloitte",)),
    ("User broke up with Jake last month", ("Jake",), ("Jake",)),
    ("User's cat Mango passed away yesterday", ("Mango",), ("Mango",)),
    ("User sold the Avante", ("Avante",), ("Avante",)),
    ("User moved out of the Brooklyn apartment", ("Brooklyn",), ("Brooklyn",)),
    ("사용자는 다낭 여행 취소했다. 아빠 수술 일정이랑 겹쳤다", ("여행",), ("여행",)),  # a past reason
    ("사용자는 오사카 여행 취소했다. 회사 일 때문에", ("여행",), ("여행",)),
    ("사용자는 남자친구랑 헤어졌다", ("남자친구",), ("남자친구",)),
    ("사용자는 헬스 그만뒀다", ("헬스",), ("헬스",)),
])
def test_a_memory_of_only_the_ending_is_history(content: str, names: tuple[str, ...],
                                               ended: tuple[str, ...]) -> None:
    assert ended_in(content, names) == ended


@pytest.mark.parametrize(("content", "names"), [
    # it does not name what ended: the current state the user gave instead
    ("User bikes everywhere now", ("Civic",)),
    ("사용자는 요즘 수영 다닌다", ("헬스",)),
    # it goes on to what holds now
    ("사용자는 헬스 그만두고 수영 다닌다", ("헬스",)),
    ("사용자는 keto 그만뒀어, 그냥 balanced diet로 돌아온다", ("keto",)),
    ("사용자는 커피 끊었다. 요즘 차만 마신다", ("커피",)),
    ("사용자는 넷플릭스 해지했다, 유튜브 프리미엄만 본다", ("넷플릭스",)),
    ("User quit smoking and vapes now", ("smoking",)),
    ("User switched from VS Code to Neovim", ("VS Code",)),
    ("User left Deloitte and joined a biotech as a controller", ("Deloitte",)),
    # a negation of a state is the current state, not an event
    ("User doesn't live in Busan anymore", ("Busan",)),
    # nothing said ended
    ("User works at Deloitte in Chicago", ()),
    # the memory's own clause is something else: the ending is said after it
    ("User tore their calf, not running chicago this year", ("chicago",)),
])
def test_a_memory_that_says_what_holds_now_stays_current(content: str,
                                                         names: tuple[str, ...]) -> None:
    assert ended_in(content, names) == ()


def test_the_record_of_an_ending_carries_what_ended() -> None:
    at = datetime(2026, 5, 4, 18, tzinfo=UTC)
    scope = Scope(user="u")
    left = candidate_record(Candidate("User left Deloitte", retires=("Deloitte",), at=at),
                            scope, at, {})
    assert left.metadata["ended"] == ["Deloitte"] and left.is_history()
    assert left.valid_from == at  # dated by the turn that said it
    now = candidate_record(Candidate("User is now a controller at a small biotech", at=at),
                           scope, at, {})
    assert "ended" not in now.metadata and not now.is_history()
    gone = candidate_record(Candidate("User's cat Mango passed away", ended=("Mango",), at=at),
                            scope, at, {})
    assert gone.is_history()


def test_a_core_fact_is_never_history() -> None:
    """A pinned memory always applies ("User quit smoking": health): never marked past."""
    at = datetime(2026, 3, 1, tzinfo=UTC)
    quit_ = candidate_record(Candidate("User quit smoking in March", retires=("smoking",),
                                       tags=("health", "allergy"), pinned=True, at=at),
                             Scope(user="u"), at, {})
    assert quit_.pinned and not quit_.is_history()


def test_history_survives_the_record_round_trip() -> None:
    """No new field: the mark is metadata, which every store and export keeps as it is."""
    record = MemoryRecord(scope=Scope(user="u"), content="User left Deloitte",
                          metadata={"ended": ["Deloitte"]})
    again = MemoryRecord.model_validate_json(record.model_dump_json())
    assert again.is_history()
    assert not MemoryRecord(scope=Scope(user="u"), content="User left Deloitte").is_history()
