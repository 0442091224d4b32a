"""``RedisWorkingLog``: the working log with Redis as its L1 over a durable log (S3; seed 000's
24 h session state in Redis over PostgreSQL, seed 002's write-through L1/L2 with lazy
eviction).

* Writes go to the durable log first (it is the truth: an acknowledged turn is never only in
  Redis), then through to Redis.
* Reads — recent turns, session state, rolling summary, next-turn selection — are answered by
  Redis; a miss reads the durable log and warms Redis (read-through).
* Every Redis key expires after the scope's session lifetime
  (``ScopeSettings.session_ttl_hours``, 24 h by default) since its last write; Redis evicts
  lazily, so nothing sweeps.
* Redis down, slow or flushed: every call is served by the durable log (slower, never an
  error to the caller, never a lost turn). The first failure logs a warning and counts in
  ``stats``; calls skip Redis for ``retry_after_s`` and then try it again. A Redis that comes
  back may hold a copy that missed writes (or a ``forget``) made meanwhile, so it is cleared
  before it is used again — and cleared on start for the same reason (a process that died
  during an outage cannot tell the others).
* ``idle``/``closed``/``scopes`` are cross-session queries: the durable log answers them.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from gieok.domain.scope import Scope
from gieok.domain.turns import Turn
from gieok.stores import redact_url
from gieok.stores.redis.cache import SessionCache
from gieok.stores.working import SessionState, SummaryState, WorkingLog, require_turns

log = logging.getLogger("gieok.redis")
T = TypeVar("T")
DEFAULT_TTL_HOURS = 24.0
_POLICY_TTL_S = 60.0  # how long a scope's looked-up lifetime is reused


class _Unavailable:
    """What an L1 call returns when Redis could not answer."""


UNAVAILABLE = _Unavailable()


@dataclass
class CacheStats:
    """Counters since start, for logs and ``/metrics``."""

    hits: int = 0
    misses: int = 0
    errors: int = 0  # failed Redis calls (each served by the durable log instead)
    outages: int = 0
    up: bool = True


def connect(url: str, *, timeout_s: float) -> Any:
    """An asyncio Redis client for ``url`` that fails fast (no retries, short timeouts): a
    slow Redis must cost a request milliseconds, not seconds."""
    from gieok.extras import missing_extra

    try:
        import redis.asyncio as aioredis
        from redis.backoff import NoBackoff
        from redis.retry import Retry
    except ImportError as exc:
        raise missing_extra("the Redis working log", "redis", exc) from exc
    return aioredis.Redis.from_url(
        url, decode_responses=True, socket_timeout=timeout_s,
        socket_connect_timeout=timeout_s, retry=Retry(NoBackoff(), 0),
        health_check_interval=0)


def _redis_errors() -> tuple[type[BaseException], ...]:
    from redis.exceptions import RedisError

    return (RedisError, OSError, asyncio.TimeoutError)


class RedisWorkingLog:
    """A ``WorkingLog`` keeping a hot copy of ``durable`` in Redis at ``url``.

    ``ttl_for(scope)`` gives a scope's session lifetime in hours (the engine passes its
    per-scope settings); without it every scope lives ``ttl_hours``.
    """

    default_ttl_hours = DEFAULT_TTL_HOURS

    def __init__(
        self, url: str, durable: WorkingLog, *, ttl_hours: float = DEFAULT_TTL_HOURS,
        ttl_for: Callable[[Scope], Awaitable[float]] | None = None, max_turns: int = 500,
        retry_after_s: float = 2.0, timeout_s: float = 0.5, prefix: str = "gieok:w:",
        client: Any = None,
    ) -> None:
        self.url = url
        self.durable = durable
        self.ttl_hours = ttl_hours
        self.ttl_for = ttl_for
        self.retry_after_s = retry_after_s
        self.stats = CacheStats()
        self.cache = SessionCache(client if client is not None else
                                  connect(url, timeout_s=timeout_s),
                                  prefix=prefix, max_turns=max_turns)
        self._errors = _redis_errors()
        self._down_until = 0.0
        self._stale = True  # cleared before first use: see the module docstring
        self._ttls: dict[str, tuple[float, int]] = {}

    # -- lifecycle ----------------------------------------------------------------------------
    async def setup(self) -> None:
        await self.durable.setup()
        await self._l1(lambda: asyncio.sleep(0))  # clears a stale copy when Redis answers

    async def aclose(self) -> None:
        """Closes the Redis connection; the durable log belongs to its store."""
        await self.cache.client.aclose()

    # -- Redis calls that may fail ---------------------------------------------------------
    async def _l1(self, call: Callable[[], Awaitable[T]]) -> T | _Unavailable:
        if self._down_until > time.monotonic():
            return UNAVAILABLE
        try:
            if self._stale:
                await self.cache.flush()
                self._stale = False
                if not self.stats.up:
                    log.warning("Redis at %s answers again; its copy of the working log was "
                                "cleared and refills as sessions are used", redact_url(self.url))
                self.stats.up = True
            return await call()
        except self._errors as exc:
            self._failed(exc)
            return UNAVAILABLE

    def _failed(self, exc: BaseException) -> None:
        self.stats.errors += 1
        self._stale = True
        self._down_until = time.monotonic() + self.retry_after_s
        if self.stats.up:
            self.stats.up = False
            self.stats.outages += 1
            log.warning("Redis at %s is unavailable (%s: %s); the working log is served from "
                        "the durable store until it answers again", redact_url(self.url),
                        type(exc).__name__, exc)

    async def _ttl(self, scope: Scope) -> int:
        if self.ttl_for is None:
            return max(1, round(self.ttl_hours * 3600))
        now, key = time.monotonic(), scope.key()
        found = self._ttls.get(key)
        if found is not None and found[0] > now:
            return found[1]
        seconds = max(1, round(await self.ttl_for(scope) * 3600))
        if len(self._ttls) > 10_000:
            self._ttls.clear()
        self._ttls[key] = (now + _POLICY_TTL_S, seconds)
        return seconds

    # -- turns and session state --------------------------------------------------------------
    async def append(self, scope: Scope, turns: Sequence[Turn], /) -> SessionState:
        require_turns(turns)
        state = await self.durable.append(scope, turns)
        ttl = await self._ttl(scope)
        before = state.turn_count - len(turns)
        await self._l1(lambda: self.cache.append(scope, before, state, turns, ttl))
        return state

    async def _fill(self, scope: Scope) -> tuple[SessionState | None, list[Turn]]:
        """Read-through: the durable log's state and newest turns, copied into Redis."""
        self.stats.misses += 1
        state = await self.durable.state(scope)
        turns = (await self.durable.recent(scope, limit=self.cache.max_turns)
                 if state is not None else [])
        if not self._down():
            ttl = await self._ttl(scope)
            await self._l1(lambda: self.cache.warm(scope, state, turns, ttl))
        return state, turns

    def _down(self) -> bool:
        return self._down_until > time.monotonic()

    async def recent(self, scope: Scope, /, *, limit: int) -> list[Turn]:
        if limit <= 0:
            return []
        got = await self._l1(lambda: self.cache.read(scope, limit))
        if isinstance(got, _Unavailable):
            return await self.durable.recent(scope, limit=limit)
        if got is None:
            state, turns = await self._fill(scope)
            if state is None or len(turns) >= min(limit, state.turn_count):
                return turns[-limit:]
            return await self.durable.recent(scope, limit=limit)
        if got.complete:
            self.stats.hits += 1
            return got.turns
        return await self.durable.recent(scope, limit=limit)  # older than the copy holds

    async def state(self, scope: Scope, /) -> SessionState | None:
        got = await self._l1(lambda: self.cache.read(scope, 0))
        if isinstance(got, _Unavailable):
            return await self.durable.state(scope)
        if got is None:
            return (await self._fill(scope))[0]
        self.stats.hits += 1
        return got.state

    async def mark(self, scope: Scope, /, *, extracted: int | None = None,
                   closed: int | None = None) -> None:
        await self.durable.mark(scope, extracted=extracted, closed=closed)
        ttl = await self._ttl(scope)
        await self._l1(lambda: self.cache.mark(scope, extracted, closed, ttl))

    async def idle(self, before: datetime, /, *, limit: int) -> list[SessionState]:
        return await self.durable.idle(before, limit=limit)

    async def closed(self, before: datetime, /, *, limit: int) -> list[SessionState]:
        return await self.durable.closed(before, limit=limit)

    async def scopes(self) -> list[Scope]:
        return await self.durable.scopes()

    # -- summaries and selections -------------------------------------------------------------
    async def summary(self, scope: Scope, /) -> SummaryState | None:
        got = await self._l1(lambda: self.cache.get_summary(scope))
        if got is not False and not isinstance(got, _Unavailable):
            self.stats.hits += 1
            return got  # type: ignore[return-value]
        found = await self.durable.summary(scope)
        if got is False:
            self.stats.misses += 1
            ttl = await self._ttl(scope)
            await self._l1(lambda: self.cache.put_summary(scope, found, ttl))
        return found

    async def put_summary(self, scope: Scope, summary: SummaryState, /) -> None:
        await self.durable.put_summary(scope, summary)
        ttl = await self._ttl(scope)
        await self._l1(lambda: self.cache.put_summary(scope, summary, ttl))

    async def selection(self, scope: Scope, /) -> list[str]:
        got = await self._l1(lambda: self.cache.get_selection(scope))
        if isinstance(got, list):
            self.stats.hits += 1
            return got
        found = await self.durable.selection(scope)
        if got is None:
            self.stats.misses += 1
            ttl = await self._ttl(scope)
            await self._l1(lambda: self.cache.put_selection(scope, found, ttl))
        return found

    async def put_selection(self, scope: Scope, ids: Sequence[str], /) -> None:
        await self.durable.put_selection(scope, ids)
        ttl = await self._ttl(scope)
        kept = list(dict.fromkeys(ids))
        await self._l1(lambda: self.cache.put_selection(scope, kept, ttl))

    async def consume_selection(self, scope: Scope, ids: Sequence[str], /) -> None:
        await self.durable.consume_selection(scope, ids)
        await self._l1(lambda: self.cache.drop_part(scope, "x"))  # re-read on next use

    # -- removal ------------------------------------------------------------------------------
    async def drop(self, scopes: Sequence[Scope], /) -> int:
        count = await self.durable.drop(scopes)
        await self._l1(lambda: self.cache.drop(scopes))
        return count

    async def forget(self, scope: Scope, /) -> int:
        count = await self.durable.forget(scope)
        await self._l1(lambda: self.cache.forget(scope))
        return count

    async def delete_turns(self, scope: Scope, ids: Sequence[str], /) -> int:
        """Deleted from the store; every copy inside ``scope`` is dropped (not edited: the
        next read warms it from the store, without the deleted turns and summaries)."""
        count = await self.durable.delete_turns(scope, ids)
        if ids:
            await self._l1(lambda: self.cache.forget(scope))
        return count
