"""The date an arrangement was set or moved to is ahead even though the arrangement is said in
the past tense: "3월 12일로 잡았어" in January is this March, not last March."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok.write.extract.timeexpr import resolve_time

JANUARY = datetime(2026, 1, 15, 10, tzinfo=UTC)


@pytest.mark.parametrize("sentence, when", [
    ("치과 3월 12일로 잡았어", "2026-03-12"),
    ("결혼식 날짜 5월 9일로 정했어요", "2026-05-09"),
    ("booked the vet for March 12", "2026-03-12"),
    ("they pushed my interview to Feb 3", "2026-02-03"),
])
def test_the_date_set_is_ahead(sentence: str, when: str) -> None:
    found = resolve_time(sentence, JANUARY)
    assert found is not None and found.as_data()["when"] == when


@pytest.mark.parametrize("sentence, when", [
    ("12월 3일에 이사했어", "2025-12-03"),          # what happened on the date: behind
    ("we got married on December 3", "2025-12-03"),
    ("I moved here on December 3", "2025-12-03"),
])
def test_a_past_event_on_the_date_stays_behind(sentence: str, when: str) -> None:
    found = resolve_time(sentence, JANUARY)
    assert found is not None and found.as_data()["when"] == when
