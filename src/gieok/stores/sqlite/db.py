"""``SqliteDb``: the one SQLite connection a store and its components (working log, job
queue, tokens) share, the worker thread they all run on, and the boundary where
``sqlite3`` errors become ``StoreError``s.

One connection, used by one dedicated thread that runs the calls one after another: SQLite
serialises writers anyway, and this keeps the event loop free during longer scans. Waiting
calls are served in the order they came, except that ranking scans yield to short calls for a
bounded time and background jobs' calls to requests' (``gieok.priority``). The thread takes
the next call as soon as one finishes; with a thread pool and
a one-slot limiter, each call had to go back through the event loop to release the slot and
hand the next call to a woken thread, and under load (50 clients, a busy machine) that left
the connection idle two thirds of the time while callers queued (docs/benchmarks.md). WAL with
``synchronous=FULL`` so an acknowledged write survives a crash; ``secure_delete`` so deleted
content is overwritten.

``submit`` queues a call nobody waits for (R5's use counts: a context() need not wait for
the commit and its fsync). The queue keeps it ordered before every call made after it, so
the caller's next read sees it, and ``close`` lets every queued call finish first.
"""

from __future__ import annotations

import asyncio
import itertools
import math
import queue
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import logging

import anyio

from gieok.errors import StoreConstraintError, StoreError
from gieok.priority import priority_key
from gieok.stores._sql.migrate import Migration, Step, apply_migrations, split_statements

T = TypeVar("T")
log = logging.getLogger(__name__)


@contextmanager
def sqlite_errors() -> Iterator[None]:
    """Map ``sqlite3`` exceptions to the store's error types (callers never see sqlite3)."""
    try:
        yield
    except sqlite3.IntegrityError as exc:
        raise StoreConstraintError(f"write rejected by the store: {exc}") from exc
    except sqlite3.OperationalError as exc:
        text = str(exc)
        busy = "locked" in text or "busy" in text
        raise StoreError(f"SQLite: {text}" + ("; another process holds the database, retry"
                                              if busy else ""), retriable=busy) from exc
    except sqlite3.Error as exc:
        raise StoreError(f"SQLite: {exc}", retriable=False) from exc


class SqliteDb:
    """An open (or not yet opened) SQLite file; ``run`` and ``tx`` are the only ways in."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._conn: sqlite3.Connection | None = None
        self._calls: queue.PriorityQueue[tuple[float, int, _Call | None]] = \
            queue.PriorityQueue()
        self._order = itertools.count()
        self._thread: threading.Thread | None = None
        self._thread_lock = threading.Lock()

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError("the store is closed; open it with open_store()", retriable=False)
        return self._conn

    @property
    def is_open(self) -> bool:
        return self._conn is not None

    async def run(self, fn: Callable[..., T], *args: Any, scan: bool = False) -> T:
        """``fn(*args)`` on the connection's thread, with sqlite3 errors mapped. Like a
        worker thread call, a cancelled caller still waits for the call to finish (it may
        be a commit) before it sees the cancellation. ``scan``: a long read, which lets
        short calls that come within ``gieok.priority.SCAN_SLACK_S`` go first."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._start()
        self._calls.put((priority_key(scan=scan), next(self._order),
                         _Call(fn, args, loop, future)))
        with anyio.CancelScope(shield=True):
            return await future

    def submit(self, fn: Callable[..., Any], *args: Any) -> None:
        """``fn(*args)`` on the connection's thread without waiting for it: served in the
        order ``run`` would serve it (every call made afterwards sees its effect); a
        failure is logged, never raised to anyone."""
        self._start()
        self._calls.put((priority_key(), next(self._order), _Call(fn, args, None, None)))

    def _start(self) -> None:
        with self._thread_lock:
            if self._thread is None or not self._thread.is_alive():
                # daemon: a process that never closes its store must still exit
                self._thread = threading.Thread(target=self._serve, daemon=True,
                                                name=f"gieok-sqlite-{id(self):x}")
                self._thread.start()

    def _serve(self) -> None:
        while (call := self._calls.get()[2]) is not None:
            try:
                outcome: tuple[bool, Any] = (True, self._guarded(call.fn, call.args))
            except BaseException as exc:  # noqa: BLE001 — handed to the caller
                outcome = (False, exc)
            if call.loop is None:  # submitted: nobody waits
                if not outcome[0]:
                    log.warning("a queued SQLite call failed: %s", outcome[1])
                continue
            try:
                call.loop.call_soon_threadsafe(_settle, call.future, outcome)
            except RuntimeError:  # the caller's loop is closed: nobody is waiting
                pass

    @staticmethod
    def _guarded(fn: Callable[..., T], args: Sequence[Any]) -> T:
        with sqlite_errors():
            return fn(*args)

    async def tx(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn(conn)`` in one ``BEGIN IMMEDIATE`` transaction on the worker thread."""
        return await self.run(self.in_tx, fn)

    def in_tx(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            result = fn(conn)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        return result

    async def open(self, migrations: Sequence[Migration]) -> None:
        if self._conn is None:
            await self.run(self._open, migrations)

    def _open(self, migrations: Sequence[Migration]) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None,
                                   timeout=30.0)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open SQLite file {self.path!r}: {exc}",
                             retriable=False) from exc
        try:
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA secure_delete=ON")
            conn.execute("PRAGMA foreign_keys=ON")
            apply_migrations(SqliteMigrationTarget(conn), migrations)
        except BaseException:
            conn.close()
            raise
        self._conn = conn

    async def close(self) -> None:
        if self._conn is not None:
            await self._after_queued()  # submitted calls (background ones too) still run
            conn, self._conn = self._conn, None
            await self.run(conn.close)
        with self._thread_lock:
            thread, self._thread = self._thread, None
        if thread is not None:
            # the thread ends once the calls queued before this are done
            self._calls.put((math.inf, next(self._order), None))


    async def _after_queued(self) -> None:
        """Returns once every call queued so far has run, whatever its priority."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._start()
        self._calls.put((_LAST, next(self._order), _Call(_nothing, (), loop, future)))
        with anyio.CancelScope(shield=True):
            await future


_LAST = float(sys.float_info.max)  # after every real priority, before ``close``'s ``math.inf``


def _nothing() -> None:
    return None


class _Call:
    __slots__ = ("args", "fn", "future", "loop")

    def __init__(self, fn: Callable[..., Any], args: Sequence[Any],
                 loop: asyncio.AbstractEventLoop | None,
                 future: asyncio.Future[Any] | None) -> None:
        self.fn, self.args, self.loop, self.future = fn, args, loop, future


def _settle(future: asyncio.Future[Any], outcome: tuple[bool, Any]) -> None:
    if future.done():
        return
    ok, value = outcome
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)


class SqliteMigrationTarget:
    """The migration runner's view of a SQLite connection. The lock is the database write
    lock (``BEGIN IMMEDIATE``), held for the whole run; each step is a savepoint in it, so a
    failed step rolls back alone and the run stops. A concurrent opener waits on the lock
    (busy timeout) and then finds the steps applied."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    @contextmanager
    def transaction(self) -> Iterator[None]:
        self.conn.execute("SAVEPOINT migration")
        try:
            yield
        except BaseException:
            self.conn.execute("ROLLBACK TO migration")
            self.conn.execute("RELEASE migration")
            raise
        self.conn.execute("RELEASE migration")

    def applied(self) -> list[str]:
        self.conn.execute("CREATE TABLE IF NOT EXISTS _migrations "
                          "(name TEXT PRIMARY KEY, applied_at REAL NOT NULL)")
        return [r[0] for r in self.conn.execute("SELECT name FROM _migrations ORDER BY rowid")]

    def run(self, step: Step) -> None:
        if callable(step):
            step(self.conn)
            return
        for statement in split_statements(step):
            self.conn.execute(statement)

    def record(self, name: str) -> None:
        self.conn.execute("INSERT INTO _migrations (name, applied_at) VALUES (?, ?)",
                          (name, time.time()))
