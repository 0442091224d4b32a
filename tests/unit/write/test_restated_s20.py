"""Restatements, session 20 (issue 16): one fact said again in a later conversation in other words
stays one memory — the relation said another way ("gives me hives" for an allergy, "don't eat
meat" for a meat-free diet), a word that only reaffirms it ("계속", "still", "btw"), the fact
opening a sentence that goes on about something around it. Sentences written for these tests, in
both languages; each class beside look-alikes that are another fact and must stay their own."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok.domain.records import MemoryRecord
from gieok.domain.results import DecisionKind
from gieok.domain.scope import Scope
from gieok.write.extract.base import Candidate
from gieok.write.reconcile import reconcile
from gieok.write.said_otherwise import opening_said_otherwise, said_otherwise


def _decide(new: str, old: str) -> DecisionKind:
    at, now = datetime(2026, 1, 5, tzinfo=UTC), datetime(2026, 5, 5, tzinfo=UTC)
    stored = MemoryRecord(scope=Scope(user="u"), content=old, event_time=at, created_at=at,
                          updated_at=at, source_session="s0")

    def make(c: Candidate) -> MemoryRecord:
        return MemoryRecord(scope=Scope(user="u"), content=c.content, event_time=now,
                            source_session="s1", source_preview=c.preview)

    plan = reconcile([Candidate(content=new, at=now, turn_ids=("t1",), preview=new)],
                     [stored], make_record=make, now=now)
    return plan.decisions[0].kind


@pytest.mark.parametrize(("new", "old"), [
    ("Penicillin gives the user hives btw", "User is allergic to penicillin"),
    ("Shellfish makes the user break out in hives", "User has a shellfish allergy"),
    ("User doesn't eat meat", "User is vegetarian"),
    ("User doesn't eat meat", "User has been vegan for two years"),
    ("사용자는 고기 안 먹는다", "사용자는 채식주의자다"),
    ("사용자는 땅콩 먹으면 두드러기 난다", "사용자는 땅콩 알레르기 있다"),
    ("사용자의 엄마는 프롤리아는 계속 맞으신다", "사용자의 엄마가 골다공증 주사 맞으시는데 프롤리아다"),
    ("User still swims at the YMCA btw", "User swims at the YMCA"),
    ("사용자는 수마트립탄 복용 중 (처방)", "사용자는 수마트립탄 처방받아서 먹어 50mg다"),
    ("User is on metformin", "User takes metformin 500mg twice a day"),
    ("사용자의 직업은 번역가", "사용자는 번역가 일을 한다"),
    ("User works as a nurse", "User's job is a nurse at St Mary's"),
])
def test_a_fact_said_otherwise_is_the_same_fact(new: str, old: str) -> None:
    assert said_otherwise(new, old)
    assert _decide(new, old) is DecisionKind.MERGE


@pytest.mark.parametrize(("new", "old"), [
    ("Penicillin gives the user hives", "User takes penicillin for a chest infection"),
    ("User takes penicillin", "User is allergic to penicillin"),
    ("User is allergic to amoxicillin", "User is allergic to penicillin"),
    ("User's wife doesn't eat meat", "User is vegetarian"),
    ("User doesn't eat meat on weekdays", "User is vegetarian"),
    ("User still eats meat", "User is vegetarian"),
    ("User's son 시우 outgrew the milk allergy", "User's son 시우 is allergic to eggs, 그리고 milk도"),
    ("사용자는 엄마는 계속 걱정하신다", "사용자의 엄마가 골다공증 주사 맞으시는데 프롤리아다"),
    ("사용자는 새우 먹으면 두드러기 난다", "사용자는 땅콩 알레르기 있다"),
    ("User still", "User is vegetarian"),
    ("사용자는 타이레놀 먹는다", "사용자는 수마트립탄 먹는다"),
    ("사용자는 고기 먹는다", "사용자는 채식한다"),
    ("User works at Google", "User works as an engineer"),
    ("사용자는 아침 공복에 먹는다", "사용자는 갑상선 저하증 진단받고 씬지로이드 먹은 지 3개월 됐다"),
])
def test_another_fact_is_not_said_otherwise(new: str, old: str) -> None:
    assert not said_otherwise(new, old)
    assert _decide(new, old) is not DecisionKind.MERGE


def test_a_relation_of_someone_else_is_not_said_otherwise() -> None:
    assert not said_otherwise("User takes metformin", "User's dad takes metformin")
    assert not said_otherwise("User doesn't eat meat", "User's wife is vegetarian")


@pytest.mark.parametrize(("new", "old"), [
    ("Penicillin gives the user hives btw so the GP gave the user clarithromycin for this chest "
     "thing", "User is allergic to penicillin"),
    ("사용자는 매일 새벽 여섯 시에 구민체육센터 수영 가는데 겨울이라 머리 말리기가 힘들다",
     "사용자는 매일 새벽 여섯 시에 구민체육센터 수영 간다"),
])
def test_a_fact_opening_a_sentence_about_its_moment_is_the_same_fact(new: str, old: str) -> None:
    assert opening_said_otherwise(new, old)
    assert _decide(new, old) is DecisionKind.MERGE


@pytest.mark.parametrize(("new", "old"), [
    ("Penicillin gives the user hives, and sulfa drugs too", "User is allergic to penicillin"),
    ("Penicillin gives the user hives, also amoxicillin", "User is allergic to penicillin"),
    ("Penicillin gives the user hives but latex gives the user a rash",
     "User is allergic to penicillin"),
    ("User swims at the YMCA", "User swims at the YMCA on Tuesdays"),  # (says less: whole text)
])
def test_an_opening_followed_by_another_thing_is_not_folded(new: str, old: str) -> None:
    assert not opening_said_otherwise(new, old)


# -- a passing health state said to be over ---------------------------------------------------------
def _plan(new: str, olds: list[str]):
    at, now = datetime(2026, 1, 5, tzinfo=UTC), datetime(2026, 5, 5, tzinfo=UTC)
    stored = [MemoryRecord(scope=Scope(user="u"), content=o, event_time=at, created_at=at,
                           updated_at=at, source_session="s0", pinned=True, tags=["health"])
              for o in olds]

    def make(c: Candidate) -> MemoryRecord:
        return MemoryRecord(scope=Scope(user="u"), content=c.content, event_time=now,
                            source_session="s1", source_preview=c.preview, pinned=True,
                            tags=["health"])

    return reconcile([Candidate(content=new, at=now, turn_ids=("t1",), preview=new)],
                     stored, make_record=make, now=now)


@pytest.mark.parametrize(("new", "old"), [
    ("User's cat Mango's sensitivity is under control", "User's cat Mango has been throwing up a lot"),
    ("User's cat Mango is all better, no more vomiting", "User's cat Mango has been throwing up a lot"),
    ("사용자의 강아지 보리 피부염 다 나았다", "사용자의 강아지 보리가 요즘 피부염 때문에 약 먹고 있다"),
    ("User's ankle is all healed, back to running", "User sprained their ankle last week"),
    ("사용자의 아들 감기 다 나았다", "사용자의 아들이 감기에 걸려서 유치원 못 간다"),
])
def test_a_passing_state_said_over_ends_it(new: str, old: str) -> None:
    plan = _plan(new, [old])
    assert plan.decisions[0].kind is DecisionKind.SUPERSEDE
    assert plan.changes[0].before.content == old and plan.changes[0].after.valid_to is not None
    assert not plan.creates[0].pinned  # the news, not a fact that always applies


@pytest.mark.parametrize(("new", "old"), [
    ("User's cat Mango's vomiting isn't under control yet", "User's cat Mango has been throwing up a lot"),
    ("Hopefully Mango is all better soon", "User's cat Mango has been throwing up a lot"),
    ("Is Mango all better now?", "User's cat Mango has been throwing up a lot"),
    ("사용자의 강아지 보리 피부염 아직 안 나았다", "사용자의 강아지 보리가 요즘 피부염 때문에 약 먹고 있다"),
    ("User's cat Mango is all better", "User's cat Mango has diabetes and has been throwing up"),
    ("User's cat Mango's ear infection cleared up", "User's cat Mango has been throwing up a lot"),
    ("User's son's cold is all better", "User has a cold and a sore throat"),
    ("User's dog Bori is all better", "User's cat Mango has been throwing up a lot"),
    ("User's back is all better", "User sprained their ankle last week"),
    ("User's son is allergic to milk but the rash cleared up", "User's son is allergic to milk"),
])
def test_another_state_or_one_not_over_stays(new: str, old: str) -> None:
    plan = _plan(new, [old])
    assert all(ch.after.valid_to is None for ch in plan.changes)


@pytest.mark.parametrize(("sentence", "alone"), [
    ("ankle's all healed, back to running", True),
    ("보리 피부염 다 나았어", True),
    ("hope my ankle heals soon", False),
    ("is it healed yet?", False),
    ("아직 안 나았어", False),
])
def test_a_state_over_said_alone_is_a_change(sentence: str, alone: bool) -> None:
    from gieok.write.extract.said_alone import changed_alone
    assert changed_alone(sentence) is alone


# -- an English change given as a bare answer to "still X?" ----------------------------------------
@pytest.mark.parametrize(("question", "answer", "whole"), [
    ("still using Uber Eats?", "nah, Deliveroo now", "I switched from Uber Eats to Deliveroo"),
    ("Sure — are you still in Belfast?", "nope, Derry since the 1st",
     "I moved from Belfast to Derry"),
    ("How's life at Grindhouse?", "nah, Deliveroo now, better hours",
     "I left Grindhouse, I work at Deliveroo now"),
    ("are you still with Monzo?", "no, I'm with Starling now",
     "I switched from Monzo to Starling"),
])
def test_a_no_with_a_new_name_says_the_change_whole(question: str, answer: str,
                                                    whole: str) -> None:
    from gieok.write.extract.asked_change import carried
    assert carried(answer, question) == whole


@pytest.mark.parametrize(("question", "answer"), [
    ("still using Uber Eats?", "yep, still"),
    ("still using Uber Eats?", "nah, nothing changed"),
    ("still cooking?", "nope, Deliveroo now"),
    ("are you still in Belfast?", "no, Belfast is great"),
    ("are you still in Belfast?", "No, I love it here"),
    ("Do you like Deliveroo?", "nah, Uber Eats"),
])
def test_a_yes_or_no_new_name_or_no_value_asked_carries_nothing(question: str,
                                                                answer: str) -> None:
    from gieok.write.extract.asked_change import carried
    assert carried(answer, question) is None


def test_a_fuller_wording_updates_a_memory_but_never_a_slots_words() -> None:
    # "사용자는 비타민D 복용 중 (영양제)" holds medication:비타민D — its words are what a later
    # "비타민D 끊었어" is matched on, so a fuller restatement beside it stays its own memory
    at, now = datetime(2026, 1, 5, tzinfo=UTC), datetime(2026, 5, 5, tzinfo=UTC)

    def run(old: str, new: str, slot: str | None) -> DecisionKind:
        stored = MemoryRecord(scope=Scope(user="u"), content=old, event_time=at, created_at=at,
                              updated_at=at, source_session="s0",
                              metadata={"slot": slot} if slot else {})
        plan = reconcile([Candidate(content=new, at=now, turn_ids=("t1",), preview=new)],
                         [stored], make_record=lambda c: MemoryRecord(
                             scope=Scope(user="u"), content=c.content, event_time=now,
                             source_session="s1"), now=now)
        return plan.decisions[0].kind

    fuller = "사용자는 수마트립탄 처방받아서 먹어 50mg다"
    assert run("사용자는 수마트립탄 복용 중 (처방)", fuller, None) is DecisionKind.UPDATE
    assert run("사용자는 수마트립탄 복용 중 (처방)", fuller, "medication:수마트립탄") is DecisionKind.ADD


@pytest.mark.parametrize(("new", "old"), [
    ("User's son is allergic to penicillin", "User is allergic to penicillin"),
    ("User's wife is vegetarian", "User is vegetarian"),
])
def test_someone_elses_fact_never_rewrites_the_users(new: str, old: str) -> None:
    # both were an UPDATE: the user's own allergy or diet became the son's or the wife's
    assert _decide(new, old) is DecisionKind.ADD
