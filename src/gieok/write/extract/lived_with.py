"""A condition the user lives with, said in passing (issue 16): as the cause of a complaint
("편두통 때문에 미치겠다", "이놈의 비염 때문에 죽겠어", "my migraines are killing me"), or as
sobriety counted ("been sober 18 months as of today", "2 years sober today!").

Why: a complaint is a vent, and the judge and ``generic.worth_keeping`` drop vents — but the
cause of this one is a condition that lasts, the one health fact of the turn (pinned: what to
suggest, what to avoid). Sobriety said without "I've" has no subject for the sentence rules.
What makes the complaint a fact is its cause: a word ``health`` knows as a condition, never a
passing ailment (a cold, a headache, a hangover: today's state), someone else's ("남편 코골이
때문에"), or a question. The whole turn is read (like ``housing_cost``), sentence by sentence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.text.hangul import HANGUL
from gieok.write.extract.base import Hit
from gieok.write.extract.discourse import split_sentences
from gieok.write.extract.health import health_related
from gieok.write.extract.korean import FAMILY_KO, PETS_KO
from gieok.write.normalize import has_batchim

_SUFFER_KO = re.compile(
    r"^(?:(?:아|하|휴|에휴|아오|진짜|요즘|또|오늘도|이놈의|이넘의|망할)\s)*(?:내\s|제\s)?(?P<c>[가-힣A-Za-z]{2,8}"
    r"(?:\s[가-힣A-Za-z]{2,6})?)\s?때문에\s(?:(?:진짜|너무|정말|요즘|또|매일|맨날|밤마다)\s)*"
    r"(?:미치겠|죽겠|돌겠|힘들|괴롭|괴로워|고생|못\s?살겠|잠을?\s?못|일을?\s?못|아무것도\s?못)")
# a Korean condition by its word's end: inflammation, a syndrome, a disease, a disorder ("비염",
# "역류성 식도염", "이석증", "공황장애") — never a -증 that is a card or a mood ("자격증", "짜증")
_CONDITION_KO = re.compile(r"[가-힣]{1,6}(?:염|증|병|장애|질환)$")
_NOT_CONDITION_KO = re.compile(r"짜증|인증|보증|영수증|자격증|면허증|학생증|신분증|갈증|궁금증|조급증|귀차니즘|"
                               r"꾀병|향수병|중2병|월요병")
# a state of today, not a condition the user lives with
_PASSING_KO = re.compile(r"감기|몸살|두통|배탈|숙취|체해|체했|열|기침|콧물|독감|코로나|장염|생리통|근육통|시차|멀미|"
                         r"모기|더위|추위|알바|과제|야근")
_OTHERS_KO = re.compile(rf"(?<![가-힣])(?:{FAMILY_KO}|{PETS_KO}|친구|동료|옆집|윗집)")
_SUFFER_EN = re.compile(
    r"^(?:(?:ugh|omg|man|god|honestly|so)[,!\s]+)*my\s+(?:stupid\s+|damn\s+|chronic\s+)?(?P<c>[a-z]+(?:\s[a-z]+)?)\s+"
    r"(?:is|are|has\s+been|have\s+been)\s+(?:absolutely\s+|literally\s+|really\s+)?(?:killing\s+me|"
    r"acting\s+up|the\s+worst|so\s+bad|ruining\s+my)", re.IGNORECASE)
_PASSING_EN = re.compile(r"\b(?:headache|hangover|cold|flu|cramps|sunburn|jet\s?lag|back|feet|legs|"
                         r"knees?|neck|throat|stomach|head|covid)\b", re.IGNORECASE)
_COUNT = (r"(?P<n>\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+"
          r"(?P<unit>days?|weeks?|months?|years?)")
_SOBER_EN = (
    re.compile(rf"^(?:(?:i['’]?ve|i\s+have|ive)\s+)?(?:been\s+)sober\s+(?:for\s+)?{_COUNT}\b",
               re.IGNORECASE),
    re.compile(rf"^(?:(?:i['’]?m|im)\s+)?(?:now\s+)?{_COUNT}\s+sober\b", re.IGNORECASE))


def stated(turn_text: str, stored: Sequence[str]) -> list[tuple[Hit, str]]:
    """The condition the turn's complaint names, or the user's sobriety (see the module
    docstring), unless ``stored`` already names it."""
    out: list[tuple[Hit, str]] = []
    for sentence in split_sentences(turn_text):
        text = sentence.strip()
        if "?" in text or re.search(r"\b(?:if|would|wish|hope|want)\b", text, re.IGNORECASE):
            continue
        found = _korean(text) if HANGUL.search(text) else _english(text)
        if found is None:
            continue
        content, key = found
        if any(key.casefold() in s.casefold() for s in stored):
            continue
        out.append((Hit(content=content, family="health", type=MemoryType.FACT, category="context",
                        tags=("health",), confidence=0.8), "ko" if HANGUL.search(content) else "en"))
    return out


def _korean(text: str) -> tuple[str, str] | None:
    m = _SUFFER_KO.match(text)
    if m is None:
        return None
    cause = m.group("c")
    condition = health_related(cause) or (_CONDITION_KO.search(cause) is not None
                                           and _NOT_CONDITION_KO.search(cause) is None)
    if not condition or _PASSING_KO.fullmatch(cause) or _OTHERS_KO.search(cause):
        return None
    return f"사용자는 {cause}{'이' if has_batchim(cause) else '가'} 있다", cause


def _english(text: str) -> tuple[str, str] | None:
    m = _SUFFER_EN.match(text)
    if m is not None:
        cause = m.group("c")
        if health_related(cause) and not _PASSING_EN.fullmatch(cause):
            return f"User has {cause}", cause
        return None
    for pattern in _SOBER_EN:
        m = pattern.match(text)
        if m is not None:
            return f"User has been sober for {m.group('n')} {m.group('unit')}", "sober"
    return None
