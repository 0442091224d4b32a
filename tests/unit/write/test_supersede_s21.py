"""An update ends exactly what it changes (session 21, issue 16).

New-user trials, not from any data file: a relative who moved ended the user's own business
("I run a small bakery in Portland with my sister Ana" → "Ana moved to Seattle so I'm running
it alone now"); a project moved to another host ended its stack ("django app ledgerly, postgres
16 on render" → "moved ledgerly to fly.io"); a breakup ended the user's own diet said in the
same memory as the partner's; a new school ended the user's name said in the same memory as the
old one. What the change did not touch stays current; the old wording stays in history.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from gieok import Memory
from gieok.write.extract import changes
from gieok.write.extract.dwelling import home_in, household
from gieok.write.extract.new_value import new_value
from gieok.write.extract.retired import retired
from gieok.write.extract.shift import shifts
from gieok.write.partial import relocated, same_job, unchanged, without_companion


# -- a companion gone ------------------------------------------------------------------------------
@pytest.mark.parametrize(("old", "new", "rest"), [
    ("User runs a small bakery in Portland with their sister Ana",
     "User's sister Ana moved to Seattle so User is running the bakery alone now",
     "User runs a small bakery in Portland"),
    ("User runs a small bakery in Portland with their sister Ana, User opens at 6am every day",
     "Ana left, User runs it by themselves now",
     "User runs a small bakery in Portland, User opens at 6am every day"),
    ("User plays tennis with Tom on Sundays", "Tom moved to Leeds so User plays alone now",
     "User plays tennis on Sundays"),
    ("User cooks dinner with their partner Jo every night",
     "Jo and User broke up last month, so just the user now", "User cooks dinner every night"),
])
def test_the_part_of_the_one_who_left_ends(old: str, new: str, rest: str) -> None:
    assert without_companion(old, new) == rest


@pytest.mark.parametrize(("old", "new"), [
    ("User runs a small bakery in Portland with their sister Ana",
     "Ana is visiting, User is alone at the bakery now"),        # nobody left
    ("User runs a small bakery in Portland with their sister Ana",
     "Ana moved to Seattle"),                                     # the user is not said alone
    ("User runs a small bakery in Portland with their sister Ana",
     "Tom moved to Leeds so User walks the dog alone now"),       # someone else left
    ("User went to the movies alone", "Ana moved to Seattle so User is alone now"),
    ("사용자는 언니랑 같이 빵집 한다", "Ana moved to Seattle so User is alone now"),
])
def test_no_companion_cut(old: str, new: str) -> None:
    assert without_companion(old, new) is None


def test_a_relatives_move_is_not_a_change_of_the_shop() -> None:
    # the kind ("bakery" is a shop) is read in the clause of the change, not its consequence
    assert changes.change("User's sister Ana moved to Seattle so User is running the bakery "
                          "alone now") is None
    said = changes.change("User switched to Dr. Lee, their vet now")
    assert said is not None and "vet" in said.kinds
    said = changes.change("User moved to Anytime Fitness now")
    assert said is not None and "gym" in said.kinds


# -- clauses: a new "User" after a comma, a possessive subject, a pronoun pointing back ------------
@pytest.mark.parametrize(("old", "new", "names", "rest"), [
    ("User is Priya, User teaches 7th grade science in Austin",
     "User is teaching at a new school, 8th grade now", (), "User is Priya"),
    ("User is vegetarian, and their partner Jo is vegan",
     "Jo and User broke up last month, so just the user now", ("Jo",), "User is vegetarian"),
])
def test_the_clauses_left_alone(old: str, new: str, names: tuple[str, ...], rest: str) -> None:
    assert unchanged(old, new, names) == rest


@pytest.mark.parametrize(("old", "new", "names"), [
    ("User has a dog Mango, User walks him every morning", "User's dog Mango passed away",
     ("Mango",)),                                     # "him" is the dog: not kept alone
    ("User is vegan, and their partner Jo is vegan too", "Jo is not vegan anymore", ("Jo",)),
])
def test_no_clause_kept(old: str, new: str, names: tuple[str, ...]) -> None:
    assert unchanged(old, new, names) is None


# -- a thing moved to another place ------------------------------------------------------------------
@pytest.mark.parametrize(("old", "new", "things", "value", "rest", "before"), [
    ("User is working on a django app called ledgerly, postgres 16 on render",
     "User moved ledgerly to fly.io this weekend", ("ledgerly",), "fly.io",
     "User is working on a django app called ledgerly, postgres 16 on fly.io", "render"),
    ("User keeps the blog on Ghost, posting weekly", "User moved the blog to Netlify",
     ("blog",), "Netlify", "User keeps the blog on Netlify, posting weekly", "Ghost"),
])
def test_the_thing_at_its_new_place(old: str, new: str, things: tuple[str, ...], value: str,
                                    rest: str, before: str) -> None:
    assert relocated(old, new, things, value) == (rest, before)


@pytest.mark.parametrize(("old", "new", "things", "value"), [
    ("User is working on a django app called ledgerly, postgres 16 on render",
     "User moved ledgerly to fly.io because render got pricey", ("ledgerly",), "fly.io"),
    ("User has standup at 9:30 on Mondays", "User moved standup to 10", ("standup",), "10"),
    ("User works on ledgerly", "User moved ledgerly to fly.io", ("ledgerly",), "fly.io"),
    ("User hosts ledgerly on render and the docs on Netlify", "User moved ledgerly to fly.io",
     ("ledgerly",), "fly.io"),                                    # two places: which one moved
    ("User is working on ledgerly, postgres 16 on render", "User loves ledgerly on fly.io",
     ("ledgerly",), "fly.io"),                                    # no move said
])
def test_no_relocation(old: str, new: str, things: tuple[str, ...], value: str) -> None:
    assert relocated(old, new, things, value) is None


# -- end to end through add() ---------------------------------------------------------------------
@pytest.fixture
def mem(tmp_path) -> Iterator[Memory]:  # type: ignore[no-untyped-def]
    with Memory(f"sqlite:///{tmp_path / 'm.db'}") as m:
        yield m


def test_a_sisters_move_keeps_the_bakery(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-10-01",
                 "I run a small bakery in Portland with my sister Ana. We're open 7 "
                 "to 3, closed Mondays.", "s0")
    sessions.say(mem, "2026-11-01",
                 "My sister Ana moved to Seattle so I'm running the bakery alone now",
                 "s1")
    live = sessions.listed(mem)
    assert any("bakery in Portland" in c and "Ana" not in c for c in live)
    assert any("7 to 3" in c for c in live)
    assert any("Seattle" in c and "alone" in c for c in live)


def test_a_breakup_keeps_the_users_diet(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-10-01", "I'm vegetarian btw, and my partner Jo is vegan", "s0")
    sessions.say(mem, "2026-11-01", "Jo and I broke up last month, so just me now", "s1")
    live = sessions.listed(mem)
    assert "User is vegetarian" in live
    assert not any("Jo is vegan" in c for c in live)


def test_a_new_school_keeps_the_name(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-10-01", "hey! so I'm Priya, I teach 7th grade science in Austin", "s0")
    sessions.say(mem, "2026-11-01",
                 "we moved to Denver last week! I'm teaching at a new school, 8th "
                 "grade now", "s1")
    live = sessions.listed(mem)
    assert any("Priya" in c and "Austin" not in c for c in live)
    assert not any("7th grade" in c for c in live)


def test_a_host_move_keeps_the_stack(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-10-01",
                 "I'm working on a django app called ledgerly, postgres 16 on render",
                 "s0")
    sessions.say(mem, "2026-11-10", "moved ledgerly to fly.io this weekend", "s1")
    live = sessions.listed(mem)
    assert any("django" in c and "postgres 16" in c and "fly.io" in c for c in live)
    assert not any("render" in c for c in live)


# -- one goal of a list dropped ----------------------------------------------------------------------
@pytest.mark.parametrize(("sentence", "names"), [
    ("dropping the spanish thing", ("spanish",)),
    ("honestly dropping the half marathon goal", ("half marathon",)),
    ("I dropped my pottery class", ("pottery",)),
    ("giving up on the guitar lessons", ("guitar",)),
    ("I dropped my phone", ()),                        # a thing dropped, not let go
    ("dropping the kids off at school", ()),
    ("dropped the ball on that", ()),
])
def test_a_goal_let_go(sentence: str, names: tuple[str, ...]) -> None:
    assert retired(sentence) == names


@pytest.mark.parametrize(("old", "new", "names", "rest"), [
    ("User's goals: run a half marathon and learn Spanish", "Dropping the spanish thing",
     ("spanish",), "User's goals: run a half marathon"),
    ("User's goals this year: run a half marathon, read 20 books and learn Spanish",
     "User is dropping the spanish thing, no time", ("spanish",),
     "User's goals this year: run a half marathon and read 20 books"),
])
def test_the_items_left_in_a_list(old: str, new: str, names: tuple[str, ...], rest: str) -> None:
    assert unchanged(old, new, names) == rest


def test_one_goal_dropped_keeps_the_other(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-10-01",
                 "my goals this year: run a half marathon and learn Spanish", "s0")
    sessions.say(mem, "2026-11-10", "dropping the spanish thing", "s1")
    live = sessions.listed(mem)
    assert any("half marathon" in c and "Spanish" not in c for c in live)
    assert not any("learn Spanish" in c for c in live)


# -- shapes of change read more widely (fresh19 dev sequences, each with its look-alikes) -----------
def test_a_promotion_in_a_job_said_works_at_x_as_y(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-01-20", "I work at Shopify in Ottawa as a support lead", "s0")
    sessions.say(mem, "2026-06-20", "got promoted to support manager!", "s1")
    live = sessions.listed(mem)
    assert any("Shopify in Ottawa" in c and "support lead" not in c for c in live)
    assert any("support manager" in c for c in live)


@pytest.mark.parametrize(("old", "new", "rest"), [
    ("User works at Shopify in Ottawa as a support lead", "User got promoted to support manager",
     "User works at Shopify in Ottawa"),
    ("User works for Acme as an engineer", "User got promoted to staff engineer",
     "User works for Acme"),
])
def test_the_workplace_of_a_role_said_after_it(old: str, new: str, rest: str) -> None:
    assert same_job(old, new) == rest


def test_no_workplace_when_the_new_job_is_elsewhere() -> None:
    assert same_job("User works at Shopify in Ottawa as a support lead",
                    "User left for Stripe as a manager") is None


@pytest.mark.parametrize(("sentence", "moved"), [
    ("사용자는 결혼식 가을로 미뤘다. 10월 10일로. 식장 사정 때문에", True),   # a season is a date
    ("사용자는 결혼식 10월 10일로 미뤘다", True),
    ("사용자는 가을로 접어들었다", False),
])
def test_a_season_is_a_new_date(sentence: str, moved: bool) -> None:
    assert any(s.kind == "rescheduled" for s in shifts(sentence)) is moved


def test_a_wedding_put_off_to_autumn_keeps_its_name(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-01-25", "4월 18일에 결혼식 잡았어!", "s0")
    sessions.say(mem, "2026-03-01", "결혼식 가을로 미뤘어 10월 10일로. 식장 사정 때문에", "s1")
    live = sessions.listed(mem)
    assert any("결혼식" in c and "10월" in c for c in live)
    assert not any("4월 18일" in c for c in live)


@pytest.mark.parametrize(("new", "things", "value"), [
    ("사용자는 팀 미팅 다시 월요일로 돌아왔다", {"미팅"}, "월요일"),     # back to a value: a change
    ("사용자는 결혼식 가을로 미뤘다", {"결혼식"}, "가을"),
])
def test_back_to_and_a_season(new: str, things: set[str], value: str) -> None:
    said = new_value(new)
    assert said is not None and set(said.things) == things and said.value == value


def test_a_meeting_said_in_either_script(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-04-27", "team meeting 매주 월요일 10시야", "s0")
    sessions.say(mem, "2026-06-27", "팀 미팅 수요일로 바뀜", "s1")
    sessions.say(mem, "2026-09-27", "팀 미팅 다시 월요일로 돌아왔어 lol", "s2")
    live = sessions.listed(mem)
    assert any("미팅" in c and "월요일" in c for c in live)
    assert not any("수요일" in c for c in live)


@pytest.mark.parametrize(("memory", "home"), [
    ("User relocated again, Seattle this time, Priya got a job at a hospital there", "seattle"),
    ("User moved again, to Leeds this time", "leeds"),
    ("User went to Paris again, Lyon this time", None),               # a trip, no move
])
def test_a_move_said_again(memory: str, home: str | None) -> None:
    assert home_in(memory) == home


@pytest.mark.parametrize(("memory", "rest"), [
    ("User just moved to Denver with their wife Priya and their son Arjun",
     "User lives with their wife Priya and their son Arjun"),
    ("User moved to Denver with their company", None),                # no one of theirs
])
def test_who_moved_with_the_user_lives_with_them(memory: str, rest: str | None) -> None:
    assert household(memory) == rest


def test_a_second_move_keeps_the_family(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-02-18",
                 "just moved to Denver with my wife Priya and our son Arjun", "s0")
    sessions.say(mem, "2026-10-18", "we relocated again, Seattle this time, Priya got a job at a "
                 "hospital there", "s1")
    live = sessions.listed(mem)
    assert any("Arjun" in c for c in live)
    assert any("Seattle" in c for c in live)
    assert not any("Denver" in c for c in live)


@pytest.mark.parametrize(("sentence", "names"), [
    ("dropped pottery, doing salsa on thursdays now instead", ("pottery",)),
    ("I dropped calculus", ("calculus",)),
    ("dropped by the bakery", ()),
    ("the price dropped", ()),
    ("temperature dropped, so cold", ()),
    ("dropped everything", ()),
])
def test_an_activity_dropped(sentence: str, names: tuple[str, ...]) -> None:
    assert retired(sentence) == names


def test_what_replaced_the_activity_dropped(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-05-22", "signed up for a pottery class on thursdays", "s0")
    sessions.say(mem, "2026-08-22", "dropped pottery, doing salsa on thursdays now instead", "s1")
    live = sessions.listed(mem)
    assert any("salsa" in c for c in live)
    assert not any("pottery class" in c for c in live)


def test_a_trip_called_off_by_its_place(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-06-01", "여름휴가 8월 첫 주에 오사카 가기로 했어", "s0")
    sessions.say(mem, "2026-07-10", "오사카 여행 취소했어 회사 일 때문에 ㅠㅠ", "s1")
    assert not any("8월 첫 주" in c for c in sessions.listed(mem))


def test_a_race_not_run_this_year(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-06-10", "I'm planning to run the Chicago marathon in october", "s0")
    sessions.say(mem, "2026-08-30", "tore my calf, not running chicago this year. gutted", "s1")
    live = sessions.listed(mem)
    assert not any("marathon" in c for c in live)
    assert any("calf" in c for c in live)
