"""The SQLite settings that docs/reliability.md promises for crashes and power loss.

WAL with ``synchronous=FULL`` syncs the log at every commit, so an acknowledged write
survives a power cut as well as a kill -9; ``secure_delete`` zeroes what a delete frees, so
deleted text does not linger in free pages. Changing any of these changes that promise:
this test makes it a conscious decision.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gieok.stores import open_store
from gieok.stores.sqlite.store import SqliteStore

pytestmark = pytest.mark.anyio


async def test_wal_full_sync_and_secure_delete(tmp_path: Path) -> None:
    store = await open_store(f"sqlite:///{tmp_path / 'd.db'}")
    try:
        assert isinstance(store, SqliteStore)
        pragma = {name: store.conn.execute(f"PRAGMA {name}").fetchone()[0]
                  for name in ("journal_mode", "synchronous", "secure_delete")}
        assert pragma == {"journal_mode": "wal", "synchronous": 2, "secure_delete": 1}
    finally:
        await store.aclose()
