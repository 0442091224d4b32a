"""``BackgroundJobs`` without HTTP: back-pressure, the worker and its drain, per-scope locks,
tenant discovery, switched-off periodic tasks, and the gauge series."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from typing import Any

import anyio
import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.api.jobs import BackgroundJobs
from gieok.api.observability import Gauge, Metrics
from gieok.domain.policy import ScopeSettings
from gieok.domain.scope import Scope
from gieok.errors import BackendError
from gieok.security.tokens import TokenService
from gieok.settings import JobSettings
from gieok.stores.queue import JobStatus

pytestmark = pytest.mark.anyio
OFF = {f"{t}_interval_s": 0 for t in ("sweep", "decay", "expire", "retention", "consolidate")}
ALICE = Scope(org="acme", user="alice", session="s1")


@pytest.fixture
async def engine(settings: GieokSettings) -> AsyncIterator[AsyncMemory]:
    async with AsyncMemory("memory://", settings=settings) as mem:
        yield mem


def jobs_for(engine: AsyncMemory, **options: Any) -> BackgroundJobs:
    return BackgroundJobs(engine, JobSettings(**{**OFF, "poll_interval_s": 0.05, **options}),
                          Metrics())


async def test_full_queue_raises_queue_full_with_retry_after(engine: AsyncMemory) -> None:
    async with jobs_for(engine, workers=0, queue_max=1, retry_after_s=9) as jobs:
        await jobs.ensure_capacity()
        await jobs.enqueue_extraction(ALICE)
        with pytest.raises(BackendError) as caught:
            await jobs.ensure_capacity()
        assert caught.value.code == "QUEUE_FULL"
        assert caught.value.details == {"retry_after_s": 9}
        assert jobs.metrics.jobs.value("extract", "rejected") == 1
        await jobs.refresh_gauges()
        assert jobs.metrics.queue_depth.value() == 1


async def test_leaving_the_context_drains_the_queue(engine: AsyncMemory) -> None:
    await engine.add("I live in Gangnam-gu, Seoul.", scope=ALICE, infer=False)
    async with jobs_for(engine, workers=1, poll_interval_s=3600) as jobs:
        await jobs.enqueue_extraction(ALICE)
    counts = await engine.store.queue.job_counts()
    assert counts == dict.fromkeys(JobStatus, 0)
    assert jobs.metrics.jobs.value("extract", "done") == 1
    page = await engine.list(scope=ALICE.with_(session=None))
    assert any("Gangnam" in m.content for m in page.items)


async def test_one_scope_is_worked_on_by_one_task_at_a_time(engine: AsyncMemory) -> None:
    jobs = jobs_for(engine, workers=0)
    inside: list[str] = []
    overlap: list[bool] = []

    async def hold(name: str) -> None:
        async with jobs.scope_lock(ALICE.key()):
            overlap.append(bool(inside))
            inside.append(name)
            await anyio.sleep(0.01)
            inside.remove(name)

    async with anyio.create_task_group() as tg:
        for name in ("a", "b", "c"):
            tg.start_soon(hold, name)
    assert overlap == [False, False, False]
    assert jobs._locks == {}  # released locks are forgotten


async def test_tenants_come_from_tokens_and_settings(engine: AsyncMemory) -> None:
    await TokenService(engine.store.tokens).create(tenant="acme", user="alice")
    await engine.store.put_settings(Scope(org="globex", user="bob"),
                                    ScopeSettings(retention_days=7))
    assert await jobs_for(engine).tenants() == ["", "acme", "globex"]


async def test_interval_zero_switches_a_task_off(engine: AsyncMemory) -> None:
    async with jobs_for(engine, workers=0, decay_interval_s=0.01) as jobs:
        deadline = time.monotonic() + 10
        while jobs.metrics.scheduled.value("decay", "ok") < 2:
            assert time.monotonic() < deadline, "decay never ran"
            await anyio.sleep(0.01)
    for task in ("sweep", "expire", "retention", "consolidate"):
        assert jobs.metrics.scheduled.value(task, "ok") == 0


def test_gauge_renders_current_values() -> None:
    gauge = Gauge("q_depth", "queue depth", ("status",))
    gauge.set(3, "pending")
    gauge.set(1, "pending")
    assert gauge.render() == ["# HELP q_depth queue depth", "# TYPE q_depth gauge",
                              'q_depth{status="pending"} 1']
    assert "# TYPE gieok_extraction_queue_depth gauge" in Metrics().render()
