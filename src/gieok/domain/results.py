"""What the write path reports back to the caller (W6, W10)."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from gieok.domain.records import MemoryRecord


class DecisionKind(StrEnum):
    ADD = "ADD"
    UPDATE = "UPDATE"
    SUPERSEDE = "SUPERSEDE"
    MERGE = "MERGE"
    NOOP = "NOOP"


class Decision(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: DecisionKind
    memory: MemoryRecord
    replaced: str | None = None
    reason: str = ""


class AddResult(BaseModel):
    """Result of ``add``: turns appended, and what extraction decided (empty when it did not run)."""

    model_config = ConfigDict(extra="forbid")

    turns_added: int
    # The stored turns' ids, in message order: hits name their source turns by these ids
    # (``MemoryRecord.source_turn_ids``), so a caller can map a hit back to its message.
    turn_ids: list[str] = Field(default_factory=list)
    decisions: list[Decision] = Field(default_factory=list)
    extraction: str = "not_run"
    failures: list[str] = Field(default_factory=list)
    # W7: ids archived to make room (never a silent drop); W11: the session's episode.
    archived: list[str] = Field(default_factory=list)
    episode: MemoryRecord | None = None

    @property
    def memories(self) -> list[MemoryRecord]:
        return [d.memory for d in self.decisions if d.kind is not DecisionKind.NOOP]
