"""The service's background work (issue 6): the extraction queue and the periodic tasks.

**Extraction off the request path.** ``POST /v1/messages`` stores the turns synchronously
(``add(…, infer=False)``) and enqueues one ``extract`` job keyed by the scope; a worker later
runs ``AsyncMemory.extract_pending`` for it. The job lives in the store (``JobQueue``) and is
committed before the response, so nothing acknowledged is lost on restart: a job that was
pending, or running when the process died, is claimed again (leases) by the next start.
Jobs for one scope coalesce while pending, and one scope is never worked on twice at once.

**Back-pressure.** The queue is bounded by ``jobs.queue_max`` (pending + running). When it is
full, ``/v1/messages`` answers **503 ``QUEUE_FULL`` with ``Retry-After``** and writes nothing.
We chose refusing over running the extraction inline: an overloaded server that also does
the slow work in the request only gets slower for everyone, while a client that waits
``Retry-After`` seconds lets the workers catch up.

**Failures** are retried ``max_attempts`` times with a growing delay, then the job is kept
as ``failed``; both are counted (``/metrics``: ``gieok_job_failures_total``,
``gieok_jobs_failed``), as are absorbed write-path failures (``gieok_write_failures``).

**Requests first.** Jobs and periodic tasks run ``in_background`` (``gieok.priority``): their
store calls yield to waiting requests for up to half a second, and their model calls run on
a thread with a lower OS priority — the extraction queue catches up whenever requests leave
the machine idle, and never delays someone waiting for an answer by more than that.

**Periodic tasks** (intervals in ``jobs.*_interval_s``, 0 = off): the idle-session
sweeper (W2), confidence decay (L1), expiry (L2), retention (L3) and consolidation (L4),
each over every tenant the service knows (tenants of its tokens and stored settings). Each
runs once per interval across every replica on the database (``claim_periodic``: the last
run is remembered in the store, also across restarts).

**Shutdown** stops the periodic tasks, lets the workers drain the queue for up to
``jobs.drain_timeout_s``, then cancels; a job cut off mid-run is released for the next start.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import timedelta
from types import TracebackType
from typing import Any, NoReturn

import anyio
from anyio.abc import TaskGroup

from gieok.api.observability import Metrics
from gieok.domain.records import utcnow
from gieok.domain.scope import Scope
from gieok.errors import BackendError
from gieok.memory import AsyncMemory
from gieok.priority import in_background
from gieok.settings import JobSettings
from gieok.stores.base import Store
from gieok.stores.queue import Job, JobQueue, JobStatus

log = logging.getLogger("gieok.jobs")

EXTRACT = "extract"
PERIODIC_CHECK_S = 30.0  # how often a long-interval task checks whether it is due


class BackgroundJobs:
    """Owns the worker and periodic tasks of one service process. Use as an async context
    manager inside the app's lifespan (after the engine is open, before it closes)."""

    def __init__(self, engine: AsyncMemory, settings: JobSettings, metrics: Metrics) -> None:
        self.engine = engine
        self.settings = settings
        self.metrics = metrics
        self._wake = anyio.Event()
        self._draining = False
        self._busy = 0
        self._locks: dict[str, anyio.Lock] = {}
        self._tg: TaskGroup | None = None
        self._periodic: anyio.CancelScope | None = None
        self._workers_left = 0
        self._workers_done = anyio.Event()

    @property
    def store(self) -> Store:
        return self.engine.store

    @property
    def queue(self) -> JobQueue:
        return self.engine.store.queue

    # -- lifecycle --------------------------------------------------------------------------
    async def __aenter__(self) -> BackgroundJobs:
        self._tg = anyio.create_task_group()
        await self._tg.__aenter__()
        self._workers_left = self.settings.workers
        if self._workers_left == 0:
            self._workers_done.set()
        for n in range(self.settings.workers):
            self._tg.start_soon(self._worker, n, name=f"gieok-worker-{n}")
        await self._tg.start(self._run_periodic)
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> bool | None:
        assert self._tg is not None
        if exc_type is None:
            await self.drain()
        self._tg.cancel_scope.cancel()
        return await self._tg.__aexit__(exc_type, exc, tb)

    async def drain(self) -> None:
        """Stop the periodic tasks and let the workers finish what is queued, within
        ``drain_timeout_s``; whatever is left stays in the store for the next start."""
        if self._periodic is not None:
            self._periodic.cancel()
        self._draining = True
        self._wake.set()
        with anyio.move_on_after(self.settings.drain_timeout_s) as scope:
            await self._workers_done.wait()
        if scope.cancelled_caught:
            log.warning("shutdown: queue not drained within %.1fs; the rest runs at next start",
                        self.settings.drain_timeout_s)

    # -- the queue --------------------------------------------------------------------------
    async def depth(self) -> int:
        counts = await self.queue.job_counts()
        return counts[JobStatus.PENDING] + counts[JobStatus.RUNNING]

    async def ensure_capacity(self) -> None:
        """Raise ``QUEUE_FULL`` (503 + Retry-After) when the queue is at its bound."""
        if self._draining:
            self._reject("the service is shutting down")
        if await self.depth() >= self.settings.queue_max:
            self._reject(f"the extraction queue is full ({self.settings.queue_max} jobs)")

    def _reject(self, why: str) -> NoReturn:
        self.metrics.jobs.inc(EXTRACT, "rejected")
        retry = self.settings.retry_after_s
        raise BackendError(f"{why}; nothing was stored, retry in {retry}s", code="QUEUE_FULL",
                           retriable=True, details={"retry_after_s": retry})

    async def enqueue_extraction(self, scope: Scope) -> Job:
        """Queue extraction of the scope's unextracted turns (coalesces while pending)."""
        job = await self.queue.enqueue_job(EXTRACT, {"scope": str(scope)}, key=scope.key())
        self.metrics.jobs.inc(EXTRACT, "enqueued")
        self._wake.set()
        return job

    @asynccontextmanager
    async def scope_lock(self, key: str) -> AsyncIterator[None]:
        """One piece of write work per scope at a time (worker jobs, session end)."""
        lock = self._locks.setdefault(key, anyio.Lock())
        try:
            async with lock:
                yield
        finally:
            if not lock.locked() and lock.statistics().tasks_waiting == 0:
                self._locks.pop(key, None)

    async def refresh_gauges(self) -> None:
        counts = await self.queue.job_counts()
        self.metrics.queue_depth.set(counts[JobStatus.PENDING] + counts[JobStatus.RUNNING])
        self.metrics.jobs_failed.set(counts[JobStatus.FAILED])
        self.metrics.write_failures.set(self.engine.write_failures)
        stats = self.engine.working_cache_stats
        if stats is not None:
            self.metrics.redis_up.set(1.0 if stats.up else 0.0)
            self.metrics.redis_errors.set(stats.errors)
            self.metrics.redis_reads.set(stats.hits, "hit")
            self.metrics.redis_reads.set(stats.misses, "miss")

    # -- workers ----------------------------------------------------------------------------
    async def _worker(self, n: int) -> None:
        try:
            while True:
                claimed = await self._claim()
                if claimed:
                    for job in claimed:
                        await self._run_job(job)
                    continue
                if self._draining and self._busy == 0:
                    return
                await self._idle()
        finally:
            self._workers_left -= 1
            if self._workers_left <= 0:
                self._workers_done.set()

    async def _claim(self) -> list[Job]:
        try:
            return await self.queue.claim_jobs(utcnow(), limit=1, lease_s=self.settings.lease_s)
        except Exception:  # noqa: BLE001 — a store hiccup must not kill the worker
            log.exception("claiming jobs failed; retrying")
            return []

    async def _idle(self) -> None:
        """Wait for an enqueue (or the poll interval: jobs due for retry, other processes)."""
        with anyio.move_on_after(self.settings.poll_interval_s):
            await self._wake.wait()
        if self._wake.is_set() and not self._draining:
            self._wake = anyio.Event()

    async def _run_job(self, job: Job) -> None:
        self._busy += 1
        try:
            outcome = await self._execute(job)
        except anyio.get_cancelled_exc_class():
            with anyio.CancelScope(shield=True):  # cut off by shutdown: next start redoes it
                await self.queue.fail_job(job.id, "interrupted by shutdown", retry_at=utcnow())
            raise
        except Exception as exc:  # noqa: BLE001
            outcome = f"{type(exc).__name__}: {exc}"
        finally:
            self._busy -= 1
        if outcome is None:
            await self.queue.complete_job(job.id)
            self.metrics.jobs.inc(job.kind, "done")
            return
        self.metrics.job_failures.inc(job.kind)
        give_up = job.attempts >= self.settings.max_attempts
        retry_at = None if give_up else utcnow() + timedelta(
            seconds=self.settings.retry_backoff_s * 2 ** (job.attempts - 1))
        await self.queue.fail_job(job.id, outcome, retry_at=retry_at)
        self.metrics.jobs.inc(job.kind, "gave_up" if give_up else "retry")
        log.warning("job %s (%s) failed, attempt %d: %s", job.id, job.kind, job.attempts,
                    outcome, extra={"job": job.id, "gave_up": give_up})

    async def _execute(self, job: Job) -> str | None:
        """Run one job; ``None`` when done, else why it failed (then it is retried)."""
        if job.kind != EXTRACT:
            return f"unknown job kind {job.kind!r}"
        scope = Scope.parse(str(job.payload["scope"]))
        async with self.scope_lock(scope.key()):
            with in_background():  # requests first: gieok.priority
                result = await self.engine.extract_pending(scope=scope)
        if result.extraction == "failed":
            return "; ".join(result.failures) or "extraction failed"
        return None

    # -- periodic tasks ---------------------------------------------------------------------
    def _tasks(self) -> dict[str, tuple[float, Callable[[], Awaitable[Any]]]]:
        cfg = self.settings
        return {
            "sweep": (cfg.sweep_interval_s, self.engine.sweep),
            "decay": (cfg.decay_interval_s, lambda: self._per_tenant(self.engine.decay)),
            "expire": (cfg.expire_interval_s, lambda: self._per_tenant(self.engine.expire)),
            "retention": (cfg.retention_interval_s, self._retention),
            "consolidate": (cfg.consolidate_interval_s,
                            lambda: self._per_tenant(self.engine.consolidate)),
        }

    async def _run_periodic(self, *, task_status: Any = anyio.TASK_STATUS_IGNORED) -> None:
        with anyio.CancelScope() as scope:
            self._periodic = scope
            task_status.started()
            async with anyio.create_task_group() as tg:
                for name, (interval, run) in self._tasks().items():
                    if interval > 0:
                        tg.start_soon(self._every, name, interval, run)

    async def _every(self, name: str, interval: float,
                     run: Callable[[], Awaitable[Any]]) -> None:
        """Run ``name`` when it is due: the last run is kept in the store, so replicas on
        one database run it once per interval between them, and a restarted service runs
        an overdue task at once instead of starting its interval again."""
        while True:
            try:
                if await self.queue.claim_periodic(name, interval, utcnow()):
                    with in_background():
                        await run()
                    self.metrics.scheduled.inc(name, "ok")
            except Exception:  # noqa: BLE001 — a failed run is logged; the next one comes
                self.metrics.scheduled.inc(name, "error")
                log.exception("scheduled %s failed", name)
            await anyio.sleep(min(interval, PERIODIC_CHECK_S))

    async def tenants(self) -> list[str]:
        """Every tenant the service knows: those of its tokens and of stored settings."""
        found = {""} | {t.tenant for t in await self.store.tokens.list_tokens(None)}
        found |= {s.tenant for s, _ in await self.store.list_settings(None)}
        return sorted(found)

    async def _per_tenant(self, job: Callable[..., Awaitable[Any]]) -> None:
        for tenant in await self.tenants():
            await job(scope=Scope(org=tenant) if tenant else None)

    async def _retention(self) -> None:
        """L3 for every scope whose settings name ``retention_days`` (or, for the
        conversation archive, ``archive_retention_days``)."""
        for scope, stored in await self.store.list_settings(None):
            if stored.retention_days or stored.archive_retention_days:
                await self.engine.expire(scope=scope, retention_days=stored.retention_days)
