""""The cat" in the user's own news is the user's cat (``definite_pet``), session 22.

Sentences written for this file (a lead trial: a cat's kidney diet stored nothing, and the
answer to "How old is he?" went to a greyhound named a month before), with look-alikes about
the kind, a story's animal, a neighbour's, and questions — which must stay as they are."""

from __future__ import annotations

from typing import Any

import pytest

from gieok.write.extract.definite_pet import as_mine


@pytest.mark.parametrize(("said", "read"), [
    ("the cat's kidney numbers came back worse so the vet switched him to renal diet",
     "my cat's kidney numbers came back worse so the vet switched him to renal diet"),
    ("ugh the dog threw up twice last night, we're at the vet",
     "ugh my dog threw up twice last night, we're at the vet"),
    ("The dogs need walking twice a day, we take turns",
     "My dogs need walking twice a day, we take turns"),
    ("the kitten is 10 weeks and we feed her kibble",
     "my kitten is 10 weeks and we feed her kibble"),
])
def test_the_animal_of_the_users_news_is_theirs(said: str, read: str) -> None:
    assert as_mine([said]) == [read]


@pytest.mark.parametrize("sentences", [
    ["the cat is a solitary animal"],                       # a claim about the kind
    ["the dog in the movie was so cute, I cried"],          # a film's animal
    ["the cat sat on the mat"],                             # no one's news: no I/we, no care
    ["is the cat ok to eat tuna?"],                         # a question
    ["my neighbour's cat keeps visiting.", "the cat sleeps on our porch"],  # that one
    ["my sister got a puppy.", "her puppy chews everything."],
    ["we walked past the dog park and I saw a husky"],      # "the dog" is no subject here
    ["the rat race is getting to me"],                      # idioms and compounds
    ["the dog days of summer are killing me"],
    ["the cat's out of the bag, I told my mom"],
    ["the cat food ran out so I ordered more"],
])
def test_an_animal_that_is_not_the_users_stays_as_said(sentences: list[str]) -> None:
    assert as_mine(sentences) == sentences


def test_a_cats_diet_and_the_answer_about_him_through_the_extractor(chat_extract: Any) -> None:
    got = chat_extract.chat_contents(
        "u: the cat's kidney numbers came back worse so the vet switched him to renal diet",
        "a: Sorry to hear that. How old is he?",
        "u: 14. his name is Oscar")
    assert any("cat" in c and "renal" in c for c in got)
    assert "User's cat is 14 years old" in got
    assert "User's cat's name is Oscar" in got


def test_a_story_about_a_dog_stores_nothing(chat_extract: Any) -> None:
    assert chat_extract.user_says("the dog in the story was named Max and we loved him") == []
