"""Whose fact a question asks for: the user's own, or a person of the user's (a relative,
a partner, a friend).

Found on fresh users through ``add()`` (docs/benchmarks.md "Through add(), session 13"):
"where do I work?" ranked "my husband thinks I should ask for a day shift at work" and
"User's brother works at a bank in Singapore" above the user's own job; "내가 먹는 약
뭐야?" ranked "사용자의 아빠가 혈압약 드시는데 …" (the father's pills) first; "where does my
husband work?" ranked "my husband keeps saying work is stressful" and the user's own job
above "사용자의 남편은 맨체스터로 발령 났다" (the other language: the model relates little
across it, and "work" is the word full text matches). The small model hears the topic
(work, pills) and not whose it is.

Two readings, both regular expressions over words, English and Korean (a person's word in
one language stands for the same person in the other: husband = 남편, brother = 오빠/형/
남동생):
- the persons a question asks about (``asked_persons``): "my husband", "my older sister's",
  and in Korean any person word ("남편 회사 어디야?", "우리 오빠"): Korean leaves "my" out.
  A question naming none that speaks in the first person ("where do I work?", "내가 먹는
  약") asks about the user (``about_self``); English without "I/my/me" (LoCoMo's "What did
  Caroline's mom say?") asks about neither, and nothing moves.
- who a candidate is about: the share of its clauses (by characters) whose subject is a
  person of the user's ("my husband thinks …", "User's brother works …", "사용자의 아빠가 …",
  "남편은 …": a person word opening the clause after "my/our/User's/사용자의/우리", or a
  Korean person word with a subject particle), ``other_share``; and which persons it names
  anywhere (``named_persons``).

``search()`` then, for a question about the user, lets a candidate keep
``1 − (1 − ScoringSettings.person_relevance) × its other-person share``; for a question
about a person, lets the candidates that name none of that person keep ``person_relevance``
when some candidate names them (as read/kinds.py does for families).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from gieok.text.hangul import HANGUL as _HANGUL


# A person word -> the persons it can mean. English whole words (plural too); Korean inside
# words (particles attach). Younger siblings (동생) and parents name two persons each.
_EN_PERSONS: dict[str, frozenset[str]] = {}
_KO_PERSONS: dict[str, frozenset[str]] = {}


def _add(persons: str, english: str, korean: str) -> None:
    tags = frozenset(persons.split())
    for word in english.split():
        _EN_PERSONS[word] = tags
    for word in korean.split():
        _KO_PERSONS[word] = tags


_add("husband", "husband hubby", "남편 신랑")
_add("wife", "wife", "아내 와이프 집사람")
_add("boyfriend", "boyfriend bf", "남자친구 남친")
_add("girlfriend", "girlfriend gf", "여자친구 여친")
# a fiancé was the boyfriend or girlfriend before the proposal ("my boyfriend proposed!")
_add("partner boyfriend girlfriend", "fiance fiancé fiancee fiancée", "약혼자 약혼녀")
_add("partner", "partner", "")
_add("mother", "mom mum mother mommy mummy mama", "엄마 어머니 어머님 친정엄마 시어머니")
_add("father", "dad father daddy papa", "아빠 아버지 아버님 시아버지")
_add("mother father", "parents folks", "부모님")
_add("son child", "son", "아들")
_add("daughter child", "daughter", "딸")
_add("son daughter child", "kid kids child children", "애들 아이들")
_add("brother", "brother bro", "오빠 남동생 친형")
_add("sister", "sister sis", "언니 누나 여동생")
_add("brother sister", "sibling siblings", "동생")
_add("grandmother", "grandma grandmother nana granny", "할머니 외할머니")
_add("grandfather", "grandpa grandfather granddad grandad", "할아버지 외할아버지")
_add("aunt", "aunt auntie", "이모 고모 숙모")
_add("uncle", "uncle", "삼촌 외삼촌 큰아버지 작은아버지")
_add("cousin", "cousin", "사촌")
_add("niece nephew", "niece nephew", "조카")
_add("friend", "friend bestie", "친구")
_add("roommate", "roommate flatmate housemate", "룸메이트 룸메")

_EN_WORD = (r"(?:" + "|".join(sorted(map(re.escape, _EN_PERSONS), key=len, reverse=True))
            + r")(?:s|es)?")
# Korean words that contain a person word and are not one (딸기 a strawberry, 이모티콘 and
# 이모지 an emoticon, 친구 inside 남자친구 is its own entry), and 형 only where it stands
# alone (형태, 형식, 성형 are not).
_KO_WORD = (r"(?:" + "|".join(sorted(map(re.escape, _KO_PERSONS), key=len, reverse=True))
            + r"|(?<![가-힣])형(?=[이은는도네님의]|\s|$))(?!기|티콘|지)")
_EN_ANY = re.compile(rf"\b({_EN_WORD})\b", re.IGNORECASE)
_KO_ANY = re.compile(rf"({_KO_WORD})")
# "my husband", "our eldest daughter's", "my 6 year old son" (up to three words between).
_EN_MY = re.compile(rf"\b(?:my|our)\s+(?:[\w-]+\s+){{0,3}}?({_EN_WORD})\b", re.IGNORECASE)
# A clause's subject: a person word right after the clause opens (optionally after a
# linking word and "my/our/User's"), or a Korean person word with a subject particle.
_EN_SUBJECT = re.compile(
    rf"^\W*(?:(?:and|but|so|also|plus|because|cause|cuz|btw|oh|anyway|well)\W+)*"
    rf"(?:my|our|user's|the\s+user's)\s+(?:[\w-]+\s+){{0,3}}?({_EN_WORD})\b"
    rf"(?!\s+and\s+(?:i|me|user)\b)", re.IGNORECASE)  # "my husband and I …" is the user too
_KO_SUBJECT = re.compile(rf"({_KO_WORD})(?:님)?(?:이|가|은|는|께서|도)(?![가-힣])")
_CLAUSE = re.compile(r"[^.!?\n\uff1f\u3002,;:\u2014]+[.!?\uff1f\u3002]*")
_LETTER = re.compile(r"[A-Za-z\uac00-\ud7a3]")
# The user speaking of themselves in a question.
_EN_SELF = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|am\s+i|do\s+i)\b",
                      re.IGNORECASE)
_KO_SELF = re.compile(r"(?<![가-힣])(?:내가|내|나는|난|나|제가|저는|저|제|나의|저의)(?![가-힣])")


def _tags(word: str) -> frozenset[str]:
    lowered = word.lower()
    tags = _EN_PERSONS.get(lowered) or _KO_PERSONS.get(word)
    if tags is None and lowered.endswith("s"):
        tags = _EN_PERSONS.get(lowered[:-1]) or _EN_PERSONS.get(lowered[:-2])
    if tags is None and word == "형":
        return frozenset({"brother"})
    return tags or frozenset()


def asked_persons(query: str) -> frozenset[str]:
    """The persons of the user's ``query`` asks about: after "my/our" in English, any
    person word in Korean."""
    found: set[str] = set()
    for match in _EN_MY.finditer(query):
        found |= _tags(match.group(1))
    for match in _KO_ANY.finditer(query):
        found |= _tags(match.group(1))
    return frozenset(found)


def about_self(query: str) -> bool:
    """Whether ``query`` asks about the user: it names no person of theirs and speaks in
    the first person (English), or is Korean (which leaves the subject out: "약 뭐 먹고
    있지?")."""
    if asked_persons(query):
        return False
    return bool(_EN_SELF.search(query) or _KO_SELF.search(query)
                or len(_HANGUL.findall(query)) * 2 > len(_LETTER.findall(query)))


@lru_cache(maxsize=131072)
def named_persons(text: str) -> frozenset[str]:
    """Every person of the user's ``text`` names, anywhere in it; cached per text."""
    found: set[str] = set()
    for pattern in (_EN_ANY, _KO_ANY):
        for match in pattern.finditer(text):
            found |= _tags(match.group(1))
    return frozenset(found)


# A clause whose subject is the user or a thing of theirs: "I …", "my …" (no person word
# after it: ``_EN_SUBJECT`` is read first), "User …", "나는 …", "사용자는 …" (after a
# linking word or a filler: "and I do pottery", "yeah. I've been on …", "아니 나는 …").
_EN_SELF_SUBJECT = re.compile(
    r"^\W*(?:(?:and|but|so|also|plus|because|cause|cuz|btw|oh|anyway|well|yeah|yes|no|"
    r"though|while|whereas)\W+)*"
    r"(?:i|i'm|i've|i'd|i'll|im|ive|we|we're|we've|my|mine|user|the\s+user)\b(?!'s)",
    re.IGNORECASE)
_KO_SELF_SUBJECT = re.compile(
    r"(?<![가-힣])(?:나는|내가|난|나도|내|저는|제가|저도|제|사용자는|사용자가|사용자도|사용자의)"
    r"(?![가-힣])")


def _owner(clause: str) -> bool | None:
    """Whose clause it is: True when its subject is a person of the user's, False when it is
    the user, None when it names no subject of its own ("up at 4am every day", "she worries
    about bruising"): such a clause goes on about the subject before it."""
    if _EN_SUBJECT.search(clause) or _KO_SUBJECT.search(clause):
        return True
    if _EN_SELF_SUBJECT.search(clause) or _KO_SELF_SUBJECT.search(clause):
        return False
    return None


@lru_cache(maxsize=131072)
def other_share(text: str) -> float:
    """The share of ``text`` (by characters, per clause) whose subject is a person of the
    user's, in [0, 1]; cached per text. A clause with no subject of its own is the previous
    clause's: "User's brother works at a bakery, up at 4am every day" and "my mom takes
    warfarin for her heart, she worries about bruising" are wholly another person's (they
    were 0.66 and 0.57 counted clause by clause), "my husband plays golf, and I do pottery"
    is half."""
    if not named_persons(text):
        return 0.0
    total = held = 0
    other = False
    for match in _CLAUSE.finditer(text):
        clause = match.group(0)
        size = len(clause.strip())
        if not size or not _LETTER.search(clause):
            continue
        owner = _owner(clause)
        if owner is not None:
            other = owner
        total += size
        held += size if other else 0
    return held / total if total else 0.0


def person_shares(contents: Mapping[str, str], query: str, *, person: float
                  ) -> dict[str, float]:
    """The share of its relevance each candidate (id -> text) keeps for whose it is
    (module docstring); only the candidates that lose something are in the result."""
    out: dict[str, float] = {}
    if person >= 1.0:
        return out
    asked = asked_persons(query)
    if asked:
        shown = {cid for cid, text in contents.items() if asked & named_persons(text)}
        if shown:
            out = {cid: person for cid in contents if cid not in shown}
        return out
    if about_self(query):
        for cid, text in contents.items():
            share = other_share(text)
            if share > 0.0:
                out[cid] = 1.0 - (1.0 - person) * share
    return out
