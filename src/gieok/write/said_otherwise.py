"""One fact said again in other words: the relation said another way, or with a word that only
reaffirms it (issue 16). Pure.

People say a stored fact again months later without the words they used the first time:
"penicillin gives me hives btw" after "I'm allergic to penicillin"; "I don't eat meat" after
"I'm vegetarian"; "엄마 프롤리아는 계속 맞으시고" after "엄마가 골다공증 주사 맞으시는데
프롤리아요". ``said_otherwise`` reads the new memory (or its first clause, ``opening_said_otherwise``)
against a stored one:

* a **relation said another way** — a reaction that is an allergy ("gives me hives", "두드러기
  나"), going without meat that is a meat-free diet ("don't eat meat", "고기 안 먹어"), taking a
  medicine ("복용 중" / "먹어"), a job ("직업은 번역가" / "번역가 일을 한다") — counts as said
  when the stored memory states that relation in any of its words; the phrase is then set
  aside;
* **words that only reaffirm** ("계속", "여전히", "still", "btw", "as always") add nothing;
* what is left — the thing, the person, the act — must all be in the stored memory (either
  script, a Korean verb with another ending), and neither negates a word they share.

Never a relation the stored memory does not state ("penicillin gives me hives" is not the same
fact as "User takes penicillin"), never a change (the caller asks only for memories that
retire, rename or renew nothing).
"""

from __future__ import annotations

import re
from functools import lru_cache

from gieok.write.extract import changes
from gieok.write.likeness import _WORD_KO_EN, _key, _negated_near, found_in

# -- one relation, its ways of being said ---------------------------------------------------------
# Each relation: the phrases a new memory may say it with (set aside when the stored memory says
# the relation), and the words by which a stored memory states it.
_ALLERGY_SAID = re.compile(
    r"\b(?:gives?|gave|makes?|made|brings?)\s+(?:me|the\s+user|user|him|her|them)\s+"
    r"(?:break\s+out\s+in\s+)?(?:hives|a\s+rash|rashes|welts)\b|"
    r"\bbreaks?\s+(?:me|the\s+user|user)\s+out\b|"
    r"\b(?:am|is|are|i['’]m|user\s+is)?\s*allergic\s+to\b|\ballerg(?:y|ies)\b|\bhives\b|"
    r"(?:먹으면|맞으면|바르면|닿으면)?\s?(?:두드러기|발진)(?:가|이)?\s?(?:나|난|올라|생기|생겨|돋)\S*|"
    r"알레르기\S*|알러지\S*", re.IGNORECASE)
_ALLERGY_STORED = re.compile(r"allerg|hives|anaphyla|알레르기|알러지|두드러기|아나필락시스",
                             re.IGNORECASE)
_MEAT_FREE_SAID = re.compile(
    r"\b(?:do(?:es)?\s*n['’]?o?t|never|won['’]t)\s+eat\s+(?:any\s+)?meat\b|\bno\s+meat\b|"
    r"\b(?:am|is|are)\s+(?:a\s+)?(?:vegetarian|veggie)\b|\bvegetarian\b|"
    r"고기(?:는|를|은|도)?\s?(?:안|못)\s?먹\S*|고기\s?(?:를|는)?\s?먹지\s?않\S*|채식\S*", re.IGNORECASE)
_MEAT_FREE_STORED = re.compile(
    r"vegetarian|vegan|pescatarian|pescetarian|plant[- ]based|채식|비건|페스코|"
    r"\b(?:do(?:es)?\s*n['’]?o?t|never)\s+eat\s+(?:any\s+)?meat\b|\bno\s+meat\b|고기\S*\s?(?:안|못)\s?먹",
    re.IGNORECASE)
# taking a medicine: "복용 중" for "먹어", "is on" for "takes"
_TAKES = re.compile(r"복용\S*|(?<![가-힣])(?:먹|드시|드셔)\S*|\btak(?:e|es|ing)\b|\b(?:is|am|are)\s+on\b",
                    re.IGNORECASE)
# a job: "직업은 번역가" for "번역가 일을 한다", "works as" for "is a … by trade"
_JOB = re.compile(r"(?<![가-힣])(?:일을?\s?(?:한|하|해)\S*|일해\S*|일하\S*|근무\S*|직업\S*)|"
                  r"\b(?:works?|working)\s+as\b|\b(?:job|occupation)\s+is\b|\bby\s+trade\b|"
                  r"\bfor\s+a\s+living\b", re.IGNORECASE)
_RELATIONS = ((_ALLERGY_SAID, _ALLERGY_STORED), (_MEAT_FREE_SAID, _MEAT_FREE_STORED),
              (_TAKES, _TAKES), (_JOB, _JOB))

# -- words that only say the fact still holds, or that it is mentioned in passing ------------------
_REAFFIRMING = frozenset("""계속 여전히 아직 아직도 그대로 변함없이 역시 still btw anyway anyways
always fyi""".split())

# a Korean verb's ending ("맞으신다" / "맞으시는데", "간다" / "가는데"): compared by its stem
_ENDING_KO = re.compile(r"(?:으시는데|시는데|는데|으신다|신다|는다|ㄴ다|다|고|요|며|서|어|아)$")


# A new memory is compared with every live memory of its scope, both ways (repeated.py): what
# each text states, which phrases a text sets aside and which words it leaves are read once per
# text (or per text and the relations the other states), not once per pair.
@lru_cache(maxsize=16384)
def _stated(old: str) -> tuple[bool, ...]:
    """Which relations ``old`` states, in ``_RELATIONS`` order."""
    return tuple(stored.search(old) is not None for _, stored in _RELATIONS)


@lru_cache(maxsize=16384)
def _set_aside(new: str, stated: tuple[bool, ...]) -> tuple[str, bool]:
    """``new`` without the phrases of the relations the stored memory states (``stated``),
    and whether any was set aside."""
    said = False
    for (phrase, _), holds in zip(_RELATIONS, stated, strict=True):
        if holds and phrase.search(new):
            new, said = phrase.sub(" ", new), True
    return new, said


@lru_cache(maxsize=16384)
def _compared(bare: str) -> tuple[tuple[str, str | None], ...]:
    """The words of ``bare`` that must be found in the stored memory, with their keys:
    not the ones that only reaffirm."""
    return tuple((w, _key(w)) for w in _WORD_KO_EN.findall(bare)
                 if w.casefold() not in _REAFFIRMING and _key(w) not in _REAFFIRMING)


_VERB_KO = re.compile(r"[가-힣]{3,}")


def _found(word: str, key: str, old: str) -> bool:
    """``word`` (its ``key``) is in ``old``: as written, in the other script, or a Korean verb
    said with another ending."""
    if found_in(word, key, old):
        return True
    if _VERB_KO.fullmatch(word):
        stem = _ENDING_KO.sub("", word)
        return len(stem) >= 2 and stem != word and re.search(
            rf"(?<![가-힣]){re.escape(stem)}", old) is not None
    return False


def said_otherwise(new: str, old: str) -> bool:
    """``new`` states nothing ``old`` does not: its relation said another way or its words
    only reaffirming (see the module docstring). At least one thing must be left to compare —
    two words, or one beside a relation set aside."""
    if changes.who(new) != changes.who(old):
        return False  # "User takes metformin" is not "User's dad takes metformin"
    bare, related = _set_aside(new, _stated(old))
    words = _compared(bare)
    keys = {k for _, k in words if k}
    if len(keys) < (0 if related else 2):
        return False
    if not all(_found(w, k, old) for w, k in words if k):
        return False
    return _negated_near(bare, keys) == _negated_near(old, keys)


# the first clause, and what joins the rest to it: a consequence or a reason ("…, so the GP gave me
# clarithromycin", "…는데 겨울이라 …") is said around the fact; "and", "also", "too" add another
_OPENING = re.compile(r"\s*(?:[,;—–]|\s(?:so|but|because|since)\s|는데\s|지만\s|(?<=[가-힣])고\s)\s*")
_ANOTHER = re.compile(r"\b(?:and|also|too|as\s+well|plus|another)\b|또|그리고|(?<=[가-힣])도(?=\s|$)",
                      re.IGNORECASE)


def opening_said_otherwise(new: str, old: str) -> bool:
    """``new`` opens with ``old``'s fact said again (``said_otherwise``) and goes on with what
    was said around it — not another thing of the kind ("…, and sulfa too") nor the relation
    said again of something else."""
    opening = _opening(new)
    return opening is not None and said_otherwise(opening, old)


@lru_cache(maxsize=16384)  # asked of every live memory of the scope for each new one
def _opening(new: str) -> str | None:
    """``new``'s first clause when what follows it is said around the fact, else None."""
    cut = _OPENING.search(new)
    if cut is None or cut.start() == 0:
        return None
    rest = new[cut.end():]
    if not rest.strip() or _ANOTHER.search(rest) or any(p.search(rest) for p, _ in _RELATIONS):
        return None
    return new[:cut.start()]
