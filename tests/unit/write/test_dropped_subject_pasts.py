"""A chat sentence that drops its subject and opens on a past tense is the user's
(write/extract/english.py ``with_subject``).

A new-user trial: "ran my first half marathon in 2:05!" was stored as "Ran User's first half
marathon in 2:05" — "my" became "User's" but no subject was said."""

from __future__ import annotations

import pytest

from gieok.write.extract.english import with_subject


@pytest.mark.parametrize(("said", "expected"), [
    ("ran my first half marathon in 2:05!", "I ran my first half marathon in 2:05"),
    ("visited my grandma in Busan last weekend", "I visited my grandma in Busan last weekend"),
    ("paid off my student loans!!", "I paid off my student loans"),
])
def test_a_past_tense_opening_is_said_by_the_user(said: str, expected: str) -> None:
    assert with_subject(said) == expected


@pytest.mark.parametrize("said", ["read my essay and tell me what you think",
                                  "bored lol", "excited for the weekend", "run the tests again"])
def test_an_imperative_or_a_state_gets_no_subject_here(said: str) -> None:
    assert with_subject(said) == said
