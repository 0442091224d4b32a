"""Diversity among the top candidates (R4): near-duplicate removal, then MMR.

Both work on the memories' words (lower-cased word sets compared by Jaccard overlap), so
they need no vectors from the store and cost microseconds for a few dozen candidates.
Near-duplicates — the same fact stored twice in slightly different words — keep only
their best-scored copy. MMR (maximal marginal relevance) then re-orders the rest so that
each pick trades its score against its overlap with what is already picked:
``λ·score − (1−λ)·max_overlap``; λ = 1 keeps the score order.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TypeVar

T = TypeVar("T")
_WORD = re.compile(r"\w+", re.UNICODE)


@lru_cache(maxsize=131072)
def words(text: str) -> frozenset[str]:
    """The lower-cased word set of ``text``; memoised: a search takes the word sets of its
    ~30 best candidates, and the same memories come back search after search (3/4 of the
    near-duplicate check's time was splitting the same texts again). As many texts as
    search.s other per-text caches (131,072), which fill this one ahead too
    (``read.search.warm_also``): 4,096 were fewer than a 10k-memory scope's texts, so it
    never stayed warm. ~20 MB for 10k memory-sized texts."""
    return frozenset(w.lower() for w in _WORD.findall(text))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 1.0 if a == b else 0.0
    return len(a & b) / len(a | b)


def drop_near_duplicates(
    items: Sequence[T], text: Callable[[T], str], *, threshold: float,
    limit: int | None = None,
) -> list[T]:
    """Keep the first (best) of each group whose word overlap is ≥ ``threshold``; stop once
    ``limit`` are kept (a search needs only its top k, and the check is quadratic)."""
    kept: list[T] = []
    kept_words: list[frozenset[str]] = []
    exact: set[frozenset[str]] = set()
    for item in items:
        if limit is not None and len(kept) >= limit:
            break
        mine = words(text(item))
        if mine in exact or (threshold < 1.0 and any(
                jaccard(mine, other) >= threshold for other in kept_words)):
            continue
        kept.append(item)
        kept_words.append(mine)
        exact.add(mine)
    return kept


def mmr(
    items: Sequence[T], score: Callable[[T], float], text: Callable[[T], str], *,
    lam: float, k: int,
) -> list[T]:
    """Greedy MMR over ``items`` (best first); returns up to ``k`` in pick order."""
    if lam >= 1.0 or len(items) <= 1:
        return list(items[:k])
    pool = list(items)
    sets = {id(item): words(text(item)) for item in pool}
    picked: list[T] = []
    while pool and len(picked) < k:
        def gain(item: T) -> float:
            overlap = max((jaccard(sets[id(item)], sets[id(p)]) for p in picked), default=0.0)
            return lam * score(item) - (1.0 - lam) * overlap

        best = max(pool, key=gain)
        picked.append(best)
        pool.remove(best)
    return picked
