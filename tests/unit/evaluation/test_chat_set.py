"""The chat set (issue 16): its split is the fixed rule, and its scoring counts what it says."""

from __future__ import annotations

from collections import Counter

import anyio
import pytest

from gieok.evaluation.chat_set import (
    ConversationResult,
    by_family,
    evaluate_chat_set,
    dev_part,
    keyword_match,
    load_chat_set,
    required_facts,
    split_of,
    tally,
)
from gieok.errors import InvalidInputError


def test_both_bundled_files_are_dev_with_a_fixed_self_held_out_part() -> None:
    dev = load_chat_set(split="dev")
    assert {c["split"] for c in dev} == {"dev-train", "dev-check"}
    assert {c["origin"] for c in dev} == {"chat_set.yaml", "chat_test.yaml", "chat_more.yaml"}
    first = [c for c in dev if c["origin"] == "chat_set.yaml"]
    assert {c["round1"] for c in first} == {"dev", "test"}
    assert all(c["round1"] == split_of(c["id"]) for c in first)
    # dev-check only holds cases of the file the rules were never tuned on, by the fixed rule
    check = load_chat_set(split="dev-check")
    assert check and all(c["origin"] == "chat_test.yaml" for c in check)
    assert all(dev_part(c["id"], c["origin"]) == c["split"] for c in dev)
    train = load_chat_set(split="dev-train")
    ids = [c["id"] for c in train + check]
    assert len(set(ids)) == len(ids) == len(dev) == len(load_chat_set())
    # the test split is the round-3 held-out file only, never part of dev
    test = load_chat_set(split="test")
    assert len(test) == 273 and all(c["origin"] == "chat_heldout.yaml" for c in test)
    assert not {c["id"] for c in test} & set(ids)
    assert all(c["id"].startswith("h3-") and c["split"] == "test" for c in test)


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
    check = load_chat_set(split="dev-check")
    assert sum(1 for c in check if not required_facts(c) and c.get("kind") != "sequence") >= 20


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


def test_a_sequence_that_only_repeats_needs_no_inactive_values(tmp_path) -> None:
    """Three sessions saying the same thing: one active memory, no old value to list."""
    said = {"turns": [{"u": "I play the cello in a community orchestra"},
                      {"a": "Lovely. Which piece are you rehearsing?"}]}
    case = {"id": "repeat", "split": "dev", "kind": "sequence", "query": "what do I play?",
            "sessions": [{**said, "at": f"2026-0{m}-01T10:00"} for m in (1, 2, 3)],
            "active": [["cello"]]}
    report = anyio.run(lambda: evaluate_chat_set([case], workdir=tmp_path))
    (result,) = report.results
    assert result.kind == "sequence"
    assert sum("cello" in m.casefold() for m in result.memories) == 1, result.memories
    assert result.sequence_ok, result.notes


def test_a_context_lines_date_is_not_what_it_states() -> None:
    """An old value "6" must not match the date every context line starts with."""
    from gieok.evaluation.chat_set import _stated

    line = "- [2026-06-01] User's son Leo turned 7"
    assert keyword_match(["leo", "6"], line)          # the raw line: the date says 6
    assert not keyword_match(["leo", "6"], _stated(line))
    assert _stated("- [2026-06-01] user: Leo is 6 now") == "Leo is 6 now"
    assert _stated("## Relevant memories (relevance 0.61)") == "## Relevant memories (relevance 0.61)"


def test_an_ending_kept_as_history_is_not_a_current_old_value(tmp_path) -> None:
    """The old value fails a sequence only in a current memory: "User left Deloitte" (a
    memory of the ending, ``is_history``) names Deloitte as history, shown as past."""
    case = {"id": "left", "split": "dev", "kind": "sequence", "query": "where did I work?",
            "sessions": [
                {"at": "2026-01-12T09:00", "turns": [{"u": "I work at Deloitte as an auditor"}]},
                {"at": "2026-05-04T18:00", "turns": [{"u": "big news, I left Deloitte"}]}],
            "active": [], "inactive": [["Deloitte"]]}
    report = anyio.run(lambda: evaluate_chat_set([case], workdir=tmp_path))
    (result,) = report.results
    assert any("Deloitte" in m for m in result.memories), result.memories
    assert result.sequence_ok, result.notes
