"""Lifecycle jobs as the engine runs them (L2, L3, L5): the I/O around the pure parts.

``AsyncMemory.expire``/``rollback``/``versions`` and ``gieok expire`` call these; each takes
the store (and embedder where content changes) explicitly.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from gieok.domain.audit import AuditAction, Trigger, audit_for
from gieok.domain.records import MemoryRecord, utcnow
from gieok.domain.scope import Scope
from gieok.embedders.base import Embedder
from gieok.errors import InvalidInputError, NotFoundError
from gieok.lifecycle import versions as v
from gieok.lifecycle.expiry import ExpiryReport, expire
from gieok.lifecycle.retention import apply_retention
from gieok.stores.base import Store, WriteBatch


def job_scope(scope: Scope | None) -> Scope:
    """The scope a sweep runs over; ``None`` means the whole default tenant."""
    return scope if scope is not None else Scope.model_construct()


async def run_expiry(
    store: Store, scope: Scope, *, now: datetime, ttl_days: Mapping[str, float],
    retention_days: float | None = None, dry_run: bool = False,
) -> ExpiryReport:
    """L2 then L3: archive what expired, then hard-delete what is past the scope's retention
    (``retention_days`` or the scope's stored settings)."""
    report = await expire(store, scope, now=now, ttl_days=ttl_days, dry_run=dry_run)
    days = retention_days
    stored = await store.get_settings(scope) if scope.levels() else None
    if days is None and stored is not None:
        days = stored.retention_days
    if days:
        report.deleted = await apply_retention(store, scope, days=days, now=now,
                                               dry_run=dry_run)
    if stored is not None and stored.archive_retention_days:  # R8: the archive's own limit
        report.deleted += await apply_retention(
            store, scope, days=stored.archive_retention_days, now=now, dry_run=dry_run,
            archive_only=True)
    return report


async def _owned(store: Store, memory_id: str, owner: Scope | None) -> MemoryRecord:
    if not isinstance(memory_id, str) or not memory_id:
        raise InvalidInputError("memory id must be a non-empty string")
    found = await store.get(owner.tenant if owner else "", [memory_id])
    if not found or (owner is not None and not owner.contains(found[0].scope)):
        raise NotFoundError(f"memory {memory_id!r} not found in this scope",
                            code="MEMORY_NOT_FOUND")
    return found[0]


async def list_versions(store: Store, memory_id: str, owner: Scope | None
                        ) -> list[MemoryRecord]:
    current = await _owned(store, memory_id, owner)
    return v.versions(current, await store.history(current.scope.tenant, memory_id))


async def run_rollback(
    store: Store, embedder: Embedder, memory_id: str, version: int, owner: Scope | None,
) -> MemoryRecord:
    """Write a new version of ``memory_id`` equal to its ``version`` (L5)."""
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise InvalidInputError("version must be a positive integer")
    current = await _owned(store, memory_id, owner)
    target = v.pick(current, await store.history(current.scope.tenant, memory_id), version)
    if target is current:
        return current
    after = v.rolled_back(current, target, utcnow())
    vector = None
    if after.embedding_text() != current.embedding_text():
        vector = (await embedder.embed_documents([after.embedding_text()]))[0]
    event = audit_for(AuditAction.ROLLBACK, after, before=current, trigger=Trigger.USER_REQUEST,
                      details=v.rollback_event_details(current, version))
    await store.write(WriteBatch(upserts=[(after, vector)], audit=[event]))
    return after

