"""Fusion of ranked candidate lists (R1): reciprocal-rank fusion or normalised scores.

Both return ``relevance`` in [0, 1] that means the same across queries.

- ``rrf``: ranks only, ignoring the incomparable raw scales of cosine similarity and BM25;
  normalised by the best achievable fused score (rank 1 in every list).
- ``score``: each list's raw scores rescaled to [0, 1] within the list (BM25 by its best
  hit; cosine min–max over the returned candidates), then a weighted mean. Unlike RRF it
  keeps *how much* better one hit is than the next, which measured better on LoCoMo when
  one list is far stronger than the other (docs/benchmarks.md).

A list with weight 0 only annotates (its ranks and raw scores are kept for explanation).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from gieok.domain.query import Candidate


@dataclass
class Fused:
    id: str
    relevance: float
    ranks: dict[str, int] = field(default_factory=dict)
    raw: dict[str, float] = field(default_factory=dict)


def _annotate(lists: Mapping[str, Sequence[Candidate]]) -> dict[str, Fused]:
    fused: dict[str, Fused] = {}
    for name, candidates in lists.items():
        for rank, cand in enumerate(candidates, start=1):
            item = fused.setdefault(cand.id, Fused(cand.id, 0.0))
            item.ranks.setdefault(name, rank)
            item.raw.setdefault(name, cand.score)
    return fused


def _ordered(fused: dict[str, Fused]) -> list[Fused]:
    return sorted(fused.values(), key=lambda f: (-f.relevance, f.id))


def rrf(
    lists: Mapping[str, Sequence[Candidate]], *, weights: Mapping[str, float], k: float = 60.0
) -> list[Fused]:
    """Fuse named ranked lists by reciprocal rank; returns best first."""
    best = sum(w / (k + 1.0) for name, w in weights.items() if name in lists) or 1.0
    fused = _annotate(lists)
    for item in fused.values():
        total = sum(weights.get(name, 0.0) / (k + rank) for name, rank in item.ranks.items())
        item.relevance = total / best
    return _ordered(fused)


def _rescale(name: str, candidates: Sequence[Candidate]) -> dict[str, float]:
    if not candidates:
        return {}
    scores = [c.score for c in candidates]
    high, low = max(scores), min(scores)
    if name == "fulltext" or high <= low:
        # BM25 is 0 for "no match" by construction: scale by the best hit.
        return {c.id: (c.score / high if high > 0 else 0.0) for c in candidates}
    return {c.id: (c.score - low) / (high - low) for c in candidates}


def score_fusion(
    lists: Mapping[str, Sequence[Candidate]], *, weights: Mapping[str, float]
) -> list[Fused]:
    """Fuse named lists by a weighted mean of their rescaled scores; returns best first."""
    total = sum(w for name, w in weights.items() if name in lists) or 1.0
    fused = _annotate(lists)
    for name, candidates in lists.items():
        weight = weights.get(name, 0.0)
        if weight <= 0:
            continue
        for rid, value in _rescale(name, candidates).items():
            fused[rid].relevance += weight * value / total
    return _ordered(fused)
