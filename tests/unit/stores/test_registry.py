from __future__ import annotations

import pytest

from gieok import ConfigurationError
from gieok.stores import open_store, register_store
from gieok.stores.memory import InMemoryStore

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("url", ["mongodb://x", "no-scheme.db", ""])
async def test_unknown_scheme(url: str) -> None:
    with pytest.raises(ConfigurationError) as err:
        await open_store(url)
    assert err.value.code == "STORE_UNKNOWN"


async def test_registered_scheme_wins() -> None:
    register_store("custom", InMemoryStore)
    try:
        store = await open_store("custom://anything")
        assert isinstance(store, InMemoryStore)
    finally:
        register_store("custom", None)


async def test_driver_suffix_is_ignored_and_sqlite_needs_a_path() -> None:
    with pytest.raises(ConfigurationError) as err:
        await open_store("sqlite://")
    assert err.value.code == "CONFIG_INVALID"
