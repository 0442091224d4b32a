"""A standing request taken back (W6, issue 16): "영어 요약 이제 안 붙여도 돼" after "앞으로 답변 끝에
항상 영어 한 문장 요약 붙여줘"; "no need to add the sources anymore" after "always cite your
sources"; "you can go long again" after "keep answers under 100 words".

Why: a request for how the assistant answers holds until the user takes it back, and taking it
back is said in few words, as a permission ("…안 붙여도 돼", "you don't have to …", "you can …
again") — no change verb, no new value, nothing a rule or the judge keeps. The old request then
stayed current and context() kept asking for the summary the user no longer wants.

The taking back names what it ends in one of two ways:

* by the words of the request: the phrase before "안 …도 돼" / "필요 없어", or after "no need to"
  / "you don't have to" / "you can stop" — a stored request naming every content word of that
  phrase (either script) is ended;
* by the other pole of an axis of how answers are given (``styles``: short ↔ long) said as a
  permission ("you can go long again", "길게 써도 돼"): a stored request naming the other pole.

Only standing requests (``MemoryType.RULE``) are ended, never a fact ("사용자는 영어 공부한다"
stays after "영어 요약 안 붙여도 돼"). The sentence is kept only when it ends one (a candidate
that lapses, ``said_alone``), and as history: it records the end of the request, it is no
request of its own. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gieok.domain.records import MemoryRecord, MemoryType
from gieok.write import revoked_ko, styles

# Korean: "<phrase> (이제) 안 <verb>도 돼", "<phrase> 안 해줘도 괜찮아", "<phrase> 이제 필요 없어"
_KO = re.compile(
    r"(?P<x>[가-힣A-Za-z0-9]+(?:\s[가-힣A-Za-z0-9]+){0,3}?)(?:은|는|을|를|도)?\s"
    r"(?:(?:이제|이젠|이제는|더\s?이상|앞으로는?|굳이|매번|항상|계속)\s)*"
    r"(?:안\s?[가-힣]{1,4}도\s?(?:돼|되|됨|된다|괜찮)|[가-힣]{1,3}지\s?않아도\s?(?:돼|되|괜찮)|"
    r"필요\s?없)")
_KO_LEAD = re.compile(r"^(?:(?:사용자는|나|저|난|전|아|그리고|근데|그냥|음|참|앞으로|이제)\s)+")
# English: "no need to <phrase> anymore", "you don't have to <phrase>", "you can stop <phrase>"
_EN = re.compile(
    r"(?:\bno\s+need\s+(?:to|for)|\b(?:you|You)\s+(?:don['’]?t|do\s+not)\s+(?:have|need)\s+to|"
    r"\b(?:you|You)\s+can\s+stop|\b(?:can|could|would)\s+you\s+(?:please\s+)?stop|\bno\s+more|"
    r"^\s*(?:ok(?:ay)?[,\s]+|actually[,\s]+)?(?:please\s+)?stop)\s+"
    r"(?P<x>[\w'’-]+(?:\s+[\w'’-]+){0,4}?)"
    r"(?=\s*(?:any\s?more|from\s+now\s+on|going\s+forward|now|again|actually|please)?\s*"
    r"(?:[,.!;?]|$|\s+(?:i|I|we)\b))",
    re.IGNORECASE)
# a permission: what the assistant may do (again)
_PERMITS = re.compile(r"\b(?:you\s+can|you\s+may|feel\s+free\s+to|(?:it['’]?s|its)\s+(?:fine|ok(?:ay)?)"
                      r"\s+to|ok(?:ay)?\s+to)\b|(?:해도|써도|줘도|말해도)\s?(?:돼|되|괜찮)",
                      re.IGNORECASE)
_AGAIN = re.compile(r"\bagain\b|\bback\s+to\b|다시", re.IGNORECASE)
_STOP_EN = frozenset("the a an my your to of in on at for with and or it them that this those "
                     "me us be any all every each always answers answer replies reply responses "
                     "response only just".split())
# "forget the English-only rule", "never mind the English rule", "drop that bullet-point thing":
# the request named by what it asked, before a word for a request
_DROPPED_EN = re.compile(
    r"\b(?:forget(?:\s+about)?|never\s*mind|drop|scrap|ignore|disregard|cancel|lose)\s+(?:the|that|my|your|this)\s+"
    r"(?P<x>[\w'’-]+(?:\s+[\w'’-]+){0,2}?)\s+(?:rule|request|instruction|thing|preference|policy)\b",
    re.IGNORECASE)
# the verbs a request is said with, not what it asks for: "stop adding type hints" takes back
# "always give me type hints" — the hints are what both name
_ASKING_EN = frozenset("add adding give giving include including put putting use using write "
                       "writing show showing".split())
_STOP_KO = frozenset("답변 대답 항상 매번 계속 그거 이거 그 이 저 좀 다 꼭".split())


def revoked(sentence: str) -> tuple[str, ...]:
    """The content words of the request ``sentence`` takes back ("영어 요약 이제 안 붙여도 돼" →
    영어, 요약; "no need to add the sources anymore" → add, sources); empty when it takes
    none back."""
    if re.search(r"[\uac00-\ud7a3]", sentence):
        m = _KO.search(sentence)
        if m is None:  # "짧게 하라는 거 취소할게": the request cancelled by name
            return revoked_ko.cancelled(sentence)
        words = _KO_LEAD.sub("", m.group("x")).split()
        words = [re.sub(r"(?:은|는|을|를|도)$", "", w) if len(w) > 2 else w for w in words]
        return tuple(w for w in words if w not in _STOP_KO and len(w) > 1)
    m = _EN.search(sentence) or _DROPPED_EN.search(sentence)
    if m is None:
        return ()
    words = [w.casefold().strip("'’") for w in re.split(r"[\s-]+", m.group("x"))]
    named = [w for w in words if w not in _STOP_EN and len(w) > 2]
    things = [w for w in named if w not in _ASKING_EN]
    return tuple(things or named)


# "actually you can use bullet points now, I changed my mind": what is allowed again, said as a
# permission with a word of now — it takes back a request that forbade it ("no bullet points
# unless I ask"), never one that asks for it
_ALLOWED_EN = re.compile(
    r"\b(?:you\s+can|you\s+may|feel\s+free\s+to|(?:it['’]?s|its)\s+(?:fine|ok(?:ay)?)\s+to)\s+"
    r"(?:use|add|include|give\s+me|put|write\s+in|do)\s+(?P<x>[\w'’-]+(?:\s+[\w'’-]+){0,2}?)\s+"
    r"(?:again|now|after\s+all|from\s+now\s+on)\b", re.IGNORECASE)
_FORBIDS = re.compile(r"\b(?:no|never|don['’]?t|do\s+not|avoid|without|stop)\b", re.IGNORECASE)


def allowed(sentence: str) -> tuple[str, ...]:
    """The content words of what ``sentence`` allows again ("you can use bullet points now" →
    bullet, points); empty when it allows nothing so."""
    m = _ALLOWED_EN.search(sentence)
    if m is None:
        return ()
    words = [w.casefold().strip("'’") for w in m.group("x").split()]
    return tuple(w for w in words if w not in _STOP_EN and len(w) > 2)


def takes_back(sentence: str) -> bool:
    """``sentence`` takes a request back: by its words, or as a permission to answer at the
    other pole of an axis ("you can go long again"), or to do what a request forbade."""
    return bool(revoked(sentence)) or _permits_pole(sentence) or bool(allowed(sentence))


def _permits_pole(sentence: str) -> bool:
    return _PERMITS.search(sentence) is not None and (_AGAIN.search(sentence) is not None or (
        re.search(r"[\uac00-\ud7a3]", sentence) is not None and revoked_ko.from_now(sentence))) \
        and styles.names_request_pole(sentence)


def _named(word: str, content: str) -> bool:
    """``content`` names ``word``: a Korean word inside a word (particles glued on), an
    English one as a word, its plural or its stem ("sources" / "source", "adding" / "add")."""
    if re.search(r"[\uac00-\ud7a3]", word):
        return word in content
    stem = re.sub(r"(?:ing|es|s|ed)$", "", word) if len(word) > 5 else word
    return re.search(rf"(?<![a-z]){re.escape(stem)}", content.casefold()) is not None


def revoked_rules(new: MemoryRecord, sentence: str, records: Iterable[MemoryRecord],
                  created: set[str]) -> list[MemoryRecord]:
    """The stored standing requests ``sentence`` (the source of ``new``) takes back: each
    names every word of the phrase taken back, or the other pole of an axis the sentence
    permits. Never a fact, never one written in this batch, never another layer's."""
    rules = [r for r in records if r.type is MemoryType.RULE and r.id not in created
             and r.layer is new.layer and r.id != new.id]
    words = revoked(sentence)
    out = [r for r in rules if words and all(_named(w, r.content) for w in words)]
    free = allowed(sentence)
    out += [r for r in rules if free and r not in out and _FORBIDS.search(r.content)
            and all(_named(w, r.content) for w in free)]
    if _permits_pole(sentence):
        asked = new.model_copy(update={"type": MemoryType.RULE, "content": sentence})
        out += [r for r in styles.reversed_requests(asked, rules, created) if r not in out]
    return out
