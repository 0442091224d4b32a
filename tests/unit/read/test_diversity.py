"""R4: near-duplicate removal and MMR over word overlap."""

from __future__ import annotations

from gieok.read.diversity import drop_near_duplicates, jaccard, mmr, words

ITEMS = [
    ("a", 0.9, "User lives in Gangnam-gu, Seoul"),
    ("b", 0.8, "user lives in Gangnam-gu Seoul"),
    ("c", 0.7, "User is allergic to peanuts"),
    ("d", 0.6, "User lives in Gangnam gu in Seoul now"),
]


def _text(item: tuple[str, float, str]) -> str:
    return item[2]


def test_words_and_jaccard() -> None:
    assert words("Hello, hello WORLD") == {"hello", "world"}
    assert jaccard(words("a b"), words("b c")) == 1 / 3
    assert jaccard(frozenset(), frozenset()) == 1.0


def test_near_duplicates_keep_the_best_copy() -> None:
    kept = drop_near_duplicates(ITEMS, _text, threshold=1.0)
    assert [i[0] for i in kept] == ["a", "c", "d"]
    looser = drop_near_duplicates(ITEMS, _text, threshold=0.6)
    assert [i[0] for i in looser] == ["a", "c"]


def test_mmr_trades_score_for_novelty() -> None:
    plain = mmr(ITEMS, lambda i: i[1], _text, lam=1.0, k=3)
    assert [i[0] for i in plain] == ["a", "b", "c"]
    diverse = mmr(ITEMS, lambda i: i[1], _text, lam=0.5, k=3)
    assert [i[0] for i in diverse][:2] == ["a", "c"]
    assert len(mmr(ITEMS, lambda i: i[1], _text, lam=0.5, k=10)) == 4


def test_near_duplicate_check_stops_at_the_limit() -> None:
    seen: list[str] = []

    def text(item: tuple[str, float, str]) -> str:
        seen.append(item[0])
        return item[2]

    kept = drop_near_duplicates(ITEMS, text, threshold=1.0, limit=2)
    assert [i[0] for i in kept] == ["a", "c"] and seen == ["a", "b", "c"]
