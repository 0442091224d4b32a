"""``SqliteDb`` runs its calls on one dedicated thread, in order and back to back: a busy
event loop does not leave the connection idle between two queued calls (the cause of
~0.6 s waits per call under 50 clients, docs/benchmarks.md)."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import anyio
import pytest

from gieok.errors import StoreConstraintError, StoreError
from gieok.priority import in_background
from gieok.stores.sqlite.db import SqliteDb

pytestmark = pytest.mark.anyio


@pytest.fixture
async def db(tmp_path: Path):  # type: ignore[no-untyped-def]
    db = SqliteDb(str(tmp_path / "t.db"))
    await db.open([])
    await db.run(lambda: db.conn.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)"))
    yield db
    await db.close()


async def test_queued_calls_run_back_to_back_while_the_loop_is_busy(db: SqliteDb) -> None:
    started: list[float] = []

    def call(n: int) -> int:
        started.append(time.monotonic())
        time.sleep(0.05)
        return n

    results: list[int] = []

    async def one(n: int) -> None:
        results.append(await db.run(call, n))

    async with anyio.create_task_group() as tg:
        for n in range(3):
            tg.start_soon(one, n)
        await anyio.sleep(0.01)  # the three calls are queued
        blocked_at = time.monotonic()
        time.sleep(0.5)  # the event loop is busy elsewhere
    assert sorted(results) == [0, 1, 2]
    assert len(started) == 3
    # all three ran during the busy stretch, one after the other, not after it
    assert started[-1] < blocked_at + 0.4


async def test_order_errors_and_transactions(db: SqliteDb) -> None:
    seen: list[int] = []
    async with anyio.create_task_group() as tg:
        for n in range(20):
            tg.start_soon(db.run, seen.append, n)
            await anyio.sleep(0)
    assert seen == list(range(20))  # FIFO
    await db.tx(lambda conn: conn.execute("INSERT INTO t VALUES (1, 'a')"))
    with pytest.raises(StoreConstraintError):
        await db.tx(lambda conn: conn.execute("INSERT INTO t VALUES (1, 'b')"))

    def half(conn: sqlite3.Connection) -> None:
        conn.execute("INSERT INTO t VALUES (2, 'x')")
        raise ValueError("boom")

    with pytest.raises(ValueError, match="boom"):
        await db.tx(half)
    rows = await db.run(lambda: db.conn.execute("SELECT k, v FROM t").fetchall())
    assert [tuple(r) for r in rows] == [(1, "a")]  # the failed transaction left nothing
    with pytest.raises(StoreError):
        await db.run(lambda: db.conn.execute("SELECT * FROM missing"))


async def test_a_cancelled_caller_waits_for_its_commit(db: SqliteDb) -> None:
    def slow_insert(conn: sqlite3.Connection) -> None:
        time.sleep(0.2)
        conn.execute("INSERT INTO t VALUES (7, 'kept')")

    began = time.monotonic()
    with anyio.move_on_after(0.05) as scope:
        await db.tx(slow_insert)
        waited = time.monotonic() - began
        await anyio.sleep(0)  # the cancellation arrives at the next checkpoint
    assert scope.cancelled_caught and waited >= 0.2
    rows = await db.run(lambda: db.conn.execute("SELECT v FROM t WHERE k = 7").fetchall())
    assert [r[0] for r in rows] == ["kept"]


async def test_close_ends_the_thread_and_a_closed_db_refuses(tmp_path: Path) -> None:
    db = SqliteDb(str(tmp_path / "c.db"))
    await db.open([])
    thread = db._thread
    assert thread is not None and thread.is_alive() and thread.daemon
    await db.close()
    thread.join(timeout=5)
    assert not thread.is_alive()
    with pytest.raises(StoreError, match="closed"):
        await db.run(lambda: db.conn.execute("SELECT 1"))


def test_one_db_serves_calls_from_two_event_loops(tmp_path: Path) -> None:
    db = SqliteDb(str(tmp_path / "l.db"))

    async def first() -> None:
        await db.open([])
        await db.run(lambda: db.conn.execute("CREATE TABLE t (k INTEGER)"))
        await db.tx(lambda conn: conn.execute("INSERT INTO t VALUES (1)"))

    async def second() -> int:
        rows = await db.run(lambda: db.conn.execute("SELECT count(*) FROM t").fetchall())
        await db.close()
        return int(rows[0][0])

    anyio.run(first)
    assert anyio.run(second) == 1


async def test_submitted_calls_are_not_waited_for_but_stay_in_order(
    db: SqliteDb, caplog: pytest.LogCaptureFixture
) -> None:
    release = threading.Event()
    async with anyio.create_task_group() as tg:
        tg.start_soon(db.run, release.wait, 5.0)  # the connection's thread is busy
        await anyio.sleep(0.01)
        began = time.monotonic()
        db.submit(db.in_tx, lambda conn: conn.execute("INSERT INTO t VALUES (1, 'queued')"))
        db.submit(lambda: db.conn.execute("SELECT * FROM missing"))  # fails: logged only
        assert time.monotonic() - began < 0.5  # returned while the thread was still busy
        release.set()
    rows = await db.run(lambda: db.conn.execute("SELECT v FROM t").fetchall())
    assert [r[0] for r in rows] == ["queued"]  # served before the call made after it
    assert "a queued SQLite call failed" in caplog.text


async def test_close_runs_submitted_calls_first_even_background_ones(tmp_path: Path) -> None:
    path = str(tmp_path / "s.db")
    db = SqliteDb(path)
    await db.open([])
    await db.run(lambda: db.conn.execute("CREATE TABLE t (k INTEGER)"))
    release = threading.Event()
    async with anyio.create_task_group() as tg:
        tg.start_soon(db.run, release.wait, 5.0)
        await anyio.sleep(0.01)
        with in_background():  # served up to half a second late: still before the close
            db.submit(db.in_tx, lambda conn: conn.execute("INSERT INTO t VALUES (1)"))
        tg.start_soon(db.close)
        await anyio.sleep(0.05)  # the close is queued behind the busy call too
        release.set()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM t").fetchone()[0] == 1
