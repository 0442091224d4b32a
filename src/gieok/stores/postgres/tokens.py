"""``TokenStore`` on PostgreSQL (X1): tokens by the SHA-256 hash of their secret only."""

from __future__ import annotations

from gieok.domain.records import utcnow
from gieok.security.tokens import ApiToken
from gieok.stores.postgres.db import Conn, PgDb


class PostgresTokenStore:
    def __init__(self, db: PgDb) -> None:
        self._db = db

    async def put_token(self, token: ApiToken, /) -> None:
        await self._db.run(lambda conn: conn.execute(
            "INSERT INTO api_tokens (id, token_hash, tenant, body) VALUES (%s, %s, %s, %s) "
            "ON CONFLICT (id) DO UPDATE SET body = excluded.body",
            (token.id, token.token_hash, token.tenant, token.model_dump_json())))

    async def find_token(self, token_hash: str, /) -> ApiToken | None:
        async def run(conn: Conn) -> ApiToken | None:
            cur = await conn.execute("SELECT body FROM api_tokens WHERE token_hash = %s",
                                     (token_hash,))
            row = await cur.fetchone()
            return None if row is None else ApiToken.model_validate_json(row[0])

        return await self._db.run(run)

    async def list_tokens(self, tenant: str | None, /) -> list[ApiToken]:
        async def run(conn: Conn) -> list[ApiToken]:
            if tenant is None:
                cur = await conn.execute("SELECT body FROM api_tokens ORDER BY rowid")
            else:
                cur = await conn.execute(
                    "SELECT body FROM api_tokens WHERE tenant = %s ORDER BY rowid", (tenant,))
            return [ApiToken.model_validate_json(r[0]) for r in await cur.fetchall()]

        return await self._db.run(run)

    async def revoke_token(self, token_id: str, /) -> bool:
        async def run(conn: Conn) -> bool:
            cur = await conn.execute(
                "SELECT body FROM api_tokens WHERE id = %s FOR UPDATE", (token_id,))
            row = await cur.fetchone()
            if row is None:
                return False
            token = ApiToken.model_validate_json(row[0])
            if token.revoked_at is None:
                token.revoked_at = utcnow()
                await conn.execute("UPDATE api_tokens SET body = %s WHERE id = %s",
                                   (token.model_dump_json(), token_id))
            return True

        return await self._db.tx(run)
