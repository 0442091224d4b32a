"""Dates in queries → time windows → a boost for memories whose event time fits."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok.read.temporal import TimeWindow, time_match, time_windows

NOW = datetime(2024, 6, 15, 12, 0, tzinfo=UTC)


def _d(y: int, m: int, d: int) -> datetime:
    return datetime(y, m, d, tzinfo=UTC)


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        ("What did Maria do on 13 October, 2023?", _d(2023, 10, 13), _d(2023, 10, 14)),
        ("What painting did she show on October 13, 2023?", _d(2023, 10, 13), _d(2023, 10, 14)),
        ("What did he donate in December 2023?", _d(2023, 12, 1), _d(2024, 1, 1)),
        ("How many times did she go to the beach in 2023?", _d(2023, 1, 1), _d(2024, 1, 1)),
        ("2023년 5월에 뭐 했어?", _d(2023, 5, 1), _d(2023, 6, 1)),
        ("2023년 5월 8일에 만난 사람", _d(2023, 5, 8), _d(2023, 5, 9)),
        ("meeting notes from 2024-02-29", _d(2024, 2, 29), _d(2024, 3, 1)),
        ("What did I say yesterday?", _d(2024, 6, 14), _d(2024, 6, 15)),
        ("지난주에 산 책", _d(2024, 6, 8), _d(2024, 6, 15)),
    ],
)
def test_windows(query: str, start: datetime, end: datetime) -> None:
    windows = time_windows(query, NOW)
    assert windows[0].start == start and windows[0].end == end


def test_month_without_year_matches_any_year() -> None:
    (window,) = time_windows("When did Melanie go camping in June?", NOW)
    assert window.any_year
    assert time_match(_d(2021, 6, 20), [window], after_days=14, before_days=2) == 1.0
    assert time_match(_d(2021, 9, 20), [window], after_days=14, before_days=2) < 0.01


def test_no_time_words_no_windows() -> None:
    assert time_windows("What is the name of Ana's puppy?", NOW) == []
    assert time_windows("I have 2 cats and 13 plants", NOW) == []
    assert time_windows("Mayday, may I ask something", NOW) == []


def test_an_impossible_day_falls_back_to_its_month() -> None:
    (window,) = time_windows("on 31 February, 2023", NOW)
    assert (window.start, window.end) == (_d(2023, 2, 1), _d(2023, 3, 1))


def test_time_match_decays_after_and_before() -> None:
    window = TimeWindow(_d(2023, 5, 1), _d(2023, 5, 2))
    inside = time_match(_d(2023, 5, 1), [window], after_days=14, before_days=2)
    after = time_match(_d(2023, 5, 9), [window], after_days=14, before_days=2)
    before = time_match(_d(2023, 4, 24), [window], after_days=14, before_days=2)
    assert inside == 1.0
    assert 0.5 < after < 1.0
    assert before < 0.05
    assert time_match(_d(2023, 5, 9), [], after_days=14, before_days=2) == 0.0
