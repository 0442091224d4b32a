"""Exact dense search over per-scope NumPy matrices, kept fresh incrementally.

Every write bumps a store-wide ``seq`` and stamps the rows it touched; a cached scope matrix
remembers the ``seq`` it has seen and, on the next search, pulls only rows with a larger one.
Hard deletes bump ``purge`` instead, which rebuilds. Only the live view (active, not
superseded) is cached; other views scan. Expiry and filters are checked in SQL on the top
candidates, widening the candidate set until ``k`` survive or the scope is exhausted.

Scores are computed with ``np.einsum`` rather than ``matrix @ query``: a matrix-vector
product is memory-bound, and OpenBLAS splits it across threads that spin-wait for a busy
core. On two cores with anything else running, ``@`` took 8 ms for 10k×384 where the
single-threaded einsum loop takes 0.6 ms (docs/benchmarks.md). Einsum touches no global
thread settings, so the host application's own NumPy is left alone.
"""

from __future__ import annotations

import json
import sqlite3
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from gieok.embedders.base import Matrix
from gieok.stores._sql.filters import Sql

# Rebuild the matrix without dead rows once they are this many and this share of it.
COMPACT_MIN_DEAD = 1024
COMPACT_SHARE = 0.25


@dataclass
class ScopeMatrix:
    """One read scope's live vectors: row ``i`` of ``matrix`` belongs to ``ids[i]``; rows of
    removed records stay in place with ``alive[i] = False`` until ``compact`` drops them."""

    dim: int
    seq: int = -1
    purge: int = -1
    ids: list[str] = field(default_factory=list)
    pos: dict[str, int] = field(default_factory=dict)
    matrix: Matrix = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float32))
    alive: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))
    dead: int = 0

    @property
    def size(self) -> int:
        return len(self.ids)

    @property
    def live_count(self) -> int:
        return self.size - self.dead

    def reset(self) -> None:
        self.ids, self.pos, self.dead = [], {}, 0
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
        """Apply (id, embedding bytes, is_live) changes, in order; the last change wins."""
        rows = list(rows)
        self._grow(len({r[0] for r in rows if r[0] not in self.pos}))
        for rid, blob, live in rows:
            at = self.pos.get(rid)
            vec = None if blob is None else np.frombuffer(blob, dtype=np.float32)
            if not live or vec is None or vec.shape[0] != self.dim:
                if at is not None and self.alive[at]:
                    self.alive[at] = False
                    self.dead += 1
                continue
            if at is None:
                at = self.size
                self.ids.append(rid)
                self.pos[rid] = at
            elif not self.alive[at]:
                self.dead -= 1
            self.matrix[at] = vec
            self.alive[at] = True
        if self.dead >= COMPACT_MIN_DEAD and self.dead >= COMPACT_SHARE * self.size:
            self.compact()

    def compact(self) -> None:
        """Drop dead rows so scans stop paying for them."""
        keep = np.flatnonzero(self.alive[: self.size])
        self.matrix = np.ascontiguousarray(self.matrix[keep])
        self.alive = np.ones(len(keep), dtype=bool)
        self.ids = [self.ids[i] for i in keep]
        self.pos = {rid: i for i, rid in enumerate(self.ids)}
        self.dead = 0

    def scores(self, query: Matrix) -> np.ndarray:
        """Cosine similarity of every row (dead rows ``-inf``); vectors are unit length."""
        n = self.size
        out = np.einsum("ij,j->i", self.matrix[:n], query.reshape(-1).astype(np.float32))
        if self.dead:
            out[~self.alive[:n]] = -np.inf
        return out

    def top(self, query: Matrix, m: int) -> list[tuple[str, float]]:
        """The ``m`` best live rows by cosine similarity, best first (ties: earlier row)."""
        n = self.size
        if n == 0 or m <= 0:
            return []
        scores = self.scores(query)
        m = min(m, n)
        idx = np.argpartition(-scores, m - 1)[:m] if m < n else np.arange(n)
        idx = idx[np.lexsort((idx, -scores[idx]))]
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

    def peek(self, key: str) -> ScopeMatrix | None:
        """The cached entry for ``key`` without touching the LRU order, if any."""
        return self._entries.get(key)

    def evict(self) -> None:
        total = sum(e.size for e in self._entries.values())
        while total > self._max_rows and len(self._entries) > 1:
            _, old = self._entries.popitem(last=False)
            total -= old.size

    def clear(self) -> None:
        self._entries.clear()


def verified_ids(conn: sqlite3.Connection, ids: Sequence[str], where: Sql) -> set[str]:
    """Which of ``ids`` pass ``where`` (scope, view, filters).

    The candidates drive the loop (``CROSS JOIN`` fixes the join order), so SQLite probes the
    ``id`` index once per candidate; with ``id IN (…) AND org = ? …`` it preferred the scope
    index and walked the whole scope (18 ms at 10k rows instead of ~0.3 ms). One JSON
    parameter instead of one per id keeps clear of SQLite's parameter limit.
    """
    if not ids:
        return set()
    rows = conn.execute(
        "SELECT r.id FROM (SELECT value AS cid FROM json_each(?)) AS c "
        f"CROSS JOIN records AS r ON r.id = c.cid WHERE {where.text}",
        [json.dumps(list(ids)), *where.params],
    )
    return {r[0] for r in rows}


def verified_rowids(conn: sqlite3.Connection, rowids: Sequence[int], where: Sql) -> dict[int, str]:
    """Like ``verified_ids`` for full-text rowids: ``{rowid: id}`` of those passing ``where``."""
    if not rowids:
        return {}
    rows = conn.execute(
        "SELECT r.rowid, r.id FROM (SELECT value AS crow FROM json_each(?)) AS c "
        f"CROSS JOIN records AS r ON r.rowid = c.crow WHERE {where.text}",
        [json.dumps(list(rowids)), *where.params],
    )
    return {r[0]: r[1] for r in rows}
