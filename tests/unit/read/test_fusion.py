"""RRF and score fusion: relevance in [0, 1], weights, annotation-only lists."""

from __future__ import annotations

import pytest

from gieok.domain.query import Candidate
from gieok.read.fusion import rrf, score_fusion

DENSE = [Candidate("a", 0.9), Candidate("b", 0.8), Candidate("c", 0.5)]
FULL = [Candidate("c", 12.0), Candidate("a", 3.0)]


def test_rrf_rank_one_everywhere_is_one() -> None:
    fused = rrf({"dense": DENSE, "fulltext": [Candidate("a", 1.0)]},
                weights={"dense": 1.0, "fulltext": 1.0})
    assert fused[0].id == "a" and fused[0].relevance == pytest.approx(1.0)


def test_score_fusion_keeps_margins() -> None:
    fused = {f.id: f for f in score_fusion({"dense": DENSE, "fulltext": FULL},
                                           weights={"dense": 0.3, "fulltext": 0.7})}
    # c: dense rescaled 0.0, BM25 best (1.0); a: dense 1.0, BM25 3/12
    assert fused["c"].relevance == pytest.approx(0.7)
    assert fused["a"].relevance == pytest.approx(0.3 + 0.7 * 0.25)
    assert fused["b"].relevance == pytest.approx(0.3 * 0.75)
    assert fused["a"].ranks == {"dense": 1, "fulltext": 2}
    assert fused["c"].raw["fulltext"] == 12.0
    assert all(0.0 <= f.relevance <= 1.0 for f in fused.values())


def test_zero_weight_list_only_annotates() -> None:
    fused = score_fusion({"dense": DENSE, "fulltext": FULL},
                         weights={"dense": 0.0, "fulltext": 1.0})
    by_id = {f.id: f for f in fused}
    assert by_id["b"].relevance == 0.0 and by_id["b"].ranks == {"dense": 2}
    assert [f.id for f in fused][:2] == ["c", "a"]


def test_single_candidate_and_empty_lists() -> None:
    assert score_fusion({"dense": [Candidate("x", 0.2)]}, weights={"dense": 1.0})[0].relevance \
        == pytest.approx(1.0)
    assert score_fusion({}, weights={"dense": 1.0}) == []
