"""Workspace knowledge (issue 16, round 3, session 3): what a team or codebase does is marked
project-tier by the extractor and, when the call names a project, stored in the project's
own scope (SPEC layers: project; seed 004), where a teammate's ``context()`` finds it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from gieok import AsyncMemory
from gieok.domain.turns import Turn
from gieok.settings import GieokSettings
from gieok.write.extract.heuristic import HeuristicExtractor
from gieok.write.extract.workspace import is_workspace

AT = datetime(2026, 11, 20, 1, 0, tzinfo=UTC)


def tiers(text: str) -> list[tuple[str, str | None]]:
    turns = [Turn(role="user", content=text, at=AT)]
    return [(c.content, c.tier) for c in HeuristicExtractor().extract_sync(turns)]


def test_team_practice_without_the_word_project_is_project_tier() -> None:
    assert tiers("we deploy on Tuesdays and Thursdays only") == [
        ("The team deploys on Tuesdays and Thursdays only", "project")]
    assert tiers("we never merge on Fridays") == [("The team never merges on Fridays", "project")]
    assert tiers("we're on Python 3.12 across all services") == [
        ("The team is on Python 3.12 across all services", "project")]
    assert tiers("the frontend is Next.js 14 with the app router") == [
        ("The frontend is Next.js 14 with the app router", "project")]
    assert tiers("배포는 항상 GitHub Actions로 해") == [("배포는 항상 GitHub Actions로 한다", "project")]
    assert tiers("코드 리뷰는 무조건 24시간 안에 해주는 게 우리 팀 룰이야")[0][1] == "project"
    assert tiers("we use Slack at work") == [("The team uses Slack at work", "project")]


def test_the_users_own_things_and_other_groups_are_not_the_workspace() -> None:
    for text in ("I like using pnpm", "my PR got merged finally", "we went to Jeju last summer",
                 "우리 가족은 주말마다 등산 가", "we should probably add more tests lol",
                 "how do I merge two branches?", "our service at the restaurant was terrible",
                 "we watched the new Marvel movie"):
        assert not is_workspace(text), text
        assert all(tier is None for _, tier in tiers(text)), text


pytestmark = pytest.mark.anyio


async def test_with_a_project_in_the_call_a_teammate_sees_it(settings: GieokSettings,
                                                            tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        for text in ("we deploy on Tuesdays and Thursdays only", "우리 팀은 배포를 금요일에 안 해",
                     "I like using pnpm"):
            await mem.add([{"role": "user", "content": text}], user_id="u1", project_id="shop",
                          session_id="s1", timestamp=AT)
        ended = await mem.end_session(user_id="u1", project_id="shop", session_id="s1")
        assert not ended.failures
        page = await mem.list(project_id="shop", limit=50)
        where = {r.content: (r.scope.user, r.layer.value) for r in page.items}
        assert where["The team deploys on Tuesdays and Thursdays only"] == (None, "long_term")
        assert where["우리 팀은 배포를 금요일에 안 한다"] == (None, "long_term")
        assert where["User likes using pnpm"] == ("u1", "long_term")  # the user's own
        # every fact of the session is stored (two of them in the project): no episode
        assert not any(layer == "episodic" for _, layer in where.values())
        block = await mem.context("when can we deploy?", user_id="u2", project_id="shop",
                                  use_cache=False, track_use=False)
        assert "The team deploys on Tuesdays and Thursdays only" in block.text
