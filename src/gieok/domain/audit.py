"""Audit events (W8): one row per decision about a memory, readable as its history."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from gieok.domain.records import new_id, utcnow
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
