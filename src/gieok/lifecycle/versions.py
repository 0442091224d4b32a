"""Versions and rollback (L5).

Every ``update`` stores the previous version's full snapshot in its audit event
(``details["snapshot"]``), so history alone can rebuild any earlier version. A rollback
writes a *new* version whose fields come from the chosen snapshot; nothing is rewritten,
and the rollback's own event carries the replaced version's snapshot, so a rollback can be
rolled back too.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from gieok.domain.audit import AuditAction, AuditEvent
from gieok.domain.records import MemoryRecord, content_hash
from gieok.errors import NotFoundError

# What a rollback restores; identity, status, usage and timelines stay as they are now.
RESTORED_FIELDS = (
    "content", "index_text", "layer", "type", "category", "data", "metadata", "confidence",
    "importance", "tags", "emotion", "pinned", "event_time", "valid_from", "valid_to",
    "expires_at",
)


def snapshots(events: Sequence[AuditEvent]) -> dict[int, MemoryRecord]:
    """Earlier versions by number, rebuilt from the snapshots in ``events``."""
    out: dict[int, MemoryRecord] = {}
    for event in events:
        raw = event.details.get("snapshot")
        if not isinstance(raw, dict):
            continue
        try:
            record = MemoryRecord.model_validate(_known_fields(raw))
        except ValidationError:
            continue
        out.setdefault(record.version, record)
    return out


def _known_fields(raw: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in raw.items() if k in MemoryRecord.model_fields}


def versions(current: MemoryRecord, events: Sequence[AuditEvent]) -> list[MemoryRecord]:
    """Every recoverable version, oldest first, ending with the current one."""
    found = snapshots(events)
    found[current.version] = current
    return [found[v] for v in sorted(found)]


def rolled_back(current: MemoryRecord, target: MemoryRecord, now: datetime) -> MemoryRecord:
    """The next version of ``current`` carrying ``target``'s content and fields."""
    values = {f: getattr(target, f) for f in RESTORED_FIELDS if f in MemoryRecord.model_fields}
    values.update(version=current.version + 1, updated_at=now,
                  content_hash=content_hash(target.content),
                  source_preview=target.content[:100])
    return current.model_copy(update=values, deep=True)


def pick(current: MemoryRecord, events: Sequence[AuditEvent], version: int) -> MemoryRecord:
    found = snapshots(events)
    if version == current.version:
        return current
    if version not in found:
        known = sorted({*found, current.version})
        raise NotFoundError(
            f"version {version} of memory {current.id!r} is not recoverable; known: {known}",
            code="VERSION_NOT_FOUND", details={"versions": known},
        )
    return found[version]


def rollback_event_details(current: MemoryRecord, version: int) -> dict[str, Any]:
    return {"to_version": version, "snapshot": current.model_dump(mode="json")}


def is_rollback(event: AuditEvent) -> bool:
    return event.action is AuditAction.ROLLBACK
