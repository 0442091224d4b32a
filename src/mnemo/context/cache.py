"""Freshness (C5, seed 002): assembled contexts cached per scope and query.

An entry is reused only while it is younger than ``max_age_s`` (default 3,600 s), none of
the memories it was built from has expired since, and the scopes it read have not changed.
"Changed" is asked of the store, so writes by another process count too: a scope changed
when it holds a record updated at or after the build started, or when its record count
moved (hard deletes leave no updated row behind). The key also carries everything else the
block depends on: the recent turns, the budget, the entity/path and the project files.
"""

from __future__ import annotations

import hashlib
import time
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from mnemo.domain.context import Context
from mnemo.domain.query import View, parse_filter
from mnemo.domain.records import Status
from mnemo.domain.scope import Scope
from mnemo.stores.base import Store

_EVERYTHING = View(
    statuses=tuple(s.value for s in Status),
    include_superseded=True,
    now=datetime(1970, 1, 2, tzinfo=UTC),  # nothing counts as expired: see every row
)


@dataclass
class CacheEntry:
    context: Context
    built_at: datetime  # wall clock when the build started (compared with updated_at)
    monotonic: float
    counts: dict[str, int]  # scope key -> record count when built
    scopes: tuple[Scope, ...]
    expires_at: datetime | None  # earliest expiry among the memories used


def cache_key(*parts: Hashable) -> str:
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()


async def scope_count(store: Store, scope: Scope) -> int:
    page = await store.list(scope, filters=None, view=_EVERYTHING, limit=1, offset=0)
    return page.total


async def changed_since(store: Store, scope: Scope, since: datetime) -> bool:
    flt = parse_filter({"updated_at": {"gte": since}})
    page = await store.list(scope, filters=flt, view=_EVERYTHING, limit=1, offset=0)
    return page.total > 0


class ContextCache:
    """A small LRU of assembled contexts; safe to share within one engine."""

    def __init__(self, max_age_s: float = 3600.0, max_entries: int = 256) -> None:
        self.max_age_s = max_age_s
        self.max_entries = max_entries
        self._entries: OrderedDict[str, CacheEntry] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        self._entries.clear()

    async def counts(self, store: Store, scopes: Sequence[Scope]) -> dict[str, int]:
        return {s.key(): await scope_count(store, s) for s in scopes}

    async def get(self, key: str, store: Store, now: datetime) -> CacheEntry | None:
        """The entry for ``key`` if it is still fresh, else ``None`` (and it is dropped)."""
        entry = self._entries.get(key)
        if entry is None or self.max_entries == 0:
            self.misses += 1
            return None
        fresh = (time.monotonic() - entry.monotonic) < self.max_age_s and (
            entry.expires_at is None or now < entry.expires_at
        )
        if fresh:
            for scope in entry.scopes:
                if await changed_since(store, scope, entry.built_at) or \
                        await scope_count(store, scope) != entry.counts.get(scope.key()):
                    fresh = False
                    break
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
