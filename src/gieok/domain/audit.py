"""Audit events (W8): one row per decision about a memory, readable as its history."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from gieok.domain.records import MemoryRecord, Status, new_id, utcnow
from gieok.domain.scope import Scope


class AuditAction(StrEnum):
    CREATE = "create"
    UPDATE = "update"
    MERGE = "merge"
    SUPERSEDE = "supersede"
    ARCHIVE = "archive"
    RESTORE = "restore"
    DELETE = "delete"
    EXPIRE = "expire"
    DECAY = "decay"
    ROLLBACK = "rollback"


class Trigger(StrEnum):
    USER_REQUEST = "user_request"
    EXTRACTION = "extraction"
    IMPORT = "import"
    DECAY = "decay"
    EXPIRY = "expiry"
    CAPACITY = "capacity"
    CONSOLIDATION = "consolidation"
    SYSTEM = "system"


class AuditEvent(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(default_factory=new_id)
    memory_id: str
    scope: Scope
    action: AuditAction
    trigger: Trigger = Trigger.USER_REQUEST
    before_content: str | None = None
    after_content: str | None = None
    before_confidence: float | None = None
    after_confidence: float | None = None
    version: int | None = None
    session: str | None = None
    details: dict[str, Any] = Field(default_factory=dict)
    at: datetime = Field(default_factory=utcnow)


def audit_for(
    action: AuditAction,
    after: MemoryRecord,
    *,
    before: MemoryRecord | None = None,
    trigger: Trigger = Trigger.USER_REQUEST,
    details: dict[str, Any] | None = None,
) -> AuditEvent:
    """The event recording ``action`` on ``after`` (an update or merge keeps a snapshot of
    ``before``, so history can restore it: L5)."""
    extra = dict(details or {})
    if before is not None and action in {AuditAction.UPDATE, AuditAction.MERGE}:
        extra["snapshot"] = before.model_dump(mode="json")
    return AuditEvent(
        memory_id=after.id,
        scope=after.scope,
        action=action,
        trigger=trigger,
        before_content=None if before is None else before.content,
        after_content=after.content,
        before_confidence=None if before is None else before.confidence,
        after_confidence=after.confidence,
        version=after.version,
        session=after.source_session or after.scope.session,
        details=extra,
    )


def archived(victim: MemoryRecord, now: datetime, *, trigger: Trigger,
             details: dict[str, Any] | None = None) -> tuple[MemoryRecord, AuditEvent]:
    """``victim`` archived at ``now`` and the event that says why (capacity, consolidation)."""
    after = victim.model_copy(update={"status": Status.ARCHIVED, "updated_at": now})
    return after, audit_for(AuditAction.ARCHIVE, after, before=victim, trigger=trigger,
                            details=details)
