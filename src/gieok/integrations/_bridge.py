"""Run an engine's coroutines from sync or async framework code, always on its own loop.

An ``AsyncMemory``'s store holds loop-bound primitives, so it must only ever run on one event
loop. A ``Memory`` (sync facade) owns that loop in a thread: everything goes through its
portal. A bare ``AsyncMemory`` lives on the loop of its first async caller; sync callers on
other threads (LangGraph runs sync nodes of an async graph in threads) are sent there.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

import anyio

from gieok.errors import ConfigurationError
from gieok.memory import AsyncMemory, Memory

T = TypeVar("T")


class EngineBridge:
    def __init__(self, memory: Memory | AsyncMemory, *, owner: str) -> None:
        if isinstance(memory, Memory):
            self.engine, self._portal = memory.aio, memory.portal
        elif isinstance(memory, AsyncMemory):
            self.engine, self._portal = memory, None
        else:
            raise ConfigurationError(f"{owner} needs a gieok Memory or AsyncMemory, got "
                                     f"{type(memory).__name__}")
        self._owner = owner
        self._loop: asyncio.AbstractEventLoop | None = None

    async def arun(self, fn: Callable[[], Awaitable[T]]) -> T:
        if self._portal is not None:
            portal = self._portal
            return await anyio.to_thread.run_sync(lambda: portal.call(fn))
        self._loop = asyncio.get_running_loop()
        return await fn()

    def run(self, fn: Callable[[], Awaitable[T]]) -> T:
        if self._portal is not None:
            return self._portal.call(fn)
        try:
            running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not None or self._loop is None or self._loop.is_closed():
            raise asyncio.InvalidStateError(
                f"this {self._owner} wraps an AsyncMemory: use its async API on the engine's "
                "event loop (graph.ainvoke), or build it over a Memory for sync code")
        return asyncio.run_coroutine_threadsafe(fn(), self._loop).result()  # type: ignore[arg-type]
