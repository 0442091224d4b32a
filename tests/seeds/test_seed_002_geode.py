"""Seed 002 — GEODE, a LangGraph multi-agent pipeline with Organization → Project → Session
memory. What its document describes, run on gieok with ``profile="geode"``:

* §3 organisation memory: a shared rubric every project of the organisation sees;
* §4 project memory: ``MEMORY.md`` (first 200 lines) and ``rules/*.md`` matched by
  ``paths:`` globs — one broken hand-edited rule must not take the pipeline down;
* §6 hierarchical session keys ``entity:{name}:{phase}[:{sub_context}]`` and "all phases of
  one entity";
* §7 the 3-tier merge: org base, project overrides, session overrides, key by key, and only
  non-empty values override; a 6,000-character hard limit on what reaches the prompt;
* §10 the learning loop: at PIPELINE_END the run's insight is written to MEMORY.md (newest
  first, deduplicated per entity and day, never for dry runs) and is read back next run even
  when MEMORY.md is longer than 200 lines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from gieok import GieokSettings, Memory
from gieok.domain.context import SectionKind

pytestmark = pytest.mark.integration
ORG, PROJECT = "acme", "geode"
CATEGORY_RULE = """---
name: category-specific-rules
paths:
  - "**/*keyword_a*"
  - "*keyword_b*"
---

# 특정 카테고리 분석 규칙
## 데이터 소스 우선순위
1. 소스 A (1차 데이터)
2. 소스 B (커뮤니티 데이터)
"""


def build_session_key(entity_name: str, phase: str, sub_context: str | None = None) -> str:
    """The document's own helper (§6), unchanged."""
    key = f"entity:{entity_name.lower()}:{phase}"
    return f"{key}:{sub_context.lower()}" if sub_context else key


@pytest.fixture
def geode(tmp_path: Path, make_settings: Callable[..., GieokSettings]) -> Iterator[Memory]:
    # project roots are per organisation: "<org>/<project>"
    roots = {f"{ORG}/{PROJECT}": str(tmp_path / ".claude")}
    settings = make_settings(context={"project_roots": roots})
    with Memory(f"sqlite:///{tmp_path / 'geode.db'}", settings=settings, profile="geode") as mem:
        yield mem


def test_three_tier_context_for_a_pipeline_run(geode: Memory, tmp_path: Path) -> None:
    assert geode.settings.context.memory_lines == 200
    assert geode.settings.context.budget.hard_limit_chars == 6000
    assert geode.settings.context.cache_ttl_s == 3600  # freshness threshold
    # Tier 1: the organisation's shared rubric — written at the organisation, no flags.
    geode.remember("Common rubric: 14 axes scored 1-5, tiers S/A/B/C/D", org_id=ORG,
                   data={"axes_count": 14, "scale": "1-5", "confidence_threshold": 0.7,
                         "organization_strategy": "evidence first"})
    # Tier 2: the project's goal and its own threshold; an empty strategy must not win.
    geode.remember("GEODE project goal", org_id=ORG, project_id=PROJECT,
                   data={"project_goal": "rank entities by growth potential",
                         "confidence_threshold": 0.8, "organization_strategy": ""})
    # Tier 3: this run's session data under a hierarchical key.
    analysis = build_session_key("Entity_A", "analysis")
    assert analysis == "entity:entity_a:analysis"
    geode.remember("entity_a analysis checkpoint", org_id=ORG, project_id=PROJECT,
                   session_id=analysis,
                   data={"confidence_threshold": 0.9, "previous_results": ["tier=B in 2025"]})
    for phase, sub in (("cortex", None), ("evaluation", "quality_evaluator"), ("scoring", None)):
        geode.remember(f"entity_a {phase} checkpoint", org_id=ORG, project_id=PROJECT,
                       session_id=build_session_key("entity_a", phase, sub))
    geode.remember("entity_b cortex checkpoint", org_id=ORG, project_id=PROJECT,
                   session_id=build_session_key("entity_b", "cortex"))

    project = geode.project_memory(PROJECT, org_id=ORG)
    project.write_memory("# GEODE\n" + "\n".join(f"- note {i}" for i in range(250)))
    project.write_rule("tone", "Write findings in Korean, numbers in English.")
    project.rules_dir.joinpath("category.md").write_text(CATEGORY_RULE, encoding="utf-8")
    project.rules_dir.joinpath("broken.md").write_text("---\npaths: [unclosed\n---\nbody\n",
                                                       encoding="utf-8")

    ctx = geode.context("entity_a 성장 잠재력 분석", org_id=ORG, project_id=PROJECT,
                        session_id=analysis, entity="entity_keyword_a")
    # §7: org base, project overrides, session overrides — key by key.
    assert ctx.data["axes_count"] == 14 and ctx.data["scale"] == "1-5"
    assert ctx.data["project_goal"] == "rank entities by growth potential"
    assert ctx.data["confidence_threshold"] == 0.9
    assert ctx.data["organization_strategy"] == "evidence first"  # empty never overrides
    assert ctx.data["previous_results"] == ["tier=B in 2025"]
    assert "confidence_threshold: 0.9" in ctx.text
    assert "confidence_threshold: 0.7" not in ctx.text and "0.8" not in ctx.text
    # §4: MEMORY.md's first 200 lines, the matching rule, and the broken file only warned.
    assert "- note 0" in ctx.text and "- note 199" not in ctx.text
    assert "데이터 소스 우선순위" in ctx.text and "Write findings in Korean" in ctx.text
    assert any("rules/broken.md" in w for w in ctx.trace.warnings)
    other_entity = geode.context("entity_b 분석", org_id=ORG, project_id=PROJECT,
                                 session_id=build_session_key("entity_b", "analysis"),
                                 entity="entity_b")
    assert "데이터 소스 우선순위" not in other_entity.text
    assert other_entity.data["confidence_threshold"] == 0.8  # no session override there
    # §3: a second project of the organisation sees the rubric without special flags.
    reode = geode.context("분석 루브릭", org_id=ORG, project_id="reode")
    assert reode.data == {"axes_count": 14, "scale": "1-5", "confidence_threshold": 0.7,
                          "organization_strategy": "evidence first"}
    assert "GEODE project goal" not in reode.text and "project_goal" not in reode.text

    # §6: every phase of entity_a by its key prefix, nothing of entity_b.
    phases = geode.list(org_id=ORG, project_id=PROJECT,
                        filters={"session": {"prefix": "entity:entity_a:"}})
    assert sorted(r.scope.session or "" for r in phases.items) == [
        "entity:entity_a:analysis", "entity:entity_a:cortex",
        "entity:entity_a:evaluation:quality_evaluator", "entity:entity_a:scoring"]


def test_pipeline_end_writes_the_insight_back(geode: Memory) -> None:
    """§10: the AutoMemory loop through the hook point, read back on the next run."""
    project = geode.project_memory(PROJECT, org_id=ORG)
    project.write_memory("# GEODE\n\n" + "\n".join(f"- note {i}" for i in range(260)))
    seen: list[tuple[str, Mapping[str, Any]]] = []
    geode.hooks.register("pipeline_end", lambda event, data: seen.append((event, data)),
                         name="audit", priority=10)

    def broken(event: str, data: Mapping[str, Any]) -> None:
        raise RuntimeError("metrics backend down")

    geode.hooks.register("pipeline_end", broken, name="metrics", priority=90)
    final_state = {"entity_name": "entity_a", "tier": "A", "final_score": 71.234,
                   "synthesis_cause": "strong retention", "dry_run": False}
    report = geode.pipeline_end(final_state, project_id=PROJECT, org_id=ORG)
    today = date.today().isoformat()
    assert report.added and report.insight == "tier=A, score=71.23, cause=strong retention"
    assert report.ran == ["audit"] and "metrics" in report.failures[0]
    assert seen == [("pipeline_end", final_state)]
    # Same entity, same day: deduplicated. A dry run writes nothing. A half-filled state
    # (no entity_name) records nothing instead of "unknown, ?, 0.00".
    assert not geode.pipeline_end({**final_state, "tier": "S"}, project_id=PROJECT,
                                  org_id=ORG).added
    dry = geode.pipeline_end({**final_state, "entity_name": "entity_c", "dry_run": True},
                             project_id=PROJECT, org_id=ORG)
    assert not dry.added and dry.skipped == "dry run"
    assert geode.pipeline_end({"tier": "?"}, project_id=PROJECT, org_id=ORG).skipped == \
        "the state has no entity_name"
    assert geode.pipeline_end({**final_state, "entity_name": "entity_b", "tier": "B",
                               "final_score": 52.0, "synthesis_cause": ""},
                              project_id=PROJECT, org_id=ORG).added
    window = project.read_memory()  # the first 200 lines, as the next run reads them
    assert f"- {today}: [entity_b] tier=B, score=52.00" in window
    assert f"- {today}: [entity_a] tier=A, score=71.23, cause=strong retention" in window
    assert window.index("[entity_b]") < window.index("[entity_a]")  # newest first
    assert "entity_c" not in project.read_memory(max_lines=None)
    ctx = geode.context("entity_a 재분석", org_id=ORG, project_id=PROJECT,
                        session_id=build_session_key("entity_a", "analysis"),
                        budget={"project_tokens": 400})
    assert "[entity_b] tier=B" in ctx.text and "[entity_a] tier=A" in ctx.text


def test_hard_limit_keeps_the_prompt_under_six_thousand_characters(geode: Memory) -> None:
    """§7 phase 5: however much the tiers hold, the block never passes 6,000 characters."""
    for i in range(40):
        geode.remember(f"Organisation guideline {i}: " + "근거를 먼저 제시한다. " * 30,
                       org_id=ORG)
    ctx = geode.context("근거 제시 가이드", org_id=ORG, project_id=PROJECT,
                        budget={"memory_tokens": 20_000, "organisation_tokens": 20_000,
                                "item_tokens": 1000, "total_tokens": 50_000})
    assert 5000 < len(ctx.text) <= 6000
    assert any(c.reason.value == "hard_limit" for c in ctx.trace.cut)
    assert any("warn at 4000" in w for w in ctx.trace.warnings)
