"""An allergy whose object is the thing the user asks to leave out (issue 16): "그리고 땅콩
들어간 건 빼주세요 알레르기 있어요", "no peanuts please, I'm allergic", "hold the shrimp — I'm
allergic", "알레르기 있어서 새우는 빼줘".

Why: the allergy rules read "땅콩 알레르기" / "allergic to peanuts"; said as a request to leave
a thing out and then "알레르기 있어요" with no object, the memory was "사용자는 알레르기 있다"
(allergic to what?) — and "no peanuts please, I'm allergic" lost its "no" as an answer word
and became "Peanuts please, User is allergic". The allergy is a pinned safety fact; what it is
to is the one thing the request names. So the whole turn is read (like ``housing_cost``):
an allergy said without an object, by the user, and in the same turn a request of the user's
own to leave one thing out. Never an allergy with its own object ("새우 알레르기 있어요"), a
question ("알레르기 있으면 빼야 돼?"), someone else's allergy ("친구가 알레르기 있어서"), or a
request to leave something out with no allergy said ("양파 빼주세요").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.text.hangul import HANGUL
from gieok.write.extract.base import Hit

# "땅콩 들어간 건 빼주세요", "새우는 빼줘", "오이 넣지 마세요"
_LEAVE_OUT_KO = re.compile(
    r"(?:^|(?<=[\s,.]))(?P<x>[가-힣A-Za-z]{1,10}?)(?:\s?(?:들어간|들어가는|넣은|든|있는)\s?"
    r"(?:건|거|것|음식|메뉴|요리)(?:은|는|도)?|은|는|도|을|를)?\s?"
    r"(?:꼭\s|좀\s|다\s)?(?:빼\s?(?:주세요|줘요|줘|주시고|주고|주실래요|고)|넣지\s?(?:마세요|마요|마|말아\s?주세요|말아\s?줘))"
    r"(?=[\s,.!~ㅠㅜ]|$)")
# "알레르기 있어요" with nothing before it that it is to (the object, when said, is right before)
_ALLERGY_KO = re.compile(r"(?:^|(?<=[\s,.]))(?P<before>(?:제가|내가|저는|나는|저|나|그리고|근데|참)\s)?"
                         r"(?:알레르기|알러지)(?:가|는)?\s?(?:있어요|있어|있음|있습니다|있거든요|있거든|있어서|"
                         r"있으니까|있으니|있는데|있는데요)(?=[\s,.!~ㅠㅜ]|$)")
_OTHERS_KO = re.compile(r"친구|동료|손님|남편|아내|와이프|아이|애가|딸|아들|엄마|아빠|동생|언니|누나|오빠|형")
_NOT_THING_KO = frozenset("이거 그거 저거 이건 그건 저건 이것 그것 다 전부 이 그 저 말 얘기 사진 설명 "
                          "이모티콘 인사 광고 서론".split())
_LEAVE_OUT_EN = re.compile(
    r"(?:^|(?<=[\s,.;—-]))(?:please\s+)?(?:no|without(?:\s+the|\s+any)?|hold\s+the|skip\s+the|"
    r"leave\s+out\s+(?:the\s+)?|nothing\s+with)\s+(?P<x>[a-z]+(?:\s(?!please\b|pls\b|plz\b)[a-z]+)?)"
    r"(?=\s*(?:please|pls|plz)?\s*(?:[,.;!—-]|$))", re.IGNORECASE)
_ALLERGY_EN = re.compile(r"\b(?:i['’]?m|i\s+am)\s+(?:very\s+|super\s+|deathly\s+|severely\s+)?allergic"
                         r"(?!\s+to\b)|\bi\s+have\s+an\s+allergy(?!\s+to\b)", re.IGNORECASE)
_NOT_THING_EN = frozenset("problem problems worries rush idea thanks thank way pressure clue".split())


def stated(turn_text: str, stored: Sequence[str]) -> list[tuple[Hit, str]]:
    """The allergy to the thing the user asks to leave out (see the module docstring), unless
    ``stored`` already names that thing with an allergy."""
    text = turn_text.strip()
    if "?" in text:
        return []
    if HANGUL.search(text):
        allergy = _ALLERGY_KO.search(text)
        leave = _LEAVE_OUT_KO.search(text)
        if allergy is None or leave is None or _OTHERS_KO.search(text[:allergy.start()]) \
                or not _objectless(text[:allergy.start()]):
            return []
        thing = leave.group("x")
        if thing in _NOT_THING_KO:
            return []
        content, lang = f"사용자는 {thing} 알레르기가 있다", "ko"
    else:
        allergy = _ALLERGY_EN.search(text)
        leave = _LEAVE_OUT_EN.search(text)
        if allergy is None or leave is None:
            return []
        thing = leave.group("x").casefold()
        if thing.split()[0] in _NOT_THING_EN:
            return []
        content, lang = f"User is allergic to {thing}", "en"
    said = re.escape(thing.casefold())
    if any(re.search(rf"{said}\s?(?:알레르기|알러지)|allergic\s+to\s+{said}", s.casefold())
           for s in stored):
        return []
    return [(Hit(content=content, family="health", type=MemoryType.FACT, category="context",
                 tags=("health", "allergy"), confidence=0.85), lang)]


# an allergy said as a bare noun phrase, a clause of its own: "can't do shrimp, shellfish allergy",
# "shellfish allergy btw" — the user's by default, as "I'm allergic" is (not "my son's nut
# allergy", "nut allergy season", "no allergies")
_BARE_EN = re.compile(r"(?:^|(?<=[,.;!]\s)|(?<=[,.;!]))\s*(?:(?:bad|severe|mild|major|serious|"
                      r"deadly|slight)\s+)?(?P<x>(?:tree\s+)?[a-z]+)\s+allerg(?:y|ies)"
                      r"(?:\s+(?:here|btw|lol|fyi|too|sadly|unfortunately|though))?\s*(?:[,.;!]|$)",
                      re.IGNORECASE)
_NOT_ALLERGEN_EN = frozenset("no any an a the my his her our their your food seasonal spring pollen "
                             "some this that what which kid kids son daughter dog cat".split())


def bare(turn_text: str, stored: Sequence[str]) -> list[tuple[Hit, str]]:
    """An allergy said as a clause of its own with no subject ("sesame allergy"), as the
    user's; not when the turn is about someone else or asks, nor when ``stored`` has it."""
    text = turn_text.strip()
    if HANGUL.search(text) or "?" in text:
        return []
    m = _BARE_EN.search(text)
    if m is None or m.group("x").split()[-1].casefold() in _NOT_ALLERGEN_EN \
            or re.search(r"\b(?:he|she|they|his|her|their|my\s+(?!own\b)\w+)\b",
                         text[:m.start()], re.IGNORECASE):
        return []
    thing = re.sub(r"\s+", " ", m.group("x").casefold())
    if any(thing in s.casefold() and "allerg" in s.casefold() for s in stored):
        return []
    return [(Hit(content=f"User has a {thing} allergy", family="health", type=MemoryType.FACT,
                 category="context", tags=("health", "allergy"), confidence=0.8), "en")]


def _objectless(before: str) -> bool:
    """Nothing the allergy is to is said right before it ("갑각류 알레르기가 있어서 …" names its
    own): the word before is none, the user, a filler, or the end of the request."""
    words = before.split()
    if not words:
        return True
    last = words[-1]
    return last in ("제가", "내가", "저는", "나는", "저", "나", "그리고", "근데", "참") \
        or re.search(r"(?:요|줘|고|서|다|[.,!~ㅠㅜㅋㅎ])$", last) is not None


def bare_of(bare: str, named: str) -> bool:
    """``bare`` is the allergy without its object, said in the turn that ``named`` reads it
    from ("사용자는 알레르기 있다", "Peanuts please, User is allergic")."""
    ko = re.match(r"^사용자는 (?P<x>.+) 알레르기가 있다$", named)
    if ko is not None:
        return re.fullmatch(r"사용자는 (?:알레르기|알러지)(?:가)? 있다(?:\. (?:알레르기|알러지)가 있다)?\.?",
                            bare) is not None
    en = re.match(r"^User is allergic to (?P<x>.+)$", named)
    if en is not None:
        thing = re.escape(en.group("x"))
        return re.fullmatch(rf"(?:(?:please\s+)?(?:no\s+|hold\s+the\s+|skip\s+the\s+|without\s+)?{thing}"
                            r"(?:\s+please)?,\s+)?User is allergic\.?", bare, re.IGNORECASE) is not None
    return False
