"""Bearer tokens (X1): each maps to one tenant and, unless it is an admin token, one user.

Only a SHA-256 hash of the token is stored; the secret is shown once at creation. A token's
tenant is the ``org`` level of every scope its requests touch, so a request can never name
data of another tenant; ``TokenService`` is the one place tokens are made and checked.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field

from gieok.domain.records import new_id, utcnow
from gieok.domain.scope import validate_scope_id
from gieok.errors import AuthError, InvalidInputError, NotFoundError

TOKEN_PREFIX = "gieok_"  # recognisable in logs and secret scanners
# The tenant of scopes without an ``org`` level: what the library and the command line use when
# no org is given, and what a token made without ``--org`` is bound to.
DEFAULT_TENANT = ""


def hash_token(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def generate_secret() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


class ApiToken(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(default_factory=new_id)
    token_hash: str
    tenant: str
    user: str | None = None
    admin: bool = False
    name: str | None = None
    created_at: datetime = Field(default_factory=utcnow)
    revoked_at: datetime | None = None

    @property
    def active(self) -> bool:
        return self.revoked_at is None


class Principal(BaseModel):
    """Who a request acts for: the token's tenant, its user (``None`` for a tenant-wide admin
    token) and whether it may address other users of the same tenant."""

    model_config = ConfigDict(frozen=True)

    token_id: str
    tenant: str
    user: str | None = None
    admin: bool = False

    @classmethod
    def of(cls, token: ApiToken) -> Principal:
        return cls(token_id=token.id, tenant=token.tenant, user=token.user, admin=token.admin)


class TokenStore(Protocol):
    async def put_token(self, token: ApiToken, /) -> None: ...
    async def find_token(self, token_hash: str, /) -> ApiToken | None: ...
    async def list_tokens(self, tenant: str | None, /) -> list[ApiToken]: ...
    async def revoke_token(self, token_id: str, /) -> bool: ...


class TokenService:
    """Create, verify, list and revoke bearer tokens over a store's ``TokenStore`` methods.

    The secret exists only in the return value of ``create``; the store keeps its hash, so a
    leaked database does not leak working credentials.
    """

    def __init__(self, store: TokenStore, *, store_name: str | None = None) -> None:
        self._store = store
        self._store_name = store_name

    async def create(
        self, *, tenant: str, user: str | None = None, admin: bool = False,
        name: str | None = None,
    ) -> tuple[ApiToken, str]:
        """A new token and its secret (shown once). User tokens need a user; admin tokens may
        have one (their default user) or none (tenant-wide)."""
        if tenant != DEFAULT_TENANT:
            validate_scope_id("org", tenant)
        if user is not None:
            validate_scope_id("user", user)
        elif not admin:
            raise InvalidInputError(
                "a user token needs a user: pass --user <id> (or --admin for a tenant admin)",
                code="INVALID_SCOPE",
            )
        if name is not None and (not isinstance(name, str) or len(name) > 200):
            raise InvalidInputError("token name must be a string of at most 200 characters")
        secret = generate_secret()
        token = ApiToken(token_hash=hash_token(secret), tenant=tenant, user=user, admin=admin,
                         name=name)
        await self._store.put_token(token)
        return token, secret

    async def verify(self, secret: str | None) -> Principal:
        """The principal a secret stands for; ``AuthError`` for missing, unknown or revoked."""
        if not secret or not isinstance(secret, str) or len(secret) > 512:
            raise AuthError("missing bearer token: send 'Authorization: Bearer <token>' "
                            "(create one with `gieok token create --org <org> --user <user>`)")
        token = await self._store.find_token(hash_token(secret))
        if token is None:
            raise AuthError(self._unknown_token_message())
        if not token.active:
            raise AuthError("this token was revoked; create a new one with `gieok token create`")
        return Principal.of(token)

    def _unknown_token_message(self) -> str:
        if self._store_name is None:
            return "unknown bearer token; create one with `gieok token create`"
        # Tokens live in one store: the usual cause is a token made for another store.
        return (f"unknown bearer token: this server uses the store {self._store_name}, which "
                "has no such token. A token only works with the store it was made in: create "
                f"one there with `gieok token create --store {self._store_name} --user <user>`")

    async def list(self, *, tenant: str | None = None) -> list[ApiToken]:
        return await self._store.list_tokens(tenant)

    async def revoke(self, token_id: str, *, tenant: str | None = None) -> ApiToken:
        """Revoke a token; with ``tenant``, tokens of other tenants are not found (never
        forbidden, so their existence does not leak)."""
        matches = [t for t in await self._store.list_tokens(tenant) if t.id == token_id]
        if not matches or not await self._store.revoke_token(token_id):
            raise NotFoundError(f"token {token_id!r} not found", code="TOKEN_NOT_FOUND")
        revoked = [t for t in await self._store.list_tokens(tenant) if t.id == token_id]
        return revoked[0]
