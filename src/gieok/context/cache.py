"""Freshness (C5, seed 002): assembled contexts cached per scope and query.

An entry is reused only while it is younger than ``max_age_s`` (default 3,600 s), none of
the memories it was built from has expired since, and the scopes it read have not changed.
"Changed" is asked of the store, so writes by another process count too: a scope changed
when it holds a record updated at or after the build started (one index-only query), and a
block is stale when any memory it shows is gone (hard deletes leave no updated row behind;
``still_stored`` asks, for the standing memo too).
The key also carries everything else the block depends on: the recent turns, the budget,
the entity/path and the project files.
"""

from __future__ import annotations

import hashlib
import time
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from gieok.domain.context import Context
from gieok.domain.scope import Scope
from gieok.stores.base import Store
from gieok.stores.ops import ChangedOp, RankOp, ReadOp

WRITE_MARGIN = timedelta(seconds=2)


@dataclass
class CacheEntry:
    context: Context
    built_at: datetime  # wall clock when the build started (compared with updated_at)
    monotonic: float
    scopes: tuple[Scope, ...]
    tenant: str
    record_ids: tuple[str, ...]  # the memories the block shows
    expires_at: datetime | None  # earliest expiry among the memories used


def cache_key(*parts: Hashable) -> str:
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()


async def changed_since(store: Store, scope: Scope, since: datetime,
                        margin: timedelta = WRITE_MARGIN) -> bool:
    """Whether ``scope`` holds a record updated at or after ``since - margin``. The margin
    covers a writer that stamped ``updated_at`` just before our build read the store but
    committed just after: its record must still count as a change."""
    [changed] = await store.read([ChangedOp(scope, since - margin)])
    return bool(changed)


def still_stored(tenant: str, ids: Sequence[str]) -> RankOp:
    """The read that says whether records are all still stored (answer with
    ``all_stored``): their scoring columns (``RankOp``, any status), not whole records — a
    cached block and the standing memo only ask whether each id is found, and a ``GetOp``
    decoded every record to say so (~30 µs each on SQLite, where the rows are held in
    memory: stores/sqlite/ranks.py)."""
    return RankOp(tenant, tuple(ids))


def all_stored(ids: Sequence[str], answer: Sequence[Any]) -> bool:
    """Whether ``answer`` (``still_stored(…, ids)``'s) found every one of ``ids``; an id
    asked twice counts once (a store may answer it once or twice)."""
    wanted = set(ids)
    return len({row.id for row in answer} & wanted) == len(wanted)


class ContextCache:
    """A small LRU of assembled contexts; safe to share within one engine."""

    def __init__(self, max_age_s: float = 3600.0, max_entries: int = 256,
                 margin: timedelta = WRITE_MARGIN) -> None:
        self.max_age_s = max_age_s
        self.max_entries = max_entries
        self.margin = margin
        self._entries: OrderedDict[str, CacheEntry] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        self._entries.clear()

    async def get(self, key: str, store: Store, now: datetime) -> CacheEntry | None:
        """The entry for ``key`` if it is still fresh, else ``None`` (and it is dropped)."""
        entry = self._entries.get(key)
        if entry is None or self.max_entries == 0:
            self.misses += 1
            return None
        fresh = (time.monotonic() - entry.monotonic) < self.max_age_s and (
            entry.expires_at is None or now < entry.expires_at
        )
        if fresh:  # every scope's change check and the records in one round trip
            since = entry.built_at - self.margin
            ops: list[ReadOp] = [ChangedOp(scope, since) for scope in entry.scopes]
            if entry.record_ids:
                ops.append(still_stored(entry.tenant, entry.record_ids))
            answers = await store.read(ops)
            fresh = not any(answers[:len(entry.scopes)]) and (
                not entry.record_ids or all_stored(entry.record_ids, answers[-1]))
        if not fresh:
            self._entries.pop(key, None)
            self.misses += 1
            return None
        self._entries.move_to_end(key)
        self.hits += 1
        return entry

    def put(self, key: str, entry: CacheEntry) -> None:
        if self.max_entries == 0 or self.max_age_s == 0:
            return
        self._entries[key] = entry
        self._entries.move_to_end(key)
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)


@dataclass
class _Memo:
    value: Any
    built_at: datetime
    monotonic: float
    valid_until: datetime | None
    ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class MemoProbe:
    """The reads that decide whether a memo is still good — "changed since it was built?"
    and, when it holds records, "are they all still stored?" (a hard delete or a forget
    leaves no changed row: a forgotten pinned allergy must not stay in the block for the
    memo's life) — sent with other reads; ``changed`` reads their answers."""

    since: ChangedOp
    kept: RankOp | None = None

    @property
    def ops(self) -> tuple[ReadOp, ...]:
        return (self.since,) if self.kept is None else (self.since, self.kept)

    def changed(self, answers: Sequence[Any]) -> bool:
        """Whether the memo is stale, from the answers to ``ops`` (in order)."""
        return bool(answers[0]) or (
            self.kept is not None and not all_stored(self.kept.ids, answers[1]))


class ScopeMemo:
    """Per-scope memo of what a context shows whatever the query (pinned facts, skills,
    recent episodes). Validated like cached contexts — one index-only "changed since?"
    query instead of re-reading and re-decoding every standing record on each turn; the
    query can travel with other reads (``probe`` then ``settle``)."""

    def __init__(self, max_age_s: float = 3600.0, max_entries: int = 1024,
                 margin: timedelta = WRITE_MARGIN) -> None:
        self.max_age_s = max_age_s
        self.max_entries = max_entries
        self.margin = margin
        self._entries: OrderedDict[str, _Memo] = OrderedDict()

    async def get(self, scope: Scope, store: Store, now: datetime, key: str = "") -> Any | None:
        """The memo for ``scope`` (or ``key``, when one scope is read several ways) unless
        something in ``scope`` changed since it was built."""
        probe = self.probe(scope, now, key)
        if probe is None:
            return None
        return self.settle(scope, probe.changed(await store.read(list(probe.ops))), key)

    def probe(self, scope: Scope, now: datetime, key: str = "") -> MemoProbe | None:
        """The store read that decides whether the memo for ``scope``/``key`` is still good
        (send it with other reads: ``context()`` batches it with its first ones), or ``None``
        when there is no memo to ask about (none, too old, or one of its records expired —
        then it is dropped). Answer with ``settle``."""
        key = key or scope.key()
        memo = self._entries.get(key)
        if memo is None:
            return None
        if (time.monotonic() - memo.monotonic) >= self.max_age_s or (
                memo.valid_until is not None and now >= memo.valid_until):
            self._entries.pop(key, None)
            return None
        return MemoProbe(ChangedOp(scope, memo.built_at - self.margin),
                         still_stored(scope.tenant, memo.ids) if memo.ids else None)

    def settle(self, scope: Scope, changed: bool, key: str = "") -> Any | None:
        """The memo after its ``probe`` was answered: ``None`` (and dropped) if ``changed``."""
        key = key or scope.key()
        memo = self._entries.get(key)
        if memo is None or changed:
            self._entries.pop(key, None)
            return None
        self._entries.move_to_end(key)
        return memo.value

    def put(self, scope: Scope, value: Any, built_at: datetime,
            valid_until: datetime | None, key: str = "", ids: tuple[str, ...] = ()) -> None:
        """``ids``: the stored records ``value`` shows (checked on each ``probe``)."""
        if self.max_entries == 0 or self.max_age_s == 0:
            return
        key = key or scope.key()
        self._entries[key] = _Memo(value, built_at, time.monotonic(), valid_until, ids)
        self._entries.move_to_end(key)
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)
