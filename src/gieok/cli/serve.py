"""``gieok serve``: the REST service on uvicorn (I2), 127.0.0.1:8420 unless told otherwise.

Host and port come from the options, then ``GIEOK_HOST``/``GIEOK_PORT``, then the settings
(``GIEOK_API__HOST``…, ``gieok.toml``). Logs are JSON lines on stderr.
"""

from __future__ import annotations

import errno
import socket
from collections.abc import Callable
from typing import Annotated, Any

import anyio
import typer
from pydantic import ValidationError

from gieok.cli._common import EmbedderOpt, StoreOpt, cli_errors, console, make_settings
from gieok.errors import ConfigurationError, InvalidInputError
from gieok.memory import AsyncMemory
from gieok.settings import ApiSettings, GieokSettings
from gieok.stores import redact_url


def serve(
    host: Annotated[str | None, typer.Option(envvar="GIEOK_HOST", show_envvar=True,
                                             help="Interface to bind [default: 127.0.0.1].")] = None,
    port: Annotated[int | None, typer.Option(envvar="GIEOK_PORT", show_envvar=True,
                                             help="Port [default: 8420].")] = None,
    store: StoreOpt = None,
    embedder: EmbedderOpt = None,
    log_level: Annotated[str, typer.Option(help="debug, info, warning, error.")] = "info",
) -> None:
    """Serve the REST API (OpenAPI docs at /docs)."""
    import uvicorn

    from gieok.api.app import create_app
    from gieok.api.observability import configure_json_logging

    with cli_errors():
        settings = make_settings(store, embedder)
        chosen = {k: v for k, v in {"host": host, "port": port}.items() if v is not None}
        try:
            api = ApiSettings.model_validate(settings.api.model_dump() | chosen)
        except ValidationError as exc:
            raise InvalidInputError(f"invalid --host/--port: {exc.errors()[0]['msg']}; "
                                    "use a port between 1 and 65535") from None
        settings = settings.model_copy(update={"api": api})
        sock = bind_socket(api.host, api.port)  # a busy port fails before the model loads
        anyio.run(_preflight, settings)
        app = create_app(settings)
    configure_json_logging(log_level)
    config = uvicorn.Config(app, log_config=None, access_log=False, log_level=log_level.lower())
    server = _announcing_server(config, lambda: _banner(settings, api))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn re-raises Ctrl-C after its graceful shutdown
        pass


def bind_socket(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``; a port in use is one clear error, not a traceback
    from inside the server."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as exc:
        raise ConfigurationError(f"cannot serve on {host}:{port}: {exc.strerror or exc}; "
                                 "check --host / GIEOK_HOST", code="BIND_FAILED") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise ConfigurationError(
                f"port {port} on {host} is already in use (another gieok serve?): stop it, or "
                "pick another port with --port or GIEOK_PORT", code="PORT_IN_USE") from None
        raise ConfigurationError(f"cannot serve on {host}:{port}: {exc.strerror or exc}",
                                 code="BIND_FAILED") from None
    sock.set_inheritable(True)
    return sock


def _announcing_server(config: Any, announce: Callable[[], None]) -> Any:
    import uvicorn

    class AnnouncingServer(uvicorn.Server):
        """uvicorn's server, announcing itself once the app has started on the bound port."""

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            if self.started and not self.should_exit:
                announce()

    return AnnouncingServer(config)


def _banner(settings: GieokSettings, api: ApiSettings) -> None:
    base = f"http://{_display_host(api.host)}:{api.port}"
    console.print(f"gieok serving on [bold]{base}[/]  (store: "
                  f"{redact_url(settings.resolved_store_url())}, embedder: {settings.embedder})")
    console.print(f"API docs: {base}/docs   ·   health: {base}/healthz   ·   "
                  f"metrics: {base}/metrics (needs a token)")
    console.print("Create a token (same store):  gieok token create --user <user>  "
                  "[--org <org>]")
    console.print(f'Then:  curl -H "Authorization: Bearer <token>" {base}/v1/memories')


async def _preflight(settings: GieokSettings) -> None:
    """Open the store and embedder once before binding, so a bad store URL or a store written
    by another embedding model is one clear error line, not a startup traceback."""
    async with AsyncMemory.from_settings(settings):
        pass


def _display_host(host: str) -> str:
    if host in {"0.0.0.0", "::"}:
        return "127.0.0.1"
    return f"[{host}]" if ":" in host else host


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
