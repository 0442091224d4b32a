"""L1: the pure decay rule (×0.95 per period, floor 0.1, inferred and unpinned only)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from gieok.domain.records import MemoryRecord, Source
from gieok.domain.scope import Scope
from gieok.lifecycle.decay import decay_record

T0 = datetime(2024, 1, 1, tzinfo=UTC)


def rec(**kw: object) -> MemoryRecord:
    values: dict[str, object] = {"scope": Scope(user="u"), "content": "User likes tea",
                                 "source": Source.INFERRED, "confidence": 0.8, "event_time": T0}
    values.update(kw)
    return MemoryRecord(**values)  # type: ignore[arg-type]


def test_decays_per_whole_period() -> None:
    assert decay_record(rec(), T0 + timedelta(days=29)) is None
    after = decay_record(rec(), T0 + timedelta(days=65))
    assert after is not None and after.confidence == pytest.approx(0.8 * 0.95**2)
    assert after.metadata["decayed_to"] == (T0 + timedelta(days=60)).isoformat()


def test_running_twice_changes_nothing_and_monthly_equals_yearly() -> None:
    once = decay_record(rec(), T0 + timedelta(days=365))
    assert once is not None and decay_record(once, T0 + timedelta(days=365)) is None
    step = rec()
    for month in range(1, 13):
        step = decay_record(step, T0 + timedelta(days=30 * month + 5)) or step
    assert step.confidence == pytest.approx(once.confidence)


def test_floor_and_exemptions() -> None:
    far = T0 + timedelta(days=36500)
    assert decay_record(rec(), far).confidence == 0.1  # type: ignore[union-attr]
    assert decay_record(rec(source=Source.EXPLICIT), far) is None
    assert decay_record(rec(pinned=True), far) is None
    assert decay_record(rec(confidence=0.1), far) is None


def test_a_use_restarts_the_clock() -> None:
    used = rec(last_used_at=T0 + timedelta(days=300))
    after = decay_record(used, T0 + timedelta(days=340))
    assert after is not None and after.confidence == pytest.approx(0.8 * 0.95)
