"""The write path's pure-Python work runs beside the event loop, not on it.

Heuristic extraction and reconciliation are plain Python with no I/O: tens of milliseconds a
turn, and a service's extraction job reads a whole session's pending turns at once. Run on
the event loop, such a step holds it for its whole length, and every request of the process
— a save, seed 003's load, a search waiting for its store answer — stands still meanwhile,
whatever priority the job's store and model calls yield at (``gieok.priority``).

``run_beside_loop`` hands the step to a worker thread and awaits it. The step still holds the
GIL while it computes, but CPython makes a thread that holds it give it up every switch
interval (5 ms) when another thread asks, so the loop keeps serving requests between slices
instead of waiting for the step to end.

One step at a time in a process: on the loop these steps ran one after another, so they
still do (one lock for them all): the extractor's memos, the analysers' caches and the
rule tables never see two of them at once. A cancelled caller still waits for its step to
finish, as it did when the step ran on the loop.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

import anyio

T = TypeVar("T")

# a thread lock, not an anyio limiter: steps come from more than one event loop (the sync
# facade's, a test's, two engines in one process)
_ONE_AT_A_TIME = threading.Lock()


async def run_beside_loop(step: Callable[[], T]) -> T:
    """``step()`` on a worker thread, after the steps handed over before it; its result,
    or its exception raised here. ``step`` must not await (it is plain Python)."""
    def alone() -> T:
        with _ONE_AT_A_TIME:
            return step()

    return await anyio.to_thread.run_sync(alone)
