"""Working-log contract: every ``WorkingLog`` in the ``working_log`` fixture (each store's own,
and standalone ones such as Redis) behaves the same here."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from gieok.domain.scope import Scope
from gieok.domain.turns import Turn
from gieok.stores.working import SummaryState, WorkingLog

pytestmark = pytest.mark.anyio

T0 = datetime(2024, 3, 1, 9, 0, tzinfo=UTC)
S1 = Scope(user="u1", session="s1")
S2 = Scope(user="u1", session="s2")
OTHER = Scope(user="u2", session="s1")
ACME = Scope(org="acme", user="u1", session="s1")


def turns(*texts: str, at: datetime = T0, role: str = "user") -> list[Turn]:
    return [Turn(role=role, content=t, at=at + timedelta(seconds=i))  # type: ignore[arg-type]
            for i, t in enumerate(texts)]


async def test_is_a_working_log(working_log: WorkingLog) -> None:
    assert isinstance(working_log, WorkingLog)
    await working_log.setup()  # idempotent on an open log


async def test_append_counts_turns_and_returns_the_state(working_log: WorkingLog) -> None:
    first = await working_log.append(S1, turns("a", "b"))
    assert (first.scope, first.turn_count, first.extracted_count) == (S1, 2, 0)
    assert first.last_turn_at == T0 + timedelta(seconds=1) and first.is_open
    second = await working_log.append(S1, turns("c", at=T0 + timedelta(minutes=5)))
    assert second.turn_count == 3 and second.last_turn_at == T0 + timedelta(minutes=5)
    # an older turn arriving late does not move the last turn time back
    late = await working_log.append(S1, turns("d", at=T0 - timedelta(days=1)))
    assert late.turn_count == 4 and late.last_turn_at == T0 + timedelta(minutes=5)
    assert await working_log.state(S1) == late
    assert await working_log.state(S2) is None


async def test_append_refuses_no_turns(working_log: WorkingLog) -> None:
    with pytest.raises(ValueError):
        await working_log.append(S1, [])
    assert await working_log.state(S1) is None


async def test_recent_returns_the_last_turns_oldest_first(working_log: WorkingLog) -> None:
    await working_log.append(S1, turns("t0", "t1", "t2"))
    await working_log.append(S1, turns("t3", "t4", role="assistant"))
    await working_log.append(S2, turns("other session"))
    got = await working_log.recent(S1, limit=3)
    assert [t.content for t in got] == ["t2", "t3", "t4"]
    assert [t.role for t in got] == ["user", "assistant", "assistant"]
    assert got[0] == (await working_log.recent(S1, limit=10))[2]  # ids, times, metadata kept
    assert await working_log.recent(S1, limit=0) == []
    assert await working_log.recent(OTHER, limit=5) == []


async def test_turns_keep_every_field(working_log: WorkingLog) -> None:
    turn = Turn(role="user", content="강남구에 살아요 [PHONE]", at=T0, name="민지",
                metadata={"pii": ["phone"], "n": 2})
    await working_log.append(ACME, [turn])
    assert await working_log.recent(ACME, limit=1) == [turn]
    assert await working_log.recent(Scope(user="u1", session="s1"), limit=1) == []  # tenant


async def test_mark_moves_the_watermark_forward_only(working_log: WorkingLog) -> None:
    await working_log.append(S1, turns("a", "b", "c"))
    await working_log.mark(S1, extracted=2)
    assert (await working_log.state(S1)).extracted_count == 2  # type: ignore[union-attr]
    await working_log.mark(S1, extracted=1)
    assert (await working_log.state(S1)).extracted_count == 2  # type: ignore[union-attr]
    await working_log.mark(S1, closed=3)
    state = await working_log.state(S1)
    assert state is not None and state.closed_count == 3 and not state.is_open
    reopened = await working_log.append(S1, turns("d"))
    assert reopened.is_open and reopened.closed_count == 3 and reopened.extracted_count == 2
    await working_log.mark(S2, extracted=5)  # an unknown session: nothing happens
    assert await working_log.state(S2) is None


async def test_idle_lists_open_sessions_oldest_first(working_log: WorkingLog) -> None:
    await working_log.append(S1, turns("old", at=T0))
    await working_log.append(S2, turns("newer", at=T0 + timedelta(hours=1)))
    await working_log.append(OTHER, turns("newest", at=T0 + timedelta(hours=2)))
    await working_log.append(Scope(user="u3"), turns("no session level", at=T0))
    cutoff = T0 + timedelta(hours=1, minutes=30)
    assert [s.scope for s in await working_log.idle(cutoff, limit=10)] == [S1, S2]
    assert [s.scope for s in await working_log.idle(cutoff, limit=1)] == [S1]
    await working_log.mark(S1, closed=1)
    assert [s.scope for s in await working_log.idle(cutoff, limit=10)] == [S2]


async def test_summary_round_trip(working_log: WorkingLog) -> None:
    assert await working_log.summary(S1) is None
    first = SummaryState(covered=4, last_turn="t3", text="사용자는 강남구에 산다.")
    await working_log.put_summary(S1, first)
    assert await working_log.summary(S1) == first
    second = SummaryState(covered=8, last_turn="t7", text="longer summary")
    await working_log.put_summary(S1, second)
    assert await working_log.summary(S1) == second
    assert await working_log.summary(S2) is None


async def test_forget_removes_everything_inside_the_scope_only(working_log: WorkingLog) -> None:
    await working_log.append(S1, turns("a", "b"))
    await working_log.append(S2, turns("c"))
    await working_log.append(OTHER, turns("keep me"))
    await working_log.put_summary(S1, SummaryState(1, "a", "summary"))
    assert await working_log.forget(Scope(user="u1")) == 3
    assert await working_log.recent(S1, limit=5) == [] and await working_log.state(S1) is None
    assert await working_log.state(S2) is None and await working_log.summary(S1) is None
    assert await working_log.idle(T0 + timedelta(days=1), limit=10) == [
        await working_log.state(OTHER)]
    assert [t.content for t in await working_log.recent(OTHER, limit=5)] == ["keep me"]


async def test_delete_turns_removes_only_those_turns_and_their_sessions_summary(
    working_log: WorkingLog,
) -> None:
    first = turns("I live in Busan", "nice", at=T0)
    await working_log.append(S1, first)
    await working_log.append(S2, turns("other session", at=T0))
    await working_log.append(OTHER, turns("someone else", at=T0))
    await working_log.put_summary(S1, SummaryState(covered=1, last_turn="x", text="Busan"))
    await working_log.put_summary(S2, SummaryState(covered=1, last_turn="y", text="kept"))
    outside = Scope(org="acme", session="s1")  # another tenant: nothing there
    assert await working_log.delete_turns(outside, [first[0].id]) == 0
    assert await working_log.delete_turns(Scope(session="s1"), [first[0].id, "nope"]) == 1
    assert [t.content for t in await working_log.recent(S1, limit=10)] == ["nice"]
    assert [t.content for t in await working_log.recent(S2, limit=10)] == ["other session"]
    assert [t.content for t in await working_log.recent(OTHER, limit=10)] == ["someone else"]
    assert await working_log.summary(S1) is None  # it may have quoted the deleted turn
    assert await working_log.summary(S2) is not None
    assert await working_log.delete_turns(S1, []) == 0


async def test_closed_lists_closed_sessions_oldest_first(working_log: WorkingLog) -> None:
    await working_log.append(S1, turns("old", at=T0))
    await working_log.append(S2, turns("newer", at=T0 + timedelta(hours=1)))
    await working_log.append(OTHER, turns("still open", at=T0))
    await working_log.append(Scope(user="u3"), turns("no session level", at=T0))
    late = T0 + timedelta(days=1)
    assert await working_log.closed(late, limit=10) == []
    for scope in (S2, S1, Scope(user="u3")):
        await working_log.mark(scope, closed=1)
    assert [s.scope for s in await working_log.closed(late, limit=10)] == [S1, S2]
    assert [s.scope for s in await working_log.closed(late, limit=1)] == [S1]
    assert [s.scope for s in await working_log.closed(T0 + timedelta(minutes=30),
                                                      limit=10)] == [S1]
    await working_log.append(S1, turns("reopened", at=T0 + timedelta(minutes=1)))
    assert [s.scope for s in await working_log.closed(late, limit=10)] == [S2]


async def test_drop_removes_exactly_the_given_scopes(working_log: WorkingLog) -> None:
    below = Scope(user="u1", persona="p", session="s1")  # inside S1 as a read scope
    for scope in (S1, S2, below):
        await working_log.append(scope, turns("a", "b"))
        await working_log.put_summary(scope, SummaryState(1, "a", "summary"))
        await working_log.put_selection(scope, ["m"])
    assert await working_log.drop([S1, S1]) == 2
    assert await working_log.recent(S1, limit=5) == [] and await working_log.state(S1) is None
    assert await working_log.summary(S1) is None and await working_log.selection(S1) == []
    for scope in (S2, below):
        assert len(await working_log.recent(scope, limit=5)) == 2
        assert await working_log.summary(scope) is not None
        assert await working_log.selection(scope) == ["m"]
    assert await working_log.drop([]) == 0
    assert await working_log.drop([S2, below]) == 4
    assert await working_log.idle(T0 + timedelta(days=1), limit=10) == []
