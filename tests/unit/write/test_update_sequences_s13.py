"""Update sequences, session 13 (issue 16): a later value of the same holder's single-valued
attribute supersedes the earlier one by structure — an age or school year said of the same
person, a personality type, a job said anew with a change cue — and what a turn says was
left in a sentence too short to be kept (a cancelled trip, a quit habit) still ends the
memory that states it. Sentences written for these tests, in both languages, each class
with the guard that keeps a many-valued or someone else's memory live."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok.domain.records import MemoryRecord
from gieok.domain.results import DecisionKind
from gieok.domain.scope import Scope
from gieok.write.extract.base import Candidate
from gieok.write.extract.retired import in_turn, retired
from gieok.write.reconcile import reconcile


def _decide(new: str, old: str, *, preview: str | None = None, tags: list[str] | None = None,
            pinned: bool = False, metadata: dict[str, object] | None = None) -> DecisionKind:
    at, now = datetime(2026, 1, 5, tzinfo=UTC), datetime(2026, 5, 5, tzinfo=UTC)
    stored = MemoryRecord(scope=Scope(user="u"), content=old, event_time=at, created_at=at,
                          updated_at=at, tags=tags or [], pinned=pinned,
                          metadata=metadata or {})

    def make(c: Candidate) -> MemoryRecord:
        return MemoryRecord(scope=Scope(user="u"), content=c.content, event_time=now)

    plan = reconcile([Candidate(content=new, at=now, turn_ids=("t1",), preview=preview)],
                     [stored], make_record=make, now=now)
    return plan.decisions[0].kind


# -- a measured value of the same holder: the user's age, a child's school year, a type ---------
@pytest.mark.parametrize(("new", "old"), [
    ("사용자는 아까 잘못 말했다, 42살이다", "사용자는 41세"),
    ("User is 29 now, birthday was last week", "User is 28 years old"),
    ("User's daughter Noor has moved up to year 3", "User's daughter Noor is in year 2 at Hillside"),
    ("사용자는 성격검사 다시 했더니 ENTP 나왔다", "사용자는 ISTJ다"),
    ("User retook the test and got INFP this time", "User is an ENFJ"),
])
def test_a_later_value_of_the_same_holder_supersedes(new: str, old: str) -> None:
    assert _decide(new, old) is DecisionKind.SUPERSEDE


@pytest.mark.parametrize(("new", "old"), [
    ("User's son is 6 years old", "User is 38 years old"),  # someone else's age
    ("사용자의 딸은 7살이다", "사용자는 35살이다"),
    ("User's nephew Theo is in year 5", "User's daughter Noor is in year 2 at Hillside"),
    ("User's sister is an INTJ", "User is an ENFJ"),  # another holder's type
])
def test_another_holders_value_supersedes_nothing(new: str, old: str) -> None:
    assert _decide(new, old) is not DecisionKind.SUPERSEDE


# -- what a turn says was left, in a sentence that kept no memory --------------------------------
@pytest.mark.parametrize(("turn", "name"), [
    ("제주 여행 취소됐어. 비행기가 없대. 대신 다음 달에 부산 가려고", "제주"),
    ("our trip to Porto got cancelled. the airline went bust. we're doing Seville instead", "Porto"),
    ("quit the bakery! I'm driving a forklift at the port these days", "bakery"),
    ("커피 완전 끊었어. 요즘은 루이보스만 마셔", "커피"),
    ("보리는 사촌네로 입양 보냈어. 이사 가는 집이 좁아서", "보리"),
])
def test_what_a_turn_says_was_left(turn: str, name: str) -> None:
    assert name in in_turn(turn)


@pytest.mark.parametrize("turn", [
    "커피 끊을까 생각 중이야. 요즘 잠이 안 와",  # not yet
    "I might quit the gym. It's so expensive",
    "If the trip gets cancelled I'll cry",
])
def test_what_might_be_left_is_not(turn: str) -> None:
    assert in_turn(turn) == ()


def test_a_kind_of_event_alone_names_nothing_left() -> None:
    assert "여행" not in in_turn("여행 취소됐어. 아쉽다")


def test_a_cancelled_plan_said_beside_the_new_one_ends_the_old_plan() -> None:
    turn = "제주 여행 취소됐어. 비행기가 없대. 대신 다음 달에 부산 가려고"
    assert _decide("다음 달에 부산 갈 예정", "사용자는 다음 주에 제주 여행 간다",
                   preview=turn) is DecisionKind.SUPERSEDE
    # another thing the turn does not say was left stays current
    assert _decide("다음 달에 부산 갈 예정", "사용자는 매주 토요일 등산 간다",
                   preview=turn) is DecisionKind.ADD


def test_an_adverb_before_the_quit_verb_keeps_the_thing() -> None:
    assert retired("담배 완전 끊었어요") == ("담배",)

