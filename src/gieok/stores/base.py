"""The store port: one Protocol per concern, one ``Store`` that composes them.

Every backend (SQLite, PostgreSQL, in-memory) implements ``Store`` and passes
``tests/contract``. Reads take a *read scope* (``Scope.contains`` semantics) and a ``View``;
every write is a ``WriteBatch`` applied in one transaction, so a record, its vector, its
full-text row and its audit events land together or not at all (X5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import ClassVar, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from gieok.domain.audit import AuditEvent
from gieok.domain.policy import ScopeSettings
from gieok.domain.query import Candidate, Filter, Page, View
from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope
from gieok.security.tokens import TokenStore
from gieok.stores.queue import JobQueue
from gieok.stores.working import WorkingLog

Vector = npt.NDArray[np.float32]


class Capability(StrEnum):
    VECTOR = "vector"
    FULLTEXT = "fulltext"
    TTL = "ttl"
    ENCRYPTION = "encryption"
    PERSISTENT = "persistent"


@dataclass
class WriteBatch:
    """Everything one logical write changes; applied atomically by ``Store.write``."""

    upserts: list[tuple[MemoryRecord, Vector | None]] = field(default_factory=list)
    audit: list[AuditEvent] = field(default_factory=list)
    hard_deletes: list[str] = field(default_factory=list)
    purge_history: list[str] = field(default_factory=list)

    def is_empty(self) -> bool:
        return not (self.upserts or self.audit or self.hard_deletes or self.purge_history)


@dataclass(frozen=True)
class IndexInfo:
    """Which embedding model wrote a store's vectors (L7: never mix two)."""

    model: str
    dim: int


class RecordStore(Protocol):
    async def write(self, batch: WriteBatch, /) -> None: ...
    async def get(self, tenant: str, ids: Sequence[str], /) -> list[MemoryRecord]: ...
    async def find_by_hash(self, scope: Scope, content_hash: str, /) -> list[MemoryRecord]: ...
    async def list(
        self, scope: Scope, /, *, filters: Filter | None, view: View, limit: int, offset: int
    ) -> Page[MemoryRecord]: ...
    async def forget(self, scope: Scope, /) -> int: ...
    async def touch(self, tenant: str, ids: Sequence[str], at: datetime, /) -> None: ...


class SearchIndex(Protocol):
    async def dense(
        self, scope: Scope, vector: Vector, /, *, k: int, filters: Filter | None, view: View
    ) -> list[Candidate]: ...
    async def fulltext(
        self, scope: Scope, text: str, /, *, k: int, filters: Filter | None, view: View
    ) -> list[Candidate]: ...
    async def index_info(self) -> IndexInfo | None: ...
    async def set_index_info(self, info: IndexInfo, /) -> None: ...


class AuditLog(Protocol):
    async def history(self, tenant: str, memory_id: str, /) -> list[AuditEvent]: ...


class SettingsStore(Protocol):
    async def get_settings(self, scope: Scope, /) -> ScopeSettings | None: ...
    async def put_settings(self, scope: Scope, settings: ScopeSettings, /) -> None: ...
    async def list_settings(self, tenant: str | None, /) -> list[tuple[Scope, ScopeSettings]]:
        """Every scope with stored settings (of one tenant, or all): scheduled retention (L3)
        finds the scopes that set ``retention_days`` here."""
        ...


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


@runtime_checkable
class Store(RecordStore, SearchIndex, AuditLog, SettingsStore, Protocol):
    """A complete backend. ``open_store`` calls ``setup()`` (idempotent migrations).

    Besides the memories it brings default components on the same database, which the
    engine's ``Runtime`` holds as separate ports: the working log, the service's job queue
    and API tokens. The store's ``setup``/``aclose`` open and close them too."""

    capabilities: ClassVar[frozenset[Capability]]
    working: WorkingLog
    queue: JobQueue
    tokens: TokenStore

    async def setup(self) -> None: ...
    async def aclose(self) -> None: ...
