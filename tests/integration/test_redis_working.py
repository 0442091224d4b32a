"""Redis as the working log's L1 over the store's durable log, against a real redis-server:
reads come from Redis, misses re-warm from the store, keys expire with the session
lifetime, an outage (dead or hung Redis) costs the caller nothing, and a Redis that comes
back never serves what it missed meanwhile."""

from __future__ import annotations

import logging
import os
import signal
import time
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from gieok import AsyncMemory
from gieok.domain.scope import Scope
from gieok.domain.turns import Turn
from gieok.stores import open_store
from gieok.stores.redis import RedisWorkingLog
from gieok.stores.working import SummaryState, WorkingLog

pytestmark = [pytest.mark.anyio, pytest.mark.redis, pytest.mark.integration]

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
S1 = Scope(user="u1", session="s1")


def turns(*texts: str, at: datetime = T0) -> list[Turn]:
    return [Turn(role="user", content=t, at=at + timedelta(seconds=i))
            for i, t in enumerate(texts)]


class Counting:
    """Wraps a durable log and counts the calls that reach it."""

    def __init__(self, inner: WorkingLog) -> None:
        self.inner = inner
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Any:
        target = getattr(self.inner, name)
        if not callable(target) or name.startswith("_"):
            return target

        async def call(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(name)
            return await target(*args, **kwargs)

        return call


@pytest.fixture
async def durable(tmp_path: Path) -> AsyncIterator[Counting]:
    store = await open_store(f"sqlite:///{tmp_path / 'w.db'}")
    yield Counting(store.working)
    await store.aclose()


@pytest.fixture
def make_log(durable: Counting, redis_prefix: str) -> Callable[..., RedisWorkingLog]:
    made: list[RedisWorkingLog] = []

    def make(url: str, **kw: Any) -> RedisWorkingLog:
        log = RedisWorkingLog(url, durable, prefix=redis_prefix, **kw)  # type: ignore[arg-type]
        made.append(log)
        return log

    return make


async def redis_keys(log: RedisWorkingLog) -> list[str]:
    return sorted([k async for k in log.cache.client.scan_iter(match=log.cache.prefix + "*")])


async def test_reads_are_answered_by_redis_after_one_fill(
        redis_server: Any, durable: Counting, make_log: Callable[..., RedisWorkingLog]) -> None:
    log = make_log(redis_server.url)
    await log.setup()
    await log.append(S1, turns("a", "b"))  # a new session: copied at once
    await log.put_summary(S1, SummaryState(1, "a", "요약"))
    await log.put_selection(S1, ["m1", "m2"])
    durable.calls.clear()
    for _ in range(3):
        assert [t.content for t in await log.recent(S1, limit=10)] == ["a", "b"]
        assert (await log.state(S1)).turn_count == 2  # type: ignore[union-attr]
        assert (await log.summary(S1)).text == "요약"  # type: ignore[union-attr]
        assert await log.selection(S1) == ["m1", "m2"]
    assert durable.calls == []
    assert log.stats.hits == 12 and log.stats.errors == 0
    # keys carry the session lifetime (24 h by default)
    ttl = await log.cache.client.ttl(log.cache.key(S1, "t"))
    assert 24 * 3600 - 60 < ttl <= 24 * 3600
    await log.aclose()


async def test_a_flushed_redis_refills_from_the_store(
        redis_server: Any, durable: Counting, make_log: Callable[..., RedisWorkingLog]) -> None:
    log = make_log(redis_server.url)
    await log.setup()
    await log.append(S1, turns("one", "two", "three"))
    await log.mark(S1, extracted=2)
    await log.put_summary(S1, SummaryState(2, "two", "first two"))
    await log.cache.client.flushall()
    durable.calls.clear()
    assert [t.content for t in await log.recent(S1, limit=2)] == ["two", "three"]
    assert (await log.state(S1)).extracted_count == 2  # type: ignore[union-attr]
    assert (await log.summary(S1)).text == "first two"  # type: ignore[union-attr]
    assert await log.selection(S1) == []
    assert set(durable.calls) == {"state", "recent", "summary", "selection"}
    durable.calls.clear()  # warmed: the next reads stay in Redis
    assert [t.content for t in await log.recent(S1, limit=5)] == ["one", "two", "three"]
    assert await log.selection(S1) == [] and durable.calls == []
    # a scope nobody wrote is remembered as empty too
    assert await log.state(Scope(user="nobody", session="x")) is None
    assert await log.recent(Scope(user="nobody", session="x"), limit=3) == []
    assert durable.calls == ["state"]
    await log.aclose()


async def test_a_copy_out_of_step_is_dropped_not_trusted(
        redis_server: Any, tmp_path: Path, redis_prefix: str) -> None:
    """Two processes on one store and one Redis; one appends while its Redis calls fail:
    the other's next append sees the copy behind the store and drops it."""
    store = await open_store(f"sqlite:///{tmp_path / 'w.db'}")
    first = RedisWorkingLog(redis_server.url, store.working, prefix=redis_prefix)
    second = RedisWorkingLog(redis_server.url, store.working, prefix=redis_prefix)
    await first.setup()
    await second.setup()
    await first.append(S1, turns("a"))
    await store.working.append(S1, turns("written while Redis was unreachable"))
    assert [t.content for t in await second.recent(S1, limit=5)] == ["a"]  # the stale copy
    await second.append(S1, turns("c"))
    got = [t.content for t in await first.recent(S1, limit=5)]
    assert got == ["a", "written while Redis was unreachable", "c"]
    assert (await first.state(S1)).turn_count == 3  # type: ignore[union-attr]
    for log in (first, second):
        await log.aclose()
    await store.aclose()


async def test_keys_expire_with_the_session_lifetime(
        redis_server: Any, durable: Counting, make_log: Callable[..., RedisWorkingLog]) -> None:
    lifetimes = {"short": 1.5 / 3600, "long": 1.0}

    async def ttl_for(scope: Scope) -> float:
        return lifetimes[scope.session or ""]

    log = make_log(redis_server.url, ttl_for=ttl_for)
    await log.setup()
    short, long = Scope(user="u", session="short"), Scope(user="u", session="long")
    await log.append(short, turns("brief"))
    await log.append(long, turns("lasting"))
    assert await log.cache.client.ttl(log.cache.key(short, "s")) in (1, 2)
    assert 3500 < await log.cache.client.ttl(log.cache.key(long, "s")) <= 3600
    deadline = time.monotonic() + 10
    while await log.cache.client.exists(log.cache.key(short, "t")):
        assert time.monotonic() < deadline, "Redis kept an expired session"
        time.sleep(0.2)
    durable.calls.clear()
    # expired in Redis, still in the durable log: the read falls through and re-warms
    assert [t.content for t in await log.recent(short, limit=5)] == ["brief"]
    assert "recent" in durable.calls
    assert await log.cache.client.exists(log.cache.key(long, "t"))
    await log.aclose()


async def test_forget_and_drop_clear_both_tiers(
        redis_server: Any, durable: Counting, make_log: Callable[..., RedisWorkingLog]) -> None:
    log = make_log(redis_server.url)
    await log.setup()
    keep = Scope(user="u2", session="s1")
    for scope in (S1, Scope(user="u1", session="s2"), keep):
        await log.append(scope, turns("x"))
        await log.put_summary(scope, SummaryState(1, "x", "s"))
        await log.put_selection(scope, ["m"])
    assert await log.forget(Scope(user="u1")) == 2
    left = await redis_keys(log)
    assert left and all("|u2|" in k for k in left)
    assert await log.drop([keep]) == 1
    assert await redis_keys(log) == []
    assert await log.recent(S1, limit=5) == [] and await log.summary(S1) is None
    assert await log.recent(keep, limit=5) == [] and await log.selection(keep) == []
    await log.aclose()


async def test_dead_redis_costs_the_caller_nothing(
        redis_factory: Callable[[], Any], durable: Counting,
        make_log: Callable[..., RedisWorkingLog], caplog: pytest.LogCaptureFixture) -> None:
    server = redis_factory()
    log = make_log(server.url, retry_after_s=0.2, timeout_s=0.3)
    await log.setup()
    await _round(log, S1, "before")
    server.stop()
    with caplog.at_level(logging.WARNING, logger="gieok.redis"):
        await _round(log, S1, "during")  # every call answered, nothing raised
        await _round(log, Scope(user="u9", session="s9"), "new")
    assert not log.stats.up and log.stats.errors >= 1 and log.stats.outages == 1
    assert any("unavailable" in r.getMessage() for r in caplog.records)
    assert len(await durable.inner.recent(S1, limit=100)) == 4  # no turn lost
    server.start()  # back, empty
    time.sleep(0.3)
    await _round(log, S1, "after")
    assert log.stats.up and log.stats.outages == 1
    assert [t.content for t in await log.recent(S1, limit=10)] == [
        "before 1", "before 2", "during 1", "during 2", "after 1", "after 2"]
    durable.calls.clear()
    hits = log.stats.hits
    await log.recent(S1, limit=10)
    assert durable.calls == [] and log.stats.hits == hits + 1  # Redis is used again
    await log.aclose()


async def test_a_hung_redis_that_comes_back_never_serves_what_it_missed(
        redis_factory: Callable[[], Any], durable: Counting,
        make_log: Callable[..., RedisWorkingLog]) -> None:
    server = redis_factory()
    # 1 s, not less: on a loaded machine a healthy Redis can take a few hundred ms to answer,
    # and a write it misses would leave nothing for this test to find stale.
    log = make_log(server.url, retry_after_s=0.2, timeout_s=1.0)
    await log.setup()
    other = Scope(user="u1", session="s2")
    await log.append(S1, turns("forget me", "잊어줘"))
    await log.append(other, turns("kept"))
    assert await log.cache.client.exists(log.cache.key(S1, "t"))
    os.kill(server.proc.pid, signal.SIGSTOP)
    try:
        started = time.monotonic()
        assert await log.forget(S1) == 2  # the store forgets; Redis cannot hear it
        await log.append(other, turns("said while Redis hung"))
        assert time.monotonic() - started < 5
        assert not log.stats.up
    finally:
        os.kill(server.proc.pid, signal.SIGCONT)
    time.sleep(0.3)
    # still holding the forgotten session's keys, Redis is cleared before it is trusted
    assert await log.recent(S1, limit=5) == []
    assert await log.state(S1) is None
    assert [t.content for t in await log.recent(other, limit=5)] == [
        "kept", "said while Redis hung"]
    assert log.stats.up
    assert not await log.cache.client.exists(log.cache.key(S1, "t"))
    await log.aclose()


async def _round(log: RedisWorkingLog, scope: Scope, label: str) -> None:
    """Every working-log call once, checking each answer."""
    before = await log.state(scope)
    count = before.turn_count if before else 0
    state = await log.append(scope, turns(f"{label} 1", f"{label} 2"))
    assert state.turn_count == count + 2
    assert [t.content for t in await log.recent(scope, limit=2)] == [f"{label} 1", f"{label} 2"]
    await log.mark(scope, extracted=state.turn_count)
    assert (await log.state(scope)).extracted_count == state.turn_count  # type: ignore[union-attr]
    await log.put_summary(scope, SummaryState(2, f"{label} 2", f"{label} summary"))
    assert (await log.summary(scope)).text == f"{label} summary"  # type: ignore[union-attr]
    await log.put_selection(scope, ["m1", "m2"])
    await log.consume_selection(scope, ["m1"])
    assert await log.selection(scope) == ["m2"]
