"""L7: re-embed into a second vector set, switch when complete, roll back, never mix."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gieok import AsyncMemory, ConfigurationError, GieokSettings
from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope
from gieok.embedders import get_embedder
from gieok.lifecycle.reindex import run_reindex
from gieok.stores.base import IndexInfo, WriteBatch

pytestmark = pytest.mark.anyio


async def test_reindex_switches_and_rolls_back(mem: AsyncMemory, store_url: str,
                                               make_settings: Callable[..., GieokSettings]
                                               ) -> None:
    kept = await mem.remember("User lives in Gangnam-gu", user_id="u1")
    edited = await mem.remember("Likes tea", user_id="u1")
    await mem.update(edited.id, content="Likes green tea")
    gone = await mem.remember("Old note", user_id="u1")
    await mem.archive(gone.id)
    report = await mem.reindex("hash:128")
    assert report.switched and report.previous == "hash:256" and report.embedded == 3
    assert await mem.store.index_info() == IndexInfo(model="hash:128", dim=128)
    hits = await mem.search("Gangnam-gu", user_id="u1", k=1)
    assert hits[0].record.id == kept.id
    added = await mem.remember("Written after the switch", user_id="u1")  # new-model vector
    if store_url.startswith("sqlite"):
        stale = AsyncMemory(store_url, settings=make_settings())  # still on hash:256
        with pytest.raises(ConfigurationError) as err:
            await stale.remember("would mix two models", user_id="u1")
        assert err.value.code == "EMBEDDER_MISMATCH"
        await stale.aclose()
    back = await mem.reindex("hash:256")  # rollback: the old vectors were kept
    assert back.switched and back.embedded == 1  # only what was written since
    hits = await mem.search("written after the switch", user_id="u1", k=1)
    assert hits[0].record.id == added.id
    again = await mem.reindex("hash:256")
    assert not again.switched and again.embedded == 0
    dropped = await mem.reindex("hash:64", drop_previous=True)
    assert dropped.switched and dropped.dropped == 4
    assert len(await mem.store.unindexed("hash:256", limit=10)) == 4  # nothing kept for it


class _ConcurrentWriter:
    """Store proxy: a writer slips a memory in just before the first switch."""

    def __init__(self, store: Any) -> None:
        self._store, self.done = store, False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def switch_index(self, info: IndexInfo, /) -> int:
        if not self.done:
            self.done = True
            late = MemoryRecord(scope=Scope(user="u1"), content="Arrived during the reindex")
            vector = (await get_embedder("hash:256").embed_documents([late.content]))[0]
            await self._store.write(WriteBatch(upserts=[(late, vector)]))
        return await self._store.switch_index(info)


async def test_writes_during_reindex_are_embedded_before_the_switch(mem: AsyncMemory) -> None:
    await mem.remember("first", user_id="u1")
    proxy = _ConcurrentWriter(mem.store)
    report = await run_reindex(proxy, get_embedder("hash:128"))  # type: ignore[arg-type]
    assert report.switched and report.rounds == 2 and report.embedded == 2
    assert (await mem.store.index_info()).model == "hash:128"  # type: ignore[union-attr]
    assert len(await mem.store.unindexed("hash:256", limit=10)) == 0  # old ones kept


async def test_hard_delete_and_forget_remove_kept_vectors(tmp_path: Path,
                                                          make_settings: Callable[..., Any]
                                                          ) -> None:
    path = tmp_path / "r.db"
    async with AsyncMemory(f"sqlite:///{path}", settings=make_settings()) as mem:
        a = await mem.remember("secret diary entry", user_id="u1")
        await mem.remember("other", user_id="u2")
        await mem.reindex("hash:128")
        await mem.delete(a.id, hard=True)
        await mem.forget(user_id="u2")
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM model_vectors").fetchone()[0] == 0
