"""Working-layer turns (R7): the raw messages of a session, kept FIFO."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from mnemo.domain.records import new_id, utcnow

Role = Literal["user", "assistant", "system", "tool"]


class Turn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(default_factory=new_id)
    role: Role
    content: str
    at: datetime = Field(default_factory=utcnow)
    name: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
