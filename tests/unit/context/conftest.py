"""An engine on each kind of store the context tests read through: in memory and a SQLite
file, the context cache written at once so a test sees its own writes."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest

from gieok import AsyncMemory
from gieok.settings import GieokSettings


@pytest.fixture(params=["memory://", "sqlite"])
async def mem(request: pytest.FixtureRequest, make_settings: Callable[..., GieokSettings],
              db_url: str) -> AsyncIterator[AsyncMemory]:
    url = db_url if request.param == "sqlite" else request.param
    engine = AsyncMemory(url, settings=make_settings(context={"cache_write_margin_s": 0}))
    yield engine
    await engine.aclose()
