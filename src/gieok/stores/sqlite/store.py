"""SqliteStore: records, FTS5 (+ Korean morphemes), exact vectors, audit and settings in one
SQLite file, with its components on the same file and connection (``SqliteDb``): the working
log (``.working``), the job queue (``.queue``) and API tokens (``.tokens``).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any, ClassVar, TypeVar

import numpy as np

from gieok.domain.audit import AuditEvent
from gieok.domain.policy import ScopeSettings
from gieok.domain.query import Candidate, Filter, Page, View
from gieok.domain.records import MemoryRecord, utcnow
from gieok.domain.scope import Scope, scope_from_key
from gieok.errors import ConfigurationError
from gieok.stores._sql.filters import (
    Sql,
    exact_scope_clause,
    filter_clause,
    scope_clause,
    view_clause,
)
from gieok.stores._sql.rows import COLUMNS, record_to_row, row_to_record
from gieok.stores.base import Capability, IndexInfo, Vector, WriteBatch
from gieok.stores.sqlite.db import SqliteDb
from gieok.stores.sqlite.dialect import DIALECT
from gieok.stores.sqlite.fts import fts5_query
from gieok.stores.sqlite.queue import SqliteJobQueue
from gieok.stores.sqlite.schema import MIGRATIONS
from gieok.stores.sqlite.tokens import SqliteTokenStore
from gieok.stores.sqlite.vectors import MatrixCache, ScopeMatrix, verified_ids, verified_rowids
from gieok.stores.sqlite.working import SqliteWorkingLog
from gieok.text.analysis import INDEX_TEXT_WEIGHT, morph_field

T = TypeVar("T")


def _time_out(value: datetime | None) -> float | None:
    return None if value is None else value.timestamp()


def _time_in(value: Any) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(float(value), tz=UTC)


_SELECT = ", ".join(COLUMNS)
# FTS columns: content, morphs, context, context_morphs (index_text weighs less).
_BM25_WEIGHTS = f"1.0, 1.0, {INDEX_TEXT_WEIGHT}, {INDEX_TEXT_WEIGHT}"
_LIVE = View()


def _is_default_view(view: View) -> bool:
    return not (view.include_archived or view.include_superseded or view.as_of or view.statuses)


def _proposal(k: int, filters: Filter | None) -> int:
    """How many dense candidates to check first. The cached matrix holds only live rows, so
    without filters only expiry (or a write since the refresh) can reject one: a small
    margin does. Filters may reject most rows, so those start wider."""
    return k + max(16, k // 4) if filters is None else max(4 * k, k + 32)


class SqliteStore:
    """``sqlite:///path/to/file.db`` (or ``sqlite:///:memory:`` for a throwaway store)."""

    capabilities: ClassVar[frozenset[Capability]] = frozenset(
        {Capability.VECTOR, Capability.FULLTEXT, Capability.PERSISTENT}
    )

    def __init__(self, path: str) -> None:
        self._db = SqliteDb(path)
        self._cache = MatrixCache()
        self.working = SqliteWorkingLog(self._db)
        self.queue = SqliteJobQueue(self._db)
        self.tokens = SqliteTokenStore(self._db)

    @classmethod
    def from_url(cls, url: str, **options: Any) -> SqliteStore:
        rest = url.split("://", 1)[1] if "://" in url else ""
        path = rest[1:] if rest.startswith("/") else rest
        if not path:
            raise ConfigurationError(
                f"sqlite URL {url!r} has no path; use sqlite:///relative.db or "
                "sqlite:////absolute/path.db",
                code="CONFIG_INVALID",
            )
        return cls(path)

    # -- plumbing ---------------------------------------------------------------------------
    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        return await self._db.run(fn, *args)

    @property
    def conn(self) -> sqlite3.Connection:
        return self._db.conn

    def _tx(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        return self._db.in_tx(fn)

    async def setup(self) -> None:
        await self._db.open(MIGRATIONS)

    async def aclose(self) -> None:
        await self._db.close()
        self._cache.clear()

    def _bump(self, conn: sqlite3.Connection, key: str) -> int:
        conn.execute(
            "UPDATE store_meta SET value = CAST(value AS INTEGER) + 1 WHERE key = ?", (key,)
        )
        return int(conn.execute("SELECT value FROM store_meta WHERE key = ?", (key,)).fetchone()[0])

    # -- writes -----------------------------------------------------------------------------
    async def write(self, batch: WriteBatch, /) -> None:
        if not batch.is_empty():
            await self._run(self._tx, lambda conn: self._write(conn, batch))

    def _write(self, conn: sqlite3.Connection, batch: WriteBatch) -> None:
        seq = self._bump(conn, "seq")
        for record, vector in batch.upserts:
            self._upsert(conn, record, vector, seq)
        if batch.hard_deletes:
            self._hard_delete(conn, batch.hard_deletes)
        for memory_id in batch.purge_history:
            conn.execute("DELETE FROM audit_events WHERE memory_id = ?", (memory_id,))
        for event in batch.audit:  # after the purge, so a tombstone event survives it
            conn.execute(
                "INSERT INTO audit_events (id, memory_id, org, scope, action, at, body) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (event.id, event.memory_id, event.scope.tenant, str(event.scope),
                 event.action.value, event.at.timestamp(), event.model_dump_json()),
            )

    def _upsert(
        self, conn: sqlite3.Connection, record: MemoryRecord, vector: Vector | None, seq: int
    ) -> None:
        row = record_to_row(record, _time_out)
        row["seq"] = seq
        blob = None if vector is None else np.asarray(vector, dtype=np.float32).tobytes()
        found = conn.execute(
            "SELECT rowid, content, index_text FROM records WHERE id = ?", (record.id,)
        ).fetchone()
        fts = (record.content, morph_field(record.content), record.index_text or "",
               morph_field(record.index_text or ""))
        if found is None:
            row["embedding"] = blob
            cols = list(row)
            cur = conn.execute(
                f"INSERT INTO records ({', '.join(cols)}) VALUES ({', '.join('?' for _ in cols)})",
                [row[c] for c in cols],
            )
            conn.execute(
                "INSERT INTO records_fts (rowid, content, morphs, context, context_morphs) "
                "VALUES (?, ?, ?, ?, ?)",
                (cur.lastrowid, *fts),
            )
            return
        rowid, old_content, old_index_text = found
        cols = [c for c in row if c != "id"]
        sets = ", ".join(f"{c} = ?" for c in cols)
        params = [row[c] for c in cols]
        if blob is not None:
            sets += ", embedding = ?"
            params.append(blob)
        conn.execute(f"UPDATE records SET {sets} WHERE rowid = ?", [*params, rowid])
        if (old_content, old_index_text) != (record.content, record.index_text):
            conn.execute("DELETE FROM records_fts WHERE rowid = ?", (rowid,))
            conn.execute(
                "INSERT INTO records_fts (rowid, content, morphs, context, context_morphs) "
                "VALUES (?, ?, ?, ?, ?)",
                (rowid, *fts),
            )

    def _hard_delete(self, conn: sqlite3.Connection, ids: Sequence[str]) -> None:
        for rid in ids:
            found = conn.execute("SELECT rowid FROM records WHERE id = ?", (rid,)).fetchone()
            if found is not None:
                conn.execute("DELETE FROM records_fts WHERE rowid = ?", (found[0],))
                conn.execute("DELETE FROM records WHERE rowid = ?", (found[0],))
            conn.execute("DELETE FROM model_vectors WHERE id = ?", (rid,))
        self._bump(conn, "purge")

    async def touch(self, tenant: str, ids: Sequence[str], at: datetime, /) -> None:
        """R5: count a use without a new version or audit event."""
        if not ids:
            return

        def run(conn: sqlite3.Connection) -> None:
            conn.executemany(
                "UPDATE records SET usage_count = usage_count + 1, last_used_at = ? "
                "WHERE org = ? AND id = ?",
                [(at.timestamp(), tenant, rid) for rid in ids],
            )

        await self._run(self._tx, run)

    async def forget(self, scope: Scope, /) -> int:
        """X3: delete every record, audit event and setting inside ``scope`` (the working
        log forgets its turns itself: ``working.forget``)."""

        def run(conn: sqlite3.Connection) -> int:
            where = scope_clause(DIALECT, scope)
            rows = conn.execute(
                f"SELECT rowid, id FROM records WHERE {where.text}", where.params
            ).fetchall()
            for rowid, rid in rows:
                conn.execute("DELETE FROM records_fts WHERE rowid = ?", (rowid,))
                conn.execute("DELETE FROM audit_events WHERE memory_id = ?", (rid,))
                conn.execute("DELETE FROM model_vectors WHERE id = ?", (rid,))
            conn.execute(f"DELETE FROM records WHERE {where.text}", where.params)
            conn.execute("DELETE FROM scope_settings WHERE scope_key = ?", (scope.key(),))
            self._bump(conn, "purge")
            return len(rows)

        count = await self._run(self._tx, run)
        await self._run(self._compact)
        return count

    def _compact(self) -> None:
        """Rewrite FTS segments so deleted terms leave the file, then checkpoint the WAL."""
        self.conn.execute("INSERT INTO records_fts (records_fts) VALUES ('optimize')")
        self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    # -- reads ------------------------------------------------------------------------------
    def _records(self, sql: str, params: Sequence[Any]) -> list[MemoryRecord]:
        return [row_to_record(r, _time_in) for r in self.conn.execute(sql, params).fetchall()]

    async def get(self, tenant: str, ids: Sequence[str], /) -> list[MemoryRecord]:
        if not ids:
            return []
        marks = ", ".join("?" for _ in ids)
        found = await self._run(
            self._records,
            # ``+org``: keep the planner on the id index; on ``org`` it walked the whole
            # tenant (330 ms for 50 ids at 100k rows, 0.3 ms this way).
            f"SELECT {_SELECT} FROM records WHERE id IN ({marks}) AND +org = ?",
            [*ids, tenant],
        )
        order = {rid: i for i, rid in enumerate(ids)}
        return sorted(found, key=lambda r: order[r.id])

    async def find_by_hash(self, scope: Scope, content_hash: str, /) -> list[MemoryRecord]:
        where = exact_scope_clause(DIALECT, scope)
        return await self._run(
            self._records,
            # INDEXED BY: with the scope-scan index the planner walked the whole scope for
            # every dedup check (80 ms at 12k rows, making imports quadratic).
            f"SELECT {_SELECT} FROM records INDEXED BY records_hash WHERE {where.text} "
            "AND content_hash = ? AND status = 'active' AND superseded_at IS NULL",
            [*where.params, content_hash],
        )

    def _where(self, scope: Scope, filters: Filter | None, view: View) -> Sql:
        parts = [scope_clause(DIALECT, scope), view_clause(DIALECT, view, utcnow()),
                 filter_clause(DIALECT, filters)]
        return Sql(" AND ".join(p.text for p in parts), [v for p in parts for v in p.params])

    async def list(
        self, scope: Scope, /, *, filters: Filter | None, view: View, limit: int, offset: int
    ) -> Page[MemoryRecord]:
        where = self._where(scope, filters, view)

        def run() -> Page[MemoryRecord]:
            total = self.conn.execute(
                f"SELECT COUNT(*) FROM records WHERE {where.text}", where.params
            ).fetchone()[0]
            items = self._records(
                f"SELECT {_SELECT} FROM records WHERE {where.text} "
                "ORDER BY event_time DESC, rowid DESC LIMIT ? OFFSET ?",
                [*where.params, limit, offset],
            )
            return Page(items=items, total=int(total), limit=limit, offset=offset)

        return await self._run(run)

    async def dense(
        self, scope: Scope, vector: Vector, /, *, k: int, filters: Filter | None, view: View
    ) -> list[Candidate]:
        query = np.asarray(vector, np.float32).reshape(-1)
        return await self._run(self._dense, scope, query, k, filters, view)

    def _dense(
        self, scope: Scope, query: Vector, k: int, filters: Filter | None, view: View
    ) -> list[Candidate]:
        """Top ``k`` by cosine: the scope's cached matrix proposes, SQL disposes (filters,
        expiry); the proposal widens ×4 until ``k`` survive or the scope is exhausted."""
        query = query.reshape(-1)
        where = self._where(scope, filters, view)
        if not _is_default_view(view):
            return self._dense_scan(query, k, where)
        entry = self._refresh(scope, query.shape[0])
        m = _proposal(k, filters)
        while True:
            top = entry.top(query, m)
            if not top:
                return []
            ok = verified_ids(self.conn, [rid for rid, _ in top], where)
            hits = [Candidate(rid, s) for rid, s in top if rid in ok]
            if len(hits) >= k or m >= entry.live_count:
                return hits[:k]
            m *= 4

    def _dense_scan(self, query: Vector, k: int, where: Sql) -> list[Candidate]:
        """Views the cache does not hold (archived, superseded, as-of): scan the scope."""
        rows = [
            (rid, np.frombuffer(blob, np.float32))
            for rid, blob in self.conn.execute(
                f"SELECT id, embedding FROM records WHERE {where.text} "
                "AND embedding IS NOT NULL",
                where.params,
            )
        ]
        rows = [(rid, v) for rid, v in rows if v.shape[0] == query.shape[0]]
        if not rows:
            return []
        scores = np.einsum("ij,j->i", np.stack([v for _, v in rows]), query)
        order = np.argsort(-scores, kind="stable")[:k]
        return [Candidate(rows[i][0], float(scores[i])) for i in order]

    def _refresh(self, scope: Scope, dim: int) -> ScopeMatrix:
        """Bring the scope's matrix up to date. ``store_meta`` is read on every search (two
        rows, ~10 µs) because another process may have written to the file since."""
        meta = dict(self.conn.execute("SELECT key, value FROM store_meta").fetchall())
        seq, purge = int(meta["seq"]), int(meta["purge"])
        entry = self._cache.get(scope.key(), dim)
        if entry.seq == seq and entry.purge == purge:
            return entry
        where = scope_clause(DIALECT, scope)
        if entry.purge != purge:
            entry.reset()
            rows = self.conn.execute(
                f"SELECT id, embedding FROM records WHERE {where.text} AND status = 'active' "
                "AND superseded_at IS NULL AND embedding IS NOT NULL ORDER BY rowid",
                where.params,
            )
            entry.apply((r[0], r[1], True) for r in rows)
        else:
            # INDEXED BY: left to itself the planner walks the scope's index and reads every
            # row of the scope to find the few new ones (140 ms at 12k rows).
            rows = self.conn.execute(
                f"SELECT id, embedding, status = 'active' AND superseded_at IS NULL "
                f"FROM records INDEXED BY records_seq WHERE seq > ? AND {where.text} "
                "ORDER BY seq, rowid",
                [entry.seq, *where.params],
            )
            entry.apply((r[0], r[1], bool(r[2])) for r in rows)
        entry.seq, entry.purge = seq, purge
        self._cache.evict()
        return entry

    async def fulltext(
        self, scope: Scope, text: str, /, *, k: int, filters: Filter | None, view: View
    ) -> list[Candidate]:
        where = self._where(scope, filters, view)
        # Query analysis (Korean morphemes, and the tokenizer's first load) runs in the worker
        # thread too, never on the event loop.
        return await self._run(self._fulltext, scope, text, k, where)

    def _fulltext(self, scope: Scope, text: str, k: int, where: Sql) -> list[Candidate]:
        """BM25 top ``k`` inside the scope. When the scope holds a good share of the file
        (known from its cached matrix), rank the whole index first and check only the best
        ``m`` rows against the scope and filters, like ``_dense``; this skips joining every
        match with ``records``. Otherwise, or if too few survive, join and filter in SQL."""
        match = fts5_query(text, word_columns="{content context}",
                           morph_columns="{morphs context_morphs}")
        if match is None:
            return []
        try:
            entry = self._cache.peek(scope.key())
            total = self.conn.execute("SELECT max(rowid) FROM records").fetchone()[0] or 0
            if entry is not None and entry.live_count * 4 >= total:
                m = max(4 * k, k + 32)
                top = self.conn.execute(
                    f"SELECT rowid, bm25(records_fts, {_BM25_WEIGHTS}) AS b FROM records_fts "
                    "WHERE records_fts MATCH ? ORDER BY b, rowid LIMIT ?",
                    (match, m),
                ).fetchall()
                ok = verified_rowids(self.conn, [r[0] for r in top], where)
                hits = [(rowid, -b) for rowid, b in top if rowid in ok]
                if len(hits) >= k or len(top) < m:
                    return [Candidate(ok[rowid], score) for rowid, score in hits[:k]]
            rows = self.conn.execute(
                f"WITH hits AS (SELECT rowid, bm25(records_fts, {_BM25_WEIGHTS}) AS b "
                "FROM records_fts WHERE records_fts MATCH ?) "
                "SELECT r.id, -hits.b FROM hits CROSS JOIN records r ON r.rowid = hits.rowid "
                f"WHERE {where.text} ORDER BY hits.b, hits.rowid LIMIT ?",
                [match, *where.params, k],
            ).fetchall()
        except sqlite3.OperationalError:
            return []
        return [Candidate(r[0], float(r[1])) for r in rows]

    # -- index metadata (L7) ----------------------------------------------------------------
    async def index_info(self) -> IndexInfo | None:
        def run() -> IndexInfo | None:
            row = self.conn.execute(
                "SELECT value FROM store_meta WHERE key = 'embedding_model'"
            ).fetchone()
            if row is None:
                return None
            data = json.loads(row[0])
            return IndexInfo(model=data["model"], dim=int(data["dim"]))

        return await self._run(run)

    async def set_index_info(self, info: IndexInfo, /) -> None:
        body = json.dumps({"model": info.model, "dim": info.dim})
        await self._run(
            self._tx,
            lambda conn: conn.execute(
                "INSERT INTO store_meta (key, value) VALUES ('embedding_model', ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (body,),
            ),
        )

    # -- re-embedding (L7): a second vector set beside the live one, then a switch ----------
    _UNINDEXED = ("FROM records r WHERE r.embedding IS NOT NULL AND NOT EXISTS "
                  "(SELECT 1 FROM model_vectors v WHERE v.model = ? AND v.id = r.id)")

    async def unindexed(self, model: str, /, *, limit: int) -> list[tuple[str, str, str | None]]:
        def run() -> list[tuple[str, str, str | None]]:
            rows = self.conn.execute(
                f"SELECT r.id, r.content, r.index_text {self._UNINDEXED} ORDER BY r.rowid "
                "LIMIT ?", (model, limit)).fetchall()
            return [(r[0], r[1], r[2]) for r in rows]

        return await self._run(run)

    async def put_model_vectors(self, model: str, items: Sequence[tuple[str, Vector]], /
                                ) -> None:
        rows = [(model, rid, np.asarray(v, dtype=np.float32).tobytes()) for rid, v in items]
        await self._run(self._tx, lambda conn: conn.executemany(
            "INSERT INTO model_vectors (model, id, embedding) SELECT ?, ?, ? WHERE EXISTS "
            "(SELECT 1 FROM records WHERE id = ?2) ON CONFLICT(model, id) DO UPDATE SET "
            "embedding = excluded.embedding", rows))

    async def switch_index(self, info: IndexInfo, /) -> int:
        def run(conn: sqlite3.Connection) -> int:
            missing = int(conn.execute(f"SELECT COUNT(*) {self._UNINDEXED}",
                                       (info.model,)).fetchone()[0])
            if missing:
                return missing
            row = conn.execute(
                "SELECT value FROM store_meta WHERE key = 'embedding_model'").fetchone()
            old = json.loads(row[0])["model"] if row is not None else None
            if old is not None and old != info.model:
                conn.execute("INSERT OR REPLACE INTO model_vectors (model, id, embedding) "
                             "SELECT ?, id, embedding FROM records WHERE embedding IS NOT NULL",
                             (old,))
            conn.execute("UPDATE records SET embedding = (SELECT v.embedding FROM model_vectors "
                         "v WHERE v.model = ? AND v.id = records.id) WHERE embedding IS NOT NULL",
                         (info.model,))
            conn.execute("DELETE FROM model_vectors WHERE model = ?", (info.model,))
            conn.execute("INSERT INTO store_meta (key, value) VALUES ('embedding_model', ?) "
                         "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                         (json.dumps({"model": info.model, "dim": info.dim}),))
            self._bump(conn, "purge")  # every cached vector matrix is rebuilt on next read
            return 0

        return await self._run(self._tx, run)

    async def drop_model_vectors(self, model: str, /) -> int:
        return await self._run(self._tx, lambda conn: conn.execute(
            "DELETE FROM model_vectors WHERE model = ?", (model,)).rowcount)

    # -- audit, settings, working turns, tokens ---------------------------------------------
    async def history(self, tenant: str, memory_id: str, /) -> list[AuditEvent]:
        def run() -> list[AuditEvent]:
            rows = self.conn.execute(
                "SELECT body FROM audit_events WHERE org = ? AND memory_id = ? "
                "ORDER BY at, rowid",
                (tenant, memory_id),
            ).fetchall()
            return [AuditEvent.model_validate_json(r[0]) for r in rows]

        return await self._run(run)

    async def get_settings(self, scope: Scope, /) -> ScopeSettings | None:
        def run() -> ScopeSettings | None:
            row = self.conn.execute(
                "SELECT body FROM scope_settings WHERE scope_key = ?", (scope.key(),)
            ).fetchone()
            return None if row is None else ScopeSettings.model_validate_json(row[0])

        return await self._run(run)

    async def put_settings(self, scope: Scope, settings: ScopeSettings, /) -> None:
        await self._run(
            self._tx,
            lambda conn: conn.execute(
                "INSERT INTO scope_settings (scope_key, org, body) VALUES (?, ?, ?) "
                "ON CONFLICT(scope_key) DO UPDATE SET body = excluded.body",
                (scope.key(), scope.tenant, settings.model_dump_json()),
            ),
        )

    async def list_settings(self, tenant: str | None, /) -> list[tuple[Scope, ScopeSettings]]:
        def run() -> list[tuple[Scope, ScopeSettings]]:
            sql = "SELECT scope_key, body FROM scope_settings"
            rows = self.conn.execute(sql + " WHERE org = ? ORDER BY scope_key", (tenant,)) \
                if tenant is not None else self.conn.execute(sql + " ORDER BY scope_key")
            return [(scope_from_key(k), ScopeSettings.model_validate_json(b)) for k, b in rows]

        return await self._run(run)
