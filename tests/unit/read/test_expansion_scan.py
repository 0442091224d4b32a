"""``Lexicon._opening_words`` (the Korean words of the lexicon that open an eojeol) finds by
prefix lookup exactly what asking every lexicon word of every eojeol finds, in the same
order — on every Korean word of the real lexicon, with particles, endings, other endings,
words inside words and words that only start alike."""

from __future__ import annotations

import random

from gieok.read.expansion import _LEXICON, _FOLLOWERS, _opens


def scan(eojeols: list[str]) -> list[str]:
    return [w for w in _LEXICON.korean_long if any(_opens(e, w) for e in eojeols)]


def test_prefix_lookup_finds_what_the_full_scan_finds() -> None:
    words = list(_LEXICON.korean_long)
    assert len(words) > 100
    rng = random.Random(7)
    tails = ["", *_FOLLOWERS, "님", "스", "디어", "들이", "했어요", "x"]
    cases = [[w + t] for w in words for t in rng.sample(tails, 4)]
    cases += [[rng.choice(words) + rng.choice(tails) for _ in range(rng.randint(1, 6))]
              for _ in range(2000)]
    cases += [[w[:-1]] for w in words] + [[]]
    found_any = 0
    for eojeols in cases:
        expected = scan(eojeols)
        assert _LEXICON._opening_words(eojeols) == expected, eojeols
        found_any += bool(expected)
    assert found_any > len(cases) // 2


def test_lines_named_of_korean_queries() -> None:
    assert _LEXICON.lines_named("남동생은 강아지랑 산책했어")
    assert _LEXICON.lines_named("아이디어가 좋네요") == _LEXICON.lines_named("좋네요")
