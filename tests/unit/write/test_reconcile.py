"""W6: reconciliation is pure — candidates × stored memories → typed decisions. No store."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from gieok.domain.audit import AuditAction
from gieok.domain.records import MemoryRecord, MemoryType
from gieok.domain.results import DecisionKind
from gieok.domain.scope import Scope
from gieok.write.extract.base import Candidate, is_single_valued
from gieok.write.reconcile import reconcile, says_more, similarity

SCOPE = Scope(user="u1")
T0 = datetime(2025, 1, 1, tzinfo=UTC)
NOW = datetime(2025, 6, 1, tzinfo=UTC)


def stored(content: str, *, slot: str | None = None, value: str | None = None,
           at: datetime = T0, type: MemoryType = MemoryType.FACT,
           confidence: float = 0.8) -> MemoryRecord:
    meta = {k: v for k, v in {"slot": slot, "value": value}.items() if v}
    return MemoryRecord(scope=SCOPE, content=content, metadata=meta, event_time=at, type=type,
                        confidence=confidence, created_at=at, updated_at=at)


def cand(content: str, *, slot: str | None = None, value: str | None = None,
         at: datetime = NOW, confidence: float = 0.85, replaces: str | None = None,
         type: MemoryType = MemoryType.FACT) -> Candidate:
    return Candidate(content=content, slot=slot, value=value, at=at, confidence=confidence,
                     replaces=replaces, type=type, turn_ids=("t9",))


def record_for(c: Candidate) -> MemoryRecord:
    meta = {k: v for k, v in {"slot": c.slot, "value": c.value}.items() if v}
    return MemoryRecord(scope=SCOPE, content=c.content, metadata=meta, type=c.type,
                        confidence=c.confidence, event_time=c.at, source_turn_ids=["t9"])


def run(candidates: list[Candidate], existing: list[MemoryRecord]):  # type: ignore[no-untyped-def]
    return reconcile(candidates, existing, make_record=record_for, now=NOW)


def test_unrelated_candidate_is_added() -> None:
    plan = run([cand("User loves hiking")], [stored("User lives in Busan")])
    assert [d.kind for d in plan.decisions] == [DecisionKind.ADD]
    assert [r.content for r in plan.creates] == ["User loves hiking"] and plan.changes == []


def test_exact_duplicate_bumps_usage_and_keeps_max_confidence() -> None:
    old = stored("User loves hiking", confidence=0.7)
    plan = run([cand("user loves  hiking", confidence=0.9)], [old])
    assert [d.kind for d in plan.decisions] == [DecisionKind.NOOP] and plan.creates == []
    change = plan.changes[0]
    assert change.after.usage_count == 1 and change.after.confidence == 0.9
    assert change.action is AuditAction.UPDATE and change.after.version == old.version


def test_new_value_of_a_single_valued_slot_supersedes() -> None:
    old = stored("User lives in Gangnam-gu", slot="residence", value="gangnam-gu")
    plan = run([cand("User lives in Mapo-gu", slot="residence", value="mapo-gu")], [old])
    decision = plan.decisions[0]
    assert decision.kind is DecisionKind.SUPERSEDE and decision.replaced == old.id
    retired = plan.changes[0].after
    assert plan.changes[0].action is AuditAction.SUPERSEDE
    assert retired.superseded_at == NOW and retired.superseded_by == decision.memory.id
    assert retired.valid_to == NOW and not retired.is_live()
    assert plan.creates == [decision.memory]


def test_supersession_works_across_languages() -> None:
    old = stored("User lives in Gangnam-gu", slot="residence", value="gangnam-gu")
    plan = run([cand("사용자는 마포구에 거주", slot="residence", value="마포구")], [old])
    assert plan.decisions[0].kind is DecisionKind.SUPERSEDE


def test_same_value_with_more_detail_is_an_update() -> None:
    old = stored("User lives in Mapo-gu", slot="residence", value="mapo-gu")
    plan = run([cand("User lives in Mapo-gu, Seoul", slot="residence", value="mapo-gu, seoul")],
               [old])
    assert plan.decisions[0].kind is DecisionKind.UPDATE
    after = plan.changes[0].after
    assert after.id == old.id and after.content == "User lives in Mapo-gu, Seoul"
    assert after.version == old.version + 1 and plan.changes[0].reembed


def test_same_value_with_less_detail_is_merged() -> None:
    old = stored("User lives in Mapo-gu, Seoul", slot="residence", value="mapo-gu, seoul")
    plan = run([cand("User lives in Mapo-gu", slot="residence", value="mapo-gu")], [old])
    assert plan.decisions[0].kind is DecisionKind.MERGE
    after = plan.changes[0].after
    assert after.content == old.content and after.usage_count == 1
    assert plan.changes[0].action is AuditAction.MERGE and "t9" in after.source_turn_ids


def test_preference_flip_supersedes_but_like_is_not_inside_dislike() -> None:
    old = stored("User loves coffee", slot="pref:coffee", value="like",
                 type=MemoryType.PREFERENCE)
    plan = run([cand("User dislikes coffee", slot="pref:coffee", value="dislike",
                     type=MemoryType.PREFERENCE)], [old])
    assert plan.decisions[0].kind is DecisionKind.SUPERSEDE


def test_near_duplicate_without_slots_is_merged_or_updated() -> None:
    old = stored("User has a cat")
    plan = run([cand("User has a cat named Nabi")], [old])
    assert plan.decisions[0].kind is DecisionKind.UPDATE
    plan = run([cand("User has a cat!")], [stored("User has a cat.")])
    assert plan.decisions[0].kind in (DecisionKind.NOOP, DecisionKind.MERGE)


def test_different_types_are_never_near_duplicates() -> None:
    plan = run([cand("Always answer in Korean", type=MemoryType.RULE)],
               [stored("Always answer in Korean!", type=MemoryType.FACT)])
    assert plan.decisions[0].kind is DecisionKind.ADD


def test_model_can_name_what_it_replaces() -> None:
    old = stored("User is training for a 10k race")
    plan = run([cand("User finished the 10k race", replaces=old.id)], [old])
    assert plan.decisions[0].kind is DecisionKind.SUPERSEDE
    assert plan.decisions[0].replaced == old.id


def test_older_statement_does_not_supersede_a_newer_fact() -> None:
    newer = stored("User lives in Mapo-gu", slot="residence", value="mapo-gu", at=NOW)
    plan = run([cand("User lives in Gangnam-gu", slot="residence", value="gangnam-gu",
                     at=T0)], [newer])
    decision = plan.decisions[0]
    assert decision.kind is DecisionKind.NOOP and not decision.memory.is_live()
    assert decision.memory.superseded_by == newer.id and decision.memory.valid_to == NOW
    assert plan.changes == []


def test_batch_candidates_see_each_other() -> None:
    plan = run([cand("User lives in Busan", slot="residence", value="busan", at=T0),
                cand("User lives in Daegu", slot="residence", value="daegu"),
                cand("User lives in Daegu", slot="residence", value="daegu")], [])
    kinds = [d.kind for d in plan.decisions]
    assert kinds == [DecisionKind.ADD, DecisionKind.SUPERSEDE, DecisionKind.NOOP]
    live = [r for r in plan.creates if r.is_live()]
    assert [r.content for r in live] == ["User lives in Daegu"] and len(plan.creates) == 2


def test_superseded_memories_are_not_reconciled_against() -> None:
    gone = stored("User lives in Busan", slot="residence", value="busan").model_copy(
        update={"superseded_at": T0 + timedelta(days=1)})
    plan = run([cand("User lives in Busan", slot="residence", value="busan")], [gone])
    assert plan.decisions[0].kind is DecisionKind.ADD


def test_helpers() -> None:
    assert similarity("User lives in Seoul", "User lives in Seoul") == 1.0
    assert similarity("User likes cats", "사용자는 고양이를 좋아함") < 0.2
    assert says_more("User has a cat named Nabi", "User has a cat")
    assert not says_more("User has a cat", "User has a cat named Nabi")
    assert is_single_valued("residence") and is_single_valued("pref:coffee")
    assert not is_single_valued("allergy") and not is_single_valued(None)


def test_a_slot_value_with_a_trailing_clause_refines_the_same_slot() -> None:
    old = stored("User loves sushi", slot="pref:sushi", value="sushi")
    plan = run([cand("User loves sushi, had it again yesterday",
                     slot="pref:sushi, had it again yesterday",
                     value="sushi, had it again yesterday")], [old])
    assert [d.kind for d in plan.decisions] == [DecisionKind.UPDATE] and plan.creates == []
    other = stored("User loves coffee", slot="pref:coffee", value="coffee")
    plan = run([cand("User loves coffee ice cream", slot="pref:coffee ice cream",
                     value="coffee ice cream")], [other])
    assert [d.kind for d in plan.decisions] == [DecisionKind.ADD]  # two things, both kept
