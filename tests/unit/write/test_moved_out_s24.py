"""Someone who moved out no longer lives with the user (session 24, issue 16): the memories of
living with them end, the move itself is dated history. Sentences of our own, in both
languages, with look-alikes that must not end anything.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gieok import Memory
from gieok.write.moved_out import ended_homes, lived_with, moved_out
from tests.support.sessions import long_term, say


@pytest.fixture
def mem(tmp_path) -> Iterator[Memory]:  # type: ignore[no-untyped-def]
    with Memory(f"sqlite:///{tmp_path / 'm.db'}") as m:
        yield m


@pytest.mark.parametrize(("text", "names"), [
    ("Priya moved out last month, I have the place to myself", ("Priya",)),
    ("Tomasz finally moved out", ("Tomasz",)),
    ("my housemate moved out so I need a new one", ("housemate",)),
    ("Ben moved back to Dublin in june", ("Ben",)),
    ("Ji-ho moved out of our flat on sunday", ("Ji-ho",)),
    ("하은이 결국 이사 나갔어", ("하은",)),
    ("민재가 짐 빼서 나갔고 이제 나 혼자야", ("민재",)),
    ("룸메가 지난주에 이사 나갔어", ("룸메",)),
    ("동생이 드디어 독립했어", ("동생",)),
])
def test_who_moved_out(text: str, names: tuple[str, ...]) -> None:
    assert moved_out(text) == names


@pytest.mark.parametrize("text", [
    "we moved out of the city last year",        # the user's own move
    "I moved out of my parents' place at 19",
    "Priya is moving out in May",                # still ahead
    "Priya moved out of her dorm",               # a move out of somewhere else
    "Priya moved to the night shift",            # no place
    "나 이사 나갔어",                              # the user
    "하은이 이사 나간대",                          # still ahead (hearsay)
    "하은이 밖에 나갔어",                          # went out, no move
    "the meeting moved out a week",
])
def test_no_one_moved_out(text: str) -> None:
    assert moved_out(text) == ()


@pytest.mark.parametrize(("content", "name", "said"), [
    ("User's flatmate Priya keeps leaving dishes out", "Priya", True),
    ("User lives with Tomasz in Gdansk", "Tomasz", True),
    ("User's boyfriend Ben and User share a flat in Cork", "Ben", True),
    ("사용자는 룸메 하은이랑 같이 산다", "하은", True),
    ("사용자는 남자친구 민재랑 동거 중이다", "민재", True),
    ("User's roommate is a night nurse", "roommate", True),
    ("User's brother Ben lives in Leeds", "Ben", False),   # lives, not with the user
    ("Priya is a nurse", "Priya", False),
    ("사용자의 동생 하은이는 대학생이다", "하은", False),
    ("User lives with Tomasz in Gdansk", "Priya", False),  # someone else
])
def test_lived_with(content: str, name: str, said: bool) -> None:
    assert lived_with(content, name) is said


def test_only_the_one_who_left() -> None:
    stored = [("a", "User lives with two flatmates, Priya and Sam"),
              ("b", "User's flatmate Sam is a chef"),
              ("c", "User's sister Priya lives in Leeds")]
    assert ended_homes("Priya moved out last week", stored) == (["a"], ["Priya"])


def test_flatmate_moved_out_ends_living_together(mem: Memory) -> None:
    say(mem, "2026-02-01", "my flatmate Priya keeps using my shampoo, how do I bring it up", "s1")
    say(mem, "2026-05-01", "Priya moved out on the weekend, I've got the place to myself now", "s2")
    assert not any("flatmate" in c for c in long_term(mem, history=False))
    assert any("Priya moved out" in c for c in long_term(mem))


def test_partner_moved_out_with_breakup(mem: Memory) -> None:
    say(mem, "2026-02-01", "my boyfriend Ben and I share a flat in Cork", "s1")
    say(mem, "2026-06-01", "Ben moved out, we broke up in may. I'm keeping the Cork flat", "s2")
    assert not any("Ben" in c for c in long_term(mem, history=False))
    assert any("Ben moved out" in c for c in long_term(mem, history=True))


def test_korean_roommate_moved_out_is_history(mem: Memory) -> None:
    say(mem, "2026-02-01", "룸메 하은이랑 같이 사는데 하은이가 청소를 안 해", "s1")
    say(mem, "2026-05-01", "하은이 결국 이사 나갔어. 이제 혼자 살아", "s2")
    assert not any("하은" in c for c in long_term(mem, history=False))
    assert any("혼자" in c for c in long_term(mem, history=False))
    assert any("하은" in c for c in long_term(mem, history=True))
    block = str(getattr(mem.context("나 누구랑 살아?", user_id="u", use_cache=False), "text", ""))
    assert "같이 산다" not in block


def test_someone_elses_move_ends_nothing(mem: Memory) -> None:
    say(mem, "2026-02-01", "my brother Sam lives in Leeds, he's a chef", "s1")
    say(mem, "2026-02-01", "I live with my flatmate Jo, she's a nurse", "s2")
    say(mem, "2026-05-01", "Sam moved out of his old place in Leeds", "s3")
    assert any("Jo" in c for c in long_term(mem, history=False))
    assert any("chef" in c for c in long_term(mem, history=False))
