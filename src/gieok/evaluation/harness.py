"""Run a benchmark against the engine: ingest each sample into its own scope, search each
question there, score the ranking (Q1).

The product path (default): each session is one ``add()`` call with the session's date and
speaker names, in its own session scope under the sample's user; every hit, fact or archived
turn, is mapped back to benchmark turns through the turn ids it names as its sources
(``source_turn_ids``) — ids the engine generated and ``add()`` returned. The import ablation
(``IngestOptions.path="import"``) writes turns as memories directly.

A session's episode (its summary) names every turn of the session as its sources, so one
episode among the first ten credits some 26 LoCoMo turns at once. The report keeps the
harness's score as it was and adds ``strict_recall@k`` (LoCoMo): the same ranking with each
episode taking its place and crediting no turn — what the turns and facts found by
themselves (session 14: on LoCoMo dev, 0.830 against 0.735 at 10).

Leak-proof by construction (Q1b): the engine receives only conversation text, speaker names,
roles, dates and the question text. The map from engine ids back to the benchmark's turn
keys lives in this module's local variables, never in the store; ``tests/unit/evaluation``
renames every id and checks that no number moves.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from gieok.domain.query import ScoredMemory
from gieok.errors import InvalidInputError
from gieok.evaluation.dataset import (
    EvalSample,
    IngestOptions,
    session_messages,
    session_of,
    turn_items,
    unique,
)
from gieok.domain.records import Layer
from gieok.evaluation.metrics import Tally, dedupe, percentile, question_metrics, recall_at
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
    # Harness-private map of a store ingested by an earlier run (``--reuse``): when the file
    # exists, ingest is skipped and the map is read from it; otherwise it is written after
    # ingest. It lives beside the store, never in it (Q1b).
    owner_file: str | None = None


@dataclass
class _Owner:
    """Harness-private: which benchmark turn keys an engine id stands for. On the add path
    the ids are turn ids (a hit names them in ``source_turn_ids``); on the import path they
    are memory ids."""

    by_id: dict[str, list[str]] = field(default_factory=dict)
    via_sources: bool = True
    failures: int = 0

    def position(self, hit: ScoredMemory) -> list[str]:
        ids = hit.record.source_turn_ids if self.via_sources else [hit.record.id]
        return unique([key for i in ids for key in self.by_id.get(i, ())])


def _count_items(sample: EvalSample, opts: IngestOptions) -> int:
    if opts.path == "import":
        return len(turn_items(sample, opts)[0])
    return sum(len(session_messages(s, opts)[0]) for s in sample.sessions)


async def _ingest(
    memory: AsyncMemory, sample: EvalSample, scope: str, opts: IngestOptions, progress: Progress
) -> _Owner:
    owner = _Owner(via_sources=opts.path == "add")
    if opts.path == "import":
        items, keys = turn_items(sample, opts)
        records = await memory.import_memories(items, scope=scope, progress=progress.ingested)
        for record, key in zip(records, keys, strict=True):
            owner.by_id.setdefault(record.id, []).append(key)
        return owner
    for number, session in enumerate(sample.sessions):
        messages, keys = session_messages(session, opts)
        if not messages:
            continue
        # The session id is the harness's own counter, never the benchmark's session key.
        result = await memory.add(messages, scope=f"{scope}/session:c{number}",
                                  timestamp=session.at, infer=opts.extract)
        owner.failures += len(result.failures)
        for turn_id, key in zip(result.turn_ids, keys, strict=True):
            owner.by_id.setdefault(turn_id, []).append(key)
        progress.ingested(len(messages))
    return owner


def _score_question(
    run: EvalRun, turns: Sequence[Sequence[str]], sessions: dict[str, str],
    gold_turns: frozenset[str], gold_sessions: frozenset[str],
) -> dict[str, float]:
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
    items_total = sum(_count_items(s, run.ingest) for s in samples)
    progress.ingest_total(items_total)
    progress.questions_total(sum(len(s.questions) for s in samples))
    depth = max(run.ks) * (SESSION_DEPTH if run.dataset == LONGMEMEVAL else 1)
    started = time.perf_counter()
    owners = _load_owners(run.owner_file, len(samples))
    if owners is None:
        owners = [await _ingest(memory, sample, f"user:eval{index}", run.ingest, progress)
                  for index, sample in enumerate(samples)]
        _save_owners(run.owner_file, owners)
    ingest_seconds = time.perf_counter() - started
    for index, (sample, owner) in enumerate(zip(samples, owners, strict=True)):
        scope = f"user:eval{index}"
        sessions = session_of(sample)
        for question in sample.questions:
            started = time.perf_counter()
            hits = await memory.search(question.text, scope=scope, k=depth)
            latencies.append((time.perf_counter() - started) * 1000.0)
            scores = _score_question(run, _positions(hits, owner), sessions,
                                     question.gold_turns, question.gold_sessions)
            if run.dataset == LOCOMO:
                strict = _positions(hits, owner, strict=True)
                scores.update({f"strict_recall@{k}": recall_at(strict, question.gold_turns, k)
                               for k in run.ks})
            tally.add(question.category, scores)
            progress.answered()
    report = _report(run, samples, tally, latencies, ingest_seconds, items_total)
    report["write_failures"] = sum(o.failures for o in owners)
    return report


def _load_owners(path: str | None, count: int) -> list[_Owner] | None:
    if path is None or not Path(path).exists():
        return None
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if len(data) != count:
        raise InvalidInputError(f"{path} maps {len(data)} samples, not {count}: ingest anew")
    return [_Owner(by_id=d["by_id"], via_sources=d["via_sources"], failures=d["failures"])
            for d in data]


def _save_owners(path: str | None, owners: Sequence[_Owner]) -> None:
    if path is not None:
        Path(path).write_text(json.dumps([asdict(o) for o in owners]), encoding="utf-8")


def _positions(hits: Sequence[ScoredMemory], owner: _Owner, *, strict: bool = False
               ) -> list[list[str]]:
    """The ranking as the user sees it: one position per hit, holding the benchmark turns it
    stands for (a hit that stands for none still takes its place). On the import path a
    memory written twice (identical turns) is one position, as before. ``strict``: an
    episode (a session's summary) takes its place and stands for no turn."""
    if not owner.via_sources:
        ranked = unique([hit.record.id for hit in hits])
        return [owner.by_id[rid] for rid in ranked if rid in owner.by_id]
    return [[] if strict and hit.record.layer == Layer.EPISODIC else owner.position(hit)
            for hit in hits]


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
        "turns_ingested": items_total,
        "dropped_evidence": sum(s.dropped_evidence for s in samples),
        "skipped_questions": sum(s.skipped_questions for s in samples),
        "ingest_seconds": round(ingest_seconds, 2),
        "search_ms_p50": round(percentile(latencies, 50), 2),
        "search_ms_p95": round(percentile(latencies, 95), 2),
        "config": {**run.config, "path": run.ingest.path, "ingest": asdict(run.ingest)},
    }
