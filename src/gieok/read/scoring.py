"""The mixed score (R2), pure: relevance, event-time recency, importance and recent use.

``score = w_sim·relevance + w_time·exp(−λ·age_days) + w_imp·importance + w_use·use
+ w_query_time·query_time + w_query_speaker·speaker`` where ``age_days`` is measured from the memory's *event time*
(W13) to ``now`` (or ``as_of``), ``use = 2^(−days_since_last_use / half_life)`` and
``query_time`` says how well the event time fits a date the query names (``temporal.py``;
0 for every memory when the query names none) and ``speaker`` is 1 for a turn said by a
person the query names (``speakers.py``). Every part is returned for explanation (C8).
"""

from __future__ import annotations

import math
from collections.abc import Sequence, Set as AbstractSet
from datetime import datetime, timedelta, timezone
from typing import Protocol

import numpy as np

from gieok.domain.query import ScoreParts
from gieok.read.temporal import TimeWindow, time_match
from gieok.settings import ScoringSettings

_DAY = 86400.0
_EPOCH, _NAIVE_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc), datetime(1970, 1, 1)
_MICROSECOND = timedelta(microseconds=1)
_EXACT_MICROS = 2**53  # a difference of microseconds a float holds exactly


def recency(event_time: datetime, now: datetime, decay_lambda: float) -> float:
    age_days = max(0.0, (now - event_time).total_seconds() / _DAY)
    return math.exp(-decay_lambda * age_days)


def use_boost(last_used_at: datetime | None, now: datetime, half_life_days: float) -> float:
    if last_used_at is None:
        return 0.0
    days = max(0.0, (now - last_used_at).total_seconds() / _DAY)
    return 0.5 ** (days / half_life_days)


class Scorable(Protocol):
    """What the mixed score reads of a memory: a ``MemoryRecord`` or a search's ``RankRow``."""

    @property
    def event_time(self) -> datetime: ...
    @property
    def importance(self) -> float: ...
    @property
    def last_used_at(self) -> datetime | None: ...


def speaker_of(memory: object) -> str | None:
    """Who said it: ``RankRow.speaker``, or a record's ``metadata["speaker"]``."""
    if hasattr(memory, "speaker"):
        return memory.speaker  # type: ignore[no-any-return]
    metadata = getattr(memory, "metadata", None) or {}
    value = metadata.get("speaker")
    return None if value is None else str(value)


def mixed_terms(
    memory: Scorable, relevance: float, now: datetime, weights: ScoringSettings,
    windows: Sequence[TimeWindow] = (), names: AbstractSet[str] = frozenset(),
) -> tuple[float, float, float, float, float]:
    """``(total, recency, use, query_time, speaker)`` as plain floats: search scores every
    candidate this way and builds ``ScoreParts`` only for the hits it returns. ``names``:
    the speakers the query names (``speakers.named_speakers``)."""
    rec = recency(memory.event_time, now, weights.decay_lambda)
    use = use_boost(memory.last_used_at, now, weights.use_half_life_days)
    when = time_match(
        memory.event_time, list(windows), after_days=weights.query_time_after_days,
        before_days=weights.query_time_before_days,
    ) if windows else 0.0
    who = 1.0 if names and speaker_of(memory) in names else 0.0
    total = (
        weights.w_sim * relevance
        + weights.w_time * rec
        + weights.w_imp * memory.importance
        + weights.w_use * use
        + weights.w_query_time * when
        + weights.w_query_speaker * who
    )
    return total, rec, use, when, who


def mixed_score(
    memory: Scorable, relevance: float, now: datetime, weights: ScoringSettings,
    windows: Sequence[TimeWindow] = (), names: AbstractSet[str] = frozenset(),
) -> tuple[float, ScoreParts]:
    total, rec, use, when, who = mixed_terms(memory, relevance, now, weights, windows, names)
    return total, ScoreParts(relevance=relevance, recency=rec, importance=memory.importance,
                             use=use, query_time=when, speaker=who)


def micros(moment: datetime) -> int:
    """Microseconds since the epoch, exactly: the difference of two of them is the
    microseconds of the ``timedelta`` between the two moments."""
    return (moment - (_NAIVE_EPOCH if moment.tzinfo is None else _EPOCH)) // _MICROSECOND


def mixed_totals(
    memories: Sequence[Scorable], relevances: Sequence[float], now: datetime,
    weights: ScoringSettings, windows: Sequence[TimeWindow] = (),
    names: AbstractSet[str] = frozenset(),
) -> list[float]:
    """``mixed_terms(m, r, …)[0]`` of each memory and its relevance, as array operations over
    the candidate set: a search scores ~80 candidates and keeps 10, and per-candidate calls
    were a twentieth of its time. The same float operations in the same order (ages from
    whole microseconds, ``math.exp`` for the decay), so every total has the bits
    ``mixed_terms`` gives it."""
    n = len(memories)
    if n == 0:
        return []
    now_us = micros(now)
    ages = now_us - np.fromiter((micros(m.event_time) for m in memories), np.int64, n)
    if int(np.abs(ages).max()) >= _EXACT_MICROS:  # beyond a float's exact integers
        return [mixed_terms(m, r, now, weights, windows, names)[0]
                for m, r in zip(memories, relevances, strict=True)]
    days = np.maximum(ages / 1e6 / _DAY, 0.0)
    exp = math.exp
    rec = np.array([exp(x) for x in (-weights.decay_lambda * days).tolist()])
    use = np.array([use_boost(m.last_used_at, now, weights.use_half_life_days)
                    if m.last_used_at is not None else 0.0 for m in memories])
    window_list = list(windows)
    when = np.array([time_match(m.event_time, window_list,
                                after_days=weights.query_time_after_days,
                                before_days=weights.query_time_before_days)
                     for m in memories]) if windows else np.zeros(n)
    who = np.array([1.0 if speaker_of(m) in names else 0.0 for m in memories]) \
        if names else np.zeros(n)
    importance = np.fromiter((m.importance for m in memories), np.float64, n)
    total = (
        weights.w_sim * np.asarray(relevances, dtype=np.float64)
        + weights.w_time * rec
        + weights.w_imp * importance
        + weights.w_use * use
        + weights.w_query_time * when
        + weights.w_query_speaker * who
    )
    return total.tolist()  # type: ignore[no-any-return]
