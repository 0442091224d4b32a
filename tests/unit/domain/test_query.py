from __future__ import annotations

import math
from datetime import UTC, datetime

import pytest

from gieok import InvalidInputError, MemoryRecord, Scope
from gieok.domain.query import And, Condition, matches, parse_filter, parse_time

REC = MemoryRecord(scope=Scope(user="u"), content="x", category="food", tags=["a", "b"],
                   importance=0.4, metadata={"k": "v"},
                   event_time=datetime(2020, 6, 1, tzinfo=UTC))


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ({"category": "food"}, True),
        ({"category": {"in": ["x", "food"]}}, True),
        ({"category": {"nin": ["food"]}}, False),
        ({"tags": "b"}, True),
        ({"tags": {"in": ["z", "a"]}}, True),
        ({"importance": {"gt": 0.4}}, False),
        ({"event_time": {"gte": 2020, "lt": "2021-01-01"}}, True),
        ({"metadata.k": "v"}, True),
        ({"metadata.missing": {"ne": "v"}}, True),
        ({"emotion": "joy"}, False),
        ({"NOT": {"emotion": "joy"}}, True),
        ({"OR": [{"category": "x"}, {"tags": "a"}]}, True),
    ],
)
def test_matches(spec: dict[str, object], expected: bool) -> None:
    assert matches(parse_filter(spec), REC) is expected


def test_parse_builds_and_of_conditions() -> None:
    flt = parse_filter({"type": "fact", "importance": {"gte": 0.5}})
    assert isinstance(flt, And)
    assert Condition("importance", "gte", 0.5) in flt.items


@pytest.mark.parametrize(
    "spec",
    [
        {"colour": "red"},
        {"type": {"like": "f%"}},
        {"importance": {"gte": "high"}},
        {"importance": {"gte": math.nan}},
        {"pinned": "yes"},
        {"category": {"in": []}},
        {"event_time": {"gte": "last tuesday"}},
        {"metadata.bad key": 1},
        {"AND": "nope"},
        "type=fact",
    ],
)
def test_bad_filters_raise_invalid_filter(spec: object) -> None:
    with pytest.raises(InvalidInputError) as err:
        parse_filter(spec)  # type: ignore[arg-type]
    assert err.value.code == "INVALID_FILTER"


def test_parse_time_accepts_years_iso_and_naive() -> None:
    assert parse_time(2021) == datetime(2021, 1, 1, tzinfo=UTC)
    assert parse_time("2021-03-04T05:06:07Z").hour == 5
    assert parse_time(datetime(2021, 1, 1)).tzinfo is not None
