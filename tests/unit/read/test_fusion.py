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


def test_full_text_evidence_by_magnitude_and_selectivity() -> None:
    from gieok.read.fusion import evidence

    dense = [Candidate(str(i), 0.8) for i in range(6)]
    # every document of a small scope matched only a term FTS5 clamps to IDF 1e-6
    everywhere = [Candidate(str(i), 1e-6) for i in range(6)]
    assert evidence(everywhere, dense, 0.5, depth=50) == pytest.approx(0.0, abs=1e-5)
    # the same near-zero BM25 on one document of six is selective
    assert evidence(everywhere[:1], dense, 0.5, depth=50) == pytest.approx(5 / 6)
    # a big scope (the dense list is full): only the magnitude can tell
    assert evidence(everywhere[:1], dense, 0.5, depth=6) == pytest.approx(0.0, abs=1e-5)
    assert evidence([Candidate("a", 7.5)], dense, 0.5, depth=6) == 1.0
    assert evidence([], dense, 0.5, depth=50) == 0.0


def test_evidence_without_rarity_weights_trusts_selectivity_only() -> None:
    """ts_rank (PostgreSQL) scores a name every turn contains as high as a rare word."""
    from gieok.read.fusion import evidence

    dense = [Candidate(str(i), 0.8) for i in range(6)]
    everywhere = [Candidate(str(i), 0.6) for i in range(6)]
    assert evidence(everywhere, dense, 0.5, depth=50, rarity=False) == 0.0
    assert evidence(everywhere[:2], dense, 0.5, depth=50, rarity=False) == pytest.approx(4 / 6)
    # a scope too big for the dense list to see whole: full text keeps its weight
    assert evidence(everywhere, dense, 0.5, depth=6, rarity=False) == 1.0
    assert evidence(everywhere, dense, 0.5, depth=50) == 1.0  # the magnitude reading


def test_weak_full_text_hands_its_weight_to_meaning() -> None:
    from gieok.read.fusion import calibrated_fusion

    dense = [Candidate("dog", 0.87), Candidate("work", 0.80)]
    common = [Candidate("work", 1e-6), Candidate("dog", 1e-6)]  # both matched only "user"
    fused = {f.id: f.relevance for f in calibrated_fusion(
        {"dense": dense, "fulltext": common}, weights={"dense": 0.3, "fulltext": 0.7},
        dense_floor=0.77, dense_ceiling=0.90, fulltext_scale=0.5, depth=50)}
    assert fused["dog"] > fused["work"] + 0.4
    minmax = {f.id: f.relevance for f in score_fusion(
        {"dense": dense, "fulltext": common}, weights={"dense": 0.3, "fulltext": 0.7})}
    assert minmax["work"] > 0.69  # what it was: the shared word alone gave 0.7


def test_candidates_under_the_dense_floor_keep_the_models_order() -> None:
    """A request no memory answers: every cosine is under the "unrelated" level, yet the model
    still orders them (a tie would let recency rank the oldest fact last)."""
    from gieok.read.fusion import calibrated_fusion

    lists = {"dense": [Candidate("near", 0.782), Candidate("far", 0.700), Candidate("old", 0.79)]}
    fused = calibrated_fusion(lists, weights={"dense": 1.0}, dense_floor=0.8,
                              dense_ceiling=0.95, fulltext_scale=0.5, depth=3)
    assert [f.id for f in fused] == ["old", "near", "far"]
    assert all(0.0 < f.relevance <= 1e-3 for f in fused)
