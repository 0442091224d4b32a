"""SQLite's use counts in ``record_uses`` (stores/_sql/uses.py): a file from before the table
keeps its counts, a use no longer rewrites the record row, every delete path leaves no use
row behind, and the paths that rewrite whole stores (rekey, copy) carry the counts."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope
from gieok.embedders.hashing import HashEmbedder
from gieok.security.crypto import parse_master_key
from gieok.stores import Store, WriteBatch, open_raw_store, open_store
from gieok.stores._sql import queries
from gieok.stores.encrypted.rekey import rekey
from gieok.stores.ops import RankOp
from gieok.stores.sqlite.dialect import DIALECT
from gieok.stores.sqlite.schema import MIGRATIONS
from gieok.stores.sqlite.store import SqliteStore
from gieok.stores.transfer import copy_store

pytestmark = pytest.mark.anyio

U1, U2 = Scope(user="u1"), Scope(user="u2")
EMB = HashEmbedder(64)
AT = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)
OLD_KEY = "q8yZQ0kL1mZ9bJx2u3V4w5X6y7Z8a9B0c1D2e3F4g5E="
NEW_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="


async def put(store: Store, record: MemoryRecord) -> MemoryRecord:
    vec = (await EMB.embed_documents([record.content]))[0]
    await store.write(WriteBatch(upserts=[(record, vec)]))
    return record


async def one(store: Store, rid: str) -> MemoryRecord:
    [got] = await store.get("", [rid])
    return got


def rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return conn.execute(sql).fetchall()


async def test_a_file_from_before_the_table_keeps_its_counts(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    before = [m.name for m in MIGRATIONS].index("0013_record_uses")
    old = SqliteStore(str(path))
    await old._db.open(MIGRATIONS[:before])  # the schema as the release before it left it
    rec = await put(old, MemoryRecord(scope=U1, content="drinks oat milk", usage_count=4,
                                      last_used_at=AT))
    await old.aclose()
    assert rows(path, "SELECT name FROM sqlite_master WHERE name = 'record_uses'") == []

    store = await open_store(f"sqlite:///{path}")
    try:
        got = await one(store, rec.id)
        assert (got.usage_count, got.last_used_at) == (4, AT)
        await store.touch("", [rec.id], AT + timedelta(days=2))
        got = await one(store, rec.id)
        assert (got.usage_count, got.last_used_at) == (5, AT + timedelta(days=2))
    finally:
        await store.aclose()
    assert rows(path, "SELECT memory_id, uses FROM record_uses") == [(rec.id, 1)]
    assert ("0013_record_uses",) in rows(path, "SELECT name FROM _migrations")


async def test_a_use_leaves_the_record_row_alone(tmp_path: Path) -> None:
    path = tmp_path / "u.db"
    store = await open_store(f"sqlite:///{path}")
    try:
        rec = await put(store, MemoryRecord(scope=U1, content="reads before sleep"))
        before = rows(path, "SELECT * FROM records")
        await store.touch("", [rec.id], AT)
        await store.touch("", [rec.id], AT + timedelta(hours=1))
        await store.read([])  # nothing; the queued touches ran before any later call
        assert (await one(store, rec.id)).usage_count == 2
        assert rows(path, "SELECT * FROM records") == before
        assert rows(path, "SELECT memory_id, uses, used_at FROM record_uses") == [
            (rec.id, 2, (AT + timedelta(hours=1)).timestamp())]
    finally:
        await store.aclose()


async def test_reads_find_uses_by_primary_key(tmp_path: Path) -> None:
    store = await open_store(f"sqlite:///{tmp_path / 'plan.db'}")
    try:
        sql = queries.get_records(DIALECT, "acme", ["a", "b"])
        plan = " | ".join(r[3] for r in store._db.conn.execute(  # type: ignore[attr-defined]
            "EXPLAIN QUERY PLAN " + sql.text, sql.params))
        assert plan.count("record_uses USING PRIMARY KEY (memory_id=?)") == 1, plan
        assert "sqlite_autoindex_records_1 (id=?)" in plan, plan
    finally:
        await store.aclose()


async def test_another_connection_reads_uses_by_sql(tmp_path: Path) -> None:
    """A second store on the file holds no rank rows yet: it reads last use through SQL."""
    url = f"sqlite:///{tmp_path / 'two.db'}"
    first = await open_store(url)
    rec = await put(first, MemoryRecord(scope=U1, content="swims on Sundays"))
    await first.touch("", [rec.id], AT)
    await first.aclose()
    second = await open_store(url)
    try:
        [[row]] = await second.read([RankOp("", (rec.id,))])
        assert row.last_used_at == AT
        assert (await one(second, rec.id)).usage_count == 1
    finally:
        await second.aclose()


async def test_no_use_row_outlives_its_record(tmp_path: Path) -> None:
    path = tmp_path / "gone.db"
    store = await open_store(f"sqlite:///{path}")
    try:
        kept = await put(store, MemoryRecord(scope=U1, content="keeps bees"))
        deleted = await put(store, MemoryRecord(scope=U1, content="had a cold"))
        forgotten = await put(store, MemoryRecord(scope=U2, content="bakes bread"))
        await store.touch("", [kept.id, deleted.id, forgotten.id], AT)
        await store.write(WriteBatch(hard_deletes=[deleted.id]))
        await store.forget(U2)
        assert rows(path, "SELECT memory_id FROM record_uses") == [(kept.id,)]
        await put(store, (await one(store, kept.id)).model_copy(
            update={"content": "keeps bees and hens"}))
        assert rows(path, "SELECT memory_id FROM record_uses") == []  # folded into the row
        assert rows(path, "SELECT usage_count FROM records") == [(1,)]
    finally:
        await store.aclose()


async def test_rekey_and_copy_carry_the_counts(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'enc.db'}"
    store = await open_store(url, encryption_key=OLD_KEY)
    rec = await put(store, MemoryRecord(scope=U1, content="allergic to peanuts"))
    await store.touch("", [rec.id], AT)
    await store.touch("", [rec.id], AT + timedelta(hours=3))
    await store.aclose()
    raw = await open_raw_store(url)
    report = await rekey(raw, parse_master_key(OLD_KEY), parse_master_key(NEW_KEY), wait_s=0)
    await raw.aclose()
    assert report.done and report.records == 1

    source = await open_store(url, encryption_key=NEW_KEY)
    target = await open_store(f"sqlite:///{tmp_path / 'copy.db'}")
    try:
        for s in (source, target):
            if s is target:
                await copy_store(source, target)
            got = await one(s, rec.id)
            assert (got.usage_count, got.last_used_at, got.content) == (
                2, AT + timedelta(hours=3), "allergic to peanuts")
    finally:
        await source.aclose()
        await target.aclose()
