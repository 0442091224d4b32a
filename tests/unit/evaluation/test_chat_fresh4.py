"""The fourth fresh chat file (round 3, session 5): its halves were fixed from the ids before
any content was written, so the split rule must hold for every item and no item may sit in
both halves — the test half's one scoring in docs/benchmarks.md depends on it."""

from __future__ import annotations

import hashlib
from pathlib import Path

from gieok.evaluation.chat_set import load_chat_set

DATA = Path(__file__).resolve().parents[3] / "src/gieok/evaluation/data"


def _half(case_id: str) -> str:
    return "test" if int(hashlib.sha256(case_id.encode()).hexdigest(), 16) % 5 in (0, 1) else "dev"


def test_both_halves_load_with_their_own_split_and_the_documented_counts() -> None:
    dev = load_chat_set(DATA / "chat_fresh4_dev.yaml", split="dev")
    test = load_chat_set(DATA / "chat_fresh4_test.yaml", split="test")
    assert (len(dev), len(test)) == (166, 137)
    assert not {c["id"] for c in dev} & {c["id"] for c in test}


def test_every_item_sits_in_the_half_its_id_decides() -> None:
    for name, half in (("chat_fresh4_dev.yaml", "dev"), ("chat_fresh4_test.yaml", "test")):
        cases = load_chat_set(DATA / name, split="all")
        assert cases and all(c["split"] == half == _half(c["id"]) for c in cases)
