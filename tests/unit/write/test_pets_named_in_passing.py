"""A pet named in passing is remembered (issue 16, round 3, session 16): the sentence is about
something of the moment — an escape, a question, a name picked from suggestions — yet it says
the user has that animal. Sentences written for this test, in both languages."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gieok.write.extract.base import Candidate


@pytest.fixture
def chat(chat_extract: Any) -> Callable[..., list[Candidate]]:
    """One ``add`` per message, each seeing the earlier ones (``tests/support/chat_extract.py``)."""
    return chat_extract.candidates  # type: ignore[no-any-return]


def contents(candidates: list[Candidate]) -> list[str]:
    return [c.content for c in candidates]


def test_a_named_pet_in_a_sentence_about_something_else_is_kept(
        chat: Callable[..., list[Candidate]]) -> None:
    got = contents(chat(("user", "근데 우리 고슴도치 밤톨이가 어제 또 탈출했어 ㅋㅋ 울타리 추천 좀")))
    assert "사용자는 고슴도치 밤톨이를 키운다" in got
    got = contents(chat(("user", "our goose Gerald chased the postman again lol, how do I calm him")))
    assert any("goose" in c and "Gerald" in c for c in got), got


def test_the_pet_said_with_the_then_named_in_an_answer(
        chat: Callable[..., list[Candidate]]) -> None:
    got = contents(chat(("user", "the cat keeps waking me at 5am for food, any tricks?"),
                        ("assistant", "An automatic feeder can help. How old is your cat?"),
                        ("user", "she's 9, a ragdoll, her name's Toffee")))
    assert any("cat" in c and "Toffee" in c for c in got), got


def test_mine_after_a_kind_of_animal_then_got_a_name(
        chat: Callable[..., list[Candidate]]) -> None:
    got = contents(chat(("user", "How long do budgies usually live? Mine's about 6 now"),
                        ("assistant", "Often 8 to 10 years. Have you had him since he was young?"),
                        ("user", "yeah, got Kiwi from a breeder in Leeds")))
    assert "User has a budgie named Kiwi" in got, got


def test_a_name_picked_from_the_assistants_suggestions(
        chat: Callable[..., list[Candidate]]) -> None:
    got = contents(chat(("user", "토끼 이름 뭐로 하지? 어제 데려왔어"),
                        ("assistant", "두부, 보리, 밤이 어때요?"),
                        ("user", "보리 귀엽다 보리로 할래")))
    assert "사용자는 토끼 보리를 키운다" in got, got
    got = contents(chat(("user", "need name ideas for my new puppy"),
                        ("assistant", "How about Pepper, Biscuit or Olive?"),
                        ("user", "ooh going with Biscuit")))
    assert "User has a puppy named Biscuit" in got, got


def test_no_pet_of_the_users_is_invented(chat: Callable[..., list[Candidate]]) -> None:
    for text in ("if we ever get a parrot I'd call him Rocco",
                 "write a bedtime story about a rabbit named Clover",
                 "I don't have a cat named Mittens anymore, she died last year",
                 "the dog next door keeps barking at night, so annoying",
                 "duck breast recipe pls, something with orange",
                 "친구네 강아지 콩이가 너무 귀여워"):
        got = contents(chat(("user", text)))
        assert not any(c.startswith(("User has a", "사용자는")) and ("키운다" in c or "named" in c)
                       for c in got), (text, got)
    # a name the assistant suggested but the user did not pick names nothing
    got = contents(chat(("user", "토끼 이름 뭐로 하지?"), ("assistant", "두부, 보리 어때요?"),
                        ("user", "음 둘 다 별로야")))
    assert not any("키운다" in c for c in got), got
