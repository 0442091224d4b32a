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

import pytest

from gieok import Memory
from gieok.write.extract import changes
from gieok.write.extract.retired import retired
from gieok.write.partial import relocated, unchanged, without_companion


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


def _say(mem: Memory, day: str, text: str, session: str) -> None:
    mem.add([{"role": "user", "content": text}], user_id="u", session_id=session,
            timestamp=f"{day}T10:00:00")
    mem.end_session(user_id="u", session_id=session)


def _live(mem: Memory) -> list[str]:
    return [r.content for r in mem.list(user_id="u", limit=100)]


def test_a_sisters_move_keeps_the_bakery(mem: Memory) -> None:
    _say(mem, "2026-10-01", "I run a small bakery in Portland with my sister Ana. We're open 7 "
         "to 3, closed Mondays.", "s0")
    _say(mem, "2026-11-01", "My sister Ana moved to Seattle so I'm running the bakery alone now",
         "s1")
    live = _live(mem)
    assert any("bakery in Portland" in c and "Ana" not in c for c in live)
    assert any("7 to 3" in c for c in live)
    assert any("Seattle" in c and "alone" in c for c in live)


def test_a_breakup_keeps_the_users_diet(mem: Memory) -> None:
    _say(mem, "2026-10-01", "I'm vegetarian btw, and my partner Jo is vegan", "s0")
    _say(mem, "2026-11-01", "Jo and I broke up last month, so just me now", "s1")
    live = _live(mem)
    assert "User is vegetarian" in live
    assert not any("Jo is vegan" in c for c in live)


def test_a_new_school_keeps_the_name(mem: Memory) -> None:
    _say(mem, "2026-10-01", "hey! so I'm Priya, I teach 7th grade science in Austin", "s0")
    _say(mem, "2026-11-01", "we moved to Denver last week! I'm teaching at a new school, 8th "
         "grade now", "s1")
    live = _live(mem)
    assert any("Priya" in c and "Austin" not in c for c in live)
    assert not any("7th grade" in c for c in live)


def test_a_host_move_keeps_the_stack(mem: Memory) -> None:
    _say(mem, "2026-10-01", "I'm working on a django app called ledgerly, postgres 16 on render",
         "s0")
    _say(mem, "2026-11-10", "moved ledgerly to fly.io this weekend", "s1")
    live = _live(mem)
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


def test_one_goal_dropped_keeps_the_other(mem: Memory) -> None:
    _say(mem, "2026-10-01", "my goals this year: run a half marathon and learn Spanish", "s0")
    _say(mem, "2026-11-10", "dropping the spanish thing", "s1")
    live = _live(mem)
    assert any("half marathon" in c and "Spanish" not in c for c in live)
    assert not any("learn Spanish" in c for c in live)
