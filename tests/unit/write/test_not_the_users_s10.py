"""More of what a user says that is no fact about them (session 10; write/extract/discourse.py,
followup.py, generic.py): a friend or neighbour as the English subject, a no to what the
assistant took for granted, a guess at what is going on, a nod to what the assistant just
suggested, and answers that steer the task at hand (how many, where, which of two ways, what the
user would like). And what must stay next to each. Sentences written for these tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from gieok.write.extract import asked_task, discourse, discourse_others, generic, korean

AT = datetime(2026, 7, 2, 19, 30, tzinfo=UTC)


@pytest.fixture
def said(chat_extract: Any) -> Callable[..., list[str]]:
    return lambda *turns: chat_extract.contents(*turns, at=AT)  # type: ignore[no-any-return]


# --- a friend, a neighbour, a colleague as the English subject -------------------------------

@pytest.mark.parametrize("text", [
    "my friend Odile is allergic to sesame, can I still make her the noodle salad?",
    "my neighbour keeps parking in front of my garage",  # "my" is in the rest: not this reading
    "our flatmate got a kitten and it climbs the curtains",
    "my old classmate Rafe just moved to Lisbon",
])
def test_an_outsiders_news_in_english(said: Callable[..., list[str]], text: str) -> None:
    got = said(("user", text))
    if "my garage" in text:
        assert discourse_others.about_outsider(text) is False
    else:
        assert got == [] and discourse_others.about_outsider(text.split(",")[0])


def test_the_user_beside_an_outsider_stays(said: Callable[..., list[str]]) -> None:
    assert not discourse_others.about_outsider("my friend and I are opening a ramen stall in Daejeon")
    # someone the user works under sets the user's work
    assert not discourse_others.about_outsider("my manager Priyanka wants the forecast every Monday")
    got = said(("user", "my coworker Tomasz is vegan but I'm allergic to soy"))
    assert any("soy" in m for m in got)


# --- a no to what the assistant took for granted ---------------------------------------------

def test_a_no_is_no_memory(said: Callable[..., list[str]]) -> None:
    assert said(("assistant", "Are you pescatarian?"), ("user", "nope, I'm not pescatarian")) == []
    assert said(("assistant", "Any grandkids yet?"), ("user", "No, I don't have grandkids")) == []


def test_a_no_about_health_is_left_to_the_health_rules() -> None:
    assert not discourse.is_noise("no, I don't have any allergies except penicillin")
    assert not discourse.is_noise("I'm not a fan of horror movies")


# --- a guess at what is going on, a belief just found wrong ---------------------------------

@pytest.mark.parametrize("text", ["아마 비 때문인가 봐요", "서버가 꺼져 있나 봐", "그게 몸에 좋은 줄 몰랐네요",
                                  "올 한 해 고생 많았다 나"])
def test_a_guess_or_a_surprise_is_a_remark(said: Callable[..., list[str]], text: str) -> None:
    assert said(("user", text)) == []


def test_a_guess_reads_the_ending_not_a_word() -> None:
    assert generic.supposed(korean.tokens("택배가 벌써 왔나 봐요"))
    # "try …" (-어 보다) is no guess
    assert not generic.supposed(korean.tokens("그 식당 한번 가 봐요"))
    assert not generic.supposed(korean.tokens("저 매일 아침 뉴스 봐요"))


# --- a nod to what the assistant just suggested ----------------------------------------------

def test_a_nod_to_the_suggestion_is_no_memory(said: Callable[..., list[str]]) -> None:
    assert said(("assistant", "보리차나 옥수수수염차 어떠세요?"), ("user", "옥수수수염차 좋아요")) == []
    assert said(("assistant", "제습기를 켜 두시면 곰팡이가 덜 생겨요."), ("user", "제습기 있어요")) == []


def test_a_fact_of_the_users_own_after_a_suggestion_stays(
        said: Callable[..., list[str]]) -> None:
    # something the assistant did not name: the user's own
    assert discourse_others.takes_up("옥수수수염차 좋아요", "보리차나 옥수수수염차 어떠세요?")
    assert not discourse_others.takes_up("저 보리차 알레르기 있어요", "보리차나 옥수수수염차 어떠세요?")
    assert not discourse_others.takes_up("우리 집엔 제습기 두 대 있어요", "제습기를 켜 두세요.")
    got = said(("assistant", "제습기를 켜 두시면 좋아요."), ("user", "저 천식 있어요"))
    assert any("천식" in m for m in got)


# --- answers that steer the task --------------------------------------------------------------

@pytest.mark.parametrize("question", [
    "How many slides?", "How long is the flight?", "Do you prefer sunny or shaded spots?",
    "Would you like it formal?", "모임 인원은요?", "몇 박 생각하세요?", "어디 근처세요?",
    "지역이 어디세요?", "어디로 가고 싶어요?",
    '다들 고생 많았어요." Want it shorter?',  # the draft's quote split from its opening
])
def test_questions_that_steer_the_task(question: str) -> None:
    assert asked_task.task_question(question)


@pytest.mark.parametrize("question", [
    "How many kids do you have?", "How many days a week?", "How old is your son?",
    "어디 사세요?", "몇 살이에요?",
])
def test_questions_about_something_lasting(question: str) -> None:
    assert not asked_task.task_question(question)


def test_an_answer_that_steers_the_task_is_no_memory(said: Callable[..., list[str]]) -> None:
    assert said(("user", "회식 장소 좀 골라 줘"), ("assistant", "지역이랑 인원은요?"),
                ("user", "잠실이고 9명이요")) == []
    assert said(("user", "find me a campsite"), ("assistant", "Do you prefer lakeside or forest?"),
                ("user", "Lakeside, please.")) == []


def test_an_answer_about_what_someone_else_said_is_no_memory(
        said: Callable[..., list[str]]) -> None:
    got = said(("user", "옆집 언니가 고양이 데려왔는데 이름이 모모래요"),
               ("assistant", "모모 귀엽네요! 무슨 종이래요?"), ("user", "러시안블루래요"))
    assert not any("러시안블루" in m for m in got)
    # a question about the user's own pet is answered as ever
    got = said(("user", "저 고양이 키워요"), ("assistant", "무슨 종이에요?"), ("user", "러시안블루요"))
    assert any("러시안블루" in m for m in got)


def test_someone_elses_claims_and_hearsay_are_no_memory(said: Callable[..., list[str]]) -> None:
    assert said(("user", "my uncle keeps saying gold will double by spring")) == []


# --- a mood and nothing else; a request said with 부탁 ----------------------------------------

@pytest.mark.parametrize("text", ["ugh I'm just cranky", "i'm emotionally wrecked lol",
                                  "발표 자료 요약 부탁드려요", "반주는 C키로 부탁합니다"])
def test_a_mood_or_a_request_alone_is_no_memory(said: Callable[..., list[str]], text: str) -> None:
    assert said(("user", text)) == []


def test_a_mood_with_what_lasts_stays() -> None:
    assert generic.keepable("I'm grumpy every morning until my second coffee")
    assert not generic.keepable("I'm just grumpy")
