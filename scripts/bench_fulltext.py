"""Full text alone on a ``gieok bench`` file: the in-memory copy (``textindex.py``) against
FTS5, same queries, same connection — lists compared with ``==`` and CPU per call.

    PYTHONPATH=src python scripts/bench_fulltext.py W/bench-search.db [N] [K]

The bench scope's matrix is loaded first (as a search's dense half would), so both paths
check rows the way they do inside ``search()``.
"""

from __future__ import annotations

import sqlite3
import sys
import time

import numpy as np

from gieok.domain.query import View
from gieok.domain.records import utcnow
from gieok.evaluation.bench import BENCH_SCOPE
from gieok.evaluation.bench_corpus import query_texts
from gieok.stores._sql import queries
from gieok.stores.sqlite.dialect import DIALECT
from gieok.stores.sqlite.search import BM25_WEIGHTS, SqliteSearch
from gieok.stores.sqlite.textindex import TextIndex
from gieok.stores.sqlite.vectors import MatrixCache


def main(path: str, n: int, k: int) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    where = queries.where(DIALECT, BENCH_SCOPE, None, View(), utcnow())
    copy = SqliteSearch(MatrixCache(), TextIndex(BM25_WEIGHTS, path=None))
    fts5 = SqliteSearch(copy.cache, None)
    copy._refresh(conn, BENCH_SCOPE, 384)
    c0 = time.process_time()
    copy.fulltext(conn, BENCH_SCOPE, "warm up", k, where)
    print(f"copy read in {time.process_time() - c0:.2f} s CPU")
    for text in query_texts(40, seed=7):  # Korean analysis and term caches warm
        copy.fulltext(conn, BENCH_SCOPE, text, k, where)
    cpu: dict[str, list[float]] = {"copy": [], "fts5": []}
    differ = 0
    for text in query_texts(n, seed=1):
        got = {}
        for name, search in (("copy", copy), ("fts5", fts5)):
            c0 = time.process_time()
            got[name] = search.fulltext(conn, BENCH_SCOPE, text, k, where)
            cpu[name].append((time.process_time() - c0) * 1000)
        differ += [(c.id, c.score) for c in got["copy"]] != [
            (c.id, c.score) for c in got["fts5"]]
    print(f"{n} queries, k={k}: {differ} lists differ")
    for name, values in cpu.items():
        print(f"{name}: CPU p50 {np.percentile(values, 50):.2f} p95 "
              f"{np.percentile(values, 95):.2f} ms")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 300,
         int(sys.argv[3]) if len(sys.argv) > 3 else 50)
