from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest

from gieok import AsyncMemory, GieokSettings


@pytest.fixture
async def mem(store_url: str, make_settings: Callable[..., GieokSettings]
              ) -> AsyncIterator[AsyncMemory]:
    """The engine on every store kind (memory:// and a real SQLite file)."""
    engine = AsyncMemory(store_url, settings=make_settings(
        lifecycle={"type_ttl_days": {"todo": 30}}))
    yield engine
    await engine.aclose()
