"""Fusion of ranked candidate lists (R1): calibrated scores, min–max scores or reciprocal
rank. Each returns ``relevance`` in [0, 1], best first.

- ``calibrated``: each list's raw scores mapped to [0, 1] on a scale that does not depend on
  the other candidates. Cosine similarity is mapped linearly from the embedder's "unrelated"
  level (``dense_floor``: what texts about different things score with that model) to its
  "same thing" level (``dense_ceiling``), clipped; small differences stay small (cosines
  0.916 and 0.913 are 0.83 and 0.82 for e5, never 1 and 0). BM25 is divided by its best
  hit, and the full-text list's weight is multiplied by its *evidence* (``evidence``): the
  best hit's BM25 over ``fulltext_scale``, or how few of a small scope it matched. When only
  terms that most documents contain matched (a speaker's name in a conversation: their IDF
  is near zero), the evidence is near zero and the full-text weight moves to meaning — full
  text only decides when it can discriminate.
- ``score``: min–max within the returned candidates (BM25 by its best hit). It stretches
  any spread, however small, over [0, 1]: kept for comparison (preset ``minmax``).
- ``rrf``: ranks only, normalised by the best achievable fused score (rank 1 everywhere).

A list with weight 0 only annotates (its ranks and raw scores are kept for explanation).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from gieok.domain.query import Candidate


@dataclass(slots=True)
class Fused:
    id: str
    relevance: float
    ranks: dict[str, int] = field(default_factory=dict)
    raw: dict[str, float] = field(default_factory=dict)


def _annotate(lists: Mapping[str, Sequence[Candidate]]) -> dict[str, Fused]:
    # each candidate's first rank and score in each list (ranks and raw are set together)
    fused: dict[str, Fused] = {}
    for name, candidates in lists.items():
        for rank, cand in enumerate(candidates, start=1):
            item = fused.get(cand.id)
            if item is None:
                fused[cand.id] = Fused(cand.id, 0.0, {name: rank}, {name: cand.score})
            elif name not in item.ranks:
                item.ranks[name] = rank
                item.raw[name] = cand.score
    return fused


def _ordered(fused: dict[str, Fused]) -> list[Fused]:
    return sorted(fused.values(), key=lambda f: (-f.relevance, f.id))


def rrf(
    lists: Mapping[str, Sequence[Candidate]], *, weights: Mapping[str, float], k: float = 60.0
) -> list[Fused]:
    """Fuse named ranked lists by reciprocal rank; returns best first."""
    best = sum(w / (k + 1.0) for name, w in weights.items() if name in lists) or 1.0
    fused = _annotate(lists)
    for item in fused.values():
        total = sum(weights.get(name, 0.0) / (k + rank) for name, rank in item.ranks.items())
        item.relevance = total / best
    return _ordered(fused)


def _rescale(name: str, candidates: Sequence[Candidate]) -> dict[str, float]:
    if not candidates:
        return {}
    scores = [c.score for c in candidates]
    high, low = max(scores), min(scores)
    if name == "fulltext" or high <= low:
        # BM25 is 0 for "no match" by construction: scale by the best hit.
        return {c.id: (c.score / high if high > 0 else 0.0) for c in candidates}
    return {c.id: (c.score - low) / (high - low) for c in candidates}


def _calibrate(name: str, candidates: Sequence[Candidate], dense_floor: float,
               dense_ceiling: float, shift: Mapping[str, float] | None = None,
               fulltext_top: float = 0.0) -> dict[str, float]:
    if not candidates:
        return {}
    if name == "fulltext":
        top = max(max(c.score for c in candidates), fulltext_top, 1e-12)
        return {c.id: max(0.0, c.score) / top for c in candidates}
    span = max(dense_ceiling - dense_floor, 1e-6)
    moved = shift or {}
    return {c.id: _dense_value((c.score - dense_floor - moved.get(c.id, 0.0)) / span)
            for c in candidates}


# Below the "unrelated" level a cosine still orders candidates: a request no memory answers
# ("플라스틱 어디 버려?" to a user whose residence decides it) must keep the model's order,
# not a tie that recency then breaks against the oldest fact. So a candidate under the floor
# keeps a sliver of relevance (at most this much) that follows its cosine.
_BELOW_FLOOR = 1e-3


def _dense_value(scaled: float) -> float:
    if scaled > 0.0:
        return min(1.0, scaled)
    return _BELOW_FLOOR * max(0.0, 1.0 + scaled)


def evidence(fulltext: Sequence[Candidate], dense: Sequence[Candidate], scale: float,
             depth: int, *, rarity: bool = True) -> float:
    """How far the full-text list can be trusted to discriminate, in [0, 1].

    - by magnitude: its best BM25 over ``scale`` (a term most documents contain has an IDF
      near zero — FTS5 clamps it to 1e-6 — so matching only such terms scores near 0);
    - by selectivity: when the dense list holds fewer than ``depth`` candidates it saw the
      whole (filtered) scope, and full text matching only a few of them is selective even
      where BM25 cannot say so (in a tiny store FTS5 gives every term the same near-zero
      IDF).

    ``rarity``: whether the scores weigh terms by rarity at all. PostgreSQL's ``ts_rank``
    does not, so its magnitude says nothing: a scope the dense list saw whole is judged by
    selectivity alone, a larger one keeps full text at its weight.
    """
    if not fulltext:
        return 0.0
    whole = bool(dense) and len(dense) < depth  # the dense list saw the whole scope
    if not rarity:
        magnitude = 0.0 if whole else 1.0
    else:
        magnitude = 1.0 if scale <= 0 else min(1.0, max(c.score for c in fulltext) / scale)
    selectivity = max(0.0, 1.0 - len(fulltext) / len(dense)) if whole else 0.0
    return max(magnitude, selectivity)


def _weighted(fused: dict[str, Fused], lists: Mapping[str, Sequence[Candidate]],
              weights: Mapping[str, float],
              scale: Callable[[str, Sequence[Candidate]], dict[str, float]]) -> list[Fused]:
    total = sum(w for name, w in weights.items() if name in lists) or 1.0
    for name, candidates in lists.items():
        weight = weights.get(name, 0.0)
        if weight <= 0:
            continue
        for rid, value in scale(name, candidates).items():
            fused[rid].relevance += weight * value / total
    return _ordered(fused)


def score_fusion(
    lists: Mapping[str, Sequence[Candidate]], *, weights: Mapping[str, float]
) -> list[Fused]:
    """Fuse named lists by a weighted mean of their min–max rescaled scores."""
    return _weighted(_annotate(lists), lists, weights, _rescale)


def calibrated_fusion(
    lists: Mapping[str, Sequence[Candidate]], *, weights: Mapping[str, float],
    dense_floor: float, dense_ceiling: float, fulltext_scale: float, depth: int,
    rarity: bool = True, dense_shift: Mapping[str, float] | None = None,
    fulltext_top: float = 0.0, expansion_only: AbstractSet[str] = frozenset(),
    expansion_margin: float | None = None, same_language: Mapping[str, bool] | None = None,
    unread: Mapping[str, float] | None = None, unlisted: float = 0.0,
) -> list[Fused]:
    """Fuse named lists by a weighted mean of their calibrated scores, the full-text weight
    scaled by its evidence and the rest given to the dense list (module docstring).
    ``depth`` is how many candidates each list was asked for; ``rarity`` whether full-text
    scores weigh terms by rarity (``evidence``); ``dense_shift``: how far each candidate's
    dense floor and ceiling move (its language pair with the query, read/calibration.py);
    ``fulltext_top``: a BM25 the full-text list is scaled by at least — the query's expansion
    alone at full weight (read/expansion.py): when only added words matched, the best hit is
    not stretched to 1, so an added word keeps counting a fraction of the query's own;
    ``expansion_only``: the candidates full text found through added words alone, which
    never rank above a candidate whose calibrated dense score is ``expansion_margin`` higher,
    both in the query's language (``same_language``, all when None; ``cap_expansion``);
    ``unread``: how far full text cannot read each candidate (``read_across``);
    ``unlisted``: the share of the full-text list's last value a candidate it does not hold
    scores in it when the list is full (``beyond_the_list``)."""
    shifted = dict(weights)
    if "fulltext" in lists and "dense" in lists and shifted.get("dense", 0.0) > 0:
        full = shifted.get("fulltext", 0.0)
        kept = full * evidence(lists["fulltext"], lists["dense"], fulltext_scale, depth,
                               rarity=rarity)
        shifted["fulltext"], shifted["dense"] = kept, shifted["dense"] + full - kept
    fused = _weighted(_annotate(lists), lists, shifted,
                      lambda name, c: _calibrate(name, c, dense_floor, dense_ceiling,
                                                 dense_shift, fulltext_top))
    if unlisted > 0.0:
        fused = beyond_the_list(fused, lists, shifted, depth, unlisted, lambda name, c: _calibrate(
            name, c, dense_floor, dense_ceiling, dense_shift, fulltext_top), only=("fulltext",))
    capped = expansion_margin is not None and bool(expansion_only)
    if not unread and not capped:
        return fused
    dense = _calibrate("dense", lists.get("dense", ()), dense_floor, dense_ceiling, dense_shift)
    if unread:
        total = sum(w for name, w in shifted.items() if name in lists) or 1.0
        text = _calibrate("fulltext", lists.get("fulltext", ()), dense_floor, dense_ceiling,
                          None, fulltext_top)
        read_across(fused, dense, text, unread, shifted.get("fulltext", 0.0) / total)
    if not capped or expansion_margin is None:
        return fused
    own = [f for f in fused if same_language is None or same_language.get(f.id, False)]
    cap_expansion(own, dense, expansion_only, expansion_margin)
    return sorted(fused, key=lambda f: (-f.relevance, f.id))


def beyond_the_list(fused: list[Fused], lists: Mapping[str, Sequence[Candidate]],
                    weights: Mapping[str, float], depth: int, share: float,
                    scale: Callable[[str, Sequence[Candidate]], dict[str, float]],
                    only: Sequence[str] | None = None) -> list[Fused]:
    """A list read to its ``depth`` and full says of a candidate it does not hold only that
    it scores below the list's last; it does not say zero. Each such candidate gets
    ``share`` of the last one's value in that list (at the list's weight), in place,
    re-ordered; ``only``: the lists this applies to (all when None). A list shorter than
    ``depth`` held every match, so there absence stays 0.

    Zero was a cut-off, not a score: the turn "I've been playing one more game with friends
    these days. It's a game to figure out who the impostor is…" is the dense list's first
    for "What is the board game where you have to find the imposter…?", but full text
    ranks it 130th, past the 75 it reads, so its full-text part (0.7 of the weight when full
    text discriminates) was 0 and it ranked below 50 turns that merely say "board game";
    one list's 76th is not the other list's nothing. The learned order reads absence the
    same way: ten places below the last (learned.absent_rank).

    Search applies it to full text only. Full text is the list a cut-off hurts: at 0.7 of
    the weight where it discriminates, its silence outweighs the model's first place, and
    in a conversation its tail is long and flat (common words, the neighbours' text). The
    dense list's last given to full text's other matches lifted word matches the model
    relates to nothing. LoCoMo dev through add(), strict recall@10: 0.8197 off, 0.8279 for
    full text, 0.8250 for both lists, 0.8160 for the dense list alone (docs/benchmarks.md
    "Through add(), session 21")."""
    total = sum(w for name, w in weights.items() if name in lists) or 1.0
    moved = False
    for name, candidates in lists.items():
        weight = weights.get(name, 0.0)
        if (only is not None and name not in only) or weight <= 0.0 or not candidates \
                or len(candidates) < depth:
            continue
        last = candidates[-1].id  # its value as the list scaled it (on the list's best)
        value = share * weight / total * scale(name, candidates).get(last, 0.0)
        if value <= 0.0:
            continue
        for item in fused:
            if name not in item.ranks:
                item.relevance += value
                moved = True
    if moved:
        fused.sort(key=lambda f: (-f.relevance, f.id))
    return fused


def read_across(fused: list[Fused], dense: Mapping[str, float], text: Mapping[str, float],
                unread: Mapping[str, float], share: float) -> list[Fused]:
    """Full text where it cannot read a candidate agrees with the model, in place,
    re-ordered: a candidate in the other language than the query's ("where do I work?" over
    "나 네이버에서 일하거든") shares no word with it but through the lexicon's few
    equivalents (read/expansion.py), so its full-text score says nothing of it, and at full
    text's weight (``share`` of the relevance, 0.7 when it discriminates) that silence
    ranked it under any same-language text sharing the question's one word ("User's sister
    works at Samsung"). There its full-text score counts at least its calibrated dense
    score times ``unread`` (in [0, 1]: how far it is in the other language,
    read/calibration.py ``hangul_share``): the model, which is multilingual, decides.

    Only decides, never overrides: a candidate so lifted ranks just under every candidate
    full text could read whose dense score is higher than its own. The model's
    cosines of unrelated texts across languages reach those of related ones in the same
    language (e5-small: "where do I live?" → "나는 요즘 철분제 먹고 있어" 0.829, → "I'm
    still in Seoul" 0.823), and full text's silence on a text it *can* read is evidence."""
    lifted: dict[str, float] = {}
    for f in fused:
        gap = unread.get(f.id, 0.0)
        if gap <= 0.0:
            continue
        lift = share * (gap * dense.get(f.id, 0.0) - text.get(f.id, 0.0))
        if lift > 0.0:
            lifted[f.id] = lift
    if not lifted:
        return fused
    read = sorted((f for f in fused if f.id not in unread), key=lambda f: -dense.get(f.id, 0.0))
    levels = [dense.get(f.id, 0.0) for f in read]
    lowest: list[float] = []  # lowest relevance among the first i + 1 by dense score
    for f in read:
        lowest.append(min(f.relevance, lowest[-1]) if lowest else f.relevance)
    for f in fused:
        lift = lifted.get(f.id)
        if lift is None:
            continue
        above = _count_above(levels, dense.get(f.id, 0.0))
        ceiling = lowest[above - 1] - _UNDER if above else f.relevance + lift
        f.relevance = max(f.relevance, min(f.relevance + lift, ceiling))
    fused.sort(key=lambda f: (-f.relevance, f.id))
    return fused


_UNDER = 1e-4  # a capped candidate ranks just under the one it may not pass


def _count_above(descending: Sequence[float], level: float) -> int:
    lo, hi = 0, len(descending)
    while lo < hi:
        mid = (lo + hi) // 2
        if descending[mid] > level:
            lo = mid + 1
        else:
            hi = mid
    return lo


# Calibrated dense score from which the model's support counts as strong: cosine 0.809 for
# e5-small, the 90th percentile of unrelated English question → text pairs (docs/benchmarks.md
# "Through add(), session 5").
DENSE_STRONG = 0.3


def cap_expansion(fused: Sequence[Fused], dense: Mapping[str, float],
                  expansion_only: AbstractSet[str], margin: float) -> list[Fused]:
    """A query's expansion (read/expansion.py) may reorder what the model relates about
    equally, never override it: a candidate full text found only through added words gets
    at most the relevance of every candidate whose calibrated dense score beats its own by
    ``margin`` or more and is itself clearly above noise (``DENSE_STRONG``). "language" →
    "spanish" must not lift a turn about translating to Spanish over the turn the model
    clearly relates to "what language do I code in?"; among candidates the model relates to
    nothing, the added word still decides.
    Callers pass the candidates in the query's own language only: across languages the
    model relates little (the dense scale is known less well, read/calibration.py), and
    bridging languages is what the expansion is for ("what am I allergic to?" → 알레르기)."""
    by_dense = sorted(fused, key=lambda f: -dense.get(f.id, 0.0))
    levels = [dense.get(f.id, 0.0) for f in by_dense]
    lowest: list[float] = []  # lowest relevance among the first i + 1 by dense score
    for f in by_dense:
        lowest.append(min(f.relevance, lowest[-1]) if lowest else f.relevance)
    for f in fused:
        if f.id not in expansion_only:
            continue
        # candidates with dense >= own + margin are a prefix of by_dense
        above = _count_at_least(levels, max(dense.get(f.id, 0.0) + margin, DENSE_STRONG))
        if above:
            f.relevance = min(f.relevance, lowest[above - 1])
    return sorted(fused, key=lambda f: (-f.relevance, f.id))


def _count_at_least(descending: Sequence[float], level: float) -> int:
    lo, hi = 0, len(descending)
    while lo < hi:
        mid = (lo + hi) // 2
        if descending[mid] >= level:
            lo = mid + 1
        else:
            hi = mid
    return lo
