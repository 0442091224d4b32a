"""C6: narrower tiers override wider ones key by key; empty values never override."""

from __future__ import annotations

from gieok.context.merge import merge_by_scope, merge_tiers, tier_rank
from gieok.domain.scope import Scope


def test_narrower_tier_wins_key_by_key() -> None:
    org = {"rubric": "14 axes", "scale": "1-5", "tone": "formal"}
    project = {"tone": "friendly", "goal": "ship billing"}
    session = {"goal": "fix invoice rounding"}
    assert merge_tiers([org, project, session]) == {
        "rubric": "14 axes", "scale": "1-5", "tone": "friendly", "goal": "fix invoice rounding",
    }


def test_empty_values_never_override() -> None:
    merged = merge_tiers([{"a": "org", "b": [1], "c": {"x": 1}, "d": 0},
                          {"a": "", "b": [], "c": {}, "d": None, "e": None},
                          None, {}])
    assert merged == {"a": "org", "b": [1], "c": {"x": 1}, "d": 0, "e": None}


def test_false_and_zero_are_real_values() -> None:
    assert merge_tiers([{"flag": True, "n": 5}, {"flag": False, "n": 0}]) == {"flag": False,
                                                                              "n": 0}


def test_merge_by_scope_orders_by_tier_not_by_argument_order() -> None:
    user = Scope(org="acme", project="p", user="u1")
    org = Scope(org="acme")
    project = Scope(org="acme", project="p")
    assert tier_rank(org) < tier_rank(project) < tier_rank(user)
    merged = merge_by_scope([(user, {"k": "user"}), (org, {"k": "org", "o": 1}),
                             (project, {"k": "project"})])
    assert merged == {"k": "user", "o": 1}
