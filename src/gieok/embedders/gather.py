"""Concurrent single-text model calls gathered into one batch (group commit).

Why: under concurrent requests (the service: many searches and ``context()`` calls at once)
each query used to be its own model call on its own thread. The local model costs ~13 % less
CPU a query when queries come in one call (64 queries, one thread: 770 ms one by one, 650–670
ms in batches of 8 or one batch; docs/benchmarks.md), and the vectors are the same to the last
bit (each text is its own segment in the model). So a call that finds every pass busy waits
for the next free one, and that pass takes every text waiting by then.

How: at most ``passes`` model calls run at once (one per core: as many as ran at once before
under load, never more). A caller appends its text; when a pass is free the first waiting
thread takes all waiting texts, runs them, hands each caller its row, and frees the pass. A
lone call runs at once, alone, as before. Plain threads and one condition variable, so any
number of event loops (or none) may share one embedder.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from gieok.embedders.base import Matrix


class _Slot:
    __slots__ = ("text", "taken", "done", "row", "error")

    def __init__(self, text: str) -> None:
        self.text = text
        self.taken = False  # in a pass already
        self.done = False
        self.row: Matrix | None = None
        self.error: BaseException | None = None


class Gatherer:
    """``run(texts)`` (one model call → one row per text, in order) for one text at a time,
    with the texts that wait at once batched (module docstring)."""

    def __init__(self, run: Callable[[Sequence[str]], Matrix], passes: int,
                 most: int = 64) -> None:
        self._run = run
        self._passes = max(1, passes)
        self._most = max(1, most)  # texts in one pass at most
        self._busy = 0
        self._waiting: list[_Slot] = []
        self._cond = threading.Condition()
        self.batches = 0  # passes run, and texts they ran (tests; benchmarks)
        self.texts = 0

    def __call__(self, text: str) -> Matrix:
        """``text``'s row (1 × dim); blocks the calling thread until its pass is done."""
        mine = _Slot(text)
        with self._cond:
            self._waiting.append(mine)
            while not mine.taken:
                if self._busy < self._passes:  # this caller runs a pass: its own text first
                    others = [slot for slot in self._waiting if slot is not mine]
                    batch = [mine, *others[:self._most - 1]]
                    self._waiting = others[self._most - 1:]
                    for slot in batch:
                        slot.taken = True
                    self._busy += 1
                    break
                self._cond.wait()
            else:  # another caller took it: wait for its pass
                while not mine.done:
                    self._cond.wait()
                return _result(mine)
        try:
            rows = self._run([slot.text for slot in batch])
            failure: BaseException | None = None
        except BaseException as exc:  # noqa: BLE001 — every caller of the pass gets it
            rows, failure = None, exc
        with self._cond:
            for i, slot in enumerate(batch):
                slot.done = True
                if rows is None:
                    slot.error = failure
                else:
                    slot.row = rows[i:i + 1].copy()
            self._busy -= 1
            self.batches += 1
            self.texts += len(batch)
            self._cond.notify_all()
        return _result(mine)


def _result(slot: _Slot) -> Matrix:
    if slot.error is not None:
        raise slot.error
    assert slot.row is not None
    return slot.row
