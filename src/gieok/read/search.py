"""Search orchestration (R1–R4): dense + full-text candidates → RRF → mixed score (with the
query's own dates, ``temporal.py``) → near-duplicate removal and MMR → top k."""

from __future__ import annotations

from datetime import datetime

from gieok.domain.query import Candidate, Filter, ScoredMemory, View
from gieok.domain.scope import Scope
from gieok.embedders.base import Embedder, similarity_range
from gieok.read.diversity import drop_near_duplicates, mmr
from gieok.read.fusion import Fused, calibrated_fusion, rrf, score_fusion
from gieok.read.scoring import mixed_score
from gieok.read.temporal import time_windows
from gieok.settings import ScoringSettings
from gieok.stores.base import Capability, Store


async def _candidates(
    store: Store, embedder: Embedder, scope: Scope, query: str, *, n: int,
    filters: Filter | None, view: View, weights: ScoringSettings,
) -> dict[str, list[Candidate]]:
    lists: dict[str, list[Candidate]] = {}
    if weights.dense_weight > 0:
        vector = await embedder.embed_query(query)
        lists["dense"] = await store.dense(scope, vector, k=n, filters=filters, view=view)
    if weights.fulltext_weight > 0:
        lists["fulltext"] = await store.fulltext(scope, query, k=n, filters=filters, view=view)
    return lists


def _order_key(scored: ScoredMemory) -> tuple[float, datetime, str, str]:
    # Ties go to the memory written first, then to its text: never to the random id, so a
    # ranking does not change when the same data is written again.
    return (-scored.score, scored.record.created_at, scored.record.content_hash,
            scored.record.id)


async def hybrid_search(
    store: Store,
    embedder: Embedder,
    scope: Scope,
    query: str,
    *,
    k: int,
    filters: Filter | None,
    view: View,
    weights: ScoringSettings,
    now: datetime,
    min_relevance: float = 0.0,
) -> list[ScoredMemory]:
    """The best ``k`` by the mixed score among candidates whose fused relevance reaches
    ``min_relevance`` (the caller's ``threshold``: 0 keeps every candidate)."""
    n = max(weights.candidates, k)
    lists = await _candidates(store, embedder, scope, query, n=n, filters=filters, view=view,
                              weights=weights)
    fused = [f for f in _fuse(lists, weights, embedder, n,
                                 rarity=Capability.FULLTEXT_RARITY in store.capabilities) if f.relevance >= min_relevance]
    records = {r.id: r for r in await store.get(scope.tenant, [f.id for f in fused])}
    at = view.as_of or now
    windows = time_windows(query, at) if weights.w_query_time > 0 else []
    results: list[ScoredMemory] = []
    for item in fused:
        record = records.get(item.id)
        if record is None:
            continue
        total, parts = mixed_score(record, item.relevance, at, weights, windows)
        parts.dense = item.raw.get("dense")
        parts.fulltext = item.raw.get("fulltext")
        parts.dense_rank = item.ranks.get("dense")
        parts.fulltext_rank = item.ranks.get("fulltext")
        results.append(ScoredMemory(record=record, score=total, parts=parts))
    results.sort(key=_order_key)
    pool = k if weights.mmr_lambda >= 1.0 else max(3 * k, 30)  # MMR re-orders a wider pool
    results = drop_near_duplicates(results, _text, threshold=weights.near_duplicate,
                                   limit=pool)
    return mmr(results, lambda s: s.score, _text, lam=weights.mmr_lambda, k=k)


def _fuse(lists: dict[str, list[Candidate]], weights: ScoringSettings,
          embedder: Embedder, depth: int, *, rarity: bool = True) -> list[Fused]:
    list_weights = {"dense": weights.dense_weight, "fulltext": weights.fulltext_weight}
    if weights.fusion == "rrf":
        return rrf(lists, weights=list_weights, k=weights.rrf_k)
    if weights.fusion == "score":
        return score_fusion(lists, weights=list_weights)
    floor, ceiling = similarity_range(embedder) or (0.0, 1.0)
    return calibrated_fusion(
        lists, weights=list_weights,
        dense_floor=float(floor if weights.dense_floor is None else weights.dense_floor),
        dense_ceiling=float(ceiling if weights.dense_ceiling is None else weights.dense_ceiling),
        fulltext_scale=weights.fulltext_scale, depth=depth, rarity=rarity)


def _text(scored: ScoredMemory) -> str:
    return scored.record.content
