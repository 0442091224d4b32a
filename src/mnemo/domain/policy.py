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
    pii_policy: PiiPolicy = PiiPolicy.MASK
