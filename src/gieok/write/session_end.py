"""Session-end work (W2/W11): the session's remaining turns extracted, its episode written
(or not, when it only restates known facts), superseded facts' episodes and archived turns
marked past, idle sessions closed by the sweeper and expired sessions dropped."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from gieok.domain.audit import AuditAction, AuditEvent, Trigger, audit_for
from gieok.domain.policy import PiiPolicy, ScopeSettings
from gieok.domain.query import View, parse_filter
from gieok.domain.records import Layer, MemoryRecord, MemoryType, Source, Status, utcnow
from gieok.domain.results import AddResult, Decision, DecisionKind
from gieok.domain.scope import Scope, long_term_scope
from gieok.domain.turns import Turn
from gieok.stores.base import WriteBatch
from gieok.stores.fence import Fence
from gieok.write.base import WriteBase, _hash
from gieok.write.capacity import limit_error, limit_for, plan_capacity
from gieok.write.cpu_lane import run_beside_loop
from gieok.write.episodes import EpisodeDraft, extractive_episode, mark_past, restates, summarize
from gieok.write.extract.heuristic import HeuristicExtractor
from gieok.write.extract.changes import Change, replaced
from gieok.write.extract.retired import mentions
from gieok.write.guards import pii_policies
from gieok.write.pii import guard, mask_fields
from gieok.write.triggers import TriggerKind, idle_cutoff

MAX_SESSION_TURNS = 500
PAST_TURNS_READ = 500  # the user's most recent archived turns read when a value is superseded
# a value this short ("5", "ok") names nothing a turn could be matched on
_MIN_VALUE = 2
_NO_VALUE = frozenset({"none", "yes", "no"})


def _old_values(old: MemoryRecord, details: dict[str, object]) -> list[str]:
    """What a superseded memory's turns would name: its slot's value ("gangnam-gu") and the
    things the user said they left behind (audit ``names``)."""
    names = details.get("names") or []
    values = [str(v) for v in (*(names if isinstance(names, list) else []),
                                old.metadata.get("value")) if v]
    place = old.metadata.get("slot") == "residence"
    keys = [k for v in values for k in (_value_keys(v) if place else [_value_key(v)])]
    # "none" (a breakup, a job left) names nothing a turn would say
    return [v for v in dict.fromkeys(keys) if len(v) >= _MIN_VALUE and v not in _NO_VALUE]


def _value_keys(value: str) -> list[str]:
    """``_value_key``, and for a Korean place said in more than one word ("광주 첨단지구")
    each word's head too: a turn names the neighbourhood alone ("첨단에 몇 군데 있어요")."""
    key, words = _value_key(value), value.split()
    if len(words) < 2 or not all(_HANGUL_WORD.fullmatch(w) for w in words):
        return [key]
    return [key, *(re.sub(r"(?<=[가-힣]{2})(?:지구|구|시|동|군|읍|면)$", "", w) for w in words)]


_HANGUL_WORD = re.compile(r"[가-힣]{2,}")


def _value_key(value: str) -> str:
    """How a turn would name a slot's value: its head ("gangnam-gu, seoul" → "gangnam",
    "austin for my wife's job" → "austin", "마포구" → "마포")."""
    head = re.split(r"[,(;]|\s+(?:for|with|because|since|near|and)\s", value.strip(), maxsplit=1)[0]
    head = re.sub(r"(?i)[-\s](?:gu|si|dong|ku|shi|city|district)$", "", head.strip())
    return re.sub(r"(?<=[가-힣]{2})(?:구|시|동|군)$", "", head).strip()


class SessionEnd(WriteBase):
    """Session end, episodes and the sweeper, over ``WriteBase``; ``WritePath`` adds the
    extraction these steps run (``_extract_and_store``)."""

    async def _extract_and_store(self, scope: Scope, turns: Sequence[Turn],
                                 settings: ScopeSettings, result: AddResult,
                                 kinds: Sequence[TriggerKind], carry: Any = None, *,
                                 earlier: int | None = None, fence: Fence | None = None,
                                 known: Sequence[MemoryRecord] = ()) -> None:
        raise NotImplementedError  # pipeline.WritePath

    async def end_session(self, scope: Scope, *,
                          trigger: TriggerKind = TriggerKind.SESSION_END) -> AddResult:
        settings, fence, known = await self._settings_and_fence(scope)
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
                                              fence=fence, known=known)
            await self._write_episode(scope, settings, result, trigger, turns, fence=fence,
                                      known=known)
            if state is not None:
                await self.working.mark(scope, extracted=state.turn_count,
                                        closed=state.turn_count)
        except Exception as exc:  # noqa: BLE001 — W10
            self._fail(result, exc)
        return result

    async def _write_episode(self, scope: Scope, settings: ScopeSettings, result: AddResult,
                             trigger: TriggerKind, turns: Sequence[Turn] | None = None, *,
                             fence: Fence | None = None,
                             known: Sequence[MemoryRecord] = ()) -> None:
        if turns is None:
            turns = await self.working.recent(scope, limit=MAX_SESSION_TURNS)
        if not turns:
            return
        # what earlier sessions named, as extraction had it when this session's turns were read
        named = [m.content for m in known if m.source_session != scope.session]
        extractor = self.extractor if isinstance(self.extractor, HeuristicExtractor) else None
        if self.chat is None:  # the extractive episode: plain Python, beside the event loop
            allowed = settings.allowed_categories or None
            draft = await run_beside_loop(lambda: extractive_episode(
                turns, named, extractor=extractor, allowed=allowed))
        else:
            draft = await summarize(turns, self.chat, timeout=self.settings.llm.timeout_s,
                                    raw_for_noise=False, known=named, extractor=extractor)
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
        A feeling the user's own words name ("너무 걱정돼", "so excited about it!") is what
        such an episode adds — not one said in a passing state ("I'm on call this week so
        I'm exhausted", not kept): that does not make the restated facts new. A model's
        summary that names no feeling ("calm" is its default: "User lives in Lisbon (mood:
        calm)") and whose every sentence a memory of the session states adds nothing either:
        context() would show the fact twice."""
        if draft.method.startswith("llm:") and draft.emotion in (None, "calm"):
            return await self._summary_stored(scope, draft.summary)
        if not draft.facts or draft.method != "extractive" or draft.feeling_with_facts:
            return False
        # workspace knowledge said in the session went to the project itself (route_by_tier)
        targets = [long_term_scope(scope)] + (
            [Scope(org=scope.org, project=scope.project)] if scope.project else [])
        stored: list[MemoryRecord] | None = None  # this session's memories, read when needed
        made: set[str] = set()  # turns a live memory was made or confirmed from
        turns_of = draft.fact_turns or [()] * len(draft.facts)
        for fact, turn_ids in zip(draft.facts, turns_of, strict=False):
            same = [r for target in targets for r in await self.store.find_by_hash(
                target, _hash(fact))]
            if any(r.is_live() for r in same):
                continue
            if stored is None:
                stored = []
                for target in targets:
                    page = await self.store.list(
                        target, filters=parse_filter({"layer": "long_term"}), view=View(),
                        limit=200, offset=0)
                    live = [r for r in page.items if r.is_live()]
                    stored += [r for r in live if r.source_session == scope.session]
                    made.update(t for r in live for t in r.source_turn_ids)
            # the session-end re-reading may word a fact differently from the memory stored
            # while the session ran ("사용자는 지유 …" / "사용자의 딸 지유 …": who 지유 is came
            # from a memory this session superseded): the same words, bar the subject; and
            # a sentence that went into a memory in other words — "still vegetarian" merged
            # into "User is vegetarian", "Phoenix got renamed to Atlas" rewriting what was
            # stored about Phoenix — is known through the memory's source turns
            if not any(restates(fact, r.content) for r in stored) \
                    and not (turn_ids and set(turn_ids) <= made):
                return False
        return True

    async def _summary_stored(self, scope: Scope, summary: str) -> bool:
        """Every sentence of ``summary`` is stated by a live long-term memory this session
        made (its words, bar the subject, all in that memory)."""
        sentences = [s for s in re.split(r"(?<=[.!?。])\s+|\n+", summary.strip()) if s.strip()]
        if not sentences:
            return False
        page = await self.store.list(long_term_scope(scope), filters=parse_filter(
            {"layer": "long_term"}), view=View(), limit=200, offset=0)
        stored = [r for r in page.items if r.is_live() and r.source_session == scope.session]
        return all(any(restates(s.rstrip(".!?。"), r.content) for r in stored)
                   for s in sentences)

    async def _mark_episodes_past(self, target: Scope, changes: Sequence[Any],
                                  batch: WriteBatch,
                                  left: Sequence[tuple[str | Change, datetime]] = ()) -> None:
        """When a fact is superseded, episodes that state the old value are re-worded with
        the date it stopped being true, so ``context()`` never shows two current values.
        ``left``: what the user said they left, and when ("I quit keto") — the archived
        turns that name it are dated past even when no memory stated it ("day 5 of keto")."""
        retired = [c for c in changes if c.action is AuditAction.SUPERSEDE]
        if not retired:
            if left:
                await self._mark_turns_past(target, [], batch, left=left)
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
        await self._mark_turns_past(target, retired, batch, left=left)

    async def _mark_turns_past(self, target: Scope, retired: Sequence[Any],
                               batch: WriteBatch,
                               left: Sequence[tuple[str | Change, datetime]] = ()) -> None:
        """The archived turns that state a superseded fact get the date it stopped being
        true in ``metadata.until``, so ``context()`` quotes them as past, not beside the new
        fact as if both were current (issue 16): the turns the fact came from ("I live in
        Gangnam-gu"), and any earlier turn of the user's — theirs or the assistant's, in any
        session — that names the old value ("강남 사는데 카페 추천해줘", "강남이라면 …"):
        the value a slot held, or what the user said they left behind ("sold the Avante").
        The turn's text is never changed: the archive is what was said."""
        marked: dict[str, tuple[MemoryRecord, str]] = {}  # turn id -> (turn, until)
        recent: list[MemoryRecord] | None = None
        for change in retired:
            old = change.before
            until_at = old.valid_to or change.after.valid_to or utcnow()
            until = until_at.date().isoformat()
            if old.source_session and old.source_turn_ids:
                page = await self.store.list(
                    target.with_(session=old.source_session),
                    filters=parse_filter({"layer": "archive", "metadata.turn": {
                        "in": list(old.source_turn_ids)[:50]}}),
                    view=View(), limit=50, offset=0)
                for turn in page.items:
                    marked.setdefault(turn.id, (turn, until))
                # the assistant's reply to those turns ("알겠어요! Summary in English from now
                # on.") speaks of the old value too: dated the same
                page = await self.store.list(
                    target.with_(session=old.source_session),
                    filters=parse_filter({"layer": "archive", "metadata.follows": {
                        "in": list(old.source_turn_ids)[:50]}}),
                    view=View(), limit=50, offset=0)
                for turn in page.items:
                    marked.setdefault(turn.id, (turn, until))
            values = _old_values(old, change.details)
            if not values:
                continue
            if recent is None:
                recent = (await self.store.list(target, filters=parse_filter(
                    {"layer": "archive"}), view=View(), limit=PAST_TURNS_READ, offset=0)).items
            for turn in recent:
                if turn.event_time < until_at and any(mentions(turn.content, v) for v in values):
                    marked.setdefault(turn.id, (turn, until))
        for name, at in left:
            if isinstance(name, Change):  # "switched vets": the turns naming a vet before
                if recent is None:
                    recent = (await self.store.list(target, filters=parse_filter(
                        {"layer": "archive"}), view=View(), limit=PAST_TURNS_READ,
                        offset=0)).items
                for turn in recent:
                    if turn.event_time < at and replaced(turn.content, name):
                        marked.setdefault(turn.id, (turn, at.date().isoformat()))
                continue
            key = _value_key(name)
            if len(key) < _MIN_VALUE or key.casefold() in _NO_VALUE:
                continue
            if recent is None:
                recent = (await self.store.list(target, filters=parse_filter(
                    {"layer": "archive"}), view=View(), limit=PAST_TURNS_READ, offset=0)).items
            for turn in recent:
                if turn.event_time < at and mentions(turn.content, key):
                    marked.setdefault(turn.id, (turn, at.date().isoformat()))
        for turn, until in marked.values():
            if turn.layer is Layer.ARCHIVE and turn.metadata.get("until") is None:
                # an ending dated vaguely ("moved last week") may resolve to before the turn
                # that still stated the old value: it was true at least until it was said
                until = max(until, turn.event_time.date().isoformat())
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
