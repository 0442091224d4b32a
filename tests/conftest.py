"""Shared fixtures: isolated data dirs, settings factory, engines, store URLs, anyio backend.

In CI (``GIEOK_TEST_REQUIRE_ALL=1``) a backend fixture that cannot start *fails* instead of
skipping, so a skip can never hide a missing dependency.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from gieok import AsyncMemory, Memory, GieokSettings

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


STORE_KINDS = ["memory", "sqlite"]


@pytest.fixture(params=STORE_KINDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The contract-suite parametrisation: add a backend here and every contract test runs
    against it."""
    kind = request.param
    if kind == "memory":
        return "memory://"
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'contract.db'}"
    raise AssertionError(kind)


def _load_fakes() -> Any:
    """``tests/fakes/openai_server.py`` by path, so it works under any pytest import mode."""
    import importlib.util
    import sys

    name = "gieok_test_fakes_openai_server"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            name, Path(__file__).parent / "fakes" / "openai_server.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture
def openai_fake() -> Iterator[Any]:
    """A local OpenAI-compatible server (real HTTP on 127.0.0.1); ``.base_url`` for clients,
    ``.reply_json``/``.fail``/``.delay``/``.malformed_body`` to script it, ``.dead_url()``
    for an endpoint where nothing listens."""
    fakes = _load_fakes()
    with fakes.FakeOpenAIServer() as server:
        server.dead_url = fakes.dead_url
        yield server


WORKING_KINDS = ["memory", "sqlite"]


@pytest.fixture(params=WORKING_KINDS)
async def working_log(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Any]:
    """The working-log contract parametrisation (``tests/contract/test_working_log.py``):
    each store's own working log, plus standalone ones (add a kind here, e.g. Redis)."""
    from gieok.stores import open_store

    kind = request.param
    if kind == "memory":
        store = await open_store("memory://")
    elif kind == "sqlite":
        store = await open_store(f"sqlite:///{tmp_path / 'working.db'}")
    else:
        raise AssertionError(kind)
    try:
        yield store.working
    finally:
        await store.aclose()
