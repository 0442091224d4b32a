"""Update sequences, session 15 (issue 16): changes said inside one conversation. A slip
fixed in the same breath keeps only the value that holds ("망원동 살아요, 아 아니다
합정동이요"); one appointment moved never ends another appointment; a birth ends the
pregnancy stored as a pinned health fact. Sentences written for these tests, in both
languages, each class with the guard that keeps another event, another holder's, or a
many-valued fact live."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok.domain.records import MemoryRecord
from gieok.domain.results import DecisionKind
from gieok.domain.scope import Scope
from gieok.write.extract.base import Candidate
from gieok.write.extract.correction import fixed_in_passing
from gieok.write.reconcile import Plan, reconcile
from tests.support.chat_extract import said


def _decide(new: str, old: str, *, preview: str | None = None, tags: list[str] | None = None,
            pinned: bool = False, slot: str | None = None) -> DecisionKind:
    at, now = datetime(2026, 1, 5, tzinfo=UTC), datetime(2026, 5, 5, tzinfo=UTC)
    stored = MemoryRecord(scope=Scope(user="u"), content=old, event_time=at, created_at=at,
                          updated_at=at, tags=tags or [], pinned=pinned, source_session="s0")

    def make(c: Candidate) -> MemoryRecord:
        return MemoryRecord(scope=Scope(user="u"), content=c.content, event_time=now,
                            tags=list(c.tags), metadata={"slot": c.slot} if c.slot else {},
                            source_session="s1", source_preview=c.preview)

    plan = reconcile([Candidate(content=new, at=now, turn_ids=("t1",), preview=preview,
                                slot=slot)], [stored], make_record=make, now=now)
    return plan.decisions[0].kind


def _plan(new: str, old: str) -> Plan:
    """The reconcile plan for one candidate ``new`` against one stored memory ``old``."""
    at, now = datetime(2026, 1, 5, tzinfo=UTC), datetime(2026, 5, 5, tzinfo=UTC)
    stored = MemoryRecord(scope=Scope(user="u"), content=old, event_time=at, created_at=at,
                          updated_at=at, source_session="s0")
    return reconcile([Candidate(content=new, at=now)], [stored], now=now,
                     make_record=lambda c: MemoryRecord(scope=Scope(user="u"), content=c.content,
                                                        event_time=now, source_session="s1"))


# -- a slip fixed in the same breath -----------------------------------------------------------------
@pytest.mark.parametrize(("text", "fixed"), [
    ("my appointment is on the 14th, no wait, the 15th", ["my appointment is on the 15th"]),
    ("I have 3 cats, sorry, 4 cats and a dog", ["I have 4 cats and a dog"]),
    ("우리 애 7살, 아니 8살이에요", ["우리 애 8살"]),
    ("강남역 근처 회사 다녀요, 아 아니다 역삼역이요", ["역삼역 근처 회사 다녀요"]),
    ("the party is Saturday, sorry, Sunday at 3", ["the party is Sunday at 3"]),
    ("I live in Boston — sorry, Cambridge, near the river", ["I live in Cambridge",
                                                             "near the river"]),
    ("연남동 살아 아 아니 연희동 ㅋㅋ 이사 온 지 한 달", ["연희동 살아", "이사 온 지 한 달"]),
])
def test_a_slip_fixed_in_passing_keeps_the_value_that_holds(text: str, fixed: list[str]) -> None:
    assert fixed_in_passing(text) == fixed


@pytest.mark.parametrize("text", [
    "I work at Google, no, I mean it is fine",  # no value of the same kind after the marker
    "그건 아니 그냥 궁금해서요",
    "나 서울 살아 아니 진짜로",
    "나 서울 살아, 아니 진짜로",
    "회사 다녀요, 아니 그냥 그렇다고요",
    "it was fine, no worries",
    "my sister Jane, sorry, she never calls",
    "3 cats, no dogs",  # "no" before a noun that is no number
])
def test_no_slip_leaves_the_sentence(text: str) -> None:
    assert fixed_in_passing(text) is None


def test_only_the_corrected_value_is_remembered() -> None:
    ko = said("신촌 살아요, 아 아니다 합정동이요 ㅋㅋ 이사 온 지 얼마 안 돼서. 근처 맛집 있어요?")
    assert any("합정" in m for m in ko) and not any("신촌" in m for m in ko)
    en = said("planning my son Leo's party. he's 6— sorry, 7, he turned 7 on Sunday")
    assert any("Leo" in m and "7" in m for m in en) and not any(" 6" in m for m in en)


# -- one event moved never ends another of its kind ------------------------------------------------------
@pytest.mark.parametrize(("new", "old"), [
    ("User's dentist appointment was moved to Friday", "User has a vet appointment for Mochi next Tuesday"),
    ("사용자의 치과 예약 금요일로 바뀌었다", "사용자는 동물병원 예약 화요일이다"),
    ("User's Lisbon trip got pushed back to June", "User is going to Porto on a trip in May"),
    ("사용자는 제주 여행 다음 달로 미뤘다", "사용자는 이번 달 20일에 부산 여행 간다"),
    ("사용자는 피부과 진료 목요일로 옮겼다", "사용자는 수요일에 안과 진료 있다"),
])
def test_a_moved_appointment_keeps_another_one(new: str, old: str) -> None:
    assert _decide(new, old) is not DecisionKind.SUPERSEDE


@pytest.mark.parametrize(("new", "old"), [
    ("User's dentist appointment was moved to Friday", "User has a dentist appointment next Tuesday"),
    ("사용자의 치과 예약 금요일로 바뀌었다", "사용자는 다음주 화요일에 치과 예약 있다"),
    ("사용자는 제주 여행 다음 달로 미뤘다", "사용자는 이번 달 20일에 제주 여행 간다"),
    ("사용자는 예약 금요일로 바뀌었다", "사용자는 화요일에 치과 예약 있다"),  # which: unsaid
])
def test_the_same_appointment_moved_ends_its_old_date(new: str, old: str) -> None:
    assert _decide(new, old) is DecisionKind.SUPERSEDE


def test_a_moved_appointment_keeps_its_name() -> None:
    plan = _plan("사용자는 미용실 예약 토요일로 옮겼다",
                 "사용자는 목요일에 미용실 간다")
    assert plan.decisions[0].kind is DecisionKind.SUPERSEDE
    assert "미용실" in plan.decisions[0].memory.content


# -- a birth ends a pinned pregnancy ---------------------------------------------------------------------
@pytest.mark.parametrize(("new", "old"), [
    ("사용자는 지난주에 아들 낳았다", "사용자는 임신 중"),
    ("사용자는 지난주에 딸 낳았다. 3.1kg다", "사용자는 임신 24주다"),
    ("User's baby was born on Monday", "User is pregnant, due in March"),
])
def test_a_birth_ends_the_pinned_pregnancy(new: str, old: str) -> None:
    assert _decide(new, old, tags=["health"], pinned=True) is DecisionKind.SUPERSEDE


@pytest.mark.parametrize(("new", "old"), [
    ("사용자의 언니가 어제 딸 낳았다", "사용자는 임신 중"),
    ("User's sister gave birth to a boy", "User is pregnant, due in March"),
])
def test_someone_elses_birth_keeps_the_pregnancy(new: str, old: str) -> None:
    assert _decide(new, old, tags=["health"], pinned=True) is not DecisionKind.SUPERSEDE


# -- a medicine switched, the new one named after the switch ----------------------------------------------
@pytest.mark.parametrize(("new", "old"), [
    ("사용자는 근육통 때문에 약 바꿨다. 이제 로수바스타틴 5mg이다", "사용자는 아토르바스타틴 10mg 먹는다"),
    ("User changed meds, on bisoprolol 5mg now", "User takes atenolol 50mg for blood pressure"),
    ("사용자는 처방 바꿨다. 이제 에스시탈로프람 10mg 먹는다", "사용자는 설트랄린 50mg 먹는다"),
])
def test_a_medicine_switched_then_named_ends_the_one_taken(new: str, old: str) -> None:
    assert _decide(new, old, tags=["medication"]) is DecisionKind.SUPERSEDE


@pytest.mark.parametrize(("new", "old"), [
    # someone else's medicine, a switch of something that is no medicine, one added
    ("사용자는 약 바꿨다. 이제 로수바스타틴 5mg이다", "사용자의 아빠는 아토르바스타틴 10mg 드신다"),
    ("사용자는 사료 바꿨다. 이제 로얄캐닌 먹인다", "사용자는 아토르바스타틴 10mg 먹는다"),
    ("User changed meds, also on bisoprolol 5mg now", "User takes atenolol 50mg for blood pressure"),
])
def test_another_holders_or_no_medicine_switch_keeps(new: str, old: str) -> None:
    assert _decide(new, old, tags=["medication"]) is not DecisionKind.SUPERSEDE


# -- a standing request reversed --------------------------------------------------------------------------------
def _rule(content: str, at: datetime) -> MemoryRecord:
    from gieok.domain.records import MemoryType

    return MemoryRecord(scope=Scope(user="u"), content=content, event_time=at, created_at=at,
                        updated_at=at, type=MemoryType.RULE, tags=["rule"], source_session="s0")


@pytest.mark.parametrize(("new", "old", "ends"), [
    ("사용자 요청: 다시 존댓말로 해 주세요", "사용자 요청: 항상 반말로 할 것", True),
    ("Always answer formally, please", "Always talk to the user casually", True),
    ("Always give the user detailed answers, step by step", "Always keep answers short", True),
    ("사용자 요청: 이제 한국어로 답해 줘", "Always answer in English", True),
    ("사용자 요청: 이모지 빼고 답해 줘", "사용자 요청: 답할 때 이모지 많이 써 줘", True),
    # another axis, or the same pole said again, ends nothing
    ("사용자 요청: 항상 답은 짧게 할 것", "사용자 요청: 항상 반말로 할 것", False),
    ("사용자 요청: 계속 반말로 해 줘", "사용자 요청: 항상 반말로 할 것", False),
    ("사용자 요청: 존댓말로 하되 짧게", "사용자 요청: 항상 반말로 하고 길게 설명할 것", True),
])
def test_a_request_reversed_ends_the_older_one(new: str, old: str, ends: bool) -> None:
    from gieok.write.styles import reversed_requests

    at, now = datetime(2026, 1, 5, tzinfo=UTC), datetime(2026, 5, 5, tzinfo=UTC)
    assert bool(reversed_requests(_rule(new, now), [_rule(old, at)], set())) is ends


def test_a_fact_never_reverses_a_request() -> None:
    from gieok.write.styles import reversed_requests

    at, now = datetime(2026, 1, 5, tzinfo=UTC), datetime(2026, 5, 5, tzinfo=UTC)
    fact = MemoryRecord(scope=Scope(user="u"), content="사용자는 상사에게 존댓말을 쓴다",
                        event_time=now, source_session="s1")
    assert reversed_requests(fact, [_rule("사용자 요청: 항상 반말로 할 것", at)], set()) == []


# -- an exam's score came back: the sitting is over ------------------------------------------------------------
@pytest.mark.parametrize(("new", "old"), [
    ("사용자는 토익 875 나온다. 이제 오픽 준비한다", "사용자는 다음 달에 토익 본다. 목표 850이다"),
    ("User got 7.5 on IELTS, finally", "User is sitting IELTS in March, studying every night"),
    ("사용자는 한국사 1급 받았다", "사용자는 한국사 시험 준비한다"),
])
def test_a_score_ends_the_exam_ahead(new: str, old: str) -> None:
    assert _decide(new, old) is DecisionKind.SUPERSEDE


@pytest.mark.parametrize(("new", "old"), [
    ("사용자는 토익 875 나온다", "사용자는 다음 달에 JLPT 본다"),  # another exam
    ("User got 7.5 on IELTS", "User's daughter is sitting IELTS in March"),  # another holder
    ("사용자는 토익 875 나온다", "사용자는 매주 토요일 토익 스터디 한다"),  # a study group goes on
])
def test_a_score_keeps_another_exam(new: str, old: str) -> None:
    assert _decide(new, old) is not DecisionKind.SUPERSEDE


# -- an event moved: its memory, and what it ends ---------------------------------------------------------------
@pytest.mark.parametrize(("text", "memory"), [
    ("이사 날짜가 12월 둘째 주로 밀렸어요", "사용자의 이사 날짜가 12월 둘째 주로 밀렸다"),
    ("엄마 수술 날짜가 다음 주 화요일로 당겨졌어", "사용자의 엄마 수술 날짜가 다음 주 화요일로 당겨졌다"),
    ("the dentist appointment got moved to Friday", "User's dentist appointment was moved to Friday"),
    ("our flight got pushed back to Sunday, ugh", "User's flight was pushed back to Sunday"),
    ("my dad's knee surgery has been postponed till March", "User's dad's knee surgery was postponed to March"),
])
def test_an_event_moved_is_remembered(text: str, memory: str) -> None:
    from gieok.write.extract.shift import moved_event

    assert moved_event(text) == memory


@pytest.mark.parametrize("text", [
    "might the meeting be moved to Monday?",
    "이사 날짜 12월로 밀릴 수도 있어요",
    "회의 목요일로 미뤄질까요?",
    "if the flight gets pushed back to Sunday I'll miss it",
])
def test_an_event_that_may_move_is_no_change(text: str) -> None:
    from gieok.write.extract.shift import moved_event

    assert moved_event(text) is None


def test_an_event_moved_is_kept_from_the_turn() -> None:
    assert said("the dentist appointment got moved to Friday") == [
        "User's dentist appointment was moved to Friday"]


@pytest.mark.parametrize(("new", "old", "ends"), [
    ("사용자의 이사 날짜가 12월 둘째 주로 밀렸다", "사용자는 11월 말에 이사한다", True),
    ("사용자의 이사 날짜가 12월 둘째 주로 밀렸다", "사용자는 11월 말에 결혼식 한다", False),
    # "둘째 주" is a week, not the second child: the holder is the user
    ("사용자의 수영 강습 날짜가 셋째 주로 바뀌었다", "사용자의 둘째는 수영 강습 다닌다", False),
])
def test_a_week_of_the_month_is_no_child(new: str, old: str, ends: bool) -> None:
    assert (_decide(new, old) is DecisionKind.SUPERSEDE) is ends


def test_an_event_said_by_its_last_syllable_is_named_in_full() -> None:
    plan = _plan("사용자는 일정 때문에 식을 내년 4월로 미뤘다",
                 "사용자는 결혼식 10월 17일로 잡았다")
    assert plan.decisions[0].kind is DecisionKind.SUPERSEDE
    assert plan.decisions[0].memory.content == "사용자는 일정 때문에 결혼식을 내년 4월로 미뤘다"


# -- an animal taken by a predator ---------------------------------------------------------------------------
def test_an_animal_taken_by_a_fox_ends_what_is_said_of_it() -> None:
    assert _decide("A fox got Dash last night, User's other hen Dot is on her own now",
                   "User's hen Dash lays every day") is DecisionKind.SUPERSEDE
    assert _decide("A fox got Dash last night", "User's hen Pip lays every day") \
        is not DecisionKind.SUPERSEDE


def test_the_medicine_switched_from_is_named_for_the_archive() -> None:
    # the session end dates the archived turns naming it past (``names`` in the audit details)
    plan = _plan("사용자는 약 바꿨다. 이제 로수바스타틴 5mg이다",
                 "사용자는 아토르바스타틴 10mg 먹는다")
    assert plan.decisions[0].kind is DecisionKind.SUPERSEDE
    assert plan.changes[0].details.get("names") == ["아토르바스타틴"]


# -- a day's instance of a routine, with a short remark on how it went ---------------------------------------
@pytest.mark.parametrize(("new", "old"), [
    ("사용자는 오늘도 여섯 시 수영 다녀왔다. 접영 드디어 25m 성공이다", "사용자는 매일 새벽 여섯 시에 구민체육센터 수영 간다"),
    ("User went swimming at 6 again today. Finally did 40 lengths", "User goes swimming at 6 every morning"),
])
def test_an_instance_with_a_remark_is_the_routine_again(new: str, old: str) -> None:
    assert _decide(new, old) is DecisionKind.MERGE


@pytest.mark.parametrize("new", [
    "사용자는 오늘도 여섯 시 수영 다녀왔다. 엄마는 요가 시작했다",  # someone else's news
    "사용자는 오늘도 여섯 시 수영 다녀왔다. 다음 주부터 저녁반으로 바꿨다",  # a change
    "사용자는 오늘도 여섯 시 수영 다녀왔다. 다음 달부터 회사 근처 헬스장으로 옮겨서 저녁에 운동할 예정이다",
])
def test_an_instance_with_news_keeps_the_news(new: str) -> None:
    assert _decide(new, "사용자는 매일 새벽 여섯 시에 구민체육센터 수영 간다") is not DecisionKind.MERGE
