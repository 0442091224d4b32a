"""How many store round trips one ``add()`` makes, counted through a wrapping store and a
wrapping working log around a real SQLite file. Before the seam, an ``add()`` that yielded
one memory made 12 store calls plus 3 per further candidate; the target is at most 5."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.domain.results import DecisionKind
from gieok.domain.scope import Scope
from gieok.domain.turns import Turn
from gieok.stores import open_store
from gieok.stores.base import Store, WriteBatch, WriteResult
from gieok.stores.ops import ReadOp
from gieok.stores.working import SessionState, SummaryState, WorkingLog

pytestmark = pytest.mark.anyio


class CountingStore(Store):
    """Every call that reaches the backend is one round trip; ``waits`` counts the times a
    call started while none was in flight (calls asked at once wait their turn once)."""

    capabilities = frozenset()

    def __init__(self, inner: Store, calls: Counter[str]) -> None:
        self.inner, self.calls = inner, calls
        self.in_flight = self.waits = 0
        self.working = CountingLog(inner.working, calls)
        self.queue, self.tokens = inner.queue, inner.tokens

    @classmethod
    def from_url(cls, url: str, /, **options: Any) -> CountingStore:
        raise NotImplementedError

    async def setup(self) -> None:
        await self.inner.setup()

    async def aclose(self) -> None:
        await self.inner.aclose()

    async def read(self, ops: Sequence[ReadOp], /) -> list[Any]:
        self.calls["store.read"] += 1
        return await self._timed(self.inner.read(ops))

    async def write(self, batch: WriteBatch, /) -> WriteResult:
        self.calls["store.write"] += 1
        return await self._timed(self.inner.write(batch))

    async def _timed(self, call: Any) -> Any:
        self.waits += self.in_flight == 0
        self.in_flight += 1
        try:
            return await call
        finally:
            self.in_flight -= 1


class CountingLog:
    def __init__(self, inner: WorkingLog, calls: Counter[str]) -> None:
        self.inner, self.calls = inner, calls

    async def setup(self) -> None:
        await self.inner.setup()

    async def aclose(self) -> None:
        await self.inner.aclose()

    async def append(self, scope: Scope, turns: Sequence[Turn], /) -> SessionState:
        self.calls["working.append"] += 1
        return await self.inner.append(scope, turns)

    async def recent(self, scope: Scope, /, *, limit: int) -> list[Turn]:
        self.calls["working.recent"] += 1
        return await self.inner.recent(scope, limit=limit)

    async def state(self, scope: Scope, /) -> SessionState | None:
        self.calls["working.state"] += 1
        return await self.inner.state(scope)

    async def mark(self, scope: Scope, /, *, extracted: int | None = None,
                   closed: int | None = None) -> None:
        self.calls["working.mark"] += 1
        await self.inner.mark(scope, extracted=extracted, closed=closed)

    async def idle(self, before: datetime, /, *, limit: int) -> list[SessionState]:
        self.calls["working.idle"] += 1
        return await self.inner.idle(before, limit=limit)

    async def summary(self, scope: Scope, /) -> SummaryState | None:
        self.calls["working.summary"] += 1
        return await self.inner.summary(scope)

    async def put_summary(self, scope: Scope, summary: SummaryState, /) -> None:
        self.calls["working.put_summary"] += 1
        await self.inner.put_summary(scope, summary)

    async def forget(self, scope: Scope, /) -> int:
        self.calls["working.forget"] += 1
        return await self.inner.forget(scope)


@pytest.fixture
async def counted(tmp_path: Path, make_settings: Callable[..., GieokSettings]
                  ) -> Any:
    calls: Counter[str] = Counter()
    inner = await open_store(f"sqlite:///{tmp_path / 'rt.db'}")
    store = CountingStore(inner, calls)
    mem = AsyncMemory(store, settings=make_settings())
    await mem.remember("User has a cat named Nabi", user_id="u1")  # opens, records the model
    yield mem, calls
    await mem.aclose()


async def test_add_yielding_one_memory_makes_at_most_five_round_trips(counted: Any) -> None:
    mem, calls = counted
    calls.clear()
    result = await mem.add("I live in Busan.", user_id="u1", session_id="s1")
    assert [d.kind for d in result.decisions] == [DecisionKind.ADD]
    assert sum(calls.values()) <= 5, dict(calls)
    assert calls == Counter({"store.read": 2, "working.append": 1, "store.write": 1,
                             "working.mark": 1})


async def test_more_candidates_cost_no_more_round_trips(counted: Any) -> None:
    mem, calls = counted
    calls.clear()
    result = await mem.add("I live in Busan. I work as a dentist. I love green tea.",
                           user_id="u1", session_id="s2")
    assert len(result.decisions) >= 2
    assert sum(calls.values()) <= 5, dict(calls)


async def test_remember_round_trips(counted: Any) -> None:
    mem, calls = counted
    calls.clear()
    store = mem.store
    assert isinstance(store, CountingStore)
    store.waits = 0
    await mem.remember("User's dog is called Choco", user_id="u1")
    assert sum(calls.values()) <= 4, dict(calls)  # was 5: settings, duplicates, capacity, write
    # the duplicates and the capacity are asked at once: settings, both, write
    assert store.waits == 3


async def test_a_duplicate_save_still_plans_capacity_for_what_is_new(
        tmp_path: Path, make_settings: Callable[..., GieokSettings]) -> None:
    """The capacity plan read beside the duplicates assumes every item new; when some are
    duplicates it is made again, so a full scope archives no more than it must."""
    async with AsyncMemory(f"sqlite:///{tmp_path / 'cap.db'}", settings=make_settings()) as mem:
        await mem.update_settings(user_id="u1", max_memories=3)
        for text in ("I like tea.", "I live in Busan.", "I have a cat."):
            await mem.remember(text, user_id="u1")
        records = await mem.import_memories(
            [{"content": "I like tea."}, {"content": "I play chess."}], user_id="u1")
        assert [r.content for r in records] == ["I like tea.", "I play chess."]
        live = {r.content for r in (await mem.list(user_id="u1")).items}
        # one new memory over the limit of 3: exactly one archived, not two
        assert len(live) == 3 and "I play chess." in live
