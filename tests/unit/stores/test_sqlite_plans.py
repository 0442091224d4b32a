"""SQLite query plans of the per-id and duplicate-check reads: they must use the index meant
for them whatever the tenant's size (the planner otherwise walks a whole tenant or scope)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gieok.domain.scope import Scope
from gieok.stores import open_store
from gieok.stores._sql import queries
from gieok.stores._sql.filters import Sql
from gieok.stores.sqlite.dialect import DIALECT
from gieok.stores.sqlite.store import SqliteStore

pytestmark = pytest.mark.anyio


async def _plan(tmp_path: Path, sql: Sql) -> str:
    store = await open_store(f"sqlite:///{tmp_path / 'plans.db'}")
    assert isinstance(store, SqliteStore)
    try:
        conn = store._db.conn
        conn.execute("ANALYZE")  # statistics as a store that has been used a while has them
        rows = conn.execute("EXPLAIN QUERY PLAN " + sql.text, sql.params).fetchall()
        return " | ".join(str(r[3]) for r in rows)
    finally:
        await store.aclose()


@pytest.mark.parametrize("build", [queries.get_records, queries.rank_rows,
                                   lambda d, t, ids: queries.touch(d, t, ids, 1.0)])
async def test_reads_by_id_use_the_id_index_not_the_tenant(tmp_path: Path, build: object
                                                           ) -> None:
    plan = await _plan(tmp_path, build(DIALECT, "acme", ["a", "b", "c"]))  # type: ignore[operator]
    assert "sqlite_autoindex_records_1 (id=?)" in plan, plan
    assert "org=?" not in plan, plan


async def test_duplicate_checks_use_the_hash_index(tmp_path: Path) -> None:
    plan = await _plan(tmp_path, queries.records_by_hash(DIALECT, Scope(user="u"), "h"))
    assert "records_hash" in plan, plan


async def test_changed_since_reads_recent_rows_not_the_scope(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    plan = await _plan(tmp_path, queries.changed_since(DIALECT, Scope(user="u"),
                                                        datetime.now(UTC)))
    assert "records_updated (org=? AND updated_at>?)" in plan, plan
