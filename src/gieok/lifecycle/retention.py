"""Retention (L3): a scope's ``retention_days`` deletes — not hides — older memories.

"Older" is by event time (when it happened, W13). Each deletion is a hard delete: the row,
its vector, its full-text entry and every trace of its content in the audit history go; a
content-free tombstone event records that retention removed it. The conversation archive
(R8) has its own, usually shorter, ``archive_retention_days``; archived turns never had
audit events, so their deletion writes none either.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from gieok.domain.audit import AuditAction, AuditEvent, Trigger
from gieok.domain.query import View, parse_filter
from gieok.domain.records import Layer, Status
from gieok.domain.scope import Scope
from gieok.errors import InvalidInputError
from gieok.stores.base import Store, WriteBatch

PAGE = 500
WRITE_CHUNK = 256
EVERY_VERSION = View(statuses=tuple(s.value for s in Status), include_superseded=True,
                     now=datetime(1970, 1, 2, tzinfo=UTC))


async def apply_retention(
    store: Store, scope: Scope, *, days: float, now: datetime, dry_run: bool = False,
    archive_only: bool = False,
) -> list[str]:
    """Hard-delete every memory in ``scope`` whose event time is more than ``days`` ago
    (with ``archive_only``, only archived conversation turns)."""
    if isinstance(days, bool) or not isinstance(days, int | float) or days <= 0:
        raise InvalidInputError("retention days must be a positive number")
    cutoff = now - timedelta(days=float(days))
    flt = parse_filter({"event_time": {"lt": cutoff}, **({"kind": "turn"} if archive_only
                                                          else {})})
    doomed = []
    while True:  # always offset 0: each round deletes what it read
        page = await store.list(scope, filters=flt, view=EVERY_VERSION, limit=PAGE,
                                offset=len(doomed) if dry_run else 0)
        if not page.items:
            break
        ids = [r.id for r in page.items]
        doomed.extend(page.items)
        if dry_run:
            if len(doomed) >= page.total:
                break
            continue
        for start in range(0, len(page.items), WRITE_CHUNK):
            chunk = page.items[start:start + WRITE_CHUNK]
            await store.write(WriteBatch(
                hard_deletes=[r.id for r in chunk],
                purge_history=[r.id for r in chunk],
                audit=[AuditEvent(memory_id=r.id, scope=r.scope, action=AuditAction.DELETE,
                                  trigger=Trigger.SYSTEM, version=r.version,
                                  details={"hard": True, "reason": "retention",
                                           "retention_days": days}) for r in chunk
                       if r.layer is not Layer.ARCHIVE],
            ))
        if len(ids) < PAGE:
            break
    return [r.id for r in doomed]
