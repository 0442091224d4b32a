"""Sync faces over async implementations (``Memory``, ``Client``, ``compat.mem0.Memory``):
each owns one event-loop thread (an anyio blocking portal) and forwards every method to its
async twin, so the logic is written once, async (STYLE §1).

The loop thread is built so that it never hangs a program. Three things must hold for users
who never call ``close()`` (mem0 users don't):

* **Exit is prompt.** The thread is a daemon, so the interpreter never waits for it, and an
  ``atexit`` hook asks every live loop to close its object (store connections, HTTP clients)
  and waits a bounded time for it while the thread can still run. (A ``__del__`` that calls
  into the loop during interpreter teardown waits forever: daemon threads no longer run.)
* **Garbage collection never blocks.** When a facade is collected — in any thread, the
  loop's own included — the loop is only *asked* to stop (``call_soon_threadsafe``); the
  object closes on its own thread, after the calls in flight.
* **Explicit ``close()`` is synchronous**: it returns once the object is closed.
"""

from __future__ import annotations

import asyncio
import atexit
import functools
import threading
import time
import warnings
import weakref
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from typing import Any, Self, TypeVar

import anyio
from anyio.from_thread import BlockingPortal

from gieok.errors import ConfigurationError

R = TypeVar("R")
EXIT_WAIT_S = 5.0  # how long interpreter exit waits for unclosed engines to close
_live: weakref.WeakSet[LoopThread] = weakref.WeakSet()
_hook_lock = threading.Lock()
_hook_installed = False


class LoopThread:
    """One daemon thread running an event loop with a blocking portal; ``closer`` (the
    object's ``aclose``, set once the object exists) runs on that loop after the portal
    stops."""

    def __init__(self, *, name: str = "gieok-loop") -> None:
        ready: Future[tuple[BlockingPortal, asyncio.AbstractEventLoop, anyio.Event]] = Future()
        self.closer: Callable[[], Awaitable[None]] | None = None
        self._thread = threading.Thread(target=self._run, args=(ready,), name=name, daemon=True)
        self._thread.start()
        self._portal, self._loop, self._stop = ready.result()
        self._stopping = False
        _live.add(self)
        _install_exit_hook()

    def _run(self, ready: Future[Any]) -> None:
        async def main() -> None:
            stop = anyio.Event()
            async with BlockingPortal() as portal:
                ready.set_result((portal, asyncio.get_running_loop(), stop))
                await stop.wait()
            # leaving the portal waited for the calls in flight; now close the object
            if self.closer is not None:
                await self.closer()

        try:
            anyio.run(main)
        except BaseException as exc:  # noqa: BLE001 - reported to the creator or dropped
            if not ready.done():
                ready.set_exception(exc)

    @property
    def portal(self) -> BlockingPortal:
        return self._portal

    @property
    def running(self) -> bool:
        return not self._stopping and self._thread.is_alive()

    def call(self, fn: Callable[[], Awaitable[R]]) -> R:
        """Run ``fn()`` on the loop and wait for its result (the sync facade's every call)."""
        if not self.running:
            raise ConfigurationError("this object is closed: create a new one to go on",
                                     code="MEMORY_CLOSED")
        return self._portal.call(fn)

    def request_stop(self) -> None:
        """Ask the loop to close the engine and end; returns at once, from any thread."""
        if self._stopping:
            return
        self._stopping = True
        try:
            self._loop.call_soon_threadsafe(self._stop.set)
        except RuntimeError:  # the loop is already closed
            pass

    def stop(self, timeout: float | None = None) -> bool:
        """Stop and wait (up to ``timeout``) for the engine to close; True when it did. From
        the loop's own thread it only asks, since waiting there would wait for itself."""
        self.request_stop()
        if threading.current_thread() is self._thread:
            return False
        self._thread.join(timeout)
        return not self._thread.is_alive()


def collected(loop: LoopThread, what: str) -> None:
    """The finalizer of an owner that was never closed: warn and ask its loop to stop."""
    if loop.running:
        warnings.warn(f"{what} was not closed; use `with` or call close()", ResourceWarning,
                      stacklevel=1)
    loop.request_stop()


def _close_all_at_exit() -> None:
    """Close every engine still open, while daemon threads can still run (bounded wait)."""
    loops = list(_live)
    for loop in loops:
        loop.request_stop()
    deadline = time.monotonic() + EXIT_WAIT_S
    for loop in loops:
        loop.stop(timeout=max(deadline - time.monotonic(), 0.0))


def _install_exit_hook() -> None:
    global _hook_installed
    with _hook_lock:
        if not _hook_installed:
            atexit.register(_close_all_at_exit)
            _hook_installed = True


def forward(method: Callable[..., Awaitable[R]]) -> Callable[..., R]:
    """``name = forward(AsyncThing.name)``: the sync method runs the async one on the loop."""

    @functools.wraps(method)
    def call(self: SyncFacade, *args: Any, **kwargs: Any) -> R:
        return self._loop.call(functools.partial(method, self._async, *args, **kwargs))

    return call


class SyncFacade:
    """Owns the loop thread and the async object; ``close()`` (or ``with``) closes both, and
    one never closed is closed at garbage collection or exit without blocking either."""

    _async: Any

    def _start(self, make: Callable[[], Awaitable[Any]]) -> None:
        """Start the loop thread and build the async object on it (``make`` is a coroutine
        function, so anything loop-bound it creates belongs to that loop)."""
        self._loop = LoopThread(name=f"gieok-{type(self).__name__.lower()}")
        self._finalizer = weakref.finalize(self, collected, self._loop,
                                           f"a gieok {type(self).__name__}")
        self._async = self._loop.call(make)
        self._loop.closer = self._async.aclose

    @property
    def portal(self) -> BlockingPortal:
        """The loop everything runs on: call ``aio`` methods through it from other threads
        (``facade.portal.call(facade.aio.search, …)``), never on another loop."""
        return self._loop.portal

    def close(self) -> None:
        """Close the async object; returns once it is closed. Idempotent."""
        self._finalizer.detach()
        self._loop.stop()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
