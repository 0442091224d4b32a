"""The learned order (R2): the first candidates of a search re-ordered by a small model that
reads the engine's own signals about each of them.

The mixed score adds fixed multiples of a few parts. What it cannot say is how the parts
relate within one search: a turn second by meaning but far down in full text; the best
candidate of the conversation day that has the most candidates; a question ranked high
whose next turn is what was asked; a candidate much below the best cosine of the search.
A linear listwise model (``FEATURES``, ~20 numbers per candidate, each standardised) scores
the first ``depth`` candidates of the engine's order; they are re-ordered by it and the
rest keep their place below them.

The weights are trained by ``scripts/train_ltr.py`` (ListNet top-one loss, plain numpy) on
the engine's own candidates for conversations with labelled evidence turns and ship in
``learned_order.json`` beside this module, with the command that made them;
docs/benchmarks.md has the numbers.

The model corrects the mixed score; it is not a second opinion beside it. A candidate's
score is ``anchor`` times its mixed total plus the model's part, trained that way (L2 on
the part), and the part moves a total by at most ``reach`` either way. Trained free, the
LoCoMo weights ranked a search's candidates mostly by how strong their conversation day
was (that is all of their LoCoMo gain): within one day the mixed total counted for little,
and a named speaker, a memory over a turn or a lower importance decided. On a user's store
of a few days (the product's usual case) clear relevance gaps were overturned: an
unrelated fact from the same day as the best rule came before the second rule. A named
speaker has no weight of its own (the engine's bounded "who" lift is the only one), nor
has full text's score, which each store scales its own way (its rank still counts)
(session 17; scripts/train_ltr.py ``HELD``; tests/unit/read/test_kinds.py,
test_ranking_holds.py, test_speakers.py).

Scores: a re-ordered candidate's ``total`` is moved into the range of the mixed totals it
was re-ordered among (the best total down to the first total below the re-ordered ones),
spread linearly by the model's score, so totals stay in order and on the mixed score's
scale; ``ScoreParts.learned`` says how far it moved.

Cost: one pass over ≤ ``depth`` candidates building a small matrix and one matrix-vector
product (about 0.3 ms for 50 candidates).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from importlib import resources
from typing import Any, NamedTuple

import numpy as np

from gieok.read.replies import is_question

# The signals, in the order the model's weights are stored (names are checked on load).
FEATURES = (
    "total",  # the mixed score (relevance, recency, importance, who, time, reply lift)
    "total_gap",  # its total minus the best total of the search
    "log_rank",  # log(1 + place) in the engine's order
    "relevance",  # fused relevance
    "dense",  # cosine with the query (0 when the dense list did not find it)
    "dense_found",  # 1 when the dense list found it
    "dense_gap",  # its cosine minus the best cosine among the candidates (-0.1 when not found)
    "dense_log_rank",  # log(1 + rank in the dense list), ``absent_rank`` when not in it
    "fulltext",  # its BM25 over the best BM25 among the candidates
    "fulltext_found",  # 1 when full text found it
    "fulltext_log_rank",  # log(1 + rank in the full-text list), ``absent_rank`` when not
    "expansion_only",  # full text found it only through the query's added words
    "reply",  # 1 when it was lifted as the reply to a question ranked above it
    "named",  # 1 when a person the query names said it
    "query_time",  # how well its event time fits a date the query names
    "turn",  # 1 for an archived conversation turn, 0 for a memory
    "log_length",  # log(1 + characters)
    "question",  # 1 when its last sentence asks something
    "day_gap",  # its total minus the best total among candidates of its event day
    "day_log_count",  # log(number of candidates of its event day)
    "importance",
)
DEPTH = 50  # the candidates re-ordered: the engine's first 50
# A list's rank for a candidate it does not hold: ``ABSENT_BEYOND`` places below the list's
# last. The weights were trained on lists read 50 deep (absent: log(61)); read 75 deep with
# absence still at log(61), a candidate a list held at 61-75 read worse than one it did not
# hold at all (LoCoMo dev, session 19: strict recall@10 .8175 → .8200 with absence at
# log(86), docs/benchmarks.md). ``search`` passes the depth it read the lists to.
ABSENT_BEYOND = 10


def absent_rank(depth: int) -> float:
    """The log rank a list read ``depth`` deep gives a candidate it does not hold."""
    return math.log1p(depth + ABSENT_BEYOND)


_ABSENT_RANK = absent_rank(DEPTH)
_WEIGHTS_FILE = "learned_order.json"


class Signals(NamedTuple):
    """What the model reads of one candidate: the engine's order, parts and row (``id``
    only names it, for training: scripts/train_ltr.py)."""

    id: str
    total: float
    relevance: float
    dense: float | None
    dense_rank: int | None
    fulltext: float | None
    fulltext_rank: int | None
    expansion_only: bool
    reply: bool
    named: bool
    query_time: float
    turn: bool
    content: str
    event_time: datetime
    importance: float


@dataclass(frozen=True)
class OrderModel:
    """A linear scorer over standardised ``FEATURES``: ``((x − mean) / scale) · weights +
    anchor · total`` (module docstring)."""

    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    depth: int = DEPTH
    keep: int = 0  # the engine's first places kept as they are (module docstring)
    anchor: float = 0.0  # the weight of the raw mixed total beside the model's part
    reach: float = 0.0  # with an anchor: the most the model's part moves a total (0: no bound)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> OrderModel:
        names = tuple(data["features"])
        if names != FEATURES:
            raise ValueError(f"the model's features {names} are not this engine's {FEATURES}")
        arrays = [np.asarray(data[key], dtype=np.float64) for key in ("mean", "scale", "weights")]
        if any(a.shape != (len(FEATURES),) for a in arrays):
            raise ValueError("the model needs one mean, scale and weight per feature")
        return cls(*arrays, depth=int(data.get("depth", DEPTH)), keep=int(data.get("keep", 0)),
                   anchor=float(data.get("anchor", 0.0)), reach=float(data.get("reach", 0.0)))

    def to_dict(self) -> dict[str, Any]:
        return {"features": list(FEATURES), "depth": self.depth, "keep": self.keep,
                "anchor": self.anchor, "reach": self.reach, "mean": self.mean.tolist(),
                "scale": self.scale.tolist(),
                "weights": self.weights.tolist()}

    def score(self, matrix: np.ndarray) -> np.ndarray:
        part = ((matrix - self.mean) / self.scale) @ self.weights
        if self.reach > 0 and self.anchor > 0 and len(part):
            # in the total's units, centred on the search's middle candidate, bounded
            moved = np.clip(part / self.anchor - np.median(part / self.anchor), -self.reach,
                            self.reach)
            part = self.anchor * moved
        return part + self.anchor * matrix[:, 0]  # type: ignore[no-any-return]


@lru_cache(maxsize=1)
def shipped_model() -> OrderModel:
    """The weights that ship with the package (``learned_order.json``)."""
    text = resources.files("gieok.read").joinpath(_WEIGHTS_FILE).read_text(encoding="utf-8")
    return OrderModel.from_dict(json.loads(text))


def features(signals: Sequence[Signals], *, absent: float = _ABSENT_RANK) -> np.ndarray:
    """The ``FEATURES`` matrix of candidates given in the engine's order (best first);
    ``absent``: a list's log rank for a candidate it does not hold (``absent_rank``).

    Built a row at a time from Python floats, then one array: the same IEEE operations on
    the same numbers as column by column in numpy, so the same bits
    (tests/unit/read/test_learned.py). It runs on every search (read/search.py
    ``_learned``), where ~40 small numpy calls on 50 rows met cold caches: replayed on
    300 searches' inputs with the caches flushed between calls, 0.24-0.29 ms column by
    column, 0.18-0.22 row by row (warm, 0.074-0.077 vs 0.084-0.089; docs/benchmarks.md
    "Search latency, session 23")."""
    n = len(signals)
    if n == 0:
        return np.zeros((0, len(FEATURES)))
    table, last, log1p = _LOG1P, len(_LOG1P), math.log1p
    best = max([s.total for s in signals])
    cosines = [d for s in signals if (d := s.dense) is not None and d == d]  # NaN: not found
    dense_top = max(cosines) if cosines else 0.0
    bm25_top = max(max([s.fulltext or 0.0 for s in signals]), 1e-9)
    days: dict[object, list[float]] = {}  # an event day's candidates' totals
    dates = [s.event_time.date() for s in signals]
    for s, day in zip(signals, dates, strict=True):
        days.setdefault(day, []).append(s.total)
    tops = {day: (max(values), math.log(len(values))) for day, values in days.items()}
    rows = []
    for i, (s, day) in enumerate(zip(signals, dates, strict=True)):
        cosine, dense_rank, fulltext_rank = s.dense, s.dense_rank, s.fulltext_rank
        found = cosine is not None and cosine == cosine
        day_top, day_count = tops[day]
        rows.append((
            s.total, s.total - best, table[i] if i < last else log1p(i), s.relevance,
            cosine if found else 0.0, found, cosine - dense_top if found else -0.1,
            (table[dense_rank] if dense_rank < last else log1p(dense_rank))
            if dense_rank else absent,
            (s.fulltext or 0.0) / bm25_top, fulltext_rank is not None,
            (table[fulltext_rank] if fulltext_rank < last else log1p(fulltext_rank))
            if fulltext_rank else absent,
            s.expansion_only, s.reply, s.named, s.query_time, s.turn,
            log1p(len(s.content)), asks(s.content), s.total - day_top, day_count,
            s.importance))
    return np.array(rows, dtype=np.float64)


_LOG1P = tuple(math.log1p(i) for i in range(256))  # a rank's log, looked up


@lru_cache(maxsize=131072)
def asks(text: str) -> bool:
    """``replies.is_question``, cached per text: the same memories come back search after
    search, and search works it out ahead for a scope's texts (``read.search.warm_also``)."""
    return is_question(text)


def reorder(signals: Sequence[Signals], model: OrderModel, *, floor: float | None = None,
            absent: float = _ABSENT_RANK) -> tuple[list[int], list[float]]:
    """The order of ``signals`` (the engine's first candidates, best first) by ``model``:
    their indices best first and each one's new total (same order). The first
    ``model.keep`` keep their place and total; the others are ordered by the model's score
    and their totals spread linearly by it from the best of theirs down to ``floor`` (the
    next total below them; the lowest of theirs when None); ``absent``: ``features``'."""
    n = len(signals)
    keep = min(model.keep, n)
    kept = list(range(keep))
    if n - keep < 2:
        return list(range(n)), [s.total for s in signals]
    scores = model.score(features(signals, absent=absent))
    # best score first, ties in the engine's order (a stable sort of the negated scores)
    order = (np.argsort(-scores[keep:], kind="stable") + keep).tolist()
    totals = [s.total for s in signals]
    high = max(totals[i] for i in order)
    low = min(totals) if floor is None else floor
    top, bottom = float(scores[order[0]]), float(scores[order[-1]])
    span = top - bottom
    if span <= 0 or high <= low:
        return [*kept, *order], [totals[i] for i in (*kept, *order)]
    # strictly inside (low, high] so the candidates after them keep their place below
    width = (high - low) * (1 - 1e-9)
    spread = high - width * (top - scores[order]) / span
    return [*kept, *order], [*(totals[i] for i in kept), *spread.tolist()]
