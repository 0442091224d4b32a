"""Exact dense search over per-scope NumPy matrices, kept fresh incrementally.

Every write bumps a store-wide ``seq`` and stamps the rows it touched; a cached scope matrix
remembers the ``seq`` it has seen and, on the next search, pulls only rows with a larger one.
Hard deletes bump ``purge`` instead, which rebuilds. Only the live view (active, not
superseded) is cached; other views scan. Expiry and filters are checked in SQL on the top
candidates, widening the candidate set until ``k`` survive or the scope is exhausted.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from mnemo.embedders.base import Matrix


@dataclass
class ScopeMatrix:
    dim: int
    seq: int = -1
    purge: int = -1
    ids: list[str] = field(default_factory=list)
    pos: dict[str, int] = field(default_factory=dict)
    matrix: Matrix = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float32))
    alive: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))

    @property
    def size(self) -> int:
        return len(self.ids)

    @property
    def live_count(self) -> int:
        return int(self.alive[: self.size].sum())

    def reset(self) -> None:
        self.ids, self.pos = [], {}
        self.matrix = np.zeros((0, self.dim), dtype=np.float32)
        self.alive = np.zeros(0, dtype=bool)

    def _grow(self, extra: int) -> None:
        need = self.size + extra
        if need <= self.matrix.shape[0]:
            return
        capacity = max(need, int(self.matrix.shape[0] * 1.5) + 64)
        matrix = np.zeros((capacity, self.dim), dtype=np.float32)
        matrix[: self.size] = self.matrix[: self.size]
        alive = np.zeros(capacity, dtype=bool)
        alive[: self.size] = self.alive[: self.size]
        self.matrix, self.alive = matrix, alive

    def apply(self, rows: Iterable[tuple[str, bytes | None, bool]]) -> None:
        """Apply (id, embedding bytes, is_live) changes."""
        rows = list(rows)
        self._grow(sum(1 for r in rows if r[0] not in self.pos))
        for rid, blob, live in rows:
            at = self.pos.get(rid)
            if not live or blob is None:
                if at is not None:
                    self.alive[at] = False
                continue
            vec = np.frombuffer(blob, dtype=np.float32)
            if vec.shape[0] != self.dim:
                continue
            if at is None:
                at = self.size
                self.ids.append(rid)
                self.pos[rid] = at
            self.matrix[at] = vec
            self.alive[at] = True

    def top(self, query: Matrix, m: int) -> list[tuple[str, float]]:
        """The ``m`` best live rows by cosine similarity, best first."""
        n = self.size
        if n == 0:
            return []
        scores = self.matrix[:n] @ query.reshape(-1)
        scores = np.where(self.alive[:n], scores, -np.inf)
        m = min(m, n)
        idx = np.argpartition(-scores, m - 1)[:m] if m < n else np.arange(n)
        idx = idx[np.argsort(-scores[idx], kind="stable")]
        return [(self.ids[i], float(scores[i])) for i in idx if np.isfinite(scores[i])]


class MatrixCache:
    """LRU of scope matrices bounded by total rows."""

    def __init__(self, max_rows: int = 2_000_000) -> None:
        self._entries: OrderedDict[str, ScopeMatrix] = OrderedDict()
        self._max_rows = max_rows

    def get(self, key: str, dim: int) -> ScopeMatrix:
        entry = self._entries.get(key)
        if entry is None or entry.dim != dim:
            entry = ScopeMatrix(dim=dim)
            entry.reset()
            self._entries[key] = entry
        self._entries.move_to_end(key)
        return entry

    def evict(self) -> None:
        total = sum(e.size for e in self._entries.values())
        while total > self._max_rows and len(self._entries) > 1:
            _, old = self._entries.popitem(last=False)
            total -= old.size

    def clear(self) -> None:
        self._entries.clear()
