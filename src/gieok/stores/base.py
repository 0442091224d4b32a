"""The store port, and the convenience calls written once on top of it.

A backend implements the narrow waist — ``setup``/``aclose``, ``read(ops)`` (typed reads
answered in one round trip) and ``write(batch)`` (one transaction) — and brings its default
components on the same database: the working log, the job queue and API tokens. Everything
else callers use (``get``, ``list``, ``dense``, ``settings_chain``…) is defined here, once,
in terms of those two calls, so adding a backend is an executor, a dialect and a schema.

Reads take a *read scope* (``Scope.contains`` semantics) and a ``View``; every write is a
``WriteBatch`` applied in one transaction, so a record, its vector, its full-text row and
its audit events land together or not at all (X5). Backend errors surface as
``StoreError`` subclasses, never as driver exceptions.
"""

from __future__ import annotations

import builtins
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, ClassVar, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from gieok.domain.audit import AuditEvent
from gieok.domain.policy import ScopeSettings
from gieok.domain.query import Candidate, Filter, Page, RankRow, View
from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope
from gieok.security.tokens import TokenStore
from gieok.stores.fence import Fence
from gieok.stores.ops import (
    LIVE,
    DenseOp,
    FulltextOp,
    GetOp,
    HashOp,
    HistoryOp,
    IndexOp,
    ListOp,
    RankOp,
    ReadOp,
    SettingsListOp,
    SettingsOp,
)
from gieok.stores.queue import JobQueue
from gieok.stores.working import WorkingLog

Vector = npt.NDArray[np.float32]


class Capability(StrEnum):
    VECTOR = "vector"
    FULLTEXT = "fulltext"
    TTL = "ttl"
    ENCRYPTION = "encryption"
    PERSISTENT = "persistent"
    # full-text scores weigh each term by its rarity (BM25's IDF): a term most documents
    # contain scores near zero, which the ranking reads as "full text cannot tell them apart"
    FULLTEXT_RARITY = "fulltext_rarity"
    # a record may be committed before its vector (``WriteBatch.pending_vectors``), which a
    # later batch sets (``late_vectors``); the store lists what is still owed
    # (``LateVectors``), so a crash between the two never leaves it without one for good
    LATE_VECTORS = "late_vectors"


@dataclass(frozen=True)
class IndexInfo:
    """Which embedding model wrote a store's vectors (L7: never mix two)."""

    model: str
    dim: int


@dataclass(frozen=True)
class Touch:
    """R5: count one use of each record at ``at`` (no new version, no audit event)."""

    tenant: str
    ids: tuple[str, ...]
    at: datetime


@dataclass(frozen=True)
class IndexTerms:
    """The full-text columns of one record given as blind terms (encryption at rest): each
    a space-separated run of keyed hashes of the analysed terms of the content's words, its
    Korean morphemes, the index text's words and its morphemes. A store given these indexes
    them instead of analysing the (sealed) text."""

    words: str
    morphs: str
    context: str
    context_morphs: str


@dataclass
class WriteBatch:
    """Everything one logical write changes; applied atomically by ``Store.write``, in this
    order: scopes forgotten, records upserted, hard deletes, history purged, audit events
    appended (after the purge, so a tombstone survives it), settings, touches, the
    embedding model recorded if the store has none yet, and store metadata (``None``
    deletes a key). ``terms`` (record id → ``IndexTerms``) replaces the full-text analysis
    of those upserts. ``pending_vectors``: ids of upserts written without their vector,
    owed later; ``late_vectors``: (id, vector) that settle such a debt — set only on a row
    still without a vector (an update that re-embedded it meanwhile wins) — both for a store
    with ``Capability.LATE_VECTORS`` only. With ``fence``, the store first refuses the whole batch
    (``SCOPE_FORGOTTEN``) if a forget covering the fence's scope committed after its mark
    (``stores.fence``)."""

    upserts: list[tuple[MemoryRecord, Vector | None]] = field(default_factory=list)
    audit: list[AuditEvent] = field(default_factory=list)
    hard_deletes: list[str] = field(default_factory=list)
    purge_history: list[str] = field(default_factory=list)
    settings: list[tuple[Scope, ScopeSettings]] = field(default_factory=list)
    touches: list[Touch] = field(default_factory=list)
    index_info: IndexInfo | None = None
    forget: list[Scope] = field(default_factory=list)
    fence: Fence | None = None
    terms: dict[str, IndexTerms] = field(default_factory=dict)
    meta: dict[str, str | None] = field(default_factory=dict)
    pending_vectors: list[str] = field(default_factory=list)
    late_vectors: list[tuple[str, Vector]] = field(default_factory=list)

    def is_empty(self) -> bool:
        return not (self.upserts or self.audit or self.hard_deletes or self.purge_history
                    or self.settings or self.touches or self.index_info or self.forget
                    or self.meta or self.pending_vectors or self.late_vectors)


@dataclass(frozen=True)
class WriteResult:
    forgotten: int = 0  # records deleted by ``forget`` scopes


@runtime_checkable
class MemoryStore(Protocol):
    """The narrow waist every backend implements."""

    capabilities: ClassVar[frozenset[Capability]]
    working: WorkingLog
    queue: JobQueue
    tokens: TokenStore

    async def setup(self) -> None: ...  # idempotent: applies pending migrations
    async def aclose(self) -> None: ...
    async def read(self, ops: Sequence[ReadOp], /) -> list[Any]: ...
    async def write(self, batch: WriteBatch, /) -> WriteResult: ...


class Store(ABC):
    """Base of every backend: the narrow waist is abstract, the convenience calls are here.
    ``open_store`` calls ``setup()`` (idempotent migrations)."""

    capabilities: ClassVar[frozenset[Capability]]
    working: WorkingLog
    queue: JobQueue
    tokens: TokenStore

    @classmethod
    @abstractmethod
    def from_url(cls, url: str, /, **options: Any) -> Store: ...

    @abstractmethod
    async def setup(self) -> None: ...

    @abstractmethod
    async def aclose(self) -> None: ...

    @abstractmethod
    async def read(self, ops: Sequence[ReadOp], /) -> builtins.list[Any]:
        """Answer every op in one round trip; results in op order."""

    @abstractmethod
    async def write(self, batch: WriteBatch, /) -> WriteResult:
        """Apply the whole batch in one transaction, or nothing of it."""

    @asynccontextmanager
    async def bulk_load(self) -> AsyncIterator[None]:
        """Many writes are coming that nothing reads meanwhile (a copy into a new store, a
        benchmark's load): a store may defer index upkeep to the end. Writes stay
        transactional, reads stay correct. By default nothing changes."""
        yield

    # -- reads, one op each -----------------------------------------------------------------
    async def _one(self, op: ReadOp) -> Any:
        return (await self.read([op]))[0]

    async def get(self, tenant: str, ids: Sequence[str], /) -> builtins.list[MemoryRecord]:
        return await self._one(GetOp(tenant, tuple(ids))) if ids else []

    async def rank_rows(self, tenant: str, ids: Sequence[str], /) -> builtins.list[RankRow]:
        return await self._one(RankOp(tenant, tuple(ids))) if ids else []

    async def find_by_hash(self, scope: Scope, content_hash: str, /
                           ) -> builtins.list[MemoryRecord]:
        return await self._one(HashOp(scope, content_hash))  # type: ignore[no-any-return]

    async def list(
        self, scope: Scope, /, *, filters: Filter | None, view: View, limit: int, offset: int
    ) -> Page[MemoryRecord]:
        return await self._one(ListOp(scope, filters, view, limit, offset))  # type: ignore[no-any-return]

    async def count(self, scope: Scope, /, *, filters: Filter | None = None,
                    view: View = LIVE) -> int:
        page: Page[MemoryRecord] = await self._one(ListOp(scope, filters, view, 0, 0))
        return page.total

    async def dense(
        self, scope: Scope, vector: Vector, /, *, k: int, filters: Filter | None, view: View,
        hydrate: bool = False,
    ) -> builtins.list[Candidate]:
        return await self._one(DenseOp(scope, vector, k, filters, view, hydrate))  # type: ignore[no-any-return]

    async def fulltext(
        self, scope: Scope, text: str, /, *, k: int, filters: Filter | None, view: View
    ) -> builtins.list[Candidate]:
        return await self._one(FulltextOp(scope, text, k, filters, view))  # type: ignore[no-any-return]

    async def history(self, tenant: str, memory_id: str, /) -> builtins.list[AuditEvent]:
        return await self._one(HistoryOp(tenant, memory_id))  # type: ignore[no-any-return]

    async def get_settings(self, scope: Scope, /) -> ScopeSettings | None:
        return (await self._one(SettingsOp((scope,))))[0]  # type: ignore[no-any-return]

    async def list_settings(self, tenant: str | None, /
                            ) -> builtins.list[tuple[Scope, ScopeSettings]]:
        """Every scope with stored settings (of one tenant, or all): scheduled retention (L3)
        finds the scopes that set ``retention_days`` here."""
        return await self._one(SettingsListOp(tenant))  # type: ignore[no-any-return]

    async def index_info(self) -> IndexInfo | None:
        return await self._one(IndexOp())  # type: ignore[no-any-return]

    # -- writes, one part each --------------------------------------------------------------
    async def put_settings(self, scope: Scope, settings: ScopeSettings, /) -> None:
        await self.write(WriteBatch(settings=[(scope, settings)]))

    async def set_index_info(self, info: IndexInfo, /) -> None:
        """Record the store's embedding model if it has none yet."""
        await self.write(WriteBatch(index_info=info))

    async def touch(self, tenant: str, ids: Sequence[str], at: datetime, /) -> None:
        """R5: count a use of each of ``ids``. A backend may return before it is committed
        (SQLite queues it), but every later call on this store must see it and closing the
        store must not lose it (contract suite)."""
        if ids:
            await self.write(WriteBatch(touches=[Touch(tenant, tuple(ids), at)]))

    async def forget(self, scope: Scope, /) -> int:
        """X3: delete every record, audit event and setting inside ``scope`` (the working
        log forgets its own turns: ``working.forget``)."""
        return (await self.write(WriteBatch(forget=[scope]))).forgotten


@runtime_checkable
class LateVectors(Protocol):
    """Optional (``Capability.LATE_VECTORS``): the records whose vectors are still owed
    (written with ``WriteBatch.pending_vectors``, not yet settled by ``late_vectors``), oldest
    first, at most ``limit``; a debt whose record is gone is dropped on the way."""

    async def owed_vectors(self, limit: int, /) -> list[MemoryRecord]: ...


@runtime_checkable
class Reindexable(Protocol):
    """L7, optional: re-embed into a second vector set beside the live one, then switch.

    ``unindexed`` lists records (any status or version) that have a live vector but none yet
    for ``model``, as ``(id, content, index_text)``; ``put_model_vectors`` stores vectors for
    ``model`` without touching what search reads; ``switch_index`` atomically makes them the
    live vectors (keeping the replaced ones under the old model, for a rollback) and returns
    0, or returns how many records still lack a ``model`` vector and switches nothing;
    ``drop_model_vectors`` frees a kept set. Hard deletes and ``forget`` remove kept vectors
    too (X3).
    """

    async def unindexed(self, model: str, /, *, limit: int) -> list[tuple[str, str, str | None]]:
        ...

    async def put_model_vectors(self, model: str, items: Sequence[tuple[str, Vector]], /
                                ) -> None: ...
    async def switch_index(self, info: IndexInfo, /) -> int: ...
    async def drop_model_vectors(self, model: str, /) -> int: ...
