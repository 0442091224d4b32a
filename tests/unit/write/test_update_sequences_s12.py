"""Update sequences, session 12 (issue 16): a later session says a state ENDED (someone
died, a thing given up, scrapped, cancelled, rehomed) or was REPLACED ("only X now", a
liking reversed, "X is now Y", a stage that follows), and the memory it ends must not stay
current. Sentences written for these tests, in both languages, each class with the guard
that keeps a many-valued or unrelated memory live."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok.domain.records import MemoryRecord
from gieok.domain.results import DecisionKind
from gieok.domain.scope import Scope
from gieok.write.extract.base import Candidate
from gieok.write.extract.new_value import new_value, replaced
from gieok.write.extract.retired import retired
from gieok.write.extract.shift import shifts, stages
from gieok.write.reconcile import reconcile


def _decide(new: str, old: str, *, tags: list[str] | None = None,
            pinned: bool = False) -> DecisionKind:
    at, now = datetime(2026, 1, 5, tzinfo=UTC), datetime(2026, 5, 5, tzinfo=UTC)
    stored = MemoryRecord(scope=Scope(user="u"), content=old, event_time=at, created_at=at,
                          updated_at=at, tags=tags or [], pinned=pinned)

    def make(c: Candidate) -> MemoryRecord:
        return MemoryRecord(scope=Scope(user="u"), content=c.content, event_time=now)

    plan = reconcile([Candidate(content=new, at=now, turn_ids=("t1",))], [stored],
                     make_record=make, now=now)
    return plan.decisions[0].kind


@pytest.mark.parametrize(("content", "kind", "anchor"), [
    ("사용자의 고양이 두부가 지난주에 하늘나라로 갔다", "died", "두부"),
    ("Our old beagle Waffles passed away on Sunday", "died", "Waffles"),
    ("사용자는 무릎 때문에 이제 자전거만 탄다", "only", "자전거"),
    ("User only drinks green tea now", "only", "green tea"),
    ("사용자는 요즘 고수에 완전 빠졌다", "liking", "고수"),
    ("User really can't stand olives", "liking", "olives"),
    ("Change of plans, the reunion is now in Lisbon", "replaced", "reunion"),
    ("사용자는 최애 바뀜, 이제 카리나다", "replaced", "최애"),
])
def test_the_state_a_sentence_ends_and_its_anchor(content: str, kind: str, anchor: str) -> None:
    assert any(s.kind == kind and s.anchor == anchor for s in shifts(content))


@pytest.mark.parametrize("content", [
    "사용자의 고양이 두부는 츄르를 좋아한다",  # no change said
    "I almost died laughing at the movie",  # a figure of speech
    "User's job is now stressful",  # a state, not a value replaced
])
def test_no_ended_state_is_read_where_none_is_said(content: str) -> None:
    assert [s for s in shifts(content) if s.kind in ("died", "only", "replaced")] == []


@pytest.mark.parametrize(("sentence", "name"), [
    ("we had to rehome Pip last month", "Pip"),
    ("I moved out of Hackney in June", "Hackney"),
    ("넷플릭스 해지했어요. 볼 게 없어서", "넷플릭스"),
    ("소주 아예 끊었어. 건강검진 결과가 안 좋아서", "소주"),
    ("모닝 폐차하고 자전거로 출근해요", "모닝"),
])
def test_what_the_user_ended_is_named(sentence: str, name: str) -> None:
    assert name in retired(sentence)


def test_someone_who_died_leaves_every_memory_about_them_past() -> None:
    assert _decide("사용자의 고양이 두부가 지난주에 하늘나라로 갔다",
                   "사용자의 고양이 두부는 츄르를 좋아한다") is DecisionKind.SUPERSEDE
    assert _decide("Waffles passed away on Sunday",
                   "User's beagle Waffles takes carprofen daily",
                   tags=["medication"]) is DecisionKind.SUPERSEDE
    # another pet is another life
    assert _decide("사용자의 고양이 두부가 지난주에 하늘나라로 갔다",
                   "사용자의 강아지 보리는 산책을 좋아한다") is DecisionKind.ADD


def test_only_one_thing_now_ends_the_routine_of_the_same_act() -> None:
    assert _decide("사용자는 허리 다쳐서 요즘은 요가만 한다",
                   "사용자는 주 2회 배드민턴 한다") is DecisionKind.SUPERSEDE
    assert _decide("User only drinks green tea now",
                   "User drinks two lattes every day") is DecisionKind.SUPERSEDE
    # no routine of that act: kept; an allergy is never ended by what the user does now
    assert _decide("사용자는 허리 다쳐서 요즘은 요가만 한다",
                   "사용자는 회사 다닌다") is DecisionKind.ADD
    assert _decide("User only drinks green tea now", "User is allergic to milk and drinks "
                   "oat lattes every day", tags=["allergy"]) is DecisionKind.ADD
    # "started X" without only/now-not adds without ending the other
    assert _decide("사용자는 요가 시작했다", "사용자는 주 2회 배드민턴 한다") is DecisionKind.ADD


def test_a_liking_reversed_ends_the_opposite_one_of_the_same_thing() -> None:
    assert _decide("사용자는 요즘 고수에 완전 빠졌다. 입맛이 바뀌었나 보다",
                   "사용자는 고수를 진짜 싫어한다") is DecisionKind.SUPERSEDE
    assert _decide("User is really into olives now", "User hates olives") is \
        DecisionKind.SUPERSEDE
    # two likes, or a dislike of another thing, are many-valued: both stay
    assert _decide("User loves pickles", "User hates olives") is DecisionKind.ADD
    assert _decide("사용자는 순대를 좋아한다", "사용자는 떡볶이를 좋아한다") is DecisionKind.ADD


def test_a_value_said_to_be_now_another_replaces_the_old_one() -> None:
    assert _decide("Change of plans, the reunion is now in Lisbon",
                   "User's reunion trip is planned for Porto in May") is DecisionKind.SUPERSEDE
    assert _decide("사용자는 최애 바뀜, 이제 카리나다", "사용자의 최애는 윈터다") is \
        DecisionKind.SUPERSEDE
    # the new value stated already: no change; another noun: kept
    assert _decide("Change of plans, the reunion is now in Lisbon",
                   "User's book club meets in Lisbon") is DecisionKind.ADD


def test_a_stage_that_follows_ends_the_one_before() -> None:
    assert stages("User defended their thesis and starts a postdoc in Leiden")
    assert _decide("User defended their thesis and starts a postdoc in Leiden",
                   "User is a PhD student at Utrecht") is DecisionKind.SUPERSEDE
    assert _decide("User's son Noah was born on June 2", "User is pregnant, due in June") is \
        DecisionKind.SUPERSEDE
    # someone else's stage ends nothing of the user's sister
    assert _decide("User's son Noah was born on June 2",
                   "User's sister is pregnant with twins") is DecisionKind.ADD


def test_a_moved_appointment_names_the_appointment_not_the_day() -> None:
    said = new_value("사용자는 치과 예약 금요일로 바꿨다. 월요일에 출장이 생겼다")
    assert said is not None and said.value == "금요일" and "예약" in said.things
    assert replaced("사용자는 다음 주 월요일에 치과 예약 있다", said)
    assert not replaced("사용자는 매주 월요일에 필라테스 간다", said)


def test_retiring_ends_the_job_of_the_one_who_retired() -> None:
    assert _decide("User retired from teaching in June", "User works as a chemistry teacher "
                   "at Hillcrest High") is DecisionKind.SUPERSEDE
    assert _decide("사용자는 올해 정년퇴직했다", "사용자는 구청에서 일한다") is DecisionKind.SUPERSEDE
    # a retired animal, or a relative who retired, ends no job of the user's
    assert _decide("User adopted a retired racing greyhound",
                   "User works as a chemistry teacher at Hillcrest High") is DecisionKind.ADD
    assert _decide("User's dad retired last year", "User works as a chemistry teacher "
                   "at Hillcrest High") is DecisionKind.ADD


@pytest.mark.parametrize(("sentence", "name"), [
    ("맥주 끊은 지 석 달 됐어요", "맥주"),
    ("수영 이제 안 다녀요. 시간이 없어서", "수영"),
])
def test_a_thing_said_first_then_that_it_is_over(sentence: str, name: str) -> None:
    assert name in retired(sentence)


def test_the_same_frame_said_now_with_another_value_replaces_the_old() -> None:
    assert _decide("These days User writes drafts in Scrivener",
                   "User writes drafts in Word") is DecisionKind.SUPERSEDE
    assert _decide("사용자는 요즘은 자전거로 출근한다", "사용자는 지하철로 출근한다") is \
        DecisionKind.SUPERSEDE
    assert _decide("User's new phone is a Galaxy S24", "User's phone is an iPhone 12") is \
        DecisionKind.SUPERSEDE
    # no "now": two facts; a like said now is one more like; another act entirely: kept
    assert _decide("User writes drafts in Scrivener", "User writes drafts in Word") is \
        DecisionKind.ADD
    assert _decide("User likes jazz now", "User likes rock") is DecisionKind.ADD
    assert _decide("사용자는 이제 매일 6시에 일어난다", "사용자는 매일 6시에 헬스 간다") is \
        DecisionKind.ADD


def test_a_relative_who_moved_no_longer_lives_where_they_did() -> None:
    assert _decide("User's grandma moved into a care home in Leeds",
                   "User's grandma lives alone in York") is DecisionKind.SUPERSEDE
    assert _decide("사용자의 동생이 부산으로 이사했다", "사용자의 동생은 대구에 산다") is \
        DecisionKind.SUPERSEDE
    # another relative's home is theirs
    assert _decide("User's grandma moved into a care home in Leeds",
                   "User's brother lives in York") is DecisionKind.ADD


def test_single_then_seeing_someone_and_pulling_out() -> None:
    assert _decide("User is seeing someone now, his name is Tomas", "User is single") is \
        DecisionKind.SUPERSEDE
    assert "the Lisbon half marathon" in retired("I pulled out of the Lisbon half marathon") \
        or "Lisbon" in " ".join(retired("I pulled out of the Lisbon half marathon"))
    assert "요가" in retired("요즘 요가 안 가요. 바빠서")


def test_a_promotion_ends_the_title_before_it() -> None:
    assert _decide("User got promoted to staff engineer at Stripe",
                   "User is a senior engineer at Stripe") is DecisionKind.SUPERSEDE
    assert _decide("사용자는 이번에 차장으로 승진했다", "사용자의 직업은 과장") is \
        DecisionKind.SUPERSEDE
    # the user's partner's promotion is not the user's
    assert _decide("User's wife got promoted to partner", "User is a senior engineer at "
                   "Stripe") is DecisionKind.ADD
    # "요즘" says the value holds now: the same frame with another amount replaces it
    assert _decide("사용자는 요즘 매일 물 3리터 마신다", "사용자는 매일 물 2리터 마신다") is \
        DecisionKind.SUPERSEDE


def test_a_hyphenated_shift_is_the_shift_a_change_names() -> None:
    from gieok.write.extract import changes

    said = changes.change("User switched to evening shifts in March")
    assert said is not None
    old = "User is a day-shift pharmacist at Boots in Derby"
    assert changes.replaced(old, said)
    assert changes.narrowed(old, said) == "User is a pharmacist at Boots in Derby"
    # a shift of another job the user does too is not named: "also" adds
    assert changes.change("User also picks up evening shifts at the bar") is None
