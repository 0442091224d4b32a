"""A move that was planned is over once the user lives there (session 24, issue 16): the plan
to move is history beside the new home. Sentences of our own, in both languages, with
look-alikes that must stay current.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gieok import Memory
from tests.support.sessions import long_term, say


@pytest.fixture
def mem(tmp_path) -> Iterator[Memory]:  # type: ignore[no-untyped-def]
    with Memory(f"sqlite:///{tmp_path / 'm.db'}") as m:
        yield m


def test_korean_move_done_ends_the_plan(mem: Memory) -> None:
    say(mem, "2026-03-01", "다음 주에 망원동으로 이사 간다", "s1")
    say(mem, "2026-03-12", "이사 끝났어! 이제 망원동 살아", "s2")
    now = long_term(mem, history=False)
    assert not any("이사 간다" in c for c in now)
    assert any("망원동" in c for c in now)


def test_english_move_done_ends_the_plan(mem: Memory) -> None:
    say(mem, "2026-03-01", "we're moving to Boulder next month", "s1")
    say(mem, "2026-04-20", "finally moved! we live in Boulder now", "s2")
    now = long_term(mem, history=False)
    assert not any("moving to Boulder" in c for c in now)
    assert any("Boulder" in c for c in now)


def test_a_move_elsewhere_leaves_the_plan(mem: Memory) -> None:
    say(mem, "2026-03-01", "we're moving to Boulder next month", "s1")
    say(mem, "2026-03-05", "for now I live in Austin", "s2")
    assert any("moving to Boulder" in c for c in long_term(mem, history=False))


def test_a_relatives_plan_is_theirs(mem: Memory) -> None:
    say(mem, "2026-03-01", "my sister is moving to Boulder in june", "s1")
    say(mem, "2026-04-20", "I live in Boulder now", "s2")
    assert any("sister" in c and "Boulder" in c for c in long_term(mem, history=False))
