"""``gieok token create | list | revoke``: bearer tokens for the REST service (X1).

Tokens live in the store the service uses (same ``--store``/``GIEOK_STORE_URL``), hashed;
the secret is printed once, at creation. Only the store is opened, not the embedder.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, TypeVar

import anyio
import typer
from rich.table import Table

from gieok.cli._common import (
    JsonOpt,
    StoreOpt,
    cli_errors,
    console,
    err_console,
    make_settings,
    print_json,
    require_existing_store,
)
from gieok.security.tokens import DEFAULT_TENANT, ApiToken, TokenService
from gieok.stores import open_store

T = TypeVar("T")
token_app = typer.Typer(help="Create, list and revoke API tokens.", no_args_is_help=True)


def _with_tokens(store: str | None, action: Callable[[TokenService], Awaitable[T]], *,
                 create: bool = False) -> T:
    url = make_settings(store).resolved_store_url()
    if not create:
        require_existing_store(url)

    async def run() -> T:
        backend = await open_store(url)
        try:
            return await action(TokenService(backend.tokens))
        finally:
            await backend.aclose()

    return anyio.run(run)


def _public(token: ApiToken) -> dict[str, object]:
    return token.model_dump(mode="json", exclude={"token_hash"})


@token_app.command("create")
def create(
    org: Annotated[str | None, typer.Option("--org", help=(
        "Organisation (tenant) the token is bound to. Without it: the default organisation, "
        "the one the other commands use without --org."))] = None,
    user: Annotated[str | None, typer.Option("--user", "-u", help="User the token acts as.")] = None,
    admin: Annotated[bool, typer.Option("--admin", help="Tenant admin: may act for any user "
                                                        "of the tenant and manage tokens.")] = False,
    name: Annotated[str | None, typer.Option(help="A label for the token list.")] = None,
    store: StoreOpt = None, as_json: JsonOpt = False,
) -> None:
    """Create a token; its secret is shown once."""
    with cli_errors():
        token, secret = _with_tokens(
            store, lambda svc: svc.create(tenant=org or DEFAULT_TENANT, user=user, admin=admin,
                                          name=name), create=True)
    if as_json:
        print_json(_public(token) | {"secret": secret})
        return
    who = f"user {user}" if user else "the whole tenant"
    kind = "admin token" if admin else "token"
    where = f"org {org}" if org else "the default organisation"
    err_console.print(f"created {kind} {token.id} for {who} in {where}; "
                      "store it now, it is not shown again:")
    console.print(secret)
    err_console.print(f'use it as: curl -H "Authorization: Bearer {secret}" '
                      "http://127.0.0.1:8420/v1/memories")


@token_app.command("list")
def list_tokens(
    org: Annotated[str | None, typer.Option("--org", help="Only this tenant.")] = None,
    store: StoreOpt = None, as_json: JsonOpt = False,
) -> None:
    """List tokens (never their secrets)."""
    with cli_errors():
        tokens = _with_tokens(store, lambda svc: svc.list(tenant=org))
    if as_json:
        print_json([_public(t) for t in tokens])
        return
    table = Table(title=f"{len(tokens)} token(s)")
    for column in ("id", "org", "user", "admin", "name", "created", "revoked"):
        table.add_column(column)
    for t in tokens:
        table.add_row(t.id, t.tenant or "(default)", t.user or "", "yes" if t.admin else "",
                      t.name or "",
                      t.created_at.strftime("%Y-%m-%d %H:%M"),
                      t.revoked_at.strftime("%Y-%m-%d %H:%M") if t.revoked_at else "")
    console.print(table)


@token_app.command("revoke")
def revoke(
    token_id: Annotated[str, typer.Argument(help="Token id (from `gieok token list`).")],
    org: Annotated[str | None, typer.Option("--org", help="Only if it belongs to this tenant.")] = None,
    store: StoreOpt = None,
) -> None:
    """Revoke a token; requests with it get 401 from now on."""
    with cli_errors():
        token = _with_tokens(store, lambda svc: svc.revoke(token_id, tenant=org))
    console.print(f"revoked {token.id} (org {token.tenant or '(default)'}, "
                  f"user {token.user or '-'})")


def register(app: typer.Typer) -> None:
    app.add_typer(token_app, name="token")
