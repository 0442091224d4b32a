"""Forgetting one conversation (``forget(session_id=…)``) removes that session's summary
too, on every store: the summary (an episode kept at the user's scope) retells what was
said, so keeping it would keep the conversation. Other sessions' summaries stay."""

from __future__ import annotations

import pytest

from gieok import AsyncMemory, GieokSettings

pytestmark = pytest.mark.anyio

TALK = [
    ("user", "내일 중요한 면접이 있어"),
    ("assistant", "와, 떨리겠다! 어떤 회사야?"),
    ("user", "IT 스타트업인데 정말 가고 싶어. 너무 걱정돼"),
]


async def _episodes(mem: AsyncMemory) -> list[str]:
    page = await mem.list(user_id="u1", filters={"layer": "episodic"}, include_archived=True)
    return [str(r.source_session) for r in page.items]


async def test_forgetting_a_session_removes_its_summary(
    store_url: str, settings: GieokSettings
) -> None:
    async with AsyncMemory(store_url, settings=settings) as mem:
        for session in ("wed", "thu"):
            await mem.add([{"role": r, "content": t} for r, t in TALK], user_id="u1",
                          session_id=session)
            ended = await mem.end_session(user_id="u1", session_id=session)
            assert ended.episode is not None, ended
        assert sorted(await _episodes(mem)) == ["thu", "wed"]
        await mem.forget(user_id="u1", session_id="wed")
        assert await _episodes(mem) == ["thu"]
        exported = await mem.export(user_id="u1")
        assert not any(r.get("source_session") == "wed" for r in exported
                       if r["layer"] == "episodic")


async def test_a_summary_keeps_out_what_the_allowed_categories_keep_out(
    store_url: str, settings: GieokSettings
) -> None:
    """Under eco2 (location and preference only) "I have a 3-year-old daughter" is not
    stored as a fact; the session's summary must not store it either."""
    talk = ["I really dislike plastic straws.", "I always carry a metal one.",
            "Also I have a 3-year-old daughter."]
    async with AsyncMemory(store_url, settings=settings) as mem:
        await mem.update_settings(user_id="u1", allowed_categories=["location", "preference"])
        await mem.add([{"role": "user", "content": t} for t in talk], user_id="u1",
                      session_id="wed")
        await mem.end_session(user_id="u1", session_id="wed")
        everything = await mem.list(user_id="u1", include_archived=True)
        assert any("straws" in r.content for r in everything.items)
        assert not any("daughter" in r.content for r in everything.items), \
            [r.content for r in everything.items]
