"""Search orchestration (R1–R4): dense + full-text candidates → fusion (``_fuse``) → mixed
score (with the query's own dates, ``temporal.py``) → near-duplicate removal and MMR → top k.

Three store round trips, each as small as it can be: the dense and full-text lists in one
read; the scoring columns of every fused candidate (``RankOp``: a few columns, no
``MemoryRecord``s); whole records only for the hits returned (``GetOp``). Building ~100
validated records per search used to cost more than the search itself (docs/benchmarks.md).

One hit per conversation turn (``fold``, what ``search()`` asks for): a fact extracted from
a turn says what the archived turn says, and a long turn's passages are one turn; showing
both spends two of the caller's k places on one piece of evidence. A hit whose source turns
are all shown already (by a better hit) is folded into it — the shown hit keeps its own
provenance (``source_turn_ids``), and the next candidate takes the freed place (one more
``GetOp`` only when something was folded). Memories with no source turns never fold.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from datetime import datetime
from typing import NamedTuple

from gieok.domain.query import Candidate, Filter, RankRow, ScoredMemory, ScoreParts, View
from gieok.domain.scope import Scope
from gieok.embedders.base import Embedder, similarity_range
from gieok.read.diversity import drop_near_duplicates, mmr
from gieok.read.expansion import expansion_query, merge_expansion
from gieok.read.fusion import Fused, calibrated_fusion, rrf, score_fusion
from gieok.read.replies import reply_lifts
from gieok.read.scoring import mixed_terms
from gieok.read.speakers import SPEAKER_DEPTH, named_speakers
from gieok.read.temporal import TimeWindow, time_windows
from gieok.settings import ScoringSettings
from gieok.stores.base import Capability, Store
from gieok.stores.ops import DenseOp, FulltextOp, ReadOp


async def _candidates(
    store: Store, embedder: Embedder, scope: Scope, query: str, *, n: int,
    filters: Filter | None, view: View, weights: ScoringSettings,
) -> dict[str, list[Candidate]]:
    names: list[str] = []
    ops: list[ReadOp] = []
    if weights.dense_weight > 0:
        vector = await embedder.embed_query(query)
        names.append("dense")
        ops.append(DenseOp(scope, vector, n, filters, view))
    if weights.fulltext_weight > 0:
        names.append("fulltext")
        ops.append(FulltextOp(scope, query, n, filters, view))
        extra = expansion_query(query) if weights.expansion_weight > 0 else None
        if extra is not None:
            names.append("expanded")
            ops.append(FulltextOp(scope, extra, n, filters, view))
    lists = dict(zip(names, await store.read(ops), strict=True)) if ops else {}
    if "expanded" in lists:
        lists["fulltext"] = merge_expansion(lists["fulltext"], lists.pop("expanded"),
                                            weights.expansion_weight, n)
    return lists


class _Scored(NamedTuple):
    total: float
    item: Fused
    row: RankRow
    reply: float = 0.0  # what the total gained as a question's reply (replies.py)
    far: bool = False  # ranked too deep for the "who" lift (speakers.SPEAKER_DEPTH)


def _order_key(scored: _Scored) -> tuple[float, datetime, str, str]:
    # Ties go to the memory written first, then to its text: never to the random id, so a
    # ranking does not change when the same data is written again.
    return (-scored.total, scored.row.created_at, scored.row.content_hash, scored.row.id)


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
    fold: bool = False,
) -> list[ScoredMemory]:
    """The best ``k`` by the mixed score among candidates whose fused relevance reaches
    ``min_relevance`` (the caller's ``threshold``: 0 keeps every candidate); ``fold``: one
    hit per source turn (module docstring)."""
    n = max(weights.candidates, k)
    lists = await _candidates(store, embedder, scope, query, n=n, filters=filters, view=view,
                              weights=weights)
    rarity = Capability.FULLTEXT_RARITY in store.capabilities
    fused = [f for f in _fuse(lists, weights, embedder, n, rarity=rarity)
             if f.relevance >= min_relevance]
    if not fused:
        return []
    rows = {r.id: r for r in await store.rank_rows(scope.tenant, [f.id for f in fused])}
    at = view.as_of or now
    windows = time_windows(query, at) if weights.w_query_time > 0 else []
    names = named_speakers(query, (r.speaker for r in rows.values())) \
        if weights.w_query_speaker > 0 else frozenset()
    scored = [_Scored(mixed_terms(row, item.relevance, at, weights, windows, names)[0], item,
                      row)
              for item in fused if (row := rows.get(item.id)) is not None]
    if names:
        scored = _bound_speaker_lift(scored, names, weights.w_query_speaker)
    scored.sort(key=_order_key)
    if weights.lift_replies:
        scored = _lift_replies(scored)
    pool = k if weights.mmr_lambda >= 1.0 else max(3 * k, 30)  # MMR re-orders a wider pool
    spare = FOLD_SPARE * k if fold else 0  # places folded hits free are refilled from here
    kept = drop_near_duplicates(scored, _text, threshold=weights.near_duplicate,
                                limit=pool + spare)
    picked = mmr(kept[:pool], lambda s: s.total, _text, lam=weights.mmr_lambda, k=k)
    terms = _Terms(at, weights, windows, names)
    if not fold:
        return await _hydrate(store, scope.tenant, picked, terms)
    chosen = {id(s) for s in picked}
    order = [*picked, *(s for s in kept if id(s) not in chosen)]
    return await _hydrate_folded(store, scope.tenant, order, k, terms)


def _bound_speaker_lift(scored: list[_Scored], names: frozenset[str], lift: float
                        ) -> list[_Scored]:
    """The "who" lift taken back from the turns that, by everything else, rank below the
    first ``SPEAKER_DEPTH`` places (``speakers.py``)."""
    if len(scored) <= SPEAKER_DEPTH:
        return scored
    named = [s.row.speaker in names for s in scored]
    unlifted = [s.total - lift * n for s, n in zip(scored, named, strict=True)]
    cut = heapq.nlargest(SPEAKER_DEPTH, unlifted)[-1]
    return [s._replace(total=s.total - lift, far=True) if n and u < cut else s
            for s, n, u in zip(scored, named, unlifted, strict=True)]


def _lift_replies(scored: list[_Scored]) -> list[_Scored]:
    """``scored`` (best first) with the replies to its top question turns raised to just
    under them (``replies.py``), in order again."""
    lifts = reply_lifts([(s.total, s.row) for s in scored])
    if not lifts:
        return scored
    out = [s._replace(total=lifts[s.row.id], reply=lifts[s.row.id] - s.total)
           if s.row.id in lifts else s for s in scored]
    out.sort(key=_order_key)
    return out


class _Terms(NamedTuple):
    """What the mixed score of a hit is computed with (for its explanation)."""

    at: datetime
    weights: ScoringSettings
    windows: Sequence[TimeWindow]
    names: frozenset[str]


FOLD_SPARE = 2  # candidates beyond k kept ready per k, for the places folding frees


async def _hydrate_folded(store: Store, tenant: str, order: Sequence[_Scored], k: int,
                          terms: _Terms) -> list[ScoredMemory]:
    """``_hydrate`` in ``order`` until ``k`` hits each bring a source turn no better hit
    brought (or have none): the folded ones give their place to the next candidates."""
    out: list[ScoredMemory] = []
    shown: set[str] = set()
    start = 0
    while len(out) < k and start < len(order):
        batch = order[start:start + k - len(out)]
        start += len(batch)
        for hit in await _hydrate(store, tenant, batch, terms):
            sources = set(hit.record.source_turn_ids)
            if sources and sources <= shown:
                continue
            shown |= sources
            out.append(hit)
    return out


async def _hydrate(store: Store, tenant: str, picked: Sequence[_Scored], terms: _Terms
                   ) -> list[ScoredMemory]:
    """Whole records and score explanations (C8) for the hits returned, in their order. A
    record deleted since its row was read is left out."""
    records = {r.id: r for r in await store.get(tenant, [s.row.id for s in picked])}
    out: list[ScoredMemory] = []
    for hit in picked:
        item, row = hit.item, hit.row
        record = records.get(row.id)
        if record is None:
            continue
        _, rec, use, when, who = mixed_terms(row, item.relevance, terms.at, terms.weights,
                                             terms.windows, terms.names)
        who = 0.0 if hit.far else who
        parts = ScoreParts(relevance=item.relevance, recency=rec, importance=row.importance,
                           use=use, query_time=when, speaker=who, reply=hit.reply,
                           dense=item.raw.get("dense"),
                           fulltext=item.raw.get("fulltext"),
                           dense_rank=item.ranks.get("dense"),
                           fulltext_rank=item.ranks.get("fulltext"))
        out.append(ScoredMemory(record=record, score=hit.total, parts=parts))
    return out


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


def _text(scored: _Scored) -> str:
    return scored.row.content
