"""The service's garbage collector, tuned once the engine is open (an application's choice:
the library leaves the collector alone).

Why (docs/benchmarks.md, "Context assembly, session 9"): a full collection walks every
tracked object — ~90k once the engine is open, nearly all of them modules, functions and
the model's and tokenizer's objects that live as long as the process — and cost ~95 ms of
CPU every ~300 calls: the slowest request of a few hundred. ``gc.freeze()`` moves what is
alive at start-up out of the collector's sight, so a full collection walks only what came
after (~20 ms). And Python's young generation (700 objects) was collected ~1.2 times per
``context()`` at ~0.55 ms each, because one request holds more than 700 new objects at
once; at 7,000 a request's own objects are freed by reference counting before a
collection comes. Cycles are still collected: later, in bigger batches.

On shutdown the collector is put back as it was (a process serving an app in tests goes on
with the collector it had; several apps in one process give it back when the last stops).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from gieok.settings import ApiSettings


_held: list[tuple[int, int, int]] = []  # the thresholds found by the first of the running services


@contextmanager
def tuned_collector(api: ApiSettings) -> Iterator[None]:
    """Freeze what is alive now and raise the young generation's threshold, as ``api``
    says, until the block ends. Services running at once in one process (tests) share
    one tuning: the last one to stop gives the collector back as the first one found it."""
    if not (api.gc_freeze or api.gc_young_threshold):
        yield
        return
    if not _held:
        _held.append(gc.get_threshold())
    else:
        _held.append(_held[0])
    if api.gc_young_threshold:
        gc.set_threshold(api.gc_young_threshold, *_held[0][1:])
    if api.gc_freeze:
        gc.collect()  # garbage frozen now would never be collected
        gc.freeze()
    try:
        yield
    finally:
        first = _held.pop()
        if not _held:
            gc.unfreeze()
            gc.set_threshold(*first)
