"""Replies and asides that are no fact about the user (session 11; write/extract/asides.py,
discourse.py, generic.py): a Korean question said without a question mark, a story the user is
writing, an appraisal of what the assistant offered, a Korean reply in the assistant's own
words, relief at how the moment turned out and an adverb left over after a split. And what must
stay next to each. Sentences written for these tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from gieok.write.extract import asides, asked_task, discourse, generic

AT = datetime(2026, 8, 14, 20, 0, tzinfo=UTC)


@pytest.fixture
def said(chat_extract: Any) -> Callable[..., list[str]]:
    return lambda *turns: chat_extract.contents(*turns, at=AT)  # type: ignore[no-any-return]


# --- a Korean question by its ending, no question mark ----------------------------------------

@pytest.mark.parametrize("text", [
    "보일러 소리가 원래 이렇게 큰 건가",
    "애가 하루에 우유 세 잔 마시는데 너무 많은가",
    "이 정도 월세면 비싼 편인가 ㅋㅋ",
    "주말에 뭐 만들어 먹을까 ㅎㅎ",
    "강남역 근처 조용한 카페 어디야 ㅋㅋ",
    "약 먹고 바로 자도 되나",
])
def test_a_korean_question_without_its_mark(text: str) -> None:
    assert asides.ko_asks(text) and discourse.is_noise(text)


@pytest.mark.parametrize("text", [
    "저는 판교에서 백엔드 개발자로 일해요",
    "우리 딸은 올해 중학생이 됐어요 ㅎㅎ",
    "저 요즘 매일 아침 수영해요",
    "너무 바빠서 그런가 봐요",  # a guess (generic.supposed), not this class
    "그냥 아무데나",  # the particle -(이)나, not a question ending
])
def test_a_korean_statement_is_no_question(text: str) -> None:
    assert not asides.ko_asks(text)


def test_a_question_after_the_speakers_own_fact_keeps_the_fact(
        said: Callable[..., list[str]]) -> None:
    assert not discourse.is_noise("제가 천식이 있어서 흡입기를 매일 쓰는디 운동 전에 써도 되는가")
    got = said(("user", "제가 천식이 있어서 흡입기를 매일 쓰는디 운동 전에 써도 되는가"))
    assert any("천식" in m for m in got)


def test_the_wondering_is_not_rebuilt_as_a_statement(said: Callable[..., list[str]]) -> None:
    got = said(("user", "우리 강아지 보리가 슬개골 수술 받았어요. 산책 다시 시켜도 되는 건가"))
    assert any("슬개골" in m for m in got)
    assert not any("되는이다" in m or "되는 건" in m for m in got)


# --- a story the user is writing ---------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "the villain in my screenplay is a dentist who hates jazz",
    "my novel's heroine runs a bakery in Kraków and has two sons",
    "one character in our webtoon is a retired boxer",
    "my protagonist is allergic to cats, which matters in chapter 3",
])
def test_a_character_of_the_users_story_in_english(said: Callable[..., list[str]],
                                                   text: str) -> None:
    assert asides.fiction(text)
    assert said(("user", text)) == []


@pytest.mark.parametrize("text", [
    "웹소설 연재 중인데 주인공이 부산에서 형사로 일해",
    "제 소설 주인공은 고양이 두 마리를 키워요",
    "동화 쓰고 있는데 등장인물이 다 토끼예요",
])
def test_a_character_of_the_users_story_in_korean(said: Callable[..., list[str]],
                                                  text: str) -> None:
    assert asides.fiction(text)
    assert not any("주인공" in m or "등장인물" in m for m in said(("user", text)))


def test_a_character_the_user_likes_or_the_user_is_no_story(said: Callable[..., list[str]]) -> None:
    assert not asides.fiction("내 최애 캐릭터는 짱구야")
    assert not asides.fiction("my favourite character in Dune is Stilgar")
    assert not asides.fiction("I'm writing a novel set in 1920s Busan")
    assert not asides.fiction("my son is the main character in the school play")
    assert any("novel" in m for m in said(("user", "I'm writing my first novel, a thriller")))


# --- an appraisal of what the assistant offered ------------------------------------------------

def test_how_the_suggestion_seems(said: Callable[..., list[str]]) -> None:
    shown = "A heated blanket on a timer, or a hot water bottle wrapped in a towel."
    assert asides.appraises("the hot water bottle sounds cosier for my back", shown)
    assert said(("user", "my lower back aches at night since the move"),
                ("assistant", shown),
                ("user", "the hot water bottle sounds cosier for my back")) == [
        m for m in said(("user", "my lower back aches at night since the move"))]


def test_what_seems_of_the_user_or_theirs_stays() -> None:
    shown = "Try a slower feeder bowl for the dog."
    assert not asides.appraises("my dog seems anxious around bowls", shown)
    assert not asides.appraises("I look younger than I am", shown)
    # a subject the assistant never named is not its suggestion
    assert not asides.appraises("Lisbon sounds like home to me", shown)
    assert not asides.appraises("the feeder sounds good", "")


# --- a Korean reply in the assistant's words ---------------------------------------------------

def test_a_reply_made_of_the_assistants_words(said: Callable[..., list[str]]) -> None:
    shown = "등산화는 보통 1000km 정도 걸으면 바꾸는 게 좋아요."
    assert asides.echoes("벌써 1500km 걸었음 ㅋㅋ", shown)
    book = "정세랑의 '피프티 피플'이나 김초엽 작품 추천드려요."
    assert asides.echoes("피프티 피플은 봤어요", book)
    assert said(("user", "토요일마다 북한산 가는데 등산화 바꿀 때 됐나 싶어요"), ("assistant", shown),
                ("user", "벌써 1500km 걸었음 ㅋㅋ")) == said(
        ("user", "토요일마다 북한산 가는데 등산화 바꿀 때 됐나 싶어요"))


def test_a_reply_that_adds_something_or_answers_a_question_stays() -> None:
    shown = "등산화는 보통 1000km 정도 걸으면 바꾸는 게 좋아요."
    assert not asides.echoes("저 평발이라 깔창 따로 써요", shown)  # a pronoun and new nouns
    assert not asides.echoes("등산화 두 켤레 있어요", "등산화 있으세요?")  # it answers a question
    assert not asides.echoes("1000km 걸었어요", "")
    # the topic is the assistant's word but the reply names something new
    assert not asides.echoes("강아지는 작년에 입양했어요", "강아지는 산책이 중요해요.")


# --- relief at how the moment turned out; an adverb left after a split -----------------------

def test_relief_is_no_memory_but_the_fact_under_it_is(said: Callable[..., list[str]]) -> None:
    got = said(("assistant", "철분은 시금치나 소고기로도 보충할 수 있어요."),
               ("user", "소고기 좋아해서 다행이다"))
    assert not any("다행" in m for m in got)
    assert not generic.worth_keeping("소고기 좋아해서 다행이다")


def test_a_left_over_adverb_goes_on_nothing(said: Callable[..., list[str]]) -> None:
    assert not generic.continues("다행히")
    assert generic.continues("끊은 지 1년 됐어요")
    got = said(("user", "우리 고양이 모카는 요즘 사료를 잘 먹고 있어 다행히"))
    assert not any(m.rstrip(".").endswith("다행히") for m in got)


# --- where the user stands now, asked to size a plan -------------------------------------------

def test_the_starting_point_of_a_plan_is_no_routine(said: Callable[..., list[str]]) -> None:
    assert asked_task.task_question("Sure! How many km a week are you cycling now?")
    assert asked_task.task_question("How many hours a night are you sleeping at the moment?")
    got = said(("user", "I want to get back into swimming, can you make me a 6-week plan?"),
               ("assistant", "Happy to. How many times a week are you swimming at the moment?"),
               ("user", "3 times, 1500m each"))
    assert not any("1500m" in m for m in got)


def test_a_routine_or_a_lasting_fact_asked_now_stays() -> None:
    assert not asked_task.task_question("How many days a week do you usually train?")
    assert not asked_task.task_question("Where are you living now?")
    assert not asked_task.task_question("Which meds are you taking now?")


# --- what happens inside the user's story; a task's budget; "since" + a time -------------------

def test_what_happens_inside_the_users_story(said: Callable[..., list[str]]) -> None:
    assert said(("user", "in our tabletop campaign the bard is a retired pirate who fears "
                         "water, any quest hooks?")) == []
    assert said(("user", "내 웹툰에서 여주 아빠가 교통사고로 입원하는데 병원 장면 고증 좀 봐줘")) == []
    # the user inside a game of theirs is the user
    assert not asides.fiction("in my novel I finally killed off the narrator, feels weird")


def test_a_tasks_budget_is_the_tasks(said: Callable[..., list[str]]) -> None:
    assert said(("user", "아빠 칠순 선물 추천 부탁해요. 예산은 50만원 정도요")) == []
    assert discourse.is_noise("my budget is around $200")
    assert not discourse.is_noise("우리 집 한 달 식비 예산은 80만원이에요")


def test_since_and_a_time_is_no_clause(said: Callable[..., list[str]]) -> None:
    assert said(("user", "my dishwasher is beeping nonstop since this morning, how do I "
                         "reset it?")) == []
    got = said(("user", "I'm off dairy since I was diagnosed lactose intolerant, any pizza ideas?"))
    assert any("lactose" in m for m in got)


def test_an_adverb_with_a_word_after_it_still_goes_on(said: Callable[..., list[str]]) -> None:
    got = said(("user", "갑각류 allergy 있어서 횟집 가면 항상 긴장돼. 특히 shrimp"))
    assert len(got) == 1 and got[0].endswith("shrimp다")
