"""``JobQueue`` in memory (``memory://``): the reference semantics of the durable queue."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from gieok.domain.records import utcnow
from gieok.stores.queue import Job, JobStatus


class InMemoryJobQueue:
    def __init__(self) -> None:
        self._jobs: dict[str, tuple[Job, float | None]] = {}  # id -> (job, lease end)
        self._periodic: dict[str, datetime] = {}

    async def claim_periodic(self, name: str, every_s: float, now: datetime, /) -> bool:
        last = self._periodic.setdefault(name, now)
        if last is now or (now - last).total_seconds() < every_s:
            return False
        self._periodic[name] = now
        return True

    async def enqueue_job(
        self, kind: str, payload: Mapping[str, Any], /, *, key: str | None = None,
        run_after: datetime | None = None,
    ) -> Job:
        if key is not None:
            for job, _ in self._jobs.values():  # insertion order = enqueue order
                if job.key == key and job.status is JobStatus.PENDING:
                    return job
        now = utcnow()
        job = Job(id=uuid.uuid4().hex, kind=kind, payload=dict(payload), key=key,
                  status=JobStatus.PENDING, attempts=0, enqueued_at=now,
                  run_after=run_after or now)
        self._jobs[job.id] = (job, None)
        return job

    async def claim_jobs(self, now: datetime, /, *, limit: int, lease_s: float) -> list[Job]:
        busy = {job.key for job, lease in self._jobs.values()  # keys running under a lease
                if job.status is JobStatus.RUNNING and job.key is not None
                and lease is not None and lease > now.timestamp()}
        ready = [job for job, lease in self._jobs.values()
                 if (job.status is JobStatus.PENDING and job.run_after <= now
                     and job.key not in busy)
                 or (job.status is JobStatus.RUNNING and lease is not None
                     and lease <= now.timestamp())]
        ready.sort(key=lambda j: j.run_after)  # stable: enqueue order among equals
        until = (now + timedelta(seconds=lease_s)).timestamp()
        claimed = []
        for job in ready[:limit]:
            running = replace(job, status=JobStatus.RUNNING, attempts=job.attempts + 1)
            self._jobs[job.id] = (running, until)
            claimed.append(running)
        return claimed

    async def complete_job(self, job_id: str, /) -> None:
        self._jobs.pop(job_id, None)

    async def fail_job(self, job_id: str, error: str, /, *, retry_at: datetime | None) -> None:
        found = self._jobs.get(job_id)
        if found is None:
            return
        job = found[0]
        if retry_at is not None:
            job = replace(job, status=JobStatus.PENDING, run_after=retry_at,
                          last_error=error[:2000])
        else:
            job = replace(job, status=JobStatus.FAILED, last_error=error[:2000])
        self._jobs[job_id] = (job, None)

    async def job_counts(self) -> dict[JobStatus, int]:
        counts = dict.fromkeys(JobStatus, 0)
        for job, _ in self._jobs.values():
            counts[job.status] += 1
        return counts

    async def list_jobs(self, status: JobStatus, /, *, limit: int) -> list[Job]:
        found = [job for job, _ in self._jobs.values() if job.status is JobStatus(status)]
        return sorted(found, key=lambda j: j.run_after)[:limit]
