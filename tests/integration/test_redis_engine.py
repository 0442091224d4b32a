"""The engine with ``GIEOK_REDIS_URL``: turns reach context() through Redis, per-scope session
lifetimes set the keys' expiry, forget leaves nothing in Redis, and closed sessions' raw turns
expire from both tiers (with or without Redis)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.stores.redis import RedisWorkingLog

pytestmark = [pytest.mark.anyio, pytest.mark.integration]

T0 = datetime(2026, 2, 1, 9, 0, tzinfo=UTC)


async def keys(log: RedisWorkingLog) -> list[str]:
    return sorted([k async for k in log.cache.client.scan_iter(match=log.cache.prefix + "*")])


@pytest.mark.redis
async def test_turns_flow_through_redis_and_forget_leaves_nothing_there(
        redis_factory: Callable[[], Any], db_url: str,
        make_settings: Callable[..., GieokSettings]) -> None:
    server = redis_factory()
    mem = AsyncMemory(db_url, settings=make_settings(redis_url=server.url))
    await mem.add([{"role": "user", "content": "I live in Gangnam-gu"},
                   {"role": "assistant", "content": "Noted."}],
                  user_id="u1", session_id="s1", infer=False)
    await mem.add("강남구 분리배출 알려줘", user_id="u2", session_id="s1", infer=False)
    log = mem.runtime.working
    assert isinstance(log, RedisWorkingLog)
    hits = log.stats.hits
    turns = await mem.recent_turns(user_id="u1", session_id="s1", limit=5)
    assert [t.content for t in turns] == ["I live in Gangnam-gu", "Noted."]
    ctx = await mem.context("where do I live?", user_id="u1", session_id="s1")
    assert [m["content"] for m in ctx.messages] == ["I live in Gangnam-gu", "Noted."]
    assert log.stats.hits > hits and mem.working_cache_stats is log.stats
    # per-scope session lifetime: 2 hours for u1's sessions
    await mem.update_settings(user_id="u1", session_ttl_hours=2)
    await mem.add("one more", user_id="u1", session_id="s2", infer=False)
    ttl = await log.cache.client.ttl(log.cache.key(mem_scope("u1", "s2"), "t"))
    assert 7000 < ttl <= 7200
    await mem.forget(user_id="u1")
    assert all("|u1|" not in k for k in await keys(log))
    assert any("|u2|" in k for k in await keys(log))
    assert await mem.recent_turns(user_id="u1", session_id="s1", limit=5) == []
    await mem.aclose()


def mem_scope(user: str, session: str) -> Any:
    from gieok.domain.scope import Scope

    return Scope(user=user, session=session)


@pytest.mark.parametrize("with_redis", [False, pytest.param(True, marks=pytest.mark.redis)])
async def test_a_closed_sessions_raw_turns_expire_after_its_lifetime(
        with_redis: bool, redis_factory: Callable[[], Any], db_url: str,
        make_settings: Callable[..., GieokSettings]) -> None:
    extra = {"redis_url": redis_factory().url} if with_redis else {}
    mem = AsyncMemory(db_url, settings=make_settings(**extra))
    for session in ("s1", "s2"):
        await mem.add("I adopted a cat named Nabi", user_id="u1", session_id=session,
                      timestamp=T0, infer=False)
    await mem.update_settings(user_id="u1", session_id="s2", retention_days=1,
                              session_ttl_hours=72)
    await mem.add("still talking", user_id="u1", session_id="s3",
                  timestamp=T0 + timedelta(hours=24), infer=False)
    await mem.end_session(user_id="u1", session_id="s1")
    await mem.end_session(user_id="u1", session_id="s2")

    await mem.sweep(now=T0 + timedelta(hours=23), idle_minutes=24 * 60)
    for session in ("s1", "s2", "s3"):
        assert await mem.recent_turns(user_id="u1", session_id=session, limit=5)
    await mem.sweep(now=T0 + timedelta(hours=25), idle_minutes=24 * 60)
    log = mem.runtime.working
    if isinstance(log, RedisWorkingLog):  # gone from Redis as well
        exists = log.cache.client.exists
        assert not await exists(log.cache.key(mem_scope("u1", "s1"), "t"))
        assert not await exists(log.cache.key(mem_scope("u1", "s2"), "s"))
        assert await exists(log.cache.key(mem_scope("u1", "s3"), "t"))
    # 24 h default lifetime for s1; s2's retention (1 day) is shorter than its 72 h lifetime;
    # s3 is still open
    assert await mem.recent_turns(user_id="u1", session_id="s1", limit=5) == []
    assert await mem.recent_turns(user_id="u1", session_id="s2", limit=5) == []
    assert [t.content for t in await mem.recent_turns(user_id="u1", session_id="s3",
                                                      limit=5)] == ["still talking"]
    await mem.aclose()
