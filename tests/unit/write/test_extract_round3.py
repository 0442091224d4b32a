"""Round 3's general rules (issue 16), on fresh sentences: what is a statement worth keeping,
how Korean is read, which slot a sentence fills."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from gieok.write.extract import discourse, followup, generic, korean
from gieok.write.extract.coref import Entities
from gieok.write.extract.heuristic import HeuristicExtractor
from gieok.write.extract.timeexpr import resolve_time


AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def said(chat_extract: Any) -> Callable[..., list[str]]:
    """One ``add`` per message, as a chat app sends them: each sees the earlier ones
    (``tests/support/chat_extract.py``)."""
    return lambda *turns: chat_extract.contents(*turns, at=AT)  # type: ignore[no-any-return]


@pytest.mark.parametrize("text", [
    "퇴근하고 마트 갔는데 사람이 너무 많아서 힘들었어요",
    "The concert was absolutely amazing.",
    "I was so exhausted after the flight.",
])
def test_how_a_moment_was_is_not_a_fact(text: str, said: Callable[..., list[str]]) -> None:
    assert generic.past_evaluation(text) and said(("user", text)) == []


@pytest.mark.parametrize("text", [
    "My grandfather was a fisherman.", "She was so sick last week.", "어렸을 때 대구에 살았어요",
])
def test_past_facts_and_health_are_not_past_evaluations(text: str) -> None:
    assert not generic.past_evaluation(text)


def test_coordinated_clauses_with_their_own_subjects_are_split() -> None:
    assert discourse.split_sentences("My rabbit Coco is 4 and I'm allergic to hay.") == [
        "My rabbit Coco is 4.", "I'm allergic to hay."]
    assert discourse.split_sentences("My husband and I moved to Ulsan.") == [
        "My husband and I moved to Ulsan."]
    assert discourse.split_sentences("우리 고양이는 다섯 살이고 저는 고양이 털 알레르기가 있어요") == [
        "우리 고양이는 다섯 살이다", "저는 고양이 털 알레르기가 있어요"]


def test_chat_english_is_read_as_the_user(said: Callable[..., list[str]]) -> None:
    assert said(("user", "heyyy 😊 i just adopted a kitten named Pip")) == [
        "User just adopted a kitten named Pip"]
    assert said(("user", "i love him")) == []  # the object was said before: nothing alone


@pytest.mark.parametrize("text", [
    "I heard that octopuses have three hearts.",
    "I might switch to Android someday, who knows.",
    "언젠가 제주도에 살 수도 있어요",
    "삼촌이 빨리 장가가라고 난리야",
    "My dad keeps telling me to get a haircut.",
    "이제 이해했어요 감사합니다",
    "Sorry, I meant the blue one.",
])
def test_hearsay_speculation_nagging_and_reactions_leave_nothing(
        text: str, said: Callable[..., list[str]]) -> None:
    assert said(("user", text)) == []


def test_a_negated_korean_predicate_fills_no_slot(said: Callable[..., list[str]]) -> None:
    assert said(("user", "저 요즘 학원 안 다녀요")) == []
    assert any("술" in m for m in said(("user", "저 술 안 마셔요")))  # diet reads negation


def test_kiwi_reading_with_a_predicate_wins_when_close(said: Callable[..., list[str]]) -> None:
    toks = korean.tokens("주말에 hiking 가요")
    assert any(t.tag == "VV" and t.form == "가" for t in toks)
    assert said(("user", "주말에 캠핑 가요, 가평으로")) == ["사용자는 주말에 캠핑 간다, 가평으로"]


def test_small_talk_and_bare_yes_no_answers_are_not_kept() -> None:
    entities = Entities()
    assert followup.answer("Long but good", "How was your day?", "Long but good",
                           entities) is None
    assert followup.answer("Mostly, yeah", "Do you like the new place?", "Mostly, yeah",
                           entities) is None
    kept = followup.answer("yes, loratadine every spring", "Do you take anything for it?",
                           "yes, loratadine every spring", entities)
    assert kept is not None and "loratadine" in kept


def test_a_question_that_names_no_one_is_about_who_was_just_talked_about(
        said: Callable[..., list[str]]) -> None:
    got = said(("user", "We adopted a puppy last week."), ("assistant", "Cute! What breed?"),
               ("user", "A corgi mix"))
    assert got[-1] == "User's puppy is a corgi mix"


@pytest.mark.parametrize(("text", "slot", "value"), [
    ("I left Kakao and joined Toss in May.", "employer", "toss"),
    ("My company is Line Plus.", "employer", "line plus"),
    ("제 직장은 현대카드예요", "employer", "현대카드"),
])
def test_job_changes_and_company_names_fill_the_employer_slot(text: str, slot: str,
                                                              value: str) -> None:
    hits = [h for h, _ in HeuristicExtractor().hits(text) if h.slot == slot]
    assert hits and hits[0].value.casefold() == value


@pytest.mark.parametrize(("text", "pet", "food"), [
    ("보리 사료를 오리젠으로 바꿨어요", "보리", "오리젠"),
    ("Pip only eats Acana now.", "pip", "acana"),
])
def test_a_pets_food_is_one_slot(text: str, pet: str, food: str) -> None:
    assert generic.pet_diet(text) == (pet, food)


def test_arrangements_and_decisions_date_the_future() -> None:
    when = resolve_time("We're flying to Osaka on April 20.", AT)
    assert when is not None and when.value == "2026-04-20"
    when = resolve_time("11월에 부모님이랑 여행 가기로 했어", datetime(2026, 8, 1, tzinfo=UTC))
    assert when is not None and when.value == "2026-11"


def test_relatives_and_pets_introduced_in_passing_are_resolved_later(
        said: Callable[..., list[str]]) -> None:
    got = said(("user", "We have a daughter named Ivy."), ("user", "She starts kindergarten in March."))
    assert any(m.startswith("User's daughter Ivy starts kindergarten") for m in got)
    # (a bare name counts when Kiwi reads it as a proper noun: "코코" yes, "두부" is tofu)
    got = said(("user", "우리 집 고양이 코코 알지?"), ("user", "걔가 요즘 관절이 안 좋아서 영양제 먹어"))
    assert any(m.startswith("사용자의 고양이 코코") and "영양제" in m for m in got)


def test_a_compound_subject_keeps_its_plural_verb_and_others_are_not_the_user(
        said: Callable[..., list[str]]) -> None:
    assert said(("user", "My fiancé and I are moving to Gwangju in May.")) == [
        "User's fiancé and User are moving to Gwangju in May"]
    assert said(("user", "Anyway, my landlord is selling the building.")) == []


def test_a_dropped_subject_is_the_speaker_and_plans_for_tonight_are_not_kept(
        said: Callable[..., list[str]]) -> None:
    assert said(("user", "Finally passed my driving test!")) == [
        "User finally passed their driving test"]
    assert said(("user", "I'm gonna take a nap after lunch.")) == []
    assert said(("user", "Here's my AWS key AKIA5XQ2MZ7PLWK4ND3T for the script")) == []


def test_a_class_one_attends_is_not_an_employer() -> None:
    hits = HeuristicExtractor().hits("저 요즘 복싱 다니고 있어요")
    assert hits and not any(h.slot == "employer" for h, _ in hits)
    assert any(h.slot == "employer" and h.value == "당근마켓"
               for h, _ in HeuristicExtractor().hits("저 당근마켓 다녀요"))


@pytest.mark.parametrize("text", ["주말에 너무 많이 잔 것 같아", "요즘 커피를 너무 많이 마시는 듯",
                                  "아빠는 내가 아직 학생인 줄 알아"])
def test_korean_hedges_and_others_beliefs_are_not_kept(
        text: str, said: Callable[..., list[str]]) -> None:
    assert said(("user", text)) == []
    assert said(("user", "저 자전거 탈 줄 알아요"))  # an ability is a fact


@pytest.mark.parametrize("text", [
    "I feel like nobody reads manuals anymore.",
    "Can't choose between ramen and pizza for lunch.",
    "My cat knocked over my plant this morning lol",
    "I'm on the bus heading home.",
    "Got a call in five minutes, gotta go.",
])
def test_opinions_and_the_moment_are_not_kept(text: str, said: Callable[..., list[str]]) -> None:
    assert said(("user", text)) == []


def test_laughter_or_crying_ends_a_korean_sentence_and_a_moods_reason_is_kept(
        said: Callable[..., list[str]]) -> None:
    assert discourse.split_sentences("짐 하나도 못 쌌어 ㅠ 강아지도 두 마리 있어서 더 바빠") == [
        "짐 하나도 못 쌌어 ㅠ", "강아지도 두 마리 있어서 더 바빠"]
    assert generic.reason_clause("강아지가 두 마리라서 너무 피곤해") == "강아지가 두 마리라서"
    assert any("결혼" in m for m in said(("user", "나 결혼했어 ㅎㅎ 지난달에")))
