"""``JobQueue`` on PostgreSQL: jobs are claimed with ``FOR UPDATE SKIP LOCKED``, so replicas
sharing the database never hand one job to two workers; leases make a dead worker's job
claimable again."""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from gieok.domain.records import utcnow
from gieok.stores.postgres.db import Conn, PgDb
from gieok.stores.queue import Job, JobStatus

_COLS = "id, kind, payload, key, status, attempts, enqueued_at, run_after, last_error"


def _job(row: Sequence[Any]) -> Job:
    jid, kind, payload, key, status, attempts, enqueued, run_after, error = row
    return Job(id=jid, kind=kind, payload=json.loads(payload), key=key,
               status=JobStatus(status), attempts=int(attempts), enqueued_at=enqueued,
               run_after=run_after, last_error=error)


class PostgresJobQueue:
    def __init__(self, db: PgDb) -> None:
        self._db = db

    async def enqueue_job(
        self, kind: str, payload: Mapping[str, Any], /, *, key: str | None = None,
        run_after: datetime | None = None,
    ) -> Job:
        now = utcnow()
        body = json.dumps(dict(payload), ensure_ascii=False)

        async def run(conn: Conn) -> Job:
            if key is not None:
                # one pending job per key, also across replicas
                await conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (key,))
                cur = await conn.execute(
                    f"SELECT {_COLS} FROM jobs WHERE key = %s AND status = 'pending' "
                    "ORDER BY seq LIMIT 1", (key,))
                row = await cur.fetchone()
                if row is not None:
                    return _job(row)
            cur = await conn.execute(
                "INSERT INTO jobs (id, kind, key, payload, status, attempts, enqueued_at, "
                f"run_after) VALUES (%s, %s, %s, %s, 'pending', 0, %s, %s) RETURNING {_COLS}",
                (uuid.uuid4().hex, kind, key, body, now, run_after or now))
            row = await cur.fetchone()
            assert row is not None
            return _job(row)

        return await self._db.tx(run)

    async def claim_jobs(self, now: datetime, /, *, limit: int, lease_s: float) -> list[Job]:
        until = now + timedelta(seconds=lease_s)

        async def run(conn: Conn) -> list[Job]:
            cur = await conn.execute(
                "UPDATE jobs SET status = 'running', attempts = attempts + 1, lease_until = %s "
                "WHERE seq IN (SELECT seq FROM jobs AS j WHERE (status = 'pending' AND "
                "run_after <= %s AND (key IS NULL OR NOT EXISTS (SELECT 1 FROM jobs AS r "
                "WHERE r.key = j.key AND r.status = 'running' AND r.lease_until > %s)))"
                " OR (status = 'running' AND lease_until <= %s) ORDER BY run_after, seq "
                f"LIMIT %s FOR UPDATE SKIP LOCKED) RETURNING {_COLS}, seq",
                (until, now, now, now, limit))
            rows = sorted(await cur.fetchall(), key=lambda r: (r[7], r[9]))
            return [_job(r[:9]) for r in rows]

        return await self._db.tx(run)

    async def complete_job(self, job_id: str, /) -> None:
        await self._db.run(lambda conn: conn.execute("DELETE FROM jobs WHERE id = %s",
                                                     (job_id,)))

    async def fail_job(self, job_id: str, error: str, /, *, retry_at: datetime | None) -> None:
        if retry_at is not None:
            sql = ("UPDATE jobs SET status = 'pending', run_after = %s, lease_until = NULL, "
                   "last_error = %s WHERE id = %s")
            params: tuple[Any, ...] = (retry_at, error[:2000], job_id)
        else:
            sql = ("UPDATE jobs SET status = 'failed', lease_until = NULL, last_error = %s "
                   "WHERE id = %s")
            params = (error[:2000], job_id)
        await self._db.run(lambda conn: conn.execute(sql, params))

    async def job_counts(self) -> dict[JobStatus, int]:
        async def run(conn: Conn) -> dict[JobStatus, int]:
            counts = dict.fromkeys(JobStatus, 0)
            cur = await conn.execute("SELECT status, COUNT(*) FROM jobs GROUP BY status")
            for status, n in await cur.fetchall():
                counts[JobStatus(status)] = int(n)
            return counts

        return await self._db.run(run)

    async def claim_periodic(self, name: str, every_s: float, now: datetime, /) -> bool:
        async def run(conn: Conn) -> bool:
            await conn.execute("INSERT INTO periodic_runs (name, last_run_at) VALUES (%s, %s) "
                               "ON CONFLICT (name) DO NOTHING", (name, now))
            cur = await conn.execute(
                "UPDATE periodic_runs SET last_run_at = %s WHERE name = %s "
                "AND last_run_at <= %s", (now, name, now - timedelta(seconds=every_s)))
            return bool(cur.rowcount)

        return await self._db.tx(run)

    async def list_jobs(self, status: JobStatus, /, *, limit: int) -> list[Job]:
        async def run(conn: Conn) -> list[Job]:
            cur = await conn.execute(
                f"SELECT {_COLS} FROM jobs WHERE status = %s ORDER BY run_after, seq LIMIT %s",
                (JobStatus(status).value, limit))
            return [_job(r) for r in await cur.fetchall()]

        return await self._db.run(run)
