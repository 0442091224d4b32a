"""The service's ``/mcp`` endpoint: MCP's streamable HTTP transport behind the bearer tokens.

``mount(app)`` adds the route and returns the context manager the service's lifespan runs
(the MCP session manager's task group). The transport is stateless with JSON answers: each
POST carries its own bearer token, so each call is authorised on its own and a session id
can never carry one token's rights over to another. A request without a valid token is
answered 401 before MCP sees it; the tenant and user of every tool call are the token's.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

from fastapi import FastAPI
from mcp.server.mcpserver import Context
from mcp.server.streamable_http_manager import StreamableHTTPASGIApp
from mcp.server.transport_security import TransportSecuritySettings
from starlette.requests import Request
from starlette.routing import Route
from starlette.types import Receive, Scope as AsgiScope, Send

from gieok.api.deps import scope_for
from gieok.api.errors import status_for
from gieok.domain.scope import Scope
from gieok.errors import AuthError, GieokError
from gieok.integrations.mcp.server import build_server
from gieok.memory import AsyncMemory
from gieok.security.tokens import Principal, TokenService

PRINCIPAL = "gieok_principal"


class BearerGate:
    """Verifies ``Authorization: Bearer`` with the service's ``TokenService`` and hands the
    principal to the MCP handlers in the request state."""

    def __init__(self, app: Callable[..., Any], service: FastAPI) -> None:
        self.app, self.service = app, service

    async def __call__(self, scope: AsgiScope, receive: Receive, send: Send) -> None:
        request = Request(scope)
        header = request.headers.get("authorization", "")
        token = header[7:].strip() if header[:7].lower() == "bearer " else None
        tokens: TokenService = self.service.state.tokens
        try:
            principal = await tokens.verify(token or None)
        except GieokError as exc:
            from fastapi.responses import JSONResponse

            response = JSONResponse({"error": exc.to_dict()}, status_code=status_for(exc),
                                    headers={"WWW-Authenticate": "Bearer"})
            await response(scope, receive, send)
            return
        scope.setdefault("state", {})[PRINCIPAL] = principal
        await self.app(scope, receive, send)


def mount(app: FastAPI) -> Callable[[], AbstractAsyncContextManager[None]]:
    """Add ``/mcp`` to ``app``; run the returned context manager inside its lifespan."""

    async def resolve(ctx: Context, narrowing: dict[str, str | None]) -> tuple[AsyncMemory, Scope]:
        request = ctx.request_context.request
        principal: Principal | None = getattr(getattr(request, "state", None), PRINCIPAL, None)
        if principal is None:  # unreachable through BearerGate; refuse rather than guess
            raise AuthError("no bearer token on this MCP request")
        return app.state.engine, scope_for(principal, **narrowing)

    from gieok import __version__

    server = build_server(resolve, version=__version__)
    server.streamable_http_app(  # builds the session manager; its Starlette app is unused
        stateless_http=True, json_response=True,
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False))
    manager = server.session_manager
    app.router.routes.append(Route("/mcp", BearerGate(StreamableHTTPASGIApp(manager), app),
                                   methods=["GET", "POST", "DELETE"], include_in_schema=False))
    return manager.run
