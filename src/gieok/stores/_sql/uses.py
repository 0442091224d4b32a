"""Use counts (SPEC R5) in a narrow table of their own, shared by the SQL stores.

Why: every ``context()`` counts a use of each memory it shows (~28 at 10k memories). Counted
as ``UPDATE records SET usage_count = usage_count + 1, last_used_at = …``, each use rewrote
a whole record row — its 1.5 KB vector included — and SQLite (``secure_delete``) zeroed the
old copy: ~1 ms of the store thread's ~2.5 ms per ``context()`` (docs/benchmarks.md, session
6). Now a use is a row of ``record_uses (memory_id, uses, used_at)`` (~60 bytes).

The table holds the uses counted *since a record's row was last written*:

- a record's count is ``records.usage_count + record_uses.uses`` and its last use
  ``record_uses.used_at`` if any, else ``records.last_used_at``: every read of record rows
  (records, rank rows) selects them from ``rows.RECORDS`` (records LEFT JOIN this table) and
  filters on ``usage_count`` look them up (``rows.USED``);
- writing a record's row folds its uses in: the writer read the record with its counted
  uses (the expressions above), so the row it writes carries them, and its ``record_uses``
  row is deleted in the same transaction (``fold``). A write built from a read made before a
  use loses that use — as it did when uses were counted in the row itself;
- deleting a record deletes its uses (hard delete, forget: ``forget_scope`` and each store's
  hard delete). No foreign key does it: a future migration that rebuilds ``records`` would
  cascade into this table.

Nothing is migrated: counts written before this table existed stay in ``records``, which is
still the base every read adds to.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gieok.stores._sql.filters import Dialect, Sql


def touch(d: Dialect, tenant: str, ids: Sequence[str], at: Any) -> Sql:
    """One use of each of ``ids`` that is a record of ``tenant`` (others are ignored).
    SQLite: ``+org`` keeps the planner on the id index (on ``org`` it walked the tenant)."""
    p = d.placeholder
    marks = ", ".join(p for _ in ids)
    return Sql(f"INSERT INTO record_uses (memory_id, uses, used_at) SELECT id, 1, {p} "
               f"FROM records WHERE {d.unindexed('org')} = {p} AND id IN ({marks}) "
               "ON CONFLICT (memory_id) DO UPDATE SET uses = record_uses.uses + 1, "
               "used_at = excluded.used_at", [at, tenant, *ids])


def fold(d: Dialect, ids: Sequence[str]) -> Sql:
    """Drop the counted uses of records whose rows are (re)written or deleted now."""
    marks = ", ".join(d.placeholder for _ in ids)
    return Sql(f"DELETE FROM record_uses WHERE memory_id IN ({marks})", list(ids))
