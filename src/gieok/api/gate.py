"""Short requests pass ranking requests: at most N searches and context assemblies at once.

A search or a ``/v1/context`` call embeds its query, ranks candidates on the store's thread
and, for context, fits a block: tens of ms of CPU each. A save, seed 003's load or an
``add`` is a few short store calls. At 50 back-to-back clients on two cores every request
waits its turn for the CPU (docs/benchmarks.md, save at 50 clients), and with every ranking
request in flight at once a save's few steps queue behind all of their steps — on the event
loop, the store's thread and the GIL alike.

``RankingGate`` lets at most ``api.max_ranking_in_flight`` of them work at once; the others
wait, in arrival order, before they take any CPU. Their throughput is the same (the CPU was
the limit), so their latency is about the same on average; short requests meet a shorter
line everywhere. 0 (the default) turns the gate off: measured at 50 clients, a gate of 4 cut
a save's p95 in the server in 4 of 5 pairs, but search's p95 rose and the throughput fell in
3 of 5 (why was not measured; fewer queries at once share fewer model calls is one
guess), so it is an operator's choice, not the default.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio


class RankingGate:
    """At most ``limit`` ranking requests at once (``None``/0: no limit)."""

    def __init__(self, limit: int | None) -> None:
        self.limit = limit or 0
        self._slots: anyio.Semaphore | None = None
        self.waiting = 0  # how many wait for a slot now

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        if self.limit <= 0:
            yield
            return
        if self._slots is None:  # made inside the event loop that serves the app
            self._slots = anyio.Semaphore(self.limit)
        self.waiting += 1
        try:
            await self._slots.acquire()
        finally:
            self.waiting -= 1
        try:
            yield
        finally:
            self._slots.release()
