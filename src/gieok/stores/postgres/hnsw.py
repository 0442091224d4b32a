"""The HNSW index over a PostgreSQL store's vectors: its parameters, and when it is built.

One partial index per recorded embedding dimension, on ``embedding::vector(dim)`` with cosine
distance. HNSW indexes one column, so the tenant cannot lead it: tenant filters go through
pgvector's iterative scan, small scopes through the exact path (``search.py``).

Building the graph once after a big load costs a fraction of inserting into it row by row
(measured: 0.3 ms vs 1.4 ms of server CPU per row at 3k rows, and the gap grows with the
table), so big loads build it afterwards:

* inside one transaction (``import_memories``: all or nothing) when the table holds no
  vectors yet — the index is dropped and rebuilt in the same transaction, so a failed import
  leaves the empty index as it was; the ``ACCESS EXCLUSIVE`` lock that holds is harmless on a
  store with nothing to read yet;
* around a whole run (``Store.bulk_load``: ``gieok migrate`` into a new store, ``gieok
  bench``): dropped at the start, built at the end. Searches meanwhile are exact (correct,
  slower). A run killed in between leaves no index; ``heal`` (at every open) builds it back.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from gieok.stores.postgres.db import Conn

log = logging.getLogger("gieok.stores.postgres")

DEFER_MIN = 5_000  # new vectors in one batch from which a first load builds the index after
BUILD_LOCK = 0x6769656F6B + 1  # advisory lock: one process builds a missing index


@dataclass(frozen=True)
class HnswOptions:
    """``m`` and ``ef_construction`` shape the graph when it is built (pgvector's defaults
    are 16 and 64); ``ef_search`` is the candidate list a search walks (at least 2·k);
    ``build_mem_mb`` is the ``maintenance_work_mem`` a build may use (a graph that does not
    fit is built much more slowly, on disk). URL options ``hnsw_m``, ``hnsw_ef_construction``,
    ``hnsw_ef_search``, ``index_build_mem_mb``; measured in docs/benchmarks.md."""

    m: int = 16
    ef_construction: int = 64
    ef_search: int = 100
    build_mem_mb: int = 1024

    def __post_init__(self) -> None:
        if not (2 <= self.m <= 100 and 4 <= self.ef_construction <= 1000
                and 1 <= self.ef_search <= 1000 and 64 <= self.build_mem_mb <= 65536):
            raise ValueError("HNSW options out of range: m 2–100, ef_construction 4–1000, "
                             "ef_search 1–1000, index_build_mem_mb 64–65536")


def index_name(dim: int) -> str:
    return f"records_hnsw_{int(dim)}"


def create_sql(dim: int, options: HnswOptions) -> str:
    dim = int(dim)
    return (f"CREATE INDEX IF NOT EXISTS {index_name(dim)} ON records USING hnsw "
            f"((embedding::vector({dim})) vector_cosine_ops) WITH (m = {int(options.m)}, "
            f"ef_construction = {int(options.ef_construction)}) "
            f"WHERE vector_dims(embedding) = {dim}")


async def exists(conn: Conn, dim: int) -> bool:
    cur = await conn.execute("SELECT to_regclass(%s) IS NOT NULL", (index_name(dim),))
    row = await cur.fetchone()
    return bool(row and row[0])


async def build(conn: Conn, dim: int, options: HnswOptions) -> None:
    """Build the index now, in ``conn``'s transaction, with the configured memory."""
    await conn.execute(f"SET LOCAL maintenance_work_mem = '{int(options.build_mem_mb)}MB'")
    await conn.execute(create_sql(dim, options))


async def drop(conn: Conn, dim: int) -> None:
    await conn.execute(f"DROP INDEX IF EXISTS {index_name(dim)}")


async def has_vectors(conn: Conn) -> bool:
    cur = await conn.execute("SELECT EXISTS (SELECT 1 FROM records WHERE embedding IS NOT NULL)")
    row = await cur.fetchone()
    return bool(row and row[0])


async def defer_for(conn: Conn, dim: int | None, new_vectors: int) -> bool:
    """Drop the index for a batch that is a big first load (see the module docstring); the
    caller rebuilds it at the end of the same transaction when this says True."""
    if dim is None or new_vectors < DEFER_MIN or not await exists(conn, dim):
        return False
    if await has_vectors(conn):
        return False
    await drop(conn, dim)
    return True
