"""The working log and the job queue with their user text sealed (S4): turns (text, speaker,
metadata), rolling summaries, job payloads and errors. Counts, times, ids and scope keys stay
as they are: they are what the durable log, Redis and the queue sort and select by."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from gieok.domain.scope import Scope
from gieok.domain.turns import Turn
from gieok.stores.encrypted.seal import Sealer
from gieok.stores.queue import Job, JobQueue, JobStatus
from gieok.stores.working import SessionState, SummaryState, WorkingLog


class EncryptedWorkingLog:
    """``inner`` (any working log: SQLite, PostgreSQL, in memory, Redis over a store) with
    every turn and summary sealed."""

    def __init__(self, inner: WorkingLog, sealer: Sealer) -> None:
        self.inner = inner
        self.sealer = sealer

    def __getattr__(self, name: str) -> Any:  # e.g. RedisWorkingLog's ``stats``
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)

    async def setup(self) -> None:
        await self.inner.setup()

    async def aclose(self) -> None:
        await self.inner.aclose()

    async def append(self, scope: Scope, turns: Sequence[Turn], /) -> SessionState:
        return await self.inner.append(scope, [self.sealer.turn(t) for t in turns])

    async def recent(self, scope: Scope, /, *, limit: int) -> list[Turn]:
        return [self.sealer.open_turn(t) for t in await self.inner.recent(scope, limit=limit)]

    async def state(self, scope: Scope, /) -> SessionState | None:
        return await self.inner.state(scope)

    async def mark(self, scope: Scope, /, *, extracted: int | None = None,
                   closed: int | None = None) -> None:
        await self.inner.mark(scope, extracted=extracted, closed=closed)

    async def idle(self, before: datetime, /, *, limit: int) -> list[SessionState]:
        return await self.inner.idle(before, limit=limit)

    async def closed(self, before: datetime, /, *, limit: int) -> list[SessionState]:
        return await self.inner.closed(before, limit=limit)

    async def summary(self, scope: Scope, /) -> SummaryState | None:
        found = await self.inner.summary(scope)
        return None if found is None else self.sealer.open_summary(found)

    async def put_summary(self, scope: Scope, summary: SummaryState, /) -> None:
        await self.inner.put_summary(scope, self.sealer.summary(summary))

    async def selection(self, scope: Scope, /) -> list[str]:
        return await self.inner.selection(scope)

    async def put_selection(self, scope: Scope, ids: Sequence[str], /) -> None:
        await self.inner.put_selection(scope, ids)

    async def consume_selection(self, scope: Scope, ids: Sequence[str], /) -> None:
        await self.inner.consume_selection(scope, ids)

    async def scopes(self) -> list[Scope]:
        return await self.inner.scopes()

    async def drop(self, scopes: Sequence[Scope], /) -> int:
        return await self.inner.drop(scopes)

    async def forget(self, scope: Scope, /) -> int:
        return await self.inner.forget(scope)

    async def delete_turns(self, scope: Scope, ids: Sequence[str], /) -> int:
        return await self.inner.delete_turns(scope, ids)  # turn ids are not sealed


class EncryptedQueue:
    """``inner`` with job payloads and errors sealed (keys, kinds and times stay)."""

    def __init__(self, inner: JobQueue, sealer: Sealer) -> None:
        self.inner = inner
        self.sealer = sealer

    def __getattr__(self, name: str) -> Any:
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)

    def _open(self, job: Job) -> Job:
        return replace(job, payload=self.sealer.open_payload(job.payload),
                       last_error=self.sealer.open_text(job.last_error))

    async def enqueue_job(self, kind: str, payload: Mapping[str, Any], /, *,
                          key: str | None = None, run_after: datetime | None = None) -> Job:
        return self._open(await self.inner.enqueue_job(
            kind, self.sealer.payload(dict(payload)), key=key, run_after=run_after))

    async def claim_jobs(self, now: datetime, /, *, limit: int, lease_s: float) -> list[Job]:
        return [self._open(j) for j in await self.inner.claim_jobs(now, limit=limit,
                                                                   lease_s=lease_s)]

    async def complete_job(self, job_id: str, /) -> None:
        await self.inner.complete_job(job_id)

    async def fail_job(self, job_id: str, error: str, /, *, retry_at: datetime | None) -> None:
        await self.inner.fail_job(job_id, self.sealer.keys.seal(error), retry_at=retry_at)

    async def job_counts(self) -> dict[JobStatus, int]:
        return await self.inner.job_counts()

    async def list_jobs(self, status: JobStatus, /, *, limit: int) -> list[Job]:
        return [self._open(j) for j in await self.inner.list_jobs(status, limit=limit)]

    async def claim_periodic(self, name: str, every_s: float, now: datetime, /) -> bool:
        return await self.inner.claim_periodic(name, every_s, now)
