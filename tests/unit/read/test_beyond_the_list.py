"""A full list's cut-off is not a score of 0 (read/fusion.beyond_the_list)."""

from __future__ import annotations

import pytest

from gieok.domain.query import Candidate
from gieok.read.fusion import beyond_the_list, calibrated_fusion


def _fuse(dense: list[Candidate], text: list[Candidate], *, depth: int, unlisted: float
          ) -> dict[str, float]:
    return {f.id: f.relevance for f in calibrated_fusion(
        {"dense": dense, "fulltext": text}, weights={"dense": 0.3, "fulltext": 0.7},
        dense_floor=0.7, dense_ceiling=0.9, fulltext_scale=0.5, depth=depth,
        unlisted=unlisted)}


# the model's first (a), which full text ranks past its depth; full text's 3 (x, y, z)
DENSE = [Candidate("a", 0.90), Candidate("x", 0.78), Candidate("y", 0.76)]
TEXT = [Candidate("x", 8.0), Candidate("y", 6.0), Candidate("z", 4.0)]


def test_a_full_lists_absent_candidate_scores_its_share_of_the_last() -> None:
    off = _fuse(DENSE, TEXT, depth=3, unlisted=0.0)
    on = _fuse(DENSE, TEXT, depth=3, unlisted=1.0)
    # a: not in full text, whose last (z) is 4/8 of its best: 0.7 x 0.5 more
    assert on["a"] == pytest.approx(off["a"] + 0.7 * 0.5)
    # z: not in the dense list: search fills full text's cut-off only
    assert on["z"] == pytest.approx(off["z"])
    # held by both lists: unchanged
    assert on["x"] == pytest.approx(off["x"]) and on["y"] == pytest.approx(off["y"])
    # the model's first now ranks above every full-text match but the best one, which the
    # model also holds; before, it ranked last
    assert sorted(on, key=on.__getitem__, reverse=True) == ["x", "a", "y", "z"]
    assert sorted(off, key=off.__getitem__, reverse=True) == ["x", "y", "z", "a"]


def test_share_scales_the_last_value() -> None:
    off = _fuse(DENSE, TEXT, depth=3, unlisted=0.0)
    half = _fuse(DENSE, TEXT, depth=3, unlisted=0.5)
    assert half["a"] == pytest.approx(off["a"] + 0.5 * 0.7 * 0.5)


def test_a_list_shorter_than_its_depth_held_every_match() -> None:
    # read 50 deep and only 3 came back: full text matched nothing else, absence is 0 there
    assert _fuse(DENSE, TEXT, depth=50, unlisted=1.0) == _fuse(DENSE, TEXT, depth=50,
                                                               unlisted=0.0)


def test_only_a_full_list_fills() -> None:
    dense = [Candidate("a", 0.9), Candidate("x", 0.8)]  # full at depth 2
    text = [Candidate("x", 8.0)]  # one match: short
    off = _fuse(dense, text, depth=2, unlisted=0.0)
    on = _fuse(dense, text, depth=2, unlisted=1.0)
    assert on == off  # every candidate is in the dense list; full text held all it matched


def test_every_full_list_when_asked() -> None:
    from gieok.read.fusion import Fused

    fused = [Fused("a", 0.5, {"dense": 1}), Fused("z", 0.4, {"fulltext": 1})]
    lists = {"dense": [Candidate("a", 0.9)], "fulltext": [Candidate("z", 3.0)]}
    out = beyond_the_list(fused, lists, {"dense": 1.0, "fulltext": 1.0}, 1, 0.5,
                          lambda name, c: {x.id: 1.0 for x in c})
    assert {f.id: f.relevance for f in out} == {"a": 0.75, "z": 0.65}
    only = beyond_the_list([Fused("a", 0.5, {"dense": 1}), Fused("z", 0.4, {"fulltext": 1})],
                           lists, {"dense": 1.0, "fulltext": 1.0}, 1, 0.5,
                           lambda name, c: {x.id: 1.0 for x in c}, only=("fulltext",))
    assert {f.id: f.relevance for f in only} == {"a": 0.75, "z": 0.4}


def test_zero_weight_list_and_empty_list_fill_nothing() -> None:
    from gieok.read.fusion import Fused

    fused = [Fused("a", 0.5, {"dense": 1}), Fused("z", 0.4, {"fulltext": 1})]
    lists = {"dense": [Candidate("a", 0.9)], "fulltext": [Candidate("z", 3.0)]}
    out = beyond_the_list(fused, lists, {"dense": 1.0, "fulltext": 0.0}, 1, 1.0,
                          lambda name, c: {x.id: 1.0 for x in c})
    assert {f.id: f.relevance for f in out} == {"a": 0.5, "z": 0.4 + 1.0}
    assert beyond_the_list([], {}, {"dense": 1.0}, 1, 1.0, lambda name, c: {}) == []
