"""The chat set (issue 16): its split is the fixed rule, and its scoring counts what it says."""

from __future__ import annotations

from collections import Counter

import pytest

from gieok.evaluation.chat_set import (
    ConversationResult,
    by_family,
    keyword_match,
    load_chat_set,
    required_facts,
    split_of,
    tally,
)
from gieok.errors import InvalidInputError


def test_dev_keeps_round_one_labels_and_test_is_the_fresh_held_out_file() -> None:
    dev = load_chat_set(split="dev")
    assert {c["split"] for c in dev} == {"dev"}
    assert {c["round1"] for c in dev} == {"dev", "test"}
    assert all(c["round1"] == split_of(c["id"]) for c in dev)
    test = load_chat_set(split="test")
    assert test and {c["split"] for c in test} == {"test"}
    ids = [c["id"] for c in dev + test]
    assert len(set(ids)) == len(ids) and len(load_chat_set()) == len(ids)


def test_a_file_given_by_path_keeps_its_own_labels(tmp_path) -> None:
    path = tmp_path / "set.yaml"
    path.write_text("- {id: a, split: test, at: '2026-01-01T00:00:00', turns: []}\n"
                    "- {id: b, split: dev, at: '2026-01-01T00:00:00', turns: []}\n")
    assert [c["id"] for c in load_chat_set(path, "test")] == ["a"]
    with pytest.raises(InvalidInputError):
        load_chat_set(path, "holdout")


def test_the_set_is_large_and_covers_every_family() -> None:
    cases = load_chat_set()
    turns = sum(len(c.get("turns", [])) + sum(len(s["turns"]) for s in c.get("sessions", []))
                for c in cases)
    assert turns >= 400
    families = Counter(f["f"] for c in cases for f in required_facts(c))
    assert set(families) >= {"family", "pet", "health", "work", "plan", "preference", "rule",
                             "possession", "place", "routine", "project"}
    test = load_chat_set(split="test")
    assert sum(1 for c in test if not required_facts(c) and c.get("kind") != "sequence") >= 20


def test_keywords_need_every_term_and_accept_alternatives() -> None:
    assert keyword_match(["nabi", "methimazole|메티마졸"], "User's cat Nabi takes methimazole")
    assert not keyword_match(["nabi", "insulin"], "User's cat Nabi takes methimazole")


def test_tally_charges_junk_and_noise() -> None:
    facts = ConversationResult("a", "dev", "facts", found=[{"f": "pet", "k": ["x"]}],
                               missed=[{"f": "pet", "k": ["y"]}],
                               precise=[("x", "pet")], junk=[("z", "noise")])
    noise = ConversationResult("b", "dev", "noise", junk=[("hello", "episode")])
    quiet = ConversationResult("c", "dev", "noise")
    t = tally([facts, noise, quiet], {"a": 1})
    assert (t.recall, t.precision, t.junk_rate, t.secrets) == (0.5, 0.5, 0.5, 1)
    fam = by_family([facts, noise])
    assert fam["pet"]["recall"] == 0.5 and fam["noise"]["precision"] == 0.0
