"""The plan a reconciliation writes, and the primitives that write it (W6). Pure.

``reconcile`` decides what each candidate does to the stored memories; the decisions are
written here, in one way for every path: ``add`` a memory, ``rewrite`` a stored one (or one
created earlier in the batch), ``absorb`` a repetition into the memory it repeats,
``refine`` a memory with a fuller wording, ``supersede`` memories that stopped being true.
``Pool`` is the set of live memories the batch is reconciled against, updated as the
decisions are made, so a later candidate sees the effect of an earlier one. The keepers
(``keepers``: what a superseded memory keeps) write through the same primitives, so they
live beside ``reconcile``, not inside it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache

from gieok.domain.audit import AuditAction
from gieok.domain.records import MemoryRecord, content_hash, new_id
from gieok.domain.results import Decision, DecisionKind
from gieok.write.extract import changes
from gieok.write.extract.base import Candidate
from gieok.write.extract.diets import diet_in
from gieok.write.likeness import says_more
from gieok.write.restating import introduced


@dataclass
class Change:
    """An existing record rewritten by a decision (for the store and the audit log)."""

    before: MemoryRecord
    after: MemoryRecord
    action: AuditAction
    reembed: bool = False
    details: dict[str, object] = field(default_factory=dict)


@dataclass
class Plan:
    decisions: list[Decision] = field(default_factory=list)
    creates: list[MemoryRecord] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    # what the user said they left ("I quit keto", "last day at Pebble") and when — also
    # when no stored memory stated it: the archived turns that name it are dated past
    left: list[tuple[str | changes.Change, datetime]] = field(default_factory=list)


RecordFactory = Callable[[Candidate], MemoryRecord]


@lru_cache(maxsize=8192)
def stated_diet(content: str) -> str | None:
    """The diet a memory states (cached: asked of every live memory per diet sentence)."""
    return diet_in(content)


class Pool:
    """The live memories a batch is reconciled against, updated as decisions are made."""

    def __init__(self, existing: Sequence[MemoryRecord]) -> None:
        self.records: dict[str, MemoryRecord] = {r.id: r for r in existing if r.is_live()}
        self.created: set[str] = set()

    def by_hash(self, content_hash: str) -> MemoryRecord | None:
        return next((r for r in self.records.values() if r.content_hash == content_hash), None)

    def by_slot(self, slot: str) -> list[MemoryRecord]:
        """Live memories holding ``slot``: by their metadata, or — for a diet, a closed
        class — by what a memory stored without a slot says ("User is 채식주의자 btw, 계란은
        먹어"), so a later diet supersedes it whatever its wording."""
        return [r for r in self.records.values() if r.metadata.get("slot") == slot or (
            slot == "diet" and not r.metadata.get("slot") and r.layer.value == "long_term"
            and stated_diet(r.content) is not None)]

    def put(self, record: MemoryRecord) -> None:
        if record.is_live():
            self.records[record.id] = record
        else:
            self.records.pop(record.id, None)



def narrowed(old: MemoryRecord, rest: str, new: MemoryRecord, now: datetime) -> MemoryRecord:
    """A copy of ``old`` that says only ``rest``, current from ``new`` on."""
    return old.model_copy(update={
        "id": new_id(), "content": rest, "content_hash": content_hash(rest),
        "index_text": None, "event_time": new.event_time,
        "valid_from": new.valid_from or new.event_time, "valid_to": None,
        "superseded_at": None, "superseded_by": None, "created_at": now, "updated_at": now,
        "version": 1, "usage_count": 0, "source_session": new.source_session,
        "metadata": {**old.metadata, "narrowed_from": old.id}})



def add(plan: Plan, pool: Pool, record: MemoryRecord, reason: str) -> None:
    plan.creates.append(record)
    pool.created.add(record.id)
    pool.put(record)
    plan.decisions.append(Decision(kind=DecisionKind.ADD, memory=record, reason=reason))


def rewrite(plan: Plan, pool: Pool, before: MemoryRecord, after: MemoryRecord,
            action: AuditAction, reembed: bool, details: dict[str, object]) -> None:
    """Apply a change to an existing record, or to a record created earlier in this batch."""
    if before.id in pool.created:
        plan.creates = [after if r.id == before.id else r for r in plan.creates]
    else:
        prior = next((ch for ch in plan.changes if ch.after.id == before.id), None)
        if prior is not None:
            plan.changes.remove(prior)
            before = prior.before
            reembed = reembed or prior.reembed
        plan.changes.append(Change(before, after, action, reembed, details))
    pool.put(after)


def absorb(plan: Plan, pool: Pool, old: MemoryRecord, new: MemoryRecord, now: datetime,
           kind: DecisionKind, reason: str) -> MemoryRecord:
    after = old.model_copy(update={
        "usage_count": old.usage_count + 1,
        "confidence": max(old.confidence, new.confidence),
        "importance": max(old.importance, new.importance),
        "tags": sorted(set(old.tags) | set(new.tags)),
        "source_turn_ids": list(dict.fromkeys([*old.source_turn_ids, *new.source_turn_ids])),
        "updated_at": now,
        "version": old.version + (1 if kind is DecisionKind.MERGE else 0),
    })
    action = AuditAction.MERGE if kind is DecisionKind.MERGE else AuditAction.UPDATE
    details: dict[str, object] = {"duplicate": True} if kind is DecisionKind.NOOP else {
        "merged_content": new.content}
    rewrite(plan, pool, old, after, action, False, details)
    plan.decisions.append(Decision(kind=kind, memory=after, reason=reason))
    return after


def refine(plan: Plan, pool: Pool, old: MemoryRecord, new: MemoryRecord, now: datetime,
           reason: str, *, richer: bool | None = None) -> None:
    if not (says_more(new.content, old.content) if richer is None else richer):
        absorb(plan, pool, old, new, now, DecisionKind.MERGE, reason)
        return
    after = old.model_copy(update={
        "content": new.content,
        "content_hash": new.content_hash,
        "source_preview": new.source_preview,
        "confidence": max(old.confidence, new.confidence),
        "importance": max(old.importance, new.importance),
        "tags": sorted(set(old.tags) | set(new.tags)),
        "metadata": {**old.metadata, **new.metadata},
        "source_turn_ids": list(dict.fromkeys([*old.source_turn_ids, *new.source_turn_ids])),
        "pinned": old.pinned or new.pinned,
        "version": old.version + 1,
        "updated_at": now,
    })
    rewrite(plan, pool, old, after, AuditAction.UPDATE, True, {"reason": reason})
    plan.decisions.append(Decision(kind=DecisionKind.UPDATE, memory=after, reason=reason))


def supersede(plan: Plan, pool: Pool, olds: Sequence[MemoryRecord], new: MemoryRecord,
              now: datetime, reason: str, *, names: Sequence[str] = ()) -> None:
    """``olds`` stop being true when ``new`` starts. ``names``: the things the user said
    they left behind ("sold the Avante"), kept in the audit details so the session-end
    work can date the archived turns that mention them."""
    newest = max(olds, key=lambda r: r.valid_from or r.event_time)
    if new.event_time < (newest.valid_from or newest.event_time):
        # Out of order: the stored fact is newer. Keep the candidate as history only.
        stale = new.model_copy(update={
            "valid_to": newest.valid_from or newest.event_time, "superseded_at": now,
            "superseded_by": newest.id,
        })
        plan.creates.append(stale)
        plan.decisions.append(Decision(kind=DecisionKind.NOOP, memory=stale,
                                       reason="older than the current fact; kept as history"))
        return
    words = introduced(new.content, [o.content for o in olds])
    if words:  # what the change brought, so a later remark saying it again is known
        new = new.model_copy(update={"metadata": {**new.metadata, "introduced": words}})
    for old in olds:
        retire(plan, pool, old, new, now, reason, names=names)
    plan.creates.append(new)
    pool.created.add(new.id)
    pool.put(new)
    plan.decisions.append(Decision(kind=DecisionKind.SUPERSEDE, memory=new,
                                   replaced=newest.id, reason=reason))


def retire(plan: Plan, pool: Pool, old: MemoryRecord, new: MemoryRecord, now: datetime,
           reason: str, *, names: Sequence[str] = ()) -> None:
    """``old`` stops being true when ``new`` starts (``new`` is written by the caller):
    the one way every step dates a memory past in favour of another."""
    retired = old.model_copy(update={
        "valid_to": new.valid_from or new.event_time, "superseded_at": now,
        "superseded_by": new.id, "updated_at": now,
    })
    details: dict[str, object] = {"superseded_by": new.id, "reason": reason}
    if names:
        details["names"] = list(names)
    rewrite(plan, pool, old, retired, AuditAction.SUPERSEDE, False, details)
