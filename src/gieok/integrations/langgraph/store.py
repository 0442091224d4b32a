"""``GieokStore``: LangGraph's ``BaseStore`` backed by a gieok engine (I4).

``abatch`` is the implementation; ``batch`` runs it on the engine's own event loop, so one
store serves sync graphs (``graph.invoke``) and async ones (``graph.ainvoke``) alike:

- over a ``Memory`` (the sync facade), every batch runs on its loop thread;
- over an ``AsyncMemory``, ``abatch`` runs on the caller's loop, and ``batch`` from a worker
  thread (LangGraph runs sync nodes of an async graph in threads) is sent to that loop.

Semantics are LangGraph's (its ``InMemoryStore`` and ``PostgresStore``): reads in a batch see
the state before the batch's puts; the last put to a key wins; ``value=None`` deletes (gieok
hard-deletes it, purging its history, leaving a content-free tombstone); without an ``index``
config ``query`` is ignored; items put with ``index=False`` are found by filters and listings
but never ranked by a query. With an index, a query runs gieok's hybrid search (dense + full
text, mixed score) over the indexed text; ``score`` is that mixed score. TTLs (minutes) set
``expires_at``: expired items leave every read at once, reads refresh them when asked, and
``sweep_ttl()`` (or the sweeper ``start_ttl_sweeper()`` starts) deletes them. Values pass
the write path's PII guard with their scope's policy (X2), so an item never keeps a card
number or a password in clear; other write policies (categories, caps) do not apply, since
items are the app's own state rather than remembered facts.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from langgraph.store.base import (
    BaseStore,
    GetOp,
    IndexConfig,
    Item,
    ListNamespacesOp,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
    TTLConfig,
)

from gieok.domain.audit import AuditAction, AuditEvent, Trigger, audit_for
from gieok.domain.context import DEFAULT_MIN_RELEVANCE
from gieok.domain.query import View, parse_filter
from gieok.domain.records import PREVIEW_CHARS, MemoryRecord, Source, utcnow
from gieok.embedders.base import Embedder, similarity_range
from gieok.errors import ConfigurationError, PolicyError
from gieok.integrations._bridge import EngineBridge
from gieok.integrations.langgraph import _items as it
from gieok.memory import MAX_K, AsyncMemory, Memory
from gieok.read.search import hybrid_search
from gieok.stores import IndexInfo, Store, WriteBatch
from gieok.write.pii import PiiPolicies, guard_value
from gieok.write.pipeline import pii_policies


log = logging.getLogger("gieok.integrations.langgraph")
PAGE = 500
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


class GieokStore(BaseStore):
    """Long-term LangGraph memory in gieok: ``graph.compile(store=GieokStore(mem))``.

    ``levels`` maps namespace positions to scope levels: the default ``("user",)`` reads
    ``(user_id, "memories")`` as user ``user_id``; use ``(None, "user")`` for
    ``("memories", user_id)``. ``org_id`` puts every item in that tenant.
    """

    supports_ttl = True

    def __init__(
        self,
        memory: Memory | AsyncMemory,
        *,
        levels: Sequence[str | None] = ("user",),
        org_id: str | None = None,
        index: IndexConfig | None = None,
        ttl: TTLConfig | None = None,
    ) -> None:
        self._bridge = EngineBridge(memory, owner="GieokStore")
        self._engine = self._bridge.engine
        self._owned: Memory | None = None
        self._map = it.NamespaceMap(tuple(levels), org_id)
        self.index_config: IndexConfig | None = None
        self._paths: list[tuple[str, Any]] = []
        if index is not None:
            if index.get("embed") is not None:
                raise ConfigurationError(
                    "this engine already has its embedder; pass index['embed'] to "
                    "GieokStore.from_url(...) instead, or drop it (the engine's is used)")
            self.index_config = dict(index)  # type: ignore[assignment]
            self._paths = it.index_paths(index.get("fields"))
        self.ttl_config = ttl
        self._sweeper: asyncio.Task[None] | None = None

    @classmethod
    def from_url(
        cls, url: str | None = None, *, levels: Sequence[str | None] = ("user",),
        org_id: str | None = None, index: IndexConfig | None = None,
        ttl: TTLConfig | None = None, **memory_options: Any,
    ) -> GieokStore:
        """A store over its own ``Memory(url)``; ``index['embed']`` becomes its embedder.
        Close it with ``close()`` (or ``with``)."""
        if index is not None and index.get("embed") is not None:
            from gieok.integrations.langgraph.embeddings import LangChainEmbedder

            if "dims" not in index:
                raise ConfigurationError("index['embed'] needs index['dims'] beside it")
            memory_options["embedder"] = LangChainEmbedder(index["embed"], dims=index["dims"])
            index = {k: v for k, v in index.items() if k != "embed"}  # type: ignore[assignment]
        memory = Memory(url, **memory_options)
        store = cls(memory, levels=levels, org_id=org_id, index=index, ttl=ttl)
        store._owned = memory
        return store

    def close(self) -> None:
        if self._owned is not None:
            self._owned.close()
            self._owned = None

    def __enter__(self) -> GieokStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the two methods LangGraph calls ---------------------------------------------------
    def batch(self, ops: Iterable[Op]) -> list[Result]:
        ops = list(ops)
        return self._bridge.run(lambda: self._run(ops))

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        ops = list(ops)
        return await self._bridge.arun(lambda: self._run(ops))

    # -- the implementation ----------------------------------------------------------------
    async def _run(self, ops: list[Op]) -> list[Result]:
        store, embedder = await self._engine.backends()
        results: list[Result] = [None] * len(ops)
        gets: list[tuple[int, GetOp]] = []
        puts: dict[tuple[tuple[str, ...], str], PutOp] = {}
        for i, op in enumerate(ops):
            if isinstance(op, GetOp):
                gets.append((i, op))
            elif isinstance(op, PutOp):
                puts[(tuple(op.namespace), op.key)] = op
            elif not isinstance(op, SearchOp | ListNamespacesOp):
                raise ValueError(f"Unknown operation type: {type(op)}")
        refresh: dict[str, MemoryRecord] = {}
        for i, item in zip([i for i, _ in gets], await self._get(store, [g for _, g in gets],
                                                                  refresh), strict=True):
            results[i] = item
        for i, op in enumerate(ops):
            if isinstance(op, SearchOp):
                results[i] = await self._search(store, embedder, op, refresh)
            elif isinstance(op, ListNamespacesOp):
                results[i] = await self._list_namespaces(store, op)
        if refresh:
            await store.write(WriteBatch(upserts=[(r, None) for r in refresh.values()]))
        if puts:
            await self._put(store, embedder, list(puts.values()))
        return results

    def _live(self, record: MemoryRecord | None) -> bool:
        return record is not None and it.is_item(record) and record.is_live()

    def _refreshed(self, record: MemoryRecord, wanted: bool,
                   into: dict[str, MemoryRecord]) -> None:
        minutes = record.metadata.get(it.TTL)
        if wanted and minutes:
            into[record.id] = record.model_copy(
                update={"expires_at": utcnow() + timedelta(minutes=float(minutes))})

    async def _get(self, store: Store, ops: list[GetOp],
                   refresh: dict[str, MemoryRecord]) -> list[Item | None]:
        if not ops:
            return []
        tenant = self._map.org or ""
        ids = [it.record_id(tenant, tuple(op.namespace), op.key) for op in ops]
        found = {r.id: r for r in await store.get(tenant, list(dict.fromkeys(ids)))}
        out: list[Item | None] = []
        for rid, op in zip(ids, ops, strict=True):
            record = found.get(rid)
            if record is None or not self._live(record):
                out.append(None)
                continue
            self._refreshed(record, op.refresh_ttl, refresh)
            out.append(it.to_item(record))
        return out

    async def _scan(self, store: Store, prefix: Sequence[str]) -> list[MemoryRecord]:
        """Every live item under ``prefix``, newest first."""
        scope, flt = self._map.read_scope(prefix), parse_filter(it.prefix_filter(prefix))
        out: list[MemoryRecord] = []
        offset = 0
        while True:
            page = await store.list(scope, filters=flt, view=View(), limit=PAGE, offset=offset)
            out.extend(r for r in page.items if self._live(r))
            offset += len(page.items)
            if not page.items or offset >= page.total:
                return out

    async def _search(self, store: Store, embedder: Embedder, op: SearchOp,
                      refresh: dict[str, MemoryRecord]) -> list[SearchItem]:
        prefix = tuple(op.namespace_prefix)
        want = max(op.offset, 0) + max(op.limit, 0)
        scored: list[tuple[MemoryRecord, float | None]] = []
        if op.query and self.index_config is not None:
            scored = await self._ranked(store, embedder, prefix, op, want)
        seen = {r.id for r, _ in scored}
        ranking = bool(op.query) and self.index_config is not None
        if len(scored) < want:  # LangGraph fills up with items the query did not rank
            # (never with indexed items the query found unrelated: below the relevance
            # floor they are no match, and an agent would take them for one)
            rest = [r for r in await self._scan(store, prefix)
                    if r.id not in seen and it.matches_filter(r.data or {}, op.filter)
                    and not (ranking and r.metadata.get(it.INDEXED))]
            scored.extend((r, None) for r in rest[: want - len(scored)])
        page = scored[op.offset: op.offset + op.limit]
        for record, _ in page:
            self._refreshed(record, op.refresh_ttl, refresh)
        return [it.to_search_item(r, s) for r, s in page]

    async def _ranked(self, store: Store, embedder: Embedder, prefix: tuple[str, ...],
                      op: SearchOp, want: int) -> list[tuple[MemoryRecord, float | None]]:
        assert op.query is not None
        k = min(MAX_K, max(want, 10) * (4 if op.filter else 1))
        weights = self._engine.settings.scoring.model_copy(
            update={"near_duplicate": 1.0, "mmr_lambda": 1.0})  # keys are distinct items
        hits = await hybrid_search(
            store, embedder, self._map.read_scope(prefix), op.query, k=k,
            filters=parse_filter(it.prefix_filter(prefix)), view=View(), weights=weights,
            now=utcnow(), min_relevance=self._floor(embedder))
        return [(h.record, h.score) for h in hits
                if self._live(h.record) and h.record.metadata.get(it.INDEXED)
                and it.matches_filter(h.record.data or {}, op.filter)]

    def _floor(self, embedder: Embedder) -> float:
        """The relevance an item needs to be a match: the engine's context floor
        (``GIEOK_CONTEXT__MIN_RELEVANCE``), by default ``DEFAULT_MIN_RELEVANCE`` with an
        embedder whose similarity scale is calibrated (the local model) and 0 with others —
        the floor ``context()`` holds its memories to, so "where do I live?" is not answered
        with every item of the namespace at the floor's score."""
        floor = self._engine.settings.context.min_relevance
        if floor is None:
            floor = DEFAULT_MIN_RELEVANCE if similarity_range(embedder) is not None else 0.0
        return floor

    async def _list_namespaces(self, store: Store, op: ListNamespacesOp
                               ) -> list[tuple[str, ...]]:
        conditions = tuple(op.match_conditions or ())
        exact = next((c.path for c in conditions
                      if c.match_type == "prefix" and "*" not in c.path), ())
        namespaces = {it.namespace_of(r) for r in await self._scan(store, tuple(exact))}
        matched = [ns for ns in namespaces
                   if all(it.matches_condition(ns, c) for c in conditions)]
        if op.max_depth is not None:
            matched = list({ns[: op.max_depth] for ns in matched})
        return sorted(matched)[op.offset: op.offset + op.limit]

    async def _put(self, store: Store, embedder: Embedder, ops: list[PutOp]) -> None:
        tenant = self._map.org or ""
        ids = [it.record_id(tenant, tuple(op.namespace), op.key) for op in ops]
        before = {r.id: r for r in await store.get(tenant, ids) if it.is_item(r)}
        values = await self._guarded_values(ops)  # before anything is written
        batch = WriteBatch()
        to_embed: list[tuple[MemoryRecord, str]] = []
        for rid, op, value in zip(ids, ops, values, strict=True):
            old = before.get(rid)
            if op.value is None:
                if old is not None:
                    batch.hard_deletes.append(rid)
                    batch.purge_history.append(rid)
                    batch.audit.append(AuditEvent(
                        memory_id=rid, scope=old.scope, action=AuditAction.DELETE,
                        trigger=Trigger.SYSTEM, version=old.version, details={"hard": True}))
                continue
            record, text = self._record(rid, op, value, old)
            if text is not None:
                to_embed.append((record, text))
            else:
                batch.upserts.append((record, None))
            action = AuditAction.CREATE if old is None else AuditAction.UPDATE
            batch.audit.append(audit_for(action, record, before=old, trigger=Trigger.SYSTEM))
        if to_embed:
            vectors = await embedder.embed_documents([text for _, text in to_embed])
            batch.upserts.extend((r, v) for (r, _), v in zip(to_embed, vectors, strict=True))
            if await store.index_info() is None:
                await store.set_index_info(IndexInfo(model=embedder.name, dim=embedder.dim))
        await store.write(batch)

    async def _guarded_values(self, ops: list[PutOp]) -> list[dict[str, Any]]:
        """Every put's value with PII masked by its scope's policy (X2: a card number or a
        password is never kept in clear, whichever door it came in by); a scope whose policy
        refuses PII fails the whole batch with ``PII_REJECTED`` before anything is written.
        Keys and namespace labels are ids and are kept as given."""
        policies: dict[str, PiiPolicies] = {}
        out: list[dict[str, Any]] = []
        for op in ops:
            if op.value is None:
                out.append({})
                continue
            scope = self._map.scope_for(tuple(op.namespace))
            if scope.key() not in policies:
                policy = await self._engine.runtime.policy(scope)
                policies[scope.key()] = pii_policies(policy.settings)
            masked, _, refused = guard_value(dict(op.value), policies[scope.key()])
            if refused:
                kinds = sorted(kind.value for kind in refused)
                raise PolicyError(
                    f"the item contains {kinds} and this scope's PII policy refuses it; "
                    "remove it or set the policy to 'mask'",
                    code="PII_REJECTED", details={"kinds": kinds, "key": op.key})
            out.append(dict(masked))  # type: ignore[call-overload]
        return out

    def _record(self, rid: str, op: PutOp, value: dict[str, Any], old: MemoryRecord | None
                ) -> tuple[MemoryRecord, str | None]:
        """The record for a put, and the text to embed (``None``: not indexed)."""
        indexed = self.index_config is not None and op.index is not False
        paths = it.index_paths(op.index) if isinstance(op.index, list) else self._paths
        texts = it.indexed_texts(value, paths) if indexed else []
        limit = self._engine.settings.max_content_chars
        content = ("\n".join(texts) if texts else
                   json.dumps(value, sort_keys=True, ensure_ascii=False))[:limit].strip()
        now = utcnow()
        metadata = it.namespace_metadata(tuple(op.namespace))
        metadata.update({it.KEY: op.key, it.INDEXED: bool(texts), it.TTL: op.ttl})
        record = MemoryRecord(
            id=rid, scope=self._map.scope_for(tuple(op.namespace)), content=content or "{}",
            data=value, metadata=metadata, source=Source.SYSTEM,
            source_preview=(content or "{}")[:PREVIEW_CHARS],
            version=1 if old is None else old.version + 1,
            created_at=now if old is None else old.created_at, updated_at=now,
            event_time=now, expires_at=None if not op.ttl else now + timedelta(minutes=op.ttl))
        return record, (content if texts else None)

    # -- TTL ---------------------------------------------------------------------------------
    async def sweep_ttl(self) -> int:
        """Delete every expired item of this store's tenant; returns how many."""
        return await self._bridge.arun(self._sweep)

    async def _sweep(self) -> int:
        store, _ = await self._engine.backends()
        now, expired = utcnow(), []
        scope, flt = self._map.read_scope(()), parse_filter(it.ITEMS_ONLY)
        offset = 0
        while True:
            page = await store.list(scope, filters=flt, view=View(now=EPOCH),  # expired too
                                    limit=PAGE, offset=offset)
            expired.extend(r for r in page.items
                           if it.is_item(r) and r.expires_at is not None and r.expires_at <= now)
            offset += len(page.items)
            if not page.items or offset >= page.total:
                break
        if expired:
            await self._put(store, (await self._engine.backends())[1], [
                PutOp(it.namespace_of(r), str(r.metadata[it.KEY]), None) for r in expired])
        return len(expired)

    async def start_ttl_sweeper(self, sweep_interval_minutes: int | None = None
                                ) -> asyncio.Task[None]:
        """Sweep every ``sweep_interval_minutes`` (default: ``ttl['sweep_interval_minutes']``)
        until ``stop_ttl_sweeper()``."""
        minutes = sweep_interval_minutes or (self.ttl_config or {}).get(
            "sweep_interval_minutes") or 5

        async def loop() -> None:
            while True:
                await asyncio.sleep(minutes * 60)
                try:
                    await self.sweep_ttl()
                except Exception:  # noqa: BLE001 - a failed sweep is retried next interval
                    log.exception("TTL sweep failed; retrying in %s minutes", minutes)

        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.create_task(loop())
        return self._sweeper

    async def stop_ttl_sweeper(self, timeout: float | None = None) -> bool:
        if self._sweeper is None:
            return True
        self._sweeper.cancel()
        try:
            await asyncio.wait_for(asyncio.shield(self._sweeper), timeout)
        except (asyncio.CancelledError, TimeoutError):
            pass
        self._sweeper = None
        return True
