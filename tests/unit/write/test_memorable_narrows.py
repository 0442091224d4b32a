"""An answer to the assistant's question that narrows the complaint of the moment — which ear,
which spot of the knee, which side is worse — is judged as an answer, not as a precise fact
about the user's life (session 16, issue 16: "어느 쪽 귀가 더 불편하신가요?" → "왼쪽요" was stored
as the user's answer). A question about the user's life keeps its answer. The sentences are
written for this test, in words of no labelled file."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from gieok.write.extract.lasting import answer_kind, asked_about_user, narrows

AT = datetime(2026, 6, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def said(chat_extract: Any) -> Callable[..., list[str]]:
    return lambda *turns: chat_extract.contents(*turns, at=AT)  # type: ignore[no-any-return]


@pytest.mark.parametrize("question", [
    "불편하시겠어요. 어느 쪽 귀가 더 불편하세요?",  # a which-word, a sensation, a spot compared
    "손목 어느 부위가 저리세요?",
    "무릎 어디가 쑤시세요?",
    "허리 어느 쪽이 더 아프세요?",
    "어디가 제일 가려워요?",  # the worst of several: compared
    "Which ear is worse?",
    "Which part of your back hurts the most?",
    "Where does it hurt?",
    "Which knee?",  # a bare which-question about a body part
    "Which side is bothering you?",
])
def test_a_question_that_narrows_the_complaint(question: str) -> None:
    assert narrows(question), question
    assert not asked_about_user(question), question


@pytest.mark.parametrize("question", [
    "어디 아프세요?",  # whether something is wrong at all: its answer is the complaint itself
    "어느 쪽 무릎 수술하셨어요?",  # a surgery: no sensation of the moment
    "어느 쪽 사세요?",  # where the user lives
    "어느 병원 다니세요?",
    "Which knee did you have surgery on?",
    "Where do you live?",
    "Which model?",
    "What's his name?",
    "How old is she?",
])
def test_a_question_about_the_users_life_does_not_narrow(question: str) -> None:
    assert not narrows(question), question
    assert asked_about_user(question), question


def test_the_side_of_a_complaint_is_no_memory(said: Callable[..., list[str]]) -> None:
    got = said(("user", "요즘 귀가 계속 먹먹해요"),
               ("assistant", "불편하시겠어요. 어느 쪽 귀가 더 불편하세요?"),
               ("user", "왼쪽요"))
    assert got and "먹먹" in got[0], got
    assert not any("왼쪽" in g for g in got), got
    got = said(("user", "my ear has been ringing since the concert"),
               ("assistant", "That sounds annoying. Which ear is worse?"),
               ("user", "the left one"))
    assert got and "ringing" in got[0], got
    assert not any("left" in g for g in got), got
    # the spot of a pain said as a noun phrase: judged as a sentence said alone, not a fact
    got = said(("user", "계단 내려갈 때 무릎이 시큰해요"),
               ("assistant", "무릎 어디가 아프세요?"),
               ("user", "오른쪽 무릎 안쪽이요"))
    assert got and "무릎" in got[0], got
    assert not any("안쪽" in g for g in got), got


def test_the_kind_of_answer_a_question_gets() -> None:
    assert answer_kind("What's his name?") == "slot"
    assert answer_kind("몇 인분 필요하세요?") == "answer"
    assert answer_kind("어느 쪽 귀가 더 불편하세요?") == "generic"


def test_an_answer_about_the_users_life_is_still_kept(said: Callable[..., list[str]]) -> None:
    got = said(("user", "my daughter Ava keeps getting ear infections"),
               ("assistant", "Poor thing. How old is she?"),
               ("user", "6"))
    assert any("6" in g and "Ava" in g for g in got), got
    got = said(("user", "이사 갈 동네 알아보는 중이에요"),
               ("assistant", "지금 어느 쪽 사세요?"),
               ("user", "망원동이요"))
    assert any("망원동" in g for g in got), got
