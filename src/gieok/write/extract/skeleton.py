"""The same word across scripts: a consonant skeleton of a Hangul word and of a Latin one, so a
loanword a user writes in Korean one day ("아포퀠") and in English the next ("Apoquel") is known to
be one thing when a new value is compared with a stored memory (``new_value.same_word``). Pure.
"""

from __future__ import annotations

import re
import unicodedata

_LEAD = "k k n t t r m p p s s _ j j j k t p h".split()
_TAIL = ["", "k", "k", "k", "n", "n", "n", "t", "r", "r", "r", "r", "r", "r", "r", "r", "m",
         "p", "p", "s", "s", "", "j", "j", "k", "t", "p", "h"]
_VOWEL_Y = {2, 3, 6, 7, 12, 17}  # ㅑ ㅒ ㅕ ㅖ ㅛ ㅠ


def _hangul(word: str) -> str:
    out = []
    for ch in word:
        code = ord(ch) - 0xAC00
        if not 0 <= code < 11172:
            continue
        lead, vowel, tail = code // 588, (code % 588) // 28, code % 28
        out.append(_LEAD[lead].replace("_", "") + ("y" if vowel in _VOWEL_Y else "")
                   + _TAIL[tail])
    return "".join(out)


def latin_skeleton(word: str) -> str:
    """A Latin word's consonants as a Korean ear hears them ("Apoquel" → "pkr"): loanwords
    written in the other script compare equal when their skeletons do."""
    w = unicodedata.normalize("NFKD", word.casefold())
    w = re.sub(r"[^a-z]", "", w)
    # "ng" is the final ㅇ, which has no consonant ("Samsung" ~ "삼성", "Kang" ~ "강"); before a
    # vowel the g opens the next syllable ("Singapore" ~ "싱가포르")
    w = re.sub(r"ng(?![aeiouy])", "", w)
    w = re.sub(r"ng(?=[aeiouy])", "g", w)
    for a, b in (("ph", "p"), ("th", "t"), ("ck", "k"), ("ch", "j"), ("sh", "s"), ("x", "ks"),
                 ("qu", "k"), ("q", "k"), ("c", "k"), ("f", "p"), ("v", "b"), ("b", "p"),
                 ("l", "r"), ("z", "j"), ("g", "k"), ("d", "t"), ("w", "")):
        w = w.replace(a, b)
    w = re.sub(r"(?<=[^aeiou])y|^y", "y", w)
    w = re.sub(r"[aeiou]", "", w)
    return re.sub(r"(.)\1+", r"\1", w)


def ko_skeleton(word: str) -> str:
    """A Hangul word's consonants, romanised to compare with ``latin_skeleton`` ("아포퀠" ~
    "Apoquel")."""
    s = _hangul(word).replace("g", "k").replace("b", "p").replace("d", "t")
    return re.sub(r"(.)\1+", r"\1", s)
