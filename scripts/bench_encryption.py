"""What encryption at rest costs: ingest and search, encrypted vs plaintext, same process.

    .venv/bin/python scripts/bench_encryption.py [--memories 2000] [--queries 300] [--rounds 3]

Each round fills two fresh SQLite files with the same synthetic KO/EN memories
(``import_memories``, the hash embedder so the model's cost does not drown the difference)
and runs the same queries on both, plaintext and encrypted alternating, and reports CPU
seconds (``time.process_time``: steadier than wall time on a shared machine) and wall
seconds per phase, with the encrypted/plaintext ratio. The numbers are in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio

from gieok import AsyncMemory, GieokSettings
from gieok.evaluation.bench_corpus import memory_texts, query_texts
from gieok.security.crypto import generate_key


async def one(path: Path, key: str | None, texts: list[str], queries: list[str]
              ) -> dict[str, float]:
    settings = GieokSettings(data_dir=path.parent, embedder="hash:384", encryption_key=key,
                             write={"max_long_term": None})
    mem = AsyncMemory(f"sqlite:///{path}", settings=settings)
    await mem.search("warm up", user_id="u")  # open the store
    cpu, wall = time.process_time(), time.perf_counter()
    for at in range(0, len(texts), 500):
        await mem.import_memories([{"content": t} for t in texts[at:at + 500]], user_id="u")
    ingest = (time.process_time() - cpu, time.perf_counter() - wall)
    cpu, wall = time.process_time(), time.perf_counter()
    found = 0
    for q in queries:
        found += len(await mem.search(q, user_id="u", k=10))
    search = (time.process_time() - cpu, time.perf_counter() - wall)
    await mem.aclose()
    assert found > 0
    return {"ingest_cpu_s": ingest[0], "ingest_wall_s": ingest[1],
            "search_cpu_ms": search[0] * 1000 / len(queries),
            "search_wall_ms": search[1] * 1000 / len(queries)}


async def main(memories: int, queries: int, rounds: int) -> dict[str, Any]:
    texts, asked = memory_texts(memories, seed=3), query_texts(queries, seed=4)
    key = generate_key()
    runs: dict[str, list[dict[str, float]]] = {"plaintext": [], "encrypted": []}
    with tempfile.TemporaryDirectory(prefix="gieok-enc-bench-") as tmp:
        for name, k in (("plaintext", None), ("encrypted", key)):  # loads Kiwi etc.; not kept
            await one(Path(tmp) / f"warm-{name}.db", k, texts[:50], asked[:5])
        for r in range(rounds):
            order = [("plaintext", None), ("encrypted", key)]
            for name, k in order if r % 2 == 0 else order[::-1]:
                runs[name].append(await one(Path(tmp) / f"{name}{r}.db", k, texts, asked))
    out: dict[str, Any] = {"memories": memories, "queries": queries, "rounds": rounds}
    for metric in runs["plaintext"][0]:
        plain = statistics.median(x[metric] for x in runs["plaintext"])
        enc = statistics.median(x[metric] for x in runs["encrypted"])
        out[metric] = {"plaintext": round(plain, 3), "encrypted": round(enc, 3),
                       "ratio": round(enc / plain, 2)}
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--memories", type=int, default=2000)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(json.dumps(anyio.run(main, args.memories, args.queries, args.rounds), indent=2))
