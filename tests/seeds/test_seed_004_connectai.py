"""Seed 004 — ConnectAI's five-layer memory (단기 · 장기 · 프로젝트 · 절차 · 일화), on gieok
with ``profile="connectai"``:

* ① short-term: the recent messages as a FIFO (``shortTermLimit: 8``);
* ② long-term: the user's preferences, rules, decisions and goals — user-universal, so they
  apply inside every workspace; temporal markers (``expiresAt``) drop stale knowledge;
* ③ project: workspace knowledge (ADRs, stack, conventions), shared by everyone in the
  workspace and by no other workspace;
* ④ procedural: ``skill.md`` with ``triggerPatterns: ["wiki화", "위키", "wikify"]``;
* ⑤ episodic: past sessions' summaries;
* ``buildContext`` sorts layers by relevance, leaves empty ones out and closes with "use only
  when relevant; the current request wins"; ``MemoryConfig`` switches each layer on or off
  and sets the limits (``longTermMaxEntries: 100``, ``episodicMaxEpisodes: 50``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from gieok import GieokSettings, Memory
from gieok.domain.context import CLOSING_INSTRUCTION, SectionKind
from gieok.domain.records import utcnow

pytestmark = pytest.mark.integration
ME = {"org_id": "connect", "user_id": "dev1"}
WORKSPACE = {**ME, "project_id": "ws-shop"}


@pytest.fixture
def make(tmp_path: Path, make_settings: Callable[..., GieokSettings]
         ) -> Iterator[Callable[..., Memory]]:
    opened: list[Memory] = []

    def open_memory(**context: Any) -> Memory:
        settings = make_settings(context={"cache_write_margin_s": 0, **context})
        mem = Memory(f"sqlite:///{tmp_path / 'connectai.db'}", settings=settings,
                     profile="connectai")
        opened.append(mem)
        return mem

    yield open_memory
    for mem in opened:
        mem.close()


def test_five_layers_in_one_context(make: Callable[..., Memory]) -> None:
    mem = make()
    assert mem.settings.context.recent_turns == 8
    assert (mem.get_settings(**ME).max_memories, mem.get_settings(**ME).max_episodes) == (100, 50)
    # ② user-universal long-term memory, written outside any workspace.
    rule = mem.remember("User wants TypeScript strict mode in every project", **ME,
                        type="rule", category="preference")
    mem.remember("Q3 plan: ship the billing revamp", **ME, type="goal",
                 expires_at=utcnow() - timedelta(days=1))  # temporal marker: expired
    # ③ workspace knowledge at the workspace itself; another workspace has its own.
    adr = mem.remember("ADR-012: orders are stored in PostgreSQL 16", org_id="connect",
                       project_id="ws-shop", type="decision")
    mem.remember("ADR-003: the blog uses SQLite", org_id="connect", project_id="ws-blog",
                 type="decision")
    # ④ a procedure with trigger patterns; ⑤ an earlier session's episode.
    mem.add_skill("wikify", triggers=["wiki화", "위키", "wikify"],
                  steps=["collect the sources", "write the page", "link related pages"], **ME)
    mem.remember("Last session: refactored the order service into three modules", **WORKSPACE,
                 layer="episodic", type="episode", timestamp=utcnow() - timedelta(days=1))
    # ① twelve messages in the session: the FIFO keeps the last eight.
    turns = [{"role": "user" if i % 2 == 0 else "assistant", "content": f"message {i}"}
             for i in range(12)]
    ctx = mem.context("이 주문 서비스 문서를 wiki화 해줘 (PostgreSQL strict TypeScript)",
                      **WORKSPACE, session_id="s2", history=turns)
    assert [m["content"] for m in ctx.messages] == [f"message {i}" for i in range(4, 12)]
    used = ctx.trace.used_ids()
    assert rule.id in used  # user-wide memory inside the workspace read
    assert adr.id in used and "ADR-003" not in ctx.text  # this workspace's knowledge only
    assert "Q3 plan" not in ctx.text  # expired
    assert "write the page" in ctx.text and "refactored the order service" in ctx.text
    kinds = [s.kind for s in ctx.sections]
    assert {SectionKind.MEMORIES, SectionKind.PROJECT, SectionKind.SKILLS,
            SectionKind.EPISODES} <= set(kinds)
    relevances = [s.relevance for s in ctx.sections]
    assert relevances == sorted(relevances, reverse=True)  # layers sorted by relevance
    assert ctx.text.endswith(CLOSING_INSTRUCTION)
    hits = mem.search("strict mode", **WORKSPACE, k=3)  # a search in the workspace, too
    assert hits and hits[0].record.id == rule.id
    # A teammate in the same workspace sees the workspace's knowledge, not dev1's memories.
    teammate = mem.context("PostgreSQL 버전", org_id="connect", project_id="ws-shop",
                           user_id="dev2")
    assert adr.id in teammate.trace.used_ids() and rule.id not in teammate.trace.used_ids()


def test_every_layer_can_be_switched_off(make: Callable[..., Memory]) -> None:
    """``MemoryConfig``'s per-layer on/off, honoured (episodes=0 and recent_turns=0 were not)."""
    seed = make()
    seed.remember("User prefers small pull requests", **ME)
    seed.remember("Yesterday: reviewed the payment module", **WORKSPACE, layer="episodic",
                  type="episode", timestamp=utcnow() - timedelta(days=1))
    seed.add_skill("review", triggers=["review"], steps=["read the diff"], **ME)
    history = [{"role": "user", "content": "please review the payment module pull request"}]
    query = "review the payment pull request"
    full = seed.context(query, **WORKSPACE, history=history)
    assert {SectionKind.MEMORIES, SectionKind.EPISODES, SectionKind.SKILLS} <= \
        {s.kind for s in full.sections} and full.messages == history
    assert make(episodes=0).context(query, **WORKSPACE, history=history) \
        .section(SectionKind.EPISODES) is None
    assert make(recent_turns=0).context(query, **WORKSPACE, history=history).messages == []
    no_skills = make(sections=["summary", "pinned", "memories", "episodes", "project",
                               "organisation"]).context(query, **WORKSPACE, history=history)
    assert no_skills.section(SectionKind.SKILLS) is None and "read the diff" not in \
        no_skills.text
    no_long_term = make(sections=["episodes", "skills"]).context(query, **WORKSPACE,
                                                                 history=history)
    assert no_long_term.section(SectionKind.MEMORIES) is None
    assert "small pull requests" not in no_long_term.text


def test_limits_archive_the_least_important(make: Callable[..., Memory]) -> None:
    mem = make()
    mem.import_memories([{"content": f"convention {i}: use snake_case for module {i}",
                          "importance": 0.2 if i < 5 else 0.6} for i in range(105)], **ME)
    live = mem.list(**ME, limit=200)
    assert live.total == 100
    assert not any(r.content.startswith("convention 0:") for r in live.items)
    assert mem.list(**ME, limit=200, include_archived=True).total == 105
    mem.import_memories([{"content": f"session {i} summary", "layer": "episodic",
                          "type": "episode"} for i in range(52)], **WORKSPACE)
    assert mem.list(**WORKSPACE, filters={"layer": "episodic"}).total == 50


@pytest.mark.parametrize(("said", "fact"), [
    ("In this workspace we use PostgreSQL 16 for orders.", "PostgreSQL 16"),
    ("이 프로젝트에서는 Redis 7을 캐시로 써.", "Redis 7"),
])
def test_session_end_shares_workspace_knowledge_with_teammates(
        make: Callable[..., Memory], said: str, fact: str) -> None:
    """``onSessionEnd``: the extractor finds project-tier knowledge (③, "workspace-dependent
    → project memory") and it lands in the workspace, where a teammate's context reads it."""
    mem = make()
    session = {**WORKSPACE, "session_id": "s1"}
    mem.add([{"role": "user", "content": said}, {"role": "assistant", "content": "Noted."}],
            infer=False, **session)
    ended = mem.end_session(**session)
    shared = [d.memory for d in ended.decisions
              if d.memory.layer.value == "long_term" and fact in d.memory.content]
    assert len(shared) == 1 and str(shared[0].scope) == "org:connect/project:ws-shop"
    teammate = mem.context(f"which {fact.split()[0]} version do we run?", org_id="connect",
                           project_id="ws-shop", user_id="dev2")
    project = teammate.section(SectionKind.PROJECT)
    assert project is not None and shared[0].id in teammate.trace.used_ids()
    elsewhere = mem.context("which version do we run?", org_id="connect", project_id="ws-blog",
                            user_id="dev2")
    assert fact not in elsewhere.text
