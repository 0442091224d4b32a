"""The hot copy of a working log in Redis: what ``RedisWorkingLog`` reads before the durable
log, and writes after it.

Per session scope there are four keys, all carrying the scope key as a hash tag (so a scope's
keys share a cluster slot and one script can touch them together):

* ``…{scope}:s`` — a hash mirroring the durable ``SessionState`` (``n`` turns, ``last`` turn
  time, ``x`` extraction watermark, ``c`` closing mark), or ``absent=1`` for "no session";
* ``…{scope}:t`` — the session's last ``max_turns`` turns (JSON), oldest first; whenever the
  hash exists the list is complete up to that cap;
* ``…{scope}:m`` — the rolling summary (JSON, empty for "none");
* ``…{scope}:x`` — the next-turn selection (a JSON list).

Every key gets the scope's session lifetime as its Redis expiry on each write: Redis evicts
lazily (on access, plus its own sampling), so an idle session costs nothing to expire. The
cache never holds anything the durable log lacks: it is filled from the durable log's answers
only, and an append that finds the copy out of step with the durable turn count drops the
copy instead of guessing (the next read warms it again).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from gieok.domain.scope import Scope, scope_from_key
from gieok.domain.turns import Turn
from gieok.stores.working import SessionState, SummaryState

# Appends the durable log's new turns if the copy is exactly one append behind (its count
# equals the durable count before this append), or creates the copy for a brand-new session.
# Out of step: drop the copy (never guess). KEYS: state, turns.
# ARGV: count before, n, last, x, c, cap, ttl, turn…
_APPEND = """
local cur = redis.call('HGET', KEYS[1], 'n')
if cur == false then
  if ARGV[1] ~= '0' then return 0 end
elseif cur ~= ARGV[1] then
  redis.call('DEL', KEYS[1], KEYS[2])
  return -1
end
if cur == false then redis.call('DEL', KEYS[2]) end
redis.call('RPUSH', KEYS[2], unpack(ARGV, 8))
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[6]), -1)
redis.call('HSET', KEYS[1], 'n', ARGV[2], 'last', ARGV[3], 'x', ARGV[4], 'c', ARGV[5])
redis.call('HDEL', KEYS[1], 'absent')
redis.call('EXPIRE', KEYS[1], ARGV[7])
redis.call('EXPIRE', KEYS[2], ARGV[7])
return 1
"""

# Fills the copy from the durable log unless another writer got there first.
# KEYS: state, turns. ARGV: n, last, x, c, absent, ttl, turn…
_WARM = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[1], 'n', ARGV[1], 'last', ARGV[2], 'x', ARGV[3], 'c', ARGV[4],
           'absent', ARGV[5])
if #ARGV > 6 then redis.call('RPUSH', KEYS[2], unpack(ARGV, 7)) end
redis.call('EXPIRE', KEYS[1], ARGV[6])
redis.call('EXPIRE', KEYS[2], ARGV[6])
return 1
"""

# Mirrors ``WorkingLog.mark`` on the copy (watermark never backwards). KEYS: state, turns.
# ARGV: extracted or '', closed or '', ttl.
_MARK = """
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('HGET', KEYS[1], 'absent') == '1' then
  return 0
end
if ARGV[1] ~= '' and tonumber(ARGV[1]) > tonumber(redis.call('HGET', KEYS[1], 'x')) then
  redis.call('HSET', KEYS[1], 'x', ARGV[1])
end
if ARGV[2] ~= '' then redis.call('HSET', KEYS[1], 'c', ARGV[2]) end
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return 1
"""

# A Lua call takes at most a few thousand arguments: bigger appends just drop the copy.
MAX_SCRIPT_TURNS = 1000
_PARTS = ("s", "t", "m", "x")


@dataclass(frozen=True)
class Cached:
    """A cache answer for a session: its state (None: known to have no turns) and the newest
    turns held (all of them when ``complete``)."""

    state: SessionState | None
    turns: list[Turn]
    complete: bool


class SessionCache:
    """The Redis side of ``RedisWorkingLog``. Methods raise the client's errors: the log
    decides what an unreachable Redis means."""

    def __init__(self, client: Any, *, prefix: str = "gieok:w:", max_turns: int = 500) -> None:
        self.client = client
        self.prefix = prefix
        self.max_turns = max_turns
        self._append = client.register_script(_APPEND)
        self._warm = client.register_script(_WARM)
        self._mark = client.register_script(_MARK)

    def key(self, scope: Scope, part: str) -> str:
        return f"{self.prefix}{{{scope.key()}}}:{part}"

    def _pair(self, scope: Scope) -> list[str]:
        return [self.key(scope, "s"), self.key(scope, "t")]

    # -- turns and session state ------------------------------------------------------------
    async def read(self, scope: Scope, limit: int) -> Cached | None:
        """The copy's state and its last ``limit`` turns in one round trip; None on a miss."""
        state_key, turns_key = self._pair(scope)
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.hgetall(state_key)
            pipe.llen(turns_key)
            pipe.lrange(turns_key, -limit, -1) if limit > 0 else pipe.lrange(turns_key, 1, 0)
            fields, held, raw = await pipe.execute()
        if not fields:
            return None
        state = _state(scope, fields)
        turns = [Turn.model_validate_json(b) for b in raw]
        total = state.turn_count if state is not None else 0
        return Cached(state, turns, complete=held >= total or len(turns) >= limit)

    async def warm(self, scope: Scope, state: SessionState | None, turns: Sequence[Turn],
                   ttl: int) -> None:
        kept = list(turns)[-self.max_turns:]
        if state is None:
            head = ["0", "", "0", "", "1"]
        else:
            head = [*_state_fields(state), ""]
        await self._warm(keys=self._pair(scope),
                         args=[*head, ttl, *(t.model_dump_json() for t in kept)])

    async def append(self, scope: Scope, before: int, state: SessionState,
                     turns: Sequence[Turn], ttl: int) -> int:
        """1: appended; 0: nothing cached (warmed on a later read); -1: out of step, dropped."""
        if len(turns) > MAX_SCRIPT_TURNS:
            await self.client.delete(*self._pair(scope))
            return -1
        args = [str(before), *_state_fields(state), self.max_turns, ttl,
                *(t.model_dump_json() for t in turns)]
        return int(await self._append(keys=self._pair(scope), args=args))

    async def mark(self, scope: Scope, extracted: int | None, closed: int | None,
                   ttl: int) -> None:
        args = ["" if extracted is None else str(extracted),
                "" if closed is None else str(closed), ttl]
        await self._mark(keys=self._pair(scope), args=args)

    # -- summaries and selections -------------------------------------------------------------
    async def get_summary(self, scope: Scope) -> SummaryState | None | bool:
        """The summary, None when the copy knows there is none, False on a miss."""
        raw = await self.client.get(self.key(scope, "m"))
        if raw is None:
            return False
        if not raw:
            return None
        data = json.loads(raw)
        return SummaryState(int(data["covered"]), str(data["last_turn"]), str(data["text"]))

    async def put_summary(self, scope: Scope, summary: SummaryState | None, ttl: int) -> None:
        body = "" if summary is None else json.dumps(
            {"covered": summary.covered, "last_turn": summary.last_turn, "text": summary.text},
            ensure_ascii=False)
        await self.client.set(self.key(scope, "m"), body, ex=ttl)

    async def get_selection(self, scope: Scope) -> list[str] | None:
        raw = await self.client.get(self.key(scope, "x"))
        return None if raw is None else [str(i) for i in json.loads(raw)]

    async def put_selection(self, scope: Scope, ids: Sequence[str], ttl: int) -> None:
        await self.client.set(self.key(scope, "x"), json.dumps(list(ids)), ex=ttl)

    async def drop_part(self, scope: Scope, part: str) -> None:
        await self.client.delete(self.key(scope, part))

    # -- removal ------------------------------------------------------------------------------
    async def drop(self, scopes: Sequence[Scope]) -> None:
        """Delete every key of exactly these scopes."""
        keys = [self.key(s, p) for s in scopes for p in _PARTS]
        for i in range(0, len(keys), 512):
            await self.client.delete(*keys[i:i + 512])

    async def forget(self, scope: Scope) -> int:
        """Delete every key of every scope inside the read scope ``scope``; return keys."""
        gone = 0
        pattern = f"{self.prefix}{{{_glob(scope.tenant)}|*"
        batch: list[str] = []
        async for key in self.client.scan_iter(match=pattern, count=1000):
            name = key.decode() if isinstance(key, bytes) else key
            inner = name[len(self.prefix) + 1:name.rindex("}")]
            if scope.contains(scope_from_key(inner)):
                batch.append(name)
            if len(batch) >= 512:
                gone += await self.client.delete(*batch)
                batch = []
        if batch:
            gone += await self.client.delete(*batch)
        return gone

    async def flush(self) -> int:
        """Delete every key under the prefix (after an outage, or on start)."""
        gone = 0
        batch: list[str] = []
        async for key in self.client.scan_iter(match=_glob(self.prefix) + "*", count=1000):
            batch.append(key)
            if len(batch) >= 512:
                gone += await self.client.delete(*batch)
                batch = []
        if batch:
            gone += await self.client.delete(*batch)
        return gone


def _state_fields(state: SessionState) -> list[str]:
    return [str(state.turn_count), state.last_turn_at.isoformat(), str(state.extracted_count),
            "" if state.closed_count is None else str(state.closed_count)]


def _state(scope: Scope, fields: dict[Any, Any]) -> SessionState | None:
    get = {(k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes)
                                                         else v) for k, v in fields.items()}
    if get.get("absent") == "1":
        return None
    closed = get.get("c", "")
    return SessionState(scope=scope, turn_count=int(get["n"]),
                        last_turn_at=datetime.fromisoformat(get["last"]),
                        extracted_count=int(get["x"]),
                        closed_count=int(closed) if closed else None)


def _glob(text: str) -> str:
    """``text`` with Redis glob characters escaped."""
    return "".join("\\" + c if c in "*?[]\\" else c for c in text)
