"""SqliteStore: records, FTS5 (+ Korean morphemes), exact vectors, audit and settings in one
SQLite file, with its components on the same file and connection (``SqliteDb``): the working
log (``.working``), the job queue (``.queue``) and API tokens (``.tokens``).

It is an executor: the SQL it shares with PostgreSQL comes from ``stores._sql.queries``;
what is SQLite's own stays here — FTS5 shadow rows, the per-scope vector matrices
(``search.py``), the ``seq``/``purge`` counters those matrices follow, and planner hints.
Every read batch runs in one worker-thread hop and one read transaction; every write batch
in one ``BEGIN IMMEDIATE`` transaction.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import parse_qsl

import numpy as np

from gieok.domain.audit import AuditEvent
from gieok.domain.policy import ScopeSettings
from gieok.domain.query import Candidate, Page
from gieok.domain.records import MemoryRecord, utcnow
from gieok.domain.scope import Scope, scope_from_key
from gieok.errors import ConfigurationError
from gieok.stores._sql import queries as q
from gieok.stores._sql import uses
from gieok.stores._sql.filters import Sql, scope_clause
from gieok.stores._sql.rows import RECORDS, record_to_row, records_from, row_to_record
from gieok.stores.base import (
    Capability,
    IndexInfo,
    IndexTerms,
    Store,
    Touch,
    Vector,
    WriteBatch,
    WriteResult,
)
from gieok.stores.fence import FENCE_KEEP_S, covering_hashes, fence_hash, scope_forgotten
from gieok.stores.ops import (
    ChangedOp,
    DenseOp,
    FenceOp,
    FulltextOp,
    GetOp,
    HashOp,
    HistoryOp,
    IndexOp,
    ListOp,
    MetaOp,
    RankedOp,
    RankOp,
    ReadOp,
    ScanOp,
    SelectionOp,
    SettingsListOp,
    SettingsOp,
    TurnsOp,
)
from gieok.stores.sqlite.ann import ANN_URL_OPTIONS, AnnOptions
from gieok.stores.sqlite.counters import held
from gieok.stores.sqlite.db import SqliteDb
from gieok.stores.sqlite.dialect import DIALECT as D
from gieok.stores.sqlite.queue import SqliteJobQueue
from gieok.stores.sqlite.ranks import RankCache
from gieok.stores.sqlite.schema import MIGRATIONS
from gieok.stores.sqlite.search import BM25_WEIGHTS, SqliteSearch
from gieok.stores.sqlite.textindex import TextIndex
from gieok.stores.sqlite.tokens import SqliteTokenStore
from gieok.stores.sqlite.vectors import MatrixCache
from gieok.stores.sqlite.working import SqliteWorkingLog
from gieok.text.analysis import morph_field

INDEX_KEY = "embedding_model"
# Files up to this many full-text rows rank full text from an in-memory copy (textindex.py):
# at 100k bench rows it holds 22 MB and reading it peaks at ~120 MB (docs/benchmarks.md);
# bigger files stay on FTS5 unless the URL asks for more (?fts_memory_rows=).
FTS_MEMORY_ROWS = 300_000
# Reads that rank or walk a whole scope (tens of ms under load): they let short calls go
# first for a bounded time (gieok.priority).
_SCANS = (DenseOp, FulltextOp, RankedOp, ScanOp)


def _time_out(value: datetime | None) -> float | None:
    return None if value is None else value.timestamp()


def _time_in(value: Any) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(float(value), tz=UTC)


def _blob(vector: Vector | None) -> bytes | None:
    return None if vector is None else np.asarray(vector, dtype=np.float32).tobytes()


def sqlite_options(url: str) -> tuple[str, dict[str, str]]:
    """``url`` without its query, and the query's options (``?ann_min_rows=50000``)."""
    base, _, query = url.partition("?")
    return base, dict(parse_qsl(query, keep_blank_values=True))


def sqlite_path(url: str) -> str:
    """The file of ``sqlite:///relative.db`` or ``sqlite:////absolute/path.db``."""
    url = sqlite_options(url)[0]
    rest = url.split("://", 1)[1] if "://" in url else ""
    path = rest[1:] if rest.startswith("/") else rest
    if not path:
        raise ConfigurationError(
            f"sqlite URL {url!r} has no path; use sqlite:///relative.db or "
            "sqlite:////absolute/path.db",
            code="CONFIG_INVALID",
        )
    return path


class SqliteStore(Store):
    """``sqlite:///path/to/file.db`` (or ``sqlite:///:memory:`` for a throwaway store)."""

    capabilities: ClassVar[frozenset[Capability]] = frozenset(
        {Capability.VECTOR, Capability.FULLTEXT, Capability.FULLTEXT_RARITY,
         Capability.PERSISTENT, Capability.LATE_VECTORS}
    )

    def __init__(self, path: str, *, ann: AnnOptions | None = None,
                 fts_memory_rows: int | None = FTS_MEMORY_ROWS) -> None:
        self._db = SqliteDb(path)
        text = None if fts_memory_rows is None else TextIndex(
            BM25_WEIGHTS, max_rows=fts_memory_rows,
            path=None if path in ("", ":memory:") else path)
        self._search = SqliteSearch(MatrixCache(ann=ann or AnnOptions()), text)
        self._ranks = RankCache(_time_in, path=None if path in ("", ":memory:") else path)
        self.working = SqliteWorkingLog(self._db)
        self.queue = SqliteJobQueue(self._db)
        self.tokens = SqliteTokenStore(self._db)

    @classmethod
    def from_url(cls, url: str, /, **options: Any) -> SqliteStore:
        """URL options: the vector index's (``ann.AnnOptions``), e.g. ``?ann_min_rows=off``;
        ``fts_memory_rows``: the most full-text rows kept in memory for ranking
        (``textindex.py``; ``off``: always FTS5)."""
        _, query = sqlite_options(url)
        known = ANN_URL_OPTIONS | {"fts_memory_rows"}
        unknown = sorted(set(query) - known)
        try:
            if unknown:
                raise ValueError(f"unknown option(s) {', '.join(unknown)}; known: "
                                 f"{', '.join(sorted(known))}")
            ann = AnnOptions.from_url_options(query)
            rows = _rows_option(query.get("fts_memory_rows"), FTS_MEMORY_ROWS)
        except ValueError as exc:
            raise ConfigurationError(f"bad SQLite URL option: {exc}",
                                     code="CONFIG_INVALID") from exc
        return cls(sqlite_path(url), ann=ann, fts_memory_rows=rows)

    @classmethod
    def exists(cls, url: str) -> bool:
        """Whether the file exists yet (opening the store creates it)."""
        path = sqlite_path(url)
        return path == ":memory:" or Path(path).exists()

    @property
    def conn(self) -> sqlite3.Connection:
        return self._db.conn

    async def setup(self) -> None:
        await self._db.open(MIGRATIONS)

    async def aclose(self) -> None:
        await self._db.close()
        self._search.cache.clear()
        self._ranks.clear()
        if self._search.text is not None:
            self._search.text.clear()

    # -- reads ------------------------------------------------------------------------------
    async def read(self, ops: Sequence[ReadOp], /) -> list[Any]:
        if not ops:
            return []
        return await self._db.run(self._read, list(ops), utcnow(),
                                  scan=any(isinstance(op, _SCANS) for op in ops))

    def _read(self, ops: list[ReadOp], now: datetime) -> list[Any]:
        conn = self.conn
        if len(ops) == 1 and not isinstance(ops[0], RankedOp):
            return [self._answer(conn, ops[0], now)]
        conn.execute("BEGIN")  # one snapshot for the whole batch
        try:
            with held(conn):  # so the file's change counters are read once (counters.py)
                return [self._answer(conn, op, now) for op in ops]
        finally:
            conn.execute("COMMIT")

    def _lists(self, conn: sqlite3.Connection, lists: Sequence[DenseOp | FulltextOp],
               now: datetime) -> list[Any]:
        """A ``RankedOp``'s candidate lists in order, each as on its own; its full-text
        lists of one scope, depth, filters and view (a query's words and their expansion)
        in one pass (``SqliteSearch.fulltexts``), where the first of them stands."""
        texts = [(i, o) for i, o in enumerate(lists) if isinstance(o, FulltextOp)]
        if len(texts) < 2 or any((o.scope, o.k, o.filters, o.view) != (
                texts[0][1].scope, texts[0][1].k, texts[0][1].filters, texts[0][1].view)
                for _, o in texts):  # (a filter may hold a list: compared, not hashed)
            return [self._answer(conn, op, now) for op in lists]
        at, first = texts[0]
        found: dict[int, Any] = {}
        for i, op in enumerate(lists):
            if i in found:
                continue
            if i != at:
                found[i] = self._answer(conn, op, now)
                continue
            cond = q.where(D, first.scope, first.filters, first.view, now)
            many = self._search.fulltexts(conn, first.scope, [(o.text, o.terms) for _, o in texts],
                                          first.k, cond, first.filters, first.view, now)
            found.update((j, hits) for (j, _), hits in zip(texts, many, strict=True))
        return [found[i] for i in range(len(lists))]

    def _answer(self, conn: sqlite3.Connection, op: ReadOp, now: datetime) -> Any:  # noqa: PLR0911
        match op:
            case GetOp(tenant, ids):
                return self._get(conn, tenant, ids)
            case RankOp(tenant, ids):
                if not ids:
                    return []
                self._ranks.sync(conn)
                return self._ranks.get(conn, tenant, ids)
            case RankedOp(tenant, lists, ranker):
                found = self._lists(conn, lists, now)
                ids = ranker.candidates(found)
                self._ranks.sync(conn)
                if lists:  # its live rows, read at once; the ranker may prepare for them
                    fresh = self._ranks.prime(conn, lists[0].scope)
                    held = getattr(ranker, "held", None) if fresh else None
                    if held is not None:
                        held(fresh)
                rows = self._ranks.get(conn, tenant, ids) if ids else []
                return self._get(conn, tenant, tuple(ranker.pick(rows)))
            case HashOp(scope, content_hash):
                return _records(conn, q.records_by_hash(D, scope, content_hash))
            case ListOp(scope, filters, view, limit, offset):
                cond = q.where(D, scope, filters, view, now)
                total = int(conn.execute(*_args(q.count_records(cond))).fetchone()[0])
                items = _records(conn, q.page_records(D, cond, limit, offset)) if limit else []
                return Page(items=items, total=total, limit=limit, offset=offset)
            case DenseOp(scope, vector, k, filters, view, hydrate):
                cond = q.where(D, scope, filters, view, now)
                hits = self._search.dense(conn, scope, vector, k, filters, view, cond, now)
                return self._hydrate(conn, scope.tenant, hits) if hydrate else hits
            case FulltextOp(scope, text, k, filters, view, terms):
                cond = q.where(D, scope, filters, view, now)
                return self._search.fulltext(conn, scope, text, k, cond, terms, filters,
                                             view, now)
            case HistoryOp(tenant, memory_id):
                rows = conn.execute(*_args(q.history(D, tenant, memory_id))).fetchall()
                return [AuditEvent.model_validate_json(r[0]) for r in rows]
            case SettingsOp(scopes):
                return _settings(conn, scopes)
            case SettingsListOp(tenant):
                rows = conn.execute(*_args(q.settings_list(D, tenant))).fetchall()
                return [(scope_from_key(k), ScopeSettings.model_validate_json(b))
                        for k, b in rows]
            case ScanOp(after, limit):
                rows = conn.execute(f"SELECT rowid, {q.SELECT}, embedding FROM {RECORDS} "
                                    "WHERE rowid > ? ORDER BY rowid LIMIT ?", (after, limit))
                return [(r[0], row_to_record(r, _time_in),
                         None if r["embedding"] is None
                         else np.frombuffer(r["embedding"], np.float32)) for r in rows]
            case IndexOp():
                row = conn.execute(*_args(q.meta_value(D, INDEX_KEY))).fetchone()
                return None if row is None else _index_info(row[0])
            case FenceOp():
                return int(conn.execute(*_args(q.FENCE_MARK)).fetchone()[0])
            case MetaOp(key):
                row = conn.execute(*_args(q.meta_value(D, key))).fetchone()
                return None if row is None else str(row[0])
            case ChangedOp(scope, since):
                return conn.execute(*_args(q.changed_since(D, scope, since))).fetchone() \
                    is not None
            case TurnsOp(scope, limit):
                return SqliteWorkingLog.recent_in(conn, scope, limit)
            case SelectionOp(scope):
                return SqliteWorkingLog.selection_in(conn, scope)
        raise TypeError(f"unknown read op {op!r}")

    def _get(self, conn: sqlite3.Connection, tenant: str, ids: Sequence[str]
             ) -> list[MemoryRecord]:
        if not ids:
            return []
        found = _records(conn, q.get_records(D, tenant, ids))
        order = {rid: i for i, rid in enumerate(ids)}
        return sorted(found, key=lambda r: order[r.id])

    def _hydrate(self, conn: sqlite3.Connection, tenant: str, hits: list[Candidate]
                 ) -> list[Candidate]:
        records = {r.id: r for r in self._get(conn, tenant, [h.id for h in hits])}
        return [Candidate(h.id, h.score, records[h.id]) for h in hits if h.id in records]

    # -- writes -----------------------------------------------------------------------------
    async def write(self, batch: WriteBatch, /) -> WriteResult:
        if batch.is_empty():
            return WriteResult()
        result: WriteResult = await self._db.tx(lambda conn: self._write(conn, batch))
        if batch.forget or batch.hard_deletes or batch.purge_history:
            await self._db.run(self._compact)  # X3: no trace of deleted text in any file
        return result

    async def touch(self, tenant: str, ids: Sequence[str], at: datetime, /) -> None:
        """R5's use count, queued on the connection's thread and not waited for: every
        context() counts the memories it shows, and waiting for that commit (~1 ms CPU
        plus an fsync, 2-10 ms on a busy disk) was part of every turn's latency. Calls
        made afterwards, reads included, are served after it; ``aclose`` runs it first."""
        if ids:
            batch = WriteBatch(touches=[Touch(tenant, tuple(ids), at)])
            self._db.submit(self._db.in_tx, lambda conn: self._write(conn, batch))

    def _write(self, conn: sqlite3.Connection, batch: WriteBatch) -> WriteResult:
        if batch.fence is not None:  # BEGIN IMMEDIATE: no forget commits between check and write
            fence = batch.fence
            crossed = q.fence_crossed(D, covering_hashes(fence.scope), fence.mark)
            if conn.execute(*_args(crossed)).fetchone() is not None:
                raise scope_forgotten(fence.scope)
        forgotten = sum(self._forget(conn, scope) for scope in batch.forget)
        if batch.upserts or batch.late_vectors:
            seq = self._bump(conn, "seq")
            for record, vector in batch.upserts:
                self._upsert(conn, record, vector, seq, batch.terms.get(record.id))
            if batch.late_vectors:
                self._late_vectors(conn, batch.late_vectors, seq)
        if batch.pending_vectors:
            at = utcnow().timestamp()
            conn.executemany("INSERT OR IGNORE INTO pending_vectors (id, at) VALUES (?, ?)",
                             [(rid, at) for rid in batch.pending_vectors])
        if batch.hard_deletes:
            self._hard_delete(conn, batch.hard_deletes)
        for memory_id in batch.purge_history:
            conn.execute(*_args(q.purge_history(D, memory_id)))
        for event in batch.audit:
            conn.execute(*_args(q.insert_audit(
                D, event.id, event.memory_id, event.scope.tenant, str(event.scope),
                event.action.value, event.at.timestamp(), event.model_dump_json())))
        for scope, settings in batch.settings:  # only what was set: profiles fill the rest
            body = settings.model_dump_json(exclude_unset=True)
            conn.execute(*_args(q.put_settings(D, scope, body)))
        for touch in batch.touches:
            if touch.ids:
                at = touch.at.timestamp()
                conn.execute(*_args(q.touch(D, touch.tenant, touch.ids, at)))
                self._ranks.touched(conn, touch.tenant, touch.ids, at)
        if batch.index_info is not None:
            info = batch.index_info
            conn.execute(*_args(q.put_meta_if_absent(
                D, INDEX_KEY, json.dumps({"model": info.model, "dim": info.dim}))))
        for sql in q.meta_writes(D, batch.meta):
            conn.execute(*_args(sql))
        return WriteResult(forgotten=forgotten)

    @staticmethod
    def _bump(conn: sqlite3.Connection, key: str) -> int:
        conn.execute(
            "UPDATE store_meta SET value = CAST(value AS INTEGER) + 1 WHERE key = ?", (key,))
        row = conn.execute("SELECT value FROM store_meta WHERE key = ?", (key,)).fetchone()
        return int(row[0])

    def _upsert(self, conn: sqlite3.Connection, record: MemoryRecord, vector: Vector | None,
                seq: int, terms: IndexTerms | None = None) -> None:
        row = record_to_row(record, _time_out)
        row["seq"] = seq
        found = conn.execute(
            "SELECT rowid, content, index_text FROM records WHERE id = ?", (record.id,)
        ).fetchone()
        fts = (
            (terms.words, terms.morphs, terms.context, terms.context_morphs) if terms else
            (record.content, morph_field(record.content), record.index_text or "",
             morph_field(record.index_text or "")))
        if found is None:
            cur = conn.execute(*_args(q.insert_record(D, row, [("embedding", "?",
                                                                _blob(vector))])))
            conn.execute("INSERT INTO records_fts (rowid, content, morphs, context, "
                         "context_morphs) VALUES (?, ?, ?, ?, ?)", (cur.lastrowid, *fts))
            return
        rowid, old_content, old_index_text = found
        extra = [] if vector is None else [("embedding", "?", _blob(vector))]
        conn.execute(*_args(q.update_record(D, row, extra)))
        conn.execute(*_args(uses.fold(D, [record.id])))  # the row now carries its uses
        if (old_content, old_index_text) != (record.content, record.index_text):
            conn.execute("DELETE FROM records_fts WHERE rowid = ?", (rowid,))
            conn.execute("INSERT INTO records_fts (rowid, content, morphs, context, "
                         "context_morphs) VALUES (?, ?, ?, ?, ?)", (rowid, *fts))

    @staticmethod
    def _late_vectors(conn: sqlite3.Connection, items: Sequence[tuple[str, Vector]],
                      seq: int) -> None:
        """Owed vectors, set only where the row still has none (an update that changed the
        text re-embedded it meanwhile, and its vector is the right one); the debt goes
        either way. ``seq`` moves the row into the next read of the scope's matrix."""
        for rid, vector in items:
            conn.execute("UPDATE records SET embedding = ?, seq = ? WHERE id = ? AND "
                         "embedding IS NULL", (_blob(vector), seq, rid))
        conn.executemany("DELETE FROM pending_vectors WHERE id = ?",
                         [(rid,) for rid, _ in items])

    async def owed_vectors(self, limit: int, /) -> list[MemoryRecord]:
        """``LateVectors``: the records still owed a vector, oldest debt first; debts whose
        record is gone (deleted, forgotten) are dropped."""
        def run(conn: sqlite3.Connection) -> list[MemoryRecord]:
            conn.execute("DELETE FROM pending_vectors WHERE id NOT IN (SELECT id FROM records)")
            ids = [r[0] for r in conn.execute(
                "SELECT id FROM pending_vectors ORDER BY at, id LIMIT ?", (limit,))]
            if not ids:
                return []
            marks = ", ".join("?" * len(ids))
            found = _records(conn, Sql(f"SELECT {q.SELECT} FROM {RECORDS} WHERE id IN "
                                       f"({marks})", list(ids)))
            order = {rid: i for i, rid in enumerate(ids)}
            return sorted(found, key=lambda r: order[r.id])

        return await self._run(self._tx, run)

    def _hard_delete(self, conn: sqlite3.Connection, ids: Sequence[str]) -> None:
        for rid in ids:
            found = conn.execute("SELECT rowid FROM records WHERE id = ?", (rid,)).fetchone()
            if found is not None:
                conn.execute("DELETE FROM records_fts WHERE rowid = ?", (found[0],))
                conn.execute("DELETE FROM records WHERE rowid = ?", (found[0],))
            conn.execute("DELETE FROM model_vectors WHERE id = ?", (rid,))
            conn.execute("DELETE FROM pending_vectors WHERE id = ?", (rid,))
            conn.execute(*_args(uses.fold(D, [rid])))
        self._bump(conn, "purge")

    def _forget(self, conn: sqlite3.Connection, scope: Scope) -> int:
        """X3: every record, audit event, kept vector and setting inside ``scope``."""
        cond = scope_clause(D, scope)
        rowids = [r[0] for r in conn.execute(
            f"SELECT rowid FROM records WHERE {cond.text}", cond.params)]
        for rowid in rowids:
            conn.execute("DELETE FROM records_fts WHERE rowid = ?", (rowid,))
        for sql in q.forget_scope(D, scope):
            conn.execute(*_args(sql))
        conn.execute("DELETE FROM pending_vectors WHERE id NOT IN (SELECT id FROM records)")
        for sql in q.put_fence(D, fence_hash(scope.key()), utcnow().timestamp(), FENCE_KEEP_S):
            conn.execute(*_args(sql))
        self._bump(conn, "purge")
        return len(rowids)

    async def compact(self) -> None:
        """Rewrite full-text segments and truncate the WAL now (``secure_delete`` already
        zeroes deleted rows): after a rekey, nothing written before it is left on disk."""
        await self._db.run(self._compact)

    def _compact(self) -> None:
        """Rewrite FTS segments so deleted terms leave the file, then checkpoint the WAL."""
        self.conn.execute("INSERT INTO records_fts (records_fts) VALUES ('optimize')")
        self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def _tx(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        return self._db.in_tx(fn)

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await self._db.run(fn, *args)

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


def _rows_option(raw: str | None, default: int | None) -> int | None:
    if raw is None:
        return default
    raw = raw.strip().lower()
    if raw in ("off", "none", ""):
        return None
    rows = int(raw)
    if rows < 0:
        raise ValueError("fts_memory_rows must be ≥ 0 or off")
    return rows


def _args(sql: Sql) -> tuple[str, list[Any]]:
    return sql.text, sql.params


def _tuples(conn: sqlite3.Connection, sql: Sql) -> sqlite3.Cursor:
    """``sql``'s rows as plain tuples: a ``sqlite3.Row`` costs ~3 µs to make, and looking a
    column up by name in it compares names one by one (~40 per record row)."""
    cur = conn.cursor()
    cur.row_factory = None
    return cur.execute(sql.text, sql.params)


def _records(conn: sqlite3.Connection, sql: Sql) -> list[MemoryRecord]:
    cur = _tuples(conn, sql)
    return records_from([d[0] for d in cur.description], cur, _time_in)


def _settings(conn: sqlite3.Connection, scopes: Sequence[Scope]) -> list[ScopeSettings | None]:
    if not scopes:
        return []
    found = dict(conn.execute(*_args(q.settings_of(D, [s.key() for s in scopes]))).fetchall())
    return [ScopeSettings.model_validate_json(found[s.key()]) if s.key() in found else None
            for s in scopes]


def _index_info(value: str) -> IndexInfo:
    data = json.loads(value)
    return IndexInfo(model=data["model"], dim=int(data["dim"]))
