"""The dates of a trip, said bare in reply to the assistant asking when it is (issue 16, a
new-user trial): "I'm planning a trip to Lisbon" → "When are you going to Lisbon?" → "sept
14-21"; "언제 오사카 가?" → "3월 2일부터 5일까지".

Why: the reply is only dates, so no sentence rule reads it, and the answer path stores it as
'User's answer to "When are you going to Lisbon?": sept 14-21' — a memory that names the trip
only inside the quoted question, and reads as a reply rather than as when the user travels.
Yet the question put the trip in view: "when" asked of the user's going to (flying to,
visiting, trip to) a place, or of "the trip" when the user's sentence before named where. So
the whole turn is read: that question, and a reply that is nothing but a time — a month and
days ("sept 14-21", "14-21 sept", "oct 3rd to the 9th"), a month ("in march", "early june"),
or a relative time ("next week", "this weekend"). The trip is stored with its dates ("User is
traveling to Lisbon sept 14-21"), in the form ``trip_reply`` writes, and the bare answer goes.

Never: a question about someone else's trip, or not about when; a reply with words besides
the time (a statement of its own: its sentences read it), one that hedges ("maybe in march",
"not sure"), or one that asks back; a place the question names that is no destination.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.text.hangul import HANGUL
from gieok.write.extract.base import Hit
from gieok.write.extract.followup import last_question
from gieok.write.extract.timeexpr import MONTH_NAMES

_MONTHS = MONTH_NAMES
_DAY = r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?"
_SPAN = rf"{_DAY}(?:\s*(?:-|–|to|through|thru|until|till)\s*{_DAY})?"
_EN_WHEN = re.compile(
    rf"^(?:(?:yeah|yes|oh|so|it'?s|we\s+go|i\s+go|going|leaving|flying)[\s,:]+)*"
    rf"(?:from\s+|on\s+|in\s+)?(?:"
    rf"(?:{_MONTHS})\.?\s+{_SPAN}(?:\s*(?:-|–|to|through|until|till)\s*(?:{_MONTHS})\.?\s+{_DAY})?|"
    rf"{_SPAN}\s+(?:of\s+)?(?:{_MONTHS})|"
    rf"(?:early|mid|late|end\s+of|beginning\s+of)?[\s-]*(?:{_MONTHS})|"
    rf"next\s+(?:week|month|weekend|year|spring|summer|fall|winter)|"
    rf"this\s+(?:weekend|month|summer|fall|winter|spring)|"
    rf"over\s+(?:christmas|easter|thanksgiving|the\s+holidays|new\s+year['’]?s?))"
    rf"[\s.!]*$", re.IGNORECASE)
_KO_WHEN = re.compile(
    r"^(?:\d{1,2}\s?월\s?\d{1,2}\s?일?(?:\s?(?:부터|~|-)\s?(?:\d{1,2}\s?월\s?)?\d{1,2}\s?일?(?:까지)?)?|"
    r"\d{1,2}\s?월\s?(?:초|중순|말)?|다음\s?주|다음\s?달|이번\s?주말|이번\s?달)"
    r"(?:에|이요|요|이야|야|쯤|쯤에)?[\s.!~ㅎㅋ]*$")
# "When are you going to Lisbon?", "When's your Tokyo trip?", "what dates are you in Rome?"
_WHEN_Q = re.compile(r"\b(?:when|what\s+dates?|which\s+dates?|what\s+days?)\b", re.IGNORECASE)
_YOU = re.compile(r"\b(?:you|your)\b", re.IGNORECASE)
_OTHERS_Q = re.compile(r"\b(?:he|she|they|his|her|their|parents|wife|husband|partner|friend|"
                       r"boss|kids?|son|daughter|mom|dad|sister|brother)\b", re.IGNORECASE)
_PLACE = r"(?P<place>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,2})"
_TO_PLACE = re.compile(rf"\b(?:going|flying|heading|traveling|travelling|leaving\s+for|off|trip|"
                       rf"getting|moving|be|visiting|visit|go|fly|head)\s+(?:to\s+|in\s+)?{_PLACE}")
_PLACE_TRIP = re.compile(rf"\b(?:your|the)\s+{_PLACE}\s+(?:trip|vacation|holiday|visit)\b")
_TRIP_Q = re.compile(r"\b(?:trip|vacation|holiday|flight|travel\w*|leave|leaving|going|fly|flying|"
                     r"head\w*|visit\w*)\b", re.IGNORECASE)
_THE_TRIP = re.compile(r"\bthe\s+(?:trip|vacation|holiday|flight)\b", re.IGNORECASE)
_TRIP_SAID = re.compile(rf"\b(?:trip|vacation|holiday|going|flying|heading|travel\w*|visit\w*)\s+"
                        rf"(?:to\s+|in\s+)?{_PLACE}")
_KO_Q = re.compile(r"(?P<place>[가-힣A-Za-z]{2,10})(?:에|으로|로)?\s?(?:여행\s?)?(?:언제|며칠에|몇\s?일에)\s?"
                   r"(?:가|가요|가세요|가시나요|떠나|떠나요|출발)"
                   r"|언제\s(?P<place2>[가-힣A-Za-z]{2,10})(?:에|으로|로)?\s(?:가|가요|가세요|가시나요|떠나|떠나요)")
_NOT_PLACE = frozenset("I You We It There Home Work Back The A An This That What When".split())
_KO_NOT_PLACE = re.compile(r"^(?:여행|휴가|출장|집|회사|거기|여기|그럼|그러면|혹시|그래서|그|이번|다음)")


def _place_en(question: str, prior: str | None) -> str | None:
    for source in (question, prior or ""):
        for pattern in (_TO_PLACE, _PLACE_TRIP) if source is question else (_TRIP_SAID,):
            m = pattern.search(source)
            if m is not None and m.group("place").split()[0] not in _NOT_PLACE:
                return m.group("place").rstrip(".")
    return None


def stated(turn_text: str, said: Sequence[str], shown: str = "",
           prior: str | None = None) -> list[tuple[Hit, str]]:
    """The trip with the dates the reply gives (module docstring), or nothing."""
    text = turn_text.strip()
    question = last_question(shown) if shown else None
    if not text or question is None or "?" in text:
        return []
    if HANGUL.search(text):
        m = _KO_Q.search(question)
        place = (m.group("place") or m.group("place2")) if m is not None else None
        if place is None or _KO_NOT_PLACE.match(place) or not _KO_WHEN.match(text):
            return []
        content, lang = f"사용자는 {text.rstrip(' .!~ㅎㅋ')} {place} 여행 간다", "ko"
    else:
        if not _WHEN_Q.search(question) or not (_YOU.search(question) or _THE_TRIP.search(
                question)) or _OTHERS_Q.search(question) or not _TRIP_Q.search(question):
            return []
        place = _place_en(question, None if prior and _OTHERS_Q.search(prior) else prior)
        if place is None or not _EN_WHEN.match(text):
            return []
        content, lang = f"User is traveling to {place} {text.rstrip(' .!')}", "en"
    if any(content.casefold() in s.casefold() for s in said):
        return []
    return [(Hit(content=content, family="plan", type=MemoryType.FACT, category="context",
                 tags=("plan", "travel"), confidence=0.75), lang)]


def bare_of(bare: str, named: str) -> bool:
    """``bare`` is the reply kept as an answer ('User's answer to "When …?": sept 14-21')
    that ``named`` (the trip with its dates, made here) says whole."""
    m = _ANSWER.match(bare)
    return m is not None and _MADE.match(named) is not None \
        and m.group("a").strip(" .!~") in named


_ANSWER = re.compile(r'^(?:User\'s answer to "[^"]+"|질문 "[^"]+"에 대한 사용자의 답): (?P<a>.+)$')
_MADE = re.compile(r"^(?:User is traveling to .+|사용자는 .+ 여행 간다)$")
