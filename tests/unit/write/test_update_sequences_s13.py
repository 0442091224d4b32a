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


# -- a job said anew, by its shape ------------------------------------------------------------------
@pytest.mark.parametrize(("new", "old", "metadata"), [
    ("User is now a commercial welder at the shipyard", "User is a barista at a café in Leith",
     {"slot": "occupation", "value": "barista"}),
    ("User quit the agency, User is a freelance florist these days", "User works as a copywriter",
     None),
    ("User is a full-time bike courier now", "User manages a record shop in Deptford", None),
    ("사용자는 퇴사했다. 이제 쿠팡 data analyst이다", "사용자는 네이버에서 frontend developer로 일한다",
     {"slot": "employer", "value": "네이버"}),
    ("사용자는 이제 요가 강사로 일한다", "사용자는 회계사다", None),
    ("User's sister Hana is now a park ranger", "User's sister Hana works as a dental nurse", None),
])
def test_a_job_said_anew_with_a_change_replaces_the_old_job(
        new: str, old: str, metadata: dict[str, object] | None) -> None:
    assert _decide(new, old, metadata=metadata) is DecisionKind.SUPERSEDE


@pytest.mark.parametrize(("new", "old"), [
    ("User is also a part-time dog walker now", "User works as a paralegal"),  # a second job
    ("사용자는 주말엔 이제 카페 알바로 일한다", "사용자는 간호사다"),
    ("User is a huge Arsenal supporter now", "User works as a plumber"),  # no job
    ("User is now a morning runner", "User works as a plumber"),  # a habit
    ("User's brother is now a firefighter", "User works as a plumber"),  # someone else's job
    ("User's sister Hana is now a park ranger", "User's sister Yuri works as a dental nurse"),
    ("User is a welder at the shipyard", "User is a barista at a café"),  # no change said
])
def test_a_second_job_or_another_holders_job_replaces_nothing(new: str, old: str) -> None:
    assert _decide(new, old) is not DecisionKind.SUPERSEDE


# -- a passing complaint said to be over ---------------------------------------------------------
def _plan(new: str, old: str, *, pinned: bool = True, tags: list[str] | None = None):  # noqa: ANN202
    at, now = datetime(2026, 1, 5, tzinfo=UTC), datetime(2026, 5, 5, tzinfo=UTC)
    stored = MemoryRecord(scope=Scope(user="u"), content=old, event_time=at, created_at=at,
                          updated_at=at, tags=tags or ["health"], pinned=pinned)

    def make(c: Candidate) -> MemoryRecord:
        return MemoryRecord(scope=Scope(user="u"), content=c.content, event_time=now,
                            tags=["health"], pinned=True)

    return reconcile([Candidate(content=new, at=now, turn_ids=("t1",))], [stored],
                     make_record=make, now=now)


@pytest.mark.parametrize(("new", "old"), [
    ("사용자의 햄스터 모찌는 약 먹고 이제 괜찮다", "사용자의 햄스터 모찌가 요즘 사료를 잘 안 먹는다"),
    ("사용자의 엄마는 감기 다 나으셨다, 이제 멀쩡하시다", "사용자의 엄마가 요즘 기침을 심하게 하신다"),
    ("User's dog Biscuit is back to his old self, the vomiting has stopped",
     "User's dog Biscuit has been vomiting since Tuesday"),
    ("User's rabbit Pip is eating again", "User's rabbit Pip won't eat her pellets"),
])
def test_a_complaint_said_to_be_over_ends_and_the_recovery_is_not_pinned(new: str,
                                                                         old: str) -> None:
    plan = _plan(new, old)
    assert plan.decisions[0].kind is DecisionKind.SUPERSEDE
    assert not plan.creates[0].pinned  # a passing state is no core fact


@pytest.mark.parametrize(("new", "old"), [
    # a lasting condition is not a complaint that ends
    ("사용자의 고양이 나비는 이제 괜찮다", "사용자의 고양이 나비는 당뇨 진단을 받았다"),
    ("User's dog Biscuit is fine now", "User's dog Biscuit has epilepsy and takes phenobarbital"),
    # someone else's complaint
    ("User's dog Biscuit is fine now", "User's dad has been coughing all week"),
    ("사용자의 햄스터 모찌는 이제 괜찮다", "사용자의 햄스터 콩떡이 요즘 사료를 안 먹는다"),
    # not over
    ("User's dog Biscuit is not better yet", "User's dog Biscuit has been vomiting since Tuesday"),
])
def test_a_lasting_condition_or_another_holders_complaint_stays(new: str, old: str) -> None:
    assert _plan(new, old).decisions[0].kind is not DecisionKind.SUPERSEDE


# -- an exam passed ends its sitting and its preparation --------------------------------------------
@pytest.mark.parametrize(("new", "old"), [
    ("사용자는 컴활 1급 합격했다", "사용자는 다음 달에 컴활 1급 시험 본다"),
    ("사용자는 드디어 운전면허 시험 붙었다", "사용자는 요즘 운전면허 공부 중이다"),
    ("User passed the ACCA Financial Reporting paper", "User is studying for ACCA Financial Reporting"),
])
def test_an_exam_passed_ends_its_sitting(new: str, old: str) -> None:
    assert _decide(new, old) is DecisionKind.SUPERSEDE


@pytest.mark.parametrize(("new", "old"), [
    ("사용자는 컴활 1급 합격했다", "사용자는 토익 시험 다음 달에 본다"),  # another exam
    ("사용자의 딸이 컴활 1급 합격했다", "사용자는 다음 달에 컴활 1급 시험 본다"),  # someone else
])
def test_another_exam_or_someone_elses_pass_ends_nothing(new: str, old: str) -> None:
    assert _decide(new, old) is not DecisionKind.SUPERSEDE


def test_a_routine_said_to_go_on_is_the_same_memory() -> None:
    assert _decide("사용자는 저녁 8시 수영 계속 다니는 중이다",
                   "사용자는 매일 저녁 8시에 수영 다닌다") is not DecisionKind.ADD


# -- a relative who moved again: the move before is past -------------------------------------------
@pytest.mark.parametrize(("new", "old", "ends"), [
    ("User's grandma moved again, to sheltered housing in Truro",
     "User's grandma moved into a nursing home in Exeter", True),
    ("사용자의 이모는 이번에 광주로 이사하셨다", "사용자의 이모는 작년에 전주로 이사하셨다", True),
    ("User's brother moved to Oslo", "User's sister moved to Berlin in March", False),  # another
    ("User's grandma moved her piano into the hall", "User's grandma moved into a home in Exeter",
     False),  # no place of her own named
])
def test_a_later_move_of_the_same_relative_ends_the_one_before(new: str, old: str,
                                                               ends: bool) -> None:
    assert (_decide(new, old) is DecisionKind.SUPERSEDE) is ends


# -- a change of school; the subject word is no kind of thing -----------------------------------
def test_a_change_of_school_ends_the_school_before() -> None:
    assert _decide("사용자의 아들 도윤이 한빛초로 전학했다",
                   "사용자의 아들 도윤이 은행초 3학년이다") is DecisionKind.SUPERSEDE


def test_the_word_for_the_user_is_not_what_changed() -> None:
    # "사용자의" read by Kiwi as 사용 + 자: it named every memory of the user a thing changed
    assert _decide("사용자의 딸이 어린이집 옮겼다",
                   "사용자의 딸은 우유를 싫어한다") is DecisionKind.ADD


def test_a_diet_left_ends_a_pinned_diet_memory_stored_without_its_slot() -> None:
    at, now = datetime(2026, 1, 5, tzinfo=UTC), datetime(2026, 5, 5, tzinfo=UTC)
    stored = MemoryRecord(scope=Scope(user="u"), content="사용자는 이번 주부터 keto 시작했다",
                          event_time=at, created_at=at, updated_at=at, tags=["health"],
                          pinned=True)

    def make(c: Candidate) -> MemoryRecord:
        return MemoryRecord(scope=Scope(user="u"), content=c.content, event_time=now,
                            tags=list(c.tags), metadata={"slot": c.slot, "value": c.value})

    left = Candidate(content="사용자는 키토 식단을 그만둠", at=now, turn_ids=("t1",),
                     slot="diet", value="not keto", tags=("diet",), retires=("keto",),
                     lapse=True)
    plan = reconcile([left], [stored], make_record=make, now=now)
    assert plan.decisions[0].kind is DecisionKind.SUPERSEDE
    # a medicine is not a diet: the same lapse leaves a pinned medicine memory alone
    stored = stored.model_copy(update={"content": "사용자는 keto 시작하면서 메트포르민 먹는다",
                                       "tags": ["medication"]})
    assert not reconcile([left], [stored], make_record=make, now=now).decisions


# -- the same act done as often as another count -------------------------------------------------
@pytest.mark.parametrize(("new", "old", "ends"), [
    ("사용자의 강아지 보리는 이제 하루 세 번 나눠서 사료 준다", "사용자의 강아지 보리는 하루 두 번 사료 준다", True),
    ("User feeds Pickle three times a day now", "User feeds Pickle twice a day", True),
    ("사용자의 강아지 보리는 하루 세 번 산책시킨다", "사용자의 강아지 보리는 하루 두 번 사료 준다", False),
    ("User walks Pickle three times a day", "User feeds Pickle twice a day", False),  # another act
    ("사용자는 이제 주 4회 수영 간다", "사용자는 주 3회 헬스 간다", False),  # another activity
    ("User's son Ezra feeds the fish twice a day", "User feeds Pickle three times a day", False),
])
def test_the_same_act_done_as_often_as_another_count(new: str, old: str, ends: bool) -> None:
    assert (_decide(new, old) is DecisionKind.SUPERSEDE) is ends


# -- dates said the way a later conversation says them ---------------------------------------------
@pytest.mark.parametrize(("sentence", "value"), [
    ("my niece is turning 9 on Saturday", "2026-12-05"),  # said on a Saturday: the next one
    ("his birthday is this Friday", "2026-12-04"),  # Friday is gone this week: the one ahead
    ("I saw him this Friday", "2026-11-27"),  # the past keeps the one gone
    ("the vet wants to see her next month on the 9th", "2026-12-09"),
    ("걔 다음 달 9일에 동물병원 가요", "2026-12-09"),
    ("다다음 주 월요일에 수술이에요", "2026-12-07"),
])
def test_a_date_is_resolved_against_the_turns_today(sentence: str, value: str) -> None:
    from gieok.write.extract.timeexpr import resolve_time

    when = resolve_time(sentence, datetime(2026, 11, 28, 10, tzinfo=UTC))  # a Saturday
    assert when is not None and when.value == value
