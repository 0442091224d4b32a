"""SqliteStore search paths: the cached dense matrix stays correct when another connection
writes to the file, and the full-text shortcut (rank first, check the best rows) returns
exactly what the filtered join returns."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from gieok.domain.query import View, parse_filter
from gieok.domain.records import MemoryRecord, Status, utcnow
from gieok.domain.scope import Scope
from gieok.embedders.hashing import HashEmbedder
from gieok.evaluation.bench_corpus import memory_texts, query_texts
from gieok.stores import WriteBatch, open_store
from gieok.stores._sql import queries
from gieok.stores.sqlite.dialect import DIALECT
from gieok.stores.sqlite.fts import fts5_query
from gieok.stores.sqlite.store import SqliteStore

pytestmark = pytest.mark.anyio

EMB = HashEmbedder(32)
ME = Scope(user="me")
OTHER = Scope(user="other")


async def put(store: SqliteStore, scope: Scope, texts: list[str], **fields: object
              ) -> list[MemoryRecord]:
    records = [MemoryRecord(scope=scope, content=t, **fields) for t in texts]  # type: ignore[arg-type]
    vectors = await EMB.embed_documents(texts)
    await store.write(WriteBatch(upserts=list(zip(records, vectors, strict=True))))
    return records


@pytest.fixture
async def pair(tmp_path: Path) -> AsyncIterator[tuple[SqliteStore, SqliteStore]]:
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    a, b = await open_store(url), await open_store(url)
    assert isinstance(a, SqliteStore) and isinstance(b, SqliteStore)
    yield a, b
    await a.aclose()
    await b.aclose()


async def dense_ids(store: SqliteStore, text: str, k: int = 5, **kw: object) -> list[str]:
    vec = await EMB.embed_query(text)
    hits = await store.dense(ME, vec, k=k, filters=kw.get("filters"),  # type: ignore[arg-type]
                             view=View())
    return [h.id for h in hits]


async def test_dense_sees_another_connections_writes(
    pair: tuple[SqliteStore, SqliteStore],
) -> None:
    a, b = pair
    first = await put(a, ME, ["User likes green tea", "User lives in Busan"])
    assert (await dense_ids(a, "green tea"))[0] == first[0].id  # a's matrix is now cached
    [new] = await put(b, ME, ["User drinks green tea every morning"])
    assert new.id in await dense_ids(a, "green tea every morning")
    archived = first[0].model_copy(update={"status": Status.ARCHIVED})
    await b.write(WriteBatch(upserts=[(archived, None)]))
    assert first[0].id not in await dense_ids(a, "green tea")
    await b.write(WriteBatch(hard_deletes=[new.id]))
    assert await dense_ids(a, "green tea") == [first[1].id]


async def test_dense_widens_until_filtered_rows_are_found(tmp_path: Path) -> None:
    store = await open_store(f"sqlite:///{tmp_path / 'w.db'}")
    assert isinstance(store, SqliteStore)
    try:
        await put(store, ME, [f"User note number {i} about tea" for i in range(300)])
        rare = await put(store, ME, ["Completely unrelated fact about a bicycle"],
                         category="rare")
        flt = parse_filter({"category": "rare"})
        assert await dense_ids(store, "note about tea", k=3, filters=flt) == [rare[0].id]
    finally:
        await store.aclose()


async def test_dense_ranking_equals_brute_force(tmp_path: Path) -> None:
    store = await open_store(f"sqlite:///{tmp_path / 'b.db'}")
    assert isinstance(store, SqliteStore)
    try:
        texts = memory_texts(200, seed=3)
        records = await put(store, ME, texts)
        await put(store, OTHER, memory_texts(50, seed=4))
        matrix = await EMB.embed_documents(texts)
        for query in query_texts(5, seed=2):
            vec = (await EMB.embed_query(query)).reshape(-1)
            order = np.argsort(-(matrix @ vec), kind="stable")[:10]
            hits = await store.dense(ME, vec, k=10, filters=None, view=View())
            assert [h.id for h in hits] == [records[i].id for i in order]
    finally:
        await store.aclose()


async def test_fulltext_shortcut_equals_the_filtered_join(tmp_path: Path) -> None:
    store = await open_store(f"sqlite:///{tmp_path / 'f.db'}")
    assert isinstance(store, SqliteStore)
    try:
        await put(store, ME, memory_texts(400, seed=5))
        await put(store, OTHER, memory_texts(60, seed=6))
        await put(store, ME, memory_texts(40, seed=7), category="work")
        await dense_ids(store, "warm the cache")  # the shortcut needs the scope's matrix
        search = store._search
        assert search.cache.peek(ME.key()) is not None
        for flt in (None, parse_filter({"category": "work"})):
            where = queries.where(DIALECT, ME, flt, View(), utcnow())
            for query in query_texts(25, seed=8):
                if fts5_query(query) is None:
                    continue
                for k in (1, 10, 50):
                    fast = search.fulltext(store.conn, ME, query, k, where, filters=flt)
                    search.cache.clear()
                    slow = search.fulltext(store.conn, ME, query, k, where, filters=flt)
                    await dense_ids(store, "warm the cache")
                    assert [(c.id, round(c.score, 9)) for c in fast] == [
                        (c.id, round(c.score, 9)) for c in slow
                    ], (query, flt, k)
    finally:
        await store.aclose()


async def test_fulltext_stays_inside_a_small_scope(tmp_path: Path) -> None:
    store = await open_store(f"sqlite:///{tmp_path / 's.db'}")
    assert isinstance(store, SqliteStore)
    try:
        await put(store, OTHER, [f"User goes swimming on day {i}" for i in range(200)])
        [mine] = await put(store, ME, ["User goes swimming on Sundays"])
        hits = await store.fulltext(ME, "swimming", k=10, filters=None, view=View())
        assert [h.id for h in hits] == [mine.id]
    finally:
        await store.aclose()


async def test_dense_widens_past_expired_rows_without_filters(tmp_path: Path) -> None:
    store = await open_store(f"sqlite:///{tmp_path / 'e.db'}")
    assert isinstance(store, SqliteStore)
    try:
        gone = datetime.now(UTC) - timedelta(days=1)
        await put(store, ME, [f"User note number {i} about tea" for i in range(100)],
                  event_time=gone - timedelta(days=1), expires_at=gone)
        alive = await put(store, ME, [f"Bicycle fact {i}" for i in range(10)])
        vec = (await EMB.embed_query("note about tea")).reshape(-1)
        matrix = await EMB.embed_documents([r.content for r in alive])
        order = np.argsort(-(matrix @ vec), kind="stable")[:5]
        hits = await store.dense(ME, vec, k=5, filters=None, view=View())
        assert [h.id for h in hits] == [alive[i].id for i in order]
    finally:
        await store.aclose()


async def test_dense_drops_rows_that_expire_while_the_matrix_is_cached(tmp_path: Path) -> None:
    """Without filters the cached matrix answers alone (no SQL check): its expiry copy must
    hide a row from the moment it expires, as SQL would."""
    store = await open_store(f"sqlite:///{tmp_path / 'x.db'}")
    try:
        soon = datetime.now(UTC) + timedelta(hours=1)
        [tea] = await put(store, ME, ["User drinks green tea every morning"], expires_at=soon)
        await put(store, ME, [f"Bicycle fact number {i}" for i in range(10)])
        vec = (await EMB.embed_query("green tea every morning")).reshape(-1)
        hits = await store.dense(ME, vec, k=3, filters=None, view=View())
        assert hits[0].id == tea.id
        for view in (View(now=soon), View(now=soon + timedelta(seconds=1))):
            later = await store.dense(ME, vec, k=3, filters=None, view=view)
            assert tea.id not in {h.id for h in later} and len(later) == 3
        listed = await store.list(ME, filters=None, view=View(now=soon), limit=20, offset=0)
        assert tea.id not in {r.id for r in listed.items}  # the same answer as SQL's
    finally:
        await store.aclose()


async def test_dense_decides_layer_filters_from_the_matrix_as_sql_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Filters on layer and ``promoted`` alone (context()'s memory filter) are decided from
    the matrix's copy of those columns, with the answer SQL gives; anything else asks SQL."""
    from gieok.stores.sqlite import search as sqlite_search

    store = await open_store(f"sqlite:///{tmp_path / 'l.db'}")
    assert isinstance(store, SqliteStore)
    try:
        layers = ["long_term", "episodic", "procedural", "working", "archive"]
        rng = np.random.default_rng(3)
        for i, text in enumerate(memory_texts(150, seed=11)):
            await put(store, ME, [text], layer=layers[i % 5],
                      promoted=bool(rng.integers(2)), category="work" if i % 3 else None)
        [late] = await put(store, ME, ["User note about tea and layers"], layer="episodic")
        await store.write(WriteBatch(upserts=[(late.model_copy(update={"promoted": True}),
                                               None)]))  # a change the matrix must follow
        asked: list[int] = []
        real = sqlite_search.verified_ids

        def counting(*args: object) -> set[str]:
            asked.append(1)
            return real(*args)  # type: ignore[arg-type]

        monkeypatch.setattr(sqlite_search, "verified_ids", counting)
        cached = [
            {"layer": {"nin": ["procedural", "working"]},
             "NOT": {"AND": [{"layer": "episodic"}, {"promoted": True}]}},
            {"layer": "episodic"}, {"promoted": False}, {"layer": {"in": ["archive"]}},
            {"OR": [{"layer": "working"}, {"promoted": True}]},
        ]
        vec = (await EMB.embed_query("note about tea")).reshape(-1)
        search = store._search
        for spec in [*cached, {"category": "work"}]:
            flt = parse_filter(spec)
            for k in (3, 20, 200):
                where = queries.where(DIALECT, ME, flt, View(), utcnow())
                asked.clear()
                fast = search.dense(store.conn, ME, vec, k, flt, View(), where, utcnow())
                assert bool(asked) == (spec == {"category": "work"}), spec
                records = await store.list(ME, filters=flt, view=View(), limit=1000, offset=0)
                allowed = {r.id for r in records.items}
                matrix = search.cache.peek(ME.key())
                assert matrix is not None
                scores = matrix.scores(vec)
                want = sorted(((float(scores[matrix.pos[i]]), -matrix.pos[i], i)
                               for i in allowed), reverse=True)[:k]
                assert [c.id for c in fast] == [i for _, _, i in want], (spec, k)
    finally:
        await store.aclose()


async def test_fulltext_checks_rows_from_a_current_matrix_as_sql_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Full-text candidates the scope's matrix holds live are vouched for by it (expiry and
    layer/promoted filters from its per-row copies); the rest, and every row when the matrix
    is behind the file or the filter names other fields, are checked by SQL — with the
    answer SQL alone gives."""
    from gieok.stores.sqlite import search as sqlite_search

    store = await open_store(f"sqlite:///{tmp_path / 'm.db'}")
    assert isinstance(store, SqliteStore)
    try:
        soon = datetime.now(UTC) + timedelta(hours=1)
        layers = ["long_term", "episodic", "procedural"]
        texts = memory_texts(240, seed=21)
        for i, text in enumerate(texts):
            await put(store, ME, [text], layer=layers[i % 3], promoted=i % 4 == 0,
                      category="work" if i % 5 == 0 else None,
                      expires_at=soon if i % 7 == 0 else None)
        await put(store, OTHER, memory_texts(60, seed=22))
        novec = [MemoryRecord(scope=ME, content=t) for t in memory_texts(30, seed=23)]
        await store.write(WriteBatch(upserts=[(r, None) for r in novec]))  # not in the matrix
        await dense_ids(store, "warm the cache")
        search = store._search
        asked: list[int] = []
        real = sqlite_search.verified_rowids

        def counting(conn: object, rowids: list[int], where: object) -> dict[int, str]:
            asked.extend(rowids)
            return real(conn, rowids, where)  # type: ignore[arg-type]

        monkeypatch.setattr(sqlite_search, "verified_rowids", counting)
        specs = [None, {"layer": {"nin": ["procedural"]}}, {"promoted": False},
                 {"category": "work"}]
        decided = 0
        for spec in specs:
            flt = None if spec is None else parse_filter(spec)
            for view in (View(), View(now=soon + timedelta(seconds=1))):
                now = utcnow()
                where = queries.where(DIALECT, ME, flt, view, now)
                for query in query_texts(12, seed=24):
                    for k in (1, 10, 50):
                        asked.clear()
                        fast = search.fulltext(store.conn, ME, query, k, where, filters=flt,
                                               view=view, now=now)
                        from_matrix = len(asked)
                        asked.clear()
                        slow = search.fulltext(store.conn, ME, query, k, where, filters=flt)
                        assert [(c.id, c.score) for c in fast] == \
                            [(c.id, c.score) for c in slow], (query, spec, k)
                        assert from_matrix <= len(asked)
                        if spec == {"category": "work"}:
                            assert from_matrix == len(asked)  # not a cached field: SQL
                        decided += len(asked) - from_matrix
        assert decided > 1000  # the matrix did vouch for rows
    finally:
        await store.aclose()


async def test_fulltext_asks_sql_when_another_connection_wrote_since_the_matrix(
    pair: tuple[SqliteStore, SqliteStore],
) -> None:
    a, b = pair
    records = await put(a, ME, [f"User plays chess on day {i}" for i in range(40)])
    await dense_ids(a, "chess")  # a's matrix is current
    gone = records[0].model_copy(update={"status": Status.ARCHIVED})
    await b.write(WriteBatch(upserts=[(gone, None)]))  # a's matrix still holds it live
    hits = await a.fulltext(ME, "chess day", k=50, filters=None, view=View())
    assert len(hits) == 39 and records[0].id not in {h.id for h in hits}
