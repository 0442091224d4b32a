"""Search orchestration (R1–R3): dense + full-text candidates → RRF → mixed score → top k."""

from __future__ import annotations

from datetime import datetime

from mnemo.domain.query import Filter, ScoredMemory, View
from mnemo.domain.scope import Scope
from mnemo.embedders.base import Embedder
from mnemo.read.fusion import rrf
from mnemo.read.scoring import mixed_score
from mnemo.settings import ScoringSettings
from mnemo.stores.base import Store


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
) -> list[ScoredMemory]:
    n = max(weights.candidates, k)
    lists = {}
    if weights.dense_weight > 0:
        vector = await embedder.embed_query(query)
        lists["dense"] = await store.dense(scope, vector, k=n, filters=filters, view=view)
    if weights.fulltext_weight > 0:
        lists["fulltext"] = await store.fulltext(scope, query, k=n, filters=filters, view=view)
    fused = rrf(
        lists,
        weights={"dense": weights.dense_weight, "fulltext": weights.fulltext_weight},
        k=weights.rrf_k,
    )
    records = {r.id: r for r in await store.get(scope.tenant, [f.id for f in fused])}
    at = view.as_of or now
    results: list[ScoredMemory] = []
    for item in fused:
        record = records.get(item.id)
        if record is None:
            continue
        total, parts = mixed_score(record, item.relevance, at, weights)
        parts.dense = item.raw.get("dense")
        parts.fulltext = item.raw.get("fulltext")
        parts.dense_rank = item.ranks.get("dense")
        parts.fulltext_rank = item.ranks.get("fulltext")
        results.append(ScoredMemory(record=record, score=total, parts=parts))
    # Ties go to the memory written first, then to its text: never to the random id, so a
    # ranking does not change when the same data is written again.
    results.sort(key=lambda s: (-s.score, s.record.created_at, s.record.content_hash,
                                s.record.id))
    return results[:k]
