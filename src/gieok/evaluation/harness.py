"""Run a benchmark against the engine: ingest each sample into its own scope, search each
question there, score the ranking (Q1).

Leak-proof by construction (Q1b): the engine receives only what ``turn_items`` builds (turn
text, neighbouring turns' text, the session date) and the question text. The map from memory
ids back to the benchmark's turn keys lives in this module's local variables, never in the
store; ``tests/unit/evaluation`` renames every id and checks that no number moves.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from gieok.evaluation.dataset import EvalSample, IngestOptions, session_of, turn_items, unique
from gieok.evaluation.metrics import Tally, dedupe, percentile, question_metrics
from gieok.memory import AsyncMemory

LOCOMO = "locomo"
LONGMEMEVAL = "longmemeval"
DEFAULT_KS = (1, 5, 10)
SESSION_DEPTH = 5  # LongMemEval: turns fetched per session cut-off, to rank sessions


@dataclass
class Progress:
    """Callbacks the CLI turns into progress bars; the defaults do nothing."""

    ingest_total: Callable[[int], None] = lambda n: None
    ingested: Callable[[int], None] = lambda n: None
    questions_total: Callable[[int], None] = lambda n: None
    answered: Callable[[], None] = lambda: None


@dataclass
class EvalRun:
    dataset: str
    ks: tuple[int, ...] = DEFAULT_KS
    ingest: IngestOptions = field(default_factory=IngestOptions)
    headline: tuple[str, ...] | None = None  # categories averaged into "overall"
    category_names: dict[str, str] = field(default_factory=dict)
    config: dict[str, Any] = field(default_factory=dict)


async def _ingest(
    memory: AsyncMemory, sample: EvalSample, scope: str, opts: IngestOptions, progress: Progress
) -> dict[str, list[str]]:
    items, keys = turn_items(sample, opts)
    records = await memory.import_memories(items, scope=scope, progress=progress.ingested)
    owner: dict[str, list[str]] = {}
    for record, key in zip(records, keys, strict=True):
        owner.setdefault(record.id, []).append(key)
    return owner


def _score_question(
    run: EvalRun, ranked_ids: Sequence[str], owner: dict[str, list[str]],
    sessions: dict[str, str], gold_turns: frozenset[str], gold_sessions: frozenset[str],
) -> dict[str, float]:
    turns = [owner[rid] for rid in ranked_ids if rid in owner]
    if run.dataset == LONGMEMEVAL:
        by_session = dedupe(sessions[key] for position in turns for key in position)
        out = question_metrics(by_session, gold_sessions, run.ks, ndcg=True)
        out = {_session_name(key): value for key, value in out.items()}
        turn_level = question_metrics(turns, gold_turns, run.ks, prefix="turn_")
        out.update({k: v for k, v in turn_level.items() if k.startswith("turn_recall@")})
        return out
    return question_metrics(turns, gold_turns, run.ks)


_SESSION_NAMES = {"any": "recall_any", "all": "recall_all", "recall": "session_recall"}


def _session_name(key: str) -> str:
    """LongMemEval's names: ``recall_all@k`` (the paper's Recall@k), ``recall_any@k``…"""
    name, at, k = key.partition("@")
    return f"{_SESSION_NAMES.get(name, name)}{at}{k}"


async def evaluate(
    memory: AsyncMemory, samples: Sequence[EvalSample], run: EvalRun,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Ingest everything, then search and score; returns the JSON report.

    Every sample is ingested before the first search: full-text statistics (BM25's IDF)
    span the whole store, so searching sample 0 before sample 9 is stored would make the
    numbers depend on the order and differ from a rerun on the same store.
    """
    progress = progress or Progress()
    tally = Tally()
    latencies: list[float] = []
    items_total = sum(len(turn_items(s, run.ingest)[0]) for s in samples)
    progress.ingest_total(items_total)
    progress.questions_total(sum(len(s.questions) for s in samples))
    depth = max(run.ks) * (SESSION_DEPTH if run.dataset == LONGMEMEVAL else 1)
    started = time.perf_counter()
    owners = [await _ingest(memory, sample, f"user:eval{index}", run.ingest, progress)
              for index, sample in enumerate(samples)]
    ingest_seconds = time.perf_counter() - started
    for index, (sample, owner) in enumerate(zip(samples, owners, strict=True)):
        scope = f"user:eval{index}"
        sessions = session_of(sample)
        for question in sample.questions:
            started = time.perf_counter()
            hits = await memory.search(question.text, scope=scope, k=depth)
            latencies.append((time.perf_counter() - started) * 1000.0)
            ranked = unique([hit.record.id for hit in hits])
            tally.add(question.category, _score_question(
                run, ranked, owner, sessions, question.gold_turns, question.gold_sessions))
            progress.answered()
    return _report(run, samples, tally, latencies, ingest_seconds, items_total)


def _report(
    run: EvalRun, samples: Sequence[EvalSample], tally: Tally, latencies: list[float],
    ingest_seconds: float, items_total: int,
) -> dict[str, Any]:
    by_category = {
        cat: {"name": run.category_names.get(cat, cat), "n": tally.count([cat]),
              **tally.mean([cat])}
        for cat in tally.categories()
    }
    headline = run.headline if run.headline is not None else tuple(tally.categories())
    return {
        "dataset": run.dataset,
        "n_questions": tally.count(headline),
        "n_questions_all": tally.count(),
        "k": list(run.ks),
        "overall": tally.mean(headline),
        "overall_categories": list(headline),
        "by_category": by_category,
        "samples": len(samples),
        "memories_ingested": items_total,
        "dropped_evidence": sum(s.dropped_evidence for s in samples),
        "skipped_questions": sum(s.skipped_questions for s in samples),
        "ingest_seconds": round(ingest_seconds, 2),
        "search_ms_p50": round(percentile(latencies, 50), 2),
        "search_ms_p95": round(percentile(latencies, 95), 2),
        "config": {**run.config, "ingest": asdict(run.ingest)},
    }
