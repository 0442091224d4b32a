"""Search end to end on a real store: dates in the query, near-duplicates, explanations."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.domain.query import Candidate, RankRow, ScoredMemory, View
from gieok.domain.records import MemoryRecord, utcnow
from gieok.domain.scope import Scope
from gieok.embedders.hashing import HashEmbedder
from gieok.evaluation.bench_corpus import memory_texts, query_texts
from gieok.read import search as search_module
from gieok.read.diversity import drop_near_duplicates, mmr
from gieok.read.scoring import mixed_score
from gieok.read.search import hybrid_search
from gieok.read.speakers import named_speakers
from gieok.read.temporal import time_windows
from gieok.settings import ScoringSettings
from gieok.stores import open_store
from gieok.stores.base import Capability, Store, WriteBatch, WriteResult
from gieok.stores.ops import GetOp, RankedOp, Ranker, ReadOp

pytestmark = pytest.mark.anyio


async def test_a_date_in_the_query_boosts_what_happened_then(
    store_url: str, settings: GieokSettings
) -> None:
    async with AsyncMemory(store_url, settings=settings) as mem:
        may = await mem.remember("Went to the pottery class with Jun.", user_id="u1",
                                 timestamp="2023-05-09T10:00:00Z")
        await mem.remember("Went to the pottery class with Mina.", user_id="u1",
                           timestamp="2023-09-02T10:00:00Z")
        hits = await mem.search("pottery class in May 2023", user_id="u1", k=2)
        assert hits[0].record.id == may.id
        assert hits[0].parts.query_time == 1.0 and hits[1].parts.query_time < 0.01
        plain = await mem.search("pottery class", user_id="u1", k=2)
        assert all(h.parts.query_time == 0.0 for h in plain)


async def test_identical_wording_is_returned_once(
    store_url: str, make_settings  # type: ignore[no-untyped-def]
) -> None:
    settings = make_settings(scoring=ScoringSettings(near_duplicate=0.8))
    async with AsyncMemory(store_url, settings=settings) as mem:
        await mem.remember("User lives in Gangnam-gu, Seoul", user_id="u1")
        await mem.remember("user lives in Gangnam-gu Seoul!", user_id="u1")
        await mem.remember("User is allergic to peanuts", user_id="u1")
        hits = await mem.search("where does the user live", user_id="u1", k=3)
        contents = [h.record.content for h in hits]
        assert sum("Gangnam" in c for c in contents) == 1


async def test_rrf_and_score_fusion_both_explain_themselves(
    store_url: str, make_settings  # type: ignore[no-untyped-def]
) -> None:
    for fusion in ("rrf", "score"):
        settings = make_settings(scoring=ScoringSettings(fusion=fusion))
        async with AsyncMemory(store_url, settings=settings) as mem:
            await mem.remember("The cat needs thyroid medication twice a day", user_id="u2")
            hits = await mem.search("cat medication", user_id="u2", k=1)
            parts = hits[0].parts
            assert parts.fulltext_rank == 1 and parts.dense_rank == 1
            assert 0.0 < parts.relevance <= 1.0
            await mem.forget(user_id="u2")


class OpLog(Store):
    """A real store underneath; records every read op that reaches it."""

    def __init__(self, inner: Store) -> None:
        self.inner, self.ops = inner, []  # type: list[list[ReadOp]]
        self.asked: list[list[str]] = []  # what RankedOp rankers asked for, in order
        self.capabilities = inner.capabilities
        self.working, self.queue, self.tokens = inner.working, inner.queue, inner.tokens

    @classmethod
    def from_url(cls, url: str, /, **options: Any) -> OpLog:
        raise NotImplementedError

    async def setup(self) -> None:
        await self.inner.setup()

    async def aclose(self) -> None:
        await self.inner.aclose()

    async def read(self, ops: Sequence[ReadOp], /) -> list[Any]:
        self.ops.append(list(ops))
        return await self.inner.read([RankedOp(o.tenant, o.lists, Spy(o.ranker, self.asked))
                                      if isinstance(o, RankedOp) else o for o in ops])

    async def write(self, batch: WriteBatch, /) -> WriteResult:
        return await self.inner.write(batch)


class Spy:
    """A ``RankedOp``'s ranker, recording what it asked the store to read."""

    def __init__(self, ranker: Ranker, asked: list[list[str]]) -> None:
        self.ranker, self.asked = ranker, asked

    def candidates(self, lists: Sequence[list[Candidate]], /) -> Sequence[str]:
        ids = self.ranker.candidates(lists)
        self.asked.append(list(ids))
        return ids

    def pick(self, rows: Sequence[RankRow], /) -> Sequence[str]:
        assert {r.id for r in rows} == set(self.asked[-1])  # every candidate's row was read
        ids = self.ranker.pick(rows)
        self.asked.append(list(ids))
        return ids


async def test_search_builds_records_only_for_the_hits_it_returns(
    store_url: str, settings: GieokSettings
) -> None:
    """One round trip: the candidate lists (dense, full text and — the query names places
    and sports the lexicon knows — the expansion's full text), the scoring columns of every
    fused candidate, whole records for the k returned — scored exactly as whole records
    are — and, in the same batch, the scope's settings (is memory on? read/gate.py)."""
    store = OpLog(await open_store(store_url))
    async with AsyncMemory(store, settings=settings) as mem:
        await mem.import_memories(
            [{"content": f"User's friend number {i} lives in Busan and likes tennis",
              "importance": (i % 9 + 1) / 10} for i in range(40)], user_id="u1")
        store.ops.clear()
        store.asked.clear()
        hits = await mem.search("who lives in Busan and plays tennis", user_id="u1", k=5)
    assert [[type(op).__name__ for op in batch] for batch in store.ops] == [
        ["RankedOp", "SettingsOp"]]
    op = store.ops[0][0]
    assert isinstance(op, RankedOp)
    assert [type(o).__name__ for o in op.lists] == ["DenseOp", "FulltextOp", "FulltextOp"]
    ranked, fetched = store.asked
    assert len(ranked) >= 30 and fetched == [h.record.id for h in hits]
    assert len(hits) == 5
    now = utcnow()
    for hit in hits:  # the score from the slim row is the score of the whole record
        total, parts = mixed_score(hit.record, hit.parts.relevance, now, settings.scoring)
        # (plus how far the learned order moved it, read/learned.py)
        assert hit.score - hit.parts.learned == pytest.approx(total, abs=1e-6)
        assert hit.parts.importance == parts.importance == hit.record.importance
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


async def _reference_search(store: Store, embedder: Any, scope: Scope, query: str, *, k: int,
                            weights: ScoringSettings, now: datetime, min_relevance: float
                            ) -> list[ScoredMemory]:
    """Search as it was before slim rows: whole records for every fused candidate, scored,
    ordered and de-duplicated on records (the ranking the slim path must reproduce)."""
    n = max(weights.candidates, k)
    names, ops = await search_module._candidate_ops(embedder, scope, query, n=n, filters=None,
                                                    view=View(), weights=weights)
    lists, expansion = search_module._named_lists(names, await store.read(ops), weights, n)
    rarity = Capability.FULLTEXT_RARITY in store.capabilities
    fused = [f for f in search_module._fuse(lists, weights, embedder, n, rarity=rarity,
                                            expansion=expansion)
             if f.relevance >= min_relevance]
    records = {r.id: r for r in await store.get(scope.tenant, [f.id for f in fused])}
    windows = time_windows(query, now) if weights.w_query_time > 0 else []
    names = named_speakers(query, (r.metadata.get("speaker") for r in records.values()))
    results = []
    for item in fused:
        record = records.get(item.id)
        if record is None:
            continue
        total, parts = mixed_score(record, item.relevance, now, weights, windows, names)
        parts.dense, parts.fulltext = item.raw.get("dense"), item.raw.get("fulltext")
        parts.dense_rank, parts.fulltext_rank = item.ranks.get("dense"), item.ranks.get("fulltext")
        results.append(ScoredMemory(record=record, score=total, parts=parts))
    results.sort(key=lambda s: (-s.score, s.record.created_at, s.record.content_hash,
                                s.record.id))
    pool = k if weights.mmr_lambda >= 1.0 else max(3 * k, 30)
    results = drop_near_duplicates(results, lambda s: s.record.content,
                                   threshold=weights.near_duplicate, limit=pool)
    return mmr(results, lambda s: s.score, lambda s: s.record.content,
               lam=weights.mmr_lambda, k=k)


@pytest.mark.parametrize("scoring", [
    {},
    {"fusion": "rrf"},
    {"mmr_lambda": 0.6, "near_duplicate": 0.8},
    {"w_query_time": 0.3, "w_use": 0.2},
    {"fusion": "score"},
    {"w_query_speaker": 0.3},
])
async def test_slim_ranking_is_the_ranking_of_whole_records(
    store_url: str, scoring: dict[str, Any]
) -> None:
    """Same hits, same order, same scores and explanations as scoring whole records, on a
    scope with spread-out importance, ages, use and near-duplicates. (The reference embeds
    the query as it is: the named speaker's second dense read is tested in test_speakers; and
    it knows no answer type: a "when" question's ranking is tested in test_answer; nor
    languages: a candidate in the other one is tested in test_across_languages; nor the
    bound on the "who" lift, which takes it back from a named turn ranked below
    ``SPEAKER_DEPTH`` by everything else — tested in test_speakers — so the lists are read
    50 deep, where no such turn reaches the first 8 here.)"""
    weights = ScoringSettings(**{"dense_without_names": False, "timeless_relevance": 1.0,
                                 "across_languages": 0.0, "candidates": 50, **scoring})
    embedder = HashEmbedder(64)
    store = await open_store(store_url)
    scope = Scope(user="u1")
    now = datetime(2024, 6, 1, tzinfo=UTC)
    rng = random.Random(7)
    texts = [*memory_texts(120, seed=3),
             *(f"Went to Busan with friend {i} in May 2023" for i in range(3))]
    # some are turns said by Mina or Joon (the "who" term), others memories with no speaker
    speakers = [{"speaker": ("Mina", "Joon")[i % 2]} if i % 5 == 0 else {}
                for i in range(len(texts))]
    records = [MemoryRecord(scope=scope, content=t, importance=rng.uniform(0.1, 0.9),
                            event_time=now - timedelta(days=rng.randrange(1, 1500)),
                            last_used_at=now - timedelta(days=rng.randrange(1, 90))
                            if i % 3 == 0 else None, metadata=speakers[i])
               for i, t in enumerate(texts)]
    vectors = await embedder.embed_documents(texts)
    await store.write(WriteBatch(upserts=list(zip(records, vectors, strict=True))))
    try:
        for query in [*query_texts(3, seed=4), "Busan in May 2023", "nothing matches zzz",
                      "what did Mina say about Busan?"]:
            for floor in (0.0, 0.3):
                got = await hybrid_search(store, embedder, scope, query, k=8, filters=None,
                                          view=View(), weights=weights, now=now,
                                          min_relevance=floor)
                want = await _reference_search(store, embedder, scope, query, k=8,
                                               weights=weights, now=now, min_relevance=floor)
                assert [h.record.id for h in got] == [h.record.id for h in want]
                assert [h.score for h in got] == [h.score for h in want]
                assert [h.parts for h in got] == [h.parts for h in want]
                assert [h.record for h in got] == [h.record for h in want]
            assert got or query.startswith("nothing")
            if "Mina" in query and weights.w_query_speaker > 0:
                assert any(h.parts.speaker == 1.0 for h in got)
    finally:
        await store.aclose()


@pytest.mark.parametrize("scoring", [{}, {"mmr_lambda": 0.6, "near_duplicate": 0.8}])
async def test_one_hit_per_source_turn(store_url: str, scoring: dict[str, Any]) -> None:
    """``fold``: a hit whose source turns better hits already showed gives its place to the
    next candidate (a fact only to its turn: two facts of one turn are two facts); the rest
    keep the unfolded order, scores and records."""
    weights = ScoringSettings(**scoring)
    embedder = HashEmbedder(64)
    store = OpLog(await open_store(store_url))
    scope = Scope(user="u1")
    now = datetime(2024, 6, 1, tzinfo=UTC)
    rng = random.Random(11)
    texts = memory_texts(90, seed=5)
    turns = [f"t{i}" for i in range(12)]
    records = []
    for i, text in enumerate(texts):
        # a third are archived turns, a third facts from one or two of the same turns, a
        # third memories with no source turn (they never fold)
        sources = ([rng.choice(turns)] if i % 3 == 0 else
                   rng.sample(turns, rng.choice((1, 2))) if i % 3 == 1 else [])
        records.append(MemoryRecord(
            scope=scope, content=text, source_turn_ids=sources,
            layer="archive" if i % 3 == 0 else "long_term",
            event_time=now - timedelta(days=rng.randrange(1, 400))))
    vectors = await embedder.embed_documents(texts)
    await store.write(WriteBatch(upserts=list(zip(records, vectors, strict=True))))
    folded_some = False
    try:
        for query in query_texts(6, seed=8):
            args = {"filters": None, "view": View(), "weights": weights, "now": now}
            plain = await hybrid_search(store, embedder, scope, query, k=8, **args)
            # the candidates after the k picked, in score order (MMR picks only the first k)
            by_score = {**args, "weights": weights.model_copy(update={"mmr_lambda": 1.0})}
            everything = await hybrid_search(store, embedder, scope, query, k=40, **by_score)
            store.ops.clear()
            got = await hybrid_search(store, embedder, scope, query, k=8, fold=True, **args)
            # the folded ranking is the unfolded one with redundant hits skipped
            # (a turn folds under anything that showed it; a fact only under its turn)
            want: list[ScoredMemory] = []
            shown: set[str] = set()
            said: set[str] = set()
            for hit in plain + everything:
                sources = set(hit.record.source_turn_ids)
                turn = hit.record.layer == "archive"
                if (sources and sources <= (shown if turn else said)) \
                        or hit.record.id in {h.record.id for h in want}:
                    continue
                shown |= sources
                said |= sources if turn else set()
                want.append(hit)
            assert [h.record.id for h in got] == [h.record.id for h in want[:8]]
            assert [h.score for h in got] == [h.score for h in want[:8]]
            assert len(got) == 8
            gets = [op for batch in store.ops for op in batch if isinstance(op, GetOp)]
            assert isinstance(store.ops[0][0], RankedOp)  # the first k come with the ranking
            if [h.record.id for h in got] != [h.record.id for h in plain]:
                folded_some = True
                assert len(gets) >= 1  # the freed places were filled from the next ones
            else:
                assert not gets
        assert folded_some
    finally:
        await store.aclose()


async def test_two_facts_from_one_turn_both_show(store_url: str) -> None:
    """"Hi, I'm Alex. I love basketball and gaming." gives two facts from one turn; asked for
    memories only, the name shown first must not hide the interests (it did: the mem0
    quickstart found only "User's name is Alex"). The turn itself still folds under them."""
    embedder = HashEmbedder(64)
    store = await open_store(store_url)
    scope = Scope(user="u1")
    texts = ["User's name is Alex", "User loves basketball and gaming",
             "Hi, I'm Alex. I love basketball and gaming. The bus was late again, grey day."]
    records = [MemoryRecord(scope=scope, content=text, source_turn_ids=["t1"],
                            layer="archive" if i == 2 else "long_term")
               for i, text in enumerate(texts)]
    vectors = await embedder.embed_documents(texts)
    await store.write(WriteBatch(upserts=list(zip(records, vectors, strict=True))))
    try:
        got = await hybrid_search(store, embedder, scope, "Alex basketball gaming", k=5,
                                  filters=None, view=View(), weights=ScoringSettings(),
                                  now=utcnow(), fold=True)
        contents = [h.record.content for h in got]
        assert sorted(contents) == sorted(texts[:2]), contents  # the turn folded under them
    finally:
        await store.aclose()
