"""How alike two memory texts are, for reconciliation: character trigrams (script-agnostic
likeness), word sets (one text says everything the other does, and more) and slot values
that agree. Pure; the text splits are cached because a batch is compared with every live
memory of its scope."""

from __future__ import annotations

import re
from functools import lru_cache

from gieok.domain.records import normalize_text

_WORD = re.compile(r"\w+", re.UNICODE)


# A batch is compared with every live memory of its scope (``_nearest``), so the same stored
# texts are split into trigrams and words again and again: on a LoCoMo conversation that was
# ~3 ms of CPU per turn. Both are pure functions of the text, cached (frozen sets).
@lru_cache(maxsize=8192)
def trigrams(text: str) -> frozenset[str]:
    norm = " ".join(_WORD.findall(normalize_text(text)))
    padded = f"  {norm} "
    return frozenset(padded[i : i + 3] for i in range(len(padded) - 2))


def similarity(a: str, b: str) -> float:
    """Dice coefficient of character trigrams: 1.0 for equal texts, script-agnostic."""
    ta, tb = trigrams(a), trigrams(b)
    if not ta or not tb:
        return 0.0
    return 2 * len(ta & tb) / (len(ta) + len(tb))


@lru_cache(maxsize=8192)
def tokens(text: str) -> frozenset[str]:
    return frozenset(_WORD.findall(normalize_text(text)))


def says_more(new: str, old: str) -> bool:
    """True when ``new`` contains every word of ``old`` and adds something."""
    tn, to = tokens(new), tokens(old)
    return to <= tn and len(tn) > len(to)


def same_value(a: str | None, b: str | None) -> bool:
    """Values of one slot agree ("mapo-gu" / "mapo-gu, seoul"); unknown values never do, nor
    a value and one said not to hold."""
    if not a or not b:
        return False
    if a.startswith("not ") != b.startswith("not "):
        return False  # "not vegetarian/vegan" (eating meat again) ends "vegetarian"
    if "someone" in (a, b) and "none" not in (a, b):
        return True  # a partner not named yet agrees with the one who is (relationship)
    ta, tb = tokens(a), tokens(b)
    return bool(ta and tb) and (ta <= tb or tb <= ta)


# -- one fact said again, in other words (issue 16) ------------------------------------------------
# "사용자는 디카페인만 마신다" after "사용자는 … 카페인에 예민해서 디카페인만 마신다"; "사용자는
# 삼겹살 좋아하는 사람이다" after "사용자는 삼겹살을 좋아함": every content word of one memory is
# in the other. Korean words are compared by their first two syllables (particles and endings
# glued on differ: "좋아함" / "좋아하는", "삼겹살을" / "삼겹살"), Latin words by their stem.
_WORD_KO_EN = re.compile(r"[가-힣]+|[A-Za-z][\w'’/+-]*|\d[\d.:/]*[A-Za-z가-힣]*")
_SUBJECT = frozenset({"사용자", "사용자는", "사용자의", "사용자가", "user", "user's", "users"})
_STOP = frozenset("""the and for with from that this they them their then than into onto were was
are has have had but its it's also just very really still again about after before over under
some any all one new get got is be been being who what which when where how there here now
lol so too only much""".split())
_NEGATION = re.compile(r"^(?:안|못|않\S*|없\S*|not|no|never|don['’]t|doesn['’]t|didn['’]t|isn['’]t|"
                       r"aren['’]t|won['’]t|can['’]t|\S*지\s?않\S*)$", re.IGNORECASE)


@lru_cache(maxsize=65536)
def _key(word: str) -> str | None:
    low = word.casefold().removesuffix("'s").removesuffix("’s")
    if low in _SUBJECT or low in _STOP:
        return None
    if re.match(r"[가-힣]", word):
        return word[:2] if len(word) >= 2 else None
    if re.match(r"\d", word):
        return low
    if len(low) < 3:
        return None
    return low[:-1] if len(low) > 3 and low.endswith("s") and not low.endswith("ss") else low


@lru_cache(maxsize=16384)
def _keys(text: str) -> tuple[str | None, ...]:
    """Each word's ``_key``, in order; cached per text (a frozen tuple): ``contained`` is
    asked of every live memory of the scope for each new one (repeated.py)."""
    return tuple(_key(w) for w in _WORD_KO_EN.findall(text))


_HANGUL_FIRST = re.compile(r"[가-힣]")
_HANGUL_ONLY = re.compile(r"[가-힣]+")
_ENDED_EN = re.compile(r"(?:ing|ed|es)$")


def _inside(key: str, text: str) -> bool:
    if _HANGUL_FIRST.match(key):
        return key in text
    folded = _folded(text)
    return key in folded and _word_start(key).search(folded) is not None


# ``_inside`` is asked of every live memory's text for each key of each new memory
# (repeated.py): the pattern is compiled once per key and the text folded once per text.
@lru_cache(maxsize=16384)
def _word_start(key: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![a-z0-9]){re.escape(key)}")


@lru_cache(maxsize=16384)
def _folded(text: str) -> str:
    return text.casefold()


@lru_cache(maxsize=16384)
def _words(text: str) -> tuple[str, ...]:
    return tuple(_WORD_KO_EN.findall(text))


def _negated_near(text: str, shared: set[str]) -> bool:
    """``text`` negates one of the ``shared`` words: a negator right before or after it
    ("커피 안 좋아한다", "doesn't like coffee")."""
    words = _words(text)
    keys = _keys(text)
    return any(_NEGATION.match(w) and any(
        0 <= j < len(keys) and keys[j] in shared for j in (i - 1, i + 1))
        for i, w in enumerate(words))


def contained(small: str, big: str) -> bool:
    """Every content word of ``small`` (two or more) is in ``big``, and neither negates a
    word they share that the other does not: ``small`` says nothing ``big`` does not."""
    keys = {k for k in _keys(small) if k}
    if len(keys) < 2 or not all(_inside(k, big) for k in keys):
        return False
    return _negated_near(small, keys) == _negated_near(big, keys)


def related_slots(a: str, b: str) -> bool:
    """One slot, once with a clause the value should not have kept ("pref:sushi" and
    "pref:sushi, had it again yesterday"): the texts are compared as near duplicates. Not
    "pref:coffee" and "pref:coffee ice cream" — those are two things."""
    kind_a, _, value_a = a.partition(":")
    kind_b, _, value_b = b.partition(":")
    short, long = sorted((value_a.strip(), value_b.strip()), key=len)
    return kind_a == kind_b and bool(short) and long.startswith((f"{short},", f"{short};"))


def slot_head(slot: str) -> str:
    """A slot without the clause its value should not have kept: "allergy:penicillin, just"
    and "allergy:penicillin, my gp asked again today" are one slot, "allergy:penicillin"."""
    kind, _, value = slot.partition(":")
    return f"{kind}:{re.split(r'[,;]', value, maxsplit=1)[0].strip()}" if value else kind


# -- one word found in another text, however it is written (repeated.py, said_otherwise.py) ------
_GLUED = re.compile(r"(?:으로|에서|이랑|로|에|은|는|을|를|도|만|이|가)$")
# a verb's stem before its ending ("돌고", "돌았다"): an ㄹ stem reads ㄴ before ㄴ ("돈다")
_ENDING_KO = re.compile(r"(?<=[가-힣])(?:고|았다|었다|았어|었어|다|요|며|서)$")


def _stem_found(word: str, text: str) -> bool:
    """A Korean verb said with another ending: "돌고" for "돈다", "걷고" for "걷는다"."""
    stem = _ENDING_KO.sub("", word)
    if stem == word or not stem:
        return False
    last = ord(stem[-1]) - 0xAC00
    forms = {stem} | ({stem[:-1] + chr(0xAC00 + last - 8 + 4)} if 0 <= last < 11172
                      and last % 28 == 8 else set())  # ㄹ → ㄴ: 돌 → 돈
    return any(re.search(rf"(?<![가-힣]){re.escape(f)}", text) for f in forms)


def found_in(word: str, key: str, text: str) -> bool:
    """``word`` (its ``key``) is in ``text``: as written, a Korean verb with another ending, or
    spelt in the other script."""
    if _inside(key, text) or key.isascii() and len(key) > 4 and _inside(
            _ENDED_EN.sub("", key), text):  # "played" / "plays"
        return True
    if _HANGUL_ONLY.fullmatch(word) and _stem_found(word, text):
        return True
    if _HANGUL_FIRST.match(word):
        stems = {word, _GLUED.sub("", word)}
        return any(same_across(s, w) for s in stems for w in _latin_words(text))
    return any(same_across(s, word) for s in _hangul_forms(text))


# ``found_in`` is asked of every live memory's text for each word of each new memory
# (said_otherwise.py, both ways): a text's words of each script are listed once per text.
@lru_cache(maxsize=16384)
def _latin_words(text: str) -> tuple[str, ...]:
    return tuple(w for w in _words(text) if w[:1].isascii())


@lru_cache(maxsize=16384)
def _hangul_forms(text: str) -> tuple[str, ...]:
    """Each Hangul word of ``text``, and the same without a particle glued on."""
    return tuple(f for w in _words(text) if _HANGUL_FIRST.match(w)
                 for f in dict.fromkeys((w, _GLUED.sub("", w))))


# -- one word in two scripts -------------------------------------------------------------------------
# A loanword is written in Hangul in one turn and in Latin letters in the next ("요가" / "yoga",
# "필라테스" / "pilates"): romanised (Revised Romanization) and reduced to its consonants — r/l,
# p/f, b/v one letter, doubles collapsed — both spellings give one skeleton.
_INITIAL = ("g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k",
            "t", "p", "h")
_VOWEL = ("a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo",
          "we", "wi", "yu", "eu", "ui", "i")
_FINAL = ("", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p",
          "p", "t", "t", "ng", "t", "t", "k", "t", "p", "t")


def romanized(word: str) -> str:
    """``word``'s Hangul syllables in Latin letters ("요가" → "yoga"); other letters kept."""
    out = []
    for ch in word:
        code = ord(ch) - 0xAC00
        if 0 <= code < 11172:
            out.append(_INITIAL[code // 588] + _VOWEL[code % 588 // 28] + _FINAL[code % 28])
        else:
            out.append(ch.casefold())
    return "".join(out)


def _skeleton(latin: str) -> str:
    s = latin.casefold().replace("th", "t").replace("ph", "p").replace("ch", "c").replace("ng", "n")
    s = s.translate(str.maketrans("rfvzqkcx", "lpbjgggg"))
    s = re.sub(r"[^a-z]|[aeiou]|y$", "", s)  # "pottery": its last y is a vowel
    return re.sub(r"(.)\1+", r"\1", s)


def same_across(korean: str, latin: str) -> bool:
    """``korean`` (Hangul) and ``latin`` spell one loanword: the same consonant skeleton, of
    two consonants or more, and the same first letter ("요가" / "yoga", "필라테스" /
    "pilates"; never "수영" / "swim")."""
    roman = romanized(korean)
    skeleton = _skeleton(roman)
    low = latin.casefold()
    return len(skeleton) >= 2 and skeleton == _skeleton(low) and (
        roman[:1] == low[:1] or {roman[:1], low[:1]} <= set("rlpfbvgkc"))
