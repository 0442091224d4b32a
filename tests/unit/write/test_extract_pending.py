"""``extract_pending``: the extraction half of ``add`` for turns stored with ``infer=False``
(what the service's queue runs off the request path)."""

from __future__ import annotations

import pytest

from gieok import AsyncMemory, GieokSettings

pytestmark = pytest.mark.anyio


@pytest.fixture(params=["memory://", "sqlite"])
async def engine(request: pytest.FixtureRequest, settings: GieokSettings, db_url: str):  # type: ignore[no-untyped-def]
    url = db_url if request.param == "sqlite" else request.param
    mem = AsyncMemory(url, settings=settings)
    yield mem
    await mem.aclose()


async def test_pending_turns_are_extracted_once(engine: AsyncMemory) -> None:
    added = await engine.add([{"role": "user", "content": "I live in Gangnam-gu, Seoul."}],
                             user_id="u1", session_id="s1", infer=False)
    assert added.turns_added == 1 and added.decisions == []
    assert (await engine.list(user_id="u1")).total == 0

    first = await engine.extract_pending(user_id="u1", session_id="s1")
    assert first.failures == [] and first.decisions
    contents = [m.content for m in (await engine.list(user_id="u1")).items]
    assert any("Gangnam" in c for c in contents)

    second = await engine.extract_pending(user_id="u1", session_id="s1")
    assert second.decisions == [] and second.extraction == "skipped"


async def test_nothing_pending_and_disabled_scopes(engine: AsyncMemory) -> None:
    nothing = await engine.extract_pending(user_id="nobody", session_id="s")
    assert nothing.extraction == "skipped" and nothing.decisions == []
    await engine.add("I am allergic to peanuts", user_id="u2", infer=False)
    await engine.update_settings(user_id="u2", enabled=False)
    disabled = await engine.extract_pending(user_id="u2")
    assert disabled.extraction == "disabled"
    assert (await engine.list(user_id="u2")).total == 0


async def test_threshold_episode_is_written_from_the_watermark(engine: AsyncMemory) -> None:
    await engine.update_settings(user_id="u3", session_message_threshold=4)
    # the second turn names a feeling: the episode says more than the stored fact (issue 16)
    turns = [{"role": "user", "content": "I started learning the cello this month."},
             {"role": "assistant", "content": "Nice!"},
             {"role": "user", "content": "Honestly I'm so excited about it!"},
             {"role": "assistant", "content": "Nice!"}]
    await engine.add(turns, user_id="u3", session_id="s", infer=False)
    result = await engine.extract_pending(user_id="u3", session_id="s")
    assert result.episode is not None
    assert result.episode.layer.value == "episodic"
