"""An answer to the assistant's question stored as a memory about what it is about
(write/extract/answered.py, followup.py): the pet or relative the question asks about names
the memory ("User's mare is named Juniper"), and an answer about the task at hand or one that
says nothing is known yet is no memory. Sentences written for these tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from gieok.write.extract import asked_task, followup
from gieok.write.extract.coref import Entities

AT = datetime(2026, 5, 4, 19, 0, tzinfo=UTC)


@pytest.fixture
def said(chat_extract: Any) -> Callable[..., list[str]]:
    return lambda *turns: chat_extract.contents(*turns, at=AT)  # type: ignore[no-any-return]


# --- the answer names its subject ------------------------------------------------------------

def test_a_name_for_the_animal_the_user_just_spoke_of(said: Callable[..., list[str]]) -> None:
    got = said(("user", "how often should a pony see the farrier? mine's a 9 year old pony"),
               ("assistant", "Every 6–8 weeks is typical. What's his name?"),
               ("user", "Biscuit"))
    assert got[-1] == "User's 9 year old pony is named Biscuit"


def test_a_name_with_what_the_user_said_the_pet_is(said: Callable[..., list[str]]) -> None:
    got = said(("user", "any chew toys for my dog, he's a 40 lb boxer mix"),
               ("assistant", "Sure! What's his name?"),
               ("user", "Waffles haha"))
    assert got[-1] == "User's dog, a 40 lb boxer mix, is named Waffles"


def test_an_age_asked_about_a_named_relative(said: Callable[..., list[str]]) -> None:
    got = said(("user", "my son Theo keeps waking up at 5am"),
               ("assistant", "That's rough. How old is he?"),
               ("user", "4"))
    assert got[-1] == "User's son Theo is 4 years old"


def test_a_breed_of_a_pet_the_user_called_their_child(said: Callable[..., list[str]]) -> None:
    # "우리 애" is the cat: the breed question says so, and the answer names it
    got = said(("user", "캣타워 추천 좀. 우리 애가 요즘 엄청 뛰어다녀"),
               ("assistant", "묘종이 뭐예요?"),
               ("user", "러시안블루 3살 암컷, 이름은 구름이"))
    assert got[-1] == "사용자의 고양이 구름이: 러시안블루 3살 암컷"


def test_a_korean_name_for_the_pet_just_mentioned(said: Callable[..., list[str]]) -> None:
    got = said(("user", "우리 토끼가 요즘 건초를 잘 안 먹어"),
               ("assistant", "걱정되시겠어요. 이름이 뭐예요?"),
               ("user", "두부요"))
    assert got[-1] == "사용자의 토끼 이름은 두부다"


def test_a_kind_asked_of_a_named_pet_in_korean(said: Callable[..., list[str]]) -> None:
    got = said(("user", "우리 강아지 보리가 요즘 산책을 싫어해"),
               ("assistant", "보리는 어떤 강아지예요?"),
               ("user", "시바견, 다섯 살"))
    assert got[-1] == "사용자의 강아지 보리: 시바견, 다섯 살"


def test_relatives_asked_together_stay_many(said: Callable[..., list[str]]) -> None:
    got = said(("user", "주말에 애들 데리고 갈 만한 곳 추천해 줘"),
               ("assistant", "아이들이 몇 살이에요?"),
               ("user", "첫째 5살, 둘째 3살"))
    assert got[-1] == "사용자의 아이들: 첫째 5살, 둘째 3살"


def test_a_relative_has_no_breed(said: Callable[..., list[str]]) -> None:
    got = said(("user", "gift ideas for my wife?"),
               ("assistant", "What kind of work does your wife do?"),
               ("user", "nursing, at a clinic"))
    assert not any("is a nursing" in m for m in got)


def test_no_subject_keeps_the_question_with_the_answer(said: Callable[..., list[str]]) -> None:
    got = said(("user", "I started a new job this week"),
               ("assistant", "Congrats! Which company?"),
               ("user", "Naver, in Bundang"))
    assert got[-1] == 'User\'s answer to "Which company?": Naver, in Bundang'


def test_the_subject_from_the_question_itself() -> None:
    from gieok.write.extract import answered

    entities = Entities()
    entities.observe("my cat Mochi hides under the bed")
    who = answered.subject("How old is Mochi?", entities, None, None)
    assert who is not None and who.name == "Mochi"
    assert answered.statement("about 3 years", "How old is Mochi?", who, None) \
        == "User's cat Mochi is about 3 years old"
    # a question that asks no attribute of it: the caller keeps the question
    assert answered.statement("the vet's", "Where does Mochi sleep?", who, None) is None


# --- no memory: the task at hand, or nothing known yet ---------------------------------------

@pytest.mark.parametrize("question", [
    "How long will you be there?",
    "How long are you staying?",
    "Who is it addressed to?",
    "Are you driving up?",
    "어느 동네예요?",
    "어디예요?",
    "얼마나 나가세요?",
    "물 온도가 몇 도예요?",
])
def test_a_question_about_the_task_at_hand(question: str) -> None:
    assert asked_task.task_question(question)


@pytest.mark.parametrize("question", [
    "어느 동네 사세요?",
    "Where do you live?",
    "How long have you lived there?",
    "Are you working these days?",
])
def test_a_question_about_the_user_stays(question: str) -> None:
    assert not asked_task.task_question(question)


def test_a_trip_length_is_no_memory(said: Callable[..., list[str]]) -> None:
    got = said(("user", "help me plan outfits, I'm going to Lisbon next month for a conference"),
               ("assistant", "Nice! How long will you be there?"),
               ("user", "4 nights"))
    assert not any("4 nights" in m for m in got)


def test_the_place_of_the_request_is_no_memory(said: Callable[..., list[str]]) -> None:
    got = said(("user", "내일 친구랑 브런치 먹을 곳 추천해 줘"),
               ("assistant", "좋아요. 어느 동네예요?"),
               ("user", "망원동"))
    assert not any("망원동" in m for m in got)


def test_where_the_user_lives_is_still_kept(said: Callable[..., list[str]]) -> None:
    got = said(("assistant", "어느 동네 사세요?"), ("user", "망원동이요"))
    assert any("망원동" in m for m in got)


@pytest.mark.parametrize("reply", ["아직 배치 전", "아직 미정", "미정이에요", "아무데나"])
def test_an_answer_that_nothing_is_settled_yet(said: Callable[..., list[str]], reply: str) -> None:
    got = said(("user", "다음 달에 회사 옮겨요"),
               ("assistant", "축하해요! 어느 팀으로 가세요?"),
               ("user", reply))
    assert not any(reply.split()[-1][:2] in m for m in got)


def test_not_yet_in_english_is_no_answer() -> None:
    assert followup.answer("TBD", "What's the date?", "TBD", Entities()) is None
    assert followup.answer("not decided yet", "Which lab?", "not decided yet", Entities()) is None


def test_an_age_in_words_is_said_whole(said: Callable[..., list[str]]) -> None:
    got = said(("user", "we brought home a kitten named Olive"),
               ("assistant", "Aww! How old?"),
               ("user", "About ten weeks"))
    assert got[-1] == "User's kitten Olive is about ten weeks old"
