"""InMemoryStore (``memory://``): the reference store — plain Python, no persistence.

It defines the semantics the SQL stores must match (it evaluates filters with
``gieok.domain.query.matches``), keeps unit tests fast, and passes the same contract suite.
"""

from __future__ import annotations

import builtins
import math
import re
from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from typing import Any, ClassVar

import numpy as np

from gieok.domain.audit import AuditEvent
from gieok.domain.policy import ScopeSettings
from gieok.domain.query import Candidate, Filter, Page, RankRow, View, matches
from gieok.domain.records import MemoryRecord, Status, utcnow
from gieok.domain.scope import Scope, scope_from_key
from gieok.stores.base import (
    Capability,
    IndexInfo,
    IndexTerms,
    Store,
    Vector,
    WriteBatch,
    WriteResult,
)
from gieok.stores.memory.queue import InMemoryJobQueue
from gieok.stores.memory.tokens import InMemoryTokenStore
from gieok.stores.memory.working import InMemoryWorkingLog
from gieok.stores.fence import FENCE_KEEP_S, covering_hashes, fence_hash, scope_forgotten
from gieok.stores.ops import (
    BlindQuery,
    DenseOp,
    ChangedOp,
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
from gieok.text.analysis import (
    INDEX_TEXT_WEIGHT,
    STOPWORDS,
    has_hangul,
    korean_morphs,
    query_terms,
)

_WORD = re.compile(r"\w+", re.UNICODE)


def _weighted_terms(record: MemoryRecord) -> Counter[str]:
    counts: Counter[str] = Counter(_terms(record.content))
    for term in _terms(record.index_text or ""):
        counts[term] += INDEX_TEXT_WEIGHT
    return counts


def _terms(text: str) -> list[str]:
    words = [w.lower() for w in _WORD.findall(text) if not has_hangul(w)]
    return [w for w in words if w not in STOPWORDS] + list(korean_morphs(text))


def _blind_counts(terms: IndexTerms) -> Counter[str]:
    counts: Counter[str] = Counter(terms.words.split())
    counts.update(terms.morphs.split())
    for term in [*terms.context.split(), *terms.context_morphs.split()]:
        counts[term] += INDEX_TEXT_WEIGHT
    return counts


def visible(record: MemoryRecord, view: View, now: datetime) -> bool:
    """The ``View`` semantics, in Python (mirrors ``stores._sql.filters.view_clause``)."""
    if view.statuses:
        if record.status.value not in view.statuses:
            return False
    elif view.include_archived:
        if record.status is Status.DELETED:
            return False
    elif record.status is not Status.ACTIVE:
        return False
    if view.as_of is not None:
        at = view.as_of
        if record.valid_from is None or record.valid_from > at:
            return False
        if record.valid_to is not None and record.valid_to <= at:
            return False
        return record.expires_at is None or record.expires_at > at
    if not view.include_superseded and record.superseded_at is not None:
        return False
    return record.expires_at is None or record.expires_at > (view.now or now)


class InMemoryStore(Store):
    capabilities: ClassVar[frozenset[Capability]] = frozenset(
        {Capability.VECTOR, Capability.FULLTEXT, Capability.FULLTEXT_RARITY}
    )

    def __init__(self) -> None:
        self._records: dict[str, MemoryRecord] = {}
        self._vectors: dict[str, Vector] = {}
        self._model_vectors: dict[str, dict[str, Vector]] = {}  # L7: model -> id -> vector
        self._audit: list[AuditEvent] = []
        self._settings: dict[str, ScopeSettings] = {}
        self._index: IndexInfo | None = None
        self._fences: list[tuple[int, str, float]] = []  # (seq, key hash, at): stores/fence.py
        self._fence_seq = 0
        self._meta: dict[str, str] = {}
        self._blind: dict[str, Counter[str]] = {}  # record id -> blind terms (encrypted)
        self.working = InMemoryWorkingLog()
        self.queue = InMemoryJobQueue()
        self.tokens = InMemoryTokenStore()

    @classmethod
    def from_url(cls, url: str, /, **options: Any) -> InMemoryStore:
        return cls()

    async def setup(self) -> None:
        return None

    async def aclose(self) -> None:
        return None

    async def read(self, ops: Sequence[ReadOp], /) -> builtins.list[Any]:
        return [await self._answer(op) for op in ops]

    async def _answer(self, op: ReadOp) -> Any:  # noqa: PLR0911
        match op:
            case GetOp(tenant, ids):
                return await self._get(tenant, ids)
            case RankOp(tenant, ids):
                return self._rank(tenant, ids)
            case RankedOp(tenant, lists, ranker):
                found = [await self._answer(o) for o in lists]
                rows = self._rank(tenant, ranker.candidates(found))
                return await self._get(tenant, tuple(ranker.pick(rows)))
            case HashOp(scope, content_hash):
                return await self._find_by_hash(scope, content_hash)
            case ListOp(scope, filters, view, limit, offset):
                return await self._list(scope, filters=filters, view=view, limit=limit,
                                        offset=offset)
            case DenseOp(scope, vector, k, filters, view, hydrate):
                hits = await self._dense(scope, vector, k=k, filters=filters, view=view)
                if not hydrate:
                    return hits
                found = {r.id: r for r in await self._get(scope.tenant, [h.id for h in hits])}
                return [Candidate(h.id, h.score, found[h.id]) for h in hits if h.id in found]
            case FulltextOp(scope, text, k, filters, view, terms):
                return await self._fulltext(scope, text, k=k, filters=filters, view=view,
                                            blind=terms)
            case HistoryOp(tenant, memory_id):
                return await self._history(tenant, memory_id)
            case SettingsOp(scopes):
                return [await self._get_settings(scope) for scope in scopes]
            case SettingsListOp(tenant):
                return await self._list_settings(tenant)
            case ScanOp(after, limit):
                rows = list(self._records.values())[after:after + limit]
                return [(after + i + 1, r.model_copy(deep=True), self._vectors.get(r.id))
                        for i, r in enumerate(rows)]
            case IndexOp():
                return self._index
            case FenceOp():
                return self._fence_seq
            case MetaOp(key):
                return self._meta.get(key)
            case ChangedOp(scope, since):
                return any(scope.contains(r.scope) and r.updated_at >= since
                           for r in self._records.values())
            case TurnsOp(scope, limit):
                return await self.working.recent(scope, limit=limit)
            case SelectionOp(scope):
                return await self.working.selection(scope)
        raise TypeError(f"unknown read op {op!r}")

    async def write(self, batch: WriteBatch, /) -> WriteResult:
        # Validate and copy everything first, then mutate: all or nothing, like a transaction.
        upserts = [
            (MemoryRecord.model_validate(r.model_dump()),
             None if v is None else np.asarray(v, np.float32).reshape(-1))
            for r, v in batch.upserts
        ]
        events = [AuditEvent.model_validate(e.model_dump()) for e in batch.audit]
        settings = [(scope, s.model_copy(deep=True)) for scope, s in batch.settings]
        if batch.fence is not None:
            wanted = set(covering_hashes(batch.fence.scope))
            if any(seq > batch.fence.mark and key in wanted for seq, key, _ in self._fences):
                raise scope_forgotten(batch.fence.scope)
        forgotten = sum(self._forget(scope) for scope in batch.forget)
        for record, vector in upserts:
            self._records[record.id] = record
            if vector is not None:
                self._vectors[record.id] = vector
            terms = batch.terms.get(record.id)
            if terms is not None:
                self._blind[record.id] = _blind_counts(terms)
        for rid in batch.hard_deletes:
            self._drop(rid)
        purge = set(batch.purge_history)
        self._audit = [e for e in self._audit if e.memory_id not in purge]
        self._audit.extend(events)  # after the purge, so a tombstone event survives it
        for scope, stored in settings:
            self._settings[scope.key()] = stored
        for touch in batch.touches:
            for rid in touch.ids:
                rec = self._records.get(rid)
                if rec is not None and rec.scope.tenant == touch.tenant:
                    rec.usage_count += 1
                    rec.last_used_at = touch.at
        if batch.index_info is not None and self._index is None:
            self._index = batch.index_info
        for key, value in batch.meta.items():
            if value is None:
                self._meta.pop(key, None)
            else:
                self._meta[key] = value
        return WriteResult(forgotten=forgotten)

    def _drop(self, rid: str) -> None:
        self._records.pop(rid, None)
        self._blind.pop(rid, None)
        self._vectors.pop(rid, None)
        for kept in self._model_vectors.values():
            kept.pop(rid, None)

    def _forget(self, scope: Scope) -> int:
        gone = [rid for rid, r in self._records.items() if scope.contains(r.scope)]
        for rid in gone:
            self._drop(rid)
        ids = set(gone)
        self._audit = [e for e in self._audit if e.memory_id not in ids]
        self._settings.pop(scope.key(), None)
        now = utcnow().timestamp()
        self._fence_seq += 1
        self._fences = [f for f in self._fences if f[2] >= now - FENCE_KEEP_S]
        self._fences.append((self._fence_seq, fence_hash(scope.key()), now))
        return len(gone)

    def _rank(self, tenant: str, ids: Sequence[str], /) -> list[RankRow]:
        return [RankRow.of(r) for rid in ids if (r := self._records.get(rid)) is not None
                and r.scope.tenant == tenant]

    async def _get(self, tenant: str, ids: Sequence[str], /) -> list[MemoryRecord]:
        return [
            r.model_copy(deep=True)
            for rid in ids
            if (r := self._records.get(rid)) is not None and r.scope.tenant == tenant
        ]

    async def _find_by_hash(self, scope: Scope, content_hash: str, /) -> list[MemoryRecord]:
        return [
            r.model_copy(deep=True)
            for r in self._records.values()
            if r.scope == scope and r.content_hash == content_hash
            and r.status is Status.ACTIVE and r.superseded_at is None
        ]

    def _select(self, scope: Scope, filters: Filter | None, view: View) -> list[MemoryRecord]:
        now = utcnow()
        return [
            r for r in self._records.values()
            if scope.contains(r.scope) and visible(r, view, now) and matches(filters, r)
        ]

    async def _list(
        self, scope: Scope, /, *, filters: Filter | None, view: View, limit: int, offset: int
    ) -> Page[MemoryRecord]:
        rows = sorted(
            self._select(scope, filters, view), key=lambda r: r.event_time, reverse=True
        )
        items = [r.model_copy(deep=True) for r in rows[offset : offset + limit]]
        return Page(items=items, total=len(rows), limit=limit, offset=offset)

    async def _dense(
        self, scope: Scope, vector: Vector, /, *, k: int, filters: Filter | None, view: View
    ) -> list[Candidate]:
        query = np.asarray(vector, np.float32).reshape(-1)
        scored = [
            Candidate(r.id, float(self._vectors[r.id] @ query))
            for r in self._select(scope, filters, view)
            if r.id in self._vectors and self._vectors[r.id].shape == query.shape
        ]
        return sorted(scored, key=lambda c: -c.score)[:k]

    async def _fulltext(
        self, scope: Scope, text: str, /, *, k: int, filters: Filter | None, view: View,
        blind: BlindQuery | None = None,
    ) -> list[Candidate]:
        words, morphs = (blind.words, blind.morphs) if blind else query_terms(text)
        query = set(words) | set(morphs)
        if not query:
            return []
        # BM25 over content + index_text, as FTS5 does with column weights: a term in the
        # index text counts INDEX_TEXT_WEIGHT of one in the content; length is the whole row.
        docs = [(r.id, self._blind.get(r.id, Counter()) if blind else _weighted_terms(r))
                for r in self._select(scope, filters, view)]
        n = len(docs)
        if n == 0:
            return []
        avg = sum(sum(c.values()) for _, c in docs) / n or 1.0
        df = Counter(t for _, c in docs for t in set(c) if t in query)
        hits = []
        for rid, counts in docs:
            length = sum(counts.values())
            score = 0.0
            for term in query & set(counts):
                idf = math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5))
                tf = counts[term]
                score += idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length / avg))
            if score > 0:
                hits.append(Candidate(rid, score))
        return sorted(hits, key=lambda c: -c.score)[:k]

    async def _index_info(self) -> IndexInfo | None:
        return self._index

    # -- re-embedding (L7) ------------------------------------------------------------------
    async def unindexed(self, model: str, /, *, limit: int) -> list[tuple[str, str, str | None]]:
        kept = self._model_vectors.get(model, {})
        out = [(rid, self._records[rid].content, self._records[rid].index_text)
               for rid in self._vectors if rid in self._records and rid not in kept]
        return out[:limit]

    async def put_model_vectors(self, model: str, items: Sequence[tuple[str, Vector]], /
                                ) -> None:
        kept = self._model_vectors.setdefault(model, {})
        for rid, vector in items:
            if rid in self._records:
                kept[rid] = np.asarray(vector, np.float32).reshape(-1)

    async def switch_index(self, info: IndexInfo, /) -> int:
        missing = len(await self.unindexed(info.model, limit=len(self._vectors) + 1))
        if missing:
            return missing
        if self._index is not None and self._index.model != info.model:
            self._model_vectors[self._index.model] = dict(self._vectors)
        fresh = self._model_vectors.pop(info.model, {})
        self._vectors = {rid: fresh[rid] for rid in self._vectors}
        self._index = info
        return 0

    async def drop_model_vectors(self, model: str, /) -> int:
        return len(self._model_vectors.pop(model, {}))

    async def _history(self, tenant: str, memory_id: str, /) -> list[AuditEvent]:
        return [
            e.model_copy(deep=True) for e in self._audit
            if e.memory_id == memory_id and e.scope.tenant == tenant
        ]

    async def _get_settings(self, scope: Scope, /) -> ScopeSettings | None:
        found = self._settings.get(scope.key())
        return None if found is None else found.model_copy(deep=True)

    async def _list_settings(self, tenant: str | None, /) -> list[tuple[Scope, ScopeSettings]]:
        return [(scope_from_key(k), v.model_copy(deep=True)) for k, v in sorted(
            self._settings.items()) if tenant is None or scope_from_key(k).tenant == tenant]
