"""The working log port: a conversation's raw turns, per-session bookkeeping (turn count,
last turn time, extraction watermark, closing mark: the W2 triggers and the idle sweeper),
the rolling summary of turns that left the raw window (R7) and the one-shot selection of
memories for the session's next turn (seed 001).

It is a port of its own, not part of the memory store, because it has another shape of
load: small, hot, append-mostly, read by recency, and safe to keep somewhere faster than the
memories (Redis) while the memories stay in SQLite or PostgreSQL. Every store brings a
default working log on its own database (``store.working``); the engine's ``Runtime`` uses
that unless it is given another one. ``tests/contract/test_working_log.py`` is the contract
every implementation passes.
"""

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


@dataclass(frozen=True)
class SummaryState:
    """A rolling summary of a session's oldest turns: it covers the first ``covered`` turns,
    the last of which said ``last_turn`` (so a rewritten history is noticed)."""

    covered: int
    last_turn: str
    text: str


@runtime_checkable
class WorkingLog(Protocol):
    """Turns and session bookkeeping for one or more scopes (usually session scopes).

    ``append`` stores turns and updates the session's counters in one round trip and returns
    the new state; the others are plain reads and updates. ``forget`` removes everything
    inside a read scope (X3). Implementations: SQLite and PostgreSQL (tables beside the
    memories), in-memory, Redis.
    """

    async def setup(self) -> None: ...
    async def aclose(self) -> None: ...

    async def append(self, scope: Scope, turns: Sequence[Turn], /) -> SessionState:
        """Store ``turns`` (at least one) and count them into the scope's session state."""
        ...

    async def recent(self, scope: Scope, /, *, limit: int) -> list[Turn]:
        """The scope's last ``limit`` turns, oldest first."""
        ...

    async def state(self, scope: Scope, /) -> SessionState | None: ...

    async def mark(self, scope: Scope, /, *, extracted: int | None = None,
                   closed: int | None = None) -> None:
        """Move the extraction watermark (never backwards) and/or set the closing mark."""
        ...

    async def idle(self, before: datetime, /, *, limit: int) -> list[SessionState]:
        """Open sessions (scopes with a session level) whose last turn is before ``before``,
        oldest first."""
        ...

    async def summary(self, scope: Scope, /) -> SummaryState | None: ...
    async def put_summary(self, scope: Scope, summary: SummaryState, /) -> None: ...

    async def selection(self, scope: Scope, /) -> list[str]:
        """The memory ids a person chose for this session's next turn (seed 001's "use in
        the next turn"), in the order chosen; empty when none."""
        ...

    async def put_selection(self, scope: Scope, ids: Sequence[str], /) -> None:
        """Replace the session's selection (duplicates kept once; empty clears it)."""
        ...

    async def consume_selection(self, scope: Scope, ids: Sequence[str], /) -> None:
        """Remove exactly ``ids`` (a turn used them): ids selected meanwhile stay."""

    async def scopes(self) -> list[Scope]:
        """Every scope holding turns or a session state (for copying a store)."""
        ...

    async def closed(self, before: datetime, /, *, limit: int) -> list[SessionState]:
        """Closed sessions whose last turn is before ``before``, oldest first: the ones whose
        raw turns may have outlived their session lifetime (``ScopeSettings.session_ttl_hours``)."""
        ...

    async def drop(self, scopes: Sequence[Scope], /) -> int:
        """Delete every turn, state, summary and selection stored at exactly these scopes (not
        the scopes below them: that is ``forget``); return turns deleted."""
        ...

    async def forget(self, scope: Scope, /) -> int:
        """Delete every turn, state, summary and selection inside the read scope; return
        turns deleted."""
        ...

    async def delete_turns(self, scope: Scope, ids: Sequence[str], /) -> int:
        """Delete the turns with these ids inside the read scope, and the rolling summaries
        of the sessions they were in (a summary may quote them); return turns deleted. A
        hard delete of a memory removes its source turns with it (X3). Session counters
        are kept: the turns left are not renumbered."""
        ...


def require_turns(turns: Sequence[Turn]) -> None:
    if not turns:
        raise ValueError("append needs at least one turn")
