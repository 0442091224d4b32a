"""Per-scope settings (W9): data in the store, not environment configuration.

A scope stores only the settings a caller set; the rest comes from its ancestors (session →
persona → user → project → org, key by key) and then from its profile (``gieok.profiles``).
"""

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

    # A named profile (``gieok.profiles``) whose per-scope defaults and context settings
    # apply to this scope and the scopes below it; None: the process profile.
    profile: str | None = Field(default=None, max_length=64)
    enabled: bool = True
    auto_extraction: bool = True
    # Categories that may be extracted, stored and injected; None allows every category.
    allowed_categories: list[str] | None = None
    # W7 per scope: long-term and episodic memories kept active (0: no limit; None: the
    # process default ``GieokSettings.write.max_long_term`` / ``max_episodic``).
    max_memories: int | None = Field(default=None, ge=0)
    max_episodes: int | None = Field(default=None, ge=0)
    capacity_policy: CapacityPolicy = CapacityPolicy.ARCHIVE_LOWEST
    retention_days: int | None = Field(default=None, ge=1)
    # Secrets (cards, RRNs, passwords, keys, accounts) are masked or refused, never kept:
    # "keep" is treated as "mask" for them. Phone numbers and e-mails follow
    # ``pii_contact_policy`` (mask, keep or refuse).
    pii_policy: PiiPolicy = PiiPolicy.MASK
    pii_contact_policy: PiiPolicy = PiiPolicy.MASK
    # Injection (seed 000's retrieval node): at most ``inject_limit`` retrieved memories per
    # turn (None: the token budget decides) and none below ``min_confidence``.
    inject_limit: int | None = Field(default=None, ge=0, le=1000)
    min_confidence: float = Field(default=0.0, ge=0.0, le=1.0)
    # W2 triggers (seed 003): extract and summarise when a session passes this many messages,
    # and close sessions idle for longer than the timeout.
    session_message_threshold: int = Field(default=20, ge=2, le=10_000)
    idle_timeout_minutes: float = Field(default=30.0, gt=0.0)
    # Seed 003: a session's raw messages are deleted once its summary is saved.
    clear_session_after_summary: bool = False
    # R8: keep every turn given to add() as a searchable conversation archive. An app whose
    # raw session memory must vanish after its summary (seed 003) turns it off; turns already
    # archived stay until forgotten or past ``archive_retention_days``.
    archive_conversations: bool = True
    # Archived turns older than this (by the time they were said) are deleted by retention;
    # None keeps them as long as the scope's ``retention_days`` allows.
    archive_retention_days: int | None = Field(default=None, ge=1)
    # How long a session's raw turns live (seed 000: 24 h): the hot copy in Redis expires this
    # long after the session's last write, and a closed session's turns leave the durable
    # working log once its last turn is this old (the sweeper deletes them; the conversation
    # archive, when on, already holds them as searchable passages).
    session_ttl_hours: float = Field(default=24.0, gt=0.0, le=24.0 * 3650)
