"""Search orchestration (R1–R4): dense + full-text candidates → fusion (``_fuse``) → mixed
score (with the query's own dates, ``temporal.py``) → near-duplicate removal and MMR → top k.

One store round trip (``RankedOp``), each of its reads as small as it can be: the dense and
full-text lists; the scoring columns of every fused candidate (``RankRow``: a few columns,
no ``MemoryRecord``s); whole records only for the hits returned. Building ~100 validated
records per search used to cost more than the search itself, and the three reads as three
round trips cost ~1.7 ms of a 14 ms search at 10k memories (docs/benchmarks.md). Fusion
and scoring run inside the read (``_Ranker``), between its second and third part.

One hit per conversation turn (``fold``, what ``search()`` asks for): a fact extracted from
a turn says what the archived turn says, and a long turn's passages are one turn; showing
both spends two of the caller's k places on one piece of evidence. A hit whose source turns
are all shown already (by a better hit) is folded into it — the shown hit keeps its own
provenance (``source_turn_ids``), and the next candidate takes the freed place (one more
``GetOp`` only when something was folded). Memories with no source turns never fold. A
session's episode folds nothing under it: it summarises every turn of its session and shows
none of them (folding under it hid the session's turns: LoCoMo dev, turns and facts found
at 10, 0.762 → 0.812 without it; docs/benchmarks.md "Through add(), session 14").
"""

from __future__ import annotations

import heapq
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import NamedTuple, TypeVar

from gieok.domain.query import Candidate, Filter, RankRow, ScoredMemory, ScoreParts, View
from gieok.domain.records import Layer, MemoryRecord
from gieok.domain.scope import Scope
from gieok.embedders.base import Embedder, similarity_range
from gieok.read.answer import asks_when, holds_time
from gieok.read.calibration import hangul_share, language_offsets, pair_offset
from gieok.read.diversity import drop_near_duplicates, mmr, words
from gieok.read.expansion import expansion_query, merge_expansion
from gieok.read.frames import fulltext_text
from gieok.read.gate import Gate
from gieok.read.fusion import Fused, calibrated_fusion, rrf, score_fusion
from gieok.read.kinds import instruction_share, kind_shares, query_families, text_families
from gieok.read.learned import OrderModel, Signals, absent_rank, asks, reorder, shipped_model
from gieok.read.persons import named_persons, other_share, person_shares
from gieok.read.phatic import says_nothing
from gieok.read.provenance import lend_turn_relevance
from gieok.read.replies import reply_lifts
from gieok.read.scoring import mixed_terms, mixed_totals
from gieok.read.speech import about_asking, asking_share
from gieok.read.speakers import SPEAKER_DEPTH, named_speakers, without_names
from gieok.read.temporal import TimeWindow, time_match, time_windows
from gieok.settings import ScoringSettings
from gieok.stores.base import Capability, Store
from gieok.stores.ops import DenseOp, FulltextOp, RankedOp, ReadOp


async def _candidate_ops(
    embedder: Embedder, scope: Scope, query: str, *, n: int, filters: Filter | None,
    view: View, weights: ScoringSettings, dense_text: str | None = None,
) -> tuple[list[str], list[DenseOp | FulltextOp]]:
    """The candidate reads (named: dense, fulltext and its expansion) a search makes;
    ``dense_text``: what the dense list searches for (the query when None)."""
    names: list[str] = []
    ops: list[DenseOp | FulltextOp] = []
    if weights.dense_weight > 0:
        vector = await embedder.embed_query(query if dense_text is None else dense_text)
        names.append("dense")
        ops.append(DenseOp(scope, vector, n, filters, view))
    if weights.fulltext_weight > 0:
        text = fulltext_text(query)  # without a word that only says the answer's kind
        names.append("fulltext")
        ops.append(FulltextOp(scope, text, n, filters, view))
        extra = expansion_query(text) if weights.expansion_weight > 0 else None
        if extra is not None:
            names.append("expanded")
            ops.append(FulltextOp(scope, extra, n, filters, view))
    return names, ops


def _named_lists(names: Sequence[str], found: Sequence[list[Candidate]],
                 weights: ScoringSettings, n: int
                 ) -> tuple[dict[str, list[Candidate]], _Expansion]:
    """The candidate lists by name (the expansion merged into full text), and what the
    query's expansion alone found (``_Expansion``)."""
    lists = dict(zip(names, found, strict=True))
    expansion = _Expansion()
    if "expanded" in lists:
        expanded = lists.pop("expanded")
        own = {c.id for c in lists["fulltext"]}
        expansion = _Expansion(max((c.score for c in expanded), default=0.0),
                               frozenset(c.id for c in expanded if c.id not in own))
        lists["fulltext"] = merge_expansion(lists["fulltext"], expanded,
                                            weights.expansion_weight, n)
    return lists, expansion


class _Expansion(NamedTuple):
    """What the query's expansion alone found: its best BM25 at full weight (what the merged
    full-text list is scaled by at least, with ``expansion_scaled``) and the candidates no
    word of the query's own matched (``fusion.cap_expansion``)."""

    best: float = 0.0
    only: frozenset[str] = frozenset()


class _Scored(NamedTuple):
    total: float
    item: Fused
    row: RankRow
    reply: float = 0.0  # what the total gained as a question's reply (replies.py)
    far: bool = False  # ranked too deep for the "who" lift (speakers.SPEAKER_DEPTH)
    learned: float = 0.0  # how far the learned order moved the total (learned.py)


def _order_key(scored: _Scored) -> tuple[float, datetime, str, str]:
    # Ties go to the memory written first, then to its text: never to the random id, so a
    # ranking does not change when the same data is written again.
    return (-scored.total, scored.row.created_at, scored.row.content_hash, scored.row.id)


async def hybrid_search(
    store: Store,
    embedder: Embedder,
    scope: Scope,
    query: str,
    *,
    k: int,
    filters: Filter | None,
    view: View,
    weights: ScoringSettings,
    now: datetime,
    min_relevance: float = 0.0,
    fold: bool = False,
    learned: bool = False,
    gate: Gate | None = None,
) -> list[ScoredMemory]:
    """The best ``k`` by the mixed score among candidates whose fused relevance reaches
    ``min_relevance`` (the caller's ``threshold``: 0 keeps every candidate); ``fold``: one
    hit per source turn (module docstring); ``learned``: the first candidates re-ordered by
    the shipped learned order (read/learned.py); ``gate``: a read batched with the first
    ranking that may close the search (``Gate``)."""
    n = max(weights.candidates, k)
    at = view.as_of or now
    windows = time_windows(query, at) if weights.w_query_time > 0 else []

    async def ranked(dense_text: str, gate: Gate | None = None
                     ) -> tuple[_Ranker, list[MemoryRecord]] | None:
        names, ops = await _candidate_ops(embedder, scope, query, n=n, filters=filters,
                                          view=view, weights=weights, dense_text=dense_text)
        if not ops:
            return None
        ranker = _Ranker(names, query, k=k, n=n, fold=fold, min_relevance=min_relevance,
                         weights=weights, embedder=embedder, at=at, windows=windows,
                         rarity=Capability.FULLTEXT_RARITY in store.capabilities,
                         model=shipped_model() if learned else None)
        # One round trip: candidates, scoring columns, picked records (RankedOp), the gate's read
        batch: list[ReadOp] = [RankedOp(scope.tenant, tuple(ops), ranker)]
        out = await store.read(batch + [gate.op] if gate is not None else batch)
        if gate is not None and not gate.allows(out[1]):
            return None
        return ranker, out[0]

    done = await ranked(query, gate)
    if done is None:
        return []
    ranker, records = done
    # The speakers the query names, found among its candidates, leave the dense query
    # (speakers.without_names): one more embedding and read, only for such a query.
    if weights.dense_without_names and weights.dense_weight > 0 and ranker.named:
        plain = without_names(query, ranker.named)
        if plain != query:
            again = await ranked(plain)
            if again is not None:
                ranker, records = again
    picked, terms = ranker.picked, ranker.terms
    if terms is None or not picked:
        return []
    first = _explained(picked, {r.id: r for r in records}, terms)
    if not fold:
        return first
    return await _hydrate_folded(store, scope.tenant, [*picked, *ranker.rest], k, terms,
                                 first)


class _Ranker:
    """The ranking half of a search's ``RankedOp`` (``stores.ops.Ranker``), run inside the
    store's read: fuse the candidate lists (``candidates``), then score, order and diversify
    the fused candidates on their ``RankRow``s and pick the hits to return (``pick``)."""

    def __init__(self, names: Sequence[str], query: str, *, k: int, n: int, fold: bool,
                 min_relevance: float, weights: ScoringSettings, embedder: Embedder,
                 at: datetime, windows: Sequence[TimeWindow], rarity: bool,
                 model: OrderModel | None = None) -> None:
        self.names, self.query, self.k, self.n, self.fold = names, query, k, n, fold
        self.model = model
        self.min_relevance, self.weights, self.embedder = min_relevance, weights, embedder
        self.at, self.windows, self.rarity = at, windows, rarity
        self.fused: list[Fused] = []
        self.lists: dict[str, list[Candidate]] = {}
        self.expansion = _Expansion()
        self.picked: list[_Scored] = []
        self.rest: list[_Scored] = []  # the kept candidates after ``picked`` (for folding)
        self.terms: _Terms | None = None
        self.named: frozenset[str] = frozenset()  # the speakers the query names

    def held(self, rows: Sequence[RankRow], /) -> None:
        """The store has just read a whole scope's rows (``stores.ops.Ranker``, optional):
        their texts' features are worked out ahead of the searches that will rank them
        (``warm_features``; above 50,000 texts only with ``scoring.warm_large_scopes``)."""
        warm_features(rows, limit=WARM_LARGE_MAX_TEXTS if self.weights.warm_large_scopes
                      else WARM_MAX_TEXTS)

    def candidates(self, found: Sequence[list[Candidate]], /) -> list[str]:
        # Every candidate's row, fused afterwards (``pick``): a candidate's language sets its
        # dense scale, and a turn that says nothing of its own keeps a share of its
        # relevance, both before the threshold cut.
        self.lists, self.expansion = _named_lists(self.names, found, self.weights, self.n)
        return list(dict.fromkeys(c.id for found in self.lists.values() for c in found))

    def _fused(self, rows: Mapping[str, RankRow]) -> list[Fused]:
        """The candidates fused on their calibrated scales, pleasantries ranked down, cut at
        ``min_relevance``."""
        weights, lists = self.weights, self.lists
        offsets = language_offsets(self.embedder) if weights.language_calibration \
            and weights.fusion == "calibrated" and weights.dense_floor is None \
            and "dense" in lists else None
        shift: dict[str, float] | None = None
        asked = hangul_share(self.query)
        across = weights.across_languages > 0 and weights.fusion == "calibrated" \
            and "dense" in lists
        # each candidate's Hangul share, looked up once for the three uses below
        shares = [(r.id, hangul_share(r.content)) for r in rows.values()] \
            if offsets is not None or across or self.expansion.only else []
        if offsets is not None:
            by_share: dict[float, float] = {}  # most candidates share a few Hangul shares
            shift = {}
            for rid, share in shares:
                moved = by_share.get(share)
                if moved is None:
                    moved = by_share[share] = pair_offset(asked, share, offsets)
                shift[rid] = moved
        # how far full text cannot read each candidate: its other language (fusion.read_across)
        unread = {rid: gap for rid, share in shares
                  if (gap := weights.across_languages * abs(asked - share)) > 0.0} \
            if across else None
        languages: dict[str, bool] | None = None
        if self.expansion.only:  # the candidates in the query's own language
            korean = asked >= 0.5
            languages = {rid: (share >= 0.5) == korean for rid, share in shares}
        fused = _fuse(lists, weights, self.embedder, self.n, rarity=self.rarity, shift=shift,
                      expansion=self.expansion, languages=languages, unread=unread)
        asking = weights.asking_relevance if not about_asking(self.query) else 1.0
        if weights.pleasantry_relevance < 1.0 or asking < 1.0:
            _rank_down_turns(fused, rows, weights.pleasantry_relevance, asking)
        if weights.timeless_relevance < 1.0 and asks_when(self.query):
            _rank_down_timeless(fused, rows, weights.timeless_relevance)
        if weights.instruction_relevance < 1.0 or weights.family_relevance < 1.0:
            _rank_down_kinds(fused, rows, self.query, weights)
        if weights.person_relevance < 1.0:
            _rank_down(fused, person_shares(
                {f.id: row.content for f in fused if (row := rows.get(f.id))}, self.query,
                person=weights.person_relevance))
        families = query_families(self.query) if weights.lend_family else frozenset()
        if (weights.lend_turn_relevance or families) and lend_turn_relevance(
                fused, rows, share=weights.lend_share, families=families,
                every=weights.lend_turn_relevance):
            fused.sort(key=lambda f: (-f.relevance, f.id))
        return [f for f in fused if f.relevance >= self.min_relevance]

    def pick(self, found: Sequence[RankRow], /) -> list[str]:
        rows = {r.id: r for r in found}
        self.fused = self._fused(rows)
        if not self.fused:
            return []
        weights, k, at, windows = self.weights, self.k, self.at, self.windows
        self.named = named_speakers(self.query, (rows[f.id].speaker for f in self.fused
                                                 if f.id in rows)) \
            if weights.w_query_speaker > 0 or weights.dense_without_names else frozenset()
        names = self.named if weights.w_query_speaker > 0 else frozenset()
        pairs = [(item, row) for item in self.fused if (row := rows.get(item.id)) is not None]
        totals = mixed_totals([row for _, row in pairs], [item.relevance for item, _ in pairs],
                              at, weights, windows, names)
        scored = [_Scored(total, item, row)
                  for total, (item, row) in zip(totals, pairs, strict=True)]
        if names:
            scored = _bound_speaker_lift(scored, names, weights.w_query_speaker)
        scored.sort(key=_order_key)
        if weights.lift_replies:
            scored = _lift_replies(scored)
        if self.model is not None:
            scored = self._learned(scored, self.model, names)
        pool = k if weights.mmr_lambda >= 1.0 else max(3 * k, 30)  # MMR re-orders a wider pool
        spare = FOLD_SPARE * k if self.fold else 0  # places folded hits free are refilled from here
        kept = drop_near_duplicates(scored, _text, threshold=weights.near_duplicate,
                                    limit=pool + spare)
        self.picked = mmr(kept[:pool], lambda s: s.total, _text, lam=weights.mmr_lambda, k=k)
        self.terms = _Terms(at, weights, windows, names)
        if self.fold:
            chosen = {id(s) for s in self.picked}
            self.rest = [s for s in kept if id(s) not in chosen]
        return [s.row.id for s in self.picked]


    def _learned(self, scored: list[_Scored], model: OrderModel, names: frozenset[str]
                 ) -> list[_Scored]:
        """``scored`` (best first) with its first ``model.depth`` re-ordered by the learned
        order, their totals moved into the range they were re-ordered in (learned.py)."""
        head = scored[:model.depth]
        if len(head) < 2:
            return scored
        weights, windows = self.weights, list(self.windows)
        only = self.expansion.only
        after, before = weights.query_time_after_days, weights.query_time_before_days
        signals = []
        for s in head:  # attribute reads hoisted: this runs on every search (~50 candidates)
            row, item = s.row, s.item
            raw, ranks = item.raw, item.ranks
            signals.append(Signals(
                row.id, s.total, item.relevance, raw.get("dense"), ranks.get("dense"),
                raw.get("fulltext"), ranks.get("fulltext"), row.id in only, s.reply > 0,
                bool(names) and row.speaker in names,
                time_match(row.event_time, windows, after_days=after, before_days=before)
                if windows else 0.0,
                row.layer == ARCHIVE, row.content, row.event_time, row.importance))
        floor = scored[len(head)].total if len(scored) > len(head) else None
        order, totals = reorder(signals, model, floor=floor, absent=absent_rank(self.n))
        moved = []
        for i, t in zip(order, totals, strict=True):
            s = head[i]
            moved.append(_Scored(t, s.item, s.row, s.reply, s.far, t - s.total))
        return [*moved, *scored[len(head):]]


def _rank_down_turns(fused: list[Fused], rows: Mapping[str, RankRow], pleasantry: float,
                     asking: float) -> None:
    """Archived turns ranked down by what they do, in place, re-ordered: a turn with no word
    of its own ("thanks!", "반갑습니다! 어떤 도움이 필요하세요?", read/phatic.py) keeps
    ``pleasantry`` of its relevance; a turn that asks (read/speech.py) keeps ``asking`` of it,
    one that partly asks a share in proportion."""
    moved = False
    for item in fused:
        row = rows.get(item.id)
        if row is None or row.layer != ARCHIVE:
            continue
        share = pleasantry if pleasantry < 1.0 and says_nothing(row.content, None) else 1.0
        if asking < 1.0:
            share *= 1.0 - (1.0 - asking) * asking_share(row.content)
        if share < 1.0:
            item.relevance *= share
            moved = True
    if moved:  # fusion returns them in this order already
        fused.sort(key=lambda f: (-f.relevance, f.id))


def _rank_down_timeless(fused: list[Fused], rows: Mapping[str, RankRow], share: float
                        ) -> None:
    """For a query that asks when: the candidates that name no time keep ``share`` of their
    relevance, in place, re-ordered — they cannot hold the answer (read/answer.py)."""
    moved = False
    for item in fused:
        row = rows.get(item.id)
        if row is not None and not holds_time(row.content):
            item.relevance *= share
            moved = True
    if moved:
        fused.sort(key=lambda f: (-f.relevance, f.id))


def _rank_down_kinds(fused: list[Fused], rows: Mapping[str, RankRow], query: str,
                     weights: ScoringSettings) -> None:
    """Standing instructions, and candidates of no family the query names, ranked down in
    place, re-ordered (read/kinds.py)."""
    shares = kind_shares({f.id: row.content for f in fused if (row := rows.get(f.id))},
                         query, instruction=weights.instruction_relevance,
                         family=weights.family_relevance)
    if shares:
        for item in fused:
            item.relevance *= shares.get(item.id, 1.0)
        fused.sort(key=lambda f: (-f.relevance, f.id))


def _rank_down(fused: list[Fused], shares: Mapping[str, float]) -> None:
    """Each candidate's relevance times its share (1 when absent), in place, re-ordered."""
    if shares:
        for item in fused:
            item.relevance *= shares.get(item.id, 1.0)
        fused.sort(key=lambda f: (-f.relevance, f.id))


def _bound_speaker_lift(scored: list[_Scored], names: frozenset[str], lift: float
                        ) -> list[_Scored]:
    """The "who" lift taken back from the turns that, by everything else, rank below the
    first ``SPEAKER_DEPTH`` places (``speakers.py``)."""
    if len(scored) <= SPEAKER_DEPTH:
        return scored
    named = [s.row.speaker in names for s in scored]
    unlifted = [s.total - lift * n for s, n in zip(scored, named, strict=True)]
    cut = heapq.nlargest(SPEAKER_DEPTH, unlifted)[-1]
    return [s._replace(total=s.total - lift, far=True) if n and u < cut else s
            for s, n, u in zip(scored, named, unlifted, strict=True)]


def _lift_replies(scored: list[_Scored]) -> list[_Scored]:
    """``scored`` (best first) with the replies to its top question turns raised to just
    under them (``replies.py``), in order again."""
    lifts = reply_lifts([(s.total, s.row) for s in scored])
    if not lifts:
        return scored
    out = [s._replace(total=lifts[s.row.id], reply=lifts[s.row.id] - s.total)
           if s.row.id in lifts else s for s in scored]
    out.sort(key=_order_key)
    return out


class _Terms(NamedTuple):
    """What the mixed score of a hit is computed with (for its explanation)."""

    at: datetime
    weights: ScoringSettings
    windows: Sequence[TimeWindow]
    names: frozenset[str]


ARCHIVE = "archive"  # RankRow.layer of an archived turn (Layer.ARCHIVE)
FOLD_SPARE = 2  # candidates beyond k kept ready per k, for the places folding frees


async def _hydrate_folded(store: Store, tenant: str, order: Sequence[_Scored], k: int,
                          terms: _Terms, first: Sequence[ScoredMemory]
                          ) -> list[ScoredMemory]:
    """``order``'s hits (``first``: those of its first ``k``, already read) until ``k`` hits
    each bring a source turn no better hit brought (or have none): the folded ones give
    their place to the next candidates, read then."""
    out: list[ScoredMemory] = []
    shown: set[str] = set()  # turns shown, by themselves or by a fact from them
    said: set[str] = set()  # turns shown by themselves (an archived turn or its passage)
    start = 0
    batch: Sequence[ScoredMemory] | None = first
    while len(out) < k and start < len(order):
        part = order[start:start + k - len(out)]
        start += len(part)
        hits = batch if batch is not None else await _hydrate(store, tenant, part, terms)
        batch = None
        for hit in hits:
            sources = set(hit.record.source_turn_ids)
            turn = hit.record.layer is Layer.ARCHIVE
            # a turn folds under a fact from it or under itself; a fact folds only under its
            # turn — two facts from one turn are two facts ("Hi, I'm Alex. I love basketball":
            # the name shown first hid the interests when search asked for memories only)
            if sources and sources <= (shown if turn else said):
                continue
            if hit.record.layer != Layer.EPISODIC:  # a summary shows no turn's own words
                shown |= sources
                if turn:
                    said |= sources
            out.append(hit)
    return out


async def _hydrate(store: Store, tenant: str, picked: Sequence[_Scored], terms: _Terms
                   ) -> list[ScoredMemory]:
    """Whole records and score explanations (C8) for ``picked``, in their order."""
    records = {r.id: r for r in await store.get(tenant, [s.row.id for s in picked])}
    return _explained(picked, records, terms)


def _explained(picked: Sequence[_Scored], records: Mapping[str, MemoryRecord], terms: _Terms
               ) -> list[ScoredMemory]:
    """``picked`` with their records and score explanations (C8), in order. A record
    deleted since its row was read is left out."""
    out: list[ScoredMemory] = []
    for hit in picked:
        item, row = hit.item, hit.row
        record = records.get(row.id)
        if record is None:
            continue
        _, rec, use, when, who = mixed_terms(row, item.relevance, terms.at, terms.weights,
                                             terms.windows, terms.names)
        who = 0.0 if hit.far else who
        parts = ScoreParts(relevance=item.relevance, recency=rec, importance=row.importance,
                           use=use, query_time=when, speaker=who, reply=hit.reply,
                           learned=hit.learned,
                           dense=item.raw.get("dense"),
                           fulltext=item.raw.get("fulltext"),
                           dense_rank=item.ranks.get("dense"),
                           fulltext_rank=item.ranks.get("fulltext"))
        out.append(ScoredMemory(record=record, score=hit.total, parts=parts))
    return out


def _fuse(lists: dict[str, list[Candidate]], weights: ScoringSettings,
          embedder: Embedder, depth: int, *, rarity: bool = True,
          shift: dict[str, float] | None = None, expansion: _Expansion | None = None,
          languages: dict[str, bool] | None = None,
          unread: dict[str, float] | None = None) -> list[Fused]:
    """The lists fused as ``weights.fusion`` says; calibrated fusion with each candidate's
    dense ``shift`` (read/calibration.py), the ``expansion``'s cap among the candidates
    in the query's own language (``languages``: True for those) and the model deciding
    where full text cannot read a candidate (``unread``; read/fusion.py)."""
    list_weights = {"dense": weights.dense_weight, "fulltext": weights.fulltext_weight}
    if weights.fusion == "rrf":
        return rrf(lists, weights=list_weights, k=weights.rrf_k)
    if weights.fusion == "score":
        return score_fusion(lists, weights=list_weights)
    scale = similarity_range(embedder)
    floor, ceiling = scale or (0.0, 1.0)
    found = expansion or _Expansion()
    # the cap's margin is on the calibrated scale: none for a model without one
    margin = weights.expansion_margin if scale is not None else None
    return calibrated_fusion(
        lists, weights=list_weights,
        dense_floor=float(floor if weights.dense_floor is None else weights.dense_floor),
        dense_ceiling=float(ceiling if weights.dense_ceiling is None else weights.dense_ceiling),
        fulltext_scale=weights.fulltext_scale, depth=depth, rarity=rarity, dense_shift=shift,
        fulltext_top=found.best if weights.expansion_scaled else 0.0, expansion_only=found.only,
        expansion_margin=margin, same_language=languages, unread=unread,
        unlisted=weights.unlisted_share)


def _text(scored: _Scored) -> str:
    return scored.row.content


# -- per-text features, worked out ahead ------------------------------------------------------
# Ranking reads a few features of every candidate's text (its Hangul share, how much of it
# instructs, which families and persons it shows, whose clauses it holds, whether it names a
# time): each is cached per text, as a memory comes back for many searches, but a text's
# first search paid for all of them — 50-110 µs a text, ~60-100 candidates a search: at
# 10k memories, unique queries still met mostly new texts, and the few searches whose
# query named a family or a person paid 3-6 ms more (their p95; docs/benchmarks.md "Search
# latency, session 16"). So when a store reads a scope's rows whole, the features of their
# texts are worked out once on a thread, through the same cached functions (nothing else
# changes: the values are the functions' own), in short slices that let searches run.
# Scopes above ``WARM_MAX_TEXTS`` are filled ahead only with ``scoring.warm_large_scopes``
# (its memory and CPU: settings.py), and never above the caches' size (131,072 texts each:
# more would evict what was filled).
WARM_MAX_TEXTS = 50_000
WARM_LARGE_MAX_TEXTS = 131_072
_WARM_SLICE = 16  # texts between GIL hand-offs (~1-2 ms)
_warming: list[threading.Thread] = []
_warm_lock = threading.Lock()
_ALSO: list[Callable[[str], object]] = []  # other per-text caches of a memory's text


_F = TypeVar("_F", bound=Callable[[str], object])


def warm_also(fn: _F) -> _F:
    """Have ``warm_features`` fill ``fn`` too: a per-text cache (pure, thread-safe: an
    ``lru_cache``) that a later step reads of every memory's text, e.g. context()'s
    near-duplicate word sets. Returns ``fn`` (a decorator)."""
    _ALSO.append(fn)
    return fn


warm_also(words)  # near-duplicates and MMR read every kept candidate's word set
warm_also(asks)  # the learned order reads whether each of its first candidates asks


def warm_features(rows: Iterable[RankRow], *, limit: int = WARM_MAX_TEXTS
                  ) -> threading.Thread | None:
    """Work out the per-text features ranking reads of ``rows`` on a daemon thread (none
    for no rows or more than ``limit``, at most ``WARM_LARGE_MAX_TEXTS``); the thread, for
    those who wait on it."""
    texts = [(row.content, row.layer == ARCHIVE) for row in rows]
    if not texts or len(texts) > min(limit, WARM_LARGE_MAX_TEXTS):
        return None
    thread = threading.Thread(target=_warm, args=(texts,), daemon=True, name="gieok-features")
    with _warm_lock:
        _warming[:] = [t for t in _warming if t.is_alive()]
        _warming.append(thread)
    thread.start()
    return thread


def _warm(texts: Sequence[tuple[str, bool]]) -> None:
    also = tuple(_ALSO)
    for start in range(0, len(texts), _WARM_SLICE):
        for text, archived in texts[start:start + _WARM_SLICE]:
            hangul_share(text)
            instruction_share(text)
            text_families(text)
            named_persons(text)
            other_share(text)
            holds_time(text)
            if archived:
                asking_share(text)
            for fn in also:
                fn(text)
        time.sleep(0)  # hand the GIL to a waiting search


def wait_for_features(timeout: float | None = None) -> bool:
    """Block until the features being worked out are done (benchmarks time searches after
    it, as after the store's other reads ahead); whether they are."""
    with _warm_lock:
        threads = list(_warming)
    for thread in threads:
        thread.join(timeout)
    return not any(t.is_alive() for t in threads)
