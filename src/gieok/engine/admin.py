"""Lifecycle jobs (L1–L4), versions and rollback (L5), reindexing (L7), export and per-scope
settings (W9): the administrative layer of ``AsyncMemory`` (see ``engine.core`` for why it
is built in layers)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from gieok.domain.categories import refuse_unknown, unknown_names
from gieok.domain.limits import check_id
from gieok.domain.policy import ScopeSettings
from gieok.domain.query import View, parse_filter, parse_time
from gieok.domain.records import MemoryRecord, utcnow
from gieok.domain.scope import resolve_scope
from gieok.embedders import Embedder
from gieok.engine.core import EngineCore, ScopeArg, check_int
from gieok.errors import ConfigurationError
from gieok.lifecycle.consolidate import ConsolidationReport, run_consolidation
from gieok.lifecycle.decay import DecayReport, run_decay
from gieok.lifecycle.expiry import ExpiryReport
from gieok.lifecycle.jobs import job_scope, list_versions, run_expiry, run_rollback
from gieok.lifecycle.reindex import ReindexReport, run_reindex
from gieok.profiles import apply_changes
from gieok.runtime import make_embedder


class AdminOps(EngineCore):
    """``decay``, ``expire``, ``consolidate``, ``versions``, ``rollback``, ``reindex``,
    ``export``, ``get_settings``, ``update_settings``."""

    async def decay(
        self, *, scope: ScopeArg = None, now: datetime | str | None = None,
        factor: float | None = None, period_days: float | None = None,
        floor: float | None = None, dry_run: bool = False, **ids: str | None,
    ) -> DecayReport:
        """L1: confidence decay for inferred memories (×0.95 per 30-day period, floor 0.1),
        with a ``decay`` audit event per change. No scope: the whole default tenant."""
        where = resolve_scope(scope, **ids) if scope is not None or any(ids.values()) else None
        store, _ = await self._ready()
        at = parse_time(now, "now") if now is not None else utcnow()
        return await run_decay(store, where, now=at, factor=factor, period_days=period_days,
                               floor=floor, dry_run=dry_run)

    async def export(
        self,
        *,
        scope: ScopeArg = None,
        user_id: str | None = None,
        session_id: str | None = None,
        persona_id: str | None = None,
        project_id: str | None = None,
        org_id: str | None = None,
    ) -> list[dict[str, Any]]:
        """Everything stored in a scope (every status and version), as JSON-ready dicts."""
        where = resolve_scope(scope, org_id=org_id, project_id=project_id, user_id=user_id,
                              persona_id=persona_id, session_id=session_id)
        store, _ = await self._ready()
        view = View(statuses=("active", "archived", "deleted"), include_superseded=True)
        out: list[dict[str, Any]] = []
        offset = 0
        while True:
            page = await store.list(where, filters=None, view=view, limit=500, offset=offset)
            out.extend(r.public_dict() for r in page.items)
            offset += len(page.items)
            if not page.items or offset >= page.total:
                return out

    async def expire(
        self, *, scope: ScopeArg = None, now: datetime | str | None = None,
        retention_days: float | None = None, dry_run: bool = False, **ids: str | None,
    ) -> ExpiryReport:
        """L2 + L3: archive expired memories (own ``expires_at`` or per-type TTL) with expire
        events, then hard-delete what is past the scope's retention. No scope: whole tenant."""
        where = resolve_scope(scope, **ids) if scope is not None or any(ids.values()) else None
        store, _ = await self._ready()
        return await run_expiry(
            store, job_scope(where), now=parse_time(now, "now") if now else utcnow(),
            ttl_days=self.settings.lifecycle.type_ttl_days, retention_days=retention_days,
            dry_run=dry_run)

    async def consolidate(
        self, *, scope: ScopeArg = None, now: datetime | str | None = None,
        dry_run: bool = False, **ids: str | None,
    ) -> ConsolidationReport:
        """L4: digest old memories by topic and time window; distil stale episodes."""
        where = resolve_scope(scope, **ids) if scope is not None or any(ids.values()) else None
        store, embedder = await self._ready()
        cfg = self.settings.lifecycle
        return await run_consolidation(
            store, embedder, job_scope(where), now=parse_time(now, "now") if now else None,
            after_days=cfg.consolidate_after_days, window_days=cfg.consolidate_window_days,
            min_cluster=cfg.consolidate_min_cluster,
            importance_factor=cfg.consolidate_importance_factor,
            stale_episode_days=cfg.stale_episode_days, dry_run=dry_run)

    async def versions(self, memory_id: str, /, *, scope: ScopeArg = None) -> list[MemoryRecord]:
        """Every recoverable version of a memory, oldest first (L5)."""
        check_id(memory_id)
        store, _ = await self._ready()
        return await list_versions(store, memory_id,
                                   resolve_scope(scope) if scope is not None else None)

    async def rollback(self, memory_id: str, version: int, /, *, scope: ScopeArg = None
                       ) -> MemoryRecord:
        """Make ``version`` current again as a new version (L5); history keeps everything."""
        check_id(memory_id)
        check_int("version", version, 1, 2**31)
        store, embedder = await self._ready()
        return await run_rollback(store, embedder, memory_id, version,
                              resolve_scope(scope) if scope is not None else None)

    async def reindex(
        self, embedder: str | Embedder, /, *, drop_previous: bool = False,
        progress: Callable[[int], None] | None = None,
    ) -> ReindexReport:
        """L7: re-embed every memory with ``embedder`` beside the live vectors (reads go on
        meanwhile), switch when complete; this engine then embeds with it. Roll back by
        reindexing to the previous model: its vectors are kept until ``drop_previous``.
        Reopen other engines on this store afterwards: they refuse the new index."""
        try:
            await self._runtime()
        except ConfigurationError as exc:  # opened with the new model already: fine here
            if exc.code != "EMBEDDER_MISMATCH":
                raise
        target = make_embedder(embedder, self.settings)
        report = await run_reindex(self.store, target, drop_previous=drop_previous,
                                   progress=progress)
        if report.switched or report.previous == target.name:
            await self.runtime.swap_embedder(target)
            self._index_checked = True
            self._assembler().cache.clear()
        return report

    async def get_settings(self, *, scope: ScopeArg = None, **ids: str | None) -> ScopeSettings:
        """The settings in force in a scope (W9): its own, its ancestors' key by key, then
        its profile's defaults; ``profile`` says which profile applies."""
        return (await (await self._runtime()).policy(resolve_scope(scope, **ids))).settings

    async def update_settings(
        self, *, scope: ScopeArg = None, user_id: str | None = None,
        persona_id: str | None = None, project_id: str | None = None, org_id: str | None = None,
        session_id: str | None = None, **changes: Any,
    ) -> ScopeSettings:
        """Change a scope's own settings; the others keep coming from its ancestors and its
        profile. ``None`` resets a setting to what the scope inherits. Returns the settings
        now in force."""
        where = resolve_scope(scope, org_id=org_id, project_id=project_id, user_id=user_id,
                              persona_id=persona_id, session_id=session_id)
        rt = await self._runtime()
        own = apply_changes(await rt.store.get_settings(where), changes)
        if changes.get("allowed_categories"):  # a name no memory can carry stops all writes
            unknown = [name for name in unknown_names(own.allowed_categories or [])
                       if not await rt.store.count(where,
                                                   filters=parse_filter({"category": name}))]
            if unknown:
                raise refuse_unknown(unknown)
        await rt.store.put_settings(where, own)
        if self._context_assembler is not None:
            self._context_assembler.cache.clear()  # cached blocks used the old settings
        return (await rt.policy(where)).settings
