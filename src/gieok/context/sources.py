"""Where the context's sections come from (I/O side of C1): pinned facts, retrieved memories,
recent episodes, skills, tier knowledge. Each function reads the store and returns records or
scored records; turning them into sections happens in ``assemble``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from gieok.context import question_parts
from gieok.context.merge import merge_by_scope
from gieok.domain.query import And, Filter, ScoredMemory, ScoreParts, View, matches, parse_filter
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
    """Memories visible to a session: the same user/persona/project across all sessions —
    and, inside a project, the user's own user-wide memories too (seed 004: preferences
    and rules are the user's everywhere; ``read_filter`` keeps other projects out)."""
    if scope.project and scope.user:
        return scope.with_(project=None, session=None)
    if scope.session and len(scope.levels()) > 1:
        return scope.with_(session=None)
    return scope


def read_filter(scope: Scope) -> Filter | None:
    """What ``read_scope`` must leave out: another project's memories of the same user."""
    if scope.project and scope.user:
        return parse_filter({"OR": [{"project": scope.project}, {"project": None}]})
    return None


def visible(scope: Scope, filters: Filter | None = None) -> tuple[Scope, Filter | None]:
    """The read scope and filter for reads in ``scope`` (search and context)."""
    extra = read_filter(scope)
    if extra is None:
        return read_scope(scope), filters
    return read_scope(scope), extra if filters is None else And((filters, extra))


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
    episodes: int, episode_since: datetime, within: Filter | None = None,
) -> Standing:
    """One filtered pass over the scope (newest first, paged so nothing old is missed) for
    ``pinned=True`` memories, important health/safety facts (with ``safety``; pinned first,
    then by importance, then newest) and every procedural skill; then the latest unpromoted
    episodes since ``episode_since``."""
    ors: list[dict[str, object]] = [{"pinned": True}, {"layer": Layer.PROCEDURAL.value}]
    if safety:
        ors.append({"importance": {"gte": min_importance}})
    flt = both(parse_filter({"AND": [{"layer": {"ne": Layer.WORKING.value}}, {"OR": ors}]}),
                within)
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
        recent = both(parse_filter({"layer": Layer.EPISODIC.value, "promoted": False,
                                     "event_time": {"gte": episode_since}}), within)
        out.episodes = (await store.list(scope, filters=recent, view=LIVE, limit=episodes,
                                         offset=0)).items
    out.pinned.sort(key=lambda r: (not r.pinned, -r.importance, -r.event_time.timestamp()))
    out.pinned = out.pinned[:max_pinned]
    return out


def _best_of(hits: list[ScoredMemory], more: list[ScoredMemory], k: int) -> list[ScoredMemory]:
    """Each memory of ``hits`` and ``more`` once, as the search that found it most relevant,
    the best ``k`` by the mixed score."""
    best: dict[str, ScoredMemory] = {}
    for hit in (*hits, *more):
        have = best.get(hit.record.id)
        if have is None or (hit.parts.relevance, hit.score) > (have.parts.relevance, have.score):
            best[hit.record.id] = hit
    return sorted(best.values(), key=lambda h: (-h.score, h.record.id))[:k]


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
        # a fact is not lent its turn's relevance here (read/provenance.py): the block shows
        # facts and turns in their own sections, each over its own floor, and a fact lifted
        # over the memories' floor by a turn under the turns' floor is a line more for an
        # unrelated request (own users set, session 13: +0.08–0.27 lines per request); a
        # fact of the family the query names still is (``lend_family``: it is what was asked)
        if weights.lend_turn_relevance:
            weights = weights.model_copy(update={"lend_turn_relevance": False})
        hits = await hybrid_search(store, embedder, scope, query, k=k, filters=filters,
                                   view=LIVE, weights=weights, now=now)
        for part in question_parts.parts(query):  # "나 어디 살아? 알레르기 있어?": each too
            hits = _best_of(hits, await hybrid_search(store, embedder, scope, part, k=k,
                                                      filters=filters, view=LIVE,
                                                      weights=weights, now=now), k)
        return hits
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


def both(first: Filter | None, second: Filter | None) -> Filter | None:
    if first is None or second is None:
        return first or second
    return And((first, second))


def _tier_filter(scope: Scope) -> Filter | None:
    """Records written *at* the organisation or this project (no user, persona or
    session): a tier's knowledge, whatever layer it was written with."""
    return parse_filter({"user": None, "persona": None, "session": None,
                         "OR": [{"project": None}, *([{"project": scope.project}]
                                                     if scope.project else [])]})


async def tier_skills(store: Store, scope: Scope, limit: int = 500) -> list[MemoryRecord]:
    """Skills written at the shared tiers above ``scope`` (organisation, project)."""
    tiers = tier_scopes(scope)
    if not tiers:
        return []
    flt = both(parse_filter({"layer": Layer.PROCEDURAL.value}), _tier_filter(scope))
    page = await store.list(tiers[0], filters=flt, view=LIVE, limit=limit, offset=0)
    return list(page.items)


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
    """Organisation and project knowledge: what was written at the shared tiers above
    ``scope`` (the organisation itself, this project itself) — every project of the
    organisation sees the organisation's, no ``layer`` flag needed; never another user's
    memories."""
    tiers = tier_scopes(scope)
    if not tiers:
        return []
    return await retrieve(store, embedder, tiers[0], query, k=k,
                          filters=both(MEMORY_FILTER, _tier_filter(scope)), weights=weights,
                          now=now)


def tier_path_filter(scope: Scope) -> Filter | None:
    """Records written at ``scope`` or one of its ancestors (org → project → user → persona
    → session): the tiers a context merges (C6)."""
    parts: list[dict[str, object]] = []
    for level in ("project", "user", "persona", "session"):
        value = getattr(scope, level)
        parts.append({"OR": [{level: None}, {level: value}]} if value else {level: None})
    return parse_filter({"AND": parts})


async def tier_data(store: Store, scope: Scope, limit: int = 500
                    ) -> tuple[dict[str, object], list[MemoryRecord]]:
    """C6, seed 002's assembler: the ``data`` that callers stored at the organisation, the
    project and this session (written there, not extracted), merged key by key from the
    widest tier to the narrowest — the narrower tier's value wins, an empty value never
    overrides, and within a tier the newest wins. Returns the mapping and its records."""
    flt = both(parse_filter({
        "user": None, "persona": None, "source": {"ne": "inferred"},
        "layer": {"nin": [Layer.PROCEDURAL.value, Layer.WORKING.value, Layer.EPISODIC.value]},
    }), tier_path_filter(scope))
    page = await store.list(Scope(org=scope.org), filters=flt, view=LIVE, limit=limit,
                            offset=0)
    keyed = sorted((r for r in page.items if r.data), key=lambda r: r.updated_at)
    return merge_by_scope([(r.scope, r.data or {}) for r in keyed]), keyed


def may_show(scope: Scope, record: MemoryRecord) -> bool:
    """Whether a context for ``scope`` may show ``record``: the session's own user-level
    memories, or knowledge its shared tiers wrote themselves."""
    if record.scope.tenant != scope.tenant:
        return False
    reader, within = visible(scope)
    if reader.contains(record.scope) and matches(within, record):
        return True
    return bool(tier_scopes(scope)) and matches(_tier_filter(scope), record)


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
