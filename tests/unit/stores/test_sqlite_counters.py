"""The file's change counters read once per read transaction (``stores/sqlite/counters.py``):
a ranked read asks ``store_meta`` once where its caches (vector matrix, full-text copy, its
row check, scoring rows) asked it four times, and what it answers is what the file says —
outside a read transaction and on other connections every call still reads."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope
from gieok.embedders.hashing import HashEmbedder
from gieok.stores import WriteBatch, open_store
from gieok.stores.ops import DenseOp, FulltextOp, RankedOp
from gieok.stores.sqlite.counters import counters, held
from gieok.stores.sqlite.store import SqliteStore

pytestmark = pytest.mark.anyio

EMB = HashEmbedder(32)
ME = Scope(org="acme", user="me")


def _file(tmp_path: Path) -> tuple[sqlite3.Connection, sqlite3.Connection]:
    path = str(tmp_path / "c.db")
    a = sqlite3.connect(path, isolation_level=None)
    a.execute("PRAGMA journal_mode=WAL")
    a.execute("CREATE TABLE store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    a.execute("INSERT INTO store_meta VALUES ('seq', '3'), ('purge', '1')")
    return a, sqlite3.connect(path, isolation_level=None)


def _bump(conn: sqlite3.Connection) -> None:
    conn.execute("UPDATE store_meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'seq'")


def test_read_once_inside_a_read_transaction_every_time_outside(tmp_path: Path) -> None:
    a, b = _file(tmp_path)
    reads: list[str] = []
    a.set_trace_callback(reads.append)
    assert counters(a) == (3, 1, 0)  # no use counted yet: touch 0
    _bump(b)
    assert counters(a) == (4, 1, 0) and len(reads) == 2
    a.execute("BEGIN")
    with held(a):
        assert counters(a) == (4, 1, 0)
        _bump(b)  # another connection's write: not in this transaction's snapshot
        assert counters(a) == (4, 1, 0)
        assert counters(b) == (5, 1, 0)  # another connection reads for itself
        assert sum("store_meta" in s for s in reads) == 3
    a.execute("COMMIT")
    assert counters(a) == (5, 1, 0)  # outside again: read
    a.close()
    b.close()


def test_a_failed_read_leaves_nothing_held(tmp_path: Path) -> None:
    a, b = _file(tmp_path)
    a.execute("BEGIN")
    with pytest.raises(RuntimeError), held(a):
        assert counters(a) == (3, 1, 0)
        raise RuntimeError
    a.execute("COMMIT")
    _bump(b)
    assert counters(a) == (4, 1, 0)
    a.close()
    b.close()


@pytest.fixture
async def pair(tmp_path: Path) -> AsyncIterator[tuple[SqliteStore, SqliteStore]]:
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    a, b = await open_store(url), await open_store(url)
    assert isinstance(a, SqliteStore) and isinstance(b, SqliteStore)
    yield a, b
    await a.aclose()
    await b.aclose()


class _Ids:
    def __init__(self) -> None:
        self.ids: list[str] = []

    def candidates(self, lists: list[list], /) -> list[str]:  # type: ignore[type-arg]
        return sorted({c.id for part in lists for c in part})

    def pick(self, rows: list, /) -> list[str]:  # type: ignore[type-arg]
        self.ids = sorted(r.id for r in rows)
        return self.ids


async def _ranked(store: SqliteStore) -> list[str]:
    ranker = _Ids()
    vec = await EMB.embed_query("Busan")
    found = (await store.read([RankedOp(ME.tenant, (DenseOp(ME, vec, 50),
                                                    FulltextOp(ME, "Busan", 50)), ranker)]))[0]
    assert sorted(r.id for r in found) == ranker.ids
    return ranker.ids


async def test_a_ranked_read_asks_once_and_sees_other_connections_writes(
        pair: tuple[SqliteStore, SqliteStore]) -> None:
    a, b = pair
    first = [MemoryRecord(scope=ME, content=f"Friend {i} lives in Busan") for i in range(4)]
    await a.write(WriteBatch(upserts=[(r, v) for r, v in zip(
        first, await EMB.embed_documents([r.content for r in first]), strict=True)]))
    assert await _ranked(a) == sorted(r.id for r in first)
    statements: list[str] = []
    a.conn.set_trace_callback(statements.append)
    try:
        assert await _ranked(a) == sorted(r.id for r in first)
        assert sum("FROM store_meta" in s for s in statements) == 1
        more = MemoryRecord(scope=ME, content="Friend 9 moved to Busan")
        await b.write(WriteBatch(upserts=[(more, (await EMB.embed_documents([more.content]))[0])],
                                 hard_deletes=[first[0].id]))
        assert await _ranked(a) == sorted([more.id, *(r.id for r in first[1:])])
    finally:
        a.conn.set_trace_callback(None)
