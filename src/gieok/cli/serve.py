"""``gieok serve``: the REST service on uvicorn (I2), 127.0.0.1:8420 unless told otherwise.

Host and port come from the options, then ``GIEOK_HOST``/``GIEOK_PORT``, then the settings
(``GIEOK_API__HOST``…, ``gieok.toml``). Logs are JSON lines on stderr.
"""

from __future__ import annotations

from typing import Annotated

import anyio
import typer
from pydantic import ValidationError

from gieok.cli._common import EmbedderOpt, StoreOpt, cli_errors, console, make_settings
from gieok.errors import InvalidInputError
from gieok.memory import AsyncMemory
from gieok.settings import ApiSettings, GieokSettings


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
        anyio.run(_preflight, settings)
        app = create_app(settings)
    base = f"http://{_display_host(api.host)}:{api.port}"
    console.print(f"gieok serving on [bold]{base}[/]  (store: {settings.resolved_store_url()}, "
                  f"embedder: {settings.embedder})")
    console.print(f"API docs: {base}/docs   ·   health: {base}/healthz   ·   metrics: {base}/metrics")
    console.print("Create a token:  gieok token create --org <org> --user <user>")
    console.print(f'Then:  curl -H "Authorization: Bearer <token>" {base}/v1/memories')
    configure_json_logging(log_level)
    uvicorn.run(app, host=api.host, port=api.port, log_config=None, access_log=False,
                log_level=log_level.lower())


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
