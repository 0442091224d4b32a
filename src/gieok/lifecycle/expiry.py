"""Expiry (L2): memories past ``expires_at``, or past their type's TTL, leave the live view.

Search already hides a memory once ``expires_at`` has passed. The sweeper makes that
explicit and auditable: it archives each expired memory (so ``list`` and ``restore`` see
it), writes an ``expire`` audit event, and for types with a TTL (``{"todo": 90}``) first
fixes ``expires_at = event_time + TTL`` so search hides them too. Nothing is deleted here;
retention (L3) deletes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from gieok.domain.audit import AuditAction, Trigger, audit_for
from gieok.domain.query import Filter, View, parse_filter
from gieok.domain.records import MemoryRecord, Status, utcnow
from gieok.domain.scope import Scope
from gieok.stores.base import Store, WriteBatch

PAGE = 500
WRITE_CHUNK = 256
# Active rows including those already past expires_at (a view "now" before any expiry).
ACTIVE_INCLUDING_EXPIRED = View(statuses=(Status.ACTIVE.value,), include_superseded=True,
                                now=datetime(1970, 1, 2, tzinfo=UTC))


@dataclass
class ExpiryReport:
    expired: list[str] = field(default_factory=list)
    by_reason: dict[str, int] = field(default_factory=dict)
    deleted: list[str] = field(default_factory=list)  # retention (L3), when run together

    def as_dict(self) -> dict[str, object]:
        return {"expired": len(self.expired), "by_reason": dict(self.by_reason),
                "deleted": len(self.deleted)}


def expiry_of(record: MemoryRecord, ttl_days: Mapping[str, float]) -> tuple[datetime | None, str]:
    """When ``record`` expires and why: its own ``expires_at``, else its type's TTL."""
    if record.expires_at is not None:
        return record.expires_at, "expires_at"
    days = ttl_days.get(record.type.value)
    if days is None:
        return None, ""
    return record.event_time + timedelta(days=float(days)), "ttl"


def expire_record(record: MemoryRecord, at: datetime, reason: str, now: datetime
                  ) -> MemoryRecord:
    metadata = dict(record.metadata)
    metadata["expired"] = {"at": at.isoformat(), "reason": reason}
    return record.model_copy(update={"status": Status.ARCHIVED, "expires_at": at,
                                     "metadata": metadata, "updated_at": now})


async def _due(store: Store, scope: Scope, flt: Filter) -> list[MemoryRecord]:
    out: list[MemoryRecord] = []
    offset = 0
    while True:
        page = await store.list(scope, filters=flt, view=ACTIVE_INCLUDING_EXPIRED, limit=PAGE,
                                offset=offset)
        out.extend(page.items)
        offset += len(page.items)
        if not page.items or offset >= page.total:
            return out


async def expire(
    store: Store, scope: Scope, *, now: datetime, ttl_days: Mapping[str, float] | None = None,
    dry_run: bool = False,
) -> ExpiryReport:
    """Archive every active memory in ``scope`` whose expiry (own or by TTL) is ≤ ``now``."""
    ttl = {str(k): float(v) for k, v in (ttl_days or {}).items()}
    ors: list[dict[str, object]] = [{"expires_at": {"lte": now}}]
    if ttl:
        ors.append({"type": {"in": sorted(ttl)}})
    flt = parse_filter({"OR": ors})
    assert flt is not None
    report = ExpiryReport()
    changes = []
    for record in await _due(store, scope, flt):
        at, reason = expiry_of(record, ttl)
        if at is None or at > now:
            continue
        changes.append((record, expire_record(record, at, reason, utcnow()), reason))
        report.expired.append(record.id)
        report.by_reason[reason] = report.by_reason.get(reason, 0) + 1
    if dry_run:
        return report
    for start in range(0, len(changes), WRITE_CHUNK):
        batch = WriteBatch()
        for before, after, reason in changes[start:start + WRITE_CHUNK]:
            batch.upserts.append((after, None))
            batch.audit.append(audit_for(AuditAction.EXPIRE, after, before=before,
                                         trigger=Trigger.EXPIRY, details={"reason": reason}))
        await store.write(batch)
    return report
