"""The write path (W1–W11): working append → triggers → extract → guard → normalise →
reconcile → capacity → persist → audit, and the session-end work (episodes, idle sweeper).

``WritePath`` is the I/O shell around the pure modules (``pii``, ``normalize``,
``reconcile``, ``capacity``, ``triggers``). Two promises hold throughout:

* PII is guarded first: turns are masked before they reach the working layer, candidates
  before they are embedded, and nothing unmasked is ever written, indexed or audited (X2).
* A failure after the turns are stored never raises into the caller's chat flow (W10): it is
  logged, counted in ``failure_count`` and reported in ``AddResult.failures``.

Long-term and episodic memories extracted from a session are written to the session's parent
scope (``user:u1/session:s1`` → ``user:u1``), with ``source_session`` set, so other sessions
of the same user see them.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

import anyio

from gieok.domain.audit import AuditAction, AuditEvent, Trigger, audit_for
from gieok.domain.policy import PiiPolicy, ScopeSettings
from gieok.domain.query import Candidate as Hit
from gieok.domain.query import Page, View, parse_filter
from gieok.domain.records import Layer, MemoryRecord, MemoryType, Source, Status, utcnow
from gieok.domain.results import AddResult, Decision, DecisionKind
from gieok.domain.safety import CRITICAL_TAGS
from gieok.domain.scope import Scope, long_term_scope
from gieok.domain.turns import Turn
from gieok.embedders import Embedder
from gieok.errors import PolicyError
from gieok.llm.base import ChatModel
from gieok.runtime import Runtime
from gieok.settings import GieokSettings
from gieok.stores.base import Store, WriteBatch
from gieok.stores.fence import SCOPE_FORGOTTEN, Fence
from gieok.stores.ops import DenseOp, FenceOp, HashOp, ListOp, ReadOp
from gieok.stores.working import SessionState, WorkingLog
from gieok.write.archive import archive_batch, fold
from gieok.write.capacity import limit_error, limit_for, plan_capacity
from gieok.write.episodes import EpisodeDraft, mark_past, summarize
from gieok.write.extract import Extractor
from gieok.write.extract.base import Candidate, Extraction
from gieok.write.normalize import finalize
from gieok.write.pii import (
    PiiPolicies,
    guard,
    guard_fields,
    has_mask,
    is_mask_only,
    mask_fields,
)
from gieok.write.reconcile import Plan, reconcile
from gieok.write.triggers import TriggerKind, idle_cutoff, plan_add

log = logging.getLogger("gieok.write")

MAX_SESSION_TURNS = 500
MAX_CATCH_UP = 200
_LONG_TERM = parse_filter({"layer": "long_term"})


def check_category(fields: dict[str, Any], settings: ScopeSettings) -> None:
    """W9 on direct writes: a long-term memory outside the scope's allowed categories is
    refused (extraction drops such candidates; injection never shows them)."""
    allowed = settings.allowed_categories
    layer = str(fields.get("layer") or Layer.LONG_TERM.value)
    if allowed is None or layer != Layer.LONG_TERM.value or fields.get("category") in allowed:
        return
    raise PolicyError(
        f"this scope keeps only {', '.join(allowed)} memories; pass category= one of them, "
        "or change allowed_categories in the scope's settings",
        code="CATEGORY_NOT_ALLOWED",
        details={"category": fields.get("category"), "allowed": list(allowed)})


def pii_policies(settings: ScopeSettings) -> PiiPolicies:
    return PiiPolicies(secrets=settings.pii_policy, contact=settings.pii_contact_policy)


def guard_turns(turns: Sequence[Turn], policies: PiiPolicies) -> list[Turn]:
    """Mask turns before they are stored; a chat turn is never refused, only masked."""
    masking = PiiPolicies(secrets=PiiPolicy.MASK, contact=(
        PiiPolicy.MASK if policies.contact is PiiPolicy.REFUSE else policies.contact))
    out = []
    for turn in turns:
        result = guard(turn.content, masking)
        side, kinds, _ = guard_fields({"name": turn.name, "metadata": turn.metadata}, masking)
        if result.kinds or kinds:
            flags = sorted(set(result.flags) | {k.value for k in kinds})
            turn = turn.model_copy(update={"content": result.text, "name": side["name"],
                                           "metadata": {**side["metadata"], "pii": flags}})
        out.append(turn)
    return out


class Carried:
    """An ``add()``'s archive write, built concurrently with its extraction and taken by
    whichever write comes first: extraction's (folded in: one transaction) or, when nothing
    was extracted, the add()'s own last step. ``take`` waits until it is built; the first
    caller gets it, later ones nothing. A failure to build it is kept in ``error``."""

    def __init__(self) -> None:
        self._done = anyio.Event()
        self._batch: WriteBatch | None = None
        self.error: Exception | None = None

    async def run(self, build: Callable[[], Awaitable[WriteBatch]]) -> None:
        try:
            self._batch = await build()
        except Exception as exc:  # noqa: BLE001 — reported by the add(), never raised (W10)
            self.error = exc
        finally:
            self._done.set()

    def close(self) -> None:
        """Nothing to build (the scope keeps no archive)."""
        self._done.set()

    async def take(self) -> list[WriteBatch]:
        await self._done.wait()
        batch, self._batch = self._batch, None
        return [batch] if batch is not None else []


class WritePath:
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

    async def _settings_and_fence(self, scope: Scope) -> tuple[ScopeSettings, Fence]:
        """The scope's settings and the store's fence mark, in one read, before anything is
        read from the session: a ``forget`` that commits while this call extracts refuses
        its writes (``stores.fence``) instead of leaving memories in an emptied scope."""
        [chain, mark] = await self.store.read([self.rt.policy_op(scope), FenceOp()])
        return self.rt.resolve(chain).settings, Fence(scope, mark)

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

    # -- add (W1/W2) ------------------------------------------------------------------------
    async def ingest(self, scope: Scope, turns: Sequence[Turn], *, infer: bool) -> AddResult:
        settings, fence = await self._settings_and_fence(scope)
        if not settings.enabled:
            return AddResult(turns_added=0, extraction="disabled")
        safe = guard_turns(turns, pii_policies(settings))
        if not safe:
            return AddResult(turns_added=0, extraction="off" if not infer else "skipped")
        state = await self.working.append(scope, safe)
        result = AddResult(turns_added=len(safe), turn_ids=[t.id for t in safe],
                           extraction="off" if not infer else "skipped")
        carry = Carried()  # R8: the archive write, folded into extraction's
        async with anyio.create_task_group() as tasks:
            if settings.archive_conversations:
                # Built while extraction runs: its embedding releases the event loop and
                # runs on other cores. Extraction's final write waits for it (one write).
                tasks.start_soon(carry.run, lambda: archive_batch(
                    self.store, self.working, self.embedder, scope, safe, self.settings.write,
                    earlier_turns=state.turn_count - len(safe), index_info=self.rt.index_info(),
                    fence=fence))
            else:
                carry.close()
            try:
                if not infer:
                    return result
                before = state.turn_count - len(safe)
                pending = await self._pending(scope, state, len(safe))
                plan = plan_add(safe, pending, infer=infer, settings=settings,
                                count_before=before, count_after=state.turn_count)
                if plan.extract:
                    await self._extract_and_store(
                        scope, plan.extract, settings, result, plan.kinds, carry,
                        earlier=state.turn_count - len(plan.extract), fence=fence)
                await self.working.mark(scope, extracted=state.turn_count)
                if plan.episode:
                    await self._write_episode(scope, settings, result,
                                              _episode_trigger(plan.kinds), fence=fence)
            except Exception as exc:  # noqa: BLE001 — W10: never break the caller's chat flow
                self._fail(result, exc)
            finally:
                await self._write_carried(carry, result)
        return result

    async def _write_carried(self, carry: Carried, result: AddResult) -> None:
        """The archive write when extraction did not take it along (nothing extracted, or
        extraction failed): the turns stay searchable either way. A failure to build it
        is reported here (W10: the turns are stored)."""
        try:
            for batch in await carry.take():
                await self.store.write(batch)
        except Exception as exc:  # noqa: BLE001 — W10
            self._fail(result, exc)
        if carry.error is not None:
            self._fail(result, carry.error)

    async def extract_pending(self, scope: Scope) -> AddResult:
        """W2 for turns already stored but not extracted yet (the service's extraction
        queue appends with ``infer=False`` and runs this off the request path): everything
        past the session's extraction watermark is extracted, and the threshold episode is
        written when the watermark → turn count range crosses it. Idempotent: a second run
        finds nothing pending. Failures are reported, never raised (W10)."""
        result = AddResult(turns_added=0, extraction="skipped")
        settings, fence = await self._settings_and_fence(scope)
        if not settings.enabled:
            result.extraction = "disabled"
            return result
        try:
            state = await self.working.state(scope)
            if state is None or state.turn_count <= state.extracted_count:
                return result
            missing = min(MAX_CATCH_UP, state.turn_count - state.extracted_count)
            turns = await self.working.recent(scope, limit=missing)
            plan = plan_add(turns, [], infer=True, settings=settings,
                            count_before=state.extracted_count, count_after=state.turn_count)
            if plan.extract:
                await self._extract_and_store(scope, plan.extract, settings, result, plan.kinds,
                                              earlier=state.turn_count - len(turns), fence=fence)
            await self.working.mark(scope, extracted=state.turn_count)
            if plan.episode:
                await self._write_episode(scope, settings, result, _episode_trigger(plan.kinds),
                                          fence=fence)
        except Exception as exc:  # noqa: BLE001 — W10: reported, and the caller may retry
            self._fail(result, exc)
            if getattr(exc, "code", None) != SCOPE_FORGOTTEN:
                result.extraction = "failed"  # the watermark did not move: a retry redoes it
        return result

    async def _pending(self, scope: Scope, state: SessionState, new: int) -> list[Turn]:
        """Earlier turns of this session that were never extracted (``infer=False``)."""
        missing = min(MAX_CATCH_UP, state.turn_count - new - state.extracted_count)
        if missing <= 0:
            return []
        recent = await self.working.recent(scope, limit=missing + new)
        return recent[: max(0, len(recent) - new)]

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

    # -- extraction → reconcile → persist (W3–W8) --------------------------------------------
    async def _extract_and_store(self, scope: Scope, turns: Sequence[Turn],
                                 settings: ScopeSettings, result: AddResult,
                                 kinds: Sequence[TriggerKind],
                                 carry: Carried | None = None, *,
                                 earlier: int | None = None, fence: Fence | None = None) -> None:
        """``earlier``: how many turns of the session precede ``turns`` (None: unknown);
        ``carry``: writes (the turns' archive passages) to fold into the final batch;
        ``fence``: the mark read before ``turns`` were (a forget since refuses the writes)."""
        target = long_term_scope(scope)
        extraction = await self._extract(scope, target, turns, earlier)
        result.extraction = extraction.extractor + (" (fallback)" if extraction.fallback else "")
        if extraction.failures:
            self.failure_count += 1
            result.failures.extend(extraction.failures)
        candidates = self._prepare(extraction.candidates, settings, result)
        if not candidates:
            return
        details = {"triggers": [k.value for k in kinds], "extractor": extraction.extractor,
                   "session": scope.session}
        for where, group in route_by_tier(candidates, target).items():
            await self._reconcile_and_write(where, group, settings, result, details, fence,
                                            carry)

    async def _extract(self, scope: Scope, target: Scope, turns: Sequence[Turn],
                       earlier: int | None = None) -> Extraction:
        from gieok.write.extract.llm import LLMExtractor

        wanted = self.settings.write.context_turns
        context: list[Turn] = []
        if wanted > 0 and (earlier is None or earlier > 0):  # a new session has no context
            ids = {t.id for t in turns}
            recent = await self.working.recent(scope, limit=wanted + len(turns))
            context = [t for t in recent if t.id not in ids][-wanted:]
        if not isinstance(self.extractor, LLMExtractor):
            # the session's earlier turns resolve "she", "걔", the pet named before
            return await self.extractor.extract(turns, context=context)
        said = " ".join(t.content for t in turns if t.role == "user")[:2000]
        related: list[MemoryRecord] = []
        if said.strip():
            vector = await self.embedder.embed_query(said)
            hits = await self.store.dense(target, vector, k=self.settings.write.neighbours,
                                          filters=_LONG_TERM, view=View(), hydrate=True)
            related = [h.record for h in hits if h.record is not None]
        return await self.extractor.extract(turns, existing=related, context=context)

    def _prepare(self, candidates: Sequence[Candidate], settings: ScopeSettings,
                 result: AddResult) -> list[Candidate]:
        policies = pii_policies(settings)
        allowed = set(settings.allowed_categories) if settings.allowed_categories else None
        out: list[Candidate] = []
        for candidate in candidates:
            checked = guard(candidate.content, policies)
            side, kinds, bad = guard_fields({"category": candidate.category,
                                             "tags": candidate.tags, "value": candidate.value,
                                             "preview": candidate.preview}, policies)
            if checked.refused or bad:
                result.failures.append(f"PII_REJECTED: a candidate held {checked.flags}; "
                                       "not stored")
                continue
            if is_mask_only(checked.text) or has_mask(checked.text):
                # "User's card number is [CARD]" remembers nothing but that a secret existed.
                log.info("dropped a candidate whose value was masked PII (%s)", checked.flags)
                continue
            flags = sorted(set(checked.flags) | {k.value for k in kinds})
            ready = finalize(candidate.with_(content=checked.text, pii_flags=tuple(flags), **side))
            if ready is None or (allowed is not None and ready.category not in allowed):
                continue
            out.append(ready)
        return out

    async def _neighbours(self, target: Scope, candidates: Sequence[Candidate], vectors: Any
                          ) -> tuple[list[MemoryRecord], int]:
        """Stored memories each candidate is reconciled against — same slot, same text, and
        the nearest by embedding, in exactly the target scope — and the scope's live
        long-term count (for capacity): one read."""
        slots = sorted({c.slot for c in candidates if c.slot})
        ops: list[ReadOp] = [ListOp(target, _LONG_TERM, View(), 0, 0)]
        ops += [ListOp(target, parse_filter({"layer": "long_term", "metadata.slot": slot}),
                       View(), 50, 0) for slot in slots]
        ops += [DenseOp(target, vector, self.settings.write.neighbours, _LONG_TERM, View(),
                        hydrate=True) for vector in vectors]
        ops += [HashOp(target, _hash(c.content)) for c in candidates]
        count, *answers = await self.store.read(ops)
        found: dict[str, MemoryRecord] = {}
        for answer in answers:
            items = answer.items if isinstance(answer, Page) else answer
            for item in items:
                record = item.record if isinstance(item, Hit) else item
                if record is not None:
                    found.setdefault(record.id, record)
        # archived conversation turns (R8) are what was said, never a memory to reconcile with
        return [r for r in found.values() if r.scope == target and r.layer is not Layer.ARCHIVE
                ], count.total

    async def _reconcile_and_write(self, target: Scope, candidates: Sequence[Candidate],
                                   settings: ScopeSettings, result: AddResult,
                                   details: dict[str, Any], fence: Fence | None = None,
                                   carry: Carried | None = None) -> None:
        now = utcnow()
        vectors = await self.embedder.embed_documents([c.content for c in candidates])
        by_text = {c.content: v for c, v in zip(candidates, vectors, strict=True)}
        existing, live_count = await self._neighbours(target, candidates, vectors)
        plan = reconcile(candidates, existing, now=now,
                         make_record=lambda c: candidate_record(c, target, now, details),
                         near_duplicate=self.settings.write.near_duplicate)
        archived = await self._extraction_capacity(target, plan, settings, result, now,
                                                   live_count)
        batch = WriteBatch(fence=fence)
        trigger = Trigger.USER_REQUEST if TriggerKind.EXPLICIT.value in details["triggers"] \
            else Trigger.EXTRACTION
        for record in plan.creates:
            batch.upserts.append((record, by_text.get(record.content)))
            batch.audit.append(audit_for(AuditAction.CREATE, record, trigger=trigger,
                                         details=details))
        for change in plan.changes:
            vector = by_text.get(change.after.content) if change.reembed else None
            batch.upserts.append((change.after, vector))
            batch.audit.append(audit_for(change.action, change.after, before=change.before,
                                         trigger=trigger, details={**details, **change.details}))
        for before, after in archived:
            batch.upserts.append((after, None))
            batch.audit.append(audit_for(AuditAction.ARCHIVE, after, before=before,
                                         trigger=Trigger.CAPACITY))
        await self._mark_episodes_past(target, plan.changes, batch)
        batch.index_info = self.rt.index_info()
        if carry is not None:
            fold(batch, await carry.take())  # the turns' archive passages, same transaction
        await self.store.write(batch)
        result.decisions.extend(plan.decisions)
        result.archived.extend(a.id for _, a in archived)

    async def _extraction_capacity(self, target: Scope, plan: Plan, settings: ScopeSettings,
                                   result: AddResult, now: datetime, live_count: int
                                   ) -> list[tuple[MemoryRecord, MemoryRecord]]:
        """W7 for extracted memories. Under "refuse" the new ADDs that do not fit are left
        out and reported; under "archive_lowest" the lowest-importance memories are
        archived."""
        limit = limit_for(Layer.LONG_TERM, settings, self.settings.write)
        incoming = [r for r in plan.creates if r.is_live()]
        if limit is None or not incoming:
            return []
        changed = {c.after.id: c.after for c in plan.changes}
        retired = sum(1 for c in plan.changes if c.before.is_live() and not c.after.is_live())
        if live_count - retired + len(incoming) <= limit:
            return []  # the common case: no need to load the scope's memories
        live = [changed.get(r.id, r) for r in await self._live(target, Layer.LONG_TERM)]
        live = [r for r in live if r.is_live()]
        capacity = plan_capacity(live, incoming, limit=limit, policy=settings.capacity_policy)
        if capacity.refused:
            adds = [d for d in plan.decisions if d.kind is DecisionKind.ADD]
            dropped = {d.memory.id for d in adds[-capacity.refused:]}
            plan.creates = [r for r in plan.creates if r.id not in dropped]
            plan.decisions = [d for d in plan.decisions if d.memory.id not in dropped]
            result.failures.append(f"MEMORY_LIMIT_REACHED: {len(dropped)} new memories not "
                                   f"stored (limit {limit})")
            return []
        victims = capacity.archive
        out: list[tuple[MemoryRecord, MemoryRecord]] = []
        for victim in victims:
            after = victim.model_copy(update={"status": Status.ARCHIVED, "updated_at": now})
            if any(r.id == victim.id for r in plan.creates):
                plan.creates = [after if r.id == victim.id else r for r in plan.creates]
                result.archived.append(victim.id)
            else:
                out.append((changed.get(victim.id, victim), after))
        return out

    # -- session end, episodes, sweeper (W2/W11) ----------------------------------------------
    async def end_session(self, scope: Scope, *,
                          trigger: TriggerKind = TriggerKind.SESSION_END) -> AddResult:
        settings, fence = await self._settings_and_fence(scope)
        result = AddResult(turns_added=0, extraction="session_end")
        if not settings.enabled:
            result.extraction = "disabled"
            return result
        try:
            state = await self.working.state(scope)
            turns = await self.working.recent(scope, limit=MAX_SESSION_TURNS)
            done = state.extracted_count if state is not None else 0
            pending = turns[max(0, len(turns) - ((state.turn_count - done) if state else 0)):] \
                if state is not None else []
            users = [t for t in pending if t.role == "user"]
            if settings.auto_extraction and users:
                await self._extract_and_store(scope, pending, settings, result, (trigger,),
                                              fence=fence)
            await self._write_episode(scope, settings, result, trigger, turns, fence=fence)
            if state is not None:
                await self.working.mark(scope, extracted=state.turn_count,
                                        closed=state.turn_count)
        except Exception as exc:  # noqa: BLE001 — W10
            self._fail(result, exc)
        return result

    async def _write_episode(self, scope: Scope, settings: ScopeSettings, result: AddResult,
                             trigger: TriggerKind, turns: Sequence[Turn] | None = None, *,
                             fence: Fence | None = None) -> None:
        if turns is None:
            turns = await self.working.recent(scope, limit=MAX_SESSION_TURNS)
        if not turns:
            return
        draft = await summarize(turns, self.chat, timeout=self.settings.llm.timeout_s,
                                raw_for_noise=False)
        if draft is None or await self._restates_known(scope, draft):
            return
        if draft.failures:
            self.failure_count += 1
            result.failures.extend(draft.failures)
        if not draft.summary:
            return  # the model failed on a session with nothing worth remembering
        masked = guard(draft.summary, pii_policies(settings).__class__(
            secrets=PiiPolicy.MASK, contact=PiiPolicy.MASK)).text
        await self._store_episode(scope, turns, draft, masked, settings, result, trigger,
                                  fence)
        if settings.clear_session_after_summary and scope.session:
            await self.working.forget(scope)  # seed 003: the summary replaces the session

    async def _restates_known(self, scope: Scope, draft: EpisodeDraft) -> bool:
        """An extractive episode whose every fact is already a live long-term memory —
        stored in this session or an earlier one — and that names no feeling of the user's
        adds nothing (issue 16): the facts keep the session as their provenance
        (``source_session``; a restatement in a later session counts as a use), so "I love
        hiking" said in three sessions leaves one fact and no episode that merely repeats it.
        A feeling the user's own words name ("너무 걱정돼") is what such an episode adds."""
        if not draft.facts or draft.method != "extractive" or draft.emotion is not None:
            return False
        target = long_term_scope(scope)
        for fact in draft.facts:
            if not any(r.is_live() for r in await self.store.find_by_hash(target, _hash(fact))):
                return False
        return True

    async def _mark_episodes_past(self, target: Scope, changes: Sequence[Any],
                                  batch: WriteBatch) -> None:
        """When a fact is superseded, episodes that state the old value are re-worded with
        the date it stopped being true, so ``context()`` never shows two current values."""
        retired = [c for c in changes if c.action is AuditAction.SUPERSEDE]
        if not retired:
            return
        page = await self.store.list(target, filters=parse_filter({"layer": "episodic"}),
                                     view=View(), limit=200, offset=0)
        for episode in page.items:
            content = episode.content
            for change in retired:
                old = change.before
                until = (old.valid_to or change.after.valid_to or utcnow()).date().isoformat()
                content = mark_past(content, old.content, until,
                                    value=old.metadata.get("value")) or content
            if content != episode.content:
                after = episode.model_copy(update={"content": content, "updated_at": utcnow(),
                                                   "version": episode.version + 1,
                                                   "content_hash": _hash(content)})
                batch.upserts.append((after, None))
                batch.audit.append(audit_for(AuditAction.UPDATE, after, before=episode,
                                             trigger=Trigger.SYSTEM,
                                             details={"reason": "fact superseded"}))
        await self._mark_turns_past(target, retired, batch)

    async def _mark_turns_past(self, target: Scope, retired: Sequence[Any],
                               batch: WriteBatch) -> None:
        """The archived turns a superseded fact came from ("I live in Gangnam-gu") get the
        date it stopped being true in ``metadata.until``, so ``context()`` quotes them as
        past, not beside the new fact as if both were current (issue 16). The turn's text
        is never changed: the archive is what was said."""
        for change in retired:
            old = change.before
            if not old.source_session or not old.source_turn_ids:
                continue
            until = (old.valid_to or change.after.valid_to or utcnow()).date().isoformat()
            page = await self.store.list(
                target.with_(session=old.source_session),
                filters=parse_filter({"layer": "archive",
                                      "metadata.turn": {"in": list(old.source_turn_ids)[:50]}}),
                view=View(), limit=50, offset=0)
            for turn in page.items:
                if turn.layer is Layer.ARCHIVE and turn.metadata.get("until") is None:
                    after = turn.model_copy(update={
                        "metadata": {**turn.metadata, "until": until}, "updated_at": utcnow()})
                    batch.upserts.append((after, None))

    async def _store_episode(self, scope: Scope, turns: Sequence[Turn], draft: EpisodeDraft,
                             summary: str, settings: ScopeSettings, result: AddResult,
                             trigger: TriggerKind, fence: Fence | None = None) -> None:
        target, now = long_term_scope(scope), utcnow()
        found = await self.store.list(target, filters=parse_filter(
            {"layer": "episodic", "metadata.session": scope.session or ""}),
            view=View(include_archived=True), limit=1, offset=0)
        if settings.clear_session_after_summary:
            found.items = []  # each summary covers turns no earlier one saw: a new memory
        meta = {"session": scope.session, "turns": len(turns), "method": draft.method,
                "trigger": trigger.value}
        fields = {"content": summary, **mask_fields({"tags": draft.topics[:8],
                                                     "emotion": draft.emotion}),
                  "importance": draft.importance, "metadata": meta, "updated_at": now}
        vector = (await self.embedder.embed_documents([summary]))[0]
        batch = WriteBatch(fence=fence)
        if found.items and scope.session:
            before = found.items[0]
            episode = before.model_copy(update={**fields, "version": before.version + 1,
                                                "content_hash": _hash(summary)})
            batch.audit.append(audit_for(AuditAction.UPDATE, episode, before=before,
                                         trigger=Trigger.SYSTEM, details=meta))
            kind = DecisionKind.UPDATE
        else:
            episode = MemoryRecord(
                scope=target, layer=Layer.EPISODIC, type=MemoryType.EPISODE, category="context",
                source=Source.INFERRED, source_session=scope.session, confidence=0.8,
                source_turn_ids=[t.id for t in turns][-50:], source_preview=summary[:100],
                event_time=turns[0].at, valid_from=turns[0].at, created_at=now,
                **{k: v for k, v in fields.items() if k != "updated_at"})
            batch.audit.append(audit_for(AuditAction.CREATE, episode, trigger=Trigger.SYSTEM,
                                         details=meta))
            kind = DecisionKind.ADD
            archived, events = await self._episode_capacity(target, episode, settings, now)
            batch.upserts.extend((a, None) for a in archived)
            batch.audit.extend(events)
            result.archived.extend(a.id for a in archived)
        batch.upserts.append((episode, vector))
        batch.index_info = self.rt.index_info()
        await self.store.write(batch)
        result.episode = episode
        result.decisions.append(Decision(kind=kind, memory=episode, reason="session episode"))

    async def _episode_capacity(self, target: Scope, episode: MemoryRecord,
                                settings: ScopeSettings, now: datetime
                                ) -> tuple[list[MemoryRecord], list[AuditEvent]]:
        limit = limit_for(Layer.EPISODIC, settings, self.settings.write)
        if limit is None or await self._count(target, Layer.EPISODIC) + 1 <= limit:
            return [], []
        live = await self._live(target, Layer.EPISODIC)
        plan = plan_capacity(live, [episode], limit=limit, policy=settings.capacity_policy)
        if plan.refused:
            raise limit_error(limit, Layer.EPISODIC, plan.refused)
        archived, events = [], []
        for victim in plan.archive:
            if victim.id == episode.id:
                continue
            after = victim.model_copy(update={"status": Status.ARCHIVED, "updated_at": now})
            archived.append(after)
            events.append(audit_for(AuditAction.ARCHIVE, after, before=victim,
                                    trigger=Trigger.CAPACITY, details={"limit": limit}))
        return archived, events

    async def sweep(self, *, now: datetime | None = None, idle_minutes: float | None = None,
                    limit: int = 100) -> list[tuple[Scope, AddResult]]:
        """Close sessions idle past their scope's timeout and run session-end work (W2)."""
        now = now or utcnow()
        scan = now - timedelta(minutes=idle_minutes if idle_minutes is not None else 1.0)
        out = []
        for state in await self.working.idle(scan, limit=limit):
            settings = await self.settings_for(state.scope)
            if idle_minutes is None and state.last_turn_at > idle_cutoff(now, settings):
                continue
            out.append((state.scope, await self.end_session(state.scope,
                                                            trigger=TriggerKind.IDLE)))
        await self.expire_sessions(now=now, limit=limit)
        return out

    async def expire_sessions(self, *, now: datetime, limit: int = 100) -> list[Scope]:
        """Closed sessions whose last turn is older than their scope's ``session_ttl_hours``
        (or ``retention_days``, if shorter) lose their raw turns, state, rolling summary and
        selection — in Redis too. What the session said lives on in its memories, its episode
        and, when the scope keeps one, the conversation archive (written as turns arrive)."""
        expired = []
        for state in await self.working.closed(now, limit=limit):
            settings = await self.settings_for(state.scope)
            hours = settings.session_ttl_hours
            if settings.retention_days is not None:
                hours = min(hours, settings.retention_days * 24.0)
            if state.last_turn_at <= now - timedelta(hours=hours):
                expired.append(state.scope)
        if expired:
            await self.working.drop(expired)
        return expired


def route_by_tier(candidates: Sequence[Candidate], target: Scope) -> dict[Scope, list[Candidate]]:
    """Where each candidate is written (seed 004): workspace knowledge ("in this workspace
    we use PostgreSQL 16" — an extractor's ``tier="project"`` hint) goes to the project
    itself, where every teammate's context sees it; the rest to ``target``. Without a
    project in the scope the hint has nowhere to go and the candidate stays in ``target``."""
    project = Scope(org=target.org, project=target.project) if target.project else None
    out: dict[Scope, list[Candidate]] = {}
    for candidate in candidates:
        tier = getattr(candidate, "tier", None)
        where = project if tier == "project" and project is not None else target
        out.setdefault(where, []).append(candidate)
    return out


def _episode_trigger(kinds: Sequence[TriggerKind]) -> TriggerKind:
    return TriggerKind.SAVE if TriggerKind.SAVE in kinds else TriggerKind.THRESHOLD


def _hash(text: str) -> str:
    from gieok.domain.records import content_hash

    return content_hash(text)


def candidate_record(candidate: Candidate, scope: Scope, now: datetime,
                     details: dict[str, Any]) -> MemoryRecord:
    """The memory a candidate becomes (event time = the turn's time, W13)."""
    at = candidate.at if isinstance(candidate.at, datetime) else now
    metadata = {k: v for k, v in {
        "slot": candidate.slot, "value": candidate.value, "rule": candidate.rule,
        "lang": candidate.lang, "extractor": details.get("extractor"), "tier": candidate.tier,
    }.items() if v}
    valid_from = at
    when = (candidate.data or {}).get("when")
    if isinstance(when, str) and when < at.date().isoformat()[: len(when)]:
        # "I moved to Mapo-gu last month": true since then, not since the chat (W13)
        parts = [int(p) for p in when.split("-")] + [1, 1]
        valid_from = at.replace(year=parts[0], month=parts[1], day=parts[2], hour=0, minute=0,
                                second=0, microsecond=0)
    return MemoryRecord(
        scope=scope, layer=Layer.LONG_TERM, type=candidate.type, category=candidate.category,
        content=candidate.content, confidence=candidate.confidence,
        importance=candidate.importance, source=candidate.source,
        source_session=details.get("session"), source_turn_ids=list(candidate.turn_ids),
        source_preview=candidate.preview, tags=list(candidate.tags),
        pii_flags=list(candidate.pii_flags), metadata=metadata, data=candidate.data,
        pinned=candidate.pinned or bool(CRITICAL_TAGS & set(candidate.tags)),
        event_time=at, valid_from=valid_from, created_at=now, updated_at=now,
    )
