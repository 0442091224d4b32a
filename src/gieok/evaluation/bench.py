"""``gieok bench``: search latency and ingest throughput, measured through the real engine.

Search latency: ``AsyncMemory.search`` on the default (SQLite) store, one real file, every
memory in ONE scope, at each requested size. The file grows from one size to the next, so
10k and 100k share the first 10k memories. Two numbers per size:

* **excluding query embedding** — the engine runs with a ``BenchEmbedder`` whose
  ``embed_query`` answers from vectors the real model computed before the clock started;
  everything else (full-text query, dense top-k, SQL checks, record fetch, fusion, scoring)
  is timed;
* **including query embedding** — the same engine with the cache switched off, so every
  query goes through the real model.

The corpus is synthetic (``bench_corpus``): embedding 100k texts with the real model would
take ~40 min on two cores, so stored vectors come from the hash embedder at the real model's
dimension. Exact dense search costs the same whatever the vectors hold; full-text work
depends on the texts, which are realistic. Ingest throughput uses the real model end to end
on a sample: ``import_memories`` (validation, dedup check, embedding, morphemes, FTS,
audit, one transaction per chunk) against the bare embedder on the same texts.
"""

from __future__ import annotations

import os
import platform
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any, Protocol

import anyio
import numpy as np

from gieok.domain.query import View
from gieok.domain.records import utcnow
from gieok.read.search import wait_for_features
from gieok.domain.scope import Scope
from gieok.embedders import Embedder, HashEmbedder, get_embedder
from gieok.embedders.cached import QueryCacheEmbedder
from gieok.evaluation.bench_corpus import memory_texts, query_texts
from gieok.memory import AsyncMemory
from gieok.settings import GieokSettings

BENCH_SCOPE = Scope(user="bench-user")
INGEST_SCOPE = Scope(org="bench-ingest", user="bench-user")
POPULATE_CHUNK = 2048
THREAD_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


class Reporter(Protocol):
    """Where progress goes: ``task(label, total)`` returns an ``advance(n)`` callable."""

    def task(self, label: str, total: int) -> Callable[[int], None]: ...


class SilentReporter:
    def task(self, label: str, total: int) -> Callable[[int], None]:
        return lambda n: None


class BenchEmbedder(QueryCacheEmbedder):
    """Stands in for ``inner`` (same ``name`` and ``dim``, so the store's model check passes)
    while embedding documents cheaply and answering known queries from a cache of the real
    model's vectors. Never use it outside a benchmark: its stored vectors are not ``inner``'s.
    """

    def __init__(self, inner: Embedder) -> None:
        super().__init__(inner, documents=HashEmbedder(inner.dim))


@dataclass
class BenchConfig:
    sizes: list[int]
    embedder: str = "local:multilingual-e5-small"
    queries: int = 300
    warmup: int = 20
    k: int = 10
    ingest_sample: int = 1000
    workdir: Path | None = None
    seed: int = 0
    skip_ingest: bool = False
    store: str | None = None  # an empty store to bench instead of a new SQLite file
    tenants: int = 0  # also: this many tenants × TENANT_SIZE memories, searches per tenant


@dataclass
class BenchResult:
    search: dict[str, dict[str, Any]] = field(default_factory=dict)
    ingest: dict[str, float] = field(default_factory=dict)
    machine: dict[str, Any] = field(default_factory=dict)
    corpus: dict[str, Any] = field(default_factory=dict)
    tenants: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"search": self.search, "ingest": self.ingest, "machine": self.machine,
                "corpus": self.corpus, "tenants": self.tenants}


def percentile(samples: Sequence[float], q: float) -> float:
    """Nearest-rank-interpolated percentile (NumPy's linear method)."""
    return float(np.percentile(np.asarray(samples, dtype=np.float64), q))


def summarise(samples_ms: Sequence[float]) -> dict[str, float]:
    return {
        "p50_ms": round(percentile(samples_ms, 50), 3),
        "p95_ms": round(percentile(samples_ms, 95), 3),
        "p99_ms": round(percentile(samples_ms, 99), 3),
        "mean_ms": round(statistics.fmean(samples_ms), 3),
    }


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine_info() -> dict[str, Any]:
    """What the numbers were measured on: enough to tell two machines apart."""
    mem_gib = None
    if hasattr(os, "sysconf") and "SC_PHYS_PAGES" in os.sysconf_names:
        mem_gib = round(os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") / 2**30, 1)
    return {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "memory_gib": mem_gib,
        "os": platform.platform(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "sqlite": sqlite3.sqlite_version,
        "load_avg_1m": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
        "thread_env": {k: os.environ[k] for k in THREAD_VARS if k in os.environ},
    }


def _populate_items(texts: Sequence[str], start: int, seed: int) -> list[dict[str, Any]]:
    """Import items with spread-out event times and importances, as a real scope has."""
    rng = np.random.default_rng(seed + start)
    now = utcnow()
    ages = rng.integers(0, 3 * 365 * 24, size=len(texts))
    importance = rng.uniform(0.1, 0.9, size=len(texts))
    return [
        {"content": t, "event_time": now - timedelta(hours=int(a)), "importance": float(i)}
        for t, a, i in zip(texts, ages, importance, strict=True)
    ]


async def populate(
    mem: AsyncMemory, texts: Sequence[str], start: int, advance: Callable[[int], None], seed: int
) -> None:
    """Import ``texts[start:]`` into the bench scope through ``import_memories``."""
    for lo in range(start, len(texts), POPULATE_CHUNK):
        chunk = texts[lo : lo + POPULATE_CHUNK]
        await mem.import_memories(_populate_items(chunk, lo, seed), scope=BENCH_SCOPE,
                                  progress=advance)


async def time_searches(
    mem: AsyncMemory, queries: Sequence[str], k: int, advance: Callable[[int], None]
) -> tuple[list[float], list[float]]:
    """Wall-clock and process CPU milliseconds per search. CPU time is what a search costs
    when it has a core to itself: on a shared machine the wall clock also counts waiting."""
    wall, cpu = [], []
    for query in queries:
        c0, t0 = time.process_time(), time.perf_counter()
        await mem.search(query, scope=BENCH_SCOPE, k=k)
        wall.append((time.perf_counter() - t0) * 1000.0)
        cpu.append((time.process_time() - c0) * 1000.0)
        advance(1)
    return wall, cpu


async def time_stages(
    mem: AsyncMemory, embedder: BenchEmbedder, queries: Sequence[str], k: int
) -> dict[str, float]:
    """Median cost of each store call a search makes (dense top-n, full-text top-n, fetching
    the union of candidates), through the public store API; the rest of a search (fusion,
    scoring, the engine's own work) is the median total minus these."""
    store = mem.store
    n = max(mem.settings.scoring.candidates, k)
    view = View()
    stages: dict[str, list[float]] = {"dense_ms": [], "fulltext_ms": [], "fetch_ms": []}
    for query in queries:
        vector = embedder.query_cache[query]
        t0 = time.perf_counter()
        dense = await store.dense(BENCH_SCOPE, vector, k=n, filters=None, view=view)
        t1 = time.perf_counter()
        full = await store.fulltext(BENCH_SCOPE, query, k=n, filters=None, view=view)
        t2 = time.perf_counter()
        await store.get(BENCH_SCOPE.tenant, list(dict.fromkeys(c.id for c in [*dense, *full])))
        t3 = time.perf_counter()
        for key, seconds in zip(stages, (t1 - t0, t2 - t1, t3 - t2), strict=True):
            stages[key].append(seconds * 1000.0)
    return {key: round(percentile(values, 50), 3) for key, values in stages.items()}


async def _graphs_built(mem: AsyncMemory, query: str | None, k: int) -> None:
    """SQLite: wait for what the warm-up started on threads — the vector graph (past
    ``ann_min_rows``), the full-text index's in-memory copy, a big scope's scoring rows
    (read in the background past 20,000; the next search takes them: ``query``) — and for
    the texts' features search works out ahead (``read.search.warm_features``), so the
    timed searches measure the steady state, not work running beside them (as
    scripts/bench_search_cpu.py does). It waited for the graph and the features only: at
    100k the copy and the rows could still be read while searches were timed, and process
    CPU counts those threads too."""
    search = getattr(mem.store, "_search", None)
    if search is not None and hasattr(search.cache, "wait_for_builds"):
        await anyio.to_thread.run_sync(search.cache.wait_for_builds)
        text = getattr(search, "text", None)
        if text is not None and hasattr(text, "wait"):
            await anyio.to_thread.run_sync(text.wait)
        ranks = getattr(mem.store, "_ranks", None)
        if ranks is not None and hasattr(ranks, "wait"):
            await anyio.to_thread.run_sync(ranks.wait)
            if query is not None:  # takes the finished read
                await mem.search(query, scope=BENCH_SCOPE, k=k)
    await anyio.to_thread.run_sync(wait_for_features)


async def _count(mem: AsyncMemory) -> int:
    page = await mem.list(scope=BENCH_SCOPE, limit=1)
    return page.total


async def bench_search(
    config: BenchConfig, real: Embedder, workdir: Path, reporter: Reporter
) -> dict[str, dict[str, Any]]:
    """Grow one store through ``config.sizes`` and time searches at each size."""
    sizes = sorted(set(config.sizes))
    texts = memory_texts(sizes[-1], seed=config.seed)
    queries = query_texts(config.queries + config.warmup, seed=config.seed + 1)
    warm, timed = queries[: config.warmup], queries[config.warmup :]
    bench_embedder = BenchEmbedder(real)
    tick = reporter.task("embedding bench queries (real model)", len(queries))
    for query in queries:
        await bench_embedder.precompute([query])
        tick(1)
    # One scope holds every size measured (up to 1M): lift the per-scope cap for it.
    settings = GieokSettings(data_dir=workdir, embedder=real.name, write={"max_long_term": None})
    url = config.store or f"sqlite:///{workdir / 'bench-search.db'}"
    out: dict[str, dict[str, Any]] = {}
    mem = AsyncMemory(url, embedder=bench_embedder, settings=settings)
    try:
        have = await _count(mem)
        for size in sizes:
            if have > size:
                raise ValueError(f"{url} already holds {have} memories (> {size}); "
                                 "use an empty --workdir")
            advance = reporter.task(f"populating {size:,} memories", size - have)
            async with mem.store.bulk_load():  # PostgreSQL: one index build per size
                await populate(mem, texts[:size], have, advance, config.seed)
            have = size
            bench_embedder.use_cache = True
            await time_searches(mem, warm, config.k, lambda n: None)
            await _graphs_built(mem, warm[0] if warm else None, config.k)
            advance = reporter.task(f"searching {size:,} (query vectors cached)", len(timed))
            wall, cpu = await time_searches(mem, timed, config.k, advance)
            excluded = summarise(wall)
            cpu_stats = summarise(cpu)
            stages = await time_stages(mem, bench_embedder, timed, config.k)
            bench_embedder.use_cache = False
            advance = reporter.task(f"searching {size:,} (real query embedding)", len(timed))
            included = summarise((await time_searches(mem, timed, config.k, advance))[0])
            out[str(size)] = {
                **excluded,
                "p50_ms_with_embedding": included["p50_ms"],
                "p95_ms_with_embedding": included["p95_ms"],
                "p99_ms_with_embedding": included["p99_ms"],
                "cpu_p50_ms": cpu_stats["p50_ms"],
                "cpu_p95_ms": cpu_stats["p95_ms"],
                "queries": len(timed),
                # which order ranked them: the learned order costs ~0.6 ms a search
                # (GIEOK_SCORING__LEARNED_ORDER; numbers with and without it differ)
                "learned_order": settings.scoring.learned_order,
                "stages_p50": stages,
                **(await dense_recall(mem, bench_embedder, timed, config.k)),
            }
    finally:
        await mem.aclose()
    return out


async def bench_ingest(
    config: BenchConfig, real: Embedder, workdir: Path, reporter: Reporter
) -> dict[str, float]:
    """The engine's ``import_memories`` vs the bare embedder, same texts, real model, warm."""
    texts = memory_texts(config.ingest_sample + 8, seed=config.seed + 7)
    warm, sample = texts[:8], texts[8:]
    await real.embed_documents(warm)
    tick = reporter.task("embedder only", len(sample))
    t0 = time.perf_counter()
    for lo in range(0, len(sample), 64):
        await real.embed_documents(sample[lo : lo + 64])
        tick(min(64, len(sample) - lo))
    bare_s = time.perf_counter() - t0
    settings = GieokSettings(data_dir=workdir, embedder=real.name)
    if config.store:
        return await _ingest(AsyncMemory(config.store, embedder=real, settings=settings),
                             warm, sample, bare_s, reporter, INGEST_SCOPE)
    path = workdir / "bench-ingest.db"
    for leftover in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        leftover.unlink(missing_ok=True)
    mem = AsyncMemory(f"sqlite:///{path}", embedder=real, settings=settings)
    return await _ingest(mem, warm, sample, bare_s, reporter, BENCH_SCOPE)


async def _ingest(mem: AsyncMemory, warm: Sequence[str], sample: Sequence[str], bare_s: float,
                  reporter: Reporter, scope: Scope) -> dict[str, float]:
    try:
        await mem.import_memories([{"content": t} for t in warm], scope=scope)
        tick = reporter.task("import_memories", len(sample))
        t0 = time.perf_counter()
        await mem.import_memories([{"content": t} for t in sample], scope=scope,
                                  progress=tick)
        engine_s = time.perf_counter() - t0
    finally:
        await mem.aclose()
    return {
        "memories_per_s": round(len(sample) / engine_s, 2),
        "embedder_only_per_s": round(len(sample) / bare_s, 2),
        "sample": len(sample),
    }


async def dense_recall(mem: AsyncMemory, embedder: QueryCacheEmbedder, queries: Sequence[str],
                       k: int) -> dict[str, float]:
    """PostgreSQL only: recall@k of the HNSW path against exact ranking, same queries (the
    store picks exact ranking by itself for small scopes; here both are forced)."""
    from gieok.stores.postgres import PostgresStore
    from gieok.stores.postgres import search as pg

    store = mem.store
    if not isinstance(store, PostgresStore):
        return {}
    from gieok.stores._sql import queries as q
    from gieok.stores.postgres.dialect import DIALECT

    where = q.where(DIALECT, BENCH_SCOPE, None, View(), utcnow())
    found, hnsw_ms = [], []
    for query in queries:
        vector = embedder.query_cache[query]
        async with store.db.connection(transaction=True) as conn:
            t0 = time.perf_counter()
            approx = await pg.dense(conn, vector, k, where, exact=False,
                                    ef_search=store.hnsw.ef_search)
            hnsw_ms.append((time.perf_counter() - t0) * 1000.0)
            exact = await pg.dense(conn, vector, k, where, exact=True)
        truth = {c.id for c in exact}
        found.append(len(truth & {c.id for c in approx}) / max(1, len(truth)))
    return {f"hnsw_recall_at_{k}": round(float(np.mean(found)), 4),
            "hnsw_dense_p95_ms": round(percentile(hnsw_ms, 95), 3)}


TENANT_SIZE = 100


async def bench_tenants(config: BenchConfig, real: Embedder, workdir: Path,
                        reporter: Reporter) -> dict[str, Any]:
    """``config.tenants`` tenants of ``TENANT_SIZE`` memories each in the same store; time
    searches each in a random tenant (query vectors cached)."""
    texts = memory_texts(TENANT_SIZE * 4, seed=config.seed + 3)
    queries = query_texts(config.queries, seed=config.seed + 4)
    bench_embedder = BenchEmbedder(real)
    await bench_embedder.precompute(list(queries))
    bench_embedder.use_cache = True
    settings = GieokSettings(data_dir=workdir, embedder=real.name)
    url = config.store or f"sqlite:///{workdir / 'bench-tenants.db'}"
    rng = np.random.default_rng(config.seed)
    mem = AsyncMemory(url, embedder=bench_embedder, settings=settings)
    try:
        advance = reporter.task(f"populating {config.tenants:,} tenants", config.tenants)
        for t in range(config.tenants):
            picks = rng.choice(len(texts), size=TENANT_SIZE, replace=False)
            await mem.import_memories([{"content": texts[i]} for i in picks],
                                      scope=Scope(org=f"t{t}", user="u"))
            advance(1)
        wall = []
        for query in queries:
            scope = Scope(org=f"t{int(rng.integers(config.tenants))}", user="u")
            t0 = time.perf_counter()
            await mem.search(query, scope=scope, k=config.k)
            wall.append((time.perf_counter() - t0) * 1000.0)
    finally:
        await mem.aclose()
    return {"tenants": config.tenants, "per_tenant": TENANT_SIZE, **summarise(wall)}


async def run_bench(config: BenchConfig, reporter: Reporter | None = None) -> BenchResult:
    """Run the whole benchmark; returns the numbers ``--json`` writes."""
    if not config.sizes or any(s < 1 for s in config.sizes):
        raise ValueError("sizes must be positive integers")
    reporter = reporter or SilentReporter()
    real = get_embedder(config.embedder)
    result = BenchResult(machine=machine_info())
    result.machine["embedder"] = real.name
    result.corpus = {
        "texts": "synthetic English/Korean memories (gieok.evaluation.bench_corpus), "
                 f"seed {config.seed}, about half Korean",
        "stored_vectors": f"hash embedder at dim {real.dim} (stands in for {real.name})",
        "query_vectors": f"{real.name}",
        "scope": str(BENCH_SCOPE),
        "k": config.k,
    }
    with tempfile.TemporaryDirectory(prefix="gieok-bench-") as tmp:
        workdir = config.workdir or Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        try:
            result.search = await bench_search(config, real, workdir, reporter)
            if config.tenants:
                result.tenants = await bench_tenants(config, real, workdir, reporter)
            if not config.skip_ingest:
                result.ingest = await bench_ingest(config, real, workdir, reporter)
        finally:
            await real.aclose()
    if hasattr(os, "getloadavg"):
        result.machine["load_avg_1m_end"] = round(os.getloadavg()[0], 2)
    return result
