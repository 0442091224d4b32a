"""``records_from`` (stores/_sql/rows.py) reads result tuples by position: it must build
exactly what ``row_to_record`` builds from the same row as a mapping — same values, same
field types (a vocabulary's enum, never its ``str``), whatever the column order."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from gieok.domain.records import Layer, MemoryRecord, MemoryType, Source, Status
from gieok.domain.scope import Scope
from gieok.stores._sql.rows import COLUMNS, record_to_row, records_from, row_to_record
from gieok.stores.sqlite.store import _time_in, _time_out


def _records(seed: int, n: int = 40) -> list[MemoryRecord]:
    pick = random.Random(seed)
    base = datetime(2024, 1, 1, tzinfo=UTC)
    out = []
    for i in range(n):
        maybe = lambda value: value if pick.random() < 0.5 else None  # noqa: E731
        out.append(MemoryRecord(
            scope=pick.choice([Scope(user="u1"), Scope(org="acme", user="u2", session="s"),
                               Scope(project="p", persona="bot")]),
            layer=pick.choice(list(Layer)), type=pick.choice(list(MemoryType)),
            source=pick.choice(list(Source)), status=pick.choice(list(Status)),
            category=maybe(pick.choice(["health", "location"])), content=f"memory {i}",
            index_text=maybe(f"label {i}"), data=maybe({"k": i, "nested": {"x": [1, 2]}}),
            metadata=pick.choice([{}, {"turn": str(i), "speaker": "A"}]),
            confidence=pick.random(), importance=pick.choice([0.0, 0.5, 1.0, pick.random()]),
            source_session=maybe("s1"), source_turn_ids=pick.choice([[], ["t1", "t2"]]),
            source_preview=maybe("preview"), tags=pick.choice([[], ["a"], ["a", "b"]]),
            emotion=maybe("calm"), pii_flags=pick.choice([[], ["email"]]),
            pinned=pick.random() < 0.5, promoted=pick.random() < 0.5,
            version=pick.randint(1, 5), usage_count=pick.randint(0, 9),
            last_used_at=maybe(base + timedelta(hours=i)),
            event_time=base + timedelta(days=i, microseconds=i),
            valid_to=maybe(base + timedelta(days=400)),
            expires_at=maybe(base + timedelta(days=900)),
            superseded_at=maybe(base + timedelta(days=2)), superseded_by=maybe("other"),
        ))
    return out


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_records_from_tuples_equal_row_to_record(seed: int) -> None:
    records = _records(seed)
    names = list(COLUMNS)
    random.Random(seed).shuffle(names)  # positions come from the result's own columns
    rows = [record_to_row(r, _time_out) for r in records]
    tuples = [tuple(row[name] for name in names) for row in rows]
    built = records_from(names, tuples, _time_in)
    assert len(built) == len(records)
    for got, row, original in zip(built, rows, records, strict=True):
        want = row_to_record(row, _time_in)
        assert got == want == original
        assert list(got.__dict__) == list(MemoryRecord.model_fields)
        for name in MemoryRecord.model_fields:
            value = getattr(got, name)
            assert type(value) is type(getattr(want, name)), name
            assert type(value) is type(getattr(original, name)), name
        assert type(got.layer) is Layer and type(got.status) is Status
        assert got.model_fields_set == want.model_fields_set


def test_records_from_fills_what_a_null_json_column_leaves_out() -> None:
    [record] = _records(3, n=1)
    row = record_to_row(record, _time_out)
    row.update(metadata=None, tags=None, pii_flags=None, source_turn_ids=None, data="null")
    [got] = records_from(list(row), [tuple(row.values())], _time_in)
    assert got == row_to_record(row, _time_in)
    assert (got.metadata, got.tags, got.pii_flags, got.source_turn_ids, got.data) == (
        {}, [], [], [], None)
