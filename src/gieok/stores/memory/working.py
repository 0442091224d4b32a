"""``WorkingLog`` in memory (``memory://``): the reference semantics of the working log."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from gieok.domain.scope import Scope
from gieok.domain.turns import Turn
from gieok.stores.working import SessionState, SummaryState, require_turns


class InMemoryWorkingLog:
    def __init__(self) -> None:
        self._turns: list[tuple[Scope, Turn]] = []
        self._sessions: dict[str, SessionState] = {}
        self._summaries: dict[Scope, SummaryState] = {}
        self._selections: dict[Scope, list[str]] = {}

    async def setup(self) -> None:
        return None

    async def aclose(self) -> None:
        return None

    async def append(self, scope: Scope, turns: Sequence[Turn], /) -> SessionState:
        require_turns(turns)
        self._turns.extend((scope, t.model_copy(deep=True)) for t in turns)
        old = self._sessions.get(scope.key())
        last = max(t.at for t in turns)
        state = SessionState(
            scope=scope,
            turn_count=(old.turn_count if old else 0) + len(turns),
            last_turn_at=max(old.last_turn_at, last) if old else last,
            extracted_count=old.extracted_count if old else 0,
            closed_count=old.closed_count if old else None,
        )
        self._sessions[scope.key()] = state
        return state

    async def recent(self, scope: Scope, /, *, limit: int) -> list[Turn]:
        mine = [t for s, t in self._turns if s == scope]
        return [t.model_copy(deep=True) for t in mine[-limit:]] if limit > 0 else []

    async def state(self, scope: Scope, /) -> SessionState | None:
        return self._sessions.get(scope.key())

    async def mark(self, scope: Scope, /, *, extracted: int | None = None,
                   closed: int | None = None) -> None:
        old = self._sessions.get(scope.key())
        if old is None:
            return
        self._sessions[scope.key()] = SessionState(
            scope=old.scope, turn_count=old.turn_count, last_turn_at=old.last_turn_at,
            extracted_count=max(old.extracted_count, extracted or 0),
            closed_count=closed if closed is not None else old.closed_count,
        )

    async def idle(self, before: datetime, /, *, limit: int) -> list[SessionState]:
        idle = [s for s in self._sessions.values()
                if s.scope.session and s.last_turn_at < before and s.is_open]
        return sorted(idle, key=lambda s: s.last_turn_at)[:limit]

    async def summary(self, scope: Scope, /) -> SummaryState | None:
        return self._summaries.get(scope)

    async def put_summary(self, scope: Scope, summary: SummaryState, /) -> None:
        self._summaries[scope] = summary

    async def selection(self, scope: Scope, /) -> list[str]:
        return list(self._selections.get(scope, []))

    async def put_selection(self, scope: Scope, ids: Sequence[str], /) -> None:
        if ids:
            self._selections[scope] = list(dict.fromkeys(ids))
        else:
            self._selections.pop(scope, None)

    async def consume_selection(self, scope: Scope, ids: Sequence[str], /) -> None:
        gone = set(ids)
        await self.put_selection(scope, [i for i in await self.selection(scope) if i not in gone])

    async def scopes(self) -> list[Scope]:
        found = {s.key(): s for s, _ in self._turns}
        found.update({k: v.scope for k, v in self._sessions.items()})
        return [found[k] for k in sorted(found)]

    async def closed(self, before: datetime, /, *, limit: int) -> list[SessionState]:
        done = [s for s in self._sessions.values()
                if s.scope.session and s.last_turn_at < before and not s.is_open]
        return sorted(done, key=lambda s: s.last_turn_at)[:limit]

    async def drop(self, scopes: Sequence[Scope], /) -> int:
        gone = set(scopes)
        count = sum(1 for s, _ in self._turns if s in gone)
        self._turns = [(s, t) for s, t in self._turns if s not in gone]
        for scope in gone:
            self._sessions.pop(scope.key(), None)
            self._summaries.pop(scope, None)
            self._selections.pop(scope, None)
        return count

    async def forget(self, scope: Scope, /) -> int:
        count = sum(1 for s, _ in self._turns if scope.contains(s))
        self._turns = [(s, t) for s, t in self._turns if not scope.contains(s)]
        self._sessions = {k: v for k, v in self._sessions.items()
                          if not scope.contains(v.scope)}
        self._summaries = {k: v for k, v in self._summaries.items() if not scope.contains(k)}
        self._selections = {k: v for k, v in self._selections.items() if not scope.contains(k)}
        return count

    async def delete_turns(self, scope: Scope, ids: Sequence[str], /) -> int:
        wanted = set(ids)
        gone = [(s, t) for s, t in self._turns if scope.contains(s) and t.id in wanted]
        self._turns = [(s, t) for s, t in self._turns
                       if not (scope.contains(s) and t.id in wanted)]
        for s, _ in gone:
            self._summaries.pop(s, None)
        return len(gone)
