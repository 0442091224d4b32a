"""The metric definitions, checked by hand on tiny rankings."""

from __future__ import annotations

import math

import pytest

from gieok.evaluation.metrics import (
    Tally,
    all_at,
    any_at,
    dedupe,
    ndcg_at,
    percentile,
    question_metrics,
    recall_at,
    reciprocal_rank,
)

RANKED = [["a"], ["b"], ["c", "d"], ["e"]]


def test_recall_any_all() -> None:
    gold = {"b", "d", "z"}
    assert recall_at(RANKED, gold, 1) == 0.0
    assert recall_at(RANKED, gold, 2) == pytest.approx(1 / 3)
    assert recall_at(RANKED, gold, 3) == pytest.approx(2 / 3)
    assert any_at(RANKED, gold, 1) == 0.0 and any_at(RANKED, gold, 2) == 1.0
    assert all_at(RANKED, gold, 4) == 0.0
    assert all_at(RANKED, {"c", "d"}, 3) == 1.0 and all_at(RANKED, {"c", "d"}, 2) == 0.0
    assert recall_at(RANKED, set(), 3) == 0.0


def test_mrr() -> None:
    assert reciprocal_rank(RANKED, {"d"}) == pytest.approx(1 / 3)
    assert reciprocal_rank(RANKED, {"a", "e"}) == 1.0
    assert reciprocal_rank(RANKED, {"z"}) == 0.0


def test_ndcg() -> None:
    ranked = [["x"], ["g1"], ["y"], ["g2"]]
    dcg = 1 / math.log2(3) + 1 / math.log2(5)
    ideal = 1 + 1 / math.log2(3)
    assert ndcg_at(ranked, {"g1", "g2"}, 4) == pytest.approx(dcg / ideal)
    assert ndcg_at([["g1"], ["g2"]], {"g1", "g2"}, 2) == pytest.approx(1.0)
    # a gold key counted once even when two positions hold it
    assert ndcg_at([["g1"], ["g1"]], {"g1", "g2"}, 2) == pytest.approx(1 / ideal)
    assert ndcg_at(ranked, set(), 3) == 0.0


def test_dedupe_keeps_first_occurrence() -> None:
    assert dedupe(["s2", "s1", "s2", "s3", "s1"]) == [["s2"], ["s1"], ["s3"]]


def test_question_metrics_and_tally() -> None:
    row = question_metrics(RANKED, {"a", "e"}, (1, 4), ndcg=True)
    assert row["recall@1"] == 0.5 and row["recall@4"] == 1.0
    assert row["any@1"] == 1.0 and row["all@1"] == 0.0 and row["mrr"] == 1.0
    assert "ndcg@4" in row
    tally = Tally()
    tally.add("1", {"recall@1": 1.0})
    tally.add("2", {"recall@1": 0.0})
    tally.add("10", {"recall@1": 0.0})
    tally.add("2", {"recall@1": 0.5})
    assert tally.categories() == ["1", "2", "10"]
    assert tally.mean(["1", "2"]) == {"recall@1": 0.5}
    assert tally.count(["2"]) == 2 and tally.count() == 4
    assert tally.mean(["missing"]) == {}


def test_percentile() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50.0
    assert percentile(values, 95) == 95.0
    assert percentile([], 95) == 0.0
    assert percentile([7.0], 50) == 7.0
