"""The migration runner (``stores/_sql/migrate.py``) on SQLite: concurrent openers, a schema
newer than the code, a failing step, non-transactional steps."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path
from typing import Any

import anyio
import pytest

from gieok.errors import StoreError, StoreSchemaError
from gieok.stores import open_store
from gieok.stores._sql.migrate import Migration, apply_migrations
from gieok.stores.sqlite.db import SqliteMigrationTarget
from gieok.stores.sqlite.schema import MIGRATIONS

OPENERS = 6


def _open_and_write(url: str, barrier: Any, n: int) -> None:
    import gieok.stores.sqlite  # noqa: F401 — imported before the barrier: a tight race
    from gieok.domain.records import MemoryRecord
    from gieok.domain.scope import Scope
    from gieok.stores import WriteBatch

    async def run() -> None:
        store = await open_store(url)
        try:
            record = MemoryRecord(scope=Scope(user=f"u{n}"), content=f"opener {n}")
            await store.write(WriteBatch(upserts=[(record, None)]))
        finally:
            await store.aclose()

    barrier.wait(timeout=60)
    anyio.run(run)


def test_processes_opening_a_new_store_at_once_all_succeed(tmp_path: Path) -> None:
    """Every process races to create the same new file; the lock makes the first one migrate
    and the others find the steps applied (before the lock, the losers failed with "table
    records already exists")."""
    url = f"sqlite:///{tmp_path / 'race.db'}"
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(OPENERS)
    procs = [ctx.Process(target=_open_and_write, args=(url, barrier, n)) for n in range(OPENERS)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=180)
    assert [p.exitcode for p in procs] == [0] * OPENERS
    conn = sqlite3.connect(tmp_path / "race.db")
    names = [r[0] for r in conn.execute("SELECT name FROM _migrations ORDER BY rowid")]
    assert names == [m.name for m in MIGRATIONS]  # each step applied exactly once
    assert conn.execute("SELECT COUNT(*) FROM records").fetchone()[0] == OPENERS
    conn.close()


def _conn(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def test_a_failing_step_is_rolled_back_and_reported(tmp_path: Path) -> None:
    conn = _conn(tmp_path / "m.db")
    steps = [
        Migration("0001_a", "CREATE TABLE a (x INTEGER)"),
        Migration("0002_b", "CREATE TABLE b (x INTEGER); INSERT INTO b VALUES (1); "
                            "INSERT INTO no_such_table VALUES (1)"),
        Migration("0003_c", "CREATE TABLE c (x INTEGER)"),
    ]
    with pytest.raises(StoreSchemaError) as err:
        apply_migrations(SqliteMigrationTarget(conn), steps)
    assert err.value.code == "STORE_MIGRATION_FAILED" and err.value.details == {
        "migration": "0002_b"}
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "b" not in tables and "c" not in tables  # nothing of the failed step, nothing after
    # the run is all or nothing under its lock: the first step is not kept either, so the
    # next open starts from the same state
    assert "a" not in tables
    assert apply_migrations(SqliteMigrationTarget(conn), steps[:1]) == ["0001_a"]


def test_a_store_written_by_newer_code_is_refused_unchanged(tmp_path: Path) -> None:
    conn = _conn(tmp_path / "m.db")
    newer = [Migration("0001_a", "CREATE TABLE a (x INTEGER)"),
             Migration("0002_from_the_future", "CREATE TABLE f (x INTEGER)")]
    apply_migrations(SqliteMigrationTarget(conn), newer)
    with pytest.raises(StoreSchemaError) as err:
        apply_migrations(SqliteMigrationTarget(conn),
                         [newer[0], Migration("0002_mine", "CREATE TABLE m (x INTEGER)")])
    assert err.value.code == "STORE_SCHEMA_NEWER"
    assert err.value.details == {"unknown_steps": ["0002_from_the_future"]}
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "m" not in tables


@pytest.mark.anyio
async def test_opening_a_newer_sqlite_store_fails_with_a_typed_error(tmp_path: Path) -> None:
    path = tmp_path / "newer.db"
    store = await open_store(f"sqlite:///{path}")
    await store.aclose()
    conn = _conn(path)
    conn.execute("INSERT INTO _migrations (name, applied_at) VALUES ('9999_future', 0)")
    conn.close()
    with pytest.raises(StoreSchemaError) as err:
        await open_store(f"sqlite:///{path}")
    assert err.value.code == "STORE_SCHEMA_NEWER" and not err.value.retriable
    assert isinstance(err.value, StoreError)


def test_function_steps_and_non_transactional_steps(tmp_path: Path) -> None:
    conn = _conn(tmp_path / "m.db")
    calls: list[str] = []

    def step(c: sqlite3.Connection) -> None:
        calls.append("fn")
        c.execute("CREATE TABLE fn_made (x INTEGER)")

    steps = [Migration("0001_fn", step),
             Migration("0002_plain", "CREATE INDEX IF NOT EXISTS i ON fn_made (x)",
                       transactional=False)]
    assert apply_migrations(SqliteMigrationTarget(conn), steps) == ["0001_fn", "0002_plain"]
    assert apply_migrations(SqliteMigrationTarget(conn), steps) == []
    assert calls == ["fn"]


def test_duplicate_names_are_a_programming_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        apply_migrations(SqliteMigrationTarget(_conn(tmp_path / "m.db")),
                         [Migration("x", "SELECT 1"), Migration("x", "SELECT 2")])

