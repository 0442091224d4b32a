"""Store contract for the job queue (the service's background work) and ``list_settings``:
every backend in ``store_url`` behaves the same."""

from __future__ import annotations

from datetime import timedelta

import pytest

from gieok.domain.policy import ScopeSettings
from gieok.domain.records import utcnow
from gieok.domain.scope import Scope
from gieok.stores import Store
from gieok.stores.queue import JobStatus

pytestmark = pytest.mark.anyio


async def test_enqueue_claim_complete_in_fifo_order(store: Store) -> None:
    first = await store.queue.enqueue_job("extract", {"scope": "a"})
    second = await store.queue.enqueue_job("extract", {"scope": "b"})
    assert first.status is JobStatus.PENDING and first.attempts == 0
    assert (await store.queue.job_counts())[JobStatus.PENDING] == 2
    claimed = await store.queue.claim_jobs(utcnow(), limit=1, lease_s=60)
    assert [j.id for j in claimed] == [first.id]
    assert claimed[0].status is JobStatus.RUNNING and claimed[0].attempts == 1
    assert claimed[0].payload == {"scope": "a"}
    # a running job under its lease is not handed out again
    again = await store.queue.claim_jobs(utcnow(), limit=10, lease_s=60)
    assert [j.id for j in again] == [second.id]
    await store.queue.complete_job(first.id)
    await store.queue.complete_job(second.id)
    assert await store.queue.job_counts() == dict.fromkeys(JobStatus, 0)
    assert await store.queue.claim_jobs(utcnow(), limit=10, lease_s=60) == []


async def test_pending_jobs_with_the_same_key_coalesce(store: Store) -> None:
    one = await store.queue.enqueue_job("extract", {"scope": "s"}, key="s")
    two = await store.queue.enqueue_job("extract", {"scope": "s"}, key="s")
    other = await store.queue.enqueue_job("extract", {"scope": "t"}, key="t")
    assert one.id == two.id and other.id != one.id
    assert (await store.queue.job_counts())[JobStatus.PENDING] == 2
    await store.queue.claim_jobs(utcnow(), limit=10, lease_s=60)
    # once claimed, new work for the key needs a new job (the claimed one may have missed it)
    three = await store.queue.enqueue_job("extract", {"scope": "s"}, key="s")
    assert three.id != one.id
    counts = await store.queue.job_counts()
    assert counts[JobStatus.RUNNING] == 2 and counts[JobStatus.PENDING] == 1


async def test_a_job_waits_while_a_job_of_its_key_runs(store: Store) -> None:
    """Two workers (or two replicas) never extract one scope at once: the second would read
    the same turns before the first moves the watermark and create the same memories."""
    first = await store.queue.enqueue_job("extract", {"scope": "s"}, key="s")
    claimed = await store.queue.claim_jobs(utcnow(), limit=10, lease_s=30)
    assert [j.id for j in claimed] == [first.id]
    second = await store.queue.enqueue_job("extract", {"scope": "s"}, key="s")
    other = await store.queue.enqueue_job("extract", {"scope": "t"}, key="t")
    loose = await store.queue.enqueue_job("extract", {"scope": "u"})
    claimed = await store.queue.claim_jobs(utcnow(), limit=10, lease_s=30)
    assert {j.id for j in claimed} == {other.id, loose.id}  # "s" is running: its next waits
    await store.queue.complete_job(first.id)
    claimed = await store.queue.claim_jobs(utcnow(), limit=10, lease_s=30)
    assert [j.id for j in claimed] == [second.id]
    # a dead worker's key does not block for ever: past the lease both are claimable again
    third = await store.queue.enqueue_job("extract", {"scope": "s"}, key="s")
    later = await store.queue.claim_jobs(utcnow() + timedelta(seconds=31), limit=10, lease_s=30)
    assert third.id in {j.id for j in later}


async def test_expired_lease_makes_a_job_claimable_again(store: Store) -> None:
    job = await store.queue.enqueue_job("extract", {"scope": "x"})
    now = utcnow()
    assert len(await store.queue.claim_jobs(now, limit=5, lease_s=30)) == 1
    assert await store.queue.claim_jobs(now + timedelta(seconds=10), limit=5, lease_s=30) == []
    later = await store.queue.claim_jobs(now + timedelta(seconds=31), limit=5, lease_s=30)
    assert [j.id for j in later] == [job.id] and later[0].attempts == 2


async def test_fail_with_retry_then_give_up(store: Store) -> None:
    job = await store.queue.enqueue_job("extract", {"scope": "x"})
    now = utcnow()
    await store.queue.claim_jobs(now, limit=1, lease_s=60)
    await store.queue.fail_job(job.id, "boom", retry_at=now + timedelta(seconds=5))
    assert await store.queue.claim_jobs(now, limit=1, lease_s=60) == []  # not before retry time
    retried = await store.queue.claim_jobs(now + timedelta(seconds=6), limit=1, lease_s=60)
    assert retried[0].id == job.id and retried[0].last_error == "boom"
    await store.queue.fail_job(job.id, "boom again", retry_at=None)
    counts = await store.queue.job_counts()
    assert counts[JobStatus.FAILED] == 1 and counts[JobStatus.PENDING] == 0
    assert await store.queue.claim_jobs(now + timedelta(days=1), limit=5, lease_s=60) == []
    failed = await store.queue.list_jobs(JobStatus.FAILED, limit=10)
    assert [(j.id, j.last_error, j.attempts) for j in failed] == [(job.id, "boom again", 2)]


async def test_run_after_delays_a_job(store: Store) -> None:
    now = utcnow()
    await store.queue.enqueue_job("extract", {}, run_after=now + timedelta(minutes=5))
    assert await store.queue.claim_jobs(now, limit=5, lease_s=60) == []
    assert len(await store.queue.claim_jobs(now + timedelta(minutes=6), limit=5, lease_s=60)) == 1


async def test_list_settings_by_tenant(store: Store) -> None:
    acme = Scope(org="acme", user="u1", persona="p")
    await store.put_settings(acme, ScopeSettings(retention_days=30))
    await store.put_settings(Scope(user="u2"), ScopeSettings(enabled=False))
    everything = await store.list_settings(None)
    assert {(s, v.retention_days, v.enabled) for s, v in everything} == {
        (acme, 30, True), (Scope(user="u2"), None, False)}
    assert [s for s, _ in await store.list_settings("acme")] == [acme]
    assert [s for s, _ in await store.list_settings("")] == [Scope(user="u2")]
    assert await store.list_settings("nobody") == []


async def test_periodic_tasks_run_once_per_interval(store: Store) -> None:
    now = utcnow()
    assert await store.queue.claim_periodic("sweep", 60, now) is False  # starts the clock
    assert await store.queue.claim_periodic("sweep", 60, now + timedelta(seconds=30)) is False
    later = now + timedelta(seconds=61)
    assert await store.queue.claim_periodic("sweep", 60, later) is True
    assert await store.queue.claim_periodic("sweep", 60, later) is False  # a second replica
    assert await store.queue.claim_periodic("decay", 60, later) is False  # its own clock
    assert await store.queue.claim_periodic("sweep", 60, later + timedelta(seconds=61)) is True
