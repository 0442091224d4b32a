"""``context()``'s first reads (``context/reads.py``): the scope's settings, recent turns,
selection and the standing memo's change check go to the store as one read batch when the
runtime uses the store's own working log; a log kept elsewhere is asked itself. Either way
the context is the same."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from datetime import UTC, datetime
from typing import Any

import pytest

from gieok import AsyncMemory
from gieok.context.cache import all_stored
from gieok.context.reads import first_reads
from gieok.domain.scope import Scope
from gieok.stores.ops import (ChangedOp, GetOp, RankOp, ReadOp, SelectionOp, SettingsOp,
                              TurnsOp)
from gieok.stores.working import WorkingLog

pytestmark = pytest.mark.anyio
S1 = {"user_id": "u1", "session_id": "s1"}
NOW = datetime(2026, 11, 27, 12, tzinfo=UTC)


class Reads:
    """Records the op kinds of every ``store.read`` batch."""

    def __init__(self, rt: Any) -> None:
        self.batches: list[list[type]] = []
        inner = rt.store.read

        async def read(ops: Sequence[ReadOp], /) -> list[Any]:
            self.batches.append([type(op) for op in ops])
            return await inner(ops)

        rt.store.read = read


class Log:
    """A working log that is not the store's own (as Redis in front of it would be)."""

    def __init__(self, inner: WorkingLog) -> None:
        self.inner, self.calls = inner, []  # type: WorkingLog, list[str]

    def __getattr__(self, name: str) -> Any:
        self.calls.append(name)
        return getattr(self.inner, name)


async def fill(mem: AsyncMemory) -> str:
    vet = await mem.remember("Nabi was spayed in 2019 at the Mapo clinic", user_id="u1")
    await mem.remember("User is allergic to peanuts", user_id="u1", pinned=True)
    await mem.add([{"role": "user", "content": "I am planning dinner for my sister"},
                   {"role": "assistant", "content": "What does she like to eat?"}],
                  infer=False, **S1)
    await mem.use_in_next_turn([vet.id], **S1)
    return vet.id


async def test_one_round_trip_before_the_search(mem: AsyncMemory) -> None:
    await fill(mem)
    rt = await mem._runtime()
    await mem.context("what should I cook?", use_cache=False, track_use=False, **S1)
    reads = Reads(rt)
    ctx = await mem.context("what should I cook?", use_cache=False, track_use=False, **S1)
    # settings, turns, selection and the standing memo's checks (it exists now: changed
    # since? its records still stored?): one batch; then the selected record and the search
    assert reads.batches[0] == [SettingsOp, TurnsOp, SelectionOp, ChangedOp, RankOp]
    assert len(reads.batches) == 3
    assert "planning dinner" in ctx.messages[0]["content"]
    assert ctx.trace.selected and "peanuts" in ctx.text and "spayed" in ctx.text


async def test_a_log_kept_elsewhere_is_asked_itself_and_the_context_is_the_same(
        mem: AsyncMemory) -> None:
    await fill(mem)
    rt = await mem._runtime()
    await mem.context("what should I cook?", use_cache=False, track_use=False, now=NOW, **S1)
    own = await mem.context("what should I cook?", use_cache=False, track_use=False, now=NOW,
                            **S1)
    log = Log(rt.working)
    rt.working = log
    reads = Reads(rt)
    other = await mem.context("what should I cook?", use_cache=False, track_use=False, now=NOW,
                              **S1)
    assert reads.batches[0] == [SettingsOp, ChangedOp, RankOp]
    assert {"recent", "selection"} <= set(log.calls)
    assert other.text == own.text and other.messages == own.messages
    assert other.trace.selected == own.trace.selected != []


async def test_turns_beyond_what_the_batch_read_come_from_the_log(mem: AsyncMemory) -> None:
    await mem.add([{"role": "user", "content": f"turn {i}"} for i in range(4)], infer=False,
                  **S1)
    rt = await mem._runtime()
    scope = Scope(user="u1", session="s1")
    first = await first_reads(rt, scope, turns=2)
    assert [t.content for t in await first.turns(2)] == ["turn 2", "turn 3"]
    assert [t.content for t in await first.turns(1)] == ["turn 3"]
    assert await first.turns(0) == []
    assert [t.content for t in await first.turns(9)] == [f"turn {i}" for i in range(4)]
    none = await first_reads(rt, scope, turns=None)
    assert [t.content for t in await none.turns(3)] == ["turn 1", "turn 2", "turn 3"]


async def test_a_cached_block_asks_whether_its_records_are_stored_without_reading_them(
        mem: AsyncMemory) -> None:
    # the same question the standing memo asks (its scoring columns, ``RankOp``): no record
    # is decoded to reuse a block
    vet = await fill(mem)
    built = await mem.context("what should I cook?", track_use=False, **S1)
    reads = Reads(await mem._runtime())
    again = await mem.context("what should I cook?", track_use=False, **S1)
    assert again.trace.cached and again.text == built.text
    assert reads.batches[1][-1] is RankOp and set(reads.batches[1][:-1]) == {ChangedOp}
    assert GetOp not in {kind for batch in reads.batches for kind in batch}
    assert vet in built.trace.used_ids()
    await mem.delete(vet, hard=True)
    after = await mem.context("what should I cook?", track_use=False, **S1)
    assert not after.trace.cached and "spayed" not in after.text


def test_records_asked_twice_count_once() -> None:
    a, b = SimpleNamespace(id="a"), SimpleNamespace(id="b")
    assert all_stored(("a", "b", "a"), [a, b])
    assert all_stored(("a", "b", "a"), [a, b, a])  # a store may answer a repeated id twice
    assert not all_stored(("a", "b", "c"), [a, b])
    assert not all_stored(("a", "b", "b"), [a, a])
