"""Per-scope settings (W9): data in the store, not environment configuration."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class PiiPolicy(StrEnum):
    MASK = "mask"
    KEEP = "keep"
    REFUSE = "refuse"


class CapacityPolicy(StrEnum):
    ARCHIVE_LOWEST = "archive_lowest"
    REFUSE = "refuse"


class ScopeSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    enabled: bool = True
    auto_extraction: bool = True
    allowed_categories: list[str] | None = None
    max_memories: int | None = Field(default=None, ge=1)
    capacity_policy: CapacityPolicy = CapacityPolicy.ARCHIVE_LOWEST
    retention_days: int | None = Field(default=None, ge=1)
    # Secrets (cards, RRNs, passwords, keys, accounts) are masked or refused, never kept:
    # "keep" is treated as "mask" for them. Phone numbers and e-mails follow
    # ``pii_contact_policy`` (mask, keep or refuse).
    pii_policy: PiiPolicy = PiiPolicy.MASK
    pii_contact_policy: PiiPolicy = PiiPolicy.MASK
    # W7: None means the process default (``GieokSettings.write.max_long_term`` / ``max_episodic``).
    max_episodes: int | None = Field(default=None, ge=1)
    # W2 triggers (seed 003): extract and summarise when a session passes this many messages,
    # and close sessions idle for longer than the timeout.
    session_message_threshold: int = Field(default=20, ge=2, le=10_000)
    idle_timeout_minutes: float = Field(default=30.0, gt=0.0)
