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
