"""An answer to the assistant's offer to do something for the task at hand steers that task;
it is not a fact about the user (write/extract/asked_task.py ``offer``). Answers to questions
about the user are still kept."""

from __future__ import annotations

from typing import Any

import pytest

from gieok.write.extract.asked_task import offer


@pytest.mark.parametrize("question", [
    "Want the quantities?", "Want one with steps?", "Shall I add a reminder?",
    "Do you want me to book it?", "Sure! Would you like a shorter version?",
    "오늘은 어떤 부위 할까요?", "교수님께 언제까지 드릴 수 있다고 말씀드릴까요?",
])
def test_an_offer_for_the_task_at_hand(question: str) -> None:
    assert offer(question)


@pytest.mark.parametrize("question", [
    "Where in Busan are you?", "What role?", "몇 명이에요?", "언제 가세요?", "어디 사세요?",
    "What breed is she?", "기존 코드는 앞에 0을 채우실 건가요?",
])
def test_a_question_about_the_user_or_their_things_is_no_offer(question: str) -> None:
    assert not offer(question)


def test_the_answer_to_an_offer_leaves_no_memory_an_answer_about_the_user_does(
        chat_extract: Any) -> None:
    assert chat_extract.contents(("user", "can you give me a simple risotto recipe"),
                                 ("assistant", "Sure! Want the quantities?"),
                                 ("user", "pls, for like 4 servings")) == []
    kept = chat_extract.contents(("user", "I just started a new job"),
                                 ("assistant", "Congrats! What role?"),
                                 ("user", "Data analyst at a fintech startup"))
    assert any("Data analyst" in c for c in kept), kept
