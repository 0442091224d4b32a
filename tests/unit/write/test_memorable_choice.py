"""An answer to the assistant's question that picks one of the options it offered for the task —
which time slot, which dish, which way to travel — is judged as an answer (the judge's answer
veto), not as a precise fact about the user's life (session 17, issue 16: "오전이 좋으세요, 오후가
좋으세요?" → "3시쯤" was stored as the user's answer). A question of what the user, a relative or a
pet *is* ("Are you vegetarian or vegan?") offers no option to like and keeps its answer. The
sentences are written for this test, in words of no labelled file."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from gieok.write.extract.lasting import answer_kind, offers_choice

AT = datetime(2026, 6, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def said(chat_extract: Any) -> Callable[..., list[str]]:
    return lambda *turns: chat_extract.contents(*turns, at=AT)  # type: ignore[no-any-return]


@pytest.mark.parametrize("question", [
    "네, 오전이 좋으세요, 오후가 좋으세요?",  # a predicate of suiting said of each option
    "매운 거 괜찮으세요, 순한 게 나으세요?",
    "기차가 편하세요, 아니면 차가 편하세요?",
    "국물 요리 괜찮으세요, 아니면 볶음이 나으세요?",  # 아니면 and a predicate of suiting
    "Do you prefer chicken or fish?",
    "Would you rather leave early or sleep in?",
    "Which works better for you, Tuesday or Thursday?",
    "How about a quiz or a word search?",
])
def test_a_question_that_offers_options_for_the_task(question: str) -> None:
    assert offers_choice(question), question
    assert answer_kind(question) == "answer", question


@pytest.mark.parametrize("question", [
    "Are you vegetarian or vegan?",  # what the user is: no liking asked
    "Is she a dog or a cat?",
    "Is your place a flat or a house?",
    "What kind of music do you like, rock or jazz?",  # a lasting taste ("like", not "would like")
    "혹시 채식하세요, 아니면 비건이세요?",  # what the user is, with 아니면 but no predicate of suiting
    "아들이에요, 딸이에요?",
    "어디 사세요?",
    "커피 좋아하세요?",  # one taste asked, no options offered
    "Would you like the recipe?",  # an offer with no options
])
def test_a_question_of_what_someone_is_offers_no_choice(question: str) -> None:
    assert not offers_choice(question), question


def test_the_slot_picked_for_the_task_is_no_memory(said: Callable[..., list[str]]) -> None:
    got = said(("user", "다음 주에 치과 예약 잡아야 해"),
               ("assistant", "네, 오전이 좋으세요, 오후가 좋으세요?"),
               ("user", "3시쯤"))
    assert any("치과" in g for g in got), got
    assert not any("3시" in g for g in got), got


def test_what_the_user_is_is_still_kept(said: Callable[..., list[str]]) -> None:
    got = said(("user", "I want to start cooking more at home"),
               ("assistant", "Great! Are you vegetarian or vegan?"),
               ("user", "vegan"))
    assert any("vegan" in g.casefold() for g in got), got
    # a lasting fact said with the pick is kept by the sentence, whatever the question was
    got = said(("user", "what should I cook tonight"),
               ("assistant", "Do you prefer chicken or fish?"),
               ("user", "fish, I'm pescatarian"))
    assert any("pescatarian" in g for g in got), got
