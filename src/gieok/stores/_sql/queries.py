"""SQL text for the reads and writes every SQL store shares, built by pure functions from a
``Dialect`` (the builder/executor split: the stores only execute). Search (dense, full text)
is each store's own: SQLite ranks with NumPy and FTS5, PostgreSQL with pgvector and
``tsvector``.

Both schemas name their tables and columns alike (``records`` with a ``rowid`` in insertion
order, ``audit_events``, ``scope_settings``, ``store_meta``), so one text serves both; what
differs is the placeholder, JSON access, booleans, time values and planner hints.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from gieok.domain.query import Filter, View
from gieok.domain.scope import Scope
from gieok.stores._sql.filters import (
    Dialect,
    Sql,
    exact_scope_clause,
    filter_clause,
    scope_clause,
    view_clause,
)
from gieok.stores._sql import uses
from gieok.stores._sql.rows import COLUMNS, JSON_FIELDS, RANK_COLUMNS, RECORDS, read_column

# A record's use count and last use add the uses counted since its row was written (uses.py):
# every read of record columns selects ``SELECT`` (or ``rank_columns``) ``FROM {RECORDS}``.
SELECT = ", ".join(read_column(c) for c in COLUMNS)


def marks(d: Dialect, n: int) -> str:
    return ", ".join(d.placeholder for _ in range(n))


def where(d: Dialect, scope: Scope, filters: Filter | None, view: View, now: datetime) -> Sql:
    parts = [scope_clause(d, scope), view_clause(d, view, now), filter_clause(d, filters)]
    return Sql(" AND ".join(p.text for p in parts), [v for p in parts for v in p.params])


# -- reads ----------------------------------------------------------------------------------
def get_records(d: Dialect, tenant: str, ids: Sequence[str]) -> Sql:
    # SQLite: ``+org`` keeps the planner on the id index; on ``org`` it walked the whole
    # tenant (330 ms for 50 ids at 100k rows, 0.3 ms this way).
    return Sql(f"SELECT {SELECT} FROM {RECORDS} WHERE id IN ({marks(d, len(ids))}) "
               f"AND {d.unindexed('org')} = {d.placeholder}", [*ids, tenant])


def rank_columns(d: Dialect) -> str:
    """The select list of ``rows.RANK_COLUMNS`` (what search scores by), in its order."""
    return ", ".join((*map(read_column, RANK_COLUMNS[:-3]), d.json_text("metadata", "turn"),
                      d.json_text("metadata", "speaker"), d.json_text("metadata", "follows")))


def rank_rows(d: Dialect, tenant: str, ids: Sequence[str]) -> Sql:
    """The columns ``rows.RANK_COLUMNS`` names (what search scores by) of records by id."""
    return Sql(f"SELECT {rank_columns(d)} FROM {RECORDS} WHERE id IN ({marks(d, len(ids))}) "
               f"AND {d.unindexed('org')} = {d.placeholder}", [*ids, tenant])


def records_by_hash(d: Dialect, scope: Scope, content_hash: str) -> Sql:
    # SQLite: INDEXED BY, or the planner walked the whole scope for every dedup check (80 ms
    # at 12k rows, making imports quadratic).
    exact = exact_scope_clause(d, scope)
    return Sql(f"SELECT {SELECT} FROM {d.indexed_by('records', 'records_hash')} "
               "LEFT JOIN record_uses ON memory_id = id "
               f"WHERE {exact.text} AND content_hash = {d.placeholder} "
               "AND status = 'active' AND superseded_at IS NULL",
               [*exact.params, content_hash])


def changed_since(d: Dialect, scope: Scope, since: datetime) -> Sql:
    """One row if ``scope`` holds a record updated at or after ``since`` (``ChangedOp``):
    the ``(org, updated_at)`` index walks only the recently updated rows of the tenant."""
    cond = scope_clause(d, scope)
    return Sql(f"SELECT 1 FROM {d.indexed_by('records', 'records_updated')} WHERE {cond.text} "
               f"AND updated_at >= {d.placeholder} LIMIT 1",
               [*cond.params, d.time_param(since)])


def count_records(cond: Sql) -> Sql:
    return Sql(f"SELECT COUNT(*) FROM records WHERE {cond.text}", cond.params)


def page_records(d: Dialect, cond: Sql, limit: int, offset: int) -> Sql:
    p = d.placeholder
    return Sql(f"SELECT {SELECT} FROM {RECORDS} WHERE {cond.text} "
               f"ORDER BY event_time DESC, rowid DESC LIMIT {p} OFFSET {p}",
               [*cond.params, limit, offset])


def history(d: Dialect, tenant: str, memory_id: str) -> Sql:
    p = d.placeholder
    return Sql(f"SELECT body FROM audit_events WHERE org = {p} AND memory_id = {p} "
               "ORDER BY at, rowid", [tenant, memory_id])


def settings_of(d: Dialect, keys: Sequence[str]) -> Sql:
    return Sql(f"SELECT scope_key, body FROM scope_settings WHERE scope_key IN "
               f"({marks(d, len(keys))})", list(keys))


def settings_list(d: Dialect, tenant: str | None) -> Sql:
    if tenant is None:
        return Sql("SELECT scope_key, body FROM scope_settings ORDER BY scope_key", [])
    return Sql(f"SELECT scope_key, body FROM scope_settings WHERE org = {d.placeholder} "
               "ORDER BY scope_key", [tenant])


def meta_value(d: Dialect, key: str) -> Sql:
    return Sql(f"SELECT value FROM store_meta WHERE key = {d.placeholder}", [key])


# -- writes ---------------------------------------------------------------------------------
def insert_record(d: Dialect, row: Mapping[str, Any], extra: Sequence[tuple[str, str, Any]] = ()
                  ) -> Sql:
    """``extra``: (column, placeholder expression, value) for store-specific columns."""
    cols = list(row)
    values = [d.json_marker if c in JSON_FIELDS else d.placeholder for c in cols]
    cols += [c for c, _, _ in extra]
    values += [m for _, m, _ in extra]
    return Sql(f"INSERT INTO records ({', '.join(cols)}) VALUES ({', '.join(values)})",
               [*row.values(), *(v for _, _, v in extra)])


def update_record(d: Dialect, row: Mapping[str, Any], extra: Sequence[tuple[str, str, Any]] = ()
                  ) -> Sql:
    cols = [c for c in row if c != "id"]
    sets = [f"{c} = {d.json_marker if c in JSON_FIELDS else d.placeholder}" for c in cols]
    sets += [f"{c} = {m}" for c, m, _ in extra]
    return Sql(f"UPDATE records SET {', '.join(sets)} WHERE id = {d.placeholder}",
               [*(row[c] for c in cols), *(v for _, _, v in extra), row["id"]])


def insert_audit(d: Dialect, event_id: str, memory_id: str, org: str, scope: str, action: str,
                 at: Any, body: str) -> Sql:
    return Sql("INSERT INTO audit_events (id, memory_id, org, scope, action, at, body) "
               f"VALUES ({marks(d, 7)})", [event_id, memory_id, org, scope, action, at, body])


def purge_history(d: Dialect, memory_id: str) -> Sql:
    return Sql(f"DELETE FROM audit_events WHERE memory_id = {d.placeholder}", [memory_id])


def put_settings(d: Dialect, scope: Scope, body: str) -> Sql:
    return Sql(f"INSERT INTO scope_settings (scope_key, org, body) VALUES ({marks(d, 3)}) "
               "ON CONFLICT (scope_key) DO UPDATE SET body = excluded.body",
               [scope.key(), scope.tenant, body])


def touch(d: Dialect, tenant: str, ids: Sequence[str], at: Any) -> Sql:
    """R5: one use of each of ``ids`` in ``tenant`` (a row of ``record_uses``, uses.py)."""
    return uses.touch(d, tenant, ids, at)


def put_meta_if_absent(d: Dialect, key: str, value: str) -> Sql:
    return Sql(f"INSERT INTO store_meta (key, value) VALUES ({marks(d, 2)}) "
               "ON CONFLICT (key) DO NOTHING", [key, value])


def put_meta(d: Dialect, key: str, value: str) -> Sql:
    return Sql(f"INSERT INTO store_meta (key, value) VALUES ({marks(d, 2)}) "
               "ON CONFLICT (key) DO UPDATE SET value = excluded.value", [key, value])


def delete_meta(d: Dialect, key: str) -> Sql:
    return Sql(f"DELETE FROM store_meta WHERE key = {d.placeholder}", [key])


def meta_writes(d: Dialect, meta: dict[str, str | None]) -> list[Sql]:
    """``WriteBatch.meta``: set each key, or delete it when its value is None."""
    return [delete_meta(d, k) if v is None else put_meta(d, k, v) for k, v in meta.items()]


def forget_scope(d: Dialect, scope: Scope) -> list[Sql]:
    """History, kept model vectors, use counts, records and settings inside ``scope`` (the
    store's own side rows, such as SQLite's FTS rows, are its business)."""
    cond = scope_clause(d, scope)
    inside = f"SELECT id FROM records WHERE {cond.text}"
    return [
        Sql(f"DELETE FROM audit_events WHERE memory_id IN ({inside})", cond.params),
        Sql(f"DELETE FROM model_vectors WHERE id IN ({inside})", cond.params),
        Sql(f"DELETE FROM record_uses WHERE memory_id IN ({inside})", cond.params),
        Sql(f"DELETE FROM records WHERE {cond.text}", cond.params),
        Sql(f"DELETE FROM scope_settings WHERE scope_key = {d.placeholder}", [scope.key()]),
    ]


# -- fences (stores/fence.py): a forget refuses writes prepared before it --------------------
FENCE_MARK = Sql("SELECT COALESCE(MAX(seq), 0) FROM scope_fences", [])


def fence_crossed(d: Dialect, hashes: Sequence[str], mark: int) -> Sql:
    """A row when a forget covering one of ``hashes`` committed after ``mark``."""
    return Sql(f"SELECT 1 FROM scope_fences WHERE seq > {d.placeholder} AND key_hash IN "
               f"({marks(d, len(hashes))}) LIMIT 1", [mark, *hashes])


def put_fence(d: Dialect, key_hash: str, at: float, keep_s: float) -> list[Sql]:
    """Record one forget (and prune fences no write can still be waiting on)."""
    p = d.placeholder
    return [Sql(f"DELETE FROM scope_fences WHERE at < {p}", [at - keep_s]),
            Sql(f"INSERT INTO scope_fences (key_hash, at) VALUES ({marks(d, 2)})",
                [key_hash, at])]
