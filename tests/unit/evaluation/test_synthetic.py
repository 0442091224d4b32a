"""The synthetic LongMemEval-format generator: deterministic, loadable, gold labelled."""

from __future__ import annotations

import json
from pathlib import Path

from gieok.evaluation.longmemeval import load_longmemeval
from gieok.evaluation.synthetic import main, make_dataset


def test_deterministic_and_in_the_loader_format(tmp_path: Path) -> None:
    assert make_dataset(4, seed=3) == make_dataset(4, seed=3)
    assert make_dataset(4, seed=3) != make_dataset(4, seed=4)
    out = tmp_path / "syn.json"
    main([str(out), "--n", "8", "--seed", "1"])
    raw = json.loads(out.read_text())
    samples = load_longmemeval(out)
    assert len(raw) == len(samples) == 8
    assert all(len(s.questions) == 1 and s.skipped_questions == 0 for s in samples)
    updates = [e for e in raw if e["question_type"] == "knowledge-update"]
    assert updates and all(len(e["answer_session_ids"]) == 2 for e in updates)
    for entry, sample in zip(raw, samples, strict=True):
        gold = sample.questions[0].gold_sessions
        assert len(gold) == len(entry["answer_session_ids"])
        flagged = [t["content"] for s in entry["haystack_sessions"] for t in s
                   if t.get("has_answer")]
        assert flagged and all(t not in entry["question"] for t in flagged)


def test_long_turns_are_as_long_as_longmemeval_s_and_hide_needles(tmp_path: Path) -> None:
    from gieok.evaluation.synthetic import LONG_MAX, LONG_MIN

    plain = make_dataset(4, seed=5)
    assert plain == make_dataset(4, seed=5, long_turns=False)  # the default set is unchanged
    data = make_dataset(4, seed=5, long_turns=True)
    for index, entry in enumerate(data):
        lengths = [len(t["content"]) for s in entry["haystack_sessions"] for t in s
                   if t["role"] == "user"]
        long = [n for n in lengths if n >= LONG_MIN]
        assert long and max(long) <= LONG_MAX + 400
        needles = [t["content"] for s in entry["haystack_sessions"] for t in s
                   if t.get("has_answer")]
        # every second entry buries its (first) needle in the middle of a long turn
        assert any(len(n) >= LONG_MIN for n in needles) == (index % 2 == 0)
    out = tmp_path / "long.json"
    out.write_text(json.dumps(data))
    assert len(load_longmemeval(out)) == 4
