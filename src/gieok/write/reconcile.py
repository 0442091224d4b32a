"""W6: reconcile candidates with what is already stored. Pure: no store, no clock, no I/O.

For each candidate, in order (later candidates see the effect of earlier ones):

1. exact duplicate (same normalised hash)            → NOOP: usage +1, keep max confidence
2. the LLM said it replaces a shown memory           → SUPERSEDE that memory
3. same slot, same value ("Mapo-gu" / "Mapo-gu, Seoul") → UPDATE if the new text says more,
                                                          else MERGE into the existing one
4. same single-valued slot, different value          → SUPERSEDE ("moved to Mapo-gu" after
                                                          "lives in Gangnam-gu"; a new job)
4b. the sentence says what the user left ("sold the  → SUPERSEDE the memories stating it
    Civic"), or that a kind of thing changed            (``retired``, ``changes``)
    ("switched vets", "가게 합정동으로 옮겼어")
4c. the sentence gives a thing a new value ("몽이     → SUPERSEDE the holder's memories that
    베트메딘 세 번으로 늘렸어", "surgery moved to the       name that thing with another value
    17th")                                               (``new_value``)
5. near duplicate (text similarity ≥ threshold, or the   → UPDATE if the new text says more,
   new text contains every word of the old one)           else MERGE
6. otherwise                                          → ADD

A superseded memory keeps its row: ``valid_to`` (when it stopped being true, in event time),
``superseded_at`` (when gieok learned that) and ``superseded_by`` are set, so default search
drops it while history and ``as_of`` search still find it (L6). A candidate *older* than the
fact it contradicts (an imported history arriving out of order) is stored as already
superseded, so the newer fact stays the active one.

The decisions are written through the plan primitives (``plan``: ``Plan``, ``Pool``,
``add``/``rewrite``/``supersede``); what a superseded memory keeps — the part a change left,
the household after a move, the unchanged clauses — is read and written by ``keepers``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta

from gieok.domain.audit import AuditAction
from gieok.domain.records import MemoryRecord, MemoryType, Status, content_hash, new_id
from gieok.domain.results import Decision, DecisionKind
from gieok.domain.safety import CRITICAL_TAGS, SAFETY_TAGS
from gieok.write import (arrived, moved_out, moved_request, narrowing, partial, progress, renaming,
                         stopped)
from gieok.write.begun import begun_by
from gieok.write.contrast import carried_pin, outdated_by
from gieok.write.ending import ended_in, planned, taken_up_for_health
from gieok.write.extract import changes, diets
from gieok.write.extract.amount_now import amount_now
from gieok.write.extract.base import Candidate, is_single_valued
from gieok.write.extract.dwelling import home_in, homes_left
from gieok.write.extract.moved_off import moved_off, relocate
from gieok.write.extract.new_value import MEASURES, dosed_name, new_value, old_value, same_word
from gieok.write.extract.old_words import left_behind, without_old
from gieok.write.extract.retired import (died, dosed, in_turn, medicine_in, mentions,
                                        named_across, other_sentences, slip_said_now, says_only)
from gieok.write.keepers import keep_household, keep_the_rest, keep_unchanged, rehouse
from gieok.write.likeness import related_slots, same_value, says_more, similarity, tokens
from gieok.write.outdated import event_in_full, left_names, reword_plan
from gieok.write.owned_up import slip_fixed
from gieok.write.plan import (Change, Plan, Pool, RecordFactory, absorb, add, narrowed, refine,
                              rewrite, stated_diet, supersede)
from gieok.write.repeated import said_again as _said_again
from gieok.write.resolved import resolved_by
from gieok.write.restating import current_restated
from gieok.write.revoked import revoked, revoked_rules
from gieok.write.superseding import changed_by, renewed_by, taste_reversed

__all__ = ["Change", "Plan", "RecordFactory", "reconcile", "says_more", "similarity"]

_WORD = re.compile(r"\w+", re.UNICODE)
# a statement that something still holds: it repeats what was said before
# ("요즘도 주말마다 본가 가서 청소해드림": still, these days)
_STILL = re.compile(r"\b(?:still|as\s+always|same\s+as\s+before)\b|여전히|아직(?!\s?(?:안|못))|"
                    r"(?:요즘|지금)도(?!\s?(?:안|못))|변함없이|"
                    r"그대로|계속\s?(?:하|다니|가|먹|마시|쓰|살)", re.IGNORECASE)
REAFFIRMED = 0.4  # trigram likeness enough for a "still …" sentence to be the same memory


def reconcile(
    candidates: Sequence[Candidate],
    existing: Sequence[MemoryRecord],
    *,
    make_record: RecordFactory,
    now: datetime,
    near_duplicate: float = 0.85,
) -> Plan:
    """Decide what each candidate does to the stored memories (see the module docstring)."""
    plan = Plan()
    pool = Pool(existing)
    for candidate in candidates:
        _decide(candidate, make_record(candidate), pool, plan, now, near_duplicate)
        if (candidate.retires or candidate.ended or candidate.calls_off) \
                and isinstance(candidate.at, datetime):
            # what the user left, and the partner they parted from or the pet who died:
            # the archived turns naming them are dated past
            plan.left += [(name, candidate.at) for name in (*candidate.retires,
                                                            *candidate.ended,
                                                            *candidate.calls_off)]
    reword_plan(plan)  # a change's memory states the new value; the old one as metadata (archive)
    return plan


def _decide(c: Candidate, new: MemoryRecord, pool: Pool, plan: Plan, now: datetime,
            threshold: float) -> None:
    if c.withdraws:
        _withdraw(plan, pool, c.withdraws, now)
        return
    same = pool.by_hash(new.content_hash)
    if same is not None:
        absorb(plan, pool, same, new, now, DecisionKind.NOOP, "exact duplicate")
        return
    if _revoke(c, new, pool, plan, now) or narrowing.narrow(c, new, pool, plan, now) \
            or moved_request.move(c, new, pool, plan, now):
        return  # a request taken back or moved; "호두만 남았대요" after a nut allergy
    if c.lapse:
        _lapse(c, new, pool, plan, now)
        return
    if c.renames and _rename(c, new, pool, plan, now):
        return
    if c.replaces and c.replaces in pool.records:
        old = pool.records[c.replaces]
        supersede(plan, pool, [old], new, now, "replaced (model)")
        keep_unchanged(plan, pool, [old], new, now)
        return
    if moved_out.leave(new, pool, plan, now):  # "세린이 이사 나갔어" after "룸메 세린이랑 같이 산다"
        return
    home = None if c.slot or new.type is MemoryType.RULE else home_in(new.content)
    if c.slot or home:  # a home said in the memory's own words holds the residence too
        slot, value = (c.slot, c.value) if c.slot else ("residence", home)
        slotted = [r for r in pool.by_slot(slot)
                   if c.slot or not same_value(r.metadata.get("value"), home)]
        match = c.slot and next((r for r in slotted if same_value(r.metadata.get("value") or (
            stated_diet(r.content) if slot == "diet" else None), value)), None)
        if match:
            refine(plan, pool, match, new, now, "same slot and value")
            return
        if slot == "residence" and value:
            rehouse(plan, pool, new, value, now)
            slotted = [r for r in slotted if r.id in pool.records] + homes_left(
                new, value, pool.records.values(), pool.created)
            done = arrived.planned_moves(new, value, pool.records.values(), pool.created)
            arrived.end_plans(plan, pool, done, new, now)  # "이제 성수동 살아": the plan to move is over
            if done and not slotted:
                add(plan, pool, new, "the move planned is done")
                return
        if slotted and is_single_valued(slot):
            if slot == "diet" and ended_in(new.content, c.retires):  # "키토 그만뒀어": history
                new = stopped.as_history(new, slotted, c.retires)
            supersede(plan, pool, slotted, new, now, f"new value for {slot}")
            if slot == "residence":  # a move ends the home, not who the user lives with
                keep_household(plan, pool, slotted, new, now)
            keep_unchanged(plan, pool, slotted, new, now)
            return
    again = _diet_again(c, new, pool)
    if again is not None:
        absorb(plan, pool, again, new, now, DecisionKind.MERGE, "the same diet said again")
        return
    stated = _retired_by(c, new, pool)
    if stated:
        new = stopped.as_history(new, stated, [*c.retires, *c.ended])  # a fast stopped: history
        supersede(plan, pool, stated, new, now, "the user said it no longer holds",
                   names=[*c.retires, *c.ended])
        for old in stated:  # what else a memory of several sentences said still holds
            rest = other_sentences(old.content, c.retires) if c.retires else None
            if rest is not None and pool.by_hash(content_hash(rest)) is None:
                add(plan, pool, narrowed(old, rest, new, now), "what it said besides")
        # what a memory said besides the thing left, or the pet or person gone ("User is
        # vegetarian" of "…, and their partner Jo is vegan" after a breakup with Jo)
        keep_unchanged(plan, pool, stated, new, now, [*c.retires, *c.ended])
        return
    changed = changed_by(new, pool.records.values(), pool.created)
    said = changes.change(new.content) if new.type is not MemoryType.RULE else None
    if said is not None:  # the archived turns stating the kind's old value are dated past
        plan.left.append((said, new.valid_from or new.event_time))
    if changed:
        supersede(plan, pool, changed, new, now, "the user said it changed")
        if said is not None:
            keep_the_rest(plan, pool, changed, said, new, now)
        keep_unchanged(plan, pool, changed, new, now)
        return
    if _part_ways(new, pool, plan, now) or _renew(new, pool, plan, now):
        return
    # "준서 초4임" after "준서고 초3이다"; "밤톨이 무지개다리 건넜어"; "요즘은 수영만 해"
    if _outdate(new, pool, plan, now) or _resolve(new, pool, plan, now) or _begin(new, pool, plan, now):
        return
    slipped = slip_fixed(new, pool.records.values(), pool.created)
    if slipped:  # "아 착각했다 엄마 생신 11월 13일이야" after "엄마 생신이 11월 3일이야"
        supersede(plan, pool, slipped, new, now, "a slip owned up to")
        return
    tasted = taste_reversed(new, pool.records.values(), pool.created)
    if tasted:  # "User dislikes olives" → "Weirdly User now orders extra olives on everything"
        supersede(plan, pool, tasted, new, now, "the thing disliked is had now")
        return
    again = None if c.slot or c.retires or c.renames or c.ended or said is not None or \
        new.type is MemoryType.RULE or new_value(new.content) is not None else current_restated(new.content, new.source_session, (
            r for r in pool.records.values() if r.id not in pool.created and r.layer is new.layer))
    if again is not None:  # "오늘 화요일이라 재활 다녀왔어요" after Monday became Tuesday
        absorb(plan, pool, again, new, now, DecisionKind.MERGE, "the current value said again")
        return
    said_again = _said_again(c, new, pool.records.values())
    if said_again is not None:  # one fact said again in other words: one memory
        refine(plan, pool, said_again[0], new, now, "the same fact said again",
                richer=said_again[1])
        return
    # "still vegetarian", "아침 7시 헬스 여전히 하는 중": said again, in other words — the
    # memory it reaffirms absorbs it, with a looser likeness than a plain near duplicate
    near = _nearest(new, pool, min(threshold, REAFFIRMED) if _STILL.search(new.content)
                    else threshold)
    if near is not None:
        refine(plan, pool, near, new, now, "near duplicate")
        return
    add(plan, pool, new, "new")


def _lapse(c: Candidate, new: MemoryRecord, pool: Pool, plan: Plan, now: datetime) -> None:
    """A cessation said alone ("I'm not vegan anymore"): it supersedes what it ends — a
    single-valued slot holding another value, or the memories stating what was left
    (``_retired_by``) — and is written only then; with nothing stored to end, nothing."""
    said = str(c.value or "").casefold()  # "not vegan" ends "vegan" (not the same value)
    ended = [r for r in pool.by_slot(c.slot) if r.id not in pool.created and str(
        r.metadata.get("value") or (stated_diet(r.content) if c.slot == "diet" else "") or ""
    ).casefold() != said] if c.slot and is_single_valued(c.slot) else []
    ended += [r for r in _retired_by(c, new, pool) if r not in ended]
    if ended:
        supersede(plan, pool, ended, new, now, "the user said it no longer holds",
                   names=[*c.retires, *c.ended])
        if not c.ended:
            keep_unchanged(plan, pool, ended, new, now, c.retires)
        return
    # "team moved standup to 10:15": a new value of a thing stored; "집주인 바뀌었어": a kind
    # of thing changed (what the change left as it was stays current)
    if _renew(new, pool, plan, now):
        return
    changed = changed_by(new, pool.records.values(), pool.created)
    said = changes.change(new.content) if changed else None
    if changed and said is not None:
        supersede(plan, pool, changed, new, now, "the user said it changed")
        keep_the_rest(plan, pool, changed, said, new, now)
        keep_unchanged(plan, pool, changed, new, now)
        return
    # "Skye got adopted by a couple in Kent": a pet given away, a course finished, "다시 사무실
    # 출근함" after "재택근무" — what the sentence says ended, read as for any memory; "ankle's
    # all healed": a passing state over
    _outdate(new, pool, plan, now) or _resolve(new, pool, plan, now)


def _revoke(c: Candidate, new: MemoryRecord, pool: Pool, plan: Plan, now: datetime) -> bool:
    """``new`` takes a standing request back ("영어 요약 이제 안 붙여도 돼", "you can go long
    again"; ``revoked``): it supersedes the requests it names, and is kept as history — the
    end of a request, no request of its own (False when it ends none)."""
    said = c.preview or new.content
    if new.type is MemoryType.RULE:  # "can you stop adding type hints": a request of its own
        gone = revoked_rules(new, said, pool.records.values(), pool.created) \
            if revoked(said) else []
        if not gone:
            return False
        supersede(plan, pool, gone, new, now, "the user asked otherwise")
        return True
    gone = revoked_rules(new, said, pool.records.values(), pool.created)
    if not gone:
        return False
    names = list(revoked(said)) or ["request"]
    new = new.model_copy(update={"metadata": {**new.metadata, "ended": names}})
    supersede(plan, pool, gone, new, now, "the user took the request back")
    return True


def _part_ways(new: MemoryRecord, pool: Pool, plan: Plan, now: datetime) -> bool:
    """``new`` says someone the user did a thing with has gone and the user does it alone
    now ("Ana moved to Seattle so User is running it alone now"): the memories saying the
    user does it with them are superseded, and what they said without that person stays
    current ("User runs a small bakery in Portland"; ``partial.without_companion``)."""
    if new.type is MemoryType.RULE:
        return False
    gone = [r for r in pool.records.values() if r.id not in pool.created
            and r.layer is new.layer and r.type is not MemoryType.RULE
            and not CRITICAL_TAGS & set(r.tags)
            and partial.without_companion(r.content, new.content) is not None]
    if not gone:
        return False
    supersede(plan, pool, gone, new, now, "someone the user did it with has gone")
    keep_unchanged(plan, pool, gone, new, now)
    return True


def _renew(new: MemoryRecord, pool: Pool, plan: Plan, now: datetime) -> bool:
    """``new`` gives a stored thing a new value (``renewed_by``): it supersedes the memories
    stating the old one, worded with the new value only (False when there are none)."""
    renewed = renewed_by(new, pool.records.values(), pool.created)
    if not renewed:
        return False
    # the new value of a core fact (a dose, a medicine) is a core fact too
    core = {t for r in renewed for t in r.tags if t in CRITICAL_TAGS}
    renewal = new_value(new.content)
    content, names = new.content, []
    for r in renewed:  # the old value lives on in the memory superseded, dated
        if renewal is not None:
            content = without_old(content, renewal, r.content)
            names += left_behind(renewal, r.content)
    drug = dosed_name(renewed[0].content) if renewal is not None and \
        renewal.things <= MEASURES else None
    if drug and drug.casefold() not in content.casefold():
        content = f"{content} ({drug})"  # "raised User's dose to 75mcg" — of what
    # the number it had ("75mg"): context() says it as past beside the new one, and dates a
    # line of an earlier conversation that still states it
    before = old_value(renewal, renewed[0].content) if renewal is not None and len(renewed) == 1 \
        and not new.metadata.get("previously") else None
    moved = partial.rewritten(renewed[0].content, content, renewal.value) \
        if renewal is not None and len(renewed) == 1 else None
    placed = partial.relocated(renewed[0].content, content, renewal.things, renewal.value) \
        if renewal is not None and len(renewed) == 1 and moved is None else None
    off = moved_off(new.content) if renewal is not None and len(renewed) == 1 and moved is None \
        and placed is None else None
    if off is not None and (at := relocate(renewed[0].content, *off)) is not None:
        placed = (at, off[0])  # "migrated off gke, runs on ecs fargate now": the host changed
    if placed is not None:  # "moved ledgerly to fly.io": the thing stays, its place was left
        moved, names = placed, [placed[1]]
    if moved is None and renewal is not None and len(renewed) == 1 and amount_now(new.content):
        moved = progress.rewritten(renewed[0].content, renewal.value)  # "up to 19k": the goal stays
    if moved is not None:  # "party 5월 2일로 미뤘다": the old memory, at the new date
        content, before = moved
    new = new.model_copy(update={
        "pinned": new.pinned or any(r.pinned for r in renewed),
        "tags": sorted(set(new.tags) | core), "content": content,
        "content_hash": content_hash(content),
        "metadata": {**new.metadata, "previously": before} if before else new.metadata})
    supersede(plan, pool, renewed, new, now, "a new value of the same thing",
               names=list(dict.fromkeys(names)))
    if moved is None:  # (the old memory rewritten says all it said besides)
        keep_unchanged(plan, pool, renewed, new, now, names)
    return True


def _outdate(new: MemoryRecord, pool: Pool, plan: Plan, now: datetime,
             only: frozenset[str] | None = None) -> bool:
    """``new`` says stored memories no longer hold (``outdated_by``: "이사 화요일 아니고
    목요일이에요", "mustard greens, not collards"): it supersedes them (False when there
    are none, or the reason is not one of ``only``)."""
    gone, why = outdated_by(new, pool.records.values(), pool.created)
    if not gone or only is not None and why not in only:
        return False
    core = {t for r in gone for t in r.tags if t in CRITICAL_TAGS}
    content = event_in_full(new.content, gone)  # "식을 … 미뤘다": 결혼식
    new = new.model_copy(update={"pinned": carried_pin(new, gone, why), "content": content,
                                 "content_hash": content_hash(content),
                                 "tags": sorted(set(new.tags) | core)})
    supersede(plan, pool, gone, new, now, f"the old value {why}", names=left_names(gone, why))
    keep_unchanged(plan, pool, gone, new, now)
    return True


def _resolve(new: MemoryRecord, pool: Pool, plan: Plan, now: datetime) -> bool:
    """``new`` says a passing health state is over ("Mango's sensitivity is under control",
    "보리 피부염 다 나았어"): it supersedes the memories stating that state (``resolved_by``),
    and is no core or safety fact itself — what was pinned is history now, and context() shows
    the news among the relevant memories, not as a fact that always applies (False when none)."""
    over = resolved_by(new, pool.records.values(), pool.created)
    if not over:
        return False
    tags = sorted(set(new.tags) - SAFETY_TAGS)
    supersede(plan, pool, over, new.model_copy(update={"pinned": False, "tags": tags}), now,
               "a passing state said to be over")
    return True


def _begin(new: MemoryRecord, pool: Pool, plan: Plan, now: datetime) -> bool:
    """``new`` says a thing planned to start has begun ("first week of preschool done"): the
    plans to start it are superseded (``begun_by``; False when there are none)."""
    ahead = begun_by(new, pool.records.values(), pool.created)
    if not ahead:
        return False
    supersede(plan, pool, ahead, new, now, "the plan has begun")
    return True


def _rename(c: Candidate, new: MemoryRecord, pool: Pool, plan: Plan, now: datetime) -> bool:
    """"Phoenix got renamed to Atlas": each stored memory naming Phoenix is superseded by the
    same memory naming Atlas, from the rename on (the old wording stays in history). The
    sentence is not stored; when no memory names the old name, it is stored as any (False)."""
    old_name, new_name = c.renames or ("", "")
    just = slip_said_now(c.preview, c.renames)  # "아 60 아니고 50": what was said just now only
    olds = [r for r in pool.records.values() if r.id not in pool.created and r.type is not
            MemoryType.RULE and mentions(r.content, old_name) and (r.layer is new.layer or just)]
    if just:  # (the slip may read as a passing remark) said this conversation or within hours
        olds = [r for r in olds if r.source_session == new.source_session
                or abs(new.event_time - r.event_time) <= timedelta(hours=6)]
        if not olds:  # nothing said just now names it: "X 아니고 Y" alone says nothing
            return says_only(new.content, c.renames) and not any(
                mentions(pool.records[i].content, old_name) for i in pool.created)
    if not olds:
        return False
    for old in olds:
        pattern = renaming.old_phrase(old.content, old_name, new_name)
        names = list(dict.fromkeys([old_name, *_WORD.findall(pattern.pattern.replace("\\", ""))]))
        content = renaming.with_copula(pattern.sub(new_name, old.content), new_name)
        record = old.model_copy(update={
            "id": new_id(), "content": content, "content_hash": content_hash(content),
            "index_text": None, "event_time": new.event_time,
            "valid_from": new.valid_from or new.event_time, "valid_to": None,
            "superseded_at": None, "superseded_by": None, "created_at": now, "updated_at": now,
            "version": 1, "usage_count": 0, "source_session": new.source_session,
            "source_turn_ids": list(dict.fromkeys([*old.source_turn_ids,
                                                   *new.source_turn_ids])),
            "metadata": {**old.metadata, "renamed_from": old_name, **(
                {"value": pattern.sub(new_name, str(old.metadata["value"]))}
                if old.metadata.get("value") else {})}})
        supersede(plan, pool, [old], record, now, f"renamed {old_name} to {new_name}",
                   names=[n for n in names if len(n) > 1])
    return True



def _withdraw(plan: Plan, pool: Pool, turn_ids: Sequence[str], now: datetime) -> None:
    """The user took back what they said in ``turn_ids`` ("lol jk"): the memories made from
    those turns alone are archived (kept, restorable, audited) — never a core safety fact
    (an allergy or a medicine is not dropped on a joke's word)."""
    for record in list(pool.records.values()):
        if record.source_turn_ids and set(record.source_turn_ids) <= set(turn_ids) \
                and not (CRITICAL_TAGS & set(record.tags)):
            after = record.model_copy(update={"status": Status.ARCHIVED, "updated_at": now})
            rewrite(plan, pool, record, after, AuditAction.ARCHIVE, False,
                     {"reason": "the user took it back"})
            plan.decisions.append(Decision(kind=DecisionKind.NOOP, memory=after,
                                           reason="the user took it back"))


def _retired_by(c: Candidate, new: MemoryRecord, pool: Pool) -> list[MemoryRecord]:
    """Stored memories stating what the candidate's sentence says the user stopped ("헬스
    그만두고 수영 다녀요" retires "사용자는 주 3회 헬스한다"). Never a core (pinned) or
    health fact — except a medicine the user (or their doctor) stopped, said by a health
    memory of its own ("switched me from lisinopril to losartan" retires "User takes
    lisinopril") — never one written in this batch, never one that also states the new
    memory's own content; a pinned diet only for a diet (or health) memory that says the
    user left it ("키토는 그만뒀고 이제 지중해식으로 먹어요"), and a routine taken up for a health
    reason said before it ("허리가 아파서 필라테스 시작했다": ``ending.taken_up_for_health``). A pet or
    relative who died (``c.ended``) retires every memory about them except those that say so. A
    plan called off (``c.calls_off``: "not running chicago this year") retires only the stored
    plans that name it (``ending.planned``), never "User lives in Chicago"."""
    retires = c.retires or (() if c.ended else in_turn(c.preview or ""))  # or another sentence's
    if not retires and not c.ended and not c.calls_off:
        return []
    health, holders = "health" in c.tags or "medication" in c.tags, changes.who(new.content)

    def stops(r: MemoryRecord) -> bool:
        if any(mentions(r.content, name) for name in c.ended):
            return not died(r.content)
        named = [name for name in retires if mentions(r.content, name)
                 or same_word(name, r.content) or named_across(name, r.content)  # 로사르탄 left, "… losartan 드신다" said
                 or _by_its_verb(name, r.content)]  # "left teaching": "User teaches chemistry"
        if not named:  # a plan called off ("not running chicago this year"): its plans only
            return any(planned(r.content, name) for name in c.calls_off) and not r.pinned
        # a medicine the memory says is taken ("넥시움 먹는다"): stopped by its holder alone
        taken = all(dosed(r.content, n) for n in named) and changes.who(r.content) <= holders
        if CRITICAL_TAGS & set(r.tags):  # a medicine: by name (in either script), or doses
            return all(medicine_in(r.content, name) for name in named) and (health or taken)
        if r.pinned and taken_up_for_health(r.content, named):  # "허리가 아파서 필라테스 시작"
            return True
        if r.pinned and stopped.states_regimen(r, named) and changes.who(r.content) <= holders:
            return True  # a fast the user kept by choice ("단식은 그만뒀어요"; ``stopped``)
        if r.pinned:  # a diet the user left, said by a diet memory ("키토는 그만뒀고 …")
            return (health or taken or c.slot == "diet") and (r.metadata.get("slot") == "diet" or all(
                medicine_in(r.content, name) or diets.DIET_WORD.search(name) for name in named))
        return True

    return [r for r in pool.records.values()
            if r.id not in pool.created and r.layer is new.layer
            and r.type is not MemoryType.RULE and stops(r)
            and not says_more(r.content, new.content)]


def _by_its_verb(name: str, content: str) -> bool:
    """``content`` says the user does ``name``, an activity left said by its gerund ("teaching"
    left: "User teaches high school chemistry"; "nursing": "User nurses …" or "… works as a
    nurse")."""
    if not re.fullmatch(r"[a-z]{3,}ing", name, re.IGNORECASE):
        return False
    stem = name[:-3].casefold()
    return re.search(rf"\b{stem}(?:es|s|e|er|ers)?\b", content, re.IGNORECASE) is not None


def _diet_again(c: Candidate, new: MemoryRecord, pool: Pool) -> MemoryRecord | None:
    """The diet memory of an earlier conversation that a sentence without a slot says again
    ("three months vegetarian and I don't miss meat" after "User is vegetarian"): the
    sentence is folded into it (its turns join the memory's sources), not kept as a second
    memory stating the same diet. The diet named exactly (not "no longer vegetarian")."""
    if c.slot or c.retires or new.type is MemoryType.RULE:
        return None
    return next((r for r in pool.by_slot("diet") if r.id not in pool.created
                 and r.source_session != new.source_session and r.layer is new.layer
                 and diets.said_again(str(r.metadata.get("value") or stated_diet(r.content)
                                          or "not"), new.content)), None)


def _nearest(new: MemoryRecord, pool: Pool, threshold: float) -> MemoryRecord | None:
    """The live memory ``new`` says again or refines — never one about fewer people: "User's
    wife is vegetarian" is her fact, not a fuller "User is vegetarian"."""
    best, best_score = None, threshold
    people = changes.who(new.content)
    for record in pool.records.values():
        if record.type is not new.type or record.layer is not new.layer \
                or people - changes.who(record.content):
            continue
        slot_a, slot_b = record.metadata.get("slot"), new.metadata.get("slot")
        if slot_a and slot_b and slot_a != slot_b and not related_slots(slot_a, slot_b):
            continue
        score = similarity(record.content, new.content)
        if score < threshold and score >= 0.5 and len(tokens(record.content)) >= 3 and \
                says_more(new.content, record.content):
            score = threshold  # "User has a cat" → "User has a cat named Nabi": a refinement
        if score >= best_score:
            best, best_score = record, score
    return best

