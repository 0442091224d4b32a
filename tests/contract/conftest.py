"""The store every contract suite runs against: one per kind in ``store_url`` (the root
conftest's parametrisation), with and without encryption at rest."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from gieok.stores import open_store
from gieok.stores.base import Store


@pytest.fixture
async def store(store_url: str, encryption_key: str | None) -> AsyncIterator[Store]:
    s = await open_store(store_url, encryption_key=encryption_key)
    yield s
    await s.aclose()
