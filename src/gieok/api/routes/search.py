"""``POST /v1/search``: hybrid search (R1–R3) with each hit's score parts (R2, C8)."""

from __future__ import annotations

import time

from fastapi import APIRouter, Request

from gieok.api.deps import EngineDep, ScopeDep
from gieok.api.observability import Metrics
from gieok.api.schemas import SearchHit, SearchRequest, SearchResults, error_responses

router = APIRouter(prefix="/v1", tags=["search"], responses=error_responses(401, 403, 413, 422))


@router.post("/search", summary="Search memories (dense + full text, mixed score)")
async def search(
    body: SearchRequest, request: Request, engine: EngineDep, scope: ScopeDep
) -> SearchResults:
    """Returns up to ``k`` live memories and archived conversation turns of the scope, best
    first, each with its ``kind`` (``memory`` or ``turn``). ``filters`` narrow by field
    (`{"category": {"in": [...]}}`, `{"kind": "turn"}`, AND/OR/NOT); ``as_of`` answers with
    what was true then."""  # R1-R3, R8, L6
    metrics: Metrics = request.app.state.metrics
    async with request.app.state.ranking_gate.slot():  # saves pass it (api/gate.py)
        started = time.perf_counter()  # the engine's time, not the wait for a slot
        hits = await engine.search(body.query, scope=scope, k=body.k, filters=body.filters,
                                   as_of=body.as_of, min_confidence=body.min_confidence,
                                   threshold=body.threshold)
    metrics.search.observe(time.perf_counter() - started)
    return SearchResults(hits=[SearchHit.of(h) for h in hits])
