"""PostgresStore: the same store as SQLite's, on PostgreSQL + pgvector, for teams, replicas
and more than one machine's worth of memories.

An executor: shared SQL comes from ``stores._sql.queries`` with the PostgreSQL dialect;
search is in ``search.py``. A read batch is one pooled connection and one transaction (one
snapshot); a write batch one transaction. The working log, job queue and tokens are
components on the same pool. ``postgresql://user:pass@host:5432/db`` (also ``postgres://``;
``?pool_max=16`` sizes the pool; ``hnsw_m``, ``hnsw_ef_construction``, ``hnsw_ef_search`` and
``index_build_mem_mb`` tune the vector index, see ``hnsw.py``). Big batches are staged through
``COPY`` and morphemes analysed off the event loop (``bulk.py``); a big first load builds the
HNSW index after its rows, in the same transaction (``hnsw.py``).
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any, ClassVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import numpy as np

from gieok.domain.audit import AuditEvent
from gieok.domain.policy import ScopeSettings
from gieok.domain.query import Candidate, Page, RankRow
from gieok.domain.records import MemoryRecord, utcnow
from gieok.domain.scope import Scope, scope_from_key
from gieok.errors import ConfigurationError
from gieok.stores._sql import queries as q
from gieok.stores._sql.filters import Sql, scope_clause
from gieok.stores._sql.rows import RECORDS, records_from, row_to_rank, row_to_record
from gieok.stores.base import Capability, IndexInfo, Store, Vector, WriteBatch, WriteResult
from gieok.stores.fence import FENCE_KEEP_S, covering_hashes, fence_hash, scope_forgotten
from gieok.stores.ops import (
    DenseOp,
    ChangedOp,
    FenceOp,
    FulltextOp,
    GetOp,
    HashOp,
    HistoryOp,
    IndexOp,
    MetaOp,
    ListOp,
    RankedOp,
    RankOp,
    ReadOp,
    ScanOp,
    SelectionOp,
    SettingsListOp,
    SettingsOp,
    TurnsOp,
)
from gieok.stores.postgres import bulk, hnsw, search
from gieok.stores.postgres.db import Conn, PgDb
from gieok.stores.postgres.dialect import DIALECT as D
from gieok.stores.postgres.queue import PostgresJobQueue
from gieok.stores.postgres.schema import MIGRATIONS
from gieok.stores.postgres.tokens import PostgresTokenStore
from gieok.stores.postgres.working import PostgresWorkingLog, recent_in, selection_in

INDEX_KEY = "embedding_model"
_OPTIONS = ("pool_min", "pool_max", "connect_timeout_s", "hnsw_m", "hnsw_ef_construction",
            "hnsw_ef_search", "index_build_mem_mb")
log = logging.getLogger("gieok.stores.postgres")


def _same(value: Any) -> Any:
    return value


def _split_options(url: str) -> tuple[str, dict[str, str]]:
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    ours = {k: v for k, v in query if k in _OPTIONS}
    rest = urlencode([(k, v) for k, v in query if k not in _OPTIONS])
    return urlunsplit(parts._replace(query=rest)), ours


def _from_pg(value: Any) -> Vector | None:
    if value is None:
        return None
    array = value.to_numpy() if hasattr(value, "to_numpy") else value
    return np.asarray(array, dtype=np.float32)


def _hnsw_options(options: dict[str, Any]) -> hnsw.HnswOptions:
    names = {"hnsw_m": "m", "hnsw_ef_construction": "ef_construction",
             "hnsw_ef_search": "ef_search", "index_build_mem_mb": "build_mem_mb"}
    return hnsw.HnswOptions(**{names[k]: int(options.pop(k)) for k in list(options)
                               if k in names})


class PostgresStore(Store):
    capabilities: ClassVar[frozenset[Capability]] = frozenset(
        {Capability.VECTOR, Capability.FULLTEXT, Capability.FULLTEXT_RARITY,
         Capability.PERSISTENT}
    )

    def __init__(self, url: str, *, pool_min: int = 1, pool_max: int = 8,
                 connect_timeout_s: float = 10.0, hnsw_options: hnsw.HnswOptions | None = None
                 ) -> None:
        self._db = PgDb(url, min_size=pool_min, max_size=pool_max,
                        connect_timeout=connect_timeout_s)
        self.hnsw = hnsw_options or hnsw.HnswOptions()
        self._bulk = 0  # open bulk_load() blocks: the index is built when the last ends
        self.working = PostgresWorkingLog(self._db)
        self.queue = PostgresJobQueue(self._db)
        self.tokens = PostgresTokenStore(self._db)

    @classmethod
    def from_url(cls, url: str, /, **options: Any) -> PostgresStore:
        base, ours = _split_options(url)
        try:
            index = _hnsw_options(ours)
            kwargs: dict[str, Any] = {k: float(v) if k.endswith("_s") else int(v)
                                      for k, v in ours.items()}
        except ValueError as exc:
            raise ConfigurationError(f"bad PostgreSQL URL option: {exc}",
                                     code="CONFIG_INVALID") from exc
        return cls(base, **{"hnsw_options": index, **kwargs, **options})

    @property
    def db(self) -> PgDb:
        return self._db

    async def setup(self) -> None:
        await self._db.open(MIGRATIONS)
        await self._ensure_index(healing=True)

    async def _ensure_index(self, *, healing: bool) -> None:
        """Build the HNSW index of the recorded model if it is missing: at the end of a bulk
        load, or at open after one was cut off (searches were exact meanwhile: correct,
        slower)."""
        async def run(conn: Conn) -> None:
            row = await _one(conn, q.meta_value(D, INDEX_KEY))
            if row is None or await hnsw.exists(conn, _index_info(row[0]).dim):
                return
            if healing:
                log.warning("the vector index is missing (a bulk load was cut off); "
                            "building it now")
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", (hnsw.BUILD_LOCK,))
            await hnsw.build(conn, _index_info(row[0]).dim, self.hnsw)

        await self._db.tx(run)

    @asynccontextmanager
    async def bulk_load(self) -> AsyncIterator[None]:
        """Load many rows, then build the HNSW index once (``hnsw.py``): for a store no
        service is searching yet (``gieok migrate``'s target, a benchmark)."""
        self._bulk += 1
        try:
            if self._bulk == 1:
                info = await self.index_info()
                if info is not None:
                    await self._db.run(lambda conn: hnsw.drop(conn, info.dim))
            yield
        finally:
            self._bulk -= 1
            if self._bulk == 0:
                await self._ensure_index(healing=False)  # after a failure too

    async def aclose(self) -> None:
        await self._db.close()

    # -- reads ------------------------------------------------------------------------------
    async def read(self, ops: Sequence[ReadOp], /) -> list[Any]:
        if not ops:
            return []
        now = utcnow()

        async def run(conn: Conn) -> list[Any]:
            hashes = await _hash_lookups(conn, [op for op in ops if isinstance(op, HashOp)])
            return [hashes[op] if isinstance(op, HashOp) else await self._answer(conn, op, now)
                    for op in ops]

        return await self._db.tx(run)

    async def _answer(self, conn: Conn, op: ReadOp, now: datetime) -> Any:  # noqa: PLR0911
        match op:
            case GetOp(tenant, ids):
                return await self._get(conn, tenant, ids)
            case RankOp(tenant, ids):
                return await _rank(conn, tenant, ids)
            case RankedOp(tenant, lists, ranker):
                found = [await self._answer(conn, o, now) for o in lists]
                rows = await _rank(conn, tenant, tuple(ranker.candidates(found)))
                return await self._get(conn, tenant, tuple(ranker.pick(rows)))
            case HashOp(scope, content_hash):
                return await _records(conn, q.records_by_hash(D, scope, content_hash))
            case ListOp(scope, filters, view, limit, offset):
                cond = q.where(D, scope, filters, view, now)
                total = int((await _one(conn, q.count_records(cond)))[0])
                items = await _records(conn, q.page_records(D, cond, limit, offset)) \
                    if limit else []
                return Page(items=items, total=total, limit=limit, offset=offset)
            case DenseOp(scope, vector, k, filters, view, hydrate):
                cond = q.where(D, scope, filters, view, now)
                hits = await search.dense(conn, vector, k, cond, ef_search=self.hnsw.ef_search)
                return await self._hydrate(conn, scope.tenant, hits) if hydrate else hits
            case FulltextOp(scope, text, k, filters, view, terms):
                return await search.fulltext(conn, text, k, q.where(D, scope, filters, view,
                                                                     now), scope.tenant, terms)
            case HistoryOp(tenant, memory_id):
                cur = await conn.execute(*_args(q.history(D, tenant, memory_id)))
                return [AuditEvent.model_validate_json(r[0]) for r in await cur.fetchall()]
            case SettingsOp(scopes):
                return await _settings(conn, scopes)
            case SettingsListOp(tenant):
                cur = await conn.execute(*_args(q.settings_list(D, tenant)))
                return [(scope_from_key(k), ScopeSettings.model_validate_json(b))
                        for k, b in await cur.fetchall()]
            case ScanOp(after, limit):
                cur = await conn.execute(f"SELECT {q.SELECT}, embedding, rowid FROM {RECORDS} "
                                         "WHERE rowid > %s ORDER BY rowid LIMIT %s",
                                         (after, limit))
                names = [d.name for d in cur.description or []]
                out = []
                for r in await cur.fetchall():
                    row = dict(zip(names, r, strict=True))
                    vec = row["embedding"]
                    out.append((row["rowid"], row_to_record(row, _same), _from_pg(vec)))
                return out
            case IndexOp():
                row = await _one(conn, q.meta_value(D, INDEX_KEY))
                return None if row is None else _index_info(row[0])
            case FenceOp():
                row = await _one(conn, q.FENCE_MARK)
                return int(row[0]) if row else 0
            case MetaOp(key):
                row = await _one(conn, q.meta_value(D, key))
                return None if row is None else str(row[0])
            case ChangedOp(scope, since):
                return await _one(conn, q.changed_since(D, scope, since)) is not None
            case TurnsOp(scope, limit):
                return await recent_in(conn, scope, limit)
            case SelectionOp(scope):
                return await selection_in(conn, scope)
        raise TypeError(f"unknown read op {op!r}")

    async def _get(self, conn: Conn, tenant: str, ids: Sequence[str]) -> list[MemoryRecord]:
        if not ids:
            return []
        found = await _records(conn, q.get_records(D, tenant, ids))
        order = {rid: i for i, rid in enumerate(ids)}
        return sorted(found, key=lambda r: order[r.id])

    async def _hydrate(self, conn: Conn, tenant: str, hits: list[Candidate]) -> list[Candidate]:
        records = {r.id: r for r in await self._get(conn, tenant, [h.id for h in hits])}
        return [Candidate(h.id, h.score, records[h.id]) for h in hits if h.id in records]

    # -- writes -----------------------------------------------------------------------------
    async def write(self, batch: WriteBatch, /) -> WriteResult:
        if batch.is_empty():
            return WriteResult()
        morphs = await _morphs(batch)  # before the transaction
        return await self._db.tx(lambda conn: self._write(conn, batch, morphs))

    async def _write(self, conn: Conn, batch: WriteBatch, morphs: bulk.Morphs) -> WriteResult:
        await self._fence(conn, batch)
        forgotten = 0
        for scope in batch.forget:
            forgotten += await self._forget(conn, scope)
        deferred = None
        if batch.upserts:
            deferred = await self._defer_index(conn, batch)
            await bulk.upsert(conn, batch.upserts, morphs)
            # the rows written carry their uses (stores/_sql/uses.py)
            await conn.execute("DELETE FROM record_uses WHERE memory_id = ANY(%s)",
                               ([r.id for r, _ in batch.upserts],))
        if deferred is not None:
            await hnsw.build(conn, deferred, self.hnsw)
        if batch.hard_deletes:
            ids = list(batch.hard_deletes)
            await conn.execute("DELETE FROM records WHERE id = ANY(%s)", (ids,))
            await conn.execute("DELETE FROM model_vectors WHERE id = ANY(%s)", (ids,))
            await conn.execute("DELETE FROM record_uses WHERE memory_id = ANY(%s)", (ids,))
        for memory_id in batch.purge_history:
            await conn.execute(*_args(q.purge_history(D, memory_id)))
        if batch.audit:
            await bulk.append_audit(conn, batch.audit)
        for scope, settings in batch.settings:
            body = settings.model_dump_json(exclude_unset=True)  # profiles fill the rest
            await conn.execute(*_args(q.put_settings(D, scope, body)))
        for touch in batch.touches:
            if touch.ids:
                await conn.execute(*_args(q.touch(D, touch.tenant, touch.ids, touch.at)))
        if batch.index_info is not None:
            await self._record_index(conn, batch.index_info)
        for sql in q.meta_writes(D, batch.meta):
            await conn.execute(*_args(sql))
        return WriteResult(forgotten=forgotten)

    async def _defer_index(self, conn: Conn, batch: WriteBatch) -> int | None:
        """The dimension whose HNSW index this batch drops and rebuilds (a big first load),
        or None."""
        new = sum(vector is not None for _, vector in batch.upserts)
        if new < hnsw.DEFER_MIN or self._bulk:
            return None
        row = await _one(conn, q.meta_value(D, INDEX_KEY))
        dim = None if row is None else _index_info(row[0]).dim
        return dim if await hnsw.defer_for(conn, dim, new) else None

    @staticmethod
    async def _fence(conn: Conn, batch: WriteBatch) -> None:
        """Order forgets against fenced writes (stores/fence.py). A forget holds SHARE ROW
        EXCLUSIVE on ``scope_fences`` until it commits, a fenced write SHARE (fenced writes
        run side by side): so forgets commit in fence order, and a fenced write either sees
        a forget's row (and is refused) or commits before that forget deletes anything."""
        if batch.forget:
            await conn.execute("LOCK TABLE scope_fences IN SHARE ROW EXCLUSIVE MODE")
        elif batch.fence is not None:
            await conn.execute("LOCK TABLE scope_fences IN SHARE MODE")
        if batch.fence is not None:
            fence = batch.fence
            if await _one(conn, q.fence_crossed(D, covering_hashes(fence.scope),
                                                fence.mark)) is not None:
                raise scope_forgotten(fence.scope)

    async def _forget(self, conn: Conn, scope: Scope) -> int:
        cond = scope_clause(D, scope)
        row = await _one(conn, Sql(f"SELECT count(*) FROM records WHERE {cond.text}",
                                   cond.params))
        for sql in q.forget_scope(D, scope):
            await conn.execute(*_args(sql))
        for sql in q.put_fence(D, fence_hash(scope.key()), utcnow().timestamp(), FENCE_KEEP_S):
            await conn.execute(*_args(sql))
        return int(row[0]) if row else 0

    async def _record_index(self, conn: Conn, info: IndexInfo) -> None:
        cur = await conn.execute(*_args(q.put_meta_if_absent(
            D, INDEX_KEY, json.dumps({"model": info.model, "dim": info.dim}))))
        if cur.rowcount and not self._bulk:
            await conn.execute(hnsw.create_sql(info.dim, self.hnsw))

    # -- re-embedding (L7): a second vector set beside the live one, then a switch ----------
    _UNINDEXED = ("FROM records r WHERE r.embedding IS NOT NULL AND NOT EXISTS "
                  "(SELECT 1 FROM model_vectors v WHERE v.model = %s AND v.id = r.id)")

    async def unindexed(self, model: str, /, *, limit: int) -> list[tuple[str, str, str | None]]:
        async def run(conn: Conn) -> list[tuple[str, str, str | None]]:
            cur = await conn.execute(f"SELECT r.id, r.content, r.index_text {self._UNINDEXED} "
                                     "ORDER BY r.rowid LIMIT %s", (model, limit))
            return [(r[0], r[1], r[2]) for r in await cur.fetchall()]

        return await self._db.run(run)

    async def put_model_vectors(self, model: str, items: Sequence[tuple[str, Vector]], /
                                ) -> None:
        rows = [(model, rid, bulk.vec(v), rid) for rid, v in items]

        async def run(conn: Conn) -> None:
            async with conn.cursor() as cur:
                await cur.executemany(
                    "INSERT INTO model_vectors (model, id, embedding) SELECT %s, %s, %s WHERE "
                    "EXISTS (SELECT 1 FROM records WHERE id = %s) ON CONFLICT (model, id) "
                    "DO UPDATE SET embedding = excluded.embedding", rows)

        await self._db.tx(run)

    async def switch_index(self, info: IndexInfo, /) -> int:
        async def run(conn: Conn) -> int:
            row = await _one(conn, Sql(f"SELECT COUNT(*) {self._UNINDEXED}", [info.model]))
            if row and int(row[0]):
                return int(row[0])
            meta = await _one(conn, q.meta_value(D, INDEX_KEY))
            old = _index_info(meta[0]) if meta is not None else None
            if old is not None and old.dim != info.dim:  # its HNSW index casts to the old dim
                await hnsw.drop(conn, old.dim)
            if old is not None and old.model != info.model:
                await conn.execute(
                    "INSERT INTO model_vectors (model, id, embedding) SELECT %s, id, embedding "
                    "FROM records WHERE embedding IS NOT NULL ON CONFLICT (model, id) DO UPDATE "
                    "SET embedding = excluded.embedding", (old.model,))
            await conn.execute(
                "UPDATE records SET embedding = v.embedding FROM model_vectors v "
                "WHERE v.model = %s AND v.id = records.id AND records.embedding IS NOT NULL",
                (info.model,))
            await conn.execute("DELETE FROM model_vectors WHERE model = %s", (info.model,))
            await conn.execute(*_args(q.put_meta(
                D, INDEX_KEY, json.dumps({"model": info.model, "dim": info.dim}))))
            await hnsw.build(conn, info.dim, self.hnsw)
            return 0

        return await self._db.tx(run)

    async def drop_model_vectors(self, model: str, /) -> int:
        async def run(conn: Conn) -> int:
            cur = await conn.execute("DELETE FROM model_vectors WHERE model = %s", (model,))
            return int(cur.rowcount)

        return await self._db.tx(run)


def _args(sql: Sql) -> tuple[str, list[Any]]:
    return sql.text, sql.params


async def _one(conn: Conn, sql: Sql) -> Any:
    cur = await conn.execute(sql.text, sql.params)
    return await cur.fetchone()


async def _rank(conn: Conn, tenant: str, ids: Sequence[str]) -> list[RankRow]:
    if not ids:
        return []
    cur = await conn.execute(*_args(q.rank_rows(D, tenant, ids)))
    return [row_to_rank(r, _same) for r in await cur.fetchall()]


async def _records(conn: Conn, sql: Sql) -> list[MemoryRecord]:
    cur = await conn.execute(sql.text, sql.params)
    return records_from([d.name for d in cur.description or []], await cur.fetchall(), _same)


async def _settings(conn: Conn, scopes: Sequence[Scope]) -> list[ScopeSettings | None]:
    if not scopes:
        return []
    cur = await conn.execute(*_args(q.settings_of(D, [s.key() for s in scopes])))
    found = dict(await cur.fetchall())
    return [ScopeSettings.model_validate_json(found[s.key()]) if s.key() in found else None
            for s in scopes]


def _index_info(value: str) -> IndexInfo:
    data = json.loads(value)
    return IndexInfo(model=data["model"], dim=int(data["dim"]))


async def _hash_lookups(conn: Conn, ops: Sequence[HashOp]) -> dict[HashOp, list[MemoryRecord]]:
    """Every duplicate check of a batch in one query (an import checks hundreds): candidates
    by tenant and hash through the tenant-led index, then the exact scope in Python."""
    if not ops:
        return {}
    pairs = sorted({(op.scope.tenant, op.content_hash) for op in ops})
    cur = await conn.execute(
        f"SELECT {q.SELECT} FROM {RECORDS} WHERE (org, content_hash) IN "
        f"(SELECT * FROM unnest(%s::text[], %s::text[])) "
        "AND status = 'active' AND superseded_at IS NULL",
        ([t for t, _ in pairs], [h for _, h in pairs]))
    found = records_from([d.name for d in cur.description or []], await cur.fetchall(), _same)
    return {op: [r for r in found if r.scope == op.scope and r.content_hash == op.content_hash]
            for op in ops}


async def _morphs(batch: WriteBatch) -> bulk.Morphs:
    """The 'simple' full-text columns of each upsert: Korean morphemes of its text, or — for
    a record given blind terms (encryption at rest) — all of its blind terms, which are
    indexed as written."""
    found = iter(await bulk.morphemes([r for r, _ in batch.upserts if r.id not in batch.terms]))
    out: bulk.Morphs = []
    for record, _ in batch.upserts:
        t = batch.terms.get(record.id)
        out.append((f"{t.words} {t.morphs}", f"{t.context} {t.context_morphs}") if t
                   else next(found))
    return out
