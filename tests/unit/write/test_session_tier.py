"""Where facts extracted from a conversation go when the session names no user (an agent
pipeline's run inside an org or a project), on every store: they stay with that session.
Organisation and project knowledge is written on purpose (``remember(org_id=…)``,
MEMORY.md, rules, write-back), never lifted from chat, or one person's "I have diabetes"
would be shown to every user of the tenant as theirs."""

from __future__ import annotations

import pytest

from gieok import AsyncMemory, GieokSettings

pytestmark = pytest.mark.anyio

SAID = "I'm Jisoo. My cat is called Mochi and I have diabetes."


@pytest.mark.parametrize("project", [None, "games"])
async def test_a_session_without_a_user_keeps_what_was_said_in_it(
    store_url: str, settings: GieokSettings, project: str | None
) -> None:
    async with AsyncMemory(store_url, settings=settings) as mem:
        await mem.remember("Org rule: reports in Korean.", org_id="acme")
        result = await mem.add([{"role": "user", "content": SAID}], org_id="acme",
                               project_id=project, session_id="run-1")
        facts = [d.memory for d in result.decisions if d.memory is not None]
        assert any("diabetes" in f.content for f in facts), facts
        assert all(f.scope.session == "run-1" for f in facts), [str(f.scope) for f in facts]
        # another user of the tenant, in this project or another, is not shown it
        for where in ({"project_id": project}, {"project_id": "other"}):
            block = await mem.context("what do you know about my health?", org_id="acme",
                                      user_id="kim", session_id="s", use_cache=False, **where)
            assert "diabetes" not in block.text and "Mochi" not in block.text
            assert "reports in Korean" in block.text  # org knowledge still reaches everyone
            hits = await mem.search("diabetes", org_id="acme", user_id="kim", **where)
            assert not any("diabetes" in h.record.content for h in hits)
        # the run itself still remembers it
        again = await mem.context("does anyone here have diabetes?", org_id="acme",
                                  project_id=project, session_id="run-1", use_cache=False)
        assert "diabetes" in again.text


async def test_a_users_session_still_files_facts_with_the_user(
    store_url: str, settings: GieokSettings
) -> None:
    async with AsyncMemory(store_url, settings=settings) as mem:
        result = await mem.add([{"role": "user", "content": SAID}], org_id="acme",
                               project_id="games", user_id="jisoo", session_id="s1")
        facts = [d.memory for d in result.decisions if d.memory is not None]
        assert facts and all(str(f.scope) == "org:acme/project:games/user:jisoo"
                             for f in facts), [str(f.scope) for f in facts]
        block = await mem.context("my health?", org_id="acme", project_id="games",
                                  user_id="jisoo", session_id="s2", use_cache=False)
        assert "diabetes" in block.text
