"""Who the user is with: the single-valued ``relationship`` slot (W6).

A partner is one person at a time, so a new one supersedes the old, and a breakup ends the
old one whatever the wording: "my boyfriend Jun …", "I've been seeing someone new, her
name's Priya", "남친 생겼어요 이름은 민호" give the slot the partner's name; "Marcus and I
broke up", "준이랑 헤어졌어" give it ``none``. Read from a whole-sentence memory's own text
(third person, as stored), only when the memory is *about* the partner — it starts with the
partner or the relationship ("User lives in Incheon with their boyfriend Jun" is about where
the user lives and keeps that slot). The partner words are a closed class. Pure.
"""

from __future__ import annotations

import re

from gieok.write.extract.retired import parted

_PARTNER_EN = r"(?:boyfriend|girlfriend|partner|fianc[ée]e?|husband|wife|bf|gf|hubby|spouse)"
_PARTNER_KO = r"(?:남자\s?친구|여자\s?친구|남친|여친|애인|남편|아내|와이프|신랑|약혼자)"
_NAME = r"(?P<name>(?-i:[A-Z])[a-z]+|[가-힣]{2,4}?)"
_IS_PARTNER = [re.compile(p, re.IGNORECASE) for p in (
    rf"^User['’]s\s+(?:new\s+)?{_PARTNER_EN}(?:['’]s\s+name\s+is|\s+is\s+(?:named|called)|,)?\s+"
    rf"{_NAME}\b",
    rf"^User\s+(?:is|has\s+been)\s+(?:now\s+)?(?:dating|seeing)\s+(?:someone(?:\s+new)?)?"
    rf"(?:(?:a|this)\s+(?:guy|girl|man|woman|person)\s+(?:named|called)\s+)?[,\s]*"
    rf"(?:(?:her|his|their)\s+name(?:['’]s|\s+is)\s+)?{_NAME}\b",
    rf"^User\s+has\s+a\s+(?:new\s+)?{_PARTNER_EN}\s+(?:named|called)\s+{_NAME}\b",
    # "사용자의 남편 민수는 …", "사용자의 와이프 이름은 소라" — never after a subject particle
    # ("사용자의 와이프가 요즘 …": what follows is what she does)
    rf"^사용자의\s+(?:새\s?)?{_PARTNER_KO}(?:\s?이름은)?\s+{_NAME}(?:이)?"
    rf"(?:는|은|가|도|이다|다|예요|이에요|야|이야|,|\s|$)",
    # "남친 생겼어요 이름은 민호", "요즘 만나는 사람 생겼어. 이름은 지훈"
    rf"^사용자는\s+(?:요즘\s+|새로\s+|드디어\s+)?(?:{_PARTNER_KO}|만나는\s?사람|사귀는\s?사람)\s?(?:이|가)?\s?"
    rf"생겼다\.?\s+(?:그\s?사람\s?)?이름은\s+{_NAME}(?:이)?(?:이다|다|예요|이에요|$)",
    rf"^사용자는\s+{_NAME}(?:이)?(?:랑|와|과|하고)\s+사귄다",
)]
# "User is seeing someone new", "사용자는 요즘 만나는 사람 생겼다", "남친 생겼다"
_SOMEONE = re.compile(
    rf"^User\s+(?:is|has\s+been|['’]s\s+been)\s+(?:now\s+)?(?:dating|seeing)\s+someone(?:\s+new)?\b|"
    rf"^User\s+(?:has|got)\s+a\s+(?:new\s+)?{_PARTNER_EN}\b(?!\s+(?:named|called))|"
    rf"^사용자는\s+(?:요즘\s+|새로\s+|드디어\s+)?(?:{_PARTNER_KO}|만나는\s?사람|사귀는\s?사람)\s?(?:이|가)?\s?"
    rf"생겼다", re.IGNORECASE)
_NOT_A_NAME = frozenset("User The A An Someone Her His Their New 요즘 요새 지금 오늘 내일 어제 "
                        "이번 항상 맨날 너무 진짜 정말 완전 그냥 아직 벌써 이제".split())


def partner(content: str) -> str | None:
    """The relationship slot's value a memory states: the partner's name (lower case), or
    "none" for a breakup; None when the memory is about something else."""
    if parted(re.sub(r"\bUser\b", "I", content)) or parted(content.replace("사용자", "저")):
        return "none"
    for pattern in _IS_PARTNER:
        m = pattern.search(content)
        if m is not None and m.group("name") not in _NOT_A_NAME:
            return m.group("name").casefold()
    if _SOMEONE.search(content):
        return "someone"  # a new partner not named yet: the relationship changed all the same
    return None
