"""``create_app(settings)``: the REST service (I2) as a factory, no module-level app.

The lifespan opens one ``AsyncMemory`` for the process (store, embedder, the index check
that refuses a store written by another model) and closes it on shutdown; routes reach it
through ``EngineDep``. Inside it, ``BackgroundJobs`` (``api/jobs.py``) runs the extraction
queue and the periodic lifecycle tasks, and drains the queue on shutdown. Nothing is read from the environment here: the caller builds the
settings (``gieok serve`` does it from its options).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager

import anyio
from fastapi import Depends, FastAPI
from fastapi.responses import PlainTextResponse
from fastapi_offline import FastAPIOffline

from gieok.api.collector import tuned_collector
from gieok.api.deps import require_metrics_reader
from gieok.api.errors import install_error_handlers
from gieok.api.jobs import BackgroundJobs
from gieok.api.gate import RankingGate
from gieok.api.middleware import RequestMiddleware
from gieok.api.observability import Metrics
from gieok.api.routes import (
    compat_memory,
    compat_users_me,
    context,
    memories,
    messages,
    scopes,
    search,
    tokens,
)
from gieok.api.schemas import Health
from gieok.extras import missing_extra
from gieok.memory import AsyncMemory
from gieok.stores import redact_url
from gieok.security.tokens import TokenService
from gieok.settings import GieokSettings
from gieok.text.analysis import load_tokenizer
from gieok.web import mount_inspector

log = logging.getLogger("gieok.api")

DESCRIPTION = """\
Long-term memory for LLM agents, over HTTP.

Every route except `/healthz` and these docs needs `Authorization: Bearer <token>`. Create a
token against the store the server uses: `gieok token create --user <user>` (the default
organisation, the same one the command line uses without `--org`), or with `--org <org>` for
another tenant. The token binds each request to its tenant (org) and user. Admin tokens
(`--admin`) may act for any user of their tenant via `user_id`. `/metrics` accepts any token,
or the scraper token set in `GIEOK_METRICS_TOKEN`.

Errors are JSON with a stable code: `{"error": {"code", "message", "details"}}`. The
compatibility routes under `/api/v1/memory` answer `{"success": false, "error": "<CODE>"}`
instead, the shape apps written for that API expect.
"""

DOCS_ASSETS_URL = "/docs-assets"


def create_app(settings: GieokSettings) -> FastAPI:
    """Build the service for ``settings``; the engine opens when the app starts."""
    from gieok import __version__

    if settings.write.save_vectors == "auto":  # a save's vector off the request path
        settings = settings.model_copy(update={"write": settings.write.model_copy(
            update={"save_vectors": "background"})})

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with AsyncMemory.from_settings(settings) as engine:
            await anyio.to_thread.run_sync(load_tokenizer)
            # and the context block's token counter (tiktoken's ranks): built by the first
            # /v1/context, it held the event loop for ~1 s under load, every request
            # standing still meanwhile (docs/benchmarks.md, save at 50 clients, session 22)
            await anyio.to_thread.run_sync(engine._assembler)
            app.state.engine = engine
            app.state.tokens = TokenService(
                engine.store.tokens, store_name=redact_url(settings.resolved_store_url()))
            async with BackgroundJobs(engine, settings.jobs, app.state.metrics) as jobs:
                app.state.jobs = jobs
                async with mcp_sessions():
                    with tuned_collector(settings.api):  # once what lives long is built
                        yield

    # FastAPIOffline serves Swagger UI and ReDoc from its package instead of a CDN, so /docs
    # and /redoc work with no network.
    app = FastAPIOffline(title="gieok", version=__version__, description=DESCRIPTION,
                         lifespan=lifespan, static_url=DOCS_ASSETS_URL)
    app.state.settings = settings
    app.state.metrics = Metrics()
    app.state.ranking_gate = RankingGate(settings.api.max_ranking_in_flight)
    install_error_handlers(app)
    app.add_middleware(RequestMiddleware, metrics=app.state.metrics,
                       max_body_bytes=settings.api.max_body_bytes)

    @app.get("/healthz", tags=["service"], summary="Liveness")
    async def healthz() -> Health:
        return Health(version=__version__)

    @app.get("/metrics", include_in_schema=False,
             dependencies=[Depends(require_metrics_reader)])
    async def metrics() -> PlainTextResponse:
        jobs: BackgroundJobs | None = getattr(app.state, "jobs", None)
        if jobs is not None:
            await jobs.refresh_gauges()
        return PlainTextResponse(app.state.metrics.render(),
                                 media_type="text/plain; version=0.0.4")

    for module in (memories, search, messages, context, scopes, tokens, compat_users_me,
                   compat_memory):
        app.include_router(module.router)
    mount_inspector(app)  # the web page at /ui (I6)
    mcp_sessions = _mount_mcp(app)
    return app


def _mount_mcp(app: FastAPI) -> Callable[[], AbstractAsyncContextManager[None]]:
    """``/mcp`` (MCP over streamable HTTP, same bearer tokens) when the ``mcp`` extra is
    installed; without it there is no ``/mcp`` and the rest of the service is unchanged."""
    try:
        from gieok.integrations.mcp.http import mount
    except ImportError as exc:
        log.info("no /mcp endpoint: %s", missing_extra("MCP over HTTP", "mcp", exc).message)
        return contextlib.nullcontext
    return mount(app)
