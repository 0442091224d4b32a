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
    """Values of one slot agree ("mapo-gu" / "mapo-gu, seoul"); unknown values never do."""
    if not a or not b:
        return False
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


def _keys(text: str) -> list[str | None]:
    return [_key(w) for w in _WORD_KO_EN.findall(text)]


def _inside(key: str, text: str) -> bool:
    if re.match(r"[가-힣]", key):
        return key in text
    return re.search(rf"(?<![a-z0-9]){re.escape(key)}", text.casefold()) is not None


def _negated_near(text: str, shared: set[str]) -> bool:
    """``text`` negates one of the ``shared`` words: a negator right before or after it
    ("커피 안 좋아한다", "doesn't like coffee")."""
    words = _WORD_KO_EN.findall(text)
    keys = [_key(w) for w in words]
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
