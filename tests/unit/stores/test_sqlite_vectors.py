"""ScopeMatrix / MatrixCache: incremental updates, removals, growth and compaction must give
exactly what a brute-force scan over the current state gives."""

from __future__ import annotations

import random
import sqlite3

import numpy as np
import pytest

from gieok.stores._sql.filters import Sql
from gieok.stores.sqlite import vectors
from gieok.stores.sqlite.vectors import MatrixCache, ScopeMatrix, verified_ids, verified_rowids

DIM = 16


def unit(rng: np.random.Generator) -> np.ndarray:
    v = rng.normal(size=DIM).astype(np.float32)
    return v / np.linalg.norm(v)


def brute_top(state: dict[str, np.ndarray], query: np.ndarray, m: int) -> list[str]:
    scored = sorted(state.items(), key=lambda kv: -float(kv[1] @ query))
    return [rid for rid, _ in scored[:m]]


def check(entry: ScopeMatrix, state: dict[str, np.ndarray], rng: np.random.Generator) -> None:
    assert entry.live_count == len(state)
    for _ in range(3):
        query = unit(rng)
        for m in (1, 5, len(state) + 3):
            got = entry.top(query, m)
            assert [rid for rid, _ in got] == brute_top(state, query, m)
            for rid, score in got:
                assert score == pytest.approx(float(state[rid] @ query), abs=1e-5)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_changes_match_brute_force(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vectors, "COMPACT_MIN_DEAD", 8)  # exercise compaction too
    rng = np.random.default_rng(seed)
    pick = random.Random(seed)
    entry = ScopeMatrix(dim=DIM)
    entry.reset()
    state: dict[str, np.ndarray] = {}
    next_id = 0
    for _ in range(40):
        changes: list[tuple[str, bytes | None, bool]] = []
        for _ in range(pick.randint(1, 30)):
            action = pick.random()
            if action < 0.5 or not state:  # new row (grows past capacity over time)
                rid, next_id = f"m{next_id}", next_id + 1
                vec = unit(rng)
                changes.append((rid, vec.tobytes(), True))
                state[rid] = vec
            elif action < 0.7:  # new vector for an existing row
                rid = pick.choice(sorted(state))
                vec = unit(rng)
                changes.append((rid, vec.tobytes(), True))
                state[rid] = vec
            elif action < 0.9:  # archived / superseded / deleted
                rid = pick.choice(sorted(state))
                changes.append((rid, None, False))
                del state[rid]
            else:  # a row removed and brought back in the same batch: the last change wins
                rid = pick.choice(sorted(state))
                vec = unit(rng)
                changes += [(rid, None, False), (rid, vec.tobytes(), True)]
                state[rid] = vec
        entry.apply(changes)
        check(entry, state, rng)


def test_removed_then_restored_row_is_found_again() -> None:
    rng = np.random.default_rng(3)
    entry = ScopeMatrix(dim=DIM)
    entry.reset()
    a, b = unit(rng), unit(rng)
    entry.apply([("a", a.tobytes(), True), ("b", b.tobytes(), True)])
    entry.apply([("a", None, False)])
    assert [rid for rid, _ in entry.top(a, 5)] == ["b"]
    entry.apply([("a", a.tobytes(), True)])
    assert entry.top(a, 1)[0][0] == "a"
    assert entry.live_count == 2 and entry.dead == 0


def test_wrong_dimension_and_missing_vectors_are_not_searchable() -> None:
    rng = np.random.default_rng(4)
    entry = ScopeMatrix(dim=DIM)
    entry.reset()
    entry.apply([("ok", unit(rng).tobytes(), True),
                 ("short", np.ones(DIM - 1, np.float32).tobytes(), True),
                 ("none", None, True)])
    assert [rid for rid, _ in entry.top(unit(rng), 10)] == ["ok"]


def test_compaction_keeps_ids_and_vectors_aligned() -> None:
    rng = np.random.default_rng(5)
    entry = ScopeMatrix(dim=DIM)
    entry.reset()
    state = {f"m{i}": unit(rng) for i in range(50)}
    entry.apply((rid, v.tobytes(), True) for rid, v in state.items())
    for i in range(0, 50, 3):
        entry.apply([(f"m{i}", None, False)])
        del state[f"m{i}"]
    entry.compact()
    assert entry.size == entry.live_count == len(state)
    check(entry, state, rng)


def test_empty_matrix_returns_nothing() -> None:
    entry = ScopeMatrix(dim=DIM)
    entry.reset()
    assert entry.top(np.ones(DIM, np.float32), 5) == []


def test_cache_evicts_least_recently_used_scopes() -> None:
    rng = np.random.default_rng(6)
    cache = MatrixCache(max_rows=10)
    for key in ("a", "b", "c"):
        cache.get(key, DIM).apply((f"{key}{i}", unit(rng).tobytes(), True) for i in range(6))
    cache.get("a", DIM)  # touch: "b" is now the oldest
    cache.evict()
    assert cache.peek("b") is None and cache.peek("c") is None
    assert cache.peek("a") is not None
    assert cache.get("a", DIM + 1).size == 0  # another dimension starts over


@pytest.fixture
def conn() -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE records (rowid INTEGER PRIMARY KEY, id TEXT UNIQUE, org TEXT)")
    db.executemany("INSERT INTO records (id, org) VALUES (?, ?)",
                   [(f"m{i}", "a" if i % 2 else "b") for i in range(40_000)])
    return db


def test_verification_handles_more_ids_than_sqlite_parameters(conn: sqlite3.Connection) -> None:
    ids = [f"m{i}" for i in range(40_000)] + ["missing"]
    got = verified_ids(conn, ids, Sql("org = ?", ["a"]))
    assert got == {f"m{i}" for i in range(1, 40_000, 2)}
    rows = verified_rowids(conn, [1, 2, 3, 10**9], Sql("org = ?", ["b"]))
    assert rows == {1: "m0", 3: "m2"}
    assert verified_ids(conn, [], Sql("1=1", [])) == set()


def test_exact_first_orders_ties_by_row_and_skips_dead_rows() -> None:
    """The exact cut: best score first, ties by row position, dead rows (``-inf``) never;
    scores are the float32 values as Python floats (``float(scores[i])``)."""
    entry = ScopeMatrix(dim=2)
    entry.reset()
    entry.apply([(f"r{i}", np.ones(2, np.float32).tobytes(), True) for i in range(8)])
    scores = np.array([0.5, 0.9, 0.5, -np.inf, 0.1, 0.9, -np.inf, 0.3], np.float32)
    scores[2] = np.float32(1 / 3)  # not exactly representable: stays float32's value
    got = entry._exact_first(scores, 8)
    assert got == [("r1", 0.8999999761581421), ("r5", 0.8999999761581421), ("r0", 0.5),
                   ("r2", float(np.float32(1 / 3))), ("r7", 0.30000001192092896),
                   ("r4", 0.10000000149011612)]
    assert all(type(s) is float for _, s in got)
    assert entry._exact_first(scores, 3) == got[:3]
