"""Use counts (R5) on every store: a use counted by ``touch`` is read back by every read
(records, rank rows, filters), survives a rewrite of the record exactly once, and goes with
the record when it is deleted or forgotten. The SQL stores keep uses in a table of their own
(stores/_sql/uses.py); these tests fail if a read leaves it out or a write counts it twice."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from gieok.domain.query import View, parse_filter
from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope
from gieok.embedders.hashing import HashEmbedder
from gieok.stores import Store, WriteBatch
from gieok.stores.ops import RankOp

pytestmark = pytest.mark.anyio

U1 = Scope(user="u1")
U2 = Scope(user="u2")
EMB = HashEmbedder(64)
AT = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)


async def put(store: Store, record: MemoryRecord) -> MemoryRecord:
    vec = (await EMB.embed_documents([record.content]))[0]
    await store.write(WriteBatch(upserts=[(record, vec)]))
    return record


async def one(store: Store, rid: str) -> MemoryRecord:
    [got] = await store.get("", [rid])
    return got


async def test_a_rewritten_record_keeps_its_uses_once(store: Store) -> None:
    rec = await put(store, MemoryRecord(scope=U1, content="likes green tea", usage_count=3))
    await store.touch("", [rec.id], AT)
    await store.touch("", [rec.id], AT + timedelta(hours=1))
    got = await one(store, rec.id)
    assert (got.usage_count, got.last_used_at) == (5, AT + timedelta(hours=1))
    edited = got.model_copy(update={"content": "likes green tea, no sugar",
                                    "updated_at": got.updated_at + timedelta(seconds=1)})
    await put(store, edited)  # written from the read: carries the 5 uses
    got = await one(store, rec.id)
    assert (got.usage_count, got.last_used_at) == (5, AT + timedelta(hours=1))
    await store.touch("", [rec.id], AT + timedelta(days=1))
    got = await one(store, rec.id)
    assert (got.usage_count, got.last_used_at) == (6, AT + timedelta(days=1))


async def test_reads_see_counted_uses_in_filters_pages_and_rank_rows(store: Store) -> None:
    used = await put(store, MemoryRecord(scope=U1, content="walks the dog at seven"))
    idle = await put(store, MemoryRecord(scope=U1, content="owns a red bicycle",
                                         usage_count=1))
    for hour in range(2):
        await store.touch("", [used.id], AT + timedelta(hours=hour))
    page = await store.list(U1, filters=parse_filter({"usage_count": {"gte": 2}}),
                            view=View(), limit=10, offset=0)
    assert [r.id for r in page.items] == [used.id] and page.total == 1
    assert page.items[0].usage_count == 2
    rows = {r.id: r for r in (await store.read([RankOp("", (used.id, idle.id))]))[0]}
    assert rows[used.id].last_used_at == AT + timedelta(hours=1)
    assert rows[idle.id].last_used_at is None


async def test_deleted_and_forgotten_records_take_their_uses_along(store: Store) -> None:
    gone = await put(store, MemoryRecord(scope=U1, content="was in Lisbon in May"))
    forgotten = await put(store, MemoryRecord(scope=U2, content="plays the cello"))
    await store.touch("", [gone.id, forgotten.id], AT)
    await store.write(WriteBatch(hard_deletes=[gone.id]))
    await store.forget(U2)
    # the same ids written again start from the counts they are written with
    again = await put(store, MemoryRecord(id=gone.id, scope=U1, content="was in Porto"))
    back = await put(store, MemoryRecord(id=forgotten.id, scope=U2, content="plays viola"))
    for rec in (again, back):
        got = await one(store, rec.id)
        assert (got.usage_count, got.last_used_at) == (0, None), rec.content
