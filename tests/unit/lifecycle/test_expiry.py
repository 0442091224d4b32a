"""L2 expiry (own expires_at and per-type TTL, audited) and L3 retention (hard delete)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from gieok import AsyncMemory, AuditAction, InvalidInputError, NotFoundError, Status
from gieok.domain.records import utcnow

pytestmark = pytest.mark.anyio


async def test_expired_memories_leave_search_and_get_an_expire_event(mem: AsyncMemory) -> None:
    now = utcnow()
    plan = await mem.remember("Q3 plan: launch by September", user_id="u1",
                              expires_at=now + timedelta(days=10))
    todo = await mem.remember("Todo: renew the passport", user_id="u1", type="todo",
                              timestamp=now - timedelta(days=40))
    keep = await mem.remember("User lives in Gangnam-gu", user_id="u1")
    assert (await mem.expire(user_id="u1", now=now)).expired == [todo.id]
    hits = {h.record.id for h in await mem.search("plan passport Gangnam", user_id="u1")}
    assert hits == {plan.id, keep.id}
    later = now + timedelta(days=11)
    report = await mem.expire(user_id="u1", now=later)
    assert report.expired == [plan.id] and report.by_reason == {"expires_at": 1}
    record = await mem.get(plan.id)
    assert record.status is Status.ARCHIVED and record.metadata["expired"]["reason"] == \
        "expires_at"
    events = await mem.history(plan.id)
    assert events[-1].action is AuditAction.EXPIRE and events[-1].details["reason"] == \
        "expires_at"
    todo_after = await mem.get(todo.id)
    assert todo_after.expires_at == todo.event_time + timedelta(days=30)
    assert (await mem.history(todo.id))[-1].details == {"reason": "ttl"}
    assert (await mem.expire(user_id="u1", now=later)).expired == []  # idempotent
    assert (await mem.get(keep.id)).status is Status.ACTIVE


async def test_dry_run_and_whole_tenant(mem: AsyncMemory) -> None:
    now = utcnow()
    a = await mem.remember("a", user_id="u1", expires_at=now + timedelta(seconds=1))
    b = await mem.remember("b", user_id="u2", expires_at=now + timedelta(seconds=1))
    other = await mem.remember("c", org_id="acme", user_id="u3",
                               expires_at=now + timedelta(seconds=1))
    later = now + timedelta(minutes=1)
    assert set((await mem.expire(now=later, dry_run=True)).expired) == {a.id, b.id}
    assert (await mem.get(a.id)).status is Status.ACTIVE
    assert set((await mem.expire(now=later)).expired) == {a.id, b.id}
    assert (await mem.get(other.id, scope="org:acme/user:u3")).status is Status.ACTIVE
    assert (await mem.expire(org_id="acme", now=later)).expired == [other.id]


async def test_retention_hard_deletes_old_memories(mem: AsyncMemory) -> None:
    now = utcnow()
    old = await mem.remember("Old diary entry", user_id="u1",
                             timestamp=now - timedelta(days=400))
    recent = await mem.remember("Recent note", user_id="u1", timestamp=now - timedelta(days=5))
    await mem.update(old.id, content="Old diary entry, edited")
    await mem.update_settings(user_id="u1", retention_days=365)
    dry = await mem.expire(user_id="u1", now=now, dry_run=True)
    assert dry.deleted == [old.id] and (await mem.get(old.id)).content.endswith("edited")
    report = await mem.expire(user_id="u1", now=now)
    assert report.deleted == [old.id]
    with pytest.raises(NotFoundError):
        await mem.get(old.id)
    events = await mem.history(old.id)  # only a content-free tombstone remains
    assert len(events) == 1 and events[0].details["reason"] == "retention"
    assert "diary" not in events[0].model_dump_json()
    assert (await mem.get(recent.id)).status is Status.ACTIVE
    exported = await mem.export(user_id="u1")
    assert [e["id"] for e in exported] == [recent.id]


async def test_retention_override_and_validation(mem: AsyncMemory) -> None:
    now = utcnow()
    await mem.remember("ancient", user_id="u1", timestamp=now - timedelta(days=50))
    assert len((await mem.expire(user_id="u1", now=now, retention_days=30)).deleted) == 1
    with pytest.raises(InvalidInputError):
        await mem.expire(user_id="u1", now=now, retention_days=-1)
