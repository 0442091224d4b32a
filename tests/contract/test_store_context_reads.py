"""The working-log reads a store answers inside a read batch (``TurnsOp``, ``SelectionOp``):
what ``context()`` sends with the scope's settings in one round trip. On every store kind,
plain and encrypted, they answer exactly what ``store.working`` answers — the turns opened,
in order, cut to the limit, one scope's only — and batch with other ops in op order."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from gieok.domain.policy import ScopeSettings
from gieok.domain.scope import Scope
from gieok.domain.turns import Turn
from gieok.stores import Store, WriteBatch
from gieok.stores.ops import ChangedOp, SelectionOp, SettingsOp, TurnsOp

pytestmark = pytest.mark.anyio

S1 = Scope(user="u1", session="s1")
S2 = Scope(user="u1", session="s2")
AT = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)


def turns(n: int, who: str) -> list[Turn]:
    return [Turn(role="user" if i % 2 == 0 else "assistant", content=f"{who} turn {i} 한국어",
                 at=AT + timedelta(minutes=i)) for i in range(n)]


async def test_turns_and_selection_read_as_the_working_log_reads_them(store: Store) -> None:
    await store.working.append(S1, turns(5, "one"))
    await store.working.append(S2, turns(2, "two"))
    await store.working.put_selection(S1, ["m2", "m1"])
    for limit in (0, 1, 3, 5, 9):
        [got] = await store.read([TurnsOp(S1, limit)])
        assert got == await store.working.recent(S1, limit=limit)
        assert [t.content for t in got] == [f"one turn {i} 한국어" for i in range(5)][
            5 - min(limit, 5):]
    assert await store.read([SelectionOp(S1), SelectionOp(S2)]) == [["m2", "m1"], []]
    [none] = await store.read([TurnsOp(Scope(user="u1", session="never"), 4)])
    assert none == []


async def test_they_batch_with_other_reads_in_op_order(store: Store) -> None:
    await store.working.append(S1, turns(3, "one"))
    await store.working.put_selection(S1, ["m1"])
    await store.write(WriteBatch(settings=[(S1, ScopeSettings(min_confidence=0.25))]))
    chain, recent, chosen, changed = await store.read([
        SettingsOp((Scope(user="u1"), S1)), TurnsOp(S1, 2), SelectionOp(S1),
        ChangedOp(Scope(user="u1"), AT)])
    assert chain[0] is None and chain[1] is not None and chain[1].min_confidence == 0.25
    assert [t.content for t in recent] == ["one turn 1 한국어", "one turn 2 한국어"]
    assert chosen == ["m1"] and changed is False
