"""The store port: one Protocol per concern, one ``Store`` that composes them.

Every backend (SQLite, PostgreSQL, in-memory) implements ``Store`` and passes
``tests/contract``. Reads take a *read scope* (``Scope.contains`` semantics) and a ``View``;
every write is a ``WriteBatch`` applied in one transaction, so a record, its vector, its
full-text row and its audit events land together or not at all (X5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, ClassVar, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from gieok.domain.audit import AuditEvent
from gieok.domain.policy import ScopeSettings
from gieok.domain.query import Candidate, Filter, Page, View
from gieok.domain.records import MemoryRecord
from gieok.domain.scope import LEVELS, Scope
from gieok.domain.turns import Turn
from gieok.security.tokens import ApiToken

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


@dataclass(frozen=True)
class SessionState:
    """Bookkeeping for one session scope (W2): how many turns it has, when the last one
    happened (event time), how many were already extracted, and whether it was closed.
    ``closed_count`` is the turn count at closing: new turns reopen the session."""

    scope: Scope
    turn_count: int
    last_turn_at: datetime
    extracted_count: int = 0
    closed_count: int | None = None

    @property
    def is_open(self) -> bool:
        return self.closed_count is None or self.closed_count < self.turn_count


@runtime_checkable
class SessionLog(Protocol):
    """Optional port for session triggers (W2): message thresholds and the idle sweeper.
    Stores without it still work; those triggers are then reported as unavailable."""

    async def record_session(
        self, scope: Scope, /, *, turns: int, last_turn_at: datetime
    ) -> SessionState: ...
    async def session_state(self, scope: Scope, /) -> SessionState | None: ...
    async def mark_session(
        self, scope: Scope, /, *, extracted_count: int | None = None,
        closed_count: int | None = None,
    ) -> None: ...
    async def idle_sessions(self, before: datetime, /, *, limit: int) -> list[SessionState]: ...


class JobStatus(StrEnum):
    PENDING = "pending"  # waiting (or waiting to be retried after ``run_after``)
    RUNNING = "running"  # claimed by a worker until its lease ends
    FAILED = "failed"  # gave up after its attempts; kept for inspection


@dataclass(frozen=True)
class Job:
    """One unit of background work (the service's extraction queue), persisted so that work
    a request acknowledged survives a restart. ``payload`` holds ids, never memory content.
    ``key`` coalesces: while a job with the same key is still pending, enqueueing another
    returns that one instead of adding a second."""

    id: str
    kind: str
    payload: dict[str, Any]
    key: str | None
    status: JobStatus
    attempts: int
    enqueued_at: datetime
    run_after: datetime
    last_error: str | None = None


class JobQueue(Protocol):
    """A durable work queue with leases: a claimed job whose worker died is claimable again
    once its lease has passed, so nothing acknowledged is lost (at-least-once delivery)."""

    async def enqueue_job(
        self, kind: str, payload: Mapping[str, Any], /, *, key: str | None = None,
        run_after: datetime | None = None,
    ) -> Job: ...
    async def claim_jobs(self, now: datetime, /, *, limit: int, lease_s: float) -> list[Job]: ...
    async def complete_job(self, job_id: str, /) -> None: ...
    async def fail_job(self, job_id: str, error: str, /, *, retry_at: datetime | None) -> None: ...
    async def job_counts(self) -> dict[JobStatus, int]: ...
    async def list_jobs(self, status: JobStatus, /, *, limit: int) -> list[Job]: ...


def scope_from_key(key: str) -> Scope:
    """The inverse of ``Scope.key()`` (for stores that keep scope keys)."""
    parts = key.split("|")
    return Scope(**{level: value or None for level, value in zip(LEVELS, parts, strict=True)})


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


class WorkingStore(Protocol):
    async def append_turns(self, scope: Scope, turns: Sequence[Turn], /) -> None: ...
    async def recent_turns(self, scope: Scope, /, *, limit: int) -> list[Turn]: ...


class TokenStore(Protocol):
    async def put_token(self, token: ApiToken, /) -> None: ...
    async def find_token(self, token_hash: str, /) -> ApiToken | None: ...
    async def list_tokens(self, tenant: str | None, /) -> list[ApiToken]: ...
    async def revoke_token(self, token_id: str, /) -> bool: ...


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
class Store(RecordStore, SearchIndex, AuditLog, SettingsStore, WorkingStore, TokenStore,
            JobQueue, Protocol):
    """A complete backend. ``open_store`` calls ``setup()`` (idempotent migrations)."""

    capabilities: ClassVar[frozenset[Capability]]

    async def setup(self) -> None: ...
    async def aclose(self) -> None: ...
