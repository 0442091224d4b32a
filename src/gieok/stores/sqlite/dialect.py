"""What SQLite spells differently: placeholders, JSON paths, list membership, time values."""

from __future__ import annotations

from gieok.stores._sql.filters import Dialect

DIALECT = Dialect(
    placeholder="?",
    json_text=lambda col, key: f"json_extract({col}, '$.{key}')",
    json_num=lambda col, key: f"CAST(json_extract({col}, '$.{key}') AS REAL)",
    list_contains=lambda col, p: f"EXISTS (SELECT 1 FROM json_each({col}) WHERE value = {p})",
    time_param=lambda t: t.timestamp(),
    # The planner hints the shared SQL asks for. Without ``+org`` a fetch by id walked the
    # tenant's rows through the (org, content_hash) index — 25 ms for 100 ids at 10k memories,
    # most of a search — and without INDEXED BY every duplicate check scanned the scope.
    indexed_by=lambda table, index: f"{table} INDEXED BY {index}",
    unindexed=lambda column: f"+{column}",
)
