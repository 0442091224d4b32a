"""``gieok.Client`` and ``gieok.AsyncClient``: the library's API over the REST service.

``Client`` is the sync face of ``AsyncClient`` (one implementation, as ``Memory`` is of
``AsyncMemory``): it runs the async client on a private event-loop thread.
"""

from __future__ import annotations

from typing import Any

from gieok._sync import SyncFacade, forward
from gieok.client._async import AsyncClient

__all__ = ["AsyncClient", "Client"]


class Client(SyncFacade):
    """``Client("http://127.0.0.1:8420", token)``: use it like ``Memory``. Close it (or use
    ``with``) when done."""

    _async: AsyncClient

    def __init__(self, base_url: str, token: str, **options: Any) -> None:
        async def make() -> AsyncClient:
            return AsyncClient(base_url, token, **options)

        self._start(make)

    @property
    def aio(self) -> AsyncClient:
        return self._async

    remember = forward(AsyncClient.remember)
    import_memories = forward(AsyncClient.import_memories)
    add = forward(AsyncClient.add)
    end_session = forward(AsyncClient.end_session)
    update = forward(AsyncClient.update)
    archive = forward(AsyncClient.archive)
    restore = forward(AsyncClient.restore)
    delete = forward(AsyncClient.delete)
    forget = forward(AsyncClient.forget)
    get = forward(AsyncClient.get)
    history = forward(AsyncClient.history)
    versions = forward(AsyncClient.versions)
    rollback = forward(AsyncClient.rollback)
    list = forward(AsyncClient.list)
    search = forward(AsyncClient.search)
    export = forward(AsyncClient.export)
    context = forward(AsyncClient.context)
    add_skill = forward(AsyncClient.add_skill)
    get_settings = forward(AsyncClient.get_settings)
    update_settings = forward(AsyncClient.update_settings)
