"""How a write batch's records and audit events reach PostgreSQL.

A few rows (an ``add()``, a ``remember()``) go as one pipelined ``executemany`` — one round
trip. From ``COPY_MIN`` rows (an import, a migrate batch, a bench load) they are streamed
with binary ``COPY`` into a temporary staging table and upserted with one ``INSERT …
SELECT … ON CONFLICT``: measured at 10k rows without the HNSW index, client CPU 0.72 s vs
1.46 s and server CPU 1.11 s vs 2.05 s (docs/benchmarks.md). Both paths keep the same
semantics: insert or update by id, a ``None`` vector keeps the stored one, rows take
``rowid``s in batch order.

Korean morphemes for the ``tsvector`` are computed by the caller before the transaction
starts (``morphemes``): in one Kiwi call, off the event loop, for a big batch.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import anyio
import numpy as np

from gieok.domain.audit import AuditEvent
from gieok.domain.records import MemoryRecord
from gieok.stores._sql import queries as q
from gieok.stores._sql.rows import (
    BOOL_FIELDS,
    COLUMNS,
    JSON_FIELDS,
    PLAIN_FIELDS,
    SCOPE_FIELDS,
    TIME_FIELDS,
    record_to_row,
)
from gieok.stores.base import Vector
from gieok.stores.postgres.db import Conn
from gieok.stores.postgres.dialect import DIALECT as D
from gieok.text.analysis import morph_fields

COPY_MIN = 200  # rows from which a batch is staged through COPY
OFF_LOOP_MIN = 32  # records from which morpheme analysis leaves the event loop
MORPH_COLUMNS = ("morphs", "context_morphs")
_NUMBERS = {"confidence": "float8", "importance": "float8", "version": "int4",
            "usage_count": "int4"}
_STAGE_TYPES: dict[str, str] = {
    **{c: "text" for c in (*SCOPE_FIELDS, *PLAIN_FIELDS, *JSON_FIELDS, *MORPH_COLUMNS)},
    **_NUMBERS,
    **{c: "timestamptz" for c in TIME_FIELDS},
    **{c: "bool" for c in BOOL_FIELDS},
    "embedding": "vector",
}
_STAGED = [*COLUMNS, *MORPH_COLUMNS, "embedding"]
_AUDIT_COLUMNS = ("id", "memory_id", "org", "scope", "action", "at", "body")
_AUDIT_TYPES = ("text", "text", "text", "text", "text", "timestamptz", "text")

Morphs = list[tuple[str, str]]  # (content, index text) per upserted record


def _same(value: Any) -> Any:
    return value


def vec(vector: Vector | None) -> Any:
    return None if vector is None else np.asarray(vector, dtype=np.float32).reshape(-1)


async def morphemes(records: Sequence[MemoryRecord]) -> Morphs:
    texts = [text for r in records for text in (r.content, r.index_text or "")]
    if len(records) >= OFF_LOOP_MIN:
        fields = await anyio.to_thread.run_sync(morph_fields, texts)
    else:
        fields = morph_fields(texts)
    return list(zip(fields[::2], fields[1::2], strict=True))


def _row(record: MemoryRecord) -> dict[str, Any]:
    row = record_to_row(record, _same)
    for name in BOOL_FIELDS:
        row[name] = bool(row[name])
    return row


def _update_sets() -> str:
    sets = [f"{c} = excluded.{c}" for c in (*COLUMNS, *MORPH_COLUMNS) if c != "id"]
    sets.append("embedding = COALESCE(excluded.embedding, records.embedding)")
    return ", ".join(sets)


async def upsert(conn: Conn, upserts: Sequence[tuple[MemoryRecord, Vector | None]],
                 morphs: Morphs) -> None:
    """Insert or update every record (see the module docstring for the two paths)."""
    if len(upserts) >= COPY_MIN:
        await _upsert_staged(conn, upserts, morphs)
        return
    inserts = [q.insert_record(D, _row(record), [("morphs", "%s", pair[0]),
                                                 ("context_morphs", "%s", pair[1]),
                                                 ("embedding", "%s", vec(vector))])
               for (record, vector), pair in zip(upserts, morphs, strict=True)]
    sql = f"{inserts[0].text} ON CONFLICT (id) DO UPDATE SET {_update_sets()}"
    async with conn.cursor() as cur:  # one pipelined round trip for all of them
        await cur.executemany(sql, [insert.params for insert in inserts])


async def _upsert_staged(conn: Conn, upserts: Sequence[tuple[MemoryRecord, Vector | None]],
                         morphs: Morphs) -> None:
    columns = ", ".join(f"{c} {_STAGE_TYPES[c]}" for c in _STAGED)
    await conn.execute(f"CREATE TEMP TABLE IF NOT EXISTS gieok_stage (ord int4, {columns}) "
                       "ON COMMIT DELETE ROWS")  # one per pooled connection, reused
    names = ", ".join(_STAGED)
    copy_sql = f"COPY gieok_stage (ord, {names}) FROM STDIN (FORMAT BINARY)"
    async with conn.cursor() as cur, cur.copy(copy_sql) as copy:
        copy.set_types(["int4", *(_STAGE_TYPES[c] for c in _STAGED)])
        for n, ((record, vector), pair) in enumerate(zip(upserts, morphs, strict=True)):
            row = _row(record)
            await copy.write_row([n, *(row[c] for c in COLUMNS), *pair, vec(vector)])
    values = ", ".join(f"{c}::jsonb" if c in JSON_FIELDS else c for c in _STAGED)
    await conn.execute(
        f"INSERT INTO records ({names}) SELECT {values} FROM gieok_stage ORDER BY ord "
        f"ON CONFLICT (id) DO UPDATE SET {_update_sets()}")


async def append_audit(conn: Conn, events: Sequence[AuditEvent]) -> None:
    rows = [(e.id, e.memory_id, e.scope.tenant, str(e.scope), e.action.value, e.at,
             e.model_dump_json()) for e in events]
    async with conn.cursor() as cur:
        if len(rows) < COPY_MIN:
            sql = q.insert_audit(D, *rows[0]).text
            await cur.executemany(sql, rows)
            return
        async with cur.copy(f"COPY audit_events ({', '.join(_AUDIT_COLUMNS)}) FROM STDIN "
                            "(FORMAT BINARY)") as copy:
            copy.set_types(list(_AUDIT_TYPES))
            for row in rows:
                await copy.write_row(row)
