"""Context assembly (C1): one ``[MEMORY CONTEXT]`` block plus the recent turns, per turn.

Sections (empty ones left out, sorted by relevance, ties in SPEC order):

* conversation summary — the rolling summary of turns that left the raw window (R7);
* core facts — pinned memories and important health/safety facts, own budget (R6);
* relevant memories — hybrid search + mixed score, dated (R1–R4);
* recent conversations — the latest session episodes (W11), so a persona recalls yesterday;
* matching skills — procedural memories whose triggers match the query (C4);
* project memory and rules — MEMORY.md and the rules whose ``paths`` match (C3), plus
  project-level knowledge records;
* organisation knowledge — records written at the organisation tier (C6).

Then the budget (C2), the trace (C8), use tracking (R5) and the cache (C5).
"""

from __future__ import annotations

import functools
import os
import time
from dataclasses import dataclass
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from gieok.context import sources
from gieok.context.budget import Fitted, fit
from gieok.context.cache import CacheEntry, ContextCache, ScopeMemo, cache_key
from gieok.context.endings import enders
from gieok.context.groups import member_query, named_groups, names_member
from gieok.context.items import (
    project_items,
    search_sections,
    section,
    skill_items,
    standing_item,
    turn_item,
)
from gieok.context.past import date_past
from gieok.context.policy import Policy, tier_data_section
from gieok.context.project_files import ProjectMemory, project_dir
from gieok.context.reads import first_reads
from gieok.domain.limits import check_text
from gieok.context.tokens import TokenCounter, get_counter
from gieok.context.working import (
    RollingSummaries,
    Summarizer,
    as_turns,
    llm_summarizer,
    split_window,
    summarize,
)
from gieok.domain.context import (
    DEFAULT_MIN_RELEVANCE,
    DEFAULT_TURN_MIN_RELEVANCE,
    Budget,
    Context,
    ContextItem,
    ContextSection,
    ContextSettings,
    SectionKind,
    Trace,
    TraceUse,
)
from gieok.domain.query import Filter, ScoredMemory, ScoreParts
from gieok.domain.records import Layer, MemoryRecord, normalize_text, utcnow
from gieok.domain.scope import Scope
from gieok.domain.turns import Turn
from gieok.embedders.base import Embedder, similarity_range
from gieok.embedders.cached import QueryCacheEmbedder
from gieok.errors import InvalidInputError
from gieok.read.phatic import says_nothing
from gieok.runtime import Runtime
from gieok.settings import ScoringSettings
from gieok.stores.base import Store
from gieok.stores.working import WorkingLog

SUMMARY_RELEVANCE, PINNED_RELEVANCE, SELECTED_RELEVANCE = 0.9, 1.0, 1.0
# How far under the block's best searched line a history line (an archived turn dated
# "(until …)") may be and still be shown, with the memory that ended it: what is no longer true
# earns its place only when the request is about it ("LG에서 일해요 (until …)" at 0.41 is left
# out of "출산 준비물 리스트", best line 0.81; "I live in Chicago (until …)" is the best line of
# "where do I live?" and comes with "User moved to Denver").
HISTORY_MARGIN = 0.1
GROUP_MEMBERS = 6  # memories of a named group's members shown under the floor, at most
ProjectArg = ProjectMemory | str | os.PathLike[str] | None


class ContextAssembler:
    """Builds contexts for one engine; holds the token counter and the cache."""

    def __init__(self, settings: ContextSettings, scoring: ScoringSettings, data_dir: Path
                 ) -> None:
        """The runtime's chat model writes rolling summaries when ``settings.llm_summary`` is
        on; without one, or when it fails, summaries are extractive."""
        self.settings = settings
        self._rolling: RollingSummaries | None = None
        self.scoring = scoring
        self.data_dir = Path(data_dir)
        self.counter: TokenCounter = get_counter(settings.tokenizer)
        margin = timedelta(seconds=settings.cache_write_margin_s)
        self.cache = ContextCache(settings.cache_ttl_s, settings.cache_entries, margin)
        self.standing = ScopeMemo(settings.cache_ttl_s, 4 * settings.cache_entries, margin)

    def project(self, project_id: str | None, root: ProjectArg = None, *, tenant: str = ""
                ) -> ProjectMemory | None:
        """The project's file memory: an explicit root, the configured root for this project
        (``project_roots`` key ``"<project>"`` for the default tenant, ``"<org>/<project>"``
        for an organisation's), or its own directory under ``project_root`` (default
        ``<data_dir>/projects``) — never another tenant's (X1)."""
        if isinstance(root, ProjectMemory):
            return root
        if root is not None:
            return ProjectMemory(root)
        if project_id is None:
            return None
        configured = self.settings.project_roots.get(
            f"{tenant}/{project_id}" if tenant else project_id)
        if configured:
            return ProjectMemory(configured)
        base = Path(self.settings.project_root) if self.settings.project_root else \
            self.data_dir / "projects"
        return ProjectMemory(project_dir(base, project_id, tenant))

    async def assemble(
        self,
        rt: Runtime,
        scope: Scope,
        query: str,
        *,
        history: Sequence[Turn | Mapping[str, Any]] | None = None,
        budget: Budget | int | Mapping[str, Any] | None = None,
        entity: str | None = None,
        path: str | None = None,
        project: ProjectArg = None,
        use_cache: bool = True,
        track_use: bool = True,
        summarizer: Summarizer | None = None,
        now: datetime | None = None,
    ) -> Context:
        store = rt.store
        if self._rolling is None and rt.chat is not None and self.settings.llm_summary:
            self._rolling = RollingSummaries(llm_summarizer(rt.chat))
        started = time.perf_counter()
        wall = utcnow()  # the cache compares this with records' updated_at: never simulated
        now = now or wall
        if not isinstance(query, str):
            raise InvalidInputError("query must be a string")
        check_text(query, "query")
        query = query.strip()
        reader, within = sources.visible(scope)
        standing_key = _standing_key(reader, within)
        # one store round trip: settings, turns, selection, the standing memo's check
        first = await first_reads(
            rt, scope, turns=None if history is not None else self.settings.load_turns,
            probe=self.standing.probe(reader, now, standing_key))
        policy, selection = first.policy, first.selection
        cfg, scoring = self._config(rt, policy.profile)
        try:
            plan = Budget.of(budget, cfg.budget)  # type: ignore[arg-type]
        except (TypeError, ValueError) as exc:
            raise InvalidInputError(f"invalid budget: {exc}") from None
        turns = as_turns(history) if history is not None else \
            await first.turns(cfg.load_turns)
        files = self.project(scope.project, project, tenant=scope.tenant)
        key = cache_key(scope.key(), query, tuple((t.role, t.content) for t in turns),
                        plan.model_dump_json(), entity, path,
                        (str(files.root), files.fingerprint()) if files else None,
                        tuple(selection), policy.profile, policy.settings.model_dump_json())
        if use_cache:
            entry = await self.cache.get(key, store, now)
            if entry is not None:
                ctx = _detached(entry.context, cached=True)
                ctx.trace.timings_ms = {"total": _ms(started)}
                if track_use:
                    await _touch(store, scope, ctx.trace.used_ids(), now)
                    await _consume(rt.working, scope, selection)
                return ctx
        memo = _Probed(first.changed) if first.changed is not None else None
        ctx, used_scopes, expires = await self._build(
            rt, scope, query, turns, plan, entity, path, files, summarizer, now,
            started, Policy(cfg, scoring, policy.settings), selection, memo)
        if track_use:
            await _touch(store, scope, ctx.trace.used_ids(), now)
            await _consume(rt.working, scope, selection)
        if use_cache:
            self.cache.put(key, CacheEntry(
                context=_detached(ctx), built_at=wall, monotonic=time.monotonic(),
                scopes=tuple(used_scopes), tenant=scope.tenant,
                record_ids=tuple(_record_ids(ctx.trace.used_ids())), expires_at=expires))
        return ctx

    def _config(self, rt: Runtime, profile: str) -> tuple[ContextSettings, ScoringSettings]:
        """The context and scoring settings of a scope's profile (the engine's own when the
        scope uses the process profile)."""
        if profile == rt.settings.profile:
            return self.settings, self.scoring
        other = rt.for_profile(profile)
        return other.context, other.scoring

    async def _build(  # noqa: PLR0913 - one place that wires every source
        self, rt: Runtime, scope: Scope, query: str, turns: list[Turn],
        plan: Budget, entity: str | None, path: str | None, files: ProjectMemory | None,
        summarizer: Summarizer | None, now: datetime, started: float, policy: Policy,
        selection: Sequence[str] = (), memo: _Probed | None = None,
    ) -> tuple[Context, list[Scope], datetime | None]:
        cfg, store, embedder = policy.context, rt.store, rt.embedder
        timings: dict[str, float] = {}
        trace = Trace(query=query, scope=str(scope), counter=self.counter.name, built_at=now)
        window = split_window(turns, keep=cfg.recent_turns, max_turns=cfg.window_turns(),
                              max_tokens=cfg.summarize_after_tokens, counter=self.counter)
        summary, sections = await self._summary(rt.working, scope, window.older, query,
                                                plan, summarizer, trace,
                                                SectionKind.SUMMARY in cfg.sections)
        timings["working"] = _ms(started)
        reader, within = sources.visible(scope)
        records: list[MemoryRecord] = []
        data: dict[str, Any] = {}
        if policy.scope.enabled:
            chosen, notes = await sources.selected_records(store, scope, selection, now)
            trace.warnings.extend(notes)
            sections.append(section(SectionKind.SELECTED, [
                standing_item(r, SELECTED_RELEVANCE) for r in chosen], SELECTED_RELEVANCE))
            memory_sections, records, data = await self._memory_sections(
                store, embedder, scope, (reader, within), query, now, timings, policy, turns,
                memo)
            sections.extend(memory_sections)
            records = [*chosen, *records]
            if files is not None and SectionKind.PROJECT in cfg.sections:
                sections.append(section(SectionKind.PROJECT, project_items(
                    files, entity, path, cfg.memory_lines, trace)))
        else:
            trace.warnings.append(
                "memory is disabled for this scope (its settings): nothing injected")
        messages = [{"role": t.role, "content": t.content} for t in window.recent]
        mark = time.perf_counter()
        kept = [s for s in _merge_project(sections) if s.kind in cfg.sections]
        fitted = fit(kept, messages, plan, self.counter, near_duplicate=cfg.near_duplicate)
        timings["fit"] = _ms(mark)
        _fill_trace(trace, fitted, len(window.recent))
        trace.selected = [u.id for u in trace.used if u.section is SectionKind.SELECTED]
        kept = set(trace.used_ids())
        expiries = [r.expires_at for r in records if r.id in kept and r.expires_at is not None]
        timings["total"] = _ms(started)
        trace.timings_ms = timings
        ctx = Context(text=fitted.text, messages=fitted.messages, summary=summary or None,
                      tokens=fitted.tokens, block_tokens=fitted.block_tokens,
                      sections=fitted.sections, trace=trace, data=data)
        return ctx, [reader, *sources.tier_scopes(scope)], min(expiries) if expiries else None

    async def _summary(
        self, log: WorkingLog | None, scope: Scope, older: list[Turn], query: str,
        plan: Budget, summarizer: Summarizer | None, trace: Trace, wanted: bool = True,
    ) -> tuple[str | None, list[ContextSection | None]]:
        """R7's rolling summary of the turns that left the raw window, as a section."""
        if not older or not wanted:
            return None, []
        if summarizer is None and self._rolling is not None:
            summarizer = functools.partial(self._rolling, log, scope)
        summary, how = await summarize(older, max_tokens=plan.summary_tokens,
                                       counter=self.counter, query=query, summarizer=summarizer)
        trace.summarized_turns = len(older)
        if how == "extractive_fallback":
            trace.warnings.append("LLM summary failed; used the extractive summary")
        if not summary:
            return None, []
        item = ContextItem(id="summary", text=summary, score=SUMMARY_RELEVANCE)
        return summary, [section(SectionKind.SUMMARY, [item], SUMMARY_RELEVANCE)]

    async def _standing(self, store: Store, reader: Scope, within: Filter | None,
                        now: datetime, cfg: ContextSettings, memo: _Probed | None = None,
                        ) -> sources.Standing:
        """Pinned facts, skills and recent episodes: memoised per scope until it changes,
        one of them expires, or an episode ages out of the window. ``memo``: the answer to
        the memo's change check when it came with the first reads."""
        key = _standing_key(reader, within)
        if memo is not None:
            found = self.standing.settle(reader, memo.changed, key)
        else:
            found = await self.standing.get(reader, store, now, key)
        if isinstance(found, sources.Standing):
            return found
        wall = utcnow()
        window = timedelta(days=cfg.episode_max_age_days)
        standing = await sources.standing_records(
            store, reader, min_importance=cfg.pinned_min_importance, safety=cfg.pin_safety_facts,
            max_pinned=cfg.max_pinned, episodes=cfg.episodes, episode_since=now - window,
            within=within)
        limits = [r.expires_at for r in [*standing.pinned, *standing.skills, *standing.episodes]
                  if r.expires_at is not None]
        limits += [r.event_time + window for r in standing.episodes]
        self.standing.put(reader, standing, wall, min(limits) if limits else None, key,
                          tuple(r.id for r in (*standing.pinned, *standing.skills,
                                               *standing.episodes)))
        return standing

    async def _memory_sections(  # noqa: PLR0913
        self, store: Store, embedder: Embedder, scope: Scope,
        visible: tuple[Scope, Filter | None], query: str, now: datetime,
        timings: dict[str, float], policy: Policy, turns: Sequence[Turn] = (),
        memo: _Probed | None = None,
    ) -> tuple[list[ContextSection | None], list[MemoryRecord], dict[str, Any]]:
        cfg, scoring, admit = policy.context, policy.scoring, policy.admits
        reader, within = visible
        mark = time.perf_counter()
        searcher: Embedder = embedder
        if query and scoring.dense_weight > 0:
            searcher = QueryCacheEmbedder(
                embedder, queries={query: await embedder.embed_query(query)})
        timings["embed"] = _ms(mark)
        mark = time.perf_counter()
        standing = await self._standing(store, reader, within, now, cfg, memo)
        timings["standing"] = _ms(mark)
        mark = time.perf_counter()
        hits = await sources.retrieve(store, searcher, reader, query, k=cfg.candidates,
                                      filters=sources.both(sources.MEMORY_FILTER, within),
                                      weights=scoring, now=now)
        floor, turn_floor = _floors(cfg, similarity_range(embedder) is not None)
        candidates = hits
        hits = [h for h in hits if (h.parts.relevance >= floor or not query)
                and admit(h.record)]
        floored = {h.record.id for h in hits}
        groups = named_groups(query) if query else frozenset()
        # the members, however many memories: when the search's candidates were not all of
        # them, one full-text read of the group's relation words (no embedding)
        if groups and scoring.fulltext_weight > 0 and len(candidates) >= cfg.candidates:
            lexical = scoring.model_copy(update={"dense_weight": 0.0})
            seen = {h.record.id for h in candidates}
            candidates = [*candidates, *(h for h in await sources.retrieve(
                store, searcher, reader, member_query(groups), k=cfg.candidates,
                filters=sources.both(sources.MEMORY_FILTER, within), weights=lexical, now=now)
                if h.record.id not in seen)]
        hits = _with_members(hits, candidates, groups, admit, cfg.conversation_pleasantries)
        members = {h.record.id for h in hits} - floored
        archived = [h for h in hits if h.record.layer is Layer.ARCHIVE
                    and (h.parts.relevance >= turn_floor or h.record.id in members)
                    and (cfg.conversation_pleasantries
                         or not says_nothing(h.record.content, h.record.metadata.get("role")))]
        hits = [h for h in hits if h.record.layer is not Layer.ARCHIVE]
        tier_hits, skills, data, keyed = [], standing.skills, {}, set()
        if sources.tier_scopes(scope):
            tier_hits = await sources.tier_knowledge(store, searcher, scope, query,
                                                     k=cfg.candidates, weights=scoring,
                                                     now=now)
            skills = [*skills, *await sources.tier_skills(store, scope)]
            data, keyed_records = await sources.tier_data(store, scope)
            keyed = {r.id for r in keyed_records}
        shown = {h.record.id for h in tier_hits}  # tier knowledge is shown in its tier's section
        hits = [h for h in hits if h.record.id not in shown and h.record.id not in keyed]
        tier_hits = [h for h in tier_hits if h.record.id not in keyed]
        timings["search"] = _ms(mark)
        found = {h.record.id: h for h in hits if h.record.layer is Layer.EPISODIC}
        for record in standing.episodes:
            if admit(record):
                found.setdefault(record.id, ScoredMemory(record=record, score=0.0,
                                                         parts=ScoreParts()))
        episodes = sources.score_episodes([h.record for h in found.values()], now,
                                          {i: h.parts.relevance for i, h in found.items()})
        episodes = episodes[:cfg.episodes]
        hits = [h for h in hits if h.record.layer is not Layer.EPISODIC]
        if policy.scope.inject_limit is not None:
            hits = hits[:policy.scope.inject_limit]
        covered = {t for r in (*standing.pinned, *(h.record for h in (*hits, *episodes,
                                                                      *tier_hits)))
                   for t in r.source_turn_ids}
        # a history line is shown when the request is about it (HISTORY_MARGIN), and brings
        # the memory that ended it (context/endings.py)
        best = max((h.parts.relevance for h in (*hits, *archived)), default=0.0)
        archived = [h for h in archived if not h.record.metadata.get("until")
                    or h.parts.relevance >= best - HISTORY_MARGIN]
        past = _past_turns(archived, turns, cfg.conversation_items if query else 0, covered)
        hits = [*hits, *await enders(
            store, reader, within, past,
            {r.id for r in (*standing.pinned, *(h.record for h in (*hits, *tier_hits)))},
            admit, {h.record.id: h.parts.relevance for h in candidates})]
        sections = [
            section(SectionKind.PINNED, [standing_item(r, PINNED_RELEVANCE)
                                          for r in standing.pinned if admit(r)],
                     PINNED_RELEVANCE),
            *search_sections(hits, episodes, tier_hits),
            section(SectionKind.CONVERSATIONS, [turn_item(h) for h in past]),
            section(SectionKind.SKILLS, skill_items(skills, query, cfg.max_skills)),
            tier_data_section(data, scope),
        ]
        used = [h.record for h in (*hits, *episodes, *tier_hits, *past)]
        # an older line stating what a change in the block replaced reads as past
        date_past(sections, {r.id: r for r in (*standing.pinned, *used)})
        return sections, [*standing.pinned, *used], data


@dataclass(frozen=True)
class _Probed:
    """The standing memo's change check, answered with ``context()``'s first reads."""

    changed: bool


def _standing_key(reader: Scope, within: Filter | None) -> str:
    return f"{reader.key()}#{within!r}"


def _with_members(hits: list[ScoredMemory], candidates: Sequence[ScoredMemory],
                  groups: frozenset[str], admit: Callable[[MemoryRecord], bool],
                  pleasantries: bool = False) -> list[ScoredMemory]:
    """A request about the user's family, kids, parents or team (context/groups.py) also shows
    the searched memories of its members under the floor — the best ``GROUP_MEMBERS`` by the
    mixed score: the request is about them, though it shares no word with them. A user's own
    turn about a member counts too (it is quoted under past conversations, unless a memory
    in the block came from it): "후배 지훈이는 신입인데 …" left no memory of its own."""
    if not groups:
        return hits
    have = {h.record.id for h in hits}
    members = [h for h in candidates if h.record.id not in have
               and h.record.layer not in (Layer.EPISODIC, Layer.PROCEDURAL)
               and admit(h.record) and names_member(h.record.content, groups)
               and (h.record.layer is not Layer.ARCHIVE
                    or (h.record.metadata.get("role") == "user"
                        and (pleasantries or not says_nothing(h.record.content, "user"))))]
    return [*hits, *members[:GROUP_MEMBERS]]


def _floors(cfg: ContextSettings, calibrated: bool) -> tuple[float, float]:
    """The relevance floors of searched memories and of archived turns: defaults only where
    the embedder's scale is calibrated (``ContextSettings``)."""
    floor = cfg.min_relevance
    if floor is None:
        floor = DEFAULT_MIN_RELEVANCE if calibrated else 0.0
    turns = cfg.turn_min_relevance
    if turns is None:
        turns = cfg.min_relevance if cfg.min_relevance is not None else \
            DEFAULT_TURN_MIN_RELEVANCE if calibrated else 0.0
    return floor, max(floor, turns)


def _past_turns(hits: Sequence[ScoredMemory], current: Sequence[Turn], limit: int,
                covered: Iterable[str] = ()) -> list[ScoredMemory]:
    """Archived turns worth showing (R8): the best passage of each turn, none of the turns
    already in this conversation (they are in the summary or the raw window) and none a
    memory or summary in the block came from (``covered``: their source turns). The block
    says each thing once, and in its current form: "I live in Gangnam" quoted beside
    "User lives in Gangnam-gu (until June)" would read as if it were still true."""
    seen = {t.id for t in current} | {normalize_text(t.content) for t in current} | set(covered)
    out: list[ScoredMemory] = []
    for hit in hits:
        turn = str(hit.record.metadata.get("turn", hit.record.id))
        if turn in seen or normalize_text(hit.record.content) in seen:
            continue
        seen.add(turn)
        out.append(hit)
    return out[:limit]


def _fill_trace(trace: Trace, fitted: Fitted, window_turns: int) -> None:
    trace.cut = fitted.cuts
    trace.warnings.extend(fitted.warnings)
    trace.turns_used = len(fitted.messages)
    trace.turns_cut = window_turns - len(fitted.messages)
    for section in fitted.sections:
        for item in section.items:
            trace.used.append(TraceUse(id=item.record_id or item.id, section=section.kind,
                                       score=item.score, tokens=item.tokens,
                                       truncated=item.truncated, parts=item.parts))


def _merge_project(sections: Sequence[ContextSection | None]) -> list[ContextSection]:
    """One project section even when files and project records both contribute."""
    out: dict[SectionKind, ContextSection] = {}
    for section in sections:
        if section is None:
            continue
        if section.kind in out:
            merged = out[section.kind]
            merged.items.extend(section.items)
            merged.relevance = max(merged.relevance, section.relevance)
        else:
            out[section.kind] = section
    return list(out.values())


def _detached(ctx: Context, *, cached: bool | None = None) -> Context:
    """A copy whose lists and trace can be changed without touching the cached one (items
    and score parts are shared: treat them as read-only). Much cheaper than a deep copy."""
    trace = ctx.trace.model_copy(update={
        "used": list(ctx.trace.used), "cut": list(ctx.trace.cut),
        "warnings": list(ctx.trace.warnings), "timings_ms": dict(ctx.trace.timings_ms),
        **({"cached": cached} if cached is not None else {})})
    return ctx.model_copy(update={
        "messages": [dict(m) for m in ctx.messages], "trace": trace,
        "sections": [s.model_copy(update={"items": list(s.items)}) for s in ctx.sections]})


def _record_ids(ids: Sequence[str]) -> list[str]:
    return [i for i in ids if not i.startswith(("project:", "summary", "skill:", "tiers:"))]


async def _touch(store: Store, scope: Scope, ids: Sequence[str], now: datetime) -> None:
    """R5: count a use for each memory in the block. Never fails the caller's turn."""
    records = _record_ids(ids)
    if not records:
        return
    try:
        await store.touch(scope.tenant, records, now)
    except Exception:  # noqa: BLE001 - use tracking is best-effort (W10 spirit)
        return


async def _consume(working: WorkingLog, scope: Scope, selection: Sequence[str]) -> None:
    """A real turn used the selection: it is one-shot, so it goes (ids selected meanwhile
    stay). Best-effort like use tracking: never fails the caller's turn."""
    if not selection:
        return
    try:
        await working.consume_selection(scope, selection)
    except Exception:  # noqa: BLE001 - W10 spirit
        return


def _ms(since: float) -> float:
    return round((time.perf_counter() - since) * 1000, 3)
