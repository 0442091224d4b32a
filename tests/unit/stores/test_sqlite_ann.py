"""The approximate vector index beside a scope matrix (``stores/sqlite/ann.py``): it only
proposes, so every score is exact; removed rows never come back; rows written while a graph
is built in the background are in it once it is taken; options come from the URL."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from gieok.domain.query import View, parse_filter
from gieok.domain.scope import Scope
from gieok.errors import ConfigurationError
from gieok.stores import open_store
from gieok.stores.sqlite import ann
from gieok.stores.sqlite.ann import AnnOptions
from gieok.stores.sqlite.store import SqliteStore
from gieok.stores.sqlite.vectors import ScopeMatrix

DIM = 32
REQUIRE_ALL = os.environ.get("GIEOK_TEST_REQUIRE_ALL") == "1"


@pytest.fixture(autouse=True)
def _backend() -> None:
    if ann.backend() is None:
        if REQUIRE_ALL:
            pytest.fail("the ann extra (usearch) is not installed")
        pytest.skip("the ann extra (usearch) is not installed")


def unit(a: np.ndarray) -> np.ndarray:
    return (a / np.linalg.norm(a, axis=-1, keepdims=True)).astype(np.float32)


def clustered(rng: np.random.Generator, n: int) -> np.ndarray:
    """Vectors around 40 centres: structure like a text embedder's, unlike uniform noise."""
    centres = unit(rng.standard_normal((40, DIM)))
    return unit(centres[rng.integers(0, 40, n)] + 0.35 * rng.standard_normal((n, DIM)))


def exact_top(state: dict[str, np.ndarray], query: np.ndarray, m: int) -> list[str]:
    return [rid for rid, _ in sorted(state.items(), key=lambda kv: -float(kv[1] @ query))[:m]]


def matrix(options: AnnOptions, state: dict[str, np.ndarray]) -> ScopeMatrix:
    entry = ScopeMatrix(dim=DIM, ann=options)
    entry.reset()
    entry.apply((rid, vec.tobytes(), True) for rid, vec in state.items())
    return entry


def test_graph_proposals_carry_exact_scores_and_miss_little() -> None:
    rng = np.random.default_rng(0)
    vectors = clustered(rng, 200)
    state = {f"m{i}": v for i, v in enumerate(vectors)}
    entry = matrix(AnnOptions(min_rows=0), state)  # small: built inline on first use
    found = 0
    for query in clustered(rng, 30):
        got = entry.top(query, 10)
        assert entry.graph is not None and len(entry.graph) == 200
        assert [s for _, s in got] == sorted((s for _, s in got), reverse=True)
        for rid, score in got:
            assert score == pytest.approx(float(state[rid] @ query), abs=1e-5)
        found += len({rid for rid, _ in got} & set(exact_top(state, query, 10)))
    assert found / 300 >= 0.95


def test_removed_and_changed_rows_follow_the_matrix() -> None:
    rng = np.random.default_rng(1)
    state = {f"m{i}": v for i, v in enumerate(clustered(rng, 150))}
    entry = matrix(AnnOptions(min_rows=0), state)
    query = state["m7"]
    assert entry.top(query, 1)[0][0] == "m7"
    moved = unit(-query)
    entry.apply([("m7", None, False), ("m8", moved.tobytes(), True)])
    del state["m7"]
    state["m8"] = moved
    for q in (query, moved, *clustered(rng, 10)):
        got = dict(entry.top(q, 200))
        assert "m7" not in got
        assert set(got) == set(state)  # asked for more than the scope: every live row
        assert got["m8"] == pytest.approx(float(moved @ q), abs=1e-5)
    entry.apply([("m7", query.tobytes(), True)])  # back again, under the same id
    assert entry.top(query, 1)[0][0] == "m7"


def test_background_build_takes_rows_written_meanwhile(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    monkeypatch.setattr(ann, "INLINE_BUILD_MAX", 10)
    monkeypatch.setattr("gieok.stores.sqlite.vectors.INLINE_BUILD_MAX", 10)
    rng = np.random.default_rng(2)
    state = {f"m{i}": v for i, v in enumerate(clustered(rng, 600))}
    entry = matrix(AnnOptions(min_rows=500), state)
    query = unit(rng.standard_normal(DIM))
    assert [r for r, _ in entry.top(query, 5)] == exact_top(state, query, 5)  # exact meanwhile
    assert entry.builder is not None
    fresh = unit(rng.standard_normal(DIM))
    entry.apply([("late", fresh.tobytes(), True), ("m3", None, False)])
    state["late"] = fresh
    del state["m3"]
    assert entry.builder.done.wait(60)
    got = entry.top(fresh, 3)
    assert entry.graph is not None and entry.builder is None and not entry.stale
    assert got[0][0] == "late"
    assert "m3" not in dict(entry.top(state["m4"], 600))
    assert len(entry.graph) == len(state)


def test_a_big_batch_drops_the_graph_and_compaction_rebuilds_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("gieok.stores.sqlite.vectors.ANN_MAX_INPLACE", 20)
    monkeypatch.setattr("gieok.stores.sqlite.vectors.COMPACT_MIN_DEAD", 8)
    rng = np.random.default_rng(3)
    state = {f"m{i}": v for i, v in enumerate(clustered(rng, 100))}
    entry = matrix(AnnOptions(min_rows=0), state)
    entry.top(state["m0"], 5)
    assert entry.graph is not None
    extra = {f"x{i}": v for i, v in enumerate(clustered(rng, 50))}
    entry.apply((rid, v.tobytes(), True) for rid, v in extra.items())
    assert entry.graph is None  # too many changes to patch in place
    state.update(extra)
    assert entry.top(state["x3"], 1)[0][0] == "x3"  # rebuilt (inline: small)
    entry.apply((f"m{i}", None, False) for i in range(60))  # compaction: positions move
    for i in range(60):
        del state[f"m{i}"]
    assert entry.dead == 0
    for rid in ("m70", "x10"):
        assert entry.top(state[rid], 1)[0][0] == rid
    assert len(entry.graph or []) == len(state)


def test_below_min_rows_or_off_search_stays_exact() -> None:
    rng = np.random.default_rng(4)
    state = {f"m{i}": v for i, v in enumerate(clustered(rng, 100))}
    for options in (AnnOptions(min_rows=101), AnnOptions(min_rows=None)):
        entry = matrix(options, state)
        query = unit(rng.standard_normal(DIM))
        assert [r for r, _ in entry.top(query, 10)] == exact_top(state, query, 10)
        assert entry.graph is None and entry.builder is None


def test_url_options(tmp_path: Path) -> None:
    store = SqliteStore.from_url(f"sqlite:///{tmp_path / 'a.db'}?ann_min_rows=off")
    assert store._search.cache.ann == AnnOptions(min_rows=None)
    store = SqliteStore.from_url(f"sqlite:///{tmp_path / 'a.db'}?ann_min_rows=5000"
                                 "&ann_expansion=200&ann_connectivity=24")
    assert store._search.cache.ann == AnnOptions(min_rows=5000, expansion=200,
                                                 connectivity=24)
    assert store._db.path == str(tmp_path / "a.db")
    for bad in ("ann_min_rows=many", "ann_expansion=2", "annz=1"):
        with pytest.raises(ConfigurationError):
            SqliteStore.from_url(f"sqlite:///{tmp_path / 'a.db'}?{bad}")


@pytest.mark.anyio
async def test_store_search_through_the_graph_keeps_scope_filters_and_deletes(
        tmp_path: Path) -> None:
    from gieok.domain.records import MemoryRecord
    from gieok.stores import WriteBatch

    store = await open_store(f"sqlite:///{tmp_path / 'g.db'}?ann_min_rows=0")
    try:
        rng = np.random.default_rng(5)
        mine, other = Scope(user="u1"), Scope(user="u2")
        vectors = clustered(rng, 120)
        records = []
        for i, vec in enumerate(vectors):
            record = MemoryRecord(scope=mine if i % 2 == 0 else other, content=f"memory {i}",
                                  tags=["odd"] if i % 4 == 2 else [])
            records.append(record)
            await store.write(WriteBatch(upserts=[(record, vec)]))
        query = vectors[10]
        hits = await store.dense(mine, query, k=5, filters=None, view=View())
        assert isinstance(store, SqliteStore)
        entry = store._search.cache.peek(mine.key())
        assert entry is not None and entry.graph is not None  # the graph answered
        assert hits[0].id == records[10].id
        assert all(h.id in {r.id for r in records[::2]} for h in hits)
        odd = await store.dense(mine, query, k=5,
                                filters=parse_filter({"tags": {"contains": "odd"}}), view=View())
        assert len(odd) == 5
        assert {h.id for h in odd} <= {r.id for i, r in enumerate(records) if i % 4 == 2}
        await store.write(WriteBatch(hard_deletes=[records[10].id]))
        after = await store.dense(mine, query, k=5, filters=None, view=View())
        assert records[10].id not in {h.id for h in after}
    finally:
        await store.aclose()
