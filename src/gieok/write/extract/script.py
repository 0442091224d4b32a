"""Which language carries a sentence (W3): the extractor reads a Korean sentence with Korean
rules and an English one with English rules, and users mix the two ("저 Amazon에서 SDE로
일해요", "my 할머니 turns 90 next month").
"""

from __future__ import annotations

import re
from functools import lru_cache


# Pure; asked of one sentence several times a turn, and again when the session's episode
# re-reads it: cached per text.
@lru_cache(maxsize=16384)
def is_korean(text: str) -> bool:
    """Korean grammar carries the sentence: "My 할머니 turns 90 next month" is English with a
    Korean word in it, "저 Amazon에서 SDE로 일해요" is Korean with English words in it. The
    first clause decides when it is clear: "my 할머니 turns 90 next Saturday, 잔치 준비 중"
    and "I'm 채식주의자 btw, 계란은 먹어" are English sentences with a Korean afterthought."""
    head = re.split(r"[,;]", text, maxsplit=1)[0]
    if head != text:
        hangul, latin = _script_words(head)
        if hangul + latin >= 2 and hangul != latin:
            return hangul > latin
    hangul, latin = _script_words(text)
    words = text.strip(" .!?~…").split()
    if len(words) > 2 and _KO_WORD.match(words[0]) and _KO_WORD.match(words[-1]):
        # "저는 MacBook Air M2 써": a Korean subject and a Korean predicate at both ends carry
        # the sentence however many product words lie between them
        return True
    return hangul > 0 and hangul >= latin


_KO_WORD = re.compile(r"^[가-힣]+$")


def _script_words(text: str) -> tuple[int, int]:
    """(Korean words, Latin-script words): a Latin word with a Korean particle on it
    ("Standup은") is a Korean word."""
    return (len(re.findall(r"[가-힣]+", text)),
            len(re.findall(r"(?<![가-힣])[A-Za-z][A-Za-z'’]*(?![가-힣])", text)))
