"""CPU time per search on an existing ``gieok bench`` file, query embedding excluded.

    gieok bench --sizes 10000 --no-ingest --workdir W       # builds W/bench-search.db
    PYTHONPATH=<tree>/src python scripts/bench_search_cpu.py W/bench-search.db LABEL

Process CPU time (all threads) is what a search costs when it has a core to itself; on a
shared machine the wall clock also counts waiting. Point PYTHONPATH at exported source trees
(``git archive REV src | tar -x -C DIR``) and alternate them to compare commits on one file.
Query vectors come from the hashing embedder (same dimension, answered instantly).
"""

from __future__ import annotations

import asyncio
import sys
import time

import numpy as np

import gieok
from gieok import AsyncMemory, GieokSettings
from gieok.embedders.hashing import HashEmbedder
from gieok.evaluation.bench import BENCH_SCOPE
from gieok.evaluation.bench_corpus import query_texts

MODEL = "local:multilingual-e5-small"  # the bench file's model; vectors here are hashed


class _Stand(HashEmbedder):
    @property
    def name(self) -> str:
        return MODEL


async def main(path: str, label: str, n: int = 300) -> None:
    settings = GieokSettings(data_dir="/tmp/gieok-bench-cpu", embedder=MODEL,
                             write={"max_long_term": None})
    queries = query_texts(n + 20, seed=1)
    cpu, wall = [], []
    async with AsyncMemory(f"sqlite:///{path}", embedder=_Stand(384), settings=settings) as mem:
        for query in queries[:20]:
            await mem.search(query, scope=BENCH_SCOPE, k=10)
        store = getattr(mem.store, "_search", None)  # SQLite: the vector graph, if any, built
        if store is not None and hasattr(store.cache, "wait_for_builds"):
            store.cache.wait_for_builds()
            if getattr(store, "text", None) is not None:  # and the full-text copy read
                store.text.wait()
            ranks = getattr(mem.store, "_ranks", None)  # and a big scope's rank rows
            if ranks is not None and hasattr(ranks, "wait"):
                ranks.wait()
            await mem.search(queries[0], scope=BENCH_SCOPE, k=10)
        try:  # and the texts' features worked out ahead (not in trees before session 16)
            from gieok.read.search import wait_for_features
        except ImportError:
            pass
        else:
            wait_for_features()
        for query in queries[20:]:
            c0, t0 = time.process_time(), time.perf_counter()
            await mem.search(query, scope=BENCH_SCOPE, k=10)
            cpu.append((time.process_time() - c0) * 1000)
            wall.append((time.perf_counter() - t0) * 1000)

    def pct(values: list[float], q: int) -> float:
        return round(float(np.percentile(values, q)), 1)

    print(label, "cpu p50", pct(cpu, 50), "p95", pct(cpu, 95), "| wall p50", pct(wall, 50),
          "p95", pct(wall, 95), "|", gieok.__file__)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "search"))
