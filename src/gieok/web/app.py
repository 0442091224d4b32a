"""The inspector as a sub-application mounted at ``/ui`` by ``api.app.create_app``.

It is a separate ASGI app only so its errors are HTML pages instead of the API's JSON; it has
no engine of its own: every page reaches the service's one ``AsyncMemory`` and
``TokenService`` through the parent app's state, and scopes come from the API's own
``scope_for``. Templates and static files ship inside the package (no CDN, no build step).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from jinja2 import Environment, PackageLoader, select_autoescape

from gieok.api.deps import scope_for
from gieok.api.errors import status_for
from gieok.domain.scope import Scope
from gieok.errors import AuthError, GieokError
from gieok.memory import AsyncMemory
from gieok.security.tokens import Principal, TokenService
from gieok.web import auth, filters

STATIC_DIR = Path(__file__).parent / "static"
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}


@dataclass
class Page:
    """What every signed-in page works with: the engine, who is signed in, their scope."""

    request: Request
    engine: AsyncMemory
    principal: Principal
    scope: Scope

    def narrowed(self, **ids: str | None) -> Scope:
        return scope_for(self.principal, **ids)


def _environment() -> Environment:
    env = Environment(loader=PackageLoader("gieok.web", "templates"),
                      autoescape=select_autoescape(default=True), trim_blocks=True,
                      lstrip_blocks=True)
    filters.install(env)
    return env


class Inspector:
    """Holds the template environment and the parent app; renders pages."""

    def __init__(self, parent: FastAPI) -> None:
        self.parent = parent
        self.env = _environment()

    @property
    def engine(self) -> AsyncMemory:
        engine: AsyncMemory = self.parent.state.engine
        return engine

    @property
    def tokens(self) -> TokenService:
        tokens: TokenService = self.parent.state.tokens
        return tokens

    async def page(self, request: Request) -> Page:
        principal = await auth.current_principal(request, self.tokens)
        request.state.principal = principal  # for the request log line
        return Page(request=request, engine=self.engine, principal=principal,
                    scope=scope_for(principal))

    def render(self, request: Request, name: str, status: int = 200, **ctx: Any) -> Response:
        root = request.scope.get("root_path", "")
        principal = getattr(request.state, "principal", None)
        html = self.env.get_template(name).render(
            request=request, root=root, principal=principal,
            csrf=lambda: auth.csrf_token(request), csrf_field=auth.CSRF_FIELD, **ctx)
        response = HTMLResponse(html, status_code=status, headers=SECURITY_HEADERS)
        auth.set_cookies(request, response)
        return response

    def redirect(self, request: Request, path: str) -> RedirectResponse:
        response = RedirectResponse(request.scope.get("root_path", "") + path, status_code=303)
        response.headers.update(SECURITY_HEADERS)
        return response


def create_inspector(parent: FastAPI) -> FastAPI:
    """The ``/ui`` app for ``parent`` (which must hold ``state.engine``/``state.tokens``)."""
    from gieok.web import memory_routes, routes, settings_routes

    inspector = Inspector(parent)
    ui = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    ui.state.inspector = inspector
    ui.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    for module in (routes, memory_routes, settings_routes):
        ui.include_router(module.router)

    @ui.exception_handler(AuthError)
    async def signed_out(request: Request, exc: Exception) -> Response:
        if request.method == "GET":
            response = inspector.redirect(request, "/login")
            auth.sign_out(response)
            return response
        return inspector.render(request, "error.html", 401, title="Signed out",
                                message="Your session ended. Sign in again, then repeat.")

    @ui.exception_handler(auth.CsrfError)
    async def forged(request: Request, exc: Exception) -> Response:
        return inspector.render(
            request, "error.html", 403, title="Form refused",
            message="This form has expired or did not come from this page. Reload the page "
                    "and try again; nothing was changed.")

    @ui.exception_handler(RequestValidationError)
    async def bad_link(request: Request, exc: Exception) -> Response:
        return inspector.render(request, "error.html", 422, title="Could not do that",
                                message="This link has a value the page cannot read. Go back "
                                        "and use the page's own links and forms.")

    @ui.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        title = "Not found" if exc.status_code == 404 else "Could not do that"
        return inspector.render(request, "error.html", exc.status_code, title=title,
                                message="There is no such page here. Go back to the timeline.")

    @ui.exception_handler(GieokError)
    async def failed(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, GieokError)
        status = status_for(exc)
        message = exc.message if status < 500 else "Something went wrong on the server."
        return inspector.render(request, "error.html", status, title="Could not do that",
                                message=message, code=exc.code)

    return ui
