"""Working-log contract for "use in the next turn" selections: every ``WorkingLog`` keeps one
list per session scope, consumes exactly what it is told, and forgets them with the scope."""

from __future__ import annotations

import pytest

from gieok.domain.scope import Scope
from gieok.stores.working import WorkingLog

pytestmark = pytest.mark.anyio

S1 = Scope(org="acme", user="u1", session="s1")
S2 = Scope(org="acme", user="u1", session="s2")
OTHER = Scope(org="other", user="u1", session="s1")


async def test_selection_is_per_session_and_replaced_whole(working_log: WorkingLog) -> None:
    assert await working_log.selection(S1) == []
    await working_log.put_selection(S1, ["a", "b", "a"])
    await working_log.put_selection(S2, ["c"])
    await working_log.put_selection(OTHER, ["z"])
    assert await working_log.selection(S1) == ["a", "b"]  # order kept, duplicates once
    assert await working_log.selection(S2) == ["c"]
    assert await working_log.selection(OTHER) == ["z"]
    await working_log.put_selection(S1, ["b"])
    assert await working_log.selection(S1) == ["b"]
    await working_log.put_selection(S1, [])
    assert await working_log.selection(S1) == []


async def test_consume_removes_only_the_given_ids(working_log: WorkingLog) -> None:
    await working_log.put_selection(S1, ["a", "b", "c"])
    await working_log.consume_selection(S1, ["a", "c", "never-selected"])
    assert await working_log.selection(S1) == ["b"]
    await working_log.consume_selection(S1, ["b"])
    assert await working_log.selection(S1) == []
    await working_log.consume_selection(S1, ["b"])  # nothing left: still fine
    assert await working_log.selection(S2) == []


async def test_forget_removes_selections_inside_its_scope_only(working_log: WorkingLog) -> None:
    await working_log.put_selection(S1, ["a"])
    await working_log.put_selection(S2, ["b"])
    await working_log.put_selection(OTHER, ["z"])
    await working_log.forget(S1)
    assert await working_log.selection(S1) == []
    assert await working_log.selection(S2) == ["b"]
    await working_log.forget(Scope(org="acme", user="u1"))
    assert await working_log.selection(S2) == []
    assert await working_log.selection(OTHER) == ["z"]
