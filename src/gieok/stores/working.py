"""The working log port: conversation turns and per-session bookkeeping (W2 triggers)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol, runtime_checkable

from gieok.domain.scope import Scope
from gieok.domain.turns import Turn


@dataclass(frozen=True)
class SessionState:
    """Bookkeeping for one session scope (W2): how many turns it has, when the last one
    happened (event time), how many were already extracted, and whether it was closed.
    ``closed_count`` is the turn count at closing: new turns reopen the session."""

    scope: Scope
    turn_count: int
    last_turn_at: datetime
    extracted_count: int = 0
    closed_count: int | None = None

    @property
    def is_open(self) -> bool:
        return self.closed_count is None or self.closed_count < self.turn_count


@runtime_checkable
class SessionLog(Protocol):
    """Optional port for session triggers (W2): message thresholds and the idle sweeper.
    Stores without it still work; those triggers are then reported as unavailable."""

    async def record_session(
        self, scope: Scope, /, *, turns: int, last_turn_at: datetime
    ) -> SessionState: ...
    async def session_state(self, scope: Scope, /) -> SessionState | None: ...
    async def mark_session(
        self, scope: Scope, /, *, extracted_count: int | None = None,
        closed_count: int | None = None,
    ) -> None: ...
    async def idle_sessions(self, before: datetime, /, *, limit: int) -> list[SessionState]: ...


class WorkingStore(Protocol):
    async def append_turns(self, scope: Scope, turns: Sequence[Turn], /) -> None: ...
    async def recent_turns(self, scope: Scope, /, *, limit: int) -> list[Turn]: ...
