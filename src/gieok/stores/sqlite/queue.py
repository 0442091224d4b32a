"""``JobQueue`` for SQLite: the service's background work in the ``jobs`` table (migration
``0005_jobs``), in the same file and WAL as the memories, so an enqueue the service
acknowledged is as durable as a memory write (``synchronous=FULL``).

Claims are leases: ``claim_jobs`` marks jobs ``running`` until ``lease_until``; a job whose
worker died is claimable again after that. A finished job is deleted; a job that gave up
stays as ``failed`` with its last error. Payloads hold ids only, never memory content.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from gieok.domain.records import utcnow
from gieok.stores.queue import Job, JobStatus
from gieok.stores.sqlite.db import SqliteDb

_COLS = "id, kind, payload, key, status, attempts, enqueued_at, run_after, last_error"


def _job(row: sqlite3.Row | tuple[Any, ...]) -> Job:
    jid, kind, payload, key, status, attempts, enqueued, run_after, error = tuple(row)
    return Job(id=jid, kind=kind, payload=json.loads(payload), key=key,
               status=JobStatus(status), attempts=int(attempts),
               enqueued_at=datetime.fromtimestamp(float(enqueued), tz=UTC),
               run_after=datetime.fromtimestamp(float(run_after), tz=UTC), last_error=error)


class SqliteJobQueue:
    """``JobQueue`` on the ``SqliteDb`` the store shares with it."""

    def __init__(self, db: SqliteDb) -> None:
        self._db = db

    async def enqueue_job(
        self, kind: str, payload: Mapping[str, Any], /, *, key: str | None = None,
        run_after: datetime | None = None,
    ) -> Job:
        now = utcnow()
        body = json.dumps(dict(payload), ensure_ascii=False)
        due = (run_after or now).timestamp()

        def run(conn: sqlite3.Connection) -> Job:
            if key is not None:
                row = conn.execute(
                    f"SELECT {_COLS} FROM jobs WHERE key = ? AND status = 'pending' "
                    "ORDER BY seq LIMIT 1", (key,)).fetchone()
                if row is not None:
                    return _job(row)
            jid = uuid.uuid4().hex
            conn.execute(
                "INSERT INTO jobs (id, kind, key, payload, status, attempts, enqueued_at, "
                "run_after) VALUES (?, ?, ?, ?, 'pending', 0, ?, ?)",
                (jid, kind, key, body, now.timestamp(), due))
            return _job(conn.execute(f"SELECT {_COLS} FROM jobs WHERE id = ?",
                                     (jid,)).fetchone())

        return await self._db.tx(run)

    async def claim_jobs(self, now: datetime, /, *, limit: int, lease_s: float) -> list[Job]:
        at = now.timestamp()
        until = (now + timedelta(seconds=lease_s)).timestamp()

        def run(conn: sqlite3.Connection) -> list[Job]:
            ids = [r[0] for r in conn.execute(
                "SELECT id FROM jobs AS j WHERE (status = 'pending' AND run_after <= ? AND ("
                "key IS NULL OR NOT EXISTS (SELECT 1 FROM jobs AS r WHERE r.key = j.key "
                "AND r.status = 'running' AND r.lease_until > ?))) "
                "OR (status = 'running' AND lease_until <= ?) ORDER BY run_after, seq LIMIT ?",
                (at, at, at, limit)).fetchall()]
            if not ids:
                return []
            marks = ", ".join("?" * len(ids))
            conn.execute(f"UPDATE jobs SET status = 'running', attempts = attempts + 1, "
                         f"lease_until = ? WHERE id IN ({marks})", (until, *ids))
            rows = conn.execute(f"SELECT {_COLS} FROM jobs WHERE id IN ({marks}) "
                                "ORDER BY run_after, seq", ids).fetchall()
            return [_job(r) for r in rows]

        return await self._db.tx(run)

    async def complete_job(self, job_id: str, /) -> None:
        await self._db.tx(lambda conn: conn.execute(
            "DELETE FROM jobs WHERE id = ?", (job_id,)))

    async def fail_job(self, job_id: str, error: str, /, *, retry_at: datetime | None) -> None:
        if retry_at is not None:
            sql = ("UPDATE jobs SET status = 'pending', run_after = ?, lease_until = NULL, "
                   "last_error = ? WHERE id = ?")
            params: tuple[Any, ...] = (retry_at.timestamp(), error[:2000], job_id)
        else:
            sql = ("UPDATE jobs SET status = 'failed', lease_until = NULL, last_error = ? "
                   "WHERE id = ?")
            params = (error[:2000], job_id)
        await self._db.tx(lambda conn: conn.execute(sql, params))

    async def job_counts(self) -> dict[JobStatus, int]:
        def run() -> dict[JobStatus, int]:
            counts = dict.fromkeys(JobStatus, 0)
            for status, n in self._db.conn.execute(
                    "SELECT status, COUNT(*) FROM jobs GROUP BY status").fetchall():
                counts[JobStatus(status)] = int(n)
            return counts

        return await self._db.run(run)

    async def claim_periodic(self, name: str, every_s: float, now: datetime, /) -> bool:
        def run(conn: sqlite3.Connection) -> bool:
            row = conn.execute("SELECT last_run_at FROM periodic_runs WHERE name = ?",
                               (name,)).fetchone()
            if row is None:
                conn.execute("INSERT INTO periodic_runs (name, last_run_at) VALUES (?, ?)",
                             (name, now.timestamp()))
                return False
            if now.timestamp() - float(row[0]) < every_s:
                return False
            conn.execute("UPDATE periodic_runs SET last_run_at = ? WHERE name = ?",
                         (now.timestamp(), name))
            return True

        return await self._db.tx(run)

    async def list_jobs(self, status: JobStatus, /, *, limit: int) -> list[Job]:
        def run() -> list[Job]:
            rows = self._db.conn.execute(
                f"SELECT {_COLS} FROM jobs WHERE status = ? ORDER BY run_after, seq LIMIT ?",
                (JobStatus(status).value, limit)).fetchall()
            return [_job(r) for r in rows]

        return await self._db.run(run)
