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

The counters are read on every ranked read (``store_meta``, a few µs), so writes from other
connections and processes are seen as they are by the matrices.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from gieok.domain.query import RankRow
from gieok.domain.scope import Scope
from gieok.stores._sql import queries as q
from gieok.stores._sql.filters import scope_clause
from gieok.stores._sql.rows import row_to_rank
from gieok.stores.sqlite.dialect import DIALECT as D

# Rows held at most (~700 bytes each with a memory-sized text: 6.9 MB for the 10k bench
# scope); past it the older half goes.
MAX_ROWS = 100_000
# A scope is read whole on its first ranked read (and after a purge) only up to this many
# rows: that read costs ~19 µs a row (0.19 s CPU at 10k; 2.5 s at 100k, too long for a
# search to wait); bigger scopes fill as they are searched.
PRIME_MAX_ROWS = 20_000

TimeIn = Callable[[Any], datetime | None]


def _counters(conn: sqlite3.Connection) -> tuple[int, int, int]:
    meta = dict(conn.execute(
        "SELECT key, value FROM store_meta WHERE key IN ('seq', 'purge', 'touch')").fetchall())
    return int(meta["seq"]), int(meta["purge"]), int(meta.get("touch", 0))


class RankCache:
    """``RankRow``s by id (with their tenant), for one store's connection thread."""

    def __init__(self, time_in: TimeIn, *, max_rows: int = MAX_ROWS,
                 prime_max_rows: int = PRIME_MAX_ROWS) -> None:
        self.time_in = time_in
        self.max_rows, self.prime_max_rows = max_rows, prime_max_rows
        self.rows: dict[str, tuple[str, RankRow]] = {}
        self.primed: set[str] = set()  # scope keys read whole since the last full drop
        self.seq: int | None = None
        self.purge = self.touch = -1

    def clear(self) -> None:
        self.rows, self.primed, self.seq = {}, set(), None

    def sync(self, conn: sqlite3.Connection) -> None:
        """Drop what the file changed since the last read (module docstring)."""
        seq, purge, touch = _counters(conn)
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
        held = self.rows
        for rid in ids:
            hit = held.get(rid)
            if hit is not None and hit[0] == tenant:
                held[rid] = (tenant, replace(hit[1], last_used_at=when))

    def prime(self, conn: sqlite3.Connection, scope: Scope) -> None:
        """Read the live rows of ``scope`` at once, the first time it is ranked (call after
        ``sync``)."""
        key = scope.key()
        if key in self.primed:
            return
        self.primed.add(key)
        where = scope_clause(D, scope)
        live = f"{where.text} AND status = 'active' AND superseded_at IS NULL"
        count = conn.execute(f"SELECT count(*) FROM records WHERE {live}",
                             where.params).fetchone()[0]
        if count > min(self.prime_max_rows, self.max_rows - len(self.rows)):
            return
        self._keep(conn, f"{_rank_select()} FROM records WHERE {live}", list(where.params))

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

    def _keep(self, conn: sqlite3.Connection, sql: str, params: list[Any]) -> None:
        cur = conn.cursor()
        cur.row_factory = None
        rows = cur.execute(sql, params).fetchall()
        if len(self.rows) + len(rows) > self.max_rows:  # the older half goes (dicts keep order)
            keep = list(self.rows.items())[len(self.rows) // 2:]
            self.rows, self.primed = dict(keep), set()
        time_in, held = self.time_in, self.rows
        for org, *rest in rows:
            row = row_to_rank(rest, time_in)
            held[row.id] = (org, row)


def _rank_select() -> str:
    """``SELECT org, <RANK_COLUMNS>`` as ``queries.rank_rows`` selects them."""
    return q.rank_rows(D, "", ["x"]).text.split(" FROM ", 1)[0].replace(
        "SELECT ", "SELECT org, ", 1)
