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
from tests.support.sessions import say as _say


@pytest.fixture
def mem(tmp_path) -> Iterator[Memory]:  # type: ignore[no-untyped-def]
    with Memory(f"sqlite:///{tmp_path / 'm.db'}") as m:
        yield m


def _live(mem: Memory) -> list[str]:
    """The live long-term memories (episodes, dated or not, are the turns archived)."""
    return [r.content for r in mem.list(user_id="u", limit=100) if r.layer.value != "episodic"]


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


# -- a standing request taken back by a request of its own ----------------------------------------
@pytest.mark.parametrize(("sentence", "words"), [
    ("can you stop adding type hints actually, my team finds them noisy", ("type", "hints")),
    ("could you stop giving me summaries?", ("summaries",)),
    ("stop using emojis please", ("emojis",)),
    ("no need to add the sources anymore", ("sources",)),
])
def test_the_thing_a_stop_names(sentence: str, words: tuple[str, ...]) -> None:
    from gieok.write.revoked import revoked
    assert revoked(sentence) == words


def test_stop_adding_ends_the_request_to_add(mem: Memory) -> None:
    _say(mem, "2026-07-15", "please always give me docstrings in python answers", "a")
    _say(mem, "2026-08-20", "can you stop adding docstrings actually, my team finds them noisy", "b")
    live = " | ".join(_live(mem))
    assert "always give" not in live.casefold()


def test_a_stop_of_something_else_leaves_the_request(mem: Memory) -> None:
    _say(mem, "2026-07-15", "please always give me docstrings in python answers", "a")
    _say(mem, "2026-08-20", "can you stop adding emojis, they are noisy", "b")
    assert any("docstrings" in c for c in _live(mem))


# -- an amount said as the value now ---------------------------------------------------------------
@pytest.mark.parametrize(("sentence", "thing", "value"), [
    ("negotiated!! rent going to 1,575 instead", "rent", "1,575"),
    ("emergency fund is at 8.5k now", "emergency fund", "8.5k"),
    ("up to 21k in the house fund", "house fund", "21k"),
    ("savings are at $3,200 already", "savings", "$3,200"),
])
def test_an_amount_now(sentence: str, thing: str, value: str) -> None:
    from gieok.write.extract.amount_now import amount_now
    assert amount_now(sentence) == (thing, value)


@pytest.mark.parametrize("sentence", ["the meeting is at 5 now", "I'm going to 3 stores now",
                                      "it is at 400 now", "up to 3 reps in the set",
                                      "we're going to 2 kids"])
def test_no_amount_now(sentence: str) -> None:
    from gieok.write.extract.amount_now import amount_now
    assert amount_now(sentence) is None


def test_the_rent_negotiated_down(mem: Memory) -> None:
    _say(mem, "2026-04-01", "my landlord's raising rent to 2,300 starting july", "a")
    _say(mem, "2026-05-15", "negotiated!! rent going to 2,150 instead", "b")
    live = " | ".join(_live(mem))
    assert "2,150" in live and "2,300" not in live


# -- a thing moved off one host onto another -------------------------------------------------------
@pytest.mark.parametrize(("sentence", "places"), [
    ("we migrated billing-core off gke, it runs on ecs fargate now", ("gke", "ecs fargate")),
    ("moved the blog off wordpress, it's on ghost now", ("wordpress", "ghost")),
    ("switched the site off netlify, now it runs on vercel", ("netlify", "vercel")),
])
def test_moved_off(sentence: str, places: tuple[str, str]) -> None:
    from gieok.write.extract.moved_off import moved_off
    assert moved_off(sentence) == places


@pytest.mark.parametrize("sentence", ["took the day off, it is on me now", "moved off campus last year",
                                      "moved off the couch, it is on the floor now",
                                      "signed off on it, it's on the list now"])
def test_not_moved_off(sentence: str) -> None:
    from gieok.write.extract.moved_off import moved_off
    assert moved_off(sentence) is None


def test_the_host_moved_the_stack_stays(mem: Memory) -> None:
    _say(mem, "2026-06-01", "working on our invoicing service. it's a django app, python 3.11, we deploy "
         "to k8s on eks", "a")
    _say(mem, "2026-07-15", "quick one - we migrated invoicing off eks, it runs on cloud run now", "b")
    live = " | ".join(_live(mem))
    assert "cloud run" in live and "django" in live
    assert "on eks" not in live


# -- who the user lives with after one moved out ---------------------------------------------------
def test_one_roommate_moved_out() -> None:
    assert partial.without_companion("User lives with two roommates, Dana and Felix",
                                     "Dana moved out last week, it's just the user and Felix now") == \
        "User lives with their roommate Felix"
    assert partial.without_companion("User lives with Dana, Felix and Mo",
                                      "Dana moved out, it's just the user, Felix and Mo now") == \
        "User lives with Felix and Mo"
    # someone not listed left: nothing to take out
    assert partial.without_companion("User lives with two roommates, Dana and Felix",
                                     "Sam moved out, it's just the user and Felix now") is None


def test_the_household_after_a_roommate_left(mem: Memory) -> None:
    _say(mem, "2026-03-02", "I live with two roommates, Priya and Tom", "a")
    _say(mem, "2026-05-20", "Priya moved out last week, it's just me and Tom now", "b")
    live = _live(mem)
    assert not any("Priya and Tom" in c for c in live)
    assert any("Tom" in c and "lives with" in c for c in live)


# -- two people of one relation ---------------------------------------------------------------------
def test_two_sisters_are_two_people(mem: Memory) -> None:
    _say(mem, "2026-03-01", "my sister Mina lives in Daegu, she's a pharmacist", "a")
    _say(mem, "2026-04-01", "my sister Yuna moved to Incheon", "b")
    assert any("Mina lives in Daegu" in c for c in _live(mem))


def test_the_same_sister_moved(mem: Memory) -> None:
    _say(mem, "2026-03-01", "my sister Mina lives in Daegu, she's a pharmacist", "a")
    _say(mem, "2026-04-01", "my sister Mina moved to Incheon", "b")
    assert not any("Mina lives in Daegu" in c for c in _live(mem))


# -- a date moved with no event named --------------------------------------------------------------
@pytest.mark.parametrize(("sentence", "anchor"), [
    ("surgeon had a cancellation, they moved me up to march 2", ""),
    ("the clinic pushed us back to the 14th", ""),
    ("Porto is off, Leo has the flu :( pushed it to october", "Porto"),
])
def test_moved_with_no_event_named(sentence: str, anchor: str) -> None:
    from gieok.write.extract import shift
    assert [s.anchor for s in shift.shifts(sentence) if s.kind == "rescheduled"] == [anchor]


@pytest.mark.parametrize("sentence", ["moved it to the couch", "pushed me to the limit",
                                      "moved us to a bigger room", "pushed it to maybe later"])
def test_no_date_moved(sentence: str) -> None:
    from gieok.write.extract import shift
    assert not [s for s in shift.shifts(sentence) if s.kind == "rescheduled"]


def test_the_one_dated_plan_is_moved(mem: Memory) -> None:
    _say(mem, "2026-01-20", "knee surgery is set for june 12, need to plan my recovery weeks", "a")
    _say(mem, "2026-02-25", "surgeon had a cancellation, they moved me up to march 3", "b")
    live = " | ".join(_live(mem))
    assert "june 12" not in live
    assert "surgery is set for march 3" in live.casefold()


def test_redated_spans() -> None:
    assert partial.redated("User is going to Porto june 8-15 with Leo", "pushed it to september") == \
        "User is going to Porto september with Leo"
    assert partial.redated("User has two trips, june 8 and july 2", "pushed it to september") is None


# -- a loss said of one named -----------------------------------------------------------------------
@pytest.mark.parametrize(("sentence", "name"), [
    ("we lost Biscuit last month. house is so quiet", "Biscuit"),
    ("I lost my cat Miso in the spring", "Miso"),
    ("we lost Grandpa.", "Grandpa"),
])
def test_lost_one_named(sentence: str, name: str) -> None:
    from gieok.write.extract.retired import who_is_gone
    assert who_is_gone(sentence) == (name,)


@pytest.mark.parametrize("sentence", ["lost Max at the park yesterday", "we lost Biscuit for an hour",
                                      "I lost Sam's number", "we lost to Jo", "I lost Chrome tabs again"])
def test_nobody_lost(sentence: str) -> None:
    from gieok.write.extract.retired import who_is_gone
    assert who_is_gone(sentence) == ()


def test_a_pet_lost_is_no_longer_current(mem: Memory) -> None:
    _say(mem, "2026-01-14", "our old beagle Biscuit is 14 now, super slow but happy", "a")
    _say(mem, "2026-06-03", "we lost Biscuit last month. house is so quiet", "b")
    assert not any("is 14 now" in c for c in _live(mem))


# -- a plan to begin something, begun -----------------------------------------------------------------
@pytest.mark.parametrize(("sentence", "thing"), [
    ("first week of kindergarten done, Mia loves her teacher", "kindergarten"),
    ("Mia started kindergarten today", "kindergarten"),
    ("first day of physio was over quick", "physio"),
])
def test_begun(sentence: str, thing: str) -> None:
    from gieok.write.begun import begun
    assert begun(sentence) == thing


@pytest.mark.parametrize("sentence", ["first day at the new job went fine", "I started it today",
                                      "Mia wants to start kindergarten", "kindergarten starts in the fall"])
def test_not_begun(sentence: str) -> None:
    from gieok.write.begun import begun
    assert begun(sentence) is None


def test_the_plan_to_start_is_over_once_begun(mem: Memory) -> None:
    _say(mem, "2026-04-15", "Mia's starting kindergarten in september, I'm already nervous", "a")
    _say(mem, "2026-09-08", "first week of kindergarten done, Mia loves her teacher Mr. Lee", "b")
    live = _live(mem)
    assert not any("starting kindergarten" in c for c in live)
    assert any("kindergarten" in c for c in live)


def test_another_childs_plan_stays(mem: Memory) -> None:
    _say(mem, "2026-04-15", "Mia's starting kindergarten in september, I'm already nervous", "a")
    _say(mem, "2026-09-08", "first week of kindergarten done, Leo loves his teacher Mr. Lee", "b")
    assert any("starting kindergarten" in c for c in _live(mem))


# -- a company dinner in either language ---------------------------------------------------------------
def test_a_work_dinner_moved_in_the_other_language() -> None:
    said = new_value("사용자는 회식 다음 주 목요일로 바뀜")
    assert said is not None
    assert replaced("사용자는 team dinner 4월 2일 화요일로 잡혔다", said)
    assert not replaced("사용자는 birthday dinner 4월 2일 화요일로 잡혔다", said)


# -- a thing allowed again ---------------------------------------------------------------------------
@pytest.mark.parametrize(("sentence", "words"), [
    ("actually you can use bullet points now, I changed my mind", ("bullet", "points")),
    ("feel free to use emojis again", ("emojis",)),
])
def test_allowed_again(sentence: str, words: tuple[str, ...]) -> None:
    from gieok.write.revoked import allowed
    assert allowed(sentence) == words


def test_allowed_again_ends_the_ban_not_the_ask(mem: Memory) -> None:
    _say(mem, "2026-04-10", "no tables unless I ask. I hate them", "a")
    _say(mem, "2026-05-20", "actually you can use tables now, I changed my mind", "b")
    assert not any("No tables" in c for c in _live(mem))


# -- a rule dropped by name (newuser F4) ---------------------------------------------------------------
@pytest.mark.parametrize(("sentence", "words"), [
    ("You don't have to answer only in English anymore, Korean is fine now.", ("english",)),
    ("Forget the English-only rule, please.", ("english",)),
    ("Never mind the English rule, Korean is fine.", ("english",)),
    ("drop the bullet-point thing", ("bullet", "point")),
])
def test_a_rule_dropped_by_name(sentence: str, words: tuple[str, ...]) -> None:
    from gieok.write.revoked import revoked
    assert revoked(sentence) == words


@pytest.mark.parametrize("sentence", ["never mind the weather", "forget it, I'll do it myself",
                                      "nevermind, found it"])
def test_no_rule_dropped(sentence: str) -> None:
    from gieok.write.revoked import revoked
    assert revoked(sentence) == ()


@pytest.mark.parametrize("taken_back", ["Never mind the English rule, Korean is fine.",
                                        "Forget the English-only rule, please.",
                                        "You don't have to answer only in English anymore, Korean is fine now."])
def test_the_english_rule_taken_back(mem: Memory, taken_back: str) -> None:
    _say(mem, "2026-11-16", "Please always answer me in English, even if I write in Korean.", "a")
    _say(mem, "2026-11-20", taken_back, "b")
    assert not any("Always answer" in c for c in _live(mem))


# -- an occupation left, said by its gerund (newuser F5) ----------------------------------------------
@pytest.mark.parametrize(("sentence", "names"), [
    ("I left teaching and now work as a lab manager at Pfizer", ("teaching",)),
    ("quit nursing last year", ("nursing",)),
])
def test_an_occupation_left(sentence: str, names: tuple[str, ...]) -> None:
    assert retired(sentence) == names


@pytest.mark.parametrize("sentence", ["I left the meeting early", "left running for a while",
                                      "left cycling at the gym", "left the building"])
def test_no_occupation_left(sentence: str) -> None:
    assert not any(n.endswith("ing") for n in retired(sentence))


def test_leaving_teaching_ends_teaching(mem: Memory) -> None:
    _say(mem, "2026-11-16", "I teach high school chemistry.", "a")
    _say(mem, "2026-11-20", "I left teaching and now work as a lab manager at Pfizer.", "b")
    live = _live(mem)
    assert not any("chemistry" in c for c in live)
    assert "User works as a lab manager at Pfizer" in live
