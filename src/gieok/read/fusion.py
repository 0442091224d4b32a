"""Fusion of ranked candidate lists (R1): calibrated scores, min–max scores or reciprocal
rank. Each returns ``relevance`` in [0, 1], best first.

- ``calibrated``: each list's raw scores mapped to [0, 1] on a scale that does not depend on
  the other candidates. Cosine similarity is mapped linearly from the embedder's "unrelated"
  level (``dense_floor``: what texts about different things score with that model) to its
  "same thing" level (``dense_ceiling``), clipped; small differences stay small (cosines
  0.916 and 0.913 are 0.83 and 0.82 for e5, never 1 and 0). BM25 is divided by its best
  hit, and the full-text list's weight is multiplied by its *evidence* (``evidence``): the
  best hit's BM25 over ``fulltext_scale``, or how few of a small scope it matched. When only
  terms that most documents contain matched (a speaker's name in a conversation: their IDF
  is near zero), the evidence is near zero and the full-text weight moves to meaning — full
  text only decides when it can discriminate.
- ``score``: min–max within the returned candidates (BM25 by its best hit). It stretches
  any spread, however small, over [0, 1]: kept for comparison (preset ``minmax``).
- ``rrf``: ranks only, normalised by the best achievable fused score (rank 1 everywhere).

A list with weight 0 only annotates (its ranks and raw scores are kept for explanation).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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


def _calibrate(name: str, candidates: Sequence[Candidate], dense_floor: float,
               dense_ceiling: float) -> dict[str, float]:
    if not candidates:
        return {}
    if name == "fulltext":
        top = max(max(c.score for c in candidates), 1e-12)
        return {c.id: max(0.0, c.score) / top for c in candidates}
    span = max(dense_ceiling - dense_floor, 1e-6)
    return {c.id: min(1.0, max(0.0, (c.score - dense_floor) / span)) for c in candidates}


def evidence(fulltext: Sequence[Candidate], dense: Sequence[Candidate], scale: float,
             depth: int, *, rarity: bool = True) -> float:
    """How far the full-text list can be trusted to discriminate, in [0, 1].

    - by magnitude: its best BM25 over ``scale`` (a term most documents contain has an IDF
      near zero — FTS5 clamps it to 1e-6 — so matching only such terms scores near 0);
    - by selectivity: when the dense list holds fewer than ``depth`` candidates it saw the
      whole (filtered) scope, and full text matching only a few of them is selective even
      where BM25 cannot say so (in a tiny store FTS5 gives every term the same near-zero
      IDF).

    ``rarity``: whether the scores weigh terms by rarity at all. PostgreSQL's ``ts_rank``
    does not, so its magnitude says nothing: a scope the dense list saw whole is judged by
    selectivity alone, a larger one keeps full text at its weight.
    """
    if not fulltext:
        return 0.0
    whole = bool(dense) and len(dense) < depth  # the dense list saw the whole scope
    if not rarity:
        magnitude = 0.0 if whole else 1.0
    else:
        magnitude = 1.0 if scale <= 0 else min(1.0, max(c.score for c in fulltext) / scale)
    selectivity = max(0.0, 1.0 - len(fulltext) / len(dense)) if whole else 0.0
    return max(magnitude, selectivity)


def _weighted(fused: dict[str, Fused], lists: Mapping[str, Sequence[Candidate]],
              weights: Mapping[str, float],
              scale: Callable[[str, Sequence[Candidate]], dict[str, float]]) -> list[Fused]:
    total = sum(w for name, w in weights.items() if name in lists) or 1.0
    for name, candidates in lists.items():
        weight = weights.get(name, 0.0)
        if weight <= 0:
            continue
        for rid, value in scale(name, candidates).items():
            fused[rid].relevance += weight * value / total
    return _ordered(fused)


def score_fusion(
    lists: Mapping[str, Sequence[Candidate]], *, weights: Mapping[str, float]
) -> list[Fused]:
    """Fuse named lists by a weighted mean of their min–max rescaled scores."""
    return _weighted(_annotate(lists), lists, weights, _rescale)


def calibrated_fusion(
    lists: Mapping[str, Sequence[Candidate]], *, weights: Mapping[str, float],
    dense_floor: float, dense_ceiling: float, fulltext_scale: float, depth: int,
    rarity: bool = True,
) -> list[Fused]:
    """Fuse named lists by a weighted mean of their calibrated scores, the full-text weight
    scaled by its evidence and the rest given to the dense list (module docstring).
    ``depth`` is how many candidates each list was asked for; ``rarity`` whether full-text
    scores weigh terms by rarity (``evidence``)."""
    shifted = dict(weights)
    if "fulltext" in lists and "dense" in lists and shifted.get("dense", 0.0) > 0:
        full = shifted.get("fulltext", 0.0)
        kept = full * evidence(lists["fulltext"], lists["dense"], fulltext_scale, depth,
                               rarity=rarity)
        shifted["fulltext"], shifted["dense"] = kept, shifted["dense"] + full - kept
    return _weighted(_annotate(lists), lists, shifted,
                     lambda name, c: _calibrate(name, c, dense_floor, dense_ceiling))
