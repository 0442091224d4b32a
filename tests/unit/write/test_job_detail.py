"""A job said again with where it is done keeps the place (issue 16, a new-user trial): "안녕 나는
서연이야 판교에서 백엔드 개발자로 일해" stored the job and dropped "판교에서 …" as its repeat
(``repeated._slot_said``). A restatement that adds the workplace is a memory of its own; one that
adds only a generic place or a time is still the job said again. Sentences written for this file."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from gieok import Memory
from gieok.write.repeated import _job_detail


@pytest.mark.parametrize("content", [
    "사용자는 판교에서 백엔드 개발자로 일한다",
    "사용자는 강남 병원에서 간호사로 근무한다",
    "User works as a nurse at Mercy Hospital",
    "User works as a line cook for Hyatt",
])
def test_a_workplace_is_a_detail(content: str) -> None:
    assert _job_detail(content, "사용자의 직업은 백엔드 개발자")


@pytest.mark.parametrize(("content", "stored"), [
    ("사용자는 회사에서 백엔드 개발자로 일한다", "사용자의 직업은 백엔드 개발자"),
    ("사용자는 요즘 백엔드 개발자로 일한다", "사용자의 직업은 백엔드 개발자"),
    ("User has worked as a nurse for 5 years", "User is a nurse"),
    ("User works as a nurse at the moment", "User is a nurse"),
    ("사용자는 판교에서 백엔드 개발자로 일한다", "사용자는 판교에서 백엔드 개발자로 일한다"),
])
def test_no_new_workplace(content: str, stored: str) -> None:
    assert not _job_detail(content, stored)


@pytest.fixture
def mem(tmp_path) -> Iterator[Memory]:  # type: ignore[no-untyped-def]
    with Memory(f"sqlite:///{tmp_path / 'm.db'}") as m:
        yield m


def test_an_introduction_keeps_the_workplace(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-10-01", "안녕 나는 서연이야 판교에서 백엔드 개발자로 일해", "s0")
    live = sessions.listed(mem)
    assert any("판교" in c for c in live), live
    assert "사용자의 직업은 백엔드 개발자" in live, live


def test_a_generic_place_is_still_the_job_said_again(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-10-01", "나 백엔드 개발자야", "s0")
    sessions.say(mem, "2026-11-01", "회사에서 백엔드 개발자로 일해", "s1")
    live = sessions.listed(mem)
    assert live == ["사용자의 직업은 백엔드 개발자"], live
