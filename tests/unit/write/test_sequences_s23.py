"""Updates across sessions (session 23, issue 16): a change ends what it changes, not more.

Each from a shape of sentence, tested with sentences of our own and look-alikes that must not
fire: pulling out of (dropping out of, withdrawing from) an event ends the plan naming it; a
place left, then what holds now ("left the hotel! now head chef …") ends the job there; an
appointment moved to another day moves the bare appointments stored, not another kind's; a
memory of two clauses ("… and their advisor meeting is every other friday", "is doing X and
training for Y") keeps the clause the change did not touch.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gieok import Memory
from gieok.write import partial
from gieok.write.extract.new_value import new_value, replaced
from gieok.write.extract.retired import in_turn, retired


@pytest.fixture
def mem(tmp_path) -> Iterator[Memory]:  # type: ignore[no-untyped-def]
    with Memory(f"sqlite:///{tmp_path / 'm.db'}") as m:
        yield m


def _say(mem: Memory, day: str, text: str, session: str) -> None:
    mem.add([{"role": "user", "content": text}], user_id="u", session_id=session,
            timestamp=f"{day}T10:00:00")
    mem.end_session(user_id="u", session_id=session)


def _live(mem: Memory) -> list[str]:
    return [r.content for r in mem.list(user_id="u", limit=100)]


# -- pulling out of an event ----------------------------------------------------------------------
@pytest.mark.parametrize(("sentence", "name"), [
    ("had to pull out of the Boston marathon", "Boston"),
    ("I'm pulling out of the regional tournament", "regional"),
    ("dropped out of the book club", "book"),
    ("I had to drop out of the relay", "relay"),
    ("we withdrew from the design contest", "design"),
])
def test_pulling_out_of_a_thing(sentence: str, name: str) -> None:
    assert name in retired(sentence)


@pytest.mark.parametrize("sentence", ["pull out the chairs please", "the car pulled out of the lot",
                                      "I dropped out at the last hill"])
def test_no_pulling_out_of_a_plan(sentence: str) -> None:
    assert retired(sentence) in ((), ("lot",)) and "chairs" not in retired(sentence)


def test_pulling_out_of_a_race_keeps_the_rest(mem: Memory) -> None:
    _say(mem, "2026-01-10", "I'm doing a no-sugar month and training for the Oslo half in april", "a")
    _say(mem, "2026-02-15", "bad news, had to pull out of the Oslo half. my ankle is worse", "b")
    live = " | ".join(_live(mem))
    assert "training for the Oslo" not in live
    assert "no-sugar month" in live


def test_two_ing_clauses_are_two_clauses() -> None:
    assert partial.unchanged("User is doing dry january and training for the seoul marathon",
                             "User had to pull out of seoul marathon", ["seoul"]) == \
        "User is doing dry january"
    # a list of things liked is one clause: nothing to keep apart
    assert partial.unchanged("User likes hiking and running", "User stopped running") is None


# -- a place left, then what holds now ---------------------------------------------------------------
@pytest.mark.parametrize(("turn", "name"), [
    ("left the hotel! now head chef at a small bistro", "hotel"),
    ("I left the agency. now I'm freelancing full time", "agency"),
    ("finally left the bakery, now running a food truck", "bakery"),
])
def test_a_place_left_for_what_holds_now(turn: str, name: str) -> None:
    assert name in in_turn(turn)


@pytest.mark.parametrize("turn", ["left the office at 6, now home", "left the house, now at the park",
                                  "left the hospital. now resting at home",
                                  "maybe I should leave the hotel, now is a good time",
                                  "left the hotel at noon and took a cab"])
def test_no_place_left_for_good(turn: str) -> None:
    assert in_turn(turn) == ()


def test_leaving_the_workplace_ends_the_job(mem: Memory) -> None:
    _say(mem, "2026-02-12", "I work as a teller at a bank branch in Denver", "a")
    _say(mem, "2026-08-30", "left the bank! now a data analyst at a startup, still in Denver", "b")
    live = " | ".join(_live(mem))
    assert "teller" not in live and "data analyst" in live


# -- an appointment moved to another day ---------------------------------------------------------------
def test_a_bare_appointment_is_the_one_moved() -> None:
    said = new_value("User's dad's cardiology appointments moved to fridays now")
    assert said is not None
    assert replaced("User's dad had a stent put in, User drives him to appointments on tuesdays", said)
    # another kind's appointment is another event
    assert not replaced("User has a vet appointment on tuesdays for the dog", said)


def test_the_diagnosis_stays_when_the_appointments_move(mem: Memory) -> None:
    _say(mem, "2026-01-25", "my dad was diagnosed with type 2 diabetes, I'm taking him to appointments "
         "on wednesdays", "a")
    _say(mem, "2026-09-25", "dad's endocrinologist appointments moved to fridays now", "b")
    live = " | ".join(_live(mem))
    assert "diabetes" in live and "fridays" in live
    assert "wednesdays" not in live


def test_a_meeting_moved_keeps_the_other_clause(mem: Memory) -> None:
    _say(mem, "2026-03-02", "I teach piano on mon/wed evenings and my lab meeting is every other thursday",
         "a")
    _say(mem, "2026-04-10", "ugh my PI moved our lab meetings to tuesdays now", "b")
    live = " | ".join(_live(mem))
    assert "piano" in live and "tuesdays" in live
    assert "thursday" not in live
