"""Where the context's sections come from (I/O side of C1): pinned facts, retrieved memories,
recent episodes, skills, tier knowledge. Each function reads the store and returns records or
scored records; turning them into sections happens in ``assemble``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from gieok.domain.query import Filter, ScoredMemory, ScoreParts, View, parse_filter
from gieok.domain.records import Layer, MemoryRecord
from gieok.domain.safety import is_safety_fact
from gieok.domain.scope import Scope
from gieok.embedders.base import Embedder
from gieok.read.scoring import mixed_score
from gieok.read.search import hybrid_search
from gieok.settings import ScoringSettings
from gieok.stores.base import Store

LIVE = View()
STANDING_PAGE = 1000
# Memories the "relevant memories" pool may hold: no skills, no raw turns, and no episode
# already distilled into a digest (L4: "marked promoted so they are not retrieved twice").
MEMORY_FILTER = parse_filter({
    "layer": {"nin": [Layer.PROCEDURAL.value, Layer.WORKING.value]},
    "NOT": {"AND": [{"layer": Layer.EPISODIC.value}, {"promoted": True}]},
})
def read_scope(scope: Scope) -> Scope:
    """Memories visible to a session: the same user/persona/project across all sessions."""
    if scope.session and len(scope.levels()) > 1:
        return scope.with_(session=None)
    return scope


def tier_scopes(scope: Scope) -> list[Scope]:
    """The shared tiers above the user (C6): the organisation, then the project."""
    tiers = []
    if scope.org:
        tiers.append(Scope(org=scope.org))
    if scope.project:
        tiers.append(Scope(org=scope.org, project=scope.project))
    return tiers


@dataclass
class Standing:
    """What a context shows whatever the query: pinned and safety facts, recent episodes,
    skills — read from the scope in one pass."""

    pinned: list[MemoryRecord] = field(default_factory=list)
    episodes: list[MemoryRecord] = field(default_factory=list)
    skills: list[MemoryRecord] = field(default_factory=list)


async def standing_records(
    store: Store, scope: Scope, *, min_importance: float, safety: bool, max_pinned: int,
    episodes: int, episode_since: datetime,
) -> Standing:
    """One filtered pass over the scope (newest first, paged so nothing old is missed) for
    ``pinned=True`` memories, important health/safety facts (with ``safety``; pinned first,
    then by importance, then newest) and every procedural skill; then the latest unpromoted
    episodes since ``episode_since``."""
    ors: list[dict[str, object]] = [{"pinned": True}, {"layer": Layer.PROCEDURAL.value}]
    if safety:
        ors.append({"importance": {"gte": min_importance}})
    flt = parse_filter({"AND": [{"layer": {"ne": Layer.WORKING.value}}, {"OR": ors}]})
    found: list[MemoryRecord] = []
    while True:
        page = await store.list(scope, filters=flt, view=LIVE, limit=STANDING_PAGE,
                                offset=len(found))
        found.extend(page.items)
        if not page.items or len(found) >= page.total:
            break
    out = Standing()
    for r in found:
        if r.layer is Layer.PROCEDURAL:
            out.skills.append(r)
        elif r.pinned or (safety and r.importance >= min_importance and is_safety_fact(r)):
            out.pinned.append(r)
    if episodes > 0:  # its own small query: a busy persona has many episodes, we need three
        recent = parse_filter({"layer": Layer.EPISODIC.value, "promoted": False,
                               "event_time": {"gte": episode_since}})
        out.episodes = (await store.list(scope, filters=recent, view=LIVE, limit=episodes,
                                         offset=0)).items
    out.pinned.sort(key=lambda r: (not r.pinned, -r.importance, -r.event_time.timestamp()))
    out.pinned = out.pinned[:max_pinned]
    return out


async def retrieve(
    store: Store,
    embedder: Embedder,
    scope: Scope,
    query: str,
    *,
    k: int,
    filters: Filter | None,
    weights: ScoringSettings,
    now: datetime,
) -> list[ScoredMemory]:
    """Hybrid search for a query; without one (a session's first turn), the most important
    and recent memories by the mixed score with zero relevance."""
    if query.strip():
        return await hybrid_search(store, embedder, scope, query, k=k, filters=filters,
                                   view=LIVE, weights=weights, now=now)
    page = await store.list(scope, filters=filters, view=LIVE, limit=max(k * 3, k), offset=0)
    scored = []
    for record in page.items:
        total, parts = mixed_score(record, 0.0, now, weights)
        scored.append(ScoredMemory(record=record, score=total, parts=parts))
    scored.sort(key=lambda s: (-s.score, s.record.id))
    return scored[:k]


def score_episodes(records: Sequence[MemoryRecord], now: datetime,
                   relevance: dict[str, float] | None = None) -> list[ScoredMemory]:
    """Session summaries (W11) for "recent conversations": what a persona recalls at a
    session's start. Freshness (a week's half-life) weighs as much as relevance to the
    query, so yesterday's interview outranks a months-old chat that happens to match a
    greeting; importance breaks ties."""
    relevance = relevance or {}
    out = []
    for record in records:
        age = max(0.0, (now - record.event_time).total_seconds() / 86400)
        fresh = 0.5 ** (age / 7.0)
        rel = relevance.get(record.id, 0.0)
        parts = ScoreParts(relevance=rel, recency=fresh, importance=record.importance)
        out.append(ScoredMemory(record=record, parts=parts,
                                score=0.4 * rel + 0.4 * fresh + 0.2 * record.importance))
    out.sort(key=lambda s: (-s.score, s.record.id))
    return out


async def tier_skills(store: Store, scope: Scope, limit: int = 500) -> list[MemoryRecord]:
    """Skills written at the shared tiers above ``scope`` (organisation, project)."""
    flt = parse_filter({"layer": Layer.PROCEDURAL.value})
    seen: dict[str, MemoryRecord] = {}
    for tier in tier_scopes(scope):
        page = await store.list(tier, filters=flt, view=LIVE, limit=limit, offset=0)
        for record in page.items:
            if _is_tier_record(record, tier):  # a tier contributes only what it wrote itself
                seen.setdefault(record.id, record)
    return list(seen.values())


def _is_tier_record(record: MemoryRecord, tier: Scope) -> bool:
    return record.scope.user is None and record.scope.persona is None and \
        record.scope.session is None and record.scope.project in (None, tier.project)


async def tier_knowledge(
    store: Store,
    embedder: Embedder,
    scope: Scope,
    query: str,
    *,
    k: int,
    weights: ScoringSettings,
    now: datetime,
) -> list[ScoredMemory]:
    """Organisation and project knowledge (layers ``organisation``/``project``) written at
    the shared tiers above ``scope`` — never another user's memories."""
    tiers = tier_scopes(scope)
    if not tiers:
        return []
    widest = tiers[0]
    flt = parse_filter({"layer": {"in": [Layer.ORGANISATION.value, Layer.PROJECT.value]}})
    hits = await retrieve(store, embedder, widest, query, k=k, filters=flt, weights=weights,
                          now=now)
    return [h for h in hits if _is_tier_record(h.record, scope)]


def may_show(scope: Scope, record: MemoryRecord) -> bool:
    """Whether a context for ``scope`` may show ``record``: the session's own user-level
    memories, or knowledge its shared tiers wrote themselves."""
    if record.scope.tenant != scope.tenant:
        return False
    return read_scope(scope).contains(record.scope) or \
        any(_is_tier_record(record, tier) for tier in tier_scopes(scope))


async def selected_records(
    store: Store, scope: Scope, ids: Sequence[str], now: datetime
) -> tuple[list[MemoryRecord], list[str]]:
    """The memories a person chose for this turn (seed 001's "use in the next turn"), in the
    chosen order, plus a warning for each one that cannot be shown any more."""
    if not ids:
        return [], []
    found = {r.id: r for r in await store.get(scope.tenant, list(ids))}
    shown, warnings = [], []
    for rid in ids:
        record = found.get(rid)
        if record is None or not may_show(scope, record):
            warnings.append(f"selected memory {rid} no longer exists: not included")
        elif not record.is_live(now):
            why = "superseded" if record.superseded_at else \
                "expired" if record.status.value == "active" else record.status.value
            warnings.append(f"selected memory {rid} is {why}: not included")
        else:
            shown.append(record)
    return shown, warnings
