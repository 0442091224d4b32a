"""``gieok token create | list | revoke`` against the store the service reads."""

from __future__ import annotations

import json
from typing import Any

import anyio
import pytest

from gieok.errors import AuthError
from gieok.security.tokens import TokenService, hash_token
from gieok.stores import open_store

pytestmark = pytest.mark.integration


def _verify(store_url: str, secret: str) -> Any:
    async def run() -> Any:
        store = await open_store(store_url)
        try:
            return await TokenService(store.tokens).verify(secret)
        finally:
            await store.aclose()

    return anyio.run(run)


def test_create_list_revoke(cli: Any) -> None:
    store_url = cli.env["GIEOK_STORE_URL"]
    created = cli("token", "create", "--org", "acme", "--user", "alice", "--name", "laptop")
    assert created.exit_code == 0, created.output
    secret = created.stdout.strip()
    assert secret.startswith("gieok_") and "not shown again" in created.stderr
    assert "Authorization: Bearer" in created.stderr
    principal = _verify(store_url, secret)
    assert (principal.tenant, principal.user, principal.admin) == ("acme", "alice", False)

    admin = json.loads(cli("token", "create", "--org", "acme", "--admin", "--json").stdout)
    assert admin["admin"] is True and admin["user"] is None and admin["secret"].startswith("gieok_")
    cli("token", "create", "--org", "beta", "--user", "bob")

    listed = json.loads(cli("token", "list", "--org", "acme", "--json").stdout)
    assert {t["user"] for t in listed} == {"alice", None}
    assert all("secret" not in t and "token_hash" not in t for t in listed)
    assert hash_token(secret) not in cli("token", "list", "--json").stdout
    table = cli("token", "list")
    assert table.exit_code == 0 and "laptop" in table.stdout and "3 token(s)" in table.stdout

    alice_id = next(t["id"] for t in listed if t["user"] == "alice")
    wrong_org = cli("token", "revoke", alice_id, "--org", "beta")
    assert wrong_org.exit_code == 1 and "TOKEN_NOT_FOUND" in wrong_org.stderr
    revoked = cli("token", "revoke", alice_id)
    assert revoked.exit_code == 0 and "revoked" in revoked.stdout
    with pytest.raises(AuthError, match="revoked"):
        _verify(store_url, secret)


@pytest.mark.parametrize(("args", "hint"), [
    (["token", "create", "--org", "acme"], "--user"),
    (["token", "create", "--org", "a b", "--user", "x"], "letters, digits"),
    (["token", "create", "--org", "acme", "--user", "x/y"], "letters, digits"),
])
def test_bad_token_requests_exit_2(cli: Any, args: list[str], hint: str) -> None:
    result = cli(*args)
    assert result.exit_code == 2 and hint in result.stderr and "Traceback" not in result.output


def test_without_org_a_token_is_for_the_default_organisation(cli: Any) -> None:
    result = cli("token", "create", "--user", "alice")
    assert result.exit_code == 0 and "the default organisation" in result.stderr
    principal = _verify(cli.env["GIEOK_STORE_URL"], result.stdout.strip())
    assert (principal.tenant, principal.user) == ("", "alice")
    assert "(default)" in cli("token", "list").stdout
