"""``TokenStore`` for SQLite (X1): API tokens, stored by the SHA-256 hash of the secret only,
on the ``SqliteDb`` the store shares with it."""

from __future__ import annotations

import sqlite3

from gieok.domain.records import utcnow
from gieok.security.tokens import ApiToken
from gieok.stores.sqlite.db import SqliteDb


class SqliteTokenStore:
    def __init__(self, db: SqliteDb) -> None:
        self._db = db

    async def put_token(self, token: ApiToken, /) -> None:
        await self._db.tx(
            lambda conn: conn.execute(
                "INSERT INTO api_tokens (id, token_hash, tenant, body) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET body = excluded.body",
                (token.id, token.token_hash, token.tenant, token.model_dump_json()),
            ),
        )

    async def find_token(self, token_hash: str, /) -> ApiToken | None:
        def run() -> ApiToken | None:
            row = self._db.conn.execute(
                "SELECT body FROM api_tokens WHERE token_hash = ?", (token_hash,)
            ).fetchone()
            return None if row is None else ApiToken.model_validate_json(row[0])

        return await self._db.run(run)

    async def list_tokens(self, tenant: str | None, /) -> list[ApiToken]:
        def run() -> list[ApiToken]:
            if tenant is None:
                rows = self._db.conn.execute(
                    "SELECT body FROM api_tokens ORDER BY rowid").fetchall()
            else:
                rows = self._db.conn.execute(
                    "SELECT body FROM api_tokens WHERE tenant = ? ORDER BY rowid", (tenant,)
                ).fetchall()
            return [ApiToken.model_validate_json(r[0]) for r in rows]

        return await self._db.run(run)

    async def revoke_token(self, token_id: str, /) -> bool:
        def run(conn: sqlite3.Connection) -> bool:
            row = conn.execute("SELECT body FROM api_tokens WHERE id = ?", (token_id,)).fetchone()
            if row is None:
                return False
            token = ApiToken.model_validate_json(row[0])
            if token.revoked_at is None:
                token.revoked_at = utcnow()
                conn.execute(
                    "UPDATE api_tokens SET body = ? WHERE id = ?",
                    (token.model_dump_json(), token_id),
                )
            return True

        return await self._db.tx(run)
