"""Store contract for fences (issue 15, item 4): a forget refuses writes that were prepared
before it in a scope it covers, and only those — on every backend in ``store_url``."""

from __future__ import annotations

from pathlib import Path

import pytest

from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope, covering_keys
from gieok.errors import ConflictError
from gieok.stores import Store, WriteBatch, open_store
from gieok.stores.fence import Fence
from gieok.stores.ops import FenceOp, ListOp

pytestmark = pytest.mark.anyio

SESSION = Scope(org="acme", user="u1", session="s1")
USER = Scope(org="acme", user="u1")


async def _mark(store: Store) -> int:
    [mark] = await store.read([FenceOp()])
    assert isinstance(mark, int)
    return mark


async def _write(store: Store, scope: Scope, mark: int) -> MemoryRecord:
    record = MemoryRecord(scope=scope.with_(session=None), content="User lives in Busan",
                          source_session=scope.session)
    await store.write(WriteBatch(upserts=[(record, None)], fence=Fence(scope, mark)))
    return record


@pytest.mark.parametrize("forgotten", [
    SESSION, USER, Scope(org="acme", session="s1"), Scope(org="acme")])
async def test_a_forget_covering_the_scope_refuses_a_write_prepared_before_it(
    store: Store, forgotten: Scope,
) -> None:
    mark = await _mark(store)
    await store.forget(forgotten)
    assert await _mark(store) > mark
    with pytest.raises(ConflictError) as caught:
        await _write(store, SESSION, mark)
    assert caught.value.code == "SCOPE_FORGOTTEN"
    [page] = await store.read([ListOp(USER, limit=0)])
    assert page.total == 0  # nothing of the batch landed


@pytest.mark.parametrize("forgotten", [
    Scope(org="acme", user="u2"), Scope(org="acme", user="u1", session="s2"),
    Scope(org="other", user="u1"), Scope(user="u1"),
    Scope(org="acme", user="u1", persona="p"), Scope(org="acme", project="p", user="u1")])
async def test_a_forget_elsewhere_does_not_refuse_it(store: Store, forgotten: Scope) -> None:
    mark = await _mark(store)
    await store.forget(forgotten)
    record = await _write(store, SESSION, mark)
    assert [r.id for r in await store.get("acme", [record.id])] == [record.id]


async def test_a_write_prepared_after_the_forget_goes_through(store: Store) -> None:
    await store.forget(USER)
    record = await _write(store, SESSION, await _mark(store))
    assert [r.id for r in await store.get("acme", [record.id])] == [record.id]


def test_covering_keys_are_every_wider_scope_in_the_tenant() -> None:
    keys = covering_keys(Scope(org="acme", project="p", user="u1", session="s1"))
    assert len(keys) == 8 and len(set(keys)) == 8
    assert Scope(org="acme", user="u1").key() in keys
    assert Scope(org="acme", project="p").key() in keys
    assert Scope(org="acme").key() in keys
    assert Scope(user="u1").key() not in keys  # another tenant


async def test_fence_rows_keep_no_scope_id_in_clear(tmp_path: Path) -> None:
    path = tmp_path / "fence.db"
    store = await open_store(f"sqlite:///{path}")
    try:
        await store.forget(Scope(org="acme", user="zelda-unique-7731"))
    finally:
        await store.aclose()
    for file in tmp_path.iterdir():
        assert b"zelda-unique-7731" not in file.read_bytes(), file.name


async def test_a_racing_forget_and_fenced_write_always_end_empty(store: Store) -> None:
    """Both orders are fine — the write refused, or committed first and then forgotten — but
    never a write that commits after the forget's delete (PostgreSQL: the table locks)."""
    import anyio

    for n in range(20):
        scope = Scope(org="acme", user=f"r{n}", session="s1")
        mark = await _mark(store)
        outcomes: list[str] = []

        async def write(scope: Scope = scope, mark: int = mark,
                        outcomes: list[str] = outcomes) -> None:
            try:
                await _write(store, scope, mark)
                outcomes.append("written")
            except ConflictError:
                outcomes.append("refused")

        async with anyio.create_task_group() as tg:
            tg.start_soon(write)
            tg.start_soon(store.forget, scope.with_(session=None))
        [page] = await store.read([ListOp(scope.with_(session=None), limit=0)])
        assert page.total == 0, (n, outcomes)
