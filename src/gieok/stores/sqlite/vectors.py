"""Exact dense search over per-scope NumPy matrices, kept fresh incrementally.

Every write bumps a store-wide ``seq`` and stamps the rows it touched; a cached scope matrix
remembers the ``seq`` it has seen and, on the next search, pulls only rows with a larger one.
Hard deletes bump ``purge`` instead, which rebuilds. Only the live view (active, not
superseded) is cached; other views scan. Expiry and filters are checked in SQL on the top
candidates, widening the candidate set until ``k`` survive or the scope is exhausted.

Past ``AnnOptions.min_rows`` live rows a scope also gets an HNSW graph (``ann.py``) that
proposes candidates instead of the full scan; they are rescored from the matrix, so scores
stay exact and only recall can differ.

Scores are computed with ``np.einsum`` rather than ``matrix @ query``: a matrix-vector
product is memory-bound, and OpenBLAS splits it across threads that spin-wait for a busy
core. On two cores with anything else running, ``@`` took 8 ms for 10k×384 where the
single-threaded einsum loop takes 0.6 ms (docs/benchmarks.md). Einsum touches no global
thread settings, so the host application's own NumPy is left alone.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gieok.embedders.base import Matrix
from gieok.stores._sql.filters import Sql
from gieok.stores.sqlite import bounds
from gieok.stores.sqlite.ann import INLINE_BUILD_MAX, AnnOptions, Builder, Graph, backend

log = logging.getLogger("gieok.stores.sqlite")

# Rebuild the matrix without dead rows once they are this many and this share of it.
COMPACT_MIN_DEAD = 1024
COMPACT_SHARE = 0.25
# The graph is worth asking only while the proposal is a small part of the scope.
ANN_MAX_SHARE = 0.25
# Changes applied to a graph in place up to this many per refresh (about a millisecond each);
# a bigger batch (an import) drops the graph and builds a new one in the background.
ANN_MAX_INPLACE = 1024


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
    # Each row's expiry (epoch seconds, +inf for none): without filters, the live rows of
    # the scope that have not expired are exactly what SQL would let through.
    expires: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.float64))
    # Each row's (layer, promoted), when the refresh read them: context()'s memory filter is
    # decided from these without asking SQL (``search.cached_predicate``).
    marks: list[tuple[str, bool] | None] = field(default_factory=list)
    # Each row's SQLite rowid, when the refresh read it, and the way back: full text ranks
    # rowids, and a live row found here needs no SQL check (``search.FromMatrix``).
    rowids: list[int | None] = field(default_factory=list)
    by_rowid: dict[int, int] = field(default_factory=dict)
    dead: int = 0
    ann: AnnOptions | None = None
    graph: Graph | None = None
    builder: Builder | None = None
    # Positions changed since the building graph's snapshot, replayed when it is taken.
    stale: set[int] = field(default_factory=set)
    ann_failed: bool = False
    # The rows' int8 copy that bounds their scores (``bounds.py``), made by the first search
    # that wants it; positions written since are quantised again by the next one.
    codes: bounds.Codes | None = None
    codes_stale: set[int] = field(default_factory=set)

    @property
    def size(self) -> int:
        return len(self.ids)

    @property
    def live_count(self) -> int:
        return self.size - self.dead

    def reset(self) -> None:
        self.ids, self.pos, self.dead, self.marks = [], {}, 0, []
        self.rowids, self.by_rowid = [], {}
        self.matrix = np.zeros((0, self.dim), dtype=np.float32)
        self.alive = np.zeros(0, dtype=bool)
        self.expires = np.zeros(0, dtype=np.float64)
        self.codes, self.codes_stale = None, set()
        self.drop_graph()

    def drop_graph(self) -> None:
        """Forget the graph and any build in flight (its result is never taken)."""
        self.graph, self.builder = None, None
        self.stale = set()

    def _grow(self, extra: int) -> None:
        need = self.size + extra
        if need <= self.matrix.shape[0]:
            return
        capacity = max(need, int(self.matrix.shape[0] * 1.5) + 64)
        matrix = np.zeros((capacity, self.dim), dtype=np.float32)
        matrix[: self.size] = self.matrix[: self.size]
        alive = np.zeros(capacity, dtype=bool)
        alive[: self.size] = self.alive[: self.size]
        expires = np.full(capacity, np.inf)
        expires[: self.size] = self.expires[: self.size]
        self.matrix, self.alive, self.expires = matrix, alive, expires
        if self.codes is not None:
            self.codes.grow(capacity)

    def apply(self, rows: Iterable[tuple[Any, ...]]) -> None:
        """Apply (id, embedding bytes, is_live[, expires_at epoch or None[, layer,
        promoted[, rowid]]]) changes, in order; the last change wins."""
        rows = list(rows)
        self._grow(len({r[0] for r in rows if r[0] not in self.pos}))
        touched: list[int] = []
        for rid, blob, live, *rest in rows:
            at = self.pos.get(rid)
            vec = None if blob is None else np.frombuffer(blob, dtype=np.float32)
            if not live or vec is None or vec.shape[0] != self.dim:
                if at is not None and self.alive[at]:
                    self.alive[at] = False
                    self.dead += 1
                    touched.append(at)
                continue
            if at is None:
                at = self.size
                self.ids.append(rid)
                self.marks.append(None)
                self.rowids.append(None)
                self.pos[rid] = at
            elif not self.alive[at]:
                self.dead -= 1
            self.matrix[at] = vec
            self.alive[at] = True
            self.expires[at] = np.inf if not rest or rest[0] is None else float(rest[0])
            self.marks[at] = (rest[1], bool(rest[2])) if len(rest) >= 3 else None
            if len(rest) >= 4:  # an id keeps its rowid (updates are in place)
                self.rowids[at] = rest[3]
                self.by_rowid[rest[3]] = at
            touched.append(at)
        if self.codes is not None:
            self.codes_stale.update(touched)
        if self.dead >= COMPACT_MIN_DEAD and self.dead >= COMPACT_SHARE * self.size:
            self.compact()
        elif touched:
            self._graph_changed(touched)

    def _graph_changed(self, positions: list[int]) -> None:
        """Keep the graph in step with rows changed in place: removed rows leave it, new
        and changed ones are (re-)added; a build in flight replays them when taken."""
        if self.builder is not None:
            self.stale.update(positions)
        if self.graph is None:
            return
        if len(positions) > ANN_MAX_INPLACE:
            self.graph = None  # rebuilt in the background by the next search
            return
        self._patch(self.graph, np.unique(np.asarray(positions, dtype=np.int64)))

    def _patch(self, graph: Graph, positions: np.ndarray) -> None:
        graph.remove(positions)
        live = positions[self.alive[positions]]
        graph.add(live, self.matrix[live])

    def compact(self) -> None:
        """Drop dead rows so scans stop paying for them."""
        keep = np.flatnonzero(self.alive[: self.size])
        self.matrix = np.ascontiguousarray(self.matrix[keep])
        self.alive = np.ones(len(keep), dtype=bool)
        self.expires = self.expires[keep]
        self.ids = [self.ids[i] for i in keep]
        self.marks = [self.marks[i] for i in keep]
        self.rowids = [self.rowids[i] for i in keep]
        self.by_rowid = {r: i for i, r in enumerate(self.rowids) if r is not None}
        self.pos = {rid: i for i, rid in enumerate(self.ids)}
        self.dead = 0
        self.codes, self.codes_stale = None, set()  # made again by the next search
        self.drop_graph()  # keyed by position: rebuilt by the next search that wants it

    def scores(self, query: Matrix) -> np.ndarray:
        """Cosine similarity of every row (dead rows ``-inf``); vectors are unit length."""
        n = self.size
        out = np.einsum("ij,j->i", self.matrix[:n], query.reshape(-1).astype(np.float32))
        if self.dead:
            out[~self.alive[:n]] = -np.inf
        return out

    def bounded(self) -> bounds.Codes | None:
        """The rows' int8 copy, current (``bounds.py``), or ``None`` where bounded search
        does not pay (a small scope) or cannot run (no kernels)."""
        if not bounds.MIN_ROWS <= self.size <= bounds.MAX_ROWS or not bounds.available():
            self.codes, self.codes_stale = None, set()  # nothing kept in step for nobody
            return None
        if self.codes is None or self.codes.capacity != self.matrix.shape[0]:
            self.codes, self.codes_stale = bounds.Codes.of(self.matrix, self.size), set()
        elif self.codes_stale:
            self.codes.set(self.matrix, sorted(self.codes_stale))
            self.codes_stale = set()
        return self.codes

    def top(self, query: Matrix, m: int) -> list[tuple[str, float]]:
        """The ``m`` best live rows by cosine similarity, best first (ties: earlier row).
        Through the graph when the scope has one and ``m`` is a small part of it (exact
        scores, approximate membership); else by scanning every row."""
        return Ranking(self, query).first(m)

    def _exact_first(self, scores: np.ndarray, m: int) -> list[tuple[str, float]]:
        n = self.size
        m = min(m, n)
        if m < n:
            # argpartition keeps an arbitrary few of the rows tied with the m-th score (the
            # same text stored twice has the same vector): take them all, earlier rows first
            cut = scores[np.argpartition(-scores, m - 1)[m - 1]]
            idx = np.flatnonzero(scores >= cut) if np.isfinite(cut) or cut > 0 else \
                np.argpartition(-scores, m - 1)[:m]
        else:
            idx = np.arange(n)
        idx = idx[np.lexsort((idx, -scores[idx]))][:m]
        best = scores[idx]
        finite = np.isfinite(best)
        if not finite.all():
            idx, best = idx[finite], best[finite]
        ids = self.ids  # one array operation, not NumPy scalars one by one (~10 µs a row)
        return [(ids[i], s) for i, s in zip(idx.tolist(), best.tolist(), strict=True)]

    def unexpired(self, hits: Sequence[tuple[str, float]], at: float
                  ) -> list[tuple[str, float]]:
        """``hits`` (from ``top``) whose rows have not expired at ``at`` (epoch seconds)."""
        expires, pos = self.expires, self.pos
        return [(rid, s) for rid, s in hits if expires[pos[rid]] > at]

    def _graph_top(self, graph: Graph, query: Matrix, m: int) -> list[tuple[str, float]]:
        q = query.reshape(-1).astype(np.float32)
        idx = graph.search(q, m)
        idx = idx[(idx < self.size)]
        idx = idx[self.alive[idx]]
        if not len(idx):
            return []
        scores = np.einsum("ij,j->i", self.matrix[idx], q)
        order = np.lexsort((idx, -scores))[:m]
        ids = self.ids
        return [(ids[i], s) for i, s in zip(idx[order].tolist(), scores[order].tolist(),
                                            strict=True)]

    def _usable_graph(self) -> Graph | None:
        """The graph to search with now, if any: takes a finished build (replaying the rows
        changed meanwhile) and starts one when the scope has grown past ``min_rows``."""
        options = self.ann
        if options is None or options.min_rows is None or self.ann_failed:
            return None
        builder = self.builder
        if builder is not None and builder.done.is_set():
            self.builder, stale, self.stale = None, self.stale, set()
            if builder.graph is not None:
                self.graph = builder.graph
                if stale:
                    self._patch(self.graph, np.asarray(sorted(stale), dtype=np.int64))
        if self.graph is None and self.builder is None and self.live_count >= max(
                1, options.min_rows) and backend() is not None:
            self._start_build(options)
        return self.graph

    def _start_build(self, options: AnnOptions) -> None:
        positions = np.flatnonzero(self.alive[: self.size]).astype(np.int64)
        if len(positions) <= INLINE_BUILD_MAX:
            graph = Graph(self.dim, options)
            graph.add(positions, self.matrix[positions])
            self.graph = graph
            return
        self.stale = set()
        self.builder = Builder(self.dim, options, positions, self.matrix, self._build_failed)

    def _build_failed(self, exc: BaseException) -> None:
        log.warning("building the vector index failed (%s); dense search stays exact", exc)
        self.ann_failed = True


class Ranking:
    """One query's ranking of a scope matrix, asked for ever longer prefixes (a filtered
    search widens its proposal until enough rows pass): the exact scan is done once and
    re-cut, the graph is asked again with a larger count."""

    def __init__(self, entry: ScopeMatrix, query: Matrix) -> None:
        self.entry = entry
        self.query = np.asarray(query, np.float32).reshape(-1)
        self._scores: np.ndarray | None = None
        self._bounds: tuple[np.ndarray, np.ndarray] | None = None
        self._bounds_asked = False

    def first(self, m: int) -> list[tuple[str, float]]:
        entry = self.entry
        if entry.size == 0 or m <= 0:
            return []
        graph = entry._usable_graph()
        if graph is not None and (m < ANN_MAX_SHARE * entry.live_count
                                  or entry.ann is not None and entry.ann.min_rows == 0):
            return entry._graph_top(graph, self.query, m)
        if self._scores is None and m < entry.live_count:
            top = self._bounded_first(m)
            if top is not None:
                return top
        if self._scores is None:
            self._scores = entry.scores(self.query)
        return entry._exact_first(self._scores, m)

    def _bounded_first(self, m: int) -> list[tuple[str, float]] | None:
        """The exact scan's first ``m`` from the rows the int8 bounds leave (``bounds.py``),
        or ``None`` (then the caller scans)."""
        entry = self.entry
        if not self._bounds_asked:
            self._bounds_asked = True
            codes = entry.bounded()
            self._bounds = None if codes is None else \
                codes.bounds(self.query, entry.size, entry.alive, entry.dead)
        if self._bounds is None:
            return None
        found = bounds.bounded_first(entry.matrix, *self._bounds, self.query, m)
        if found is None:
            self._bounds = None  # too many rows survive: scan, now and when widened
            return None
        idx, best = found
        finite = np.isfinite(best)
        if not finite.all():
            idx, best = idx[finite], best[finite]
        ids = entry.ids
        return [(ids[i], s) for i, s in zip(idx.tolist(), best.tolist(), strict=True)]


class MatrixCache:
    """LRU of scope matrices bounded by total rows."""

    def __init__(self, max_rows: int = 2_000_000, ann: AnnOptions | None = None) -> None:
        self._entries: OrderedDict[str, ScopeMatrix] = OrderedDict()
        self._max_rows = max_rows
        self.ann = ann

    def get(self, key: str, dim: int) -> ScopeMatrix:
        entry = self._entries.get(key)
        if entry is None or entry.dim != dim:
            entry = ScopeMatrix(dim=dim, ann=self.ann)
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

    def wait_for_builds(self, timeout: float | None = None) -> bool:
        """Block until every graph being built has finished (benchmarks time searches
        after it, not the build); ``False`` if ``timeout`` passed first."""
        for entry in list(self._entries.values()):
            builder = entry.builder
            if builder is not None and not builder.done.wait(timeout):
                return False
        return True


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
