"""Fixtures for the service and the command line: a real uvicorn server on a loopback port
(``api_server``), bearer tokens made through the real ``TokenService``, and a CLI runner.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
import typer
import uvicorn
from typer.testing import CliRunner

from gieok import GieokSettings
from gieok.api.app import create_app
from gieok.cli import build_app
from gieok.security.tokens import TokenService
from gieok.stores import open_store

STARTUP_TIMEOUT_S = 60.0


@dataclass
class ApiServer:
    """A running service: its base URL, its settings, and a way to mint tokens for it."""

    url: str
    settings: GieokSettings
    _clients: list[httpx.Client] = field(default_factory=list)
    _server: uvicorn.Server | None = None
    _thread: threading.Thread | None = None

    def token(self, org: str, user: str | None = None, *, admin: bool = False) -> str:
        async def make() -> str:
            store = await open_store(self.settings.resolved_store_url())
            try:
                _, secret = await TokenService(store.tokens).create(tenant=org, user=user, admin=admin)
                return secret
            finally:
                await store.aclose()

        return anyio.run(make)

    def client(self, token: str | None = None) -> httpx.Client:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        client = httpx.Client(base_url=self.url, headers=headers, timeout=60.0)
        self._clients.append(client)
        return client

    def close(self) -> None:
        for client in self._clients:
            client.close()

    def stop(self, timeout: float = 60.0) -> None:
        """Shut the server down the way a SIGTERM does (lifespan shutdown runs) and wait."""
        self.close()
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._thread.join(timeout=timeout)
            assert not self._thread.is_alive(), "the API server did not stop"


def _serve(app: Any) -> tuple[uvicorn.Server, threading.Thread, str]:
    """Start uvicorn on a socket we bound ourselves (no free-port race) in a daemon thread."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_config=None, access_log=False, lifespan="on",
                            log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + STARTUP_TIMEOUT_S
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            raise RuntimeError("the API server did not start (see the log above)")
        time.sleep(0.02)
    return server, thread, f"http://127.0.0.1:{port}"


@pytest.fixture
def start_api_server(
    make_settings: Callable[..., GieokSettings], tmp_path: Path
) -> Iterator[Callable[..., ApiServer]]:
    """Factory: ``start_api_server(**settings_overrides)`` → a running ``ApiServer``."""
    running: list[tuple[uvicorn.Server, threading.Thread, ApiServer]] = []

    def start(**overrides: Any) -> ApiServer:
        overrides.setdefault("store_url", f"sqlite:///{tmp_path / f'api{len(running)}.db'}")
        settings = make_settings(**overrides)
        server, thread, url = _serve(create_app(settings))
        api = ApiServer(url=url, settings=settings, _server=server, _thread=thread)
        running.append((server, thread, api))
        return api

    yield start
    for server, thread, api in running:
        api.close()
        server.should_exit = True
        thread.join(timeout=30)


@pytest.fixture
def api_server(start_api_server: Callable[..., ApiServer]) -> ApiServer:
    """The service on the hash embedder and a fresh SQLite file."""
    return start_api_server()


@dataclass
class Cli:
    """Runs ``gieok`` commands (the real, fully assembled app) in-process against one store
    file."""

    runner: CliRunner
    app: typer.Typer
    env: dict[str, str]

    def __call__(self, *args: str, input: str | None = None) -> Any:
        return self.runner.invoke(self.app, list(args), env=self.env, input=input,
                                  catch_exceptions=False)


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    env = {"GIEOK_STORE_URL": f"sqlite:///{tmp_path / 'cli.db'}", "GIEOK_EMBEDDER": "hash:256",
           "COLUMNS": "200"}
    return Cli(runner=CliRunner(), app=build_app(), env=env)
