"""Search's scoring columns (``RankRow``) kept in memory, fresh by the file's counters.

Reading the ``RankRow``s of a search's ~80 fused candidates was its largest step after the
dense scan (~2 ms of ~12 at 10k memories: ~1.2 ms of B-tree lookups by id, the rest building
the rows), for columns that rarely change. So each row read is kept, and the first ranked
read of a scope reads the scope's live rows at once (as its vector matrix does); only rows
not held are read by SQL.

Fresh by the same counters as the vector matrices and the full-text copy, plus one for use:

- ``seq``: every upsert stamps its rows with a new ``seq``; rows stamped after the copy's are
  dropped (read again when asked for);
- ``purge``: a hard delete, forget or index switch; everything is dropped;
- ``touch``: R5's use counts change ``last_used_at`` without a ``seq``. Every touch bumps
  this counter and sets the held rows' ``last_used_at`` as its SQL does; when the counter
  moved by more than this store's own touches (another connection or process counted a use,
  or a touch rolled back), everything is dropped.

The counters are read on every ranked read (``store_meta``, a few µs; once per read
transaction: ``counters.py``), so writes from other
connections and processes are seen as they are by the matrices.

A scope too big to read while a search waits (past ``PRIME_MAX_ROWS``, ~19 µs a row: 1.9 s at
100k) is read on a thread with its own connection, as the full-text copy is; searches read
their rows by SQL meanwhile (~2 ms at 100k). The finished read is taken by a later ranked
read, made current first: rows written since its snapshot are left out, and this store's own
use counts since are applied to it; a purge or another connection's use count since, and it
is dropped (read again when the scope is next ranked).
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import fields
from datetime import datetime
from typing import Any

from gieok.domain.query import RankRow
from gieok.domain.scope import Scope
from gieok.stores._sql import queries as q
from gieok.stores._sql.filters import scope_clause
from gieok.stores._sql.rows import RECORDS, row_to_rank
from gieok.stores.sqlite.counters import counters
from gieok.stores.sqlite.dialect import DIALECT as D

log = logging.getLogger("gieok.stores.sqlite")

# Rows held at most (~700 bytes each with a memory-sized text: 6.9 MB for the 10k bench
# scope, 70 MB for a 100k one — the scope's vectors take 154 MB); past it the older half goes.
MAX_ROWS = 200_000
# A scope is read whole on its first ranked read (and after a purge) on the searching thread
# only up to this many rows: that read costs ~19 µs a row (0.19 s CPU at 10k; 1.9 s at 100k,
# too long for a search to wait); bigger scopes are read in the background (``path``).
PRIME_MAX_ROWS = 20_000

TimeIn = Callable[[Any], datetime | None]


class RankCache:
    """``RankRow``s by id (with their tenant), for one store's connection thread."""

    def __init__(self, time_in: TimeIn, *, max_rows: int = MAX_ROWS,
                 prime_max_rows: int = PRIME_MAX_ROWS, path: str | None = None) -> None:
        """``path``: the file, for reading a big scope on a thread of its own (``None``:
        big scopes fill as they are searched)."""
        self.time_in = time_in
        self.max_rows, self.prime_max_rows = max_rows, prime_max_rows
        self.path = path
        self.rows: dict[str, tuple[str, RankRow]] = {}
        self.primed: set[str] = set()  # scope keys read whole since the last full drop
        self.seq: int | None = None
        self.purge = self.touch = -1
        self._lock = threading.Lock()
        self._reading: threading.Thread | None = None
        self._read: _Read | None = None  # a finished background read, not taken yet
        self._touches: list[tuple[int, str, tuple[str, ...], datetime | None]] = []
        self._generation = 0  # a background read started before the last drop is dropped

    def clear(self) -> None:
        self.rows, self.primed, self.seq = {}, set(), None
        with self._lock:
            self._read, self._touches = None, []
            self._generation += 1

    def wait(self, timeout: float | None = None) -> bool:
        """Block until a background read has finished (benchmarks time searches after it)."""
        thread = self._reading
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True

    def sync(self, conn: sqlite3.Connection) -> None:
        """Drop what the file changed since the last read (module docstring)."""
        seq, purge, touch = counters(conn)
        if self.seq is None or (purge, touch) != (self.purge, self.touch):
            self.clear()
        elif seq != self.seq:
            for (rid,) in conn.execute(
                    "SELECT id FROM records INDEXED BY records_seq WHERE seq > ?", (self.seq,)):
                self.rows.pop(rid, None)
        self.seq, self.purge, self.touch = seq, purge, touch

    def touched(self, conn: sqlite3.Connection, tenant: str, ids: Sequence[str], at: float
                ) -> None:
        """Inside a use count's write transaction (``last_used_at = at`` for ``ids`` of
        ``tenant``): bump the counter and set the held rows' ``last_used_at`` as SQL does.
        Should the transaction roll back, the counter read next differs from ours and
        everything is dropped."""
        conn.execute("INSERT INTO store_meta (key, value) VALUES ('touch', '1') ON CONFLICT"
                     "(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1")
        now = int(conn.execute(
            "SELECT value FROM store_meta WHERE key = 'touch'").fetchone()[0])
        if self.seq is None or now != self.touch + 1:
            self.clear()
        self.touch = now
        when = self.time_in(at)
        _set_used(self.rows, tenant, ids, when)
        with self._lock:
            if self._reading is not None or self._read is not None:  # for the read's rows
                self._touches.append((now, tenant, tuple(ids), when))

    def prime(self, conn: sqlite3.Connection, scope: Scope) -> list[RankRow]:
        """Read the live rows of ``scope`` at once, the first time it is ranked (call after
        ``sync``); the rows this call began to hold whole (this scope's, or a background
        read's), for the caller to prepare for (``Ranker.held``), else ``[]``."""
        taken = self._take(conn) if self._read is not None else []
        key = scope.key()
        if key in self.primed:
            return taken
        self.primed.add(key)
        where = scope_clause(D, scope)
        live = f"{where.text} AND status = 'active' AND superseded_at IS NULL"
        count = conn.execute(f"SELECT count(*) FROM records WHERE {live}",
                             where.params).fetchone()[0]
        sql = f"{_rank_select()} FROM {RECORDS} WHERE {live}"
        if count <= min(self.prime_max_rows, self.max_rows - len(self.rows)):
            return [*taken, *self._keep(conn, sql, list(where.params))]
        if count <= self.max_rows and self.path is not None:
            self._start(key, sql, list(where.params))
        return taken

    def _start(self, key: str, sql: str, params: list[Any]) -> None:
        with self._lock:
            if self._reading is not None or self._read is not None:
                self.primed.discard(key)  # one read at a time: asked again later
                return
            self._touches = []
            self._reading = threading.Thread(
                target=self._background, args=(key, sql, params, self._generation),
                daemon=True, name="gieok-rank-rows")
            self._reading.start()

    def _background(self, key: str, sql: str, params: list[Any], generation: int) -> None:
        try:
            conn = sqlite3.connect(self.path or "", check_same_thread=False)
            try:
                conn.execute("BEGIN")  # the rows and the counters of one snapshot
                snapshot = counters(conn)
                rows = conn.execute(sql, params).fetchall()
                conn.execute("COMMIT")
            finally:
                conn.close()
            time_in = self.time_in
            built = {r[1]: (r[0], row_to_rank(r[1:], time_in)) for r in rows}
            with self._lock:
                if generation == self._generation:
                    self._read = _Read(key, snapshot, built)
        except Exception as exc:  # noqa: BLE001 — searches keep reading rows by SQL
            log.warning("reading a scope's search rows in the background failed (%s)", exc)
        finally:
            with self._lock:
                self._reading = None

    def _take(self, conn: sqlite3.Connection) -> list[RankRow]:
        """Hold a finished background read's rows, made current (module docstring); call
        after ``sync``. The rows held (none when the read was dropped)."""
        with self._lock:
            read, touches = self._read, self._touches
            if read is None:
                return []
            self._read, self._touches = None, []
        seq, purge, touch = read.counters
        if self.seq is None or purge != self.purge or seq > self.seq or touch > self.touch:
            self.primed.discard(read.key)  # purged since, or newer than this read's snapshot
            return []
        ours = {n: (tenant, ids, when) for n, tenant, ids, when in touches if n > touch}
        if any(n not in ours for n in range(touch + 1, self.touch + 1)):
            self.primed.discard(read.key)  # a use counted elsewhere since: read again
            return []
        rows = read.rows
        if seq < self.seq:
            for (rid,) in conn.execute(
                    "SELECT id FROM records INDEXED BY records_seq WHERE seq > ?", (seq,)):
                rows.pop(rid, None)
        for n in sorted(ours):
            _set_used(rows, *ours[n])
        if len(self.rows) + len(rows) > self.max_rows:
            keep = list(self.rows.items())[len(self.rows) // 2:]
            self.rows, self.primed = dict(keep), {read.key}
        held = self.rows
        for rid, hit in rows.items():
            held.setdefault(rid, hit)
        self.primed.add(read.key)
        return [hit[1] for hit in rows.values()]

    def get(self, conn: sqlite3.Connection, tenant: str, ids: Sequence[str]) -> list[RankRow]:
        """The rows of ``ids`` in ``tenant`` (any status; ids not found are left out), in the
        order asked; those not held are read (call after ``sync``)."""
        held = self.rows
        missing = [rid for rid in ids if rid not in held]
        if missing:
            sql = q.rank_rows(D, tenant, missing)
            self._keep(conn, sql.text.replace("SELECT ", "SELECT org, ", 1), sql.params)
            held = self.rows  # _keep may have started a new dict
        out: list[RankRow] = []
        for rid in ids:
            hit = held.get(rid)
            if hit is not None and hit[0] == tenant:
                out.append(hit[1])
        return out

    def _keep(self, conn: sqlite3.Connection, sql: str, params: list[Any]) -> list[RankRow]:
        """Read and hold the rows ``sql`` selects (``org`` first); the rows read."""
        cur = conn.cursor()
        cur.row_factory = None
        rows = cur.execute(sql, params).fetchall()
        if len(self.rows) + len(rows) > self.max_rows:  # the older half goes (dicts keep order)
            keep = list(self.rows.items())[len(self.rows) // 2:]
            self.rows, self.primed = dict(keep), set()
        time_in, held = self.time_in, self.rows
        out: list[RankRow] = []
        for org, *rest in rows:
            row = row_to_rank(rest, time_in)
            held[row.id] = (org, row)
            out.append(row)
        return out


class _Read:
    """A background read of one scope's rows: its snapshot's counters and the rows."""

    def __init__(self, key: str, counters: tuple[int, int, int],
                 rows: dict[str, tuple[str, RankRow]]) -> None:
        self.key, self.counters, self.rows = key, counters, rows


def _set_used(rows: dict[str, tuple[str, RankRow]], tenant: str, ids: Sequence[str],
              when: datetime | None) -> None:
    """``last_used_at = when`` for the held rows of ``ids`` in ``tenant``, as a touch sets it."""
    for rid in ids:
        hit = rows.get(rid)
        if hit is not None and hit[0] == tenant:
            rows[rid] = (tenant, _used(hit[1], when))


_FIELDS = tuple(f.name for f in fields(RankRow))
_new, _set = object.__new__, object.__setattr__


def _used(row: RankRow, when: datetime | None) -> RankRow:
    """``dataclasses.replace(row, last_used_at=when)`` at a quarter of its cost (it validates
    keywords and calls ``__init__``: 8 µs a row, ~30 rows per context()): the frozen row's
    slots copied as its own ``__init__`` sets them."""
    copy = _new(RankRow)
    for name in _FIELDS:
        _set(copy, name, getattr(row, name))
    _set(copy, "last_used_at", when)
    return copy  # type: ignore[no-any-return]


def _rank_select() -> str:
    """``SELECT org, <RANK_COLUMNS>`` as ``queries.rank_rows`` selects them."""
    return f"SELECT org, {q.rank_columns(D)}"
