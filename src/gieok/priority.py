"""Work nobody is waiting for yields to work somebody is waiting for.

A service shares two things between its requests and its background jobs (the extraction
queue, the periodic lifecycle tasks): the one SQLite connection and the CPU the local model
runs on. Background work runs ``in_background()``, and

* the store serves its calls as if they had come ``BACKGROUND_SLACK_S`` later than they did:
  a request that arrives meanwhile goes first, yet a job never waits longer than that behind
  requests, so it cannot starve (``stores/sqlite/db.py``);
* the local model runs its calls on a thread with a lower OS priority
  (``embedders/local.py``).

Requests among themselves are served in arrival order, call by call. Serving the oldest
request first was tried (each request keyed by its arrival): under 50 clients it cut the
tail of requests that make many store calls (``context``, p95 ÷ mean latency 2.1 → 1.4)
but lengthened the short ones (``load``, seed 003's 500 ms budget: 0.8 → 0.95), so it
was left out (docs/benchmarks.md).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

BACKGROUND_SLACK_S = 0.5

_BACKGROUND: ContextVar[bool] = ContextVar("gieok_background", default=False)


@contextmanager
def in_background() -> Iterator[None]:
    """Work inside runs for nobody waiting: it yields to requests (see the module)."""
    token = _BACKGROUND.set(True)
    try:
        yield
    finally:
        _BACKGROUND.reset(token)


def is_background() -> bool:
    return _BACKGROUND.get()


def priority_key() -> float:
    """When a call counts as asked, for ordering the store's queue: now, or now plus the
    slack for background work. Smaller is served first."""
    now = time.monotonic()
    return now + BACKGROUND_SLACK_S if _BACKGROUND.get() else now
