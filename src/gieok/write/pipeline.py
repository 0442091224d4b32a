"""The write path of ``add()`` (W1–W8): working append → archive → triggers → extract →
guard → normalise → reconcile → capacity → persist → audit.

``WritePath`` is the I/O shell around the pure modules (``pii``, ``normalize``,
``reconcile``, ``capacity``, ``triggers``); it extends ``session_end.SessionEnd`` (episodes,
sweeper) and ``base.WriteBase`` (runtime, settings, direct writes' guards). Two promises
hold throughout:

* PII is guarded first: turns are masked before they reach the working layer, candidates
  before they are embedded, and nothing unmasked is ever written, indexed or audited (X2).
* A failure after the turns are stored never raises into the caller's chat flow (W10): it is
  logged, counted in ``failure_count`` and reported in ``AddResult.failures``.

Long-term and episodic memories extracted from a session are written to the session's parent
scope (``user:u1/session:s1`` → ``user:u1``), with ``source_session`` set, so other sessions
of the same user see them. A session that names no user keeps them (``long_term_scope``):
an org's or a project's knowledge is written on purpose, never lifted from chat.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import Any

import anyio

from gieok.domain.audit import AuditAction, Trigger, audit_for
from gieok.domain.policy import ScopeSettings
from gieok.domain.query import Candidate as Hit
from gieok.domain.query import Page, View, parse_filter
from gieok.domain.records import Layer, MemoryRecord, Status, utcnow
from gieok.domain.results import AddResult, DecisionKind
from gieok.domain.safety import CRITICAL_TAGS
from gieok.domain.scope import Scope, long_term_scope
from gieok.domain.turns import Turn
from gieok.stores.base import WriteBatch
from gieok.stores.fence import SCOPE_FORGOTTEN, Fence
from gieok.stores.ops import DenseOp, HashOp, ListOp, ReadOp
from gieok.stores.working import SessionState
from gieok.write.archive import archive_batch, fold
from gieok.write.base import _hash, log
from gieok.write.capacity import limit_for, plan_capacity
from gieok.write.cpu_lane import run_beside_loop
from gieok.write.ending import ended_in
from gieok.write.extract.base import Candidate, Extraction
from gieok.write.guards import check_category, guard_turns, pii_policies
from gieok.write.pii_answers import may_answer
from gieok.write.normalize import finalize
from gieok.write.pii import guard, guard_fields, has_mask, is_mask_only
from gieok.write.reconcile import Plan, reconcile
from gieok.write.session_end import MAX_SESSION_TURNS, SessionEnd
from gieok.write.triggers import TriggerKind, plan_add

__all__ = ["MAX_SESSION_TURNS", "Carried", "WritePath", "candidate_record", "check_category",
           "guard_turns", "pii_policies", "route_by_tier"]

MAX_CATCH_UP = 200
_LONG_TERM = parse_filter({"layer": "long_term"})


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


class WritePath(SessionEnd):
    """One per engine, over the engine's ``Runtime``. Every batch it writes records the
    runtime's embedding model in the store if it has none yet (L7)."""

    # -- add (W1/W2) ------------------------------------------------------------------------
    async def ingest(self, scope: Scope, turns: Sequence[Turn], *, infer: bool) -> AddResult:
        settings, fence, known = await self._settings_and_fence(scope)
        if not settings.enabled:
            return AddResult(turns_added=0, extraction="disabled")
        safe = guard_turns(turns, pii_policies(settings),
                           before=await self._asked_before(scope, turns))
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
                        earlier=state.turn_count - len(plan.extract), fence=fence, known=known)
                await self.working.mark(scope, extracted=state.turn_count)
                if plan.episode:
                    await self._write_episode(scope, settings, result,
                                              _episode_trigger(plan.kinds), fence=fence)
            except Exception as exc:  # noqa: BLE001 — W10: never break the caller's chat flow
                self._fail(result, exc)
            finally:
                await self._write_carried(carry, result)
        return result

    async def _asked_before(self, scope: Scope, turns: Sequence[Turn]) -> list[Turn]:
        """The session's last two turns when the batch opens with a short user reply that
        could be the answer to the assistant's "what's the password?" (``pii_answers``);
        else none — the read is skipped for every other batch."""
        first = turns[0] if turns else None
        if first is None or first.role != "user" or not may_answer(first.content):
            return []
        return await self.working.recent(scope, limit=2)

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
        settings, fence, known = await self._settings_and_fence(scope)
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
                                              earlier=state.turn_count - len(turns), fence=fence,
                                              known=known)
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

    # -- extraction → reconcile → persist (W3–W8) --------------------------------------------
    async def _extract_and_store(self, scope: Scope, turns: Sequence[Turn],
                                 settings: ScopeSettings, result: AddResult,
                                 kinds: Sequence[TriggerKind],
                                 carry: Carried | None = None, *,
                                 earlier: int | None = None, fence: Fence | None = None,
                                 known: Sequence[MemoryRecord] = ()) -> None:
        """``earlier``: how many turns of the session precede ``turns`` (None: unknown);
        ``carry``: writes (the turns' archive passages) to fold into the final batch;
        ``fence``: the mark read before ``turns`` were (a forget since refuses the writes)."""
        target = long_term_scope(scope)
        if self.rt.backlog is not None:  # saves' owed vectors first: dense neighbours see them
            await self.rt.backlog.settle(target)
        extraction = await self._extract(scope, target, turns, earlier, known)
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
                       earlier: int | None = None,
                       known: Sequence[MemoryRecord] = ()) -> Extraction:
        from gieok.write.extract.llm import LLMExtractor

        wanted = self.settings.write.context_turns
        context: list[Turn] = []
        if wanted > 0 and (earlier is None or earlier > 0):  # a new session has no context
            ids = {t.id for t in turns}
            recent = await self.working.recent(scope, limit=wanted + len(turns))
            context = [t for t in recent if t.id not in ids][-wanted:]
        if not isinstance(self.extractor, LLMExtractor):
            # the session's earlier turns resolve "she", "걔", the pet named before; the
            # stored memories about pets and relatives (``known``), earlier sessions' names
            return await self.extractor.extract(turns, context=context, existing=known)
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
        near = self.settings.write.near_duplicate
        plan = await run_beside_loop(lambda: reconcile(  # plain Python (``cpu_lane``)
            candidates, existing, now=now,
            make_record=lambda c: candidate_record(c, target, now, details),
            near_duplicate=near))
        # a memory reconciliation wrote in words no candidate had (a renamed thing) needs
        # its own vector
        fresh = [r.content for r in plan.creates if r.content not in by_text]
        if fresh:
            by_text.update(zip(fresh, await self.embedder.embed_documents(fresh), strict=True))
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
        await self._mark_episodes_past(target, plan.changes, batch, left=plan.left)
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


def candidate_record(candidate: Candidate, scope: Scope, now: datetime,
                     details: dict[str, Any]) -> MemoryRecord:
    """The memory a candidate becomes (event time = the turn's time, W13)."""
    at = candidate.at if isinstance(candidate.at, datetime) else now
    pinned = candidate.pinned or bool(CRITICAL_TAGS & set(candidate.tags))
    metadata = {k: v for k, v in {
        "slot": candidate.slot, "value": candidate.value, "rule": candidate.rule,
        "lang": candidate.lang, "extractor": details.get("extractor"), "tier": candidate.tier,
        # an ending ("User left Deloitte") is kept as dated history, not a current fact —
        # never a core fact, which always applies ("quit smoking" is health history)
        "ended": [] if pinned else list(ended_in(candidate.content, (
            *candidate.retires, *candidate.ended, *candidate.calls_off))),
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
        pinned=pinned,
        event_time=at, valid_from=valid_from, created_at=now, updated_at=now,
    )
