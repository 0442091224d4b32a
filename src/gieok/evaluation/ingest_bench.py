"""Conversation ingest throughput through ``add()`` (``gieok bench --conversations FILE``).

What a chat application pays to remember a conversation: one ``add()`` per session, with
the session's date and speaker names (the same calls ``gieok eval`` makes), on a real SQLite
file with the real model — PII guard, the working log, the conversation archive (passages,
full-text context, one embedding per passage) and fact extraction all included.

Then, in the same process and right after, the bare embedder embeds exactly the texts the
engine embedded (every stored vector's ``embedding_text()``), in the engine's batches. The
machine this project runs on is shared and noisy, so only a baseline measured in the same
run says what the engine itself adds: ``overhead = engine time / embedder time − 1`` (wall
and process CPU time both reported).

One ``add()`` in a scope of its own runs before the clock starts, so one-time loads (the
Korean analyser, extraction's tables, the model) are reported apart (``warm_up``), as a
running service has paid them already. The model's own CPU time inside the engine run is
also counted (the local embedder sums
it over its threads), so ``overhead_cpu_vs_model`` = CPU outside the model ÷ CPU inside it,
from one run: on a shared machine, where two runs minutes apart can differ by 15 %, that
is the steadier figure. ``idle_2core_turns_per_s`` turns those CPU times into what an idle
two-core machine would do, between no overlap at all (the model's batch split over two
cores, everything else after it) and perfect packing (all CPU time spread over two cores).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gieok.domain.query import View
from gieok.domain.scope import Scope
from gieok.errors import InvalidInputError
from gieok.evaluation.dataset import EvalSample, IngestOptions, session_messages
from gieok.memory import AsyncMemory
from gieok.settings import GieokSettings
from gieok.stores.ops import ListOp

# One add() before the clock starts: what a running service has loaded already (the model,
# the Korean analyser, extraction's tables) is reported apart as ``warm_up``.
WARM_UP = [{"role": "user", "content": "I moved to Seoul last year and I love hiking."},
           {"role": "user", "content": "요즘 주말마다 친구들이랑 등산 가."}]
EVERYTHING = View(statuses=("active", "archived", "deleted"), include_superseded=True)


def load_conversations(path: Path) -> list[EvalSample]:
    """A LoCoMo or a LongMemEval file, told apart by the first entry's keys (LoCoMo's
    ``conversation`` comes after its ``qa`` list, far into the file)."""
    from gieok.evaluation.locomo import load_locomo
    from gieok.evaluation.longmemeval import load_longmemeval

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InvalidInputError(f"cannot read conversations from {str(path)!r}: {exc}") \
            from None
    first = data[0] if isinstance(data, list) and data else None
    if isinstance(first, dict) and "conversation" in first:
        return load_locomo(path)
    return load_longmemeval(path)


@dataclass
class IngestBenchConfig:
    samples: Sequence[EvalSample]
    embedder: str
    workdir: Path | None = None
    infer: bool = True


async def _stored_texts(mem: AsyncMemory, scopes: Sequence[str]) -> list[str]:
    """What the engine embedded: every stored record's embedding text, in write order."""
    texts: list[str] = []
    for scope in scopes:
        offset = 0
        while True:
            [page] = await mem.store.read([ListOp(Scope.parse(scope), None, EVERYTHING, 1000,
                                                  offset)])
            texts.extend(r.embedding_text() for r in reversed(page.items))
            offset += len(page.items)
            if not page.items or offset >= page.total:
                break
    return texts


async def run_ingest_bench(config: IngestBenchConfig,
                           progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Ingest every sample through ``add()``, then embed the same texts with the bare
    embedder; returns the JSON report."""
    opts = IngestOptions()
    with tempfile.TemporaryDirectory(prefix="gieok-ingest-") as tmp:
        base = config.workdir or Path(tmp)
        settings = GieokSettings(data_dir=base, embedder=config.embedder,
                                 write={"max_long_term": None})
        url = f"sqlite:///{base / 'ingest.db'}"
        turns = sessions = 0
        scopes: list[str] = []
        async with AsyncMemory(url, settings=settings) as mem:
            _, embedder = await mem._ready()  # the engine's own embedder
            warm_wall, warm_cpu = time.perf_counter(), time.process_time()
            await mem.add(WARM_UP, scope="user:warm-up/session:w")  # one-time loads
            warm_wall, warm_cpu = time.perf_counter() - warm_wall, time.process_time() - warm_cpu
            model_before = getattr(embedder, "cpu_seconds", None)
            wall, cpu = time.perf_counter(), time.process_time()
            for index, sample in enumerate(config.samples):
                scopes.append(f"user:bench{index}")
                for number, session in enumerate(sample.sessions):
                    messages, _ = session_messages(session, opts)
                    if not messages:
                        continue
                    await mem.add(messages, scope=f"user:bench{index}/session:c{number}",
                                  timestamp=session.at, infer=config.infer)
                    turns += len(messages)
                    sessions += 1
                    if progress is not None:
                        progress(len(messages))
            engine_wall, engine_cpu = time.perf_counter() - wall, time.process_time() - cpu
            model_cpu = None if model_before is None else embedder.cpu_seconds - model_before
            texts = await _stored_texts(mem, scopes)
            bare_wall, bare_cpu = await _bare(embedder, texts)
            count = getattr(embedder, "count_tokens", None)
            tokens = sum(count(t) for t in texts) if callable(count) else None
    return {
        "turns": turns, "sessions": sessions, "embedded_texts": len(texts),
        "embedded_chars": sum(len(t) for t in texts), "embedded_tokens": tokens,
        "engine": {"seconds": round(engine_wall, 2), "cpu_seconds": round(engine_cpu, 2),
                   "turns_per_s": round(turns / engine_wall, 2) if engine_wall else None,
                   "model_cpu_seconds": _round(model_cpu),
                   "cpu_ms_per_turn": round(1000 * engine_cpu / turns, 1) if turns else None},
        "bare_embedder": {"seconds": round(bare_wall, 2), "cpu_seconds": round(bare_cpu, 2),
                          "texts_per_s": round(len(texts) / bare_wall, 2) if bare_wall else None},
        "overhead_wall": round(engine_wall / bare_wall - 1, 3) if bare_wall else None,
        "overhead_cpu": round(engine_cpu / bare_cpu - 1, 3) if bare_cpu else None,
        "overhead_cpu_vs_model": round((engine_cpu - model_cpu) / model_cpu, 3)
        if model_cpu else None,
        "idle_2core_turns_per_s": _idle_estimate(turns, engine_cpu, model_cpu),
        "warm_up": {"seconds": round(warm_wall, 2), "cpu_seconds": round(warm_cpu, 2)},
        "config": {"embedder": config.embedder, "infer": config.infer,
                   "load_avg_1m": os.getloadavg()[0]},
    }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _idle_estimate(turns: int, cpu: float, model: float | None) -> dict[str, float] | None:
    """Turns per second on an idle 2-core machine from this run's CPU times: ``low`` if
    nothing overlaps (the model's batch on both cores, the rest on one after it), ``high``
    if all of it packs onto both cores. CPU times measured on a busy machine are longer
    than on an idle one, so both err low."""
    if not model or not turns:
        return None
    other = max(0.0, cpu - model)
    return {"low": round(turns / (model / 2 + other), 1), "high": round(turns / (cpu / 2), 1)}


async def _bare(embedder: Any, texts: Sequence[str], batch: int = 64) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    for start in range(0, len(texts), batch):
        await embedder.embed_documents(list(texts[start:start + batch]))
    return time.perf_counter() - wall, time.process_time() - cpu
