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


# -- a plan called off ------------------------------------------------------------------------
@pytest.mark.parametrize(("sentence", "names"), [
    ("tore my calf, not running chicago this year. gutted", ("chicago",)),
    ("torn meniscus. no Chicago Marathon this year, I'm out", ("Chicago Marathon",)),
    ("I'm not doing the Berlin half after all", ("Berlin half",)),
    ("skipping Coachella this year", ("Coachella",)),
    ("오사카 여행 취소했어 회사 일 때문에 ㅠㅠ", ("오사카",)),
    ("다낭 여행 취소했어. 아빠 수술 일정이랑 겹쳐서", ("다낭",)),
    ("제주도 안 가기로 했어", ("제주",)),
])
def test_a_plan_called_off_is_named(sentence: str, names: tuple[str, ...]) -> None:
    from gieok.write.ending import called_off

    assert called_off(sentence) == names


@pytest.mark.parametrize("sentence", [
    "not running this year",          # nothing named
    "no coffee after 3pm",            # a rule, no time of a plan
    "이번 여행 취소했어",                # a bare kind
    "우리 캠핑 취소됐어",
    "결국 회사 안 가기로 했어",           # 회사 is no plan's name
    "I'm running Chicago this year!",  # the plan itself
])
def test_what_names_no_plan_called_off(sentence: str) -> None:
    from gieok.write.ending import called_off

    assert called_off(sentence) == ()


def test_a_call_off_ends_plans_naming_it_and_nothing_else() -> None:
    from gieok.write.ending import planned

    assert planned("User is planning to run the Chicago marathon in october", "chicago")
    assert planned("사용자는 여름휴가 8월 첫 주에 오사카 가기로 했다", "오사카")
    assert not planned("User lives in Chicago, so it's a home race", "chicago")
    assert not planned("사용자의 언니는 오사카에 산다", "오사카")
    assert not planned("User is planning a trip to Lisbon", "chicago")


@pytest.mark.parametrize(("content", "names", "now"), [
    ("사용자는 keto 그만뒀어, 그냥 balanced diet로 돌아온다", ("keto",), "사용자는 그냥 balanced diet로 돌아온다"),
    ("사용자는 헬스 그만뒀다, 요즘 수영 다닌다", ("헬스",), "사용자는 요즘 수영 다닌다"),
    # a reason or the past after the comma: the ending is what the memory says
    ("사용자는 keto 그만뒀어, 너무 힘들어서", ("keto",), None),
    ("사용자는 커피 끊었어, 살이 빠졌다", ("커피",), None),
    # the ending said before the comma is of another thing
    ("사용자는 헬스 그만뒀어, 수영은 다닌다", ("keto",), None),
])
def test_an_ending_then_a_comma_then_what_holds_now(content: str, names: tuple[str, ...],
                                                     now: str | None) -> None:
    """``retired.without``: the memory of a change states the new value only, also when the
    ending is a sentence of its own before a comma."""
    from gieok.write.extract.retired import without

    assert without(content, names) == (now or content)


@pytest.mark.parametrize(("content", "names", "dropped"), [
    ("사용자는 요즘 허리가 아파서 필라테스 시작했다. 화목 저녁에", ("필라테스",), True),
    ("User started swimming because of their bad knee", ("swimming",), True),
    # the name is the health fact itself, or the thing is not what the user took up
    ("User is allergic to peanuts", ("peanuts",), False),
    ("User takes metformin because of diabetes", ("metformin",), False),
    ("사용자는 요즘 허리가 아프다", ("필라테스",), False),
    # taken up with no reason of health before it: a core fact for another reason
    ("사용자는 필라테스 시작했다", ("필라테스",), False),
])
def test_a_routine_taken_up_for_health_may_be_dropped(content: str, names: tuple[str, ...],
                                                      dropped: bool) -> None:
    from gieok.write.ending import taken_up_for_health

    assert taken_up_for_health(content, names) is dropped


@pytest.mark.parametrize(("sentence", "names"), [
    ("dropped pottery, doing salsa on thursdays now instead", ("pottery",)),
    ("I dropped calculus, taking stats instead", ("calculus",)),
    # never a thing let fall, someone dropped off, a visit or a number
    ("dropped the kids at school", ()),
    ("dropped my phone in the pool lol", ()),
    ("I dropped by the office", ()),
    ("prices dropped a lot", ()),
    ("I dropped 5kg since january", ()),
    # someone or something else dropped: not the user's pastime
    ("my fever dropped overnight", ()),
    ("the temperature dropped sharply.", ()),
    ("my brother dropped chemistry", ()),
])
def test_a_pastime_dropped_is_left(sentence: str, names: tuple[str, ...]) -> None:
    from gieok.write.extract.retired import retired

    assert retired(sentence) == names


def test_what_the_user_does_instead_is_the_memory() -> None:
    from gieok.write.extract.retired import without

    assert without("Dropped pottery, doing salsa on thursdays now instead", ("pottery",)) == \
        "User is doing salsa on thursdays now instead"
    assert without("User dropped calculus, taking stats instead", ("calculus",)) == \
        "User is taking stats instead"
    assert without("User quit the gym, feeling great", ("gym",)) == "User quit the gym, feeling great"
    # how the user is after it is a consequence, not what they do instead
    assert without("User stopped running, feeling much better now", ("running",)) == \
        "User stopped running, feeling much better now"
    assert without("User quit the gym, sleeping better now", ("gym",)) == \
        "User quit the gym, sleeping better now"
