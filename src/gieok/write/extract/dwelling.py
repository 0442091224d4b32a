"""Where a stored memory says the user lives now, read from the memory's own words.

Why: a residence reaches the store in two ways — through a slot rule (``residence``, with a
value) or kept whole as the user said it ("사용자는 송도 센트럴파크 근처 산다", "User's
commute from West Kirby …"). Only the first was ever superseded by a move: a home said in a
kept-whole memory stayed current beside the new one (issue 16: "송도 … 사는데" then "청라로
이사 와서"; "수원 영통 살면 …" then "천안 와서 첫 봄인데"). Reading the home out of the memory
text, like ``diets.diet_in`` does for a diet, lets reconcile treat such a memory as holding the
residence slot whichever path made it.

The reading is by clause shape, not by wording of a writer: the memory's subject is the user
(not "사용자의 엄마는", not "User's sister"), the verb is a present "live" (살다/거주하다, lives,
is based), or a shape that only a home has — commuting *from* a place ("X에서 출퇴근", "commutes
from X"), a first season in a place ("X 와서 첫 봄") — and the words before it name a place
(a place suffix, a known city, a capitalised name). A wish, a plan or the past ("살고 싶다",
"살면 좋겠다", "used to live", "살았다"), two homes ("평일엔 … 주말엔 …", "weekdays …
weekends …") and a stay with an end ("till June", "this week") are no home.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Set
from functools import lru_cache

from gieok.domain.records import MemoryRecord, MemoryType

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.changes import people
from gieok.write.extract.patterns_ko_base import CITIES, NOT_PLACE, PLACE_SUFFIX
from gieok.write.likeness import same_value

# -- Korean ------------------------------------------------------------------------------------
_KO_LEAD = re.compile(r"^사용자(?:는|가)\s+(?:(?:요즘은?|요새|지금은?|현재는?|이제는?|아직|계속|"
                      r"우리\s?가족은?|가족이랑|혼자)\s+)*")
# the user's house said to be somewhere: the place is the whole predicate
_KO_HOUSE = re.compile(r"^사용자의\s+(?:집|사는\s?곳|거주지)(?:은|는|이)?\s+(?P<x>(?:\S+\s){0,2}?\S+?)"
                       r"(?:\s?(?:근처|부근|인근|쪽|옆))?\s?(?:이다|다|임|에\s?있다)[.!]?$")
# the verb of a home: live (present, or a clause going on), a home's commute, a first season
_KO_VERB = re.compile(
    r"\s*(?:(?:근처|부근|인근|쪽|옆)(?:에서?)?\s*)?"
    r"(?:산다|살아|살고\s?있|사는데|사는\s?중|살면|살거든|살아서|살지만|삽니다|거주|"
    r"에서?\s?출퇴근|(?:으로|로)\s?이사\s?(?:왔|와서|했|온)|(?:에\s?)?와서\s?첫\s?(?:봄|여름|가을|겨울|해))")
# what follows a verb of living that makes it no fact: a wish, a plan, a question, a condition
_KO_NOT_NOW = re.compile(r"^\S*\s?(?:싶|좋겠|좋을|어때|어떨|될까|괜찮을|예정|계획|려고|고민|할까|보고)")
_KO_PROVEN = re.compile(r"(?:에서?\s?출퇴근|(?:으로|로)\s?이사|(?:에\s?)?와서\s?첫)")
# someone else's house: a friend's, the parents' ("친구 집에서 지내")
_KO_THEIRS = re.compile(r"(?:집|댁|네|친구|지인)$")
_KO_PARTICLE = re.compile(r"(?:을|를|이|가|은|는|도|와|과|랑|이랑|하고|의|께|한테|서|고|면|엔|에는)$")
_KO_TWO_HOMES = re.compile(r"(?:평일|주중).*주말|주말.*(?:평일|주중)|왔다\s?갔다|반반|번갈아|기숙사")

# a home found: "Leith 쪽 flat 구했다", "망원동 쪽 원룸 구했어" (the user's, said without a subject)
_KO_FOUND = re.compile(
    r"^(?:사용자(?:는|가)\s+)?(?:(?:드디어|이번에|결국|새로)\s+)?(?P<x>(?:\S+\s)?\S+?)\s?(?:쪽|근처|부근)?(?:에|에서)?\s"
    r"(?:(?:새\s?)?(?:집|flat|방|원룸|투룸|아파트|오피스텔|빌라|셰어하우스|쉐어하우스|월세|전세)(?:을|를|도)?)\s?"
    r"(?:구했|얻었|계약했|구함|얻음)(?!\S*\s?(?:싶|려고|면|ㄹ까|을까))", re.IGNORECASE)

# -- English ----------------------------------------------------------------------------------
_EN_HOME = re.compile(
    r"^User(?:\s+and\s+(?:their|his|her)\s+\w+)?\s+(?:now\s+|still\s+|currently\s+)?"
    r"(?:lives?|is\s+living|(?:has|have)\s+(?:lived|been\s+living)|is\s+based|(?:just\s+|recently\s+)?"
    r"(?:moved|relocated)|commutes?(?:\s+in(?:to\s+\w+)?)?)\s+"
    r"(?:in|near|on|to|from|just\s+outside|outside)\s+(?:the\s+)?"
    r"(?P<x>(?-i:[A-Z][\w'’-]*)(?:\s+(?-i:[A-Z][\w'’-]*)){0,2})")
_EN_COMMUTE = re.compile(r"^User's\s+commute\b[^.;!?]*?\bfrom\s+(?P<x>(?-i:[A-Z][\w'’-]*)"
                         r"(?:\s+(?-i:[A-Z][\w'’-]*)){0,2})")
# "User relocated again, Seattle this time": a move said again, the new place named after it
_EN_AGAIN = re.compile(r"^User\s+(?:just\s+|recently\s+)?(?:moved|relocated)\s+(?:again|once\s+more)\s*,?\s+"
                       r"(?:to\s+)?(?P<x>(?-i:[A-Z][\w'’-]*)(?:\s+(?-i:[A-Z][\w'’-]*)){0,2})\s+this\s+time\b")
_EN_NOT_NOW = re.compile(r"\b(?:used\s+to|would|want|wants|hoping|plan|planning|thinking|might|"
                         r"maybe|till|until|this\s+(?:week|weekend|month)|for\s+(?:the\s+)?"
                         r"(?:week|weekend|summer|month)|weekdays?|weekends?|half\s+the)\b",
                         re.IGNORECASE)


@lru_cache(maxsize=8192)
def home_in(content: str) -> str | None:
    """The place ``content`` says the user lives in now, casefolded ("송도 센트럴파크",
    "liverpool"), or None when it says no such thing (see the module docstring)."""
    text = content.strip()
    if text.startswith("User"):
        return _home_en(text)
    found = _KO_FOUND.match(text) if _HANGUL.search(text) else None
    place = re.sub(r"\s(?:쪽|근처|부근)$", "", found.group("x")) if found is not None else ""
    # a Korean word must be a place by itself (not "회사 근처"); a capitalised name is one
    if place and _a_place(place, proven=re.match(r"[A-Z]", place) is not None):
        return place.casefold()
    if text.startswith("사용자"):
        text = _KO_WITH.sub(r"\g<at> ", text, count=1)
        lead = _KO_LEAD.match(text)
        first = _KO_WITH_FIRST.match(text, lead.end()) if lead is not None else None
        if first is not None and _lives_with(first):
            # "남편 준수랑 아들 은호랑 인천 송도에 산다": the people go first
            text = text[:first.start("with")] + text[first.end("with"):].lstrip()
        return _home_ko(text)
    return None




def _home_en(text: str) -> str | None:
    text = _EN_WITH_FIRST.sub(r"\g<verb> \g<place>", text, count=1)
    m = _EN_HOME.match(text) or _EN_COMMUTE.match(text) or _EN_AGAIN.match(text)
    if m is None or _EN_NOT_NOW.search(text):
        return None
    return m.group("x").casefold()


def _home_ko(text: str) -> str | None:
    house = _KO_HOUSE.match(text)  # "사용자의 집은 울산 삼산동 근처다"
    if house is not None:
        place = house.group("x")
        return place.casefold() if _a_place(place) and not _KO_TWO_HOMES.search(text) else None
    lead = _KO_LEAD.match(text)
    if lead is None or _KO_TWO_HOMES.search(text):
        return None
    rest = text[lead.end():]
    words = rest.split()
    # the place is one to three words right before the verb, each a bare noun
    for n in (3, 2, 1):
        if len(words) < n:
            continue
        head = " ".join(words[:n])
        tail = rest[len(head):] if rest.startswith(head) else None
        if tail is None:
            continue
        place = re.sub(r"(?:에서|에|으로|로)$", "", head) if n else head
        verb = _KO_VERB.match(tail) or _KO_VERB.match(head[len(place):] + tail)
        if verb is None or _KO_NOT_NOW.match(tail[verb.end():].lstrip()):
            continue
        # moving in, commuting from, a first season in: only a place takes these verbs
        if _a_place(place, proven=_KO_PROVEN.match(verb.group(0).strip()) is not None):
            return place.casefold()
    return None


def _a_place(place: str, *, proven: bool = False) -> bool:
    """Every word a bare noun (no particle glued on, no adverb, nobody's house) and one of
    them a place — any noun when the verb is one only a place takes (``proven``)."""
    words = place.split()
    if not words or any(NOT_PLACE.match(w) or _KO_THEIRS.search(w) for w in words) \
            or people(place):
        return False
    if any(_KO_PARTICLE.search(w) and not PLACE_SUFFIX.search(w) for w in words):
        return False
    return proven or any(CITIES.match(w) or (len(w) >= 2 and PLACE_SUFFIX.search(w)) for w in words)


def homes_left(new: MemoryRecord, place: str, records: Iterable[MemoryRecord],
               created: Set[str]) -> list[MemoryRecord]:
    """The memories a move to ``place`` ends besides the residence slot: those stored without a
    slot whose words say the user lives somewhere else (``home_in``), said before ``new`` was
    (when the move happened may be earlier: "moved last month"), in its layer, not made by this
    same batch (one message may say the old home and the new)."""
    return [r for r in records if r.id not in created and r.id != new.id
            and not r.metadata.get("slot") and r.layer is new.layer
            and r.type is not MemoryType.RULE and r.event_time <= new.event_time
            and (home := home_in(r.content)) is not None and not same_value(home, place)]


# -- who the user lives with: not part of the home a move ends ---------------------------------
# "사용자는 부산에서 남편이랑 딸 둘이랑 산다": the people between the place and the verb of living
_KO_WITH = re.compile(r"(?P<at>(?:에서|에))\s(?P<with>(?:\S+\s){0,3}?\S+(?:이랑|랑|하고|와|과)"
                      r"(?:\s(?:같이|함께))?)\s(?=(?:같이\s|함께\s)?(?:산다|살아|살고|사는|삽니다|지낸다))")
# "사용자는 남편 준수랑 아들 은호랑 인천 송도에 산다": the people before the place
_KO_WITH_FIRST = re.compile(r"(?P<with>(?:\S+\s){0,3}?\S+(?:이랑|랑|하고|와|과)(?:\s(?:\S+\s){0,3}?"
                            r"\S+(?:이랑|랑|하고|와|과))*(?:\s(?:같이|함께))?)\s(?P<place>(?:\S+\s){0,2}?\S+?)(?:에서|에)\s"
                            r"(?P<verb>(?:같이\s|함께\s)?(?:산다|살아|살고|사는|삽니다|지낸다))")
# "User lives with their wife in Portland": the people before the place
_EN_WITH_FIRST = re.compile(r"(?P<verb>\blives?|\bis\s+living)\s+with\s+[^,.;]+?\s+"
                            r"(?P<place>in\s+(?-i:[A-Z]))")
# "User lives in Portland with their wife Mei and their two kids"
_EN_WITH = re.compile(r"^User\s+(?:now\s+|still\s+|currently\s+)?(?P<verb>lives?|is\s+living)\s+"
                      r"(?:in|near)\s+(?:the\s+)?(?-i:[A-Z])[\w'’-]*(?:\s+(?-i:[A-Z])[\w'’-]*){0,2}"
                      r"(?:,\s+(?-i:[A-Z])[\w'’-]*)?\s+with\s+(?P<with>[^.;!?]+?)\s*$")
# "User just moved to Denver with their wife Priya and their son Arjun"
_EN_MOVED_WITH = re.compile(r"^User\s+(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated)\s+to\s+"
                            r"(?:the\s+)?(?-i:[A-Z])[\w'’-]*(?:\s+(?-i:[A-Z])[\w'’-]*){0,2}"
                            r"(?:,\s+(?-i:[A-Z])[\w'’-]*)?\s+with\s+(?P<with>(?:their|his|her)\s+[^.;!?]+?)\s*$")
# "User lives in Austin, the user, their wife Carmen and their dog Rufus" ("we live in Austin, me,
# my wife Carmen and our dog Rufus"): the household listed after the place
_EN_LISTED = re.compile(r"^User\s+(?:now\s+|still\s+|currently\s+)?(?P<verb>lives?|is\s+living)\s+"
                        r"(?:in|near)\s+(?:the\s+)?(?-i:[A-Z])[\w'’-]*(?:\s+(?-i:[A-Z])[\w'’-]*){0,2}"
                        r"(?:,\s+(?-i:[A-Z])[\w'’-]*)?\s*[,:—-]\s+(?:(?:the\s+user|User|me)\s*(?:,|and)\s+)?"
                        r"(?P<with>(?:their|his|her)\s+[^.;!?]+?)\s*$")
_EN_WITH_BEFORE = re.compile(r"^User\s+(?:now\s+|still\s+|currently\s+)?(?P<verb>lives?|is\s+living)\s+"
                             r"with\s+(?P<with>[^.;!?]+?)\s+(?:in|near)\s+(?-i:[A-Z])[^.;!?]*$")


def _lives_with(m: re.Match[str]) -> bool:
    """The words before a place are the people the user lives with: each a person ("남편",
    "아들 은호랑": a name after a kin word said bare) or "같이"/"함께" — not "엄마랑 통화하고"."""
    if not _a_place(m.group("place")):
        return False
    words = m.group("with").split()
    for i, w in enumerate(words):
        bare_kin = i > 0 and people(words[i - 1]) and not _KO_PARTICLE.search(words[i - 1])
        if not (people(w) or w in ("같이", "함께") or bare_kin and re.search(
                r"(?:이랑|랑|하고|와|과)$", w)):
            return False
    return True


def household(content: str) -> str | None:
    """``content`` (a memory saying where the user lives) without the place, when it also
    says who the user lives with: "User lives in Portland with their wife Mei and their two
    kids" → "User lives with their wife Mei and their two kids", "사용자는 부산에서 남편이랑
    딸 둘이랑 산다" → "사용자는 남편이랑 딸 둘이랑 산다". A move ends the home, not the
    family: this is what stays current. None when it names no one the user lives with."""
    text = content.strip().rstrip(".")
    if home_in(text) is None:
        return None
    m = _EN_WITH.match(text) or _EN_WITH_BEFORE.match(text)
    if m is not None:
        return f"User {m.group('verb')} with {m.group('with')}"
    m = _EN_LISTED.match(text)  # the household listed after the place
    if m is not None and people(m.group("with")):
        return f"User {m.group('verb')} with {m.group('with')}"
    m = _EN_MOVED_WITH.match(text)  # who moved in with the user lives with them
    if m is not None and people(m.group("with")):
        return f"User lives with {m.group('with')}"
    lead = _KO_LEAD.match(text)
    first = _KO_WITH_FIRST.match(text, lead.end()) if lead is not None else None
    if lead is not None and first is not None and _lives_with(first):
        return f"{text[:lead.end()]}{first.group('with')} {first.group('verb')}{text[first.end():]}"
    m = _KO_WITH.search(text)
    if lead is None or m is None:
        return None
    verb = text[m.end():]
    return f"{text[:lead.end()]}{m.group('with')} {verb}".strip()
