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
