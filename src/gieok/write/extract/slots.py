"""Slots for memories kept as whole sentences (W6): what a newer sentence replaces.

A whole-sentence memory ("User's daughter Jiyu goes to Haetsal kindergarten") has no slot,
so a later "지유 이번에 서울초등학교 입학했어" was stored beside it and ``context()`` showed both
as current. Some things have one value at a time whatever the wording — a pet's food, the
phone the user carries, the school a child (or the user) attends — and the slot says so:
the newer memory supersedes the older one in reconciliation. ``slot_for`` reads the
(resolved, third-person) sentence; it needs both the thing (a school word, a phone model)
and a verb of having or attending, so a question or a remark about someone else's phone
does not take the slot. Pure.
"""

from __future__ import annotations

import re

from gieok.write.extract.generic import is_korean, pet_diet
from gieok.write.extract.retired import retired

# -- the phone the user carries -----------------------------------------------------------
_PHONE = re.compile(
    r"\b(?P<x>(?:iPhone|Galaxy|Pixel|Xperia|OnePlus|Moto\s?G|Nothing\s+Phone)(?:\s+(?!now\b|too\b|"
    r"lol\b|last\b|this\b|and\b|but\b|so\b)[A-Za-z]*\d+[A-Za-z+]*(?:\s+(?:Pro|Max|Ultra|Plus|"
    r"mini|FE|Edge|Fold\d*|Flip\d*))*|\s+(?:Fold|Flip)\s?\d+)?)|"
    r"(?P<k>(?:아이폰|갤럭시|갤|픽셀)\s?(?:[A-Za-z]*\s?\d+[A-Za-z+]*|폴드\s?\d*|플립\s?\d*)?"
    r"(?:\s?(?:프로|맥스|울트라|플러스|미니|Pro|Max|Ultra|Plus))*)", re.IGNORECASE)
_HAS_PHONE = re.compile(
    r"\b(?:use|uses|using|have|has|got|get|bought|buy|switched|switching|upgraded|carry|"
    r"carries|own|owns|on\s+an?)\b|(?:써|쓰고|쓴다|쓰는|샀|바꿨|바꿔|갈아탔|구입|구매|사용)", re.IGNORECASE)
_NOT_MINE = re.compile(r"\?|\b(?:should|would|could|if|thinking\s+about|considering|want|wants|"
                       r"wish|maybe)\b|(?:살까|바꿀까|고민|싶|할까|어때|추천)", re.IGNORECASE)

# -- the school a child (or the user) attends ----------------------------------------------
_SCHOOL_EN = re.compile(
    r"\b(?:goes\s+to|go\s+to|attends?|attending|started(?:\s+at)?|starts(?:\s+at)?|"
    r"enrolled\s+(?:in|at)|"
    r"transferred\s+to|moved\s+to|is\s+in)\s+(?P<x>(?:[A-Z][\w'’.-]*\s+){0,4}?(?:Elementary|Middle|"
    r"High|Primary|Secondary|Montessori)?\s*(?:School|Kindergarten|Preschool|Daycare|Academy|"
    r"University|College)\b|(?:[A-Z][\w'’.-]*\s+){1,3}?(?:Elementary|Middle|High|Primary)\b|"
    r"(?:a|the)\s+(?:new\s+)?(?:daycare|preschool|kindergarten))")
_SCHOOL_KO = re.compile(
    r"(?P<x>[가-힣A-Za-z0-9]{0,12}(?:유치원|어린이집|초등학교|중학교|고등학교|대학교|대학원|학교))"
    r"(?:에|을|를|으로|로|에서)?\s?(?:잘\s)?(?:다녀|다니|다닌|입학|전학|들어갔|들어가|진학|붙었|합격)")
# whose school: the relative or pet the resolved sentence begins with, else the user
_WHO_EN = re.compile(r"^User['’]s\s+(?:[\w-]+\s+){0,2}?(?P<who>[A-Z][a-z]+)\b")
_WHO_KO = re.compile(r"^사용자의\s+\S+\s+(?P<who>[가-힣A-Za-z]{1,6}?)(?:이)?(?:는|은|가|이|도)?(?=\s)")


def phone(sentence: str) -> str | None:
    """The phone model the user says they have or switched to ("switched to a Galaxy S25",
    "아이폰 15 프로 써요")."""
    if _NOT_MINE.search(sentence):
        return None
    own = re.match(rf"^(?:User['’]s|사용자의)\s+(?:{_PHONE.pattern})", sentence, re.IGNORECASE)
    if own is None and not _HAS_PHONE.search(sentence):
        return None  # "User's iPhone 12 battery dies by noon": their phone, said in passing
    if own is None and not re.match(r"^(?:User(?!['’])\b|사용자(?:는|가|도)?\s)", sentence):
        return None  # someone else's phone ("User's sister got a Galaxy"), or no statement
    # "아이폰 팔고 갤럭시 S25로 바꿨어", "switched from iPhone to Pixel": the phone now is the
    # one not left behind
    gone = [name.casefold() for name in retired(sentence)]
    for m in _PHONE.finditer(sentence):
        model = re.sub(r"\s+", " ", (m.group("x") or m.group("k") or "")).strip().casefold()
        if model and not any(model.startswith(g) or g.startswith(model) for g in gone):
            return model
    return None


def school(sentence: str) -> tuple[str, str] | None:
    """(whose, school) when the sentence says who attends or entered which school:
    "User's daughter Jiyu goes to Haetsal Kindergarten", "사용자의 딸 지유 이번에 서울초등학교
    입학했다" (whose = the name, or "user")."""
    if _NOT_MINE.search(sentence):
        return None
    m = _SCHOOL_KO.search(sentence) if is_korean(sentence) else _SCHOOL_EN.search(sentence)
    if m is None:
        return None
    who = _WHO_KO.match(sentence) if is_korean(sentence) else _WHO_EN.match(sentence)
    if who is not None:
        whose = who.group("who").casefold()
    elif re.match(r"^(?:User(?!['’])\b|사용자(?:는|가|도)?\s)", sentence):
        whose = "user"
    else:
        return None
    return whose, m.group("x").strip().casefold()


def slot_for(sentence: str, content: str) -> tuple[str, str] | None:
    """(slot, value) of a whole-sentence memory with one value at a time, if it has one:
    ``sentence`` as the user said it, ``content`` the memory made of it."""
    diet = pet_diet(sentence)  # "나비 사료를 힐스로 바꿨어": a pet's food
    if diet is not None:
        return f"pet_diet:{diet[0]}", diet[1]
    model = phone(content)
    if model is not None:
        return "phone", model
    attends = school(content)
    if attends is not None:
        return f"school:{attends[0]}", attends[1]
    return None
