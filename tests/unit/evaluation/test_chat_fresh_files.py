"""The fresh chat files (round 3, sessions 4 to 24): each item's half was fixed from its id
before any content was written, so the split rule must hold for every item and no item may sit
in both halves — each test half's one scoring in docs/benchmarks.md depends on it."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from gieok.evaluation.chat_set import load_chat_set

DATA = Path(__file__).resolve().parents[3] / "src/gieok/evaluation/data"
FILES = [("chat_fresh3", 191, 129), ("chat_fresh4", 166, 137), ("chat_fresh5", 198, 114),
         ("chat_fresh6", 193, 119), ("chat_fresh7", 184, 128),
         ("chat_fresh8", 174, 138), ("chat_fresh9", 170, 124),
         ("chat_fresh10", 180, 111), ("chat_fresh11", 174, 117),
         ("chat_fresh12", 169, 122), ("chat_fresh13", 167, 124),
         ("chat_fresh14", 176, 115), ("chat_fresh15", 171, 120),
         ("chat_fresh16", 157, 134), ("chat_fresh17", 176, 114),
         ("chat_fresh18", 171, 119), ("chat_fresh19", 105, 75),
         ("chat_fresh20", 184, 101), ("chat_fresh21", 170, 115),
         ("chat_fresh22", 161, 124), ("chat_fresh23", 166, 119)]


def _half(case_id: str) -> str:
    return "test" if int(hashlib.sha256(case_id.encode()).hexdigest(), 16) % 5 in (0, 1) else "dev"


@pytest.mark.parametrize(("stem", "dev_items", "test_items"), FILES)
def test_both_halves_load_with_their_own_split_and_the_documented_counts(
        stem: str, dev_items: int, test_items: int) -> None:
    dev = load_chat_set(DATA / f"{stem}_dev.yaml", split="dev")
    test = load_chat_set(DATA / f"{stem}_test.yaml", split="test")
    assert (len(dev), len(test)) == (dev_items, test_items)
    assert not {c["id"] for c in dev} & {c["id"] for c in test}


@pytest.mark.parametrize("stem", [stem for stem, _, _ in FILES])
def test_every_item_sits_in_the_half_its_id_decides(stem: str) -> None:
    for half in ("dev", "test"):
        cases = load_chat_set(DATA / f"{stem}_{half}.yaml", split="all")
        assert cases and all(c["split"] == half == _half(c["id"]) for c in cases)
