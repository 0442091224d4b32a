"""``gieok mcp``: one user's memory as an MCP server over stdio (I5), for desktop and IDE
agents (Claude Desktop, Cursor, …). stdout carries the protocol; messages go to stderr."""

from __future__ import annotations

import anyio
import typer

from gieok.cli._common import (
    EmbedderOpt,
    OrgOpt,
    PersonaOpt,
    ProjectOpt,
    ScopeOpt,
    StoreOpt,
    UserOpt,
    build_scope,
    cli_errors,
    make_settings,
)
from gieok.domain.scope import Scope
from gieok.extras import missing_extra
from gieok.memory import AsyncMemory
from gieok.settings import GieokSettings


def mcp(
    user: UserOpt = None,
    org: OrgOpt = None,
    persona: PersonaOpt = None,
    project: ProjectOpt = None,
    scope: ScopeOpt = None,
    store: StoreOpt = None,
    embedder: EmbedderOpt = None,
) -> None:
    """Serve MCP over stdio for one scope (e.g. --user alice): tools remember, search,
    context, list, forget."""
    with cli_errors():
        try:
            from gieok.integrations.mcp import build_server, fixed_scope  # noqa: F401
        except ImportError as exc:
            raise missing_extra("the MCP server", "mcp", exc) from None
        settings = make_settings(store, embedder)
        where = build_scope(scope, org=org, project=project, user=user, persona=persona)
        assert where is not None
        anyio.run(_serve, settings, where)


async def _serve(settings: GieokSettings, where: Scope) -> None:
    from gieok import __version__
    from gieok.integrations.mcp import build_server, fixed_scope

    async with AsyncMemory.from_settings(settings) as engine:
        await build_server(fixed_scope(engine, where), version=__version__).run_stdio_async()


def register(app: typer.Typer) -> None:
    app.command("mcp")(mcp)
