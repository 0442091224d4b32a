"""``index_text``: searched with a memory (dense and full text) but never its content."""

from __future__ import annotations

from pathlib import Path

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.errors import InvalidInputError

pytestmark = pytest.mark.anyio


async def test_index_text_is_searched_but_not_content(
    store_url: str, settings: GieokSettings
) -> None:
    async with AsyncMemory(store_url, settings=settings) as mem:
        plain = await mem.remember("Sounds great, see you there!", user_id="u1")
        ctx = await mem.remember(
            "Sure, I will bring it.", user_id="u1",
            index_text="Ana: can you bring the tent to the campsite on Saturday?",
        )
        await mem.remember("The weather was sunny all week.", user_id="u1")
        assert ctx.content == "Sure, I will bring it."
        assert ctx.index_text is not None and "tent" in ctx.index_text
        hits = await mem.search("tent campsite", user_id="u1", k=3)
        assert hits[0].record.id == ctx.id
        assert hits[0].record.content == "Sure, I will bring it."
        assert hits[0].parts.fulltext_rank == 1
        # updating the index text re-indexes: the old words stop matching
        await mem.update(ctx.id, index_text="Ana: can you bring the kayak?")
        hits = await mem.search("kayak", user_id="u1", k=3)
        assert hits[0].record.id == ctx.id and hits[0].parts.fulltext_rank == 1
        fresh = await mem.search("tent campsite", user_id="u1", k=3)
        assert all(h.parts.fulltext_rank is None for h in fresh if h.record.id == ctx.id)
        assert plain.index_text is None


async def test_index_text_survives_a_reopen(
    tmp_path: Path, settings: GieokSettings
) -> None:
    url = f"sqlite:///{tmp_path}/m.db"
    async with AsyncMemory(url, settings=settings) as mem:
        record = await mem.import_memories(
            [{"content": "Yes!", "index_text": "Do you like hiking?"}], user_id="u1")
    async with AsyncMemory(url, settings=settings) as mem:
        again = await mem.get(record[0].id)
        assert again.index_text == "Do you like hiking?"
        hits = await mem.search("hiking", user_id="u1", k=1)
        assert hits[0].record.id == record[0].id


async def test_index_text_is_validated(amemory: AsyncMemory) -> None:
    with pytest.raises(InvalidInputError):
        await amemory.remember("x", user_id="u1", index_text=42)
    with pytest.raises(InvalidInputError):
        await amemory.remember("x", user_id="u1", index_text="y" * 20_000)


async def test_content_outranks_the_same_words_in_index_text(
    store_url: str, settings: GieokSettings
) -> None:
    """index_text weighs less than content (INDEX_TEXT_WEIGHT) in full-text ranking."""
    async with AsyncMemory(store_url, settings=settings) as mem:
        side = await mem.remember("Okay, sounds good.", user_id="u1",
                                  index_text="We talked about the lighthouse trip.")
        main = await mem.remember("We talked about the lighthouse trip.", user_id="u1")
        hits = await mem.search("lighthouse", user_id="u1", k=2)
        ranks = {h.record.id: h.parts.fulltext_rank for h in hits}
        assert ranks[main.id] == 1 and ranks[side.id] == 2
