"""An approximate nearest-neighbour index (HNSW, from the ``usearch`` wheel) beside a scope's
exact matrix, for scopes past ``AnnOptions.min_rows`` live vectors.

Why: exact dense search reads every vector of the scope — memory-bound, ~2 ms of CPU at 10k
rows of 384 floats and ten times that at 100k. A graph search visits a few hundred nodes
whatever the size. The index only *proposes*: its candidates are scored again from the
float32 matrix, so every score a search returns is the exact cosine; what can differ from
exact search is only which rows make the top (recall, measured in docs/benchmarks.md). Scope,
filters, expiry and views are still checked in SQL on the proposals (``search.py``), and
removed rows leave the index as they leave the matrix, so nothing outside the exact path's
answer set can come back.

The graph stores int8 copies of the unit vectors (a quarter of the matrix's memory; the
proposals are rescored exactly anyway) keyed by matrix position; with 64 links per node it
takes about 1 KB per row.

Building a graph costs about a millisecond per row on one core, so a scope's first build
runs on a background thread while searches stay exact; rows written meanwhile are added when
the built graph is taken into use. Small scopes (tests) are built inline. Without the
``ann`` extra, or below ``min_rows``, search is exact.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

log = logging.getLogger("gieok.stores.sqlite")

INLINE_BUILD_MAX = 256
ANN_URL_OPTIONS = frozenset({"ann_min_rows", "ann_connectivity", "ann_expansion_add",
                             "ann_expansion"})  # rows up to which a graph is built on the searching thread


@dataclass(frozen=True)
class AnnOptions:
    """``min_rows``: live vectors in a scope from which its searches use the graph (``None``
    turns the index off; ``0`` makes every search ask the graph, however small the scope or
    wide the proposal — for tests of the graph path). ``connectivity`` and ``expansion_add`` shape the graph;
    ``expansion`` is the candidate list a search walks (at least the count it asks for).
    SQLite URL options ``ann_min_rows`` (``off`` for none), ``ann_connectivity``,
    ``ann_expansion_add``, ``ann_expansion``."""

    # Measured on real-model vectors (docs/benchmarks.md): one kind of text reaches recall@10
    # 0.9997 with a sparse graph, but a scope mixing kinds (short facts beside conversation
    # turns) left whole queries stranded in the smaller region (0.89) until the graph was
    # this dense (0.988). With these settings the graph costs ~1.7 ms at 15k rows against
    # ~2.6 ms exact, so it starts where exact search gets expensive.
    min_rows: int | None = 50_000
    connectivity: int = 64
    expansion_add: int = 400
    expansion: int = 384

    def __post_init__(self) -> None:
        if not ((self.min_rows is None or self.min_rows >= 0)
                and 2 <= self.connectivity <= 100 and 8 <= self.expansion_add <= 1000
                and 8 <= self.expansion <= 4000):
            raise ValueError("vector index options out of range: ann_min_rows ≥ 0 or off, "
                             "ann_connectivity 2–100, ann_expansion_add 8–1000, "
                             "ann_expansion 8–4000")

    @classmethod
    def from_url_options(cls, options: dict[str, str]) -> AnnOptions:
        """The options above from a URL's query (unknown keys are the caller's business)."""
        values: dict[str, Any] = {}
        if "ann_min_rows" in options:
            raw = options["ann_min_rows"].strip().lower()
            values["min_rows"] = None if raw in ("off", "none", "") else int(raw)
        for key, name in (("ann_connectivity", "connectivity"),
                          ("ann_expansion_add", "expansion_add"), ("ann_expansion", "expansion")):
            if key in options:
                values[name] = int(options[key])
        return cls(**values)


_backend: Any = None
_backend_checked = False
_backend_lock = threading.Lock()


def backend() -> Any:
    """``usearch.index.Index``, or ``None`` when the ``ann`` extra is not installed (searches
    are then exact; logged once)."""
    global _backend, _backend_checked
    with _backend_lock:
        if not _backend_checked:
            _backend_checked = True
            try:
                from usearch.index import Index

                _backend = Index
            except ImportError as exc:  # exact search stays correct, only slower
                log.info("vector index unavailable (%s): dense search is exact; "
                         "pip install 'gieok[ann]' for large scopes", exc)
        return _backend


class Graph:
    """One HNSW graph over unit vectors, keyed by matrix position. Not thread-safe: the
    store's worker thread uses it, except while a background build owns a new one."""

    def __init__(self, dim: int, options: AnnOptions) -> None:
        index_cls = backend()
        if index_cls is None:
            raise RuntimeError("usearch is not installed")
        self.index = index_cls(ndim=dim, metric="ip", dtype="i8",
                               connectivity=options.connectivity,
                               expansion_add=options.expansion_add,
                               expansion_search=options.expansion)
        self.expansion = options.expansion

    def __len__(self) -> int:
        return len(self.index)

    def add(self, positions: np.ndarray, vectors: np.ndarray) -> None:
        if len(positions):
            self.index.add(positions.astype(np.uint64), vectors, threads=1)

    def remove(self, positions: np.ndarray) -> None:
        if len(positions):
            self.index.remove(positions.astype(np.uint64))

    def search(self, query: np.ndarray, count: int) -> np.ndarray:
        """Positions of about the ``count`` nearest rows (unordered)."""
        self.index.expansion_search = max(self.expansion, count)
        found = self.index.search(query, count, threads=1)
        return np.asarray(found.keys[: len(found)], dtype=np.int64)


BUILD_CHUNK = 4096


class Builder:
    """Builds a graph of ``matrix[positions]`` on a background thread, one build at a time
    per process (the cores are shared with everything else). ``matrix`` is the scope's
    array as it was when the build started: a row changed in place meanwhile may be read
    half-written, which is why the owner replays every changed row when it takes the graph.
    """

    _slots = threading.Semaphore(1)

    def __init__(self, dim: int, options: AnnOptions, positions: np.ndarray,
                 matrix: np.ndarray, on_error: Callable[[BaseException], None]) -> None:
        self.done = threading.Event()
        self.graph: Graph | None = None
        self._args = (dim, options, positions, matrix)
        self._on_error = on_error
        self._thread = threading.Thread(target=self._run, name="gieok-ann-build", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        dim, options, positions, matrix = self._args
        try:
            with self._slots:
                graph = Graph(dim, options)
                for lo in range(0, len(positions), BUILD_CHUNK):
                    chunk = positions[lo:lo + BUILD_CHUNK]
                    graph.add(chunk, matrix[chunk])
            self.graph = graph
        except BaseException as exc:  # noqa: BLE001 - reported; searches stay exact
            self._on_error(exc)
        finally:
            self._args = None  # type: ignore[assignment]
            self.done.set()
