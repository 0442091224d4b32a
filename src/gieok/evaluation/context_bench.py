"""Context assembly time (Q2): how long ``AsyncMemory.context`` takes, query embedding excluded.

``time_contexts`` times calls on any engine (``gieok bench`` passes its own, already filled
store). ``measure_context_assembly`` builds a realistic scope on a real SQLite file — ``size``
memories in one user scope (synthetic Korean/English texts), some pinned and safety facts,
recent episodes, skills and a 14-turn session whose oldest turns get summarised — and reports
p50/p95/p99 for fresh assemblies (cache off; use tracking on, as in production) and for cache
hits. Query vectors are computed before the clock starts, so the numbers are the engine's:
turns, summary, pinned facts, hybrid search, episodes, skills, budgeting, trace, use tracking.

    python -m gieok.evaluation.context_bench 10000 [--workdir W] [--queries N]

With ``--workdir`` the filled file is kept there and reused by the next run of the same size
(filling 10k memories takes about a minute), so trees can be compared on one file.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import numpy as np

from gieok.domain.records import utcnow
from gieok.domain.scope import Scope
from gieok.embedders.cached import QueryCacheEmbedder
from gieok.embedders.hashing import HashEmbedder
from gieok.read.search import wait_for_features

MEASURE_SCOPE = Scope(user="ctx-bench", session="live")
DIM = 384
CHUNK = 2048


def summarise(samples_ms: Sequence[float]) -> dict[str, float]:
    arr = np.asarray(samples_ms, dtype=np.float64)
    return {"p50_ms": round(float(np.percentile(arr, 50)), 3),
            "p95_ms": round(float(np.percentile(arr, 95)), 3),
            "p99_ms": round(float(np.percentile(arr, 99)), 3),
            "mean_ms": round(statistics.fmean(samples_ms), 3), "runs": len(samples_ms)}


async def time_contexts(
    mem: Any, queries: Sequence[str], *, scope: Scope, use_cache: bool = False,
    track_use: bool = True, advance: Callable[[int], None] | None = None,
    cpu: list[float] | None = None,
) -> list[float]:
    """Wall milliseconds per ``mem.context(query, scope=scope)`` call, one per query; with
    ``cpu``, the process CPU milliseconds (all threads) of each call are appended to it —
    a figure that other processes competing for the cores do not inflate."""
    samples = []
    for query in queries:
        c0, t0 = time.process_time(), time.perf_counter()
        await mem.context(query, scope=scope, use_cache=use_cache, track_use=track_use)
        samples.append((time.perf_counter() - t0) * 1000.0)
        if cpu is not None:
            cpu.append((time.process_time() - c0) * 1000.0)
        if advance is not None:
            advance(1)
    return samples


@dataclass
class MeasureConfig:
    size: int = 10_000
    queries: int = 200
    warmup: int = 20
    seed: int = 0
    workdir: Path | None = None
    extras: dict[str, int] = field(default_factory=lambda: {
        "pinned": 10, "safety": 10, "episodes": 40, "skills": 5, "turns": 14})


async def _fill(mem: Any, config: MeasureConfig, progress: Callable[[int], None]) -> None:
    from gieok.evaluation.bench_corpus import memory_texts

    rng = np.random.default_rng(config.seed)
    now = utcnow()
    scope = MEASURE_SCOPE.with_(session=None)
    texts = memory_texts(config.size, seed=config.seed)
    for lo in range(0, len(texts), CHUNK):
        chunk = texts[lo:lo + CHUNK]
        ages = rng.integers(0, 3 * 365 * 24, size=len(chunk))
        importance = rng.uniform(0.1, 0.75, size=len(chunk))
        await mem.import_memories([
            {"content": t, "event_time": now - timedelta(hours=int(a)), "importance": float(i)}
            for t, a, i in zip(chunk, ages, importance, strict=True)], scope=scope)
        progress(len(chunk))
    extra = config.extras
    await mem.import_memories(
        [{"content": f"Pinned preference number {i}: answer briefly", "pinned": True}
         for i in range(extra["pinned"])]
        + [{"content": f"Allergic to medication batch {i}", "importance": 0.9}
           for i in range(extra["safety"])]
        + [{"content": f"Talked about weekend plan {i} and felt calm", "layer": "episodic",
            "type": "episode", "event_time": now - timedelta(days=i % 20)}
           for i in range(extra["episodes"])], scope=scope)
    for i in range(extra["skills"]):
        await mem.add_skill(f"skill-{i}", triggers=[f"trigger{i}", "계획"],
                            steps=["gather", "plan", "write"], scope=scope)
    await mem.add([{"role": "user" if i % 2 == 0 else "assistant",
                    "content": f"Turn {i}: let's talk about travel plan number {i}."}
                   for i in range(extra["turns"])], scope=MEASURE_SCOPE)


async def _filled(mem: Any, size: int) -> bool:
    """Whether a kept file already holds this measurement's scope at ``size`` (then it is
    reused as it is: the session's turns, skills and pinned facts come with it)."""
    page = await mem.list(scope=MEASURE_SCOPE.with_(session=None), limit=1)
    if page.total == 0:
        return False
    if page.total < size:
        raise ValueError(f"the kept file holds {page.total} memories, not {size}: "
                         "use another --workdir")
    return True


async def measure_context_assembly(
    config: MeasureConfig | None = None, progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Build the scope, then time fresh assemblies and cache hits; returns the numbers."""
    import tempfile

    from gieok.evaluation.bench_corpus import query_texts
    from gieok.memory import AsyncMemory
    from gieok.settings import GieokSettings

    config = config or MeasureConfig()
    queries = query_texts(config.queries + config.warmup, seed=config.seed + 1)
    # Hash vectors for documents; queries answered from vectors computed in advance, so
    # timing excludes query embedding (a real model adds ~10–30 ms per query on one core).
    embedder = QueryCacheEmbedder(HashEmbedder(DIM))
    await embedder.precompute(queries)
    with tempfile.TemporaryDirectory(prefix="gieok-ctx-") as tmp:
        workdir = config.workdir or Path(tmp)
        settings = GieokSettings(data_dir=workdir, embedder=embedder.name)
        mem = AsyncMemory(f"sqlite:///{workdir / 'context-bench.db'}", embedder=embedder,
                          settings=settings)
        try:
            t0 = time.perf_counter()
            if not await _filled(mem, config.size):
                await _fill(mem, config, progress or (lambda n: None))
            fill_s = time.perf_counter() - t0
            warm, timed = queries[:config.warmup], queries[config.warmup:]
            await time_contexts(mem, warm, scope=MEASURE_SCOPE)
            wait_for_features()  # what search works out ahead of its searches: steady state
            fresh_cpu: list[float] = []
            fresh = await time_contexts(mem, timed, scope=MEASURE_SCOPE, cpu=fresh_cpu)
            no_touch = await time_contexts(mem, timed, scope=MEASURE_SCOPE, track_use=False)
            await time_contexts(mem, timed, scope=MEASURE_SCOPE, use_cache=True)
            cached = await time_contexts(mem, timed, scope=MEASURE_SCOPE, use_cache=True)
            sample = await mem.context(timed[0], scope=MEASURE_SCOPE, use_cache=False)
        finally:
            await mem.aclose()
    import os

    return {
        "size": config.size, "fill_s": round(fill_s, 1),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "fresh": summarise(fresh), "fresh_cpu": summarise(fresh_cpu),
        "fresh_without_use_tracking": summarise(no_touch),
        "cache_hit": summarise(cached),
        "sample": {"block_tokens": sample.block_tokens, "tokens": sample.tokens,
                   "chars": len(sample.text), "sections": [s.kind.value for s in sample.sections],
                   "turns": len(sample.messages), "stages_ms": sample.trace.timings_ms},
    }


def main() -> None:  # pragma: no cover - `python -m gieok.evaluation.context_bench [size]`
    import argparse
    import json

    import anyio

    parser = argparse.ArgumentParser(prog="python -m gieok.evaluation.context_bench")
    parser.add_argument("size", nargs="?", type=int, default=10_000)
    parser.add_argument("--workdir", type=Path, help="keep (and reuse) the filled file here")
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    config = MeasureConfig(size=args.size, queries=args.queries, workdir=args.workdir)
    if config.workdir is not None:
        config.workdir.mkdir(parents=True, exist_ok=True)
    result = anyio.run(measure_context_assembly, config)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":  # pragma: no cover
    main()
