"""A trip said as a place and a time in reply to the assistant asking about travel (issue 16):
"Are you traveling soon?" → "tokyo in feb, 11th to 19th"; "Any trips coming up?" → "yeah,
lisbon next month".

Why: the question is asked for the task at hand (how fast the passport must be renewed), so
the answer path reads the reply as steering the task and keeps nothing; and the reply has no
verb, so no sentence rule reads it. Yet a place with a time, said to a question about
travelling, is the user's trip: a plan. So the whole turn is read: a question put to the user
that names travel, and a reply whose first piece (after a yes) is one to three words of a
place followed by when ("in feb", "next month", "on the 12th", "over christmas"). The place is
written as a name ("Tokyo"); the rest of the piece stays ("…, 11th to 19th").

Never: a question about someone else's travel, a reply that asks, declines ("no", "not
yet", "nothing planned") or wishes ("hopefully", "maybe", "someday"), a place word that is no
destination ("home", "work", "back", "there"), or a trip the turn's memories already name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.text.hangul import HANGUL
from gieok.write.extract.base import Hit
from gieok.write.extract.followup import last_question
from gieok.write.extract.timeexpr import MONTH_NAMES

_TRAVEL_Q = re.compile(r"\b(?:travel(?:l)?ing|travel|trips?|vacation|holidays?|going\s+anywhere|"
                       r"going\s+away|flying|getaway|abroad|heading\s+(?:anywhere|off))\b",
                       re.IGNORECASE)
_YOU = re.compile(r"\b(?:you|your)\b", re.IGNORECASE)
_OTHERS_Q = re.compile(r"\b(?:he|she|they|his|her|their|parents|wife|husband|partner|friend|"
                       r"boss|kids?|son|daughter|mom|dad)\b", re.IGNORECASE)
_MONTHS = MONTH_NAMES
_WHEN = (rf"(?:in\s+(?:early\s+|mid[-\s]|late\s+)?(?:{_MONTHS}|the\s+spring|the\s+summer|the\s+fall|"
         rf"spring|summer|fall|autumn|winter|\d+\s+(?:days|weeks|months))|"
         rf"on\s+the\s+\d{{1,2}}(?:st|nd|rd|th)|(?:on\s+)?(?:{_MONTHS})\s+\d{{1,2}}(?:st|nd|rd|th)?|"
         rf"next\s+(?:week|month|year|spring|summer|fall|winter|weekend)|this\s+(?:weekend|summer|"
         rf"fall|winter|spring|month)|over\s+(?:christmas|xmas|easter|thanksgiving|the\s+holidays|"
         rf"new\s+year['’]?s?|spring\s+break|half[-\s]term)|for\s+(?:christmas|xmas|easter|"
         rf"thanksgiving|new\s+year['’]?s?))")
_OPENER = re.compile(r"^(?:(?:yes|yeah|yep|yup|ya|sure|oh|well|actually|haha+|lol|ok|okay)\b"
                     r"[\s,.!:-]*)+", re.IGNORECASE)
_REPLY = re.compile(
    rf"^(?:to\s+)?(?P<place>[A-Za-z][\w'’.-]*(?:\s+[A-Za-z][\w'’.-]*){{0,2}}?)\s+(?P<when>{_WHEN})\b"
    r"(?P<rest>[^.!?\n]*)", re.IGNORECASE)
_NOT_PLACE = frozenset(
    "no not nope nah nothing nowhere none home work back there here somewhere anywhere maybe "
    "hopefully probably someday possibly just only again out away off busy free leaving "
    "going flying traveling travelling driving heading visiting i we it that this the a an "
    "and or but also too then yes yeah".split())
_NO = re.compile(r"\b(?:not|no|nope|nah|never|hopefully|maybe|someday|wish|dream|might|"
                 r"would\s+love|if)\b", re.IGNORECASE)


def stated(turn_text: str, said: Sequence[str], shown: str = "") -> list[tuple[Hit, str]]:
    """The trip the reply names (module docstring), or nothing."""
    text = turn_text.strip()
    question = last_question(shown) if shown else None
    if not text or question is None or "?" in text or HANGUL.search(text) \
            or not _TRAVEL_Q.search(question) or not _YOU.search(question) \
            or _OTHERS_Q.search(question):
        return []
    first = re.split(r"(?<=[.!;])\s+|\n+", _OPENER.sub("", text), maxsplit=1)[0]
    m = _REPLY.match(first.strip())
    if m is None or _NO.search(first):
        return []
    place = m.group("place")
    if any(w.casefold() in _NOT_PLACE or w.endswith("ing") for w in place.split()):
        return []
    if any(place.casefold() in s.casefold() for s in said):
        return []
    name = " ".join(w[:1].upper() + w[1:] for w in place.split())
    rest = m.group("rest").rstrip(" ,;:-")
    return [(Hit(content=f"User is traveling to {name} {m.group('when')}{rest}", family="plan",
                 type=MemoryType.FACT, category="context", tags=("plan", "travel"),
                 confidence=0.75), "en")]
