"""The job queue port: the service's durable background work (extraction off the request
path), with leases so that nothing acknowledged is lost when a worker dies."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any, Protocol


class JobStatus(StrEnum):
    PENDING = "pending"  # waiting (or waiting to be retried after ``run_after``)
    RUNNING = "running"  # claimed by a worker until its lease ends
    FAILED = "failed"  # gave up after its attempts; kept for inspection


@dataclass(frozen=True)
class Job:
    """One unit of background work (the service's extraction queue), persisted so that work
    a request acknowledged survives a restart. ``payload`` holds ids, never memory content.
    ``key`` coalesces: while a job with the same key is still pending, enqueueing another
    returns that one instead of adding a second. And a pending job waits while a job with
    its key runs under a live lease: a scope's extraction never runs twice at once (two
    replicas each extracting the same turns would each create the same memories)."""

    id: str
    kind: str
    payload: dict[str, Any]
    key: str | None
    status: JobStatus
    attempts: int
    enqueued_at: datetime
    run_after: datetime
    last_error: str | None = None


class JobQueue(Protocol):
    """A durable work queue with leases: a claimed job whose worker died is claimable again
    once its lease has passed, so nothing acknowledged is lost (at-least-once delivery)."""

    async def enqueue_job(
        self, kind: str, payload: Mapping[str, Any], /, *, key: str | None = None,
        run_after: datetime | None = None,
    ) -> Job: ...
    async def claim_jobs(self, now: datetime, /, *, limit: int, lease_s: float) -> list[Job]: ...
    async def complete_job(self, job_id: str, /) -> None: ...
    async def fail_job(self, job_id: str, error: str, /, *, retry_at: datetime | None) -> None: ...
    async def job_counts(self) -> dict[JobStatus, int]: ...
    async def list_jobs(self, status: JobStatus, /, *, limit: int) -> list[Job]: ...
    async def claim_periodic(self, name: str, every_s: float, now: datetime, /) -> bool:
        """True for exactly one caller per ``every_s`` for the periodic task ``name``, across
        every process on the store (replicas, restarts): the last run is remembered in the
        store. The first call for a name starts its clock and returns False."""
        ...
