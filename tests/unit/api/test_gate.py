"""At most N searches and context assemblies work at once; the rest wait their turn in
arrival order and all are answered; 0 lets everything through."""

from __future__ import annotations

import anyio
import pytest

from gieok.api.gate import RankingGate
from gieok.settings import ApiSettings

pytestmark = pytest.mark.anyio


async def _run(gate: RankingGate, n: int) -> tuple[int, list[int]]:
    inside, most, order = [0], [0], []

    async def request(i: int) -> None:
        await anyio.sleep(0.001 * i)  # arrive in order
        async with gate.slot():
            inside[0] += 1
            most[0] = max(most[0], inside[0])
            order.append(i)
            await anyio.sleep(0.02)
            inside[0] -= 1

    async with anyio.create_task_group() as tg:
        for i in range(n):
            tg.start_soon(request, i)
    return most[0], order


async def test_at_most_the_limit_work_at_once_and_all_are_served_in_order() -> None:
    gate = RankingGate(2)
    most, order = await _run(gate, 8)
    assert most == 2 and order == list(range(8)) and gate.waiting == 0


async def test_zero_is_no_gate() -> None:
    most, order = await _run(RankingGate(0), 6)
    assert most == 6 and sorted(order) == list(range(6))


async def test_a_failing_request_gives_its_slot_back() -> None:
    gate = RankingGate(1)
    with pytest.raises(RuntimeError):
        async with gate.slot():
            raise RuntimeError("search failed")
    with anyio.fail_after(1):
        async with gate.slot():
            pass


def test_the_gate_is_opt_in() -> None:
    assert ApiSettings().max_ranking_in_flight == 0
    assert ApiSettings(max_ranking_in_flight=4).max_ranking_in_flight == 4
