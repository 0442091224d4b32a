"""The file's change counters (``store_meta``'s ``seq``, ``purge`` and ``touch``), read once
per read transaction.

Every cache a search reads through asks them whether the file changed since it was filled:
the scope's vector matrix, the full-text copy, the copy's check of rows against the matrix,
the scoring rows (``ranks.py``) — four reads of the same two or three rows in one search
(~15 µs each at 10k memories, under load). Inside one read transaction
(``SqliteStore._read``'s ``BEGIN`` … ``COMMIT``) the answer cannot change, so the first read
is kept for the rest of it (``held``); outside one, or on another connection (a background
read's own), every call reads.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_held = threading.local()  # .conn: the connection in a read transaction; .values: its counters


@contextmanager
def held(conn: sqlite3.Connection) -> Iterator[None]:
    """While inside: ``counters(conn)`` reads the file once and answers the same after (call
    only around one read transaction of ``conn``, on its thread)."""
    _held.conn, _held.values = conn, None
    try:
        yield
    finally:
        _held.conn = _held.values = None


def counters(conn: sqlite3.Connection) -> tuple[int, int, int]:
    """``(seq, purge, touch)`` as ``conn`` sees them (``touch`` 0 before the first use
    count)."""
    if getattr(_held, "conn", None) is conn:
        values: tuple[int, int, int] | None = _held.values
        if values is None:
            values = _held.values = _read(conn)
        return values
    return _read(conn)


def _read(conn: sqlite3.Connection) -> tuple[int, int, int]:
    meta = dict(conn.execute(
        "SELECT key, value FROM store_meta WHERE key IN ('seq', 'purge', 'touch')").fetchall())
    return int(meta["seq"]), int(meta["purge"]), int(meta.get("touch", 0))
