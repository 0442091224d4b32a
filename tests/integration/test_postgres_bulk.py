"""PostgreSQL's bulk path: a big first load builds the HNSW index after its rows (inside the
same transaction, so a failed import changes nothing), ``bulk_load`` defers the index around
a whole run and an interrupted one is healed at the next open, and the index options come
from the URL."""

from __future__ import annotations

import psycopg
import pytest

from gieok.domain.audit import AuditAction, AuditEvent
from gieok.domain.query import View
from gieok.domain.records import MemoryRecord, utcnow
from gieok.domain.scope import Scope
from gieok.embedders.hashing import HashEmbedder
from gieok.errors import ConfigurationError, StoreConstraintError
from gieok.stores import IndexInfo, WriteBatch, open_store
from gieok.stores._sql import queries as q
from gieok.stores.postgres import PostgresStore, hnsw
from gieok.stores.postgres import search as pg
from gieok.stores.postgres.dialect import DIALECT

pytestmark = [pytest.mark.anyio, pytest.mark.postgres, pytest.mark.integration]

U = Scope(user="u")
EMB = HashEmbedder(32)


def _index_oid(url: str) -> int | None:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT to_regclass('records_hnsw_32')::oid").fetchone()
    return None if row is None or row[0] is None else int(row[0])


async def _batch(n: int, start: int = 0) -> WriteBatch:
    records = [MemoryRecord(scope=U, content=f"memory number {i} about topic {i % 7}")
               for i in range(start, start + n)]
    vectors = await EMB.embed_documents([r.content for r in records])
    return WriteBatch(upserts=list(zip(records, vectors, strict=True)),
                      audit=[AuditEvent(memory_id=r.id, scope=U, action=AuditAction.CREATE,
                                        after_content=r.content) for r in records])


async def _open(url: str) -> PostgresStore:
    store = await open_store(url)
    assert isinstance(store, PostgresStore)
    return store


async def _hnsw_ids(store: PostgresStore, text: str, k: int) -> list[str]:
    where = q.where(DIALECT, U, None, View(), utcnow())
    async with store.db.connection(transaction=True) as conn:
        hits = await pg.dense(conn, await EMB.embed_query(text), k, where, exact=False)
    return [h.id for h in hits]


def _with(url: str, options: str) -> str:
    return url + ("&" if "?" in url else "?") + options


async def test_a_big_first_load_rebuilds_the_index_in_its_transaction(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hnsw, "DEFER_MIN", 50)
    store = await _open(pg_url)
    try:
        await store.set_index_info(IndexInfo(model="hash:32", dim=32))
        empty_index = _index_oid(pg_url)
        assert empty_index is not None

        failing = await _batch(120)
        failing.audit.append(failing.audit[0])  # a duplicate event id: the commit fails
        with pytest.raises(StoreConstraintError):
            await store.write(failing)
        assert _index_oid(pg_url) == empty_index  # dropped and rebuilt only in the rollback
        assert await store.count(U) == 0

        first = await _batch(120)
        await store.write(first)
        rebuilt = _index_oid(pg_url)
        assert rebuilt is not None and rebuilt != empty_index  # built after the rows
        target = first.upserts[42][0]
        assert target.id in await _hnsw_ids(store, target.content, 5)

        await store.write(await _batch(120, start=1000))  # not a first load: kept, updated
        assert _index_oid(pg_url) == rebuilt
        assert await store.count(U) == 240
    finally:
        await store.aclose()


async def test_bulk_load_defers_the_index_and_an_interrupted_one_is_healed(pg_url: str) -> None:
    store = await _open(pg_url)
    try:
        await store.set_index_info(IndexInfo(model="hash:32", dim=32))
        async with store.bulk_load():
            assert _index_oid(pg_url) is None
            await store.write(await _batch(60))
            assert _index_oid(pg_url) is None  # small batches do not build it either
        assert _index_oid(pg_url) is not None
        with pytest.raises(RuntimeError):
            async with store.bulk_load():
                raise RuntimeError("the load failed")
        assert _index_oid(pg_url) is not None  # a failed load never leaves it missing
    finally:
        await store.aclose()
    with psycopg.connect(pg_url, autocommit=True) as conn:  # a process killed mid-load
        conn.execute("DROP INDEX records_hnsw_32")
    store = await _open(pg_url)
    try:
        assert _index_oid(pg_url) is not None
        record = (await store.list(U, filters=None, view=View(), limit=1, offset=0)).items[0]
        assert record.id in await _hnsw_ids(store, record.content, 5)
    finally:
        await store.aclose()


async def test_index_options_come_from_the_url(pg_url: str) -> None:
    store = await _open(_with(pg_url, "hnsw_m=8&hnsw_ef_construction=40&hnsw_ef_search=64"))
    try:
        assert store.hnsw == hnsw.HnswOptions(m=8, ef_construction=40, ef_search=64)
        await store.set_index_info(IndexInfo(model="hash:32", dim=32))
        with psycopg.connect(pg_url) as conn:
            [options] = conn.execute("SELECT reloptions FROM pg_class "
                                     "WHERE relname = 'records_hnsw_32'").fetchone() or [None]
        assert options == ["m=8", "ef_construction=40"]
    finally:
        await store.aclose()
    with pytest.raises(ConfigurationError) as err:
        await open_store(_with(pg_url, "hnsw_m=1"))
    assert err.value.code == "CONFIG_INVALID" and "hnsw" in err.value.message.lower()
