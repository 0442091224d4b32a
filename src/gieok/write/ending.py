"""An ended thing is history, not a current fact (issue 16).

When the user says something ended — "I left Deloitte", "다낭 여행 취소했어", "Mango passed
away", "남자친구랑 헤어졌어", "quit smoking" — the extractor names what ended
(``Candidate.retires`` / ``Candidate.ended``) and reconciliation supersedes the memories that
state it (their ``valid_to`` is the turn's time). The memory of the ending itself still names
the old thing ("User left Deloitte"). Read as a current statement it says "Deloitte" beside
the new job as if both held; it is an event, true at the moment it was said, and from then on
the history of that thing: "2026-05-04: left Deloitte".

``ended_in(content, names)`` says which of ``names`` a memory records the end of; the write
path keeps them in ``metadata.ended`` (``pipeline.candidate_record``) and
``MemoryRecord.is_history()`` reads it: ``context()`` marks such a line as past, search still
finds it ("where did I use to work?"), and a sequence's old value counts against the scorer
only in a current memory. No new field: the metadata goes through every store and export as
it is.

Only a memory that says the ending and nothing current is history. One that goes on to what
holds now ("헬스 그만두고 수영 다닌다", "quit smoking and vapes now", "keto 그만뒀어, balanced
diet로 돌아온다") states a current fact too and stays current; a reason or a time said with the
ending ("아빠 수술 일정이랑 겹쳤다", "last month") is part of the history. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gieok.text.hangul import HANGUL, present_tense
from gieok.write.extract.health import health_related, is_medicine
from gieok.write.extract.retired import mentions

# what the user does or has now, said after the ending: "now", "instead", "switched to …"
_NOW_EN = re.compile(
    r"\b(?:now|instead|these\s+days|nowadays|anymore|any\s+more|switched\s+to|moved\s+to|"
    r"(?:switched|moved|changed|went|upgraded|downgraded)\s+from\s+.+?\s+to|"
    r"changed\s+to|back\s+to|went\s+back|replaced\s+(?:it|them|him|her)\s+with|in\s+favou?r\s+of|"
    r"(?:and|but)\s+(?:still|kept|keeps?|stays?|started|starts?|joined|got|bought|adopted|"
    r"moved|switched|took\s+up|picked\s+up|use[sd]?|is|has|does|goes|went|works?))\b",
    re.IGNORECASE)
# Korean: 이제/대신/요즘, a new value with 으로/로 and a change verb, a clause that goes on
# after the thing left with -고 ("헬스 그만두고 수영 다닌다"), or a present-tense predicate
# after a comma or a sentence end ("…그만뒀어, 그냥 balanced diet로 돌아온다")
_NOW_KO = re.compile(
    r"이제|대신|요즘|그\s?다음부터|(?:으로|로)\s?(?:바꿨|바꿈|바꾸|바꾼|갈아|옮겼|옮김|옮긴|돌아|넘어|"
    r"이사|이직|전학|변경)|(?:그만두|그만\s두|관두|끊|접|팔|취소하|정리하|처분하|해지하)고\s+\S|"
    r"(?:그만뒀|관뒀|끊었|접었|팔았|취소했|헤어졌)(?:고|는데|지만)\s+\S")
_SENTENCE = re.compile(r"(?<=[.!?])\s+|,\s*|\n+")


def _goes_on(content: str) -> bool:
    """``content`` says, besides an ending, what holds now."""
    if HANGUL.search(content):
        if _NOW_KO.search(content):
            return True
        # a later clause in the present tense is a current state; the first one holds the
        # ending itself, and a reason ("회사 일 때문에") or the past ("겹쳤다") is history
        return any(present_tense(part) for part in _SENTENCE.split(content)[1:])
    return _NOW_EN.search(content) is not None


def ended_in(content: str, names: Iterable[str]) -> tuple[str, ...]:
    """The names among ``names`` (what the user's sentence said ended: the extractor's
    ``retires`` and ``ended``) that ``content`` records the end of — empty when the memory
    does not name them in its first clause ("User bikes everywhere now" after "sold my
    Civic"; "User tore their calf, not running chicago this year" is the injury) or also
    states what holds now, so it is a current fact."""
    first = _SENTENCE.split(content, maxsplit=1)[0]  # the memory's own clause says the end
    stated = tuple(dict.fromkeys(n for n in names if n and mentions(first, n)))
    if not stated or _goes_on(content):
        return ()
    return stated


# -- a plan called off: what it names, and the stored plans it ends ---------------------------
# An event the user had planned ("I'm planning to run the Chicago marathon in october",
# "여름휴가 8월 첫 주에 오사카 가기로 했어"), called off in other words: "not running chicago this
# year", "no Chicago Marathon this year, I'm out", "오사카 여행 취소했어". The thing is named by
# its place or name, which other memories may name for other reasons ("User lives in Chicago",
# "언니가 오사카에 산다"): a call-off ends only the stored memories that state a plan or an
# event naming it (``planned``), never everything that names the place.
_ACT_EN = r"(?:running|doing|going\s+to|attending|racing|taking|playing|entering|visiting|" \
          r"flying\s+to|travell?ing\s+to|heading\s+to|hosting|competing\s+in)"
_WHEN_EN = r"(?:this\s+(?:year|time|summer|spring|fall|autumn|winter|season|month)|after\s+all|" \
           r"any\s?more|anymore|for\s+now)"
# a kind of event the user plans, said after its name ("Tokyo trip", "Lisbon conference")
_KIND_EN = r"(?:trip|work\s+trip|business\s+trip|visit|holiday|vacation|conference|concert|gig|" \
           r"festival|wedding|party|race|marathon|tour|flight|retreat|offsite|reunion|meetup|show)"
_THING_EN = r"(?P<x>(?:the\s+)?[\w'’.-]+(?:\s+[\w'’.-]+){0,2}?)"
_OFF_EN = [
    # "not running chicago this year", "I'm not doing the Berlin half after all"
    re.compile(rf"\bnot\s+(?:\w+\s+)?{_ACT_EN}\s+{_THING_EN}\s+{_WHEN_EN}\b", re.IGNORECASE),
    # "no Chicago Marathon this year", "no Lisbon trip for us this summer"
    re.compile(rf"(?:^|[,.;!]\s*|\s-\s)no\s+{_THING_EN}\s+(?:for\s+(?:me|us)\s+)?{_WHEN_EN}\b",
               re.IGNORECASE),
    # "skipping Coachella this year", "pulled out of the Berlin marathon"
    re.compile(rf"\b(?:skipping|skip)\s+{_THING_EN}\s+{_WHEN_EN}\b", re.IGNORECASE),
    # "my Tokyo trip got cancelled", "the Lisbon conference was called off": the name said
    # before a kind of event (a plan's own words name it), the event called off
    re.compile(r"(?<![\w'’-])(?!(?:my|our|the|his|her|their|your|this|that|a|an)\s)(?P<x>(?-i:[A-Z])[\w'’.&-]*(?:\s+(?-i:[A-Z])[\w'’.&-]*)?)\s+"
               rf"{_KIND_EN}\s+(?:(?:got|was|has\s+been|is|just\s+got)\s+)"
               r"(?:cancell?ed|called\s+off|scrapped|axed)\b", re.IGNORECASE),
]
# Korean: the name before a kind of event called off ("오사카 여행 취소했어", "제주 캠핑
# 무산됐어"), or a place the user decided not to go to ("오사카 안 가기로 했어")
_EVENT_KO = r"(?:여행|출장|휴가|캠핑|콘서트|공연|마라톤|대회|파티|모임|여행\s?계획|일정|투어|페스티벌|경기)"
_OFF_KO = [
    re.compile(rf"(?<![가-힣A-Za-z])(?P<x>[가-힣A-Za-z]{{2,}}?)\s?{_EVENT_KO}(?:은|는|을|를|도|이|가)?\s?"
               r"(?:(?:결국|그냥|아예|완전히)\s)?(?:취소|무산|못\s?가게|안\s?가기로|캔슬|cancel|파토|엎어)"),
    re.compile(r"(?<![가-힣A-Za-z])(?P<x>[가-힣A-Za-z]{2,}?)(?:에|은|는|도)?\s(?:(?:결국|그냥|아예|이번에)\s)?"
               r"(?:안\s?가기로|못\s?가게\s?(?:됐|되었|돼))"),
]
# A trip done ends its plan as well as a trip called off: "back from iceland, jet lag is killing
# me", "just got back from Lisbon", "제주도 다녀왔어" — the plan ("User is going to Iceland in june")
# is history now. Never a place of every day ("back from work", "헬스 다녀왔어"): those are no
# plan, and a routine naming them is no trip.
_EVERYDAY = r"(?:work|the\s+office|office|school|class|lunch|dinner|breakfast|the\s+gym|gym|a\s+run|" \
            r"run|a\s+walk|walk|the\s+store|store|shopping|church|practice|the\s+doctor|doctor|" \
            r"the\s+dentist|dentist|the\s+hospital|hospital|errands|my\s+shift|shift|the\s+bathroom|" \
            r"break|the\s+dead|it|that|there|home)\b"
_OFF_EN.append(re.compile(
    rf"(?:^|[,.;!]\s*|\b(?:I['’]?m|I\s+am|we['’]?re|we\s+are|just|finally|got|came|get)\s+)back\s+"
    rf"(?:home\s+)?from\s+(?!{_EVERYDAY})(?:(?:my|our)\s+)?(?P<x>[\w'’.-]+(?:\s+[\w'’.-]+){{0,2}}?)"
    r"(?=\s*(?:[,.;!:)]|$|\s+(?:and|but|last|yesterday|today|this|on|with|after|trip|vacation)\b))",
    re.IGNORECASE))
_OFF_KO.append(re.compile(
    r"(?<![가-힣A-Za-z])(?!(?:회사|학교|병원|마트|헬스|운동|산책|편의점|출근|교회|학원|장|집)(?:에|에서|도)?\s)"
    r"(?P<x>[가-힣A-Za-z]{2,}?)(?:에|에서|도)?\s(?:여행\s?)?(?:(?:잘|무사히|드디어)\s)?"
    r"(?:다녀왔|갔다\s?왔|여행\s?끝|에서\s?돌아왔)"))
_NOT_A_NAME = frozenset(
    "the a an it that this one my our your his her their me us them there here year time "
    "race trip event party marathon anything everything something any 이번 올해 그거 이거 "
    "여름 겨울 봄 가을 다음 우리 저희 거기 여기 회사 학교 집".split())
_PLANNED = re.compile(
    r"\b(?:plan(?:s|ned|ning)?\s+to|planning|going\s+to|gonna|will|signed\s+up|registered|"
    r"booked|entered|training\s+for|is\s+(?:running|doing|going|flying|heading|visiting)|"
    r"trip\s+to|heading\s+to|next\s+(?:week|month|year|summer)|in\s+(?:january|february|march|"
    r"april|may|june|july|august|september|october|november|december))\b|"
    r"가기로|갈\s?(?:거|예정|계획)|가려고|갈래|하기로|할\s?(?:거|예정|계획)|예정|계획|잡았|잡혔|예약|"
    r"신청했|등록했|끊었다\s?비행기|\d+월", re.IGNORECASE)


def called_off(sentence: str) -> tuple[str, ...]:
    """The names of the plans ``sentence`` says are off ("chicago" in "not running chicago
    this year", "오사카" in "오사카 여행 취소했어") — as said, never a pronoun or a bare kind."""
    names: list[str] = []
    for pattern in _OFF_KO if HANGUL.search(sentence) else _OFF_EN:
        for m in pattern.finditer(sentence):
            name = re.sub(r"^the\s+", "", m.group("x").strip(" .,!'’"), flags=re.IGNORECASE)
            if len(name) > 1 and name.casefold() not in _NOT_A_NAME \
                    and not re.search(r"(?:니까|길래|고|는데|은데|인데|해서|라서)$", name):
                names.append(name)
    return tuple(dict.fromkeys(names))


def planned(content: str, name: str) -> bool:
    """``content`` (a stored memory) states a plan or an upcoming event naming ``name``: what
    a call-off of ``name`` ends ("User is planning to run the Chicago marathon in october";
    "사용자는 여름휴가 8월 첫 주에 오사카 가기로 했다"), never "User lives in Chicago"."""
    return mentions(content, name) and _PLANNED.search(content) is not None


# -- a routine taken up for one's health, then dropped -------------------------------------------
# "요즘 허리가 아파서 필라테스 시작했어" is kept pinned (a health reason is said); "필라테스는 너무
# 비싸서 그만뒀어" ends the routine. A core fact is never retired by a word it merely shares, so
# only this shape is: the name is the thing the memory says the user took up or does — not a
# condition, a medicine or a diet — and the health part is the reason said before it, which the
# clause keeper (``partial``) keeps as a memory of its own ("사용자는 요즘 허리가 아프다").
_TOOK_UP_KO = r"\S*\s?(?:\S+\s)?(?:시작|다니|다녀|다닌|배우|배운|등록|하고\s?있|하는\s?중|한다|했다)"
_TOOK_UP_EN = r"(?:started|start|starting|took\s+up|taking|takes|doing|does|do|joined|signed\s+up\s+for|" \
              r"go(?:es)?\s+to|going\s+to)\s+(?:\w+\s+){0,2}?"
_REASON_KO = re.compile(r"[가-힣]+(?:아서|어서|해서|여서|파서|져서|라서)\s")
_REASON_EN = re.compile(r"\b(?:because|since|for\s+(?:my|their|his|her)\s+\w+|doctor|physio|"
                        r"to\s+help)\b", re.IGNORECASE)


def taken_up_for_health(content: str, names: Iterable[str]) -> bool:
    """``content`` (a pinned memory) says the user took up each of ``names`` for a health
    reason said before it — a routine, which the user may drop like any other."""
    names = [n for n in names if n]
    if not names or any(health_related(n) or is_medicine(n) for n in names):
        return False
    for name in names:
        n = re.escape(name)
        if HANGUL.search(content):
            took = re.search(rf"{n}{_TOOK_UP_KO}", content)
            if took is None or not _REASON_KO.search(content[:took.start()]):
                return False
        else:
            took = re.search(rf"\b{_TOOK_UP_EN}{n}\b", content, re.IGNORECASE)
            if took is None or not _REASON_EN.search(content):
                return False
    return True
