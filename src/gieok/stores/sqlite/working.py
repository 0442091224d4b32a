"""The working log on the store's SQLite file: ``working_turns`` (the raw turns, masked),
``sessions`` (one row per session scope: turn count, last turn time, extraction watermark,
closing mark) and ``working_summaries`` (rolling summaries). ``append`` writes the turns and
the session row in one transaction."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from gieok.domain.scope import Scope, scope_from_key
from gieok.domain.turns import Turn
from gieok.stores._sql.filters import scope_clause
from gieok.stores.sqlite.db import SqliteDb
from gieok.stores.sqlite.dialect import DIALECT
from gieok.stores.working import SessionState, SummaryState, require_turns

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


def _scope_row(scope: Scope) -> tuple[Any, ...]:
    return (scope.key(), scope.tenant, scope.project, scope.user, scope.persona, scope.session)


class SqliteWorkingLog:
    """``WorkingLog`` on a ``SqliteDb`` it shares with the store (the store opens and closes
    the file; ``setup``/``aclose`` here are no-ops)."""

    def __init__(self, db: SqliteDb) -> None:
        self._db = db

    async def setup(self) -> None:
        return None

    async def aclose(self) -> None:
        return None

    async def append(self, scope: Scope, turns: Sequence[Turn], /) -> SessionState:
        require_turns(turns)
        rows = [(*_scope_row(scope), t.at.timestamp(), t.model_dump_json()) for t in turns]
        last = max(t.at for t in turns).timestamp()

        def run(conn: sqlite3.Connection) -> SessionState:
            conn.executemany(
                "INSERT INTO working_turns (scope_key, org, project, user_id, persona, session, "
                "at, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
            conn.execute(
                "INSERT INTO sessions (scope_key, org, project, user_id, persona, session, "
                "turn_count, last_turn_at, extracted_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0) "
                "ON CONFLICT(scope_key) DO UPDATE SET "
                "turn_count = turn_count + excluded.turn_count, "
                "last_turn_at = MAX(last_turn_at, excluded.last_turn_at)",
                (*_scope_row(scope), len(turns), last))
            row = conn.execute(f"SELECT {_COLS} FROM sessions WHERE scope_key = ?",
                               (scope.key(),)).fetchone()
            return _state(row)

        return await self._db.tx(run)

    async def recent(self, scope: Scope, /, *, limit: int) -> list[Turn]:
        return await self._db.run(lambda: self.recent_in(self._db.conn, scope, limit))

    @staticmethod
    def recent_in(conn: sqlite3.Connection, scope: Scope, limit: int) -> list[Turn]:
        """``recent`` on ``conn`` (the store answers ``TurnsOp`` with it, inside its read)."""
        rows = conn.execute(
            "SELECT body FROM working_turns WHERE scope_key = ? ORDER BY rowid DESC LIMIT ?",
            (scope.key(), max(0, limit))).fetchall()
        return [Turn.model_validate_json(r[0]) for r in reversed(rows)]

    async def state(self, scope: Scope, /) -> SessionState | None:
        def run() -> SessionState | None:
            row = self._db.conn.execute(f"SELECT {_COLS} FROM sessions WHERE scope_key = ?",
                                        (scope.key(),)).fetchone()
            return None if row is None else _state(row)

        return await self._db.run(run)

    async def mark(self, scope: Scope, /, *, extracted: int | None = None,
                   closed: int | None = None) -> None:
        sets, params = [], []
        if extracted is not None:
            sets.append("extracted_count = MAX(extracted_count, ?)")
            params.append(extracted)
        if closed is not None:
            sets.append("closed_count = ?")
            params.append(closed)
        if sets:
            await self._db.tx(lambda conn: conn.execute(
                f"UPDATE sessions SET {', '.join(sets)} WHERE scope_key = ?",
                [*params, scope.key()]))

    async def idle(self, before: datetime, /, *, limit: int) -> list[SessionState]:
        def run() -> list[SessionState]:
            rows = self._db.conn.execute(
                f"SELECT {_COLS} FROM sessions WHERE session IS NOT NULL AND last_turn_at < ? "
                "AND (closed_count IS NULL OR closed_count < turn_count) "
                "ORDER BY last_turn_at LIMIT ?", (before.timestamp(), limit)).fetchall()
            return [_state(r) for r in rows]

        return await self._db.run(run)

    async def summary(self, scope: Scope, /) -> SummaryState | None:
        def run() -> SummaryState | None:
            row = self._db.conn.execute(
                "SELECT covered, last_turn, body FROM working_summaries WHERE scope_key = ?",
                (scope.key(),)).fetchone()
            return None if row is None else SummaryState(int(row[0]), row[1], row[2])

        return await self._db.run(run)

    async def put_summary(self, scope: Scope, summary: SummaryState, /) -> None:
        await self._db.tx(lambda conn: conn.execute(
            "INSERT INTO working_summaries (scope_key, org, project, user_id, persona, session, "
            "covered, last_turn, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT(scope_key) DO UPDATE SET covered = excluded.covered, "
            "last_turn = excluded.last_turn, body = excluded.body",
            (*_scope_row(scope), summary.covered, summary.last_turn, summary.text)))

    @staticmethod
    def _put_selection(conn: sqlite3.Connection, scope: Scope, ids: Sequence[str]) -> None:
        if not ids:
            conn.execute("DELETE FROM next_turn_selections WHERE scope_key = ?", (scope.key(),))
            return
        conn.execute(
            "INSERT INTO next_turn_selections (scope_key, org, project, user_id, persona, "
            "session, ids, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT(scope_key) DO UPDATE SET ids = excluded.ids, "
            "updated_at = excluded.updated_at",
            (*_scope_row(scope), json.dumps(list(dict.fromkeys(ids))), time.time()))

    @staticmethod
    def selection_in(conn: sqlite3.Connection, scope: Scope) -> list[str]:
        """``selection`` on ``conn`` (the store answers ``SelectionOp`` with it)."""
        row = conn.execute("SELECT ids FROM next_turn_selections WHERE scope_key = ?",
                           (scope.key(),)).fetchone()
        return [] if row is None else [str(i) for i in json.loads(row[0])]

    async def selection(self, scope: Scope, /) -> list[str]:
        return await self._db.run(lambda: self.selection_in(self._db.conn, scope))

    async def put_selection(self, scope: Scope, ids: Sequence[str], /) -> None:
        await self._db.tx(lambda conn: self._put_selection(conn, scope, ids))

    async def consume_selection(self, scope: Scope, ids: Sequence[str], /) -> None:
        gone = set(ids)

        def run(conn: sqlite3.Connection) -> None:  # read and rewrite in one transaction
            left = [i for i in self.selection_in(conn, scope) if i not in gone]
            self._put_selection(conn, scope, left)

        await self._db.tx(run)

    async def scopes(self) -> list[Scope]:
        def run() -> list[Scope]:
            rows = self._db.conn.execute(
                "SELECT scope_key FROM working_turns UNION SELECT scope_key FROM sessions "
                "ORDER BY 1").fetchall()
            return [scope_from_key(r[0]) for r in rows]

        return await self._db.run(run)

    async def closed(self, before: datetime, /, *, limit: int) -> list[SessionState]:
        def run() -> list[SessionState]:
            rows = self._db.conn.execute(
                f"SELECT {_COLS} FROM sessions WHERE session IS NOT NULL AND last_turn_at < ? "
                "AND closed_count IS NOT NULL AND closed_count >= turn_count "
                "ORDER BY last_turn_at LIMIT ?", (before.timestamp(), limit)).fetchall()
            return [_state(r) for r in rows]

        return await self._db.run(run)

    async def drop(self, scopes: Sequence[Scope], /) -> int:
        keys = [(s.key(),) for s in dict.fromkeys(scopes)]

        def run(conn: sqlite3.Connection) -> int:
            before = conn.total_changes
            conn.executemany("DELETE FROM working_turns WHERE scope_key = ?", keys)
            count = conn.total_changes - before
            for table in ("sessions", "working_summaries", "next_turn_selections"):
                conn.executemany(f"DELETE FROM {table} WHERE scope_key = ?", keys)
            return count

        return await self._db.tx(run) if keys else 0

    async def forget(self, scope: Scope, /) -> int:
        where = scope_clause(DIALECT, scope)

        def run(conn: sqlite3.Connection) -> int:
            count = conn.execute(f"DELETE FROM working_turns WHERE {where.text}",
                                 where.params).rowcount
            conn.execute(f"DELETE FROM sessions WHERE {where.text}", where.params)
            conn.execute(f"DELETE FROM working_summaries WHERE {where.text}", where.params)
            conn.execute(f"DELETE FROM next_turn_selections WHERE {where.text}", where.params)
            return int(count)

        return await self._db.tx(run)

    async def delete_turns(self, scope: Scope, ids: Sequence[str], /) -> int:
        if not ids:
            return 0
        where = scope_clause(DIALECT, scope)
        cond = f"{where.text} AND json_extract(body, '$.id') IN ({', '.join('?' for _ in ids)})"
        params = [*where.params, *ids]

        def run(conn: sqlite3.Connection) -> int:
            keys = [r[0] for r in conn.execute(
                f"SELECT DISTINCT scope_key FROM working_turns WHERE {cond}", params)]
            count = conn.execute(f"DELETE FROM working_turns WHERE {cond}", params).rowcount
            conn.executemany("DELETE FROM working_summaries WHERE scope_key = ?",
                             [(key,) for key in keys])
            return int(count)

        return await self._db.tx(run)
