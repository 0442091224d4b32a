"""Self-descriptions in shorthand are the user's (write/extract/shorthand.py, read through
``english.with_subject``), and the memory the extractor keeps from them.

A new-user trial: "married to Elena, she's a nurse. two kids, Lucas 12 and Sofia 9" stored
nothing about the family; "quick intro so you know me: …" kept its lead-in inside the memory."""

from __future__ import annotations

import pytest

from gieok.domain.turns import Turn
from gieok.write.extract.english import with_subject
from gieok.write.extract.heuristic import HeuristicExtractor


@pytest.mark.parametrize(("said", "expected"), [
    ("married to Elena", "I'm married to Elena"),
    ("happily married for 12 years", "I'm happily married for 12 years"),
    ("divorced, no kids", "I'm divorced, no kids"),
    ("single dad of two girls", "I'm a single dad of two girls"),
    ("mom of 3 boys", "I'm a mom of 3 boys"),
    ("two kids, Lucas 12 and Sofia 9", "I have two kids, Lucas 12 and Sofia 9"),
    ("3 cats and a dog, all rescues", "I have 3 cats and a dog, all rescues"),
    ("34F, nurse in Leeds", "I'm 34, a nurse in Leeds"),
    ("41yo", "I'm 41"),
    ("about me: 29, engineer at Canva, live in Sydney",
     "I'm 29, I'm an engineer at Canva, I live in Sydney"),
])
def test_a_shorthand_self_description_gets_its_speaker(said: str, expected: str) -> None:
    assert with_subject(said) == expected


@pytest.mark.parametrize("said", [
    "married my college sweetheart in 2015",   # an act: "I married …", not a state
    "two kids were screaming on the bus all morning",   # a scene: the count has its own verb
    "two kids? how do you even manage",
    "mom of my best friend called me",
    "25 min run today",   # minutes, not an age
    "divorced people have it hard",
    "29, that is the answer",   # a bare number outside an announced intro
])
def test_look_alikes_get_no_speaker_from_shorthand(said: str) -> None:
    out = with_subject(said)
    assert not out.startswith(("I'm", "I have")), out


def _memories(*user_turns: str) -> list[str]:
    extractor = HeuristicExtractor()
    seen: list[Turn] = []
    out: list[str] = []
    for said in user_turns:
        turn = Turn(role="user", content=said)
        out += [c.content for c in extractor.extract_sync([turn], context=seen)]
        seen.append(turn)
    return out


def test_the_trial_intro_keeps_the_family() -> None:
    got = _memories("married to Elena, she's a nurse. two kids, Lucas 12 and Sofia 9. "
                    "oh and I'm lactose intolerant")
    assert any("married" in m for m in got), got
    assert any("Lucas 12 and Sofia 9" in m for m in got), got
    assert any("lactose intolerant" in m for m in got), got


def test_an_announced_intro_drops_its_label() -> None:
    got = _memories("hey, quick intro so you know me: I'm Tomas, 41, I teach high school "
                    "physics in Austin")
    assert got and not any("intro" in m.lower() for m in got), got
    assert any("physics in Austin" in m for m in got), got


def test_a_parent_of_a_count_is_kept() -> None:
    assert any("mom of three boys" in m for m in _memories("mom of three boys")), "nothing stored"


def test_the_spouse_named_by_married_to_is_who_she_is() -> None:
    got = _memories("married to Elena, she's a nurse at St. Mary's")
    assert any("Elena is a nurse" in m for m in got), got


def test_a_fiance_named_by_engaged_to_is_who_he_is() -> None:
    got = _memories("engaged to Marco since june! he is a chef")
    assert any("Marco is a chef" in m for m in got), got


def test_married_to_a_job_names_nobody() -> None:
    got = _memories("married to my job lol. she is a tough boss")
    assert not any("boss" in m for m in got), got


def test_the_household_baby_is_who_she_is() -> None:
    extractor = HeuristicExtractor()
    first = Turn(role="user", content="we're flying to Lisbon on the 20th, first trip with the baby")
    asked = Turn(role="assistant", content="Need a packing list?")
    said = Turn(role="user", content="yes please. she's 7 months, her name is Noa")
    got = [c.content for c in extractor.extract_sync([said], context=[first, asked])]
    assert any("baby" in m and "Noa" in m for m in got), got


def test_someone_elses_baby_is_not_the_users() -> None:
    got = _memories("the baby next door cries all night", "she is so loud")
    assert not any("loud" in m for m in got), got
