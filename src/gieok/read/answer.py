"""What a question's answer is (its answer type), as far as the text of a memory can show it.

"When is my dental appointment?" asks for a time. A memory that names no time at all — "the
user is a dental hygienist" — cannot answer it, however close its words are ("dental"), while
"the appointment is next Thursday at 3pm" can. A small embedding model and full text both
rank by topic, not by the kind of answer, so in a store where one topic has several memories
the one without the answer could come first (a private trial: the occupation above the
appointment). On LoCoMo's dev conversations 80 % of the evidence turns of "when" questions
name a time, against 12 % of all turns (docs/benchmarks.md "Through add(), session 11").

Only the time type is read: it is the one a memory's text shows by its form (dates, weekdays,
clock times, "yesterday", "다음 주", "3월 5일"); a person, a place or a book has no form a
regular expression can tell without a list of names. ``search()`` lets a candidate that
names no time keep ``ScoringSettings.timeless_relevance`` of its relevance when the query
asks when; every other query ranks as before.
"""

from __future__ import annotations

import re
from functools import lru_cache

# A question about a time. English "when" only as a question (opening the query, or "when
# is", "when did", "when's"), so "tell me what I said when I was in Busan" is not one;
# Korean 언제 but not 언제나/언제든 (always/anytime), 몇 시 but not 몇 시간 (how many hours).
_AUX = (r"(?:is|are|was|were|do|does|did|will|would|can|could|should|shall|am|has|have|had"
        r"|'s|’s)")
_ASKS_WHEN = re.compile(
    rf"^\W*when\b|\bwhen\s*{_AUX}|\bwhen\s*\?|\bsince when\b|\bhow long ago\b|\bhow soon\b"
    r"|\b(?:what|which)\s+(?:time|day|date|year|month|week|weekday)\b"
    r"|언제(?![나든])|몇\s*시(?!간)|며칠|몇\s*월|무슨\s*요일|몇\s*년도|무슨\s*날|몇\s*일(?:에|이|날)",
    re.IGNORECASE)

_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|june?|july?|aug(?:ust)?"
          r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_UNIT = r"(?:days?|weeks?|months?|years?|hours?)"
# A time named in a text: a year, a date, a clock time, a weekday, a month, a day relative
# to the moment of speaking, a time ago or ahead — English and Korean.
_HOLDS_TIME = re.compile(
    r"\b(?:19|20)\d{2}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}/\d{1,2}\b"
    r"|\b\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)|\b\d{1,2}:\d{2}\b"
    rf"|\b{_MONTH}\b|\bmay\s+\d{{1,2}}\b|\b\d{{1,2}}(?:st|nd|rd|th)?\s+of\s+may\b"
    r"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b"
    r"|\b(?:today|tonight|tomorrow|yesterday|weekend|noon|midnight)\b"
    r"|\b(?:next|last|this|coming|past|previous)\s+(?:week|month|year|spring|summer|fall"
    r"|autumn|winter|semester|weekend|morning|night|evening)\b"
    rf"|\b(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|few|couple of|several)"
    rf"\s+{_UNIT}\s+(?:ago|from now|later|before|after)\b"
    rf"|\b(?:in|for)\s+(?:a|an|\d+|a few|a couple of|the past|the last)\s+{_UNIT}\b"
    r"|\b(?:recently|lately|the other day)\b"
    r"|\d+\s*(?:월|일|시|년|분|주)|[월화수목금토일]요일|오늘|내일|모레|어제|그제|그저께"
    r"|(?:이번|다음|지난|저번)\s*(?:주|달|번|해|학기|주말)|다음날|전날|작년|올해|내년|재작년|주말"
    r"|오전|오후|새벽|아침에|저녁에|밤에|(?:며칠|몇\s*주|몇\s*달|몇\s*년)\s*(?:전|후|뒤)",
    re.IGNORECASE)


def asks_when(query: str) -> bool:
    """Whether ``query`` asks for a time ("when did …", "what day …", "언제", "몇 시")."""
    return _ASKS_WHEN.search(query) is not None


@lru_cache(maxsize=131072)
def holds_time(text: str) -> bool:
    """Whether ``text`` names a time of any kind (module docstring); cached per text, as a
    candidate comes back for many searches."""
    return _HOLDS_TIME.search(text) is not None
