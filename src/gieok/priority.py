"""Work nobody is waiting for yields to work somebody is waiting for.

A service shares two things between its requests and its background jobs (the extraction
queue, the periodic lifecycle tasks): the one SQLite connection and the CPU the local model
runs on. Background work runs ``in_background()``, and

* the store serves its calls as if they had come ``BACKGROUND_SLACK_S`` later than they did:
  a request that arrives meanwhile goes first, yet a job never waits longer than that behind
  requests, so it cannot starve (``stores/sqlite/db.py``); the slack is longer than a scan's
  (below), so a job yields to every call of a request;
* the local model runs its calls on a thread with a lower OS priority
  (``embedders/local.py``).

**Short calls pass long scans.** A ranking scan (the candidates of a search, ~30–70 ms of the
connection under load) is served as if it had come ``SCAN_SLACK_S`` later; every other call
(a point read, a count, a write transaction: a few ms) is served when it comes. So a request
made of short calls — a save, seed 003's load — no longer waits behind every search queued
before it: measured at 50 clients, a save made 7 store calls and waited ~1 s in line for each
while the connection spent ~10 ms on it (docs/benchmarks.md, session 12). It is shortest job
first with a bound: a scan is never served after a call that came more than ``SCAN_SLACK_S``
after it, so scans cannot starve, and under a steady load they lose only the short calls'
time (a small share of the connection's). A caller's own calls are awaited one after another,
so reordering between callers never breaks read-your-writes; a call queued without waiting
(``submit``: use counts, a write) is short, so every later call of its caller comes after it.

Calls of one kind are served in arrival order, call by call. Serving the oldest
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

SCAN_SLACK_S = 5.0
# Longer than a scan's: background work yields to a request's scans too (for 0.5 s, as
# before scans had a slack).
BACKGROUND_SLACK_S = SCAN_SLACK_S + 0.5

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


def priority_key(*, scan: bool = False) -> float:
    """When a call counts as asked, for ordering the store's queue: now, plus the slack of a
    scan (``scan``: a ranking read), plus the slack for background work. Smaller is served
    first."""
    now = time.monotonic() + (SCAN_SLACK_S if scan else 0.0)
    return now + BACKGROUND_SLACK_S if _BACKGROUND.get() else now
