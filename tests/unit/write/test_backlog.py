"""Saves whose vectors come later (``write.save_vectors = "background"``, write/backlog.py):
read-your-writes, shutdown, crash repair and the store's conditional vector write — on a real
SQLite file with the real local model."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from gieok import AsyncMemory
from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope
from gieok.settings import GieokSettings
from gieok.stores import WriteBatch, open_store

pytestmark = pytest.mark.anyio
MODEL = "local:multilingual-e5-small"


def counts(path: Path) -> tuple[int, int, int]:
    """(records, records without a vector, owed vectors) in the file."""
    with sqlite3.connect(path) as conn:
        total, missing = conn.execute(
            "SELECT count(*), coalesce(sum(embedding IS NULL), 0) FROM records").fetchone()
        owed = conn.execute("SELECT count(*) FROM pending_vectors").fetchone()[0]
    return int(total), int(missing), int(owed)


@pytest.fixture
def background(make_settings: Callable[..., GieokSettings]) -> GieokSettings:
    return make_settings(embedder=MODEL, write={"save_vectors": "background"})


async def test_a_search_right_after_a_save_ranks_it_by_its_vector(
        tmp_path: Path, background: GieokSettings) -> None:
    path = tmp_path / "ryw.db"
    async with AsyncMemory(f"sqlite:///{path}", settings=background) as mem:
        saved = [
            await mem.remember("Bori, my jindo, loves long walks along the river",
                               user_id="u1", persona_id="p1"),
            await mem.remember("저는 매운 음식을 잘 못 먹어요", user_id="u1", persona_id="p1"),
        ]
        # no word in common with either save: only their vectors can find them
        for query, want in (("which pet enjoys strolling outside", saved[0]),
                            ("어떤 맛을 싫어하나요", saved[1])):
            hits = await mem.search(query, user_id="u1", persona_id="p1")
            found = {h.record.id: h for h in hits}
            assert want.id in found
            assert found[want.id].parts.dense is not None
    assert counts(path) == (2, 0, 0)


async def test_a_save_returns_before_its_vector_and_only_its_scope_pays(
        tmp_path: Path, background: GieokSettings) -> None:
    path = tmp_path / "owed.db"
    async with AsyncMemory(f"sqlite:///{path}", settings=background) as mem:
        backlog = mem.runtime.backlog
        assert backlog is not None
        record = await mem.remember("the office moved to Pangyo in March", user_id="u1")
        # committed, its vector owed in the same transaction (nothing awaited since)
        assert record.id in backlog._owed
        assert counts(path) == (1, 1, 1)
        await backlog.settle(Scope(user="u2"))  # another user's read pays nothing of it
        assert backlog.paid_settling == 0 and record.id in backlog._owed
        hits = await mem.search("where do we work now", user_id="u1", session_id="s1")
        assert backlog.paid_settling == 1  # the session's read saw its user's memory
        assert [h.record.id for h in hits] == [record.id]
        assert hits[0].parts.dense is not None
    assert counts(path) == (1, 0, 0)


async def test_shutdown_writes_every_owed_vector(tmp_path: Path,
                                                 background: GieokSettings) -> None:
    path = tmp_path / "drain.db"
    mem = AsyncMemory(f"sqlite:///{path}", settings=background)
    for i in range(12):
        await mem.remember(f"reading list item {i}: a book about the sea", user_id="u1")
    await mem.aclose()
    assert counts(path) == (12, 0, 0)


CRASH = textwrap.dedent("""
    import asyncio, os, sys
    from gieok import AsyncMemory
    from gieok.settings import GieokSettings

    async def main() -> None:
        settings = GieokSettings(data_dir=sys.argv[2], embedder="local:multilingual-e5-small",
                                 write={"save_vectors": "background"})
        mem = AsyncMemory("sqlite:///" + sys.argv[1], settings=settings)
        mem_backlog = (await mem.backends(), mem.runtime.backlog)[1]
        mem_backlog.offer = lambda records: True  # the task never sees it: a crash's timing
        await mem.remember("my sister Mina lives in Busan and teaches piano", user_id="u1")
        os._exit(3)  # no shutdown: the process dies with the vector owed

    asyncio.run(main())
""")


async def test_a_crash_leaves_owed_vectors_that_the_next_start_writes(
        tmp_path: Path, make_settings: Callable[..., GieokSettings]) -> None:
    path = tmp_path / "crash.db"
    done = subprocess.run([sys.executable, "-c", CRASH, str(path), str(tmp_path / "data")],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 3, done.stderr
    assert counts(path) == (1, 1, 1)
    # the library default ("sync") still pays what a crashed background run owed
    settings = make_settings(embedder=MODEL)
    async with AsyncMemory(f"sqlite:///{path}", settings=settings) as mem:
        assert counts(path) == (1, 0, 0)
        hits = await mem.search("who teaches music", user_id="u1")
        assert hits and hits[0].parts.dense is not None


async def test_a_late_vector_never_replaces_one_an_update_wrote(tmp_path: Path) -> None:
    store = await open_store(f"sqlite:///{tmp_path / 'late.db'}")
    try:
        scope = Scope(user="u1")
        first = MemoryRecord(scope=scope, content="likes green tea")
        second = MemoryRecord(scope=scope, content="likes black coffee")
        newer = np.eye(1, 384, 0, dtype=np.float32)[0]
        await store.write(WriteBatch(upserts=[(first, None), (second, None)],
                                     pending_vectors=[first.id, second.id]))
        owed = getattr(store, "owed_vectors")
        assert {r.id for r in await owed(10)} == {first.id, second.id}
        # an update re-embedded ``first`` meanwhile: its vector stays
        await store.write(WriteBatch(upserts=[(first.model_copy(update={"version": 2}),
                                               newer)]))
        stale = np.eye(1, 384, 1, dtype=np.float32)[0]
        await store.write(WriteBatch(late_vectors=[(first.id, stale), (second.id, stale)]))
        assert await owed(10) == []
        vectors: dict[str, Any] = {}
        for hit in await store.dense(scope, newer, k=5, filters=None, view=_live()):
            vectors[hit.id] = hit.score
        assert vectors[first.id] == pytest.approx(1.0)
        assert vectors[second.id] == pytest.approx(0.0)
        # a deleted record's debt goes with it
        third = MemoryRecord(scope=scope, content="reads before sleep")
        await store.write(WriteBatch(upserts=[(third, None)], pending_vectors=[third.id]))
        await store.write(WriteBatch(hard_deletes=[third.id]))
        assert await owed(10) == []
    finally:
        await store.aclose()


def _live() -> Any:
    from gieok.domain.query import View

    return View()
