"""Ranking on the queries real users type (issue: retrieval users actually get).

- A term most memories contain ("user", "사용자", a speaker's name) must not decide the order:
  when full text cannot discriminate, meaning decides (the newcomer's "what pet does the user
  have" case, with the real local model: it is about meaning).
- A relevance floor: ``search(threshold=)`` and ``context()`` leave unrelated memories out.
- Recency is not drowned by rescaling: cosines 0.916 and 0.913 stay close.
- Bare years in time filters mean whole years.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.domain.context import DEFAULT_MIN_RELEVANCE
from gieok.domain.query import Candidate
from gieok.embedders.base import Matrix
from gieok.read.fusion import calibrated_fusion, score_fusion

pytestmark = pytest.mark.anyio

NEWCOMER = [
    "User has a dog named Bori", "User works remotely", "User studies Japanese",
    "User is studying Japanese for a trip to Osaka", "User studies Japanese every evening",
    "User lives in Mapo-gu, Seoul", "User likes jazz music", "User's sister is a nurse",
    "User goes running every morning", "User prefers green tea over coffee",
]


@pytest.fixture
def real_settings(make_settings):  # type: ignore[no-untyped-def]
    return make_settings(embedder="local:multilingual-e5-small")  # the default, offline


async def test_a_word_every_memory_has_does_not_decide(store_url: str,
                                                      real_settings: GieokSettings) -> None:
    async with AsyncMemory(store_url, settings=real_settings) as mem:
        for text in NEWCOMER:
            await mem.remember(text, user_id="u1")
        for query in ("what pet does the user have", "does the user have any pets?",
                      "사용자는 반려동물 키워?"):
            hits = await mem.search(query, user_id="u1", k=3)
            assert hits[0].record.content == "User has a dog named Bori", query
            # the fused relevance is led by meaning, not by the shared word
            assert hits[0].parts.relevance > hits[1].parts.relevance + 0.05, query


async def test_speaker_names_in_a_conversation_do_not_decide(
    store_url: str, real_settings: GieokSettings
) -> None:
    chat = [("Caroline", "I went to a pottery class yesterday, it was so relaxing."),
            ("Melanie", "Nice! I spent the weekend camping with my kids."),
            ("Caroline", "I am thinking about adopting a dog from the shelter."),
            ("Melanie", "Caroline, you should! Dogs are great company."),
            ("Caroline", "Melanie, my counselling course starts next month."),
            ("Melanie", "Good luck Caroline! My daughter just learned to swim.")]
    async with AsyncMemory(store_url, settings=real_settings) as mem:
        await mem.add([{"role": "user", "name": n, "content": t} for n, t in chat],
                      user_id="u1", session_id="s1", infer=False)
        hits = await mem.search("Which pet is Caroline considering?", user_id="u1", k=4)
        # every turn says "Caroline" (as speaker or addressee): the two turns about the dog
        # lead, the turns that only share the name follow
        assert {h.record.content for h in hits[:2]} == {chat[2][1], chat[3][1]}


async def test_threshold_and_the_context_floor_leave_unrelated_memories_out(
    tmp_path, real_settings: GieokSettings  # type: ignore[no-untyped-def]
) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/floor.db", settings=real_settings) as mem:
        for text in NEWCOMER:
            await mem.remember(text, user_id="u1")
        assert real_settings.context.min_relevance is None  # the calibrated default applies
        floor = DEFAULT_MIN_RELEVANCE
        assert await mem.search("suggest a dinner recipe", user_id="u1", threshold=floor) == []
        kept = await mem.search("what pet does the user have", user_id="u1", threshold=floor)
        assert [h.record.content for h in kept][:1] == ["User has a dog named Bori"]
        assert all(h.parts.relevance >= floor for h in kept)
        ctx = await mem.context("suggest a dinner recipe", user_id="u1", use_cache=False)
        assert ctx.section("memories") is None
        ctx = await mem.context("what pet do I have?", user_id="u1", use_cache=False)
        memories = ctx.section("memories")
        assert memories is not None and "Bori" in memories.items[0].text
        with pytest.raises(Exception, match="threshold"):
            await mem.search("x", user_id="u1", threshold=1.5)


def test_calibrated_fusion_keeps_small_differences_small() -> None:
    lists = {"dense": [Candidate("old", 0.916), Candidate("new", 0.913)], "fulltext": []}
    weights = {"dense": 0.3, "fulltext": 0.7}
    minmax = {f.id: f.relevance for f in score_fusion(lists, weights=weights)}
    assert minmax["old"] - minmax["new"] >= 0.29  # the old behaviour: noise becomes 1 vs 0
    fused = {f.id: f.relevance for f in calibrated_fusion(
        lists, weights=weights, dense_floor=0.75, dense_ceiling=0.95, fulltext_scale=0.5,
        depth=50)}
    assert 0 < fused["old"] - fused["new"] < 0.03
    # with no lexical evidence at all, meaning has the whole scale
    assert fused["old"] == pytest.approx((0.916 - 0.75) / 0.2, abs=1e-6)


class _Fixed:
    """An embedder whose vectors are chosen by the test: exact cosines, no model."""

    name, dim = "test:fixed", 8

    def __init__(self, vectors: dict[str, Matrix]) -> None:
        self.vectors = vectors

    async def embed_documents(self, texts: Sequence[str], /) -> Matrix:
        return np.stack([self.vectors[t] for t in texts])

    async def embed_query(self, text: str, /) -> Matrix:
        return self.vectors[text]

    async def aclose(self) -> None:
        return None


def _unit(cos: float, axis: int) -> Matrix:
    v = np.zeros(8, np.float32)
    v[0], v[axis] = cos, np.sqrt(1 - cos * cos)
    return v


async def test_recency_is_not_drowned_by_rescaled_noise(store_url: str,
                                                        settings: GieokSettings) -> None:
    q, old, new = "favourite snack?", "Likes salted almonds.", "Likes dried mango."
    embedder = _Fixed({q: _unit(1.0, 1), old: _unit(0.916, 2), new: _unit(0.913, 3)})
    async with AsyncMemory(store_url, settings=settings, embedder=embedder) as mem:
        await mem.remember(old, user_id="u1",
                           timestamp=datetime.now(UTC) - timedelta(days=5 * 365))
        await mem.remember(new, user_id="u1", timestamp=datetime.now(UTC))
        hits = await mem.search(q, user_id="u1", k=2)
        assert [h.record.content for h in hits] == [new, old]
        assert abs(hits[0].parts.relevance - hits[1].parts.relevance) < 0.03


async def test_bare_years_in_time_filters_mean_whole_years(store_url: str,
                                                           settings: GieokSettings) -> None:
    times = {"a": "2021-06-01T00:00:00Z", "b": "2022-06-01T00:00:00Z",
             "c": "2022-12-31T23:00:00Z", "d": "2023-01-01T00:00:00Z"}
    async with AsyncMemory(store_url, settings=settings) as mem:
        for name, at in times.items():
            await mem.remember(f"event {name}", user_id="u1", timestamp=at)

        async def names(flt: dict) -> list[str]:  # type: ignore[type-arg]
            page = await mem.list(user_id="u1", filters={"event_time": flt})
            return sorted(r.content.split()[-1] for r in page.items)

        assert await names({"lte": 2022}) == ["a", "b", "c"]
        assert await names({"lt": 2022}) == ["a"]
        assert await names({"gte": "2022"}) == ["b", "c", "d"]
        assert await names({"gt": 2022}) == ["d"]
        assert await names({"eq": 2022}) == ["b", "c"]
        assert await names({"gte": 2021, "lte": 2022}) == ["a", "b", "c"]
        assert await names({"lte": "2022-06-01T00:00:00Z"}) == ["a", "b"]
        # search() reads the same filter the same way
        hits = await mem.search("event", user_id="u1", k=10,
                                filters={"event_time": {"lte": 2022}})
        assert sorted(h.record.content.split()[-1] for h in hits) == ["a", "b", "c"]
        hits = await mem.search("event", user_id="u1", k=10,
                                filters={"event_time": {"eq": 2022}})
        assert sorted(h.record.content.split()[-1] for h in hits) == ["b", "c"]
