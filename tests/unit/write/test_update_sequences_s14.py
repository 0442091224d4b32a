"""Update sequences, session 14 (issue 16): one fact said again in other words stays one
memory — a day's instance of a routine ("오늘도 아침 요가 완료" after "매일 아침 yoga"), how
long it has held ("수영 4년째"), a loanword spelt in the other script, a slot whose value kept
a trailing clause — and a state said to be over ends the memory that states it. Sentences
written for these tests, in both languages, each class with the guard that keeps another
fact, another holder's, or a many-valued one live."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok.domain.records import MemoryRecord
from gieok.domain.results import DecisionKind
from gieok.domain.scope import Scope
from gieok.write.extract.base import Candidate
from gieok.write.likeness import same_across, slot_head
from gieok.write.reconcile import reconcile
from gieok.write.repeated import said_once_more


def _decide(new: str, old: str, *, preview: str | None = None, tags: list[str] | None = None,
            pinned: bool = False, metadata: dict[str, object] | None = None,
            slot: str | None = None, new_tags: tuple[str, ...] = ()) -> DecisionKind:
    at, now = datetime(2026, 1, 5, tzinfo=UTC), datetime(2026, 5, 5, tzinfo=UTC)
    stored = MemoryRecord(scope=Scope(user="u"), content=old, event_time=at, created_at=at,
                          updated_at=at, tags=tags or [], pinned=pinned,
                          metadata=metadata or {}, source_session="s0")

    def make(c: Candidate) -> MemoryRecord:
        return MemoryRecord(scope=Scope(user="u"), content=c.content, event_time=now,
                            tags=list(c.tags), metadata={"slot": c.slot} if c.slot else {},
                            source_session="s1")

    plan = reconcile([Candidate(content=new, at=now, turn_ids=("t1",), preview=preview,
                                slot=slot, tags=new_tags)],
                     [stored], make_record=make, now=now)
    return plan.decisions[0].kind


# -- one word in two scripts ------------------------------------------------------------------------
@pytest.mark.parametrize(("korean", "latin"), [
    ("요가", "yoga"), ("필라테스", "pilates"), ("테니스", "tennis"), ("바이올린", "violin"),
    ("와인", "wine"), ("포터리", "pottery"),
])
def test_a_loanword_in_either_script_is_one_word(korean: str, latin: str) -> None:
    assert same_across(korean, latin)


@pytest.mark.parametrize(("korean", "latin"), [
    ("수영", "swim"), ("요리", "yoga"), ("가구", "gogo"), ("도예", "pottery"), ("수업", "swap"),
])
def test_words_that_only_look_alike_are_two(korean: str, latin: str) -> None:
    assert not same_across(korean, latin)


# -- a day's instance of a routine, how long it has held --------------------------------------------
@pytest.mark.parametrize(("new", "old"), [
    ("사용자는 오늘도 저녁 필라테스 50분 완료다", "사용자는 매일 저녁 pilates 50분 한다"),
    ("사용자는 저녁 8시 러닝 3년째다", "사용자는 매일 저녁 8시에 러닝한다"),
    ("User did the 7am spin class again today", "User does the 7am spin class every Tuesday"),
    ("User has played the violin for 12 years", "User plays the violin in a community orchestra"),
    ("사용자는 오늘 토요일이라 테니스 레슨 다녀왔다", "사용자는 매주 토요일 tennis 레슨 받는다"),
])
def test_an_instance_or_a_duration_says_the_fact_again(new: str, old: str) -> None:
    assert said_once_more(new, old)
    assert _decide(new, old) is DecisionKind.MERGE


@pytest.mark.parametrize(("new", "old"), [
    ("사용자는 오늘 저녁 필라테스 처음 했다", "사용자는 매일 저녁 요가 한다"),  # another activity
    ("User did a 10k run today", "User does the 7am spin class every Tuesday"),
    ("사용자는 오늘 아침 요가 안 했다", "사용자는 매일 아침 요가 한다"),  # not done
    ("User's brother has played the violin for 3 years", "User plays the violin"),  # another holder
    ("사용자는 오늘 요가 20분 했다", "사용자는 요가 좋아한다"),  # a liking is no routine
])
def test_another_act_or_holder_is_not_said_again(new: str, old: str) -> None:
    assert _decide(new, old) is not DecisionKind.MERGE


# -- a slot whose value kept a clause ----------------------------------------------------------------
def test_a_slot_is_compared_without_its_trailing_clause() -> None:
    assert slot_head("allergy:latex, the nurse checked today") == "allergy:latex"
    assert slot_head("pref:coffee ice cream") == "pref:coffee ice cream"
    kind = _decide("User is allergic to latex, the nurse checked again today",
                   "User is allergic to latex, so", tags=["allergy", "health"], pinned=True,
                   metadata={"slot": "allergy:latex, so"},
                   slot="allergy:latex, the nurse checked again today",
                   new_tags=("allergy", "health"))
    assert kind in (DecisionKind.MERGE, DecisionKind.UPDATE)


def test_another_allergy_is_another_fact() -> None:
    kind = _decide("User is allergic to peanuts, the nurse checked today",
                   "User is allergic to latex, so", tags=["allergy", "health"], pinned=True,
                   metadata={"slot": "allergy:latex, so"},
                   slot="allergy:peanuts, the nurse checked today", new_tags=("allergy", "health"))
    assert kind is DecisionKind.ADD
