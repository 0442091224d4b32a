"""Seed 002: a project rule with ``paths: ["**/billing*"]`` appears only for billing
entities; MEMORY.md (first 200 lines) always; organisation knowledge is shared."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gieok import Memory, GieokSettings
from gieok.domain.context import SectionKind

pytestmark = [pytest.mark.integration, pytest.mark.slow]
REAL_EMBEDDER = "local:multilingual-e5-small"
BILLING_RULE = """---
name: billing-rules
paths:
  - "**/billing*"
---

# 결제 분석 규칙
- 금액은 원 단위로 반올림하지 않는다 (Never round amounts before tax).
"""


@pytest.fixture
def real_memory(tmp_path: Path, make_settings: Callable[..., GieokSettings]
                ) -> Iterator[Memory]:
    settings = make_settings(embedder=REAL_EMBEDDER,
                             context={"project_roots": {"acme/geode": str(tmp_path / ".claude")}})
    mem = Memory(f"sqlite:///{tmp_path / 'project.db'}", settings=settings)
    yield mem
    mem.close()


def test_billing_rule_only_for_billing_entities(real_memory: Memory, tmp_path: Path) -> None:
    project = real_memory.project_memory("geode", org_id="acme")
    assert project.root == tmp_path / ".claude"
    project.rules_dir.mkdir(parents=True)
    (project.rules_dir / "billing.md").write_text(BILLING_RULE, encoding="utf-8")  # by hand
    project.write_rule("tone", "Write findings in Korean, numbers in English.")
    project.write_memory("# GEODE\n" + "\n".join(f"- note {i}" for i in range(250)))
    project.add_insight("tier=A, score=71.00", entity="billing-api")
    real_memory.remember("분석 결과는 14개 축 1-5점 루브릭으로 평가한다", org_id="acme",
                         layer="organisation")
    scope = {"org_id": "acme", "project_id": "geode", "user_id": "analyst"}
    for entity, expected in (("billing-api", True), ("services/billing", True),
                             ("payments/billing_v2", True), ("auth-service", False),
                             ("rebilling", False)):
        ctx = real_memory.context("결제 데이터 분석해줘", entity=entity, **scope,
                                  budget={"project_tokens": 3000})
        assert ("Never round amounts" in ctx.text) is expected, entity
        project_section = ctx.section(SectionKind.PROJECT)
        assert project_section is not None
        text = "\n".join(i.text for i in project_section.items)
        assert "Write findings in Korean" in text and "- note 194" in text
        assert "[billing-api] tier=A, score=71.00" in text  # insights sit at the top
        assert "- note 195" not in text  # only the first 200 lines of MEMORY.md
        assert "14개 축" in ctx.text and ctx.section(SectionKind.ORGANISATION) is not None
    default = real_memory.context("결제 데이터 분석해줘", entity="billing-api", **scope)
    section = default.section(SectionKind.PROJECT)  # default 800 tokens: rules + a prefix
    assert section is not None and section.tokens <= 800 and "- note 0" in default.text
    assert "Never round amounts" in default.text
    no_entity = real_memory.context("결제 데이터 분석해줘", **scope)
    assert "Never round amounts" not in no_entity.text
    everything = real_memory.context("결제 데이터 분석해줘", entity="*", **scope)
    assert "Never round amounts" in everything.text
    # A hand edit to a rule is picked up even though the context was cached.
    (project.rules_dir / "billing.md").write_text(
        BILLING_RULE.replace("Never round", "Always round"), encoding="utf-8")
    edited = real_memory.context("결제 데이터 분석해줘", entity="billing-api", **scope)
    assert "Always round amounts" in edited.text and not edited.trace.cached
