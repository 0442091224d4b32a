"""L4: old memories become digests by topic and time window; stale episodes are distilled."""

from __future__ import annotations

from datetime import timedelta

import pytest

from gieok import AsyncMemory, AuditAction, MemoryType
from gieok.domain.records import MemoryRecord, utcnow
from gieok.domain.scope import Scope
from gieok.lifecycle.consolidate import plan_consolidation

pytestmark = pytest.mark.anyio
U1 = Scope(user="u1")


def _rec(content: str, days_ago: float, **kw: object) -> MemoryRecord:
    return MemoryRecord(scope=kw.pop("scope", U1), content=content,  # type: ignore[arg-type]
                        event_time=utcnow() - timedelta(days=days_ago), **kw)


def _plan(records: list[MemoryRecord], **kw: object) -> list:  # type: ignore[type-arg]
    args = {"now": utcnow(), "after_days": 30, "window_days": 30, "min_cluster": 3,
            "importance_factor": 0.5, "stale_episode_days": 14} | kw
    return plan_consolidation(records, **args)  # type: ignore[arg-type]


def test_groups_by_topic_window_and_scope() -> None:
    diet = [_rec(f"Nabi ate salmon pate day {i}", 100 + i, tags=["diet"]) for i in range(4)]
    later_diet = [_rec(f"Nabi ate tuna day {i}", 10 + i, tags=["diet"]) for i in range(4)]
    other_scope = [_rec(f"u2 diet {i}", 100 + i, tags=["diet"], scope=Scope(user="u2"))
                   for i in range(2)]
    pinned = _rec("Pinned diet rule", 101, tags=["diet"], pinned=True)
    plan = _plan([*diet, *later_diet, *other_scope, pinned])
    assert len(plan) == 1  # recent ones are too new, u2 has too few, pinned never demoted
    digest = plan[0]
    assert digest.record.type is MemoryType.DIGEST and digest.record.scope == U1
    assert set(digest.record.data["covers"]) == {r.id for r in diet}
    assert "salmon" in digest.record.content and digest.record.content.startswith("Digest ")
    assert digest.record.event_time == max(r.event_time for r in diet)
    assert digest.record.valid_from == min(r.event_time for r in diet)
    assert all(c.importance == pytest.approx(0.25) and c.metadata["digest_id"] ==
               digest.record.id and c.version == 2 for c in digest.covered)


def test_untagged_memories_cluster_by_wording() -> None:
    vet = [_rec(f"Vet visit: Nabi got vaccine shot number {i}", 200 + i) for i in range(3)]
    misc = [_rec("User bought a new bicycle", 201), _rec("Weather was rainy in Busan", 202)]
    plan = _plan([*vet, *misc])
    assert len(plan) == 1 and set(plan[0].record.data["covers"]) == {r.id for r in vet}


def test_already_digested_and_digests_are_skipped() -> None:
    covered = [_rec(f"note {i} about tea", 100, tags=["tea"], metadata={"digest_id": "d"})
               for i in range(5)]
    digests = [_rec(f"Digest {i}", 100, tags=["tea"], type=MemoryType.DIGEST) for i in range(5)]
    assert _plan([*covered, *digests]) == []


async def test_consolidate_writes_digests_and_promotes_stale_episodes(mem: AsyncMemory) -> None:
    now = utcnow()
    for i in range(3):
        await mem.remember(f"Played tennis at the club, session {i}", user_id="u1",
                           tags=["tennis"], importance=0.6, timestamp=now - timedelta(days=90 + i))
    allergy = await mem.remember("Allergic to penicillin", user_id="u1", tags=["tennis"],
                                 importance=0.9, timestamp=now - timedelta(days=91))
    episode = await mem.remember("Talked about a stressful week at work", user_id="u1",
                                 layer="episodic", type="episode",
                                 timestamp=now - timedelta(days=20))
    fresh_episode = await mem.remember("Talked about a trip", user_id="u1", layer="episodic",
                                       type="episode", timestamp=now - timedelta(days=2))
    dry = await mem.consolidate(user_id="u1", dry_run=True)
    assert len(dry.digests) == 2 and dry.episodes_promoted == 1
    assert (await mem.list(user_id="u1")).total == 6
    report = await mem.consolidate(user_id="u1")
    assert report.covered == 4 and report.episodes_promoted == 1
    digests = (await mem.list(user_id="u1", filters={"type": "digest"})).items
    assert len(digests) == 2
    tennis = next(d for d in digests if d.data and d.data["kind"] == "memories")
    assert "tennis" in tennis.content and allergy.id not in tennis.data["covers"]
    assert (await mem.get(allergy.id)).importance == 0.9  # safety facts are never demoted
    covered = await mem.get(tennis.data["covers"][0])
    assert covered.importance == pytest.approx(0.3) and covered.version == 2
    assert (await mem.history(covered.id))[-1].action is AuditAction.UPDATE
    assert (await mem.get(episode.id)).promoted and not (await mem.get(fresh_episode.id)).promoted
    hits = await mem.search("tennis at the club", user_id="u1", k=3)
    assert hits[0].record.type is MemoryType.DIGEST
    ctx = await mem.context("stressful week at work", user_id="u1")
    assert episode.id not in ctx.trace.used_ids()  # promoted: not retrieved twice
    again = await mem.consolidate(user_id="u1")
    assert again.digests == []  # idempotent


@pytest.mark.parametrize("shift_days", range(0, 30, 3))
def test_memories_days_apart_share_a_window_whatever_the_date(shift_days: int) -> None:
    """Windows start at the first memory, not at calendar boundaries: three notes written
    over two days are one digest however the dates fall (fixed 30-day buckets split them
    on some days of the month)."""
    notes = [_rec(f"Nabi ate salmon pate day {i}", 100 + shift_days + i, tags=["diet"])
             for i in range(3)]
    plan = _plan(notes)
    assert len(plan) == 1 and len(plan[0].covered) == 3
