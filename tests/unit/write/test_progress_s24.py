"""Money saved toward a goal, updated by the amount alone (session 24, issue 16): the stored
memory at the new amount, the goal kept; and a habit said again with "요즘도" (still, these
days) is the same memory. Sentences of our own, with look-alikes.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gieok import Memory
from gieok.write.progress import rewritten
from tests.support.sessions import long_term, say


@pytest.fixture
def mem(tmp_path) -> Iterator[Memory]:  # type: ignore[no-untyped-def]
    with Memory(f"sqlite:///{tmp_path / 'm.db'}") as m:
        yield m


@pytest.mark.parametrize(("old", "value", "out"), [
    ("User is saving for a car, goal is 15k, at 4k so far", "9k",
     ("User is saving for a car, goal is 15k, at 9k so far", "4k")),
    ("User has saved 4,000 toward a 10,000 goal for the wedding", "5,500",
     ("User has saved 5,500 toward a 10,000 goal for the wedding", "4,000")),
])
def test_the_amount_saved_moves(old: str, value: str, out: tuple[str, str]) -> None:
    assert rewritten(old, value) == out


@pytest.mark.parametrize(("old", "value"), [
    ("User is at 12k", "21k"),                                   # no goal beside it: nothing kept
    ("User is saving 500 a month for a 12,000 target", "600"),  # a monthly amount, not saved
    ("User's goal is 30k", "19k"),                               # the goal alone
    ("User is saving for a car, goal is 15k, at 4k so far", "3pm"),
])
def test_nothing_to_move(old: str, value: str) -> None:
    assert rewritten(old, value) is None


def test_savings_update_keeps_the_goal(mem: Memory) -> None:
    say(mem, "2026-02-01", "saving for a car, goal is 15k, at 4k so far", "s1")
    say(mem, "2026-06-01", "up to 9k on the car fund!", "s2")
    live = long_term(mem)
    assert any("15k" in c and "9k" in c for c in live)
    assert not any("4k" in c for c in live)


def test_still_these_days_is_said_again(mem: Memory) -> None:
    say(mem, "2026-02-01", "주말마다 할머니 댁 가서 장 봐드려", "s1")
    say(mem, "2026-06-01", "요즘도 주말마다 할머니 댁 가서 장 봐드림", "s2")
    assert len([c for c in long_term(mem) if "주말마다" in c]) == 1


def test_not_anymore_these_days_is_no_restatement(mem: Memory) -> None:
    say(mem, "2026-02-01", "주말마다 할머니 댁 가서 장 봐드려", "s1")
    say(mem, "2026-06-01", "요즘도 안 가. 할머니가 이모네로 가셨어", "s2")
    assert any("주말마다" in c for c in long_term(mem))
