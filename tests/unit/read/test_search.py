"""Search end to end on a real store: dates in the query, near-duplicates, explanations."""

from __future__ import annotations

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.settings import ScoringSettings

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
