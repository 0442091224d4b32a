"""The write path's plain-Python steps run beside the event loop: the loop keeps answering
while one runs, the steps run one at a time, and what they return is what they returned on
the loop."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import anyio
import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.embedders import HashEmbedder
from gieok.write.cpu_lane import run_beside_loop
from gieok.write.extract.heuristic import HeuristicExtractor

pytestmark = pytest.mark.anyio


def _busy(seconds: float) -> int:
    """Pure-Python work that holds the GIL (no sleep, no I/O) for about ``seconds``."""
    end, n = time.perf_counter() + seconds, 0
    while time.perf_counter() < end:
        n += 1
    return n


async def test_the_loop_keeps_answering_while_a_step_runs() -> None:
    ticks: list[float] = []

    async def ticker() -> None:
        while True:
            ticks.append(time.perf_counter())
            await anyio.sleep(0.005)

    async with anyio.create_task_group() as tg:
        tg.start_soon(ticker)
        await anyio.sleep(0.02)
        before = len(ticks)
        assert await run_beside_loop(lambda: _busy(0.4)) > 0
        during = len(ticks) - before
        tg.cancel_scope.cancel()
    # on the loop the ticker would have stood still for the whole 0.4 s
    assert during >= 5


async def test_steps_run_one_at_a_time_and_raise_where_awaited() -> None:
    inside, most = [0], [0]
    lock = threading.Lock()

    def step() -> str:
        with lock:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        _busy(0.02)
        with lock:
            inside[0] -= 1
        return threading.current_thread().name

    names: list[str] = []

    async def one() -> None:
        names.append(await run_beside_loop(step))

    async with anyio.create_task_group() as tg:
        for _ in range(6):
            tg.start_soon(one)
    assert most[0] == 1 and len(names) == 6
    assert threading.main_thread().name not in names

    def broken() -> None:
        raise ValueError("bad step")

    with pytest.raises(ValueError, match="bad step"):
        await run_beside_loop(broken)


async def test_add_extracts_beside_the_loop_and_stores_the_same(
        tmp_path: Path, settings: GieokSettings, monkeypatch: pytest.MonkeyPatch) -> None:
    where: list[bool] = []
    original = HeuristicExtractor.extract_sync

    def extract_sync(self: HeuristicExtractor, *args: object, **kwargs: object) -> object:
        where.append(threading.current_thread() is threading.main_thread())
        return original(self, *args, **kwargs)  # type: ignore[arg-type]

    chat = [{"role": "user", "content": "I adopted a dog named Bori last week."},
            {"role": "assistant", "content": "Congratulations!"},
            {"role": "user", "content": "I work as a nurse at Seoul Hospital."}]
    monkeypatch.setattr(HeuristicExtractor, "extract_sync", extract_sync)
    async with AsyncMemory(f"sqlite:///{tmp_path / 'a.db'}", settings=settings,
                           embedder=HashEmbedder(256)) as mem:
        result = await mem.add(chat, user_id="u1", session_id="s1")
        assert not result.failures
        found = [r.content for r in (await mem.list(user_id="u1")).items]
    assert where and not any(where)  # every extraction ran off the loop's thread
    assert any("Bori" in c for c in found) and any("nurse" in c for c in found)
