"""``WriteBase``: what every part of the write path shares — the engine's runtime (store,
working log, embedder, settings), the scope's settings and forget fence in one read, the
failure report of W10 — and the direct writes' guard and capacity (``remember``/``import``/
``update``: W4, W7, W9).

The write path is three layers of one class, each a module of one job: this one,
``session_end.SessionEnd`` (episodes, the idle sweeper, session expiry) and
``pipeline.WritePath`` (``add()``: working append → archive → extract → reconcile →
persist)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from gieok.domain.audit import AuditAction, AuditEvent, Trigger, audit_for
from gieok.domain.policy import ScopeSettings
from gieok.domain.query import View, parse_filter
from gieok.domain.records import Layer, MemoryRecord, Status, content_hash
from gieok.domain.results import AddResult
from gieok.domain.scope import Scope, long_term_scope
from gieok.embedders import Embedder
from gieok.errors import PolicyError
from gieok.llm.base import ChatModel
from gieok.runtime import Runtime
from gieok.settings import GieokSettings
from gieok.stores.base import Store
from gieok.stores.fence import SCOPE_FORGOTTEN, Fence
from gieok.stores.ops import FenceOp, ListOp
from gieok.stores.working import WorkingLog
from gieok.write.capacity import limit_error, limit_for, plan_capacity
from gieok.write.extract import Extractor
from gieok.write.guards import check_category, pii_policies
from gieok.write.pii import PiiPolicies, guard, guard_fields

# Memories that may name the user's pets and relatives (the heuristic extractor's tags).
# health too: "the vet put Pickles on prednisolone" names the pet by its care alone
ABOUT_THEIR_OWN = parse_filter({"layer": "long_term", "tags": {"in": ["family", "pet", "health"]}})
KNOWN_ENTITY_MEMORIES = 50

log = logging.getLogger("gieok.write")


def _hash(text: str) -> str:
    return content_hash(text)


class WriteBase:
    """One per engine, over the engine's ``Runtime``. Every batch it writes records the
    runtime's embedding model in the store if it has none yet (L7)."""

    def __init__(self, rt: Runtime) -> None:
        self.rt = rt
        self.failure_count = 0

    @property
    def store(self) -> Store:
        return self.rt.store

    @property
    def working(self) -> WorkingLog:
        return self.rt.working

    @property
    def embedder(self) -> Embedder:
        return self.rt.embedder

    @property
    def settings(self) -> GieokSettings:
        return self.rt.settings

    @property
    def chat(self) -> ChatModel | None:
        return self.rt.chat

    @property
    def extractor(self) -> Extractor:
        return self.rt.extractor

    # -- settings and guards ----------------------------------------------------------------
    async def settings_for(self, scope: Scope) -> ScopeSettings:
        """The scope's settings (W9): its own, then its ancestors' key by key, then its
        profile's defaults (``gieok.profiles``) — one store read."""
        return (await self.rt.policy(scope)).settings

    async def _settings_and_fence(self, scope: Scope
                                  ) -> tuple[ScopeSettings, Fence, list[MemoryRecord]]:
        """The scope's settings, the store's fence mark and the stored memories about the
        user's pets and relatives, in one read, before anything is read from the session: a
        ``forget`` that commits while this call extracts refuses its writes
        (``stores.fence``) instead of leaving memories in an emptied scope; the memories
        let the extractor know a name said in an earlier session ("Butter has …")."""
        [chain, mark, known] = await self.store.read([
            self.rt.policy_op(scope), FenceOp(),
            ListOp(long_term_scope(scope), ABOUT_THEIR_OWN, View(), KNOWN_ENTITY_MEMORIES, 0)])
        return self.rt.resolve(chain).settings, Fence(scope, mark), list(known.items)

    async def prepare_direct(
        self, items: Sequence[tuple[Scope, str, dict[str, Any]]]
    ) -> list[tuple[Scope, str, dict[str, Any]]]:
        """W4/W9 for ``remember``/``import``: refuse when disabled, mask or refuse PII."""
        cache: dict[str, ScopeSettings] = {}
        out = []
        for scope, text, fields in items:
            if scope.key() not in cache:
                cache[scope.key()] = await self.settings_for(scope)
            settings = cache[scope.key()]
            if not settings.enabled:
                raise PolicyError("memory is disabled for this scope; enable it with "
                                  "update_settings(enabled=True)", code="MEMORY_DISABLED")
            check_category(fields, settings)
            out.append((scope, *self._guard_direct(text, fields, pii_policies(settings))))
        return out

    def _guard_direct(self, text: str, fields: dict[str, Any],
                      policies: PiiPolicies) -> tuple[str, dict[str, Any]]:
        result = guard(text, policies) if isinstance(text, str) else None
        found = set(result.kinds) if result else set()
        refused = set(result.refused) if result else set()
        fields, kinds, bad = guard_fields(fields, policies)
        found |= kinds
        refused |= bad
        if refused:
            raise PolicyError(
                f"the memory contains {sorted(k.value for k in refused)} and this scope's PII "
                "policy refuses it; remove it or set the policy to 'mask'",
                code="PII_REJECTED", details={"kinds": sorted(k.value for k in refused)})
        if found:
            flags = set(fields.get("pii_flags") or []) | {k.value for k in found}
            fields["pii_flags"] = sorted(flags)
        return (result.text if result else text), fields

    def update_guard(self, changes: dict[str, Any], settings: ScopeSettings) -> dict[str, Any]:
        """``update(content=…)`` goes through the same guard as a new memory."""
        text = changes.get("content")
        rest = {k: v for k, v in changes.items() if k != "content"}
        policies = pii_policies(settings)
        masked, rest = self._guard_direct(text, rest, policies)  # type: ignore[arg-type]
        return {**rest, "content": masked} if text is not None else rest

    async def direct_capacity(self, fresh: Sequence[MemoryRecord], now: datetime,
                              trigger: Trigger) -> tuple[list[MemoryRecord], list[AuditEvent]]:
        """W7 for direct writes, with the same limit as extraction: the scope's
        ``max_memories``/``max_episodes``, its profile's, or the process default. Raises
        under "refuse"."""
        archived: list[MemoryRecord] = []
        events: list[AuditEvent] = []
        groups: dict[tuple[str, Layer], list[MemoryRecord]] = {}
        for record in fresh:
            groups.setdefault((record.scope.key(), record.layer), []).append(record)
        for (_, layer), records in groups.items():
            scope = records[0].scope
            [chain, page] = await self.store.read([  # settings and count: one round trip
                self.rt.policy_op(scope),
                ListOp(scope, parse_filter({"layer": layer.value}), View(), 0, 0)])
            settings = self.rt.resolve(chain).settings
            limit = limit_for(layer, settings, self.settings.write)
            incoming = [r for r in records if r.is_live()]
            if limit is None or page.total + len(incoming) <= limit:
                continue
            live = await self._live(scope, layer)
            plan = plan_capacity(live, incoming, limit=limit, policy=settings.capacity_policy)
            if plan.refused:
                raise limit_error(limit, layer, plan.refused)
            for victim in plan.archive:
                after = victim.model_copy(update={"status": Status.ARCHIVED, "updated_at": now})
                archived.append(after)
                events.append(audit_for(AuditAction.ARCHIVE, after, before=victim,
                                        trigger=Trigger.CAPACITY, details={"limit": limit}))
        return archived, events

    async def _count(self, scope: Scope, layer: Layer) -> int:
        return await self.store.count(scope, filters=parse_filter({"layer": layer.value}))

    async def _live(self, scope: Scope, layer: Layer, cap: int = 10_000) -> list[MemoryRecord]:
        page = await self.store.list(scope, filters=parse_filter({"layer": layer.value}),
                                     view=View(), limit=cap, offset=0)
        return list(page.items)

    def _fail(self, result: AddResult, exc: BaseException) -> None:
        code = getattr(exc, "code", type(exc).__name__)
        message = getattr(exc, "message", str(exc))
        result.failures.append(f"[{code}] {message}")
        if code == SCOPE_FORGOTTEN:  # the user's forget won, as it should: nothing to retry
            log.info("a write prepared before a forget of %s was dropped", message)
            return
        self.failure_count += 1
        if result.extraction in ("skipped", "session_end"):
            result.extraction = "failed"
        log.exception("memory write failed (reported in AddResult.failures)")
