"""Sync faces over async implementations (``Client``, ``compat.mem0.Memory``): each owns one
event-loop thread (an anyio blocking portal) and forwards every method to its async twin,
so the logic is written once, async (STYLE §1)."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Any, Self, TypeVar

from anyio.from_thread import BlockingPortal, start_blocking_portal

R = TypeVar("R")


def forward(method: Callable[..., Awaitable[R]]) -> Callable[..., R]:
    """``name = forward(AsyncThing.name)``: the sync method runs the async one on the portal."""

    @functools.wraps(method)
    def call(self: SyncFacade, *args: Any, **kwargs: Any) -> R:
        return self._portal.call(functools.partial(method, self._async, *args, **kwargs))

    return call


class SyncFacade:
    """Owns the portal and the async object; ``close()`` (or ``with``) closes both."""

    _async: Any

    def _start(self, make: Callable[[], Awaitable[Any]]) -> None:
        """Start the loop thread and build the async object on it (``make`` is a coroutine
        function, so anything loop-bound it creates belongs to that loop)."""
        self._portal_cm = start_blocking_portal()
        self._portal: BlockingPortal = self._portal_cm.__enter__()
        self._async = self._portal.call(make)

    def close(self) -> None:
        if getattr(self, "_portal_cm", None) is not None:
            try:
                self._portal.call(self._async.aclose)
            finally:
                self._portal_cm.__exit__(None, None, None)
                self._portal_cm = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - never raise from a finaliser
            pass
