"""``TokenStore`` in memory (``memory://``)."""

from __future__ import annotations

from gieok.domain.records import utcnow
from gieok.security.tokens import ApiToken


class InMemoryTokenStore:
    def __init__(self) -> None:
        self._tokens: dict[str, ApiToken] = {}

    async def put_token(self, token: ApiToken, /) -> None:
        self._tokens[token.id] = token.model_copy(deep=True)

    async def find_token(self, token_hash: str, /) -> ApiToken | None:
        for token in self._tokens.values():
            if token.token_hash == token_hash:
                return token.model_copy(deep=True)
        return None

    async def list_tokens(self, tenant: str | None, /) -> list[ApiToken]:
        return [t.model_copy(deep=True) for t in self._tokens.values()
                if tenant is None or t.tenant == tenant]

    async def revoke_token(self, token_id: str, /) -> bool:
        token = self._tokens.get(token_id)
        if token is None:
            return False
        if token.revoked_at is None:
            token.revoked_at = utcnow()
        return True

