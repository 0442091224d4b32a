"""Retrieval metrics, pure, with the benchmarks' own definitions.

A ranking is a sequence of *positions*; each position is the set of gold-comparable keys it
stands for (usually one turn; a memory that two identical turns collapsed into stands for
both). Cut-offs count positions, as a user sees them.

- ``recall@k``: |gold ∩ top-k| / |gold| (LoCoMo turn level; LongMemEval turn level).
- ``any@k`` / ``all@k``: at least one / every gold key in the top k (LongMemEval's
  ``recall_any@k`` / ``recall_all@k``, the latter being its paper's "Recall@k").
- ``mrr``: 1 / rank of the first position holding a gold key, 0 when none does.
- ``ndcg@k``: binary-relevance NDCG, ideal ranking = every gold key first.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet

Ranking = Sequence[Collection[str]]


def _top(ranked: Ranking, k: int) -> set[str]:
    return {key for position in ranked[:k] for key in position}


def recall_at(ranked: Ranking, gold: AbstractSet[str], k: int) -> float:
    return len(gold & _top(ranked, k)) / len(gold) if gold else 0.0


def any_at(ranked: Ranking, gold: AbstractSet[str], k: int) -> float:
    return 1.0 if gold & _top(ranked, k) else 0.0


def all_at(ranked: Ranking, gold: AbstractSet[str], k: int) -> float:
    return 1.0 if gold and gold <= _top(ranked, k) else 0.0


def reciprocal_rank(ranked: Ranking, gold: AbstractSet[str]) -> float:
    for rank, position in enumerate(ranked, start=1):
        if gold & set(position):
            return 1.0 / rank
    return 0.0


def ndcg_at(ranked: Ranking, gold: AbstractSet[str], k: int) -> float:
    if not gold:
        return 0.0
    seen: set[str] = set()
    dcg = 0.0
    for rank, position in enumerate(ranked[:k], start=1):
        fresh = (gold & set(position)) - seen
        if fresh:
            dcg += 1.0 / math.log2(rank + 1)
            seen |= fresh
    ideal = sum(1.0 / math.log2(rank + 1) for rank in range(1, min(k, len(gold)) + 1))
    return dcg / ideal


def dedupe(ranked: Iterable[str]) -> list[list[str]]:
    """A ranking of singletons, first occurrence kept (turns → their sessions)."""
    return [[key] for key in dict.fromkeys(ranked)]


def question_metrics(
    ranked: Ranking, gold: AbstractSet[str], ks: Sequence[int], *, prefix: str = "",
    ndcg: bool = False,
) -> dict[str, float]:
    """Every metric for one question at every cut-off, keys like ``recall@10``."""
    out: dict[str, float] = {}
    for k in ks:
        out[f"{prefix}recall@{k}"] = recall_at(ranked, gold, k)
        out[f"{prefix}any@{k}"] = any_at(ranked, gold, k)
        out[f"{prefix}all@{k}"] = all_at(ranked, gold, k)
        if ndcg:
            out[f"{prefix}ndcg@{k}"] = ndcg_at(ranked, gold, k)
    out[f"{prefix}mrr"] = reciprocal_rank(ranked, gold)
    return out


class Tally:
    """Per-category means of per-question metric dicts (micro-averaged over questions)."""

    def __init__(self) -> None:
        self._rows: dict[str, list[Mapping[str, float]]] = defaultdict(list)

    def add(self, category: str, metrics: Mapping[str, float]) -> None:
        self._rows[category].append(metrics)

    def categories(self) -> list[str]:
        return sorted(self._rows, key=lambda c: (not c.isdigit(), int(c) if c.isdigit() else 0, c))

    def count(self, categories: Iterable[str] | None = None) -> int:
        wanted = self._rows if categories is None else categories
        return sum(len(self._rows.get(c, [])) for c in wanted)

    def mean(self, categories: Iterable[str] | None = None) -> dict[str, float]:
        wanted = list(self._rows) if categories is None else list(categories)
        rows = [row for c in wanted for row in self._rows.get(c, [])]
        if not rows:
            return {}
        return {key: round(sum(r[key] for r in rows) / len(rows), 4) for key in rows[0]}


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0–100); 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100.0 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]
