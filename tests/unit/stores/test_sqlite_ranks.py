"""SqliteStore's in-memory ``RankRow``s (``stores/sqlite/ranks.py``): what a ranked read
hands the ranker is what SQL holds now — after writes, use counts, deletes and forgets made
here or on another connection — and held rows are not read again."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest

from gieok.domain.query import Candidate, RankRow
from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope
from gieok.embedders.hashing import HashEmbedder
from gieok.stores import WriteBatch, open_store
from gieok.stores._sql import queries
from gieok.stores._sql.rows import row_to_rank
from gieok.stores.ops import DenseOp, FulltextOp, RankedOp
from gieok.stores.sqlite.dialect import DIALECT
from gieok.stores.sqlite.store import SqliteStore, _time_in

pytestmark = pytest.mark.anyio

EMB = HashEmbedder(32)
ME = Scope(org="acme", user="me")
THEM = Scope(org="other", user="me")


class _All:
    """Ranks nothing: asks for the rows of every candidate and keeps them."""

    def __init__(self) -> None:
        self.rows: list[RankRow] = []

    def candidates(self, lists: Sequence[list[Candidate]], /) -> list[str]:
        return sorted({c.id for part in lists for c in part})

    def pick(self, rows: Sequence[RankRow], /) -> list[str]:
        self.rows = sorted(rows, key=lambda r: r.id)
        return []


async def ranked(store: SqliteStore, scope: Scope = ME, text: str = "Busan") -> list[RankRow]:
    ranker = _All()
    vec = await EMB.embed_query(text)
    await store.read([RankedOp(scope.tenant, (DenseOp(scope, vec, 50),
                                              FulltextOp(scope, text, 50)), ranker)])
    return ranker.rows


def in_sql(store: SqliteStore, ids: Sequence[str], tenant: str = "acme") -> list[RankRow]:
    sql = queries.rank_rows(DIALECT, tenant, list(ids))
    cur = store.conn.cursor()
    cur.row_factory = None
    return sorted((row_to_rank(r, _time_in) for r in cur.execute(sql.text, sql.params)),
                  key=lambda r: r.id)


async def put(store: SqliteStore, scope: Scope, texts: list[str]) -> list[MemoryRecord]:
    records = [MemoryRecord(scope=scope, content=t, importance=0.5) for t in texts]
    vectors = await EMB.embed_documents(texts)
    await store.write(WriteBatch(upserts=list(zip(records, vectors, strict=True))))
    return records


@pytest.fixture
async def pair(tmp_path: Path) -> AsyncIterator[tuple[SqliteStore, SqliteStore]]:
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    a, b = await open_store(url), await open_store(url)
    assert isinstance(a, SqliteStore) and isinstance(b, SqliteStore)
    yield a, b
    await a.aclose()
    await b.aclose()


async def test_held_rows_follow_every_kind_of_write(pair: tuple[SqliteStore, SqliteStore]
                                                    ) -> None:
    a, b = pair
    recs = await put(a, ME, [f"Friend {i} lives in Busan near the sea" for i in range(12)])
    ids = [r.id for r in recs]
    first = await ranked(a)
    assert [r.id for r in first] == sorted(ids) and first == in_sql(a, ids)
    when = datetime(2024, 1, 2, tzinfo=UTC)
    steps = [
        ("use counted here", lambda: a.touch("acme", ids[:3], when)),
        ("use counted elsewhere", lambda: b.touch("acme", ids[3:5], when)),
        ("edited here", lambda: a.write(WriteBatch(upserts=[(recs[5].model_copy(update={
            "importance": 0.9, "content": "Friend 5 moved to Busan port"}), None)]))),
        ("edited elsewhere", lambda: b.write(WriteBatch(upserts=[(recs[6].model_copy(update={
            "importance": 0.1}), None)]))),
        ("deleted elsewhere", lambda: b.write(WriteBatch(hard_deletes=[ids[7]]))),
        ("use counted elsewhere again", lambda: b.touch("acme", ids[8:9], when)),
        ("use counted here again", lambda: a.touch("acme", ids[9:10], when)),
    ]
    for what, step in steps:
        await step()
        await b.get("acme", ["none"])  # touch() is queued: a later call on it sees it
        got = await ranked(a)
        assert got == in_sql(a, ids), what
        assert (ids[7] in {r.id for r in got}) == (what in [w for w, _ in steps[:4]]), what
    touched = {r.id: r.last_used_at for r in await ranked(a)}
    assert all(touched[i] == when for i in [*ids[:5], ids[8], ids[9]])


async def test_held_rows_are_not_read_again_and_keep_the_tenant(
    pair: tuple[SqliteStore, SqliteStore],
) -> None:
    a, _ = pair
    mine = await put(a, ME, [f"Friend {i} lives in Busan" for i in range(6)])
    theirs = await put(a, THEM, [f"Friend {i} lives in Busan too" for i in range(3)])
    statements: list[str] = []
    await ranked(a)  # the scope's live rows read at once
    a.conn.set_trace_callback(statements.append)
    try:
        rows = await ranked(a)
        assert len(rows) == 6
        assert not any("json_extract" in s for s in statements)  # no rank row read by SQL
        assert [r.id for r in await a.rank_rows("acme", [theirs[0].id, mine[0].id])] \
            == [mine[0].id]
        assert await a.rank_rows("other", [mine[0].id]) == []  # held, but not theirs
        assert [r.id for r in await ranked(a, THEM)] == sorted(r.id for r in theirs)
    finally:
        a.conn.set_trace_callback(None)


async def test_a_forget_drops_what_was_held(tmp_path: Path) -> None:
    store = await open_store(f"sqlite:///{tmp_path / 'f.db'}")
    assert isinstance(store, SqliteStore)
    try:
        recs = await put(store, ME, ["Friend lives in Busan", "Another friend in Busan"])
        assert len(await ranked(store)) == 2
        await store.forget(ME)
        assert await store.rank_rows("acme", [r.id for r in recs]) == []
        assert await ranked(store) == []
    finally:
        await store.aclose()


async def _narrow(store: SqliteStore, scope: Scope = ME) -> None:
    """A ranked read whose one candidate is the only row it reads by SQL."""
    vec = await EMB.embed_query("Busan")
    await store.read([RankedOp(scope.tenant, (DenseOp(scope, vec, 1),), _All())])


async def test_a_big_scope_is_read_in_the_background_and_made_current(
    pair: tuple[SqliteStore, SqliteStore],
) -> None:
    a, b = pair
    a._ranks.prime_max_rows = 4  # the scope below is "too big" to read while a search waits
    recs = await put(a, ME, [f"Friend {i} lives in Busan near the sea" for i in range(16)])
    ids = [r.id for r in recs]
    await _narrow(a)  # starts the background read of the scope's 16 rows
    assert a._ranks.wait(30)
    assert len(a._ranks.rows) == 1  # not taken yet: only the candidate read by SQL
    when = datetime(2024, 1, 2, tzinfo=UTC)
    await a.touch("acme", ids[:6], when)  # counted here after the snapshot: applied to it
    await b.write(WriteBatch(upserts=[(recs[8].model_copy(update={
        "importance": 0.9, "content": "Friend 8 moved to Busan port"}), None)]))
    await b.write(WriteBatch(upserts=[(recs[9].model_copy(update={  # written elsewhere
        "importance": 0.2}), None)]))  # since: left out of the read, read by SQL
    await a.get("acme", ["none"])  # the queued touch is done
    statements: list[str] = []
    a.conn.set_trace_callback(statements.append)
    try:
        taken = await ranked(a)
    finally:
        a.conn.set_trace_callback(None)
    assert taken == in_sql(a, ids)
    by_sql = {i for s in statements if "json_extract" in s for i in ids if i in s}
    assert by_sql == {ids[8], ids[9]}  # the rest came from the background read
    assert set(ids) <= set(a._ranks.rows)  # the scope is held
    statements = []
    a.conn.set_trace_callback(statements.append)
    try:
        again = await ranked(a)
    finally:
        a.conn.set_trace_callback(None)
    assert not any("json_extract" in s for s in statements)  # no rank row read by SQL
    assert again == in_sql(a, ids)


async def test_a_background_read_is_dropped_by_a_use_counted_elsewhere(
    pair: tuple[SqliteStore, SqliteStore],
) -> None:
    a, b = pair
    a._ranks.prime_max_rows = 4
    recs = await put(a, ME, [f"Friend {i} lives in Busan near the sea" for i in range(16)])
    ids = [r.id for r in recs]
    await _narrow(a)
    assert a._ranks.wait(30)
    await b.touch("acme", ids[:6], datetime(2024, 1, 2, tzinfo=UTC))
    await b.get("acme", ["none"])
    assert await ranked(a) == in_sql(a, ids)  # dropped (and read again): nothing stale
    assert a._ranks.wait(30)
    assert await ranked(a) == in_sql(a, ids)
    assert set(ids) <= set(a._ranks.rows)


def test_a_used_row_is_the_row_with_its_last_use_replaced() -> None:
    from dataclasses import fields, replace

    from gieok.stores.sqlite.ranks import _used

    at = datetime(2024, 5, 6, 7, 8, 9, tzinfo=UTC)
    row = RankRow(*(f"v{i}" for i in range(4)), 0.25, at, at, None,  # type: ignore[arg-type]
                  "turn", "speaker", "follows", ("t1", "t2"))
    assert len(fields(RankRow)) == 12  # every field set above
    got = _used(row, datetime(2025, 1, 1, tzinfo=UTC))
    assert got == replace(row, last_used_at=datetime(2025, 1, 1, tzinfo=UTC)) and got != row


class _Held(_All):
    """Also takes the rows the store has just read whole (``Ranker.held``)."""

    def __init__(self) -> None:
        super().__init__()
        self.held_rows: list[RankRow] | None = None

    def held(self, rows: Sequence[RankRow], /) -> None:
        self.held_rows = sorted(rows, key=lambda r: r.id)


async def test_a_ranker_is_handed_a_scope_s_rows_when_they_are_first_read_whole(
        tmp_path: Path) -> None:
    store = await open_store(f"sqlite:///{tmp_path / 'held.db'}")
    assert isinstance(store, SqliteStore)
    try:
        mine = await put(store, ME, ["Busan trip in May", "a cat named Nabi", "likes tea"])
        await put(store, THEM, ["Busan again"])
        vec = await EMB.embed_query("Busan")
        first, second = _Held(), _Held()
        for ranker in (first, second):
            await store.read([RankedOp(ME.tenant, (DenseOp(ME, vec, 50),
                                                   FulltextOp(ME, "Busan", 50)), ranker)])
        # every live row of the scope (not only the candidates), none of another tenant's
        assert first.held_rows == in_sql(store, [r.id for r in mine])
        assert second.held_rows is None  # held already: nothing new to prepare for
        assert len(second.rows) == len(first.rows) > 0
    finally:
        await store.aclose()
