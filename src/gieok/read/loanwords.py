"""Whether a Korean word is an English word borrowed: "첼로" is "cello", "우쿨렐레" is
"ukulele", "마라톤" is "marathon".

Korean writes a borrowed word by its sound, so the two spellings share no letter and full
text cannot match them; the small model relates them little across languages ("나 첼로 언제부터
배웠지?" against "I started learning the cello": nothing found). The lexicon
(read/lexicon.txt) lists many such words in both spellings as narrower kinds (instruments,
drugs, breeds, sports, brands), but only its head words were bridged. So each spelling
is reduced to a skeleton of consonant classes, which a borrowing keeps (vowels do not:
English spells them loosely, and Korean adds 으 between consonants), and two words with
the same skeleton are one word written twice (``sounds_alike``).

Classes follow how Korean borrows English consonants: p/b/f/v → ㅂ/ㅍ, t/d/th → ㄷ/ㅌ,
k/g/c/q → ㄱ/ㅋ, s/th/sh → ㅅ, j/ch/z → ㅈ/ㅊ, l/r → ㄹ (an r before no vowel is dropped:
guitar → 기타), m, n, ng, h. A soft c or g ("cello", "gem") may be either of two. A
skeleton of one consonant says too little alone ("요가" yoga and "기아" car are both K):
there the first vowel must agree too.
"""

from __future__ import annotations

from functools import lru_cache

Skeleton = tuple[frozenset[str], ...]

_P, _T, _K, _S, _J, _L = "P", "T", "K", "S", "J", "L"
# Hangul initials (19) and finals (28, the first none), by Unicode order.
_INITIALS = (_K, _K, "N", _T, _T, _L, "M", _P, _P, _S, _S, "", _J, _J, _J, _K, _T, _P, "H")
_FINALS = ("", _K, _K, _K + _S, "N", "NJ", "NH", _T, _L, _L + _K, _L + "M", _L + _P,
           _L + _S, _L + _T, _L + _P, _L + "H", "M", _P, _P + _S, "S", "S", "G", _J, _J,
           _K, _T, _P, "H")
_VOWELS = set("aeiouy")


def _set(*classes: str) -> frozenset[str]:
    return frozenset(classes)


def _collapsed(parts: list[frozenset[str]]) -> Skeleton:
    out: list[frozenset[str]] = []
    for part in parts:
        if part and (not out or out[-1] != part):
            out.append(part)
    return tuple(out)


@lru_cache(maxsize=8192)
def korean_skeleton(word: str) -> Skeleton:
    """The consonant classes of a Hangul word, doubled ones once ("첼로" → J L)."""
    parts: list[frozenset[str]] = []
    for char in word:
        code = ord(char) - 0xAC00
        if not 0 <= code < 11172:
            return ()
        initial, final = code // 588, code % 28
        if _INITIALS[initial]:
            parts.append(_set(_INITIALS[initial]))
        coda = _FINALS[final]
        if coda == "G":  # ㅇ as a final is "ng"
            parts.append(_set("NG"))
        elif coda == "S":  # ㅅ/ㅆ as a final stands for a t or an s ("넷플릭스": net)
            parts.append(_set(_T, _S))
        elif coda:
            parts.extend(_set(c) for c in _split_coda(coda))
    return _collapsed(parts)


def _split_coda(coda: str) -> list[str]:
    return ["NG" if c == "G" else c for c in coda]


# English letters and digraphs -> classes (a tuple: one class set per consonant sound).
_DIGRAPHS: dict[str, tuple[frozenset[str], ...]] = {
    "ch": (_set(_J, _K),), "sh": (_set(_S),), "th": (_set(_T, _S),), "ph": (_set(_P),),
    "ck": (_set(_K),), "gh": (), "ng": (_set("NG"),), "qu": (_set(_K),), "wh": (),
    "tch": (_set(_J),), "nk": (_set("NG"), _set(_K)),
}
_LETTERS: dict[str, tuple[frozenset[str], ...]] = {
    "b": (_set(_P),), "p": (_set(_P),), "f": (_set(_P),), "v": (_set(_P),),
    "t": (_set(_T),), "d": (_set(_T),), "k": (_set(_K),), "q": (_set(_K),),
    "s": (_set(_S),), "z": (_set(_J, _S),), "j": (_set(_J),), "x": (_set(_K), _set(_S)),
    "l": (_set(_L),), "r": (_set(_L),), "m": (_set("M"),), "n": (_set("N"),),
    "h": (_set("H"),), "w": (), "y": (),
}


@lru_cache(maxsize=8192)
def english_skeleton(word: str) -> Skeleton:
    """The consonant classes of a Latin word as Korean would borrow them ("cello" → {S,J}
    L, "guitar" → K T)."""
    text = word.lower()
    if not text.isascii() or not text.isalpha():
        return ()
    parts: list[frozenset[str]] = []
    i = 0
    while i < len(text):
        char = text[i]
        following = text[i + 1] if i + 1 < len(text) else ""
        digraph = next((d for d in ("tch", *_DIGRAPHS) if text.startswith(d, i)), None)
        if digraph is not None:
            parts.extend(_DIGRAPHS[digraph])
            i += len(digraph)
            continue
        if char in _VOWELS:
            i += 1
            continue
        if char == "c":
            parts.append(_set(_S, _J) if following in ("e", "i", "y") else _set(_K))
        elif char == "g":
            parts.append(_set(_K, _J) if following in ("e", "i", "y") else _set(_K))
        elif char == "r" and following not in _VOWELS:
            pass  # "guitar" → 기타, "starbucks" → 스타벅스
        else:
            parts.extend(_LETTERS.get(char, ()))
        i += 1
    return _collapsed(parts)


# The first vowel, by class, for a skeleton of one consonant ("요가" and "yoga": K and O).
# Hangul medials (21) by Unicode order; English by letter.
_MEDIALS = ("A", "E", "A", "E", "OU", "E", "OU", "E", "O", "A", "E", "E", "O", "U", "OU",
            "E", "I", "U", "", "I", "I")
_EN_VOWEL = {"a": "AE", "e": "EI", "i": "I", "o": "O", "u": "U"}


def _first_vowel_ko(word: str) -> frozenset[str]:
    for char in word:
        code = ord(char) - 0xAC00
        if 0 <= code < 11172 and _MEDIALS[(code % 588) // 28]:
            return frozenset(_MEDIALS[(code % 588) // 28])
    return frozenset()


def _first_vowel_en(word: str) -> frozenset[str]:
    return next((frozenset(_EN_VOWEL[c]) for c in word.lower() if c in _EN_VOWEL),
                frozenset())


def sounds_alike(korean: str, english: str) -> bool:
    """Whether the Hangul ``korean`` is ``english`` borrowed: the same consonant classes, in
    order; a word of one consonant also needs the same first vowel ("요가" yoga, not "기아"
    car) (module docstring)."""
    ko, en = korean_skeleton(korean), english_skeleton(english)
    if not ko or len(ko) != len(en) or not all(a & b for a, b in zip(ko, en, strict=True)):
        return False
    return len(ko) > 1 or bool(_first_vowel_ko(korean) & _first_vowel_en(english))
