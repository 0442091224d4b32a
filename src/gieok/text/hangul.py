"""One pattern for a Hangul syllable, shared by the modules that ask whether text is Korean.

Many modules of the write path each compiled the same character class of their own; this is
the one to import instead (``HANGUL.search(text)``: the text has a Korean syllable)."""

from __future__ import annotations

import re

# a precomposed Hangul syllable, 가 (U+AC00) to 힣 (U+D7A3); bare jamo (ㅋ, ㅠ) are not syllables
HANGUL = re.compile(r"[\uac00-\ud7a3]")

_SSANG_SIOS = 20  # the final consonant ㅆ of a syllable (했, 었, 갔): the past tense before 다


def present_tense(clause: str) -> bool:
    """A Korean clause that ends in a present-tense predicate ("돌아온다", "다닌다", "있다",
    "하는 중"): the syllable before the final 다 has no ㅆ — "했다", "겹쳤다", "갔다" are past,
    and a clause without a final predicate ("회사 일 때문에") is neither."""
    text = clause.strip(" .!?~ㅋㅎㅠㅜ")
    if text.endswith("중") or text.endswith("중이다"):
        return True
    if len(text) < 2 or not text.endswith("다") or not HANGUL.match(text[-2]):
        return False
    return (ord(text[-2]) - 0xAC00) % 28 != _SSANG_SIOS
