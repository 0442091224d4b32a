"""The working log on the PostgreSQL store's tables (``working_turns``, ``sessions``,
``working_summaries``); ``append`` writes the turns and the session row in one transaction."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from gieok.domain.scope import Scope, scope_from_key
from gieok.domain.turns import Turn
from gieok.stores._sql.filters import scope_clause
from gieok.stores.postgres.db import Conn, PgDb
from gieok.stores.postgres.dialect import DIALECT
from gieok.stores.working import SessionState, SummaryState, require_turns

_COLS = "org, project, user_id, persona, session, turn_count, last_turn_at, extracted_count, " \
        "closed_count"


def _state(row: Sequence[Any]) -> SessionState:
    org, project, user, persona, session, count, last, extracted, closed = row
    return SessionState(
        scope=Scope(org=org or None, project=project, user=user, persona=persona,
                    session=session),
        turn_count=int(count), last_turn_at=last, extracted_count=int(extracted),
        closed_count=None if closed is None else int(closed))


def _scope_row(scope: Scope) -> tuple[Any, ...]:
    return (scope.key(), scope.tenant, scope.project, scope.user, scope.persona, scope.session)


class PostgresWorkingLog:
    """``WorkingLog`` on the pool the store shares with it (the store opens and closes it)."""

    def __init__(self, db: PgDb) -> None:
        self._db = db

    async def setup(self) -> None:
        return None

    async def aclose(self) -> None:
        return None

    async def append(self, scope: Scope, turns: Sequence[Turn], /) -> SessionState:
        require_turns(turns)
        rows = [(*_scope_row(scope), t.at, t.model_dump_json()) for t in turns]
        last = max(t.at for t in turns)

        async def run(conn: Conn) -> SessionState:
            async with conn.cursor() as cur:
                await cur.executemany(
                    "INSERT INTO working_turns (scope_key, org, project, user_id, persona, "
                    "session, at, body) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)", rows)
            cur = await conn.execute(
                "INSERT INTO sessions AS s (scope_key, org, project, user_id, persona, session, "
                "turn_count, last_turn_at, extracted_count) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, 0) ON CONFLICT (scope_key) DO UPDATE "
                "SET turn_count = s.turn_count + excluded.turn_count, "
                "last_turn_at = GREATEST(s.last_turn_at, excluded.last_turn_at) "
                f"RETURNING {_COLS}", (*_scope_row(scope), len(turns), last))
            row = await cur.fetchone()
            assert row is not None
            return _state(row)

        return await self._db.tx(run)

    async def recent(self, scope: Scope, /, *, limit: int) -> list[Turn]:
        return await self._db.run(lambda conn: recent_in(conn, scope, limit))

    async def state(self, scope: Scope, /) -> SessionState | None:
        async def run(conn: Conn) -> SessionState | None:
            cur = await conn.execute(f"SELECT {_COLS} FROM sessions WHERE scope_key = %s",
                                     (scope.key(),))
            row = await cur.fetchone()
            return None if row is None else _state(row)

        return await self._db.run(run)

    async def mark(self, scope: Scope, /, *, extracted: int | None = None,
                   closed: int | None = None) -> None:
        sets, params = [], []
        if extracted is not None:
            sets.append("extracted_count = GREATEST(extracted_count, %s)")
            params.append(extracted)
        if closed is not None:
            sets.append("closed_count = %s")
            params.append(closed)
        if sets:
            sql = f"UPDATE sessions SET {', '.join(sets)} WHERE scope_key = %s"
            await self._db.run(lambda conn: conn.execute(sql, [*params, scope.key()]))

    async def idle(self, before: datetime, /, *, limit: int) -> list[SessionState]:
        async def run(conn: Conn) -> list[SessionState]:
            cur = await conn.execute(
                f"SELECT {_COLS} FROM sessions WHERE session IS NOT NULL AND last_turn_at < %s "
                "AND (closed_count IS NULL OR closed_count < turn_count) "
                "ORDER BY last_turn_at LIMIT %s", (before, limit))
            return [_state(r) for r in await cur.fetchall()]

        return await self._db.run(run)

    async def closed(self, before: datetime, /, *, limit: int) -> list[SessionState]:
        async def run(conn: Conn) -> list[SessionState]:
            cur = await conn.execute(
                f"SELECT {_COLS} FROM sessions WHERE session IS NOT NULL AND last_turn_at < %s "
                "AND closed_count IS NOT NULL AND closed_count >= turn_count "
                "ORDER BY last_turn_at LIMIT %s", (before, limit))
            return [_state(r) for r in await cur.fetchall()]

        return await self._db.run(run)

    async def drop(self, scopes: Sequence[Scope], /) -> int:
        keys = list(dict.fromkeys(s.key() for s in scopes))

        async def run(conn: Conn) -> int:
            cur = await conn.execute("DELETE FROM working_turns WHERE scope_key = ANY(%s)",
                                     (keys,))
            count = cur.rowcount
            for table in ("sessions", "working_summaries", "next_turn_selections"):
                await conn.execute(f"DELETE FROM {table} WHERE scope_key = ANY(%s)", (keys,))
            return int(count)

        return await self._db.tx(run) if keys else 0

    async def summary(self, scope: Scope, /) -> SummaryState | None:
        async def run(conn: Conn) -> SummaryState | None:
            cur = await conn.execute("SELECT covered, last_turn, body FROM working_summaries "
                                     "WHERE scope_key = %s", (scope.key(),))
            row = await cur.fetchone()
            return None if row is None else SummaryState(int(row[0]), row[1], row[2])

        return await self._db.run(run)

    async def put_summary(self, scope: Scope, summary: SummaryState, /) -> None:
        await self._db.run(lambda conn: conn.execute(
            "INSERT INTO working_summaries (scope_key, org, project, user_id, persona, session, "
            "covered, last_turn, body) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) "
            "ON CONFLICT (scope_key) DO UPDATE SET covered = excluded.covered, "
            "last_turn = excluded.last_turn, body = excluded.body",
            (*_scope_row(scope), summary.covered, summary.last_turn, summary.text)))

    async def selection(self, scope: Scope, /) -> list[str]:
        return await self._db.run(lambda conn: selection_in(conn, scope))

    async def put_selection(self, scope: Scope, ids: Sequence[str], /) -> None:
        await self._db.tx(lambda conn: _put_selection(conn, scope, ids))

    async def consume_selection(self, scope: Scope, ids: Sequence[str], /) -> None:
        gone = set(ids)

        async def run(conn: Conn) -> None:  # read and rewrite in one transaction
            await conn.execute("SELECT 1 FROM next_turn_selections WHERE scope_key = %s "
                               "FOR UPDATE", (scope.key(),))
            left = [i for i in await selection_in(conn, scope) if i not in gone]
            await _put_selection(conn, scope, left)

        await self._db.tx(run)

    async def scopes(self) -> list[Scope]:
        async def run(conn: Conn) -> list[Scope]:
            cur = await conn.execute("SELECT scope_key FROM working_turns UNION "
                                     "SELECT scope_key FROM sessions ORDER BY 1")
            return [scope_from_key(r[0]) for r in await cur.fetchall()]

        return await self._db.run(run)

    async def forget(self, scope: Scope, /) -> int:
        where = scope_clause(DIALECT, scope)

        async def run(conn: Conn) -> int:
            cur = await conn.execute(f"DELETE FROM working_turns WHERE {where.text}",
                                     where.params)
            count = cur.rowcount
            await conn.execute(f"DELETE FROM sessions WHERE {where.text}", where.params)
            await conn.execute(f"DELETE FROM working_summaries WHERE {where.text}",
                               where.params)
            await conn.execute(f"DELETE FROM next_turn_selections WHERE {where.text}",
                               where.params)
            return int(count)

        return await self._db.tx(run)

    async def delete_turns(self, scope: Scope, ids: Sequence[str], /) -> int:
        if not ids:
            return 0
        where = scope_clause(DIALECT, scope)
        cond = f"{where.text} AND (body::jsonb ->> 'id') = ANY(%s)"
        params = [*where.params, list(ids)]

        async def run(conn: Conn) -> int:
            cur = await conn.execute(f"DELETE FROM working_turns WHERE {cond} "
                                     "RETURNING scope_key", params)
            rows = await cur.fetchall()
            keys = sorted({row[0] for row in rows})
            if keys:
                await conn.execute("DELETE FROM working_summaries WHERE scope_key = ANY(%s)",
                                   (keys,))
            return len(rows)

        return await self._db.tx(run)


async def recent_in(conn: Conn, scope: Scope, limit: int) -> list[Turn]:
    """``recent`` on ``conn`` (the store answers ``TurnsOp`` with it, inside its read)."""
    cur = await conn.execute(
        "SELECT body FROM working_turns WHERE scope_key = %s ORDER BY rowid DESC LIMIT %s",
        (scope.key(), max(0, limit)))
    rows = await cur.fetchall()
    return [Turn.model_validate_json(r[0]) for r in reversed(rows)]


async def selection_in(conn: Conn, scope: Scope) -> list[str]:
    """``selection`` on ``conn`` (the store answers ``SelectionOp`` with it)."""
    cur = await conn.execute("SELECT ids FROM next_turn_selections WHERE scope_key = %s",
                             (scope.key(),))
    row = await cur.fetchone()
    return [] if row is None else [str(i) for i in row[0]]


async def _put_selection(conn: Conn, scope: Scope, ids: Sequence[str]) -> None:
    if not ids:
        await conn.execute("DELETE FROM next_turn_selections WHERE scope_key = %s",
                           (scope.key(),))
        return
    await conn.execute(
        "INSERT INTO next_turn_selections (scope_key, org, project, user_id, persona, session, "
        "ids) VALUES (%s, %s, %s, %s, %s, %s, %s::jsonb) ON CONFLICT (scope_key) DO UPDATE "
        "SET ids = excluded.ids, updated_at = now()",
        (*_scope_row(scope), json.dumps(list(dict.fromkeys(ids)))))
