"""Whether a sentence's clauses are already said by the slot hits found in it ("I live in
Gangnam-gu and I love hiking": two slot hits, so the whole sentence as one more memory would
only repeat them). Split out of ``heuristic``, which asks it of every sentence with slot hits."""

from __future__ import annotations

import re

from gieok.write.extract import generic
from gieok.write.extract.base import Hit

CLAUSES = re.compile(r"\b(?:because|since|so|but|while|although)\b|\band\s+(?:I|my|we|he|she)\b|"
                     r"(?:어서|아서|해서|라서|는데|은데|지만|면서|니까)\s|고\s(?!있|계)",
                     re.IGNORECASE)
# Coordinated clauses that each state something of their own ("I live in X and I love Y").
COORDINATED = re.compile(r",?\s+(?:and|but)\s+(?=(?:I|I['’]m|I['’]ve|my)\b)|(?<=[가-힣])(?:고|며|지만)\s+",
                         re.IGNORECASE)


# what the fact makes the user careful of, said as its consequence ("땅콩 알레르기 있어서 빵 살 때
# 조심해야 돼", "… allergy so I need to be careful picking snacks"): no fact of its own — not
# what it made happen ("… 있어서 응급실 갔었어요", "… so my wife does all the cooking")
_CAUTION = re.compile(
    r"(?<=[가-힣])(?:어서|아서|해서|라서|이라|니까)\s+(?:[^\s,.!?]+\s){0,5}?(?:늘\s|항상\s|꼭\s)?(?:조심|주의|"
    r"신경\s?써)(?:해야|해야지|하는\s?편|하고\s?있)[^,.!?]*$|"
    r",?\s+so\s+(?:i\s+)?(?:(?:always\s+)?(?:need|have|got)\s+to\s+(?:be\s+)?(?:careful|extra\s+careful|"
    r"watch\s+out)|(?:i['’]m|i\s+am)\s+(?:always\s+|extra\s+|super\s+)?careful)\b[^,.!?]*$",
    re.IGNORECASE)


def clauses_covered(sentence: str, slotted: list[tuple[Hit, str]]) -> bool:
    """Every coordinated clause already has a slot hit of its own ("I live in Gangnam-gu and
    I love hiking"), or the one statement before a request or a caution it brings does: the
    whole sentence as one more memory would only repeat them."""
    # what each hit is about: its value ("gangnam-gu, seoul") or its slot's object ("pref:hiking")
    keys = {k.casefold() for h, _ in slotted
            for k in (h.value or "", (h.slot or "").partition(":")[2]) if len(k) > 1}
    fact = generic.without_request(sentence)  # "…, so no cat cafe suggestions": a one-off ask
    fact = _CAUTION.sub("", fact).strip() or fact
    if fact != sentence and not CLAUSES.search(fact):
        return any(k in fact.casefold() for k in keys)
    clauses = [c for c in COORDINATED.split(sentence) if c.strip()]
    if len(clauses) < 2:
        return False
    return all(any(k in clause.casefold() for k in keys) for clause in clauses)
