"""``SessionLog`` for SQLite (W2 triggers): one row per session scope with its turn count,
last turn time, extraction watermark and closing mark. No content is kept here; ``forget``
deletes the rows with everything else in the scope."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

from gieok.domain.scope import Scope
from gieok.stores.working import SessionState

T = TypeVar("T")

_COLS = "org, project, user_id, persona, session, turn_count, last_turn_at, extracted_count, " \
        "closed_count"


def _state(row: sqlite3.Row | tuple[Any, ...]) -> SessionState:
    org, project, user, persona, session, count, last, extracted, closed = tuple(row)
    return SessionState(
        scope=Scope(org=org or None, project=project, user=user, persona=persona,
                    session=session),
        turn_count=int(count), last_turn_at=datetime.fromtimestamp(float(last), tz=UTC),
        extracted_count=int(extracted), closed_count=None if closed is None else int(closed),
    )


class SqliteSessionLog:
    """Mixed into ``SqliteStore``; uses its ``_run``/``_tx``/``conn``."""

    _run: Callable[..., Any]
    _tx: Callable[..., Any]
    conn: sqlite3.Connection

    async def record_session(
        self, scope: Scope, /, *, turns: int, last_turn_at: datetime
    ) -> SessionState:
        def run(conn: sqlite3.Connection) -> SessionState:
            conn.execute(
                "INSERT INTO sessions (scope_key, org, project, user_id, persona, session, "
                "turn_count, last_turn_at, extracted_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0) "
                "ON CONFLICT(scope_key) DO UPDATE SET "
                "turn_count = turn_count + excluded.turn_count, "
                "last_turn_at = MAX(last_turn_at, excluded.last_turn_at)",
                (scope.key(), scope.tenant, scope.project, scope.user, scope.persona,
                 scope.session, turns, last_turn_at.timestamp()),
            )
            row = conn.execute(f"SELECT {_COLS} FROM sessions WHERE scope_key = ?",
                               (scope.key(),)).fetchone()
            return _state(row)

        return await self._run(self._tx, run)  # type: ignore[no-any-return]

    async def session_state(self, scope: Scope, /) -> SessionState | None:
        def run() -> SessionState | None:
            row = self.conn.execute(f"SELECT {_COLS} FROM sessions WHERE scope_key = ?",
                                    (scope.key(),)).fetchone()
            return None if row is None else _state(row)

        return await self._run(run)  # type: ignore[no-any-return]

    async def mark_session(
        self, scope: Scope, /, *, extracted_count: int | None = None,
        closed_count: int | None = None,
    ) -> None:
        sets, params = [], []
        if extracted_count is not None:
            sets.append("extracted_count = MAX(extracted_count, ?)")
            params.append(extracted_count)
        if closed_count is not None:
            sets.append("closed_count = ?")
            params.append(closed_count)
        if not sets:
            return
        await self._run(self._tx, lambda conn: conn.execute(
            f"UPDATE sessions SET {', '.join(sets)} WHERE scope_key = ?", [*params, scope.key()]))

    async def idle_sessions(self, before: datetime, /, *, limit: int) -> list[SessionState]:
        def run() -> list[SessionState]:
            rows = self.conn.execute(
                f"SELECT {_COLS} FROM sessions WHERE session IS NOT NULL AND last_turn_at < ? "
                "AND (closed_count IS NULL OR closed_count < turn_count) "
                "ORDER BY last_turn_at LIMIT ?",
                (before.timestamp(), limit),
            ).fetchall()
            return [_state(r) for r in rows]

        return await self._run(run)  # type: ignore[no-any-return]
