"""Bounded dense search (stores/sqlite/bounds.py): the int8 copy only decides which rows are
scored in float32, so its answer must be the exact scan's — same rows, order and score bits —
through writes, removals, growth and compaction; and its bounds must hold."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gieok.stores.sqlite import bounds, vectors
from gieok.stores.sqlite.vectors import Ranking, ScopeMatrix

pytestmark = pytest.mark.skipif(not bounds.available(), reason="needs numkong (the ann extra)")

DIM = 48


def vec(rng: np.random.Generator, scale: float = 1.0) -> np.ndarray:
    v = rng.normal(size=DIM).astype(np.float32)
    return (v / np.linalg.norm(v) * scale).astype(np.float32)


def scan(entry: ScopeMatrix, query: np.ndarray, m: int) -> list[tuple[str, float]]:
    return entry._exact_first(entry.scores(query), m)


@pytest.fixture(autouse=True)
def always_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bounds, "MIN_ROWS", 0)
    monkeypatch.setattr(bounds, "MAX_SHARE", 1.0)


def check_same(entry: ScopeMatrix, rng: np.random.Generator) -> None:
    for _ in range(4):
        query = vec(rng, scale=float(rng.uniform(0.5, 2.0)))
        for m in (1, 7, max(1, entry.live_count - 1)):
            if m >= entry.live_count:
                continue
            ranking = Ranking(entry, query)
            got = ranking.first(m)
            assert ranking._bounds is not None  # the bounded path ran, no silent scan
            assert got == scan(entry, query, m)  # ids, order and float bits


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bounded_matches_the_scan_through_changes(seed: int,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vectors, "COMPACT_MIN_DEAD", 8)  # compaction drops the codes too
    rng = np.random.default_rng(seed)
    pick = random.Random(seed)
    entry = ScopeMatrix(dim=DIM)
    entry.reset()
    ids: list[str] = []
    tie = vec(rng)
    for step in range(30):
        changes: list[tuple[str, bytes | None, bool]] = []
        for _ in range(pick.randint(1, 25)):
            action = pick.random()
            if action < 0.5 or not ids:  # a new row (the matrix grows past its capacity)
                ids.append(f"m{step}-{len(ids)}")
                changes.append((ids[-1], vec(rng, float(rng.uniform(0.3, 3))).tobytes(), True))
            elif action < 0.7:  # a new vector for a row
                changes.append((pick.choice(ids), vec(rng).tobytes(), True))
            elif action < 0.8:  # the same vector as another row: ties
                changes.append((pick.choice(ids), tie.tobytes(), True))
            else:  # removed
                changes.append((pick.choice(ids), None, False))
        entry.apply(changes)
        if entry.live_count > 2:
            check_same(entry, rng)


def test_ties_at_the_cut_keep_the_earlier_rows() -> None:
    rng = np.random.default_rng(5)
    same = vec(rng)
    entry = ScopeMatrix(dim=DIM)
    entry.reset()
    rows = [(f"r{i}", (same if i % 3 == 0 else vec(rng)).tobytes(), True) for i in range(60)]
    entry.apply(rows)
    ranking = Ranking(entry, same)
    got = [rid for rid, _ in ranking.first(5)]
    assert got == ["r0", "r3", "r6", "r9", "r12"]  # 20 rows tie at the top
    assert [rid for rid, _ in scan(entry, same, 5)] == got


def test_bounds_hold_for_every_row() -> None:
    rng = np.random.default_rng(7)
    matrix = np.stack([vec(rng, float(s)) for s in rng.uniform(0.01, 5, size=500)])
    codes = bounds.Codes.of(matrix, len(matrix))
    alive = np.ones(len(matrix), dtype=bool)
    widths = []
    for _ in range(20):
        query = vec(rng, float(rng.uniform(0.1, 3)))
        found = codes.bounds(query, len(matrix), alive, 0)
        assert found is not None
        lower, upper = found
        exact = np.einsum("ij,j->i", matrix, query).astype(np.float64)
        assert (lower <= exact).all() and (exact <= upper).all()
        widths.append(float(np.median(upper - lower) / np.linalg.norm(query)))
    assert max(widths) < 0.2  # bounds that decide something, not (-inf, inf)


def test_integer_kernel_is_exact_at_the_extremes() -> None:
    codes = bounds.Codes(384, 2)
    codes.codes[:] = 127
    codes.codes[1] = -127
    codes.step[:] = 1.0
    codes.slack[:] = 0.0
    lower, upper = codes.bounds(np.full(384, 127.0, np.float32), 2, np.ones(2, bool), 0)
    assert lower[0] == 127 * 127 * 384 and lower[1] == -127 * 127 * 384  # no saturation


def test_dead_rows_and_a_zero_query() -> None:
    rng = np.random.default_rng(3)
    entry = ScopeMatrix(dim=DIM)
    entry.reset()
    entry.apply([(f"r{i}", vec(rng).tobytes(), True) for i in range(40)])
    entry.apply([(f"r{i}", None, False) for i in range(0, 40, 2)])
    query = vec(rng)
    got = Ranking(entry, query).first(10)
    assert got == scan(entry, query, 10)
    assert all(int(rid[1:]) % 2 == 1 for rid, _ in got)
    zero = np.zeros(DIM, np.float32)
    ranking = Ranking(entry, zero)
    assert ranking.first(5) == scan(entry, zero, 5) and ranking._bounds is None


def test_without_the_kernels_the_scan_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(4)
    entry = ScopeMatrix(dim=DIM)
    entry.reset()
    entry.apply([(f"r{i}", vec(rng).tobytes(), True) for i in range(50)])
    query = vec(rng)
    expected = Ranking(entry, query).first(8)
    monkeypatch.setattr(bounds, "_cdist", None)
    ranking = Ranking(entry, query)
    assert ranking.first(8) == expected and ranking._bounds is None
