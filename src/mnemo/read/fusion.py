"""Reciprocal-rank fusion of ranked candidate lists (R1).

RRF ignores the incomparable raw scales of cosine similarity and BM25 and uses only ranks;
each list has a weight. ``relevance`` is normalised by the best achievable fused score
(rank 1 in every list), so it lies in [0, 1] and means the same across queries.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from mnemo.domain.query import Candidate


@dataclass
class Fused:
    id: str
    relevance: float
    ranks: dict[str, int] = field(default_factory=dict)
    raw: dict[str, float] = field(default_factory=dict)


def rrf(
    lists: Mapping[str, Sequence[Candidate]], *, weights: Mapping[str, float], k: float = 60.0
) -> list[Fused]:
    """Fuse named ranked lists; returns best first. Lists with weight 0 only annotate."""
    best = sum(w / (k + 1.0) for name, w in weights.items() if name in lists) or 1.0
    fused: dict[str, Fused] = {}
    totals: dict[str, float] = {}
    for name, candidates in lists.items():
        weight = weights.get(name, 0.0)
        for rank, cand in enumerate(candidates, start=1):
            item = fused.setdefault(cand.id, Fused(cand.id, 0.0))
            item.ranks[name] = rank
            item.raw[name] = cand.score
            totals[cand.id] = totals.get(cand.id, 0.0) + weight / (k + rank)
    for rid, item in fused.items():
        item.relevance = totals[rid] / best
    return sorted(fused.values(), key=lambda f: (-f.relevance, f.id))
