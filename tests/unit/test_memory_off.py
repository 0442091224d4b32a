"""Memory turned off (``enabled=False``, the user's own switch) on every store: no read that
hands memories to a conversation answers with them — ``context()`` already did not, and
``search()`` (which the HTTP search, mem0 and MCP routes call) must not either. The user
can still see and delete what is stored (``list``/``export``), and turning memory back on
brings everything back."""

from __future__ import annotations

import pytest

from gieok import AsyncMemory, GieokSettings

pytestmark = pytest.mark.anyio


async def test_search_answers_nothing_while_memory_is_off(
    store_url: str, settings: GieokSettings
) -> None:
    async with AsyncMemory(store_url, settings=settings) as mem:
        await mem.remember("User lives in Mapo-gu", user_id="v")
        await mem.add("I take sertraline for my depression.", user_id="v", session_id="s1")
        await mem.remember("User lives in Busan", user_id="w")
        assert await mem.search("where do I live?", user_id="v")
        await mem.update_settings(user_id="v", enabled=False)
        assert await mem.search("where do I live?", user_id="v") == []
        assert await mem.search("sertraline", user_id="v", filters={"kind": "turn"}) == []
        assert await mem.search("where do I live?", user_id="v", session_id="s2") == []
        assert (await mem.context("where do I live?", user_id="v", session_id="s2")).text == ""
        # the user's own view of what is stored stays, and another user is untouched
        assert any("Mapo" in r.content for r in (await mem.list(user_id="v")).items)
        assert any("Mapo" in r["content"] for r in await mem.export(user_id="v"))
        assert await mem.search("where do I live?", user_id="w")
        await mem.update_settings(user_id="v", enabled=True)
        hits = await mem.search("where do I live?", user_id="v")
        assert any("Mapo" in h.record.content for h in hits)
