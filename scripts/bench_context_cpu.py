"""CPU and wall time per ``context()`` on a kept ``context_bench`` file, any source tree.

    python -m gieok.evaluation.context_bench 10000 --workdir W      # fills W/context-bench.db
    PYTHONPATH=<tree>/src python scripts/bench_context_cpu.py W/context-bench.db 200 LABEL

20 warm-up calls, then fresh assemblies (cache off, use tracking on, as in production) and 40
cache hits. Process CPU time counts every thread and is not inflated by other processes
waiting for the cores; alternate trees on one file to compare them. Query vectors come from
the hash embedder (known in advance), so query embedding is excluded.
"""

from __future__ import annotations

import asyncio
import sys

import numpy as np

import gieok
from gieok.embedders.cached import QueryCacheEmbedder
from gieok.embedders.hashing import HashEmbedder
from gieok.evaluation import context_bench as cb
from gieok.evaluation.bench_corpus import query_texts
from gieok.memory import AsyncMemory
from gieok.settings import GieokSettings


async def main(path: str, n: int, label: str) -> None:
    queries = query_texts(n + 20, seed=1)
    embedder = QueryCacheEmbedder(HashEmbedder(cb.DIM))
    await embedder.precompute(queries)
    settings = GieokSettings(data_dir="/tmp/gieok-context-cpu", embedder=embedder.name)
    async with AsyncMemory(f"sqlite:///{path}", embedder=embedder, settings=settings) as mem:
        await cb.time_contexts(mem, queries[:20], scope=cb.MEASURE_SCOPE)
        try:  # the texts' features search works out ahead on a thread: steady state
            from gieok.read.search import wait_for_features
        except ImportError:  # a tree from before session 16
            pass
        else:
            wait_for_features()
        cpu: list[float] = []
        wall = await cb.time_contexts(mem, queries[20:], scope=cb.MEASURE_SCOPE, cpu=cpu)
        hit_cpu: list[float] = []
        await cb.time_contexts(mem, queries[20:60], scope=cb.MEASURE_SCOPE, use_cache=True)
        await cb.time_contexts(mem, queries[20:60], scope=cb.MEASURE_SCOPE, use_cache=True,
                               cpu=hit_cpu)

    def p(values: list[float], q: int) -> float:
        return round(float(np.percentile(values, q)), 1)

    print(f"{label}: fresh cpu p50 {p(cpu, 50)} p95 {p(cpu, 95)} | wall p50 {p(wall, 50)} "
          f"p95 {p(wall, 95)} | cache-hit cpu p50 {p(hit_cpu, 50)} p95 {p(hit_cpu, 95)} | "
          f"{gieok.__file__}")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else ""))
