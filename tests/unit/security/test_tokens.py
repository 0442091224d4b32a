"""TokenService over the in-memory store: hashed at rest, tenant-bound, revocable."""

from __future__ import annotations

import pytest

from gieok.errors import AuthError, InvalidInputError, NotFoundError
from gieok.security.tokens import TOKEN_PREFIX, TokenService, hash_token
from gieok.stores import open_store

pytestmark = pytest.mark.anyio


async def _service() -> TokenService:
    return TokenService((await open_store("memory://")).tokens)


async def test_create_stores_only_the_hash_and_verify_finds_the_principal() -> None:
    store = await open_store("memory://")
    service = TokenService(store.tokens)
    token, secret = await service.create(tenant="acme", user="alice", name="laptop")
    assert secret.startswith(TOKEN_PREFIX) and len(secret) > 40
    assert token.token_hash == hash_token(secret) and secret not in token.model_dump_json()
    stored = await store.tokens.list_tokens("acme")
    assert [t.token_hash for t in stored] == [hash_token(secret)]
    principal = await service.verify(secret)
    assert (principal.tenant, principal.user, principal.admin) == ("acme", "alice", False)


@pytest.mark.parametrize("secret", [None, "", "gieok_unknown", "x" * 600])
async def test_verify_refuses_missing_and_unknown(secret: str | None) -> None:
    with pytest.raises(AuthError) as info:
        await (await _service()).verify(secret)
    assert info.value.code == "UNAUTHORIZED"


async def test_revoke_is_tenant_bound() -> None:
    service = await _service()
    token, secret = await service.create(tenant="acme", user="alice")
    with pytest.raises(NotFoundError):
        await service.revoke(token.id, tenant="beta")
    await service.verify(secret)  # still valid
    revoked = await service.revoke(token.id, tenant="acme")
    assert revoked.revoked_at is not None
    with pytest.raises(AuthError, match="revoked"):
        await service.verify(secret)
    with pytest.raises(NotFoundError):
        await service.revoke("no-such-id")


async def test_admin_tokens_may_omit_the_user_but_user_tokens_may_not() -> None:
    service = await _service()
    admin, _ = await service.create(tenant="acme", admin=True)
    assert admin.user is None and admin.admin
    with pytest.raises(InvalidInputError) as info:
        await service.create(tenant="acme")
    assert "--user" in info.value.message
    with pytest.raises(InvalidInputError):
        await service.create(tenant="not valid", user="x")
    assert [t.tenant for t in await service.list()] == ["acme"]
