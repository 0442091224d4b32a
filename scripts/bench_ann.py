"""The approximate vector index (``stores/sqlite/ann.py``) against exact search: recall@10,
CPU per query, build time — on vectors the real model computed.

    # 1. real-model vectors (cached as .npy; LoCoMo dev conversations only, bench texts):
    python scripts/bench_ann.py embed --locomo shared/data/locomo10.json --bench 12000 --out D
    # 2. recall and cost at each size, queries from the same model:
    python scripts/bench_ann.py recall D/docs.npy D/queries.npy [--sizes 2000,5000,12000]
    # 3. through the store on a `gieok bench` file (its stored vectors are hashes):
    python scripts/bench_ann.py store W/bench-search.db

Recall is measured the way search uses the graph: the proposal (k + 16 rows) comes from the
graph and is rescored exactly, then its first 10 are compared with the exact first 10.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from pathlib import Path

import numpy as np

from gieok.stores.sqlite.ann import AnnOptions
from gieok.stores.sqlite.vectors import ScopeMatrix

K, PROPOSAL = 10, 66  # search asks the matrix for k + 16 with k = candidates (50)


async def embed(locomo: Path | None, bench: int, out: Path) -> None:
    from gieok.embedders import get_embedder
    from gieok.evaluation.bench_corpus import memory_texts, query_texts

    docs: list[str] = []
    queries: list[str] = []
    if locomo is not None:
        for i, sample in enumerate(json.loads(locomo.read_text())):
            if i % 2:  # the dev split (even positions); never the test conversations
                continue
            for key, turns in sample["conversation"].items():
                if key.startswith("session_") and isinstance(turns, list):
                    docs += [t["text"] for t in turns if t.get("text")]
            queries += [q["question"] for q in sample["qa"] if q.get("question")]
    docs += memory_texts(bench, seed=5)
    queries += query_texts(300, seed=9)
    model = get_embedder("local:multilingual-e5-small")
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    vecs = [await model.embed_documents(docs[lo:lo + 64]) for lo in range(0, len(docs), 64)]
    np.save(out / "docs.npy", np.concatenate(vecs).astype(np.float32))
    qv = [np.asarray(await model.embed_query(q), np.float32).reshape(-1) for q in queries]
    np.save(out / "queries.npy", np.stack(qv))
    await model.aclose()
    print(f"{len(docs)} documents, {len(queries)} queries in {time.perf_counter() - t0:.0f} s")


def _matrix(vectors: np.ndarray, options: AnnOptions | None) -> ScopeMatrix:
    entry = ScopeMatrix(dim=vectors.shape[1], ann=options)
    entry.reset()
    entry.apply((f"r{i}", v.tobytes(), True) for i, v in enumerate(vectors))
    return entry


def recall(docs: np.ndarray, queries: np.ndarray, sizes: list[int],
           expansions: list[int]) -> None:
    for size in sizes:
        sample = docs[:size]
        exact = _matrix(sample, None)
        t0 = time.process_time()
        truth = [[rid for rid, _ in exact.top(q, PROPOSAL)][:K] for q in queries]
        exact_ms = (time.process_time() - t0) / len(queries) * 1000
        graph_entry = _matrix(sample, AnnOptions(min_rows=0))
        c0, w0 = time.process_time(), time.perf_counter()
        graph_entry.top(queries[0], PROPOSAL)  # starts the build (background past 256 rows)
        if graph_entry.builder is not None:
            graph_entry.builder.done.wait()
        graph_entry.top(queries[0], PROPOSAL)
        build_cpu, build_wall = time.process_time() - c0, time.perf_counter() - w0
        print(f"n={size}: exact {exact_ms:.2f} ms CPU/query; graph built in {build_cpu:.1f} s "
              f"CPU ({build_wall:.1f} s wall)")
        for ef in expansions:
            assert graph_entry.graph is not None
            graph_entry.graph.expansion = ef
            t0 = time.process_time()
            got = [[rid for rid, _ in graph_entry.top(q, PROPOSAL)][:K] for q in queries]
            ms = (time.process_time() - t0) / len(queries) * 1000
            hits = [len(set(a) & set(b)) / K for a, b in zip(got, truth, strict=True)]
            print(f"  expansion {ef:4d}: {ms:.3f} ms CPU/query, recall@{K} "
                  f"{np.mean(hits):.4f} (worst query {min(hits):.1f})")


async def store(path: str, queries: int) -> None:
    """Search CPU through the engine on a bench file, exact vs graph, same queries."""
    import gieok
    from gieok import AsyncMemory, GieokSettings
    from gieok.embedders.hashing import HashEmbedder
    from gieok.evaluation.bench import BENCH_SCOPE
    from gieok.evaluation.bench_corpus import query_texts
    from gieok.stores.sqlite.store import SqliteStore

    model = "local:multilingual-e5-small"

    class Stand(HashEmbedder):
        @property
        def name(self) -> str:
            return model

    texts = query_texts(queries + 20, seed=1)
    for label, opts in (("exact", "?ann_min_rows=off"), ("graph", "?ann_min_rows=1")):
        settings = GieokSettings(data_dir="/tmp/gieok-bench-ann", embedder=model,
                                 write={"max_long_term": None})
        async with AsyncMemory(f"sqlite:///{path}{opts}", embedder=Stand(384),
                               settings=settings) as mem:
            await mem.search(texts[0], scope=BENCH_SCOPE, k=10)
            st = mem.store
            assert isinstance(st, SqliteStore)
            entry = st._search.cache.peek(BENCH_SCOPE.key())
            w0 = time.perf_counter()
            if entry is not None and entry.builder is not None:
                entry.builder.done.wait()
                await mem.search(texts[0], scope=BENCH_SCOPE, k=10)
                print(f"graph of {entry.live_count} rows built in "
                      f"{time.perf_counter() - w0:.1f} s wall")
            if st._search.text is not None:  # the full-text copy, read in the background
                st._search.text.wait()
            copy = st._search.text
            for q in texts[:20]:
                await mem.search(q, scope=BENCH_SCOPE, k=10)
            # Full text from the in-memory copy and from FTS5 alone, each query both ways
            # (which goes first alternates).
            modes = (("full text in memory", copy), ("full text FTS5", None))
            cpu: dict[str, list[float]] = {name: [] for name, _ in modes}
            for i, q in enumerate(texts[20:]):
                for name, text in modes if i % 2 == 0 else modes[::-1]:
                    st._search.text = text
                    c0 = time.process_time()
                    await mem.search(q, scope=BENCH_SCOPE, k=10)
                    cpu[name].append((time.process_time() - c0) * 1000)
            st._search.text = copy
            for name, values in cpu.items():
                if copy is None and name == "full text in memory":
                    continue
                print(f"{label}, {name}: search CPU p50 {np.percentile(values, 50):.2f} p95 "
                      f"{np.percentile(values, 95):.2f} ms ({gieok.__file__})")


def main() -> None:
    parser = argparse.ArgumentParser(prog="bench_ann.py")
    sub = parser.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("embed")
    e.add_argument("--locomo", type=Path)
    e.add_argument("--bench", type=int, default=12000)
    e.add_argument("--out", type=Path, required=True)
    r = sub.add_parser("recall")
    r.add_argument("docs", type=Path)
    r.add_argument("queries", type=Path)
    r.add_argument("--sizes", default="")
    r.add_argument("--expansions", default="64,128,256")
    s = sub.add_parser("store")
    s.add_argument("path")
    s.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    if args.cmd == "embed":
        asyncio.run(embed(args.locomo, args.bench, args.out))
    elif args.cmd == "recall":
        docs, queries = np.load(args.docs), np.load(args.queries)
        sizes = [int(x) for x in args.sizes.split(",")] if args.sizes else [len(docs)]
        recall(docs, queries, sizes, [int(x) for x in args.expansions.split(",")])
    else:
        asyncio.run(store(args.path, args.queries))


if __name__ == "__main__":
    main()
