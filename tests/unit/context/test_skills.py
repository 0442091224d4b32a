"""C4: skills match by trigger; narrower scopes override a skill of the same name."""

from __future__ import annotations

import pytest

from gieok.context.skills import build_skill, matching_skills, trigger_match
from gieok.domain.records import Layer, MemoryRecord
from gieok.domain.scope import Scope
from gieok.errors import InvalidInputError


def _record(scope: Scope, **data: object) -> MemoryRecord:
    return MemoryRecord(scope=scope, layer=Layer.PROCEDURAL, content="skill", data=data)


def test_triggers_substring_glob_and_regex() -> None:
    skill = build_skill("wikify", ["wiki화", "위키", "wikify", "summar*ze", r"/\bADR-\d+\b/"],
                        ["collect", "write"])
    assert trigger_match(skill, "이 문서 위키로 정리해줘") == "위키"
    assert trigger_match(skill, "Please WIKIFY this") == "wikify"
    assert trigger_match(skill, "can you summarize it") == "summar*ze"
    assert trigger_match(skill, "see adr-12 for context") == r"/\bADR-\d+\b/"
    assert trigger_match(skill, "what's the weather") is None


def test_invalid_skills_are_refused() -> None:
    with pytest.raises(InvalidInputError):
        build_skill("", ["x"], ["y"])
    with pytest.raises(InvalidInputError):
        build_skill("s", [], ["y"])
    with pytest.raises(InvalidInputError):
        build_skill("s", ["  "], ["y"])
    with pytest.raises(InvalidInputError):
        build_skill("s", ["/[unclosed/"], ["y"])


def test_narrower_scope_overrides_steps_but_not_with_empty_values() -> None:
    org = _record(Scope(org="acme"), name="deploy", triggers=["deploy"], steps=["org step"],
                  description="Org deploy")
    user = _record(Scope(org="acme", user="u1"), name="Deploy", triggers=["deploy", "ship"],
                   steps=["my step 1", "my step 2"], description="")
    found = matching_skills([user, org], "ship it")
    assert len(found) == 1
    skill, trigger, ids = found[0]
    assert trigger == "ship" and skill.steps == ["my step 1", "my step 2"]
    assert skill.description == "Org deploy" and set(ids) == {org.id, user.id}
    assert "1. my step 1" in skill.render()
