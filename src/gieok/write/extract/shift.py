"""A state said to have ended or been replaced, and what it is about (W6, issue 16). Pure.

A later conversation often says an earlier state is over without naming the old value the
way ``contrast`` or ``new_value`` need it: "밤톨이 어제 무지개다리 건넜어" (a pet died),
"요즘은 수영만 해" (only one activity now), "요즘 민트초코에 빠졌어요" after "민트초코 싫어해요"
(a liking reversed), "change of plans, honeymoon is now in Japan" (a plan replaced),
"starting a postdoc in Galway" after "doing a PhD" (a stage that follows the old one).
Each is a shape, not a vocabulary of things: a clause that says the state ENDED or was
REPLACED, and the ANCHOR it is about — the named one who died, the thing kept "only", the
thing liked, the noun whose value is "now" another. ``shifts(content)`` reads those shapes;
reconciliation (``contrast.ended_or_replaced``) retires the live memories that share the
anchor (and, for a replacement, the same kind of statement).

The anchor is a word as said; matching it against stored memories (in either script) is
the caller's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.korean import FAMILY_KO, PETS_KO
from gieok.write.extract.patterns_en import FAMILY as FAMILY_EN
from gieok.write.extract.patterns_en import PETS as PETS_EN
from gieok.write.extract.retired import died, retired

_KIN = re.compile(rf"^(?:{FAMILY_KO}|{PETS_KO})$|^(?:{FAMILY_EN}|{PETS_EN})s?$", re.IGNORECASE)


# -- the words a change is said with: one vocabulary for every reader of a change -----------------
# "X에서 Y로 <verb>" (``contrast``, ``outdated``) and "<verb> … from X to Y" are read with these
KO_CHANGE_VERB = (r"(?:바꿨|바꿈|바꾸|바꾼|바꿔|바뀌|바뀜|바뀐|바뀌었|옮겼|옮김|옮긴|옮기|올렸|올림|올린|올려|"
                  r"내렸|내림|내린|줄였|줄임|줄인|줄여|늘렸|늘림|늘린|늘려|갈아탔|갈아탐|갈아타|갈아탄|"
                  r"넘어갔|넘어왔|당겼|당겨졌|미뤘|미뤄졌|"
                  r"(?:이사|이직|전학|발령|변경|조정|전근|이전)(?:했|함|한|하|해|됐|됨|되|났|남)?)")
EN_CHANGE_VERB = (r"(?:switch|chang|mov|went|go|bump|rais|lower|upp|increas|decreas|reduc|cut|shift|"
                  r"push|swapp?|upgrad|downgrad|transferr?|dropp)\w*")


@dataclass(frozen=True)
class Shift:
    """One ended or replaced state a memory names.

    ``kind``: "died" (someone died: every memory about ``anchor`` but the death is past),
    "only" (``anchor`` is the one thing done by ``verb`` now), "liking" (``anchor`` is now
    liked — ``polarity`` 1 — or disliked, -1), "replaced" (``anchor``'s value is now
    ``new``), "stage" (``new`` names the stage that follows ``old``), "recovered" (a
    passing complaint of the memory's holder is over), "passed" (the exam ``anchor`` was
    passed: its sitting and its preparation are over), "finished" (the course ``anchor``
    was completed: attending it is over), "rescheduled" (``anchor``, an event, moved to
    another date: the date said before is over)."""

    kind: str
    anchor: str = ""
    new: str = ""
    old: str = ""
    verb: str = ""
    polarity: int = 0


# -- someone died: the one the death clause is about --------------------------------------------
_DIED_KO = re.compile(r"(?!사용자)(?P<x>[가-힣A-Za-z]{2,8}?)(?:이가|이는|이|가|는|은)\s(?:[^.!?]{0,24}?\s)?"
                      r"(?:무지개\s?다리|세상을\s?떠|하늘나라|죽었|떠나보냈|떠났)")
_DIED_EN = re.compile(r"\b(?P<x>(?-i:[A-Z])[a-z]+)\s+(?:\w+\s+)?(?:passed\s+away|died|crossed\s+the\s+"
                      r"rainbow\s+bridge|was\s+put\s+(?:down|to\s+sleep)|was\s+euthani[sz]ed)\b",
                      re.IGNORECASE)
_NOT_NAME = frozenset("사용자 사용자는 사용자의 우리 저희 제 내 어제 오늘 결국 그 이 저 그녀 그는 "
                      "User She He It They We".split())


_TAKEN_EN = re.compile(r"\b(?:fox|foxes|hawk|coyote|badger|stoat|weasel|mink|predator)\s+(?:got|took|killed)\s+"
                       r"(?P<x>(?-i:[A-Z])[a-z]+)", re.IGNORECASE)


def _died(content: str) -> list[Shift]:
    if not died(content):
        return []
    out = [Shift("died", anchor=m.group("x")) for m in _TAKEN_EN.finditer(content)]
    pattern = _DIED_KO if _HANGUL.search(content) else _DIED_EN
    # every word may begin the clause: "고양이 두부가 … 하늘나라로" is about 두부, not 고양이
    found = (pattern.match(content, w.start()) for w in re.finditer(r"(?:^|(?<=\s))\S", content))
    for m in (m for m in found if m is not None):
        name = m.group("x")
        if name in _NOT_NAME or name.casefold() in ("user", "she", "he", "it", "they") \
                or _KIN.match(name) or _KIN.match(name + "이"):
            continue
        out.append(Shift("died", anchor=name))
        if name.endswith("이") and len(name) > 2:  # "밤톨이": the name said with its 이
            out.append(Shift("died", anchor=name[:-1]))
    return out


# -- a pet given away: every memory of it as the user's is over ---------------------------------------
# "Shelly's gone to my brother in Norfolk", "we rehomed Pixel with my aunt", "gave Biscuit away",
# "Kiwi는 청주 삼촌네로 보냈어", "콩이 이모 댁에 입양 보냈어요": the named one now lives with
# someone else. A child is sent to grandma's for a weekend in the same words, so the one named
# must be a pet (``pet_named``); a question or a maybe is no rehoming (``_UNSURE`` upstream).
_REHOMED_EN = re.compile(
    r"\b(?:re-?homed|gave\s+away|found\s+a\s+new\s+home\s+for)\s+(?P<x>(?-i:[A-Z])[a-z]+)\b|"
    r"\b(?P<y>(?-i:[A-Z])[a-z]+)(?:['’]s|\s+has|\s+is|\s+was|\s+got)\s+(?:(?:gone|moved|been\s+rehomed|"
    r"rehomed|adopted)\s+(?:to\s+live\s+)?(?:to|with|by)\s+(?:my|our|a|an|the|his|her|User['’]s)\b)|"
    r"\b(?:gave|sent)\s+(?P<z>(?-i:[A-Z])[a-z]+)\s+(?:away|to\s+(?:live\s+with\s+)?(?:my|our|a|the|User['’]s)\b)",
    re.IGNORECASE)
_REHOMED_KO = re.compile(
    r"(?P<x>[가-힣A-Za-z]{2,8}?)(?:이는|이를|는|은|를|을|이|가)?\s(?:[가-힣A-Za-z]{1,8}\s){0,2}?"
    r"(?:[가-힣]{1,6}(?:네|집|댁)(?:으로|로|에)\s?(?:입양\s?|분양\s?)?(?:보냈|갔|가게\s?됐)|"
    r"(?:입양|분양)\s?(?:보냈|갔))")


def rehomed(content: str) -> list[str]:
    """The names ``content`` says were given away to live elsewhere (see above)."""
    pattern = _REHOMED_KO if _HANGUL.search(content) else _REHOMED_EN
    out: list[str] = []
    found = (pattern.match(content, w.start()) for w in re.finditer(r"(?:^|(?<=\s))\S", content))
    for m in (m for m in found if m is not None):  # every word may begin the clause
        name = next(g for g in m.groups() if g)
        if name in _NOT_NAME or name.casefold() in ("user", "she", "he", "it", "they") \
                or _KIN.match(name) or _KIN.match(name + "이"):
            continue
        out += [name, name[:-1]] if name.endswith("이") and len(name) > 2 else [name]
    return out


_PET_WORD = re.compile(rf"(?<![\w가-힣])(?:{PETS_EN}|{PETS_KO}|chameleon|카멜레온|닭|hen|chicken)s?",
                       re.IGNORECASE)


def pet_named(name: str, texts: list[str]) -> bool:
    """Whether one of ``texts`` calls ``name`` a pet: a pet word within three words of it
    ("the tortoise Shelly", "우리 집 chameleon 초록이", "Pixel, our cat", "a foster
    greyhound, Skye")."""
    near = rf"(?:\S+\s+){{0,3}}"
    return any(re.search(rf"{_PET_WORD.pattern}[,:]?\s+{near}{re.escape(name)}|{re.escape(name)}\S*\s+"
                         rf"{near}{_PET_WORD.pattern}", t, re.IGNORECASE) for t in texts)


# -- only one thing now ----------------------------------------------------------------------------
# "요즘은 수영만 해", "이제 보리차만 마셔요", "이제 glasses만 쓴다": a time that says now, the thing
# with 만 (only), and the verb it is done by
_ONLY_KO = re.compile(r"(?:요즘|요새|이제|이젠|지금|최근)(?:은|는|엔)?\s(?:[^.!?]{0,16}?\s)?"
                      r"(?P<x>[가-힣A-Za-z0-9+-]{2,}?)만\s(?P<v>[가-힣]{1,4})")
# "I only drink tea now", "just tea these days", "these days I only swim"
_EN_VERBS = r"drink|use|eat|do|play|take|wear|ride|run|swim|go\s+to|listen\s+to|watch|read|cook"
_ONLY_EN = re.compile(
    rf"\b(?:only|just)\s+(?P<v>{_EN_VERBS})(?:s|es)?\s+(?P<x>[\w'’-]+(?:\s+[\w'’-]+)?)\b"
    r"(?=[^.!?]*\b(?:now|these\s+days|nowadays|anymore|any\s+more)\b)|"
    rf"\b(?:now|these\s+days|nowadays)\b,?\s+(?:I|User|they)\s+(?:only|just)\s+"
    rf"(?P<v2>{_EN_VERBS})(?:s|es)?\s+(?P<x2>[\w'’-]+(?:\s+[\w'’-]+)?)", re.IGNORECASE)


def _stem_ko(verb: str) -> str:
    """The lemma of a Korean verb form ("마신다"/"마셔요" → "마시", "쓴다" → "쓰", "해" → "하"),
    by Kiwi; the first syllable when Kiwi reads no verb."""
    from gieok.write.extract.korean import tokens

    return next((t.form for t in tokens(verb) if t.tag in ("VV", "XSV", "VX")), verb[:1])


def _only(content: str) -> list[Shift]:
    out = []
    if _HANGUL.search(content):
        for m in _ONLY_KO.finditer(content):
            out.append(Shift("only", anchor=m.group("x"), verb=_stem_ko(m.group("v"))))
    else:
        for m in _ONLY_EN.finditer(content):
            x, v = (m.group("x"), m.group("v")) if m.group("x") else (m.group("x2"), m.group("v2"))
            out.append(Shift("only", anchor=x, verb=v.casefold().split()[0]))
    return out


# -- a liking, said of one thing ---------------------------------------------------------------------
_DISLIKE_KO = re.compile(r"(?P<x>[가-힣A-Za-z0-9]{2,}?)(?:을|를|은|는|이|가)?\s(?:진짜\s|정말\s|너무\s|완전\s|좀\s)?"
                         r"(?:싫어|안\s?좋아|별로)")
_LIKE_KO = re.compile(r"(?P<x>[가-힣A-Za-z0-9]{2,}?)(?:을|를|에|이|가|은|는)?\s(?:진짜\s|정말\s|너무\s|완전\s|요즘\s)?"
                      r"(?:좋아하|좋아해|좋아함|빠졌|빠짐|꽂혔|사랑)")
_DISLIKE_EN = re.compile(r"\b(?:hates?|dislikes?|can['’]?t\s+stand|(?:don['’]?t|doesn['’]?t|do\s+not)\s+"
                         r"(?:like|enjoy))\s+(?P<x>[\w'’-]+(?:\s+[\w'’-]+)?)", re.IGNORECASE)
_LIKE_EN = re.compile(r"(?<!n['’]t\s)(?<!not\s)\b(?:loves?|likes?|enjoys?|(?:is|am|['’]m)\s+(?:really\s+)?"
                      r"(?:into|obsessed\s+with|hooked\s+on))\s+(?P<x>[\w'’-]+(?:\s+[\w'’-]+)?)",
                      re.IGNORECASE)
_NOT_THING = frozenset("it that this them those these the a an to my your 그거 이거 저거 그게 이게 "
                       "사용자 사용자는 사용자의 요즘 진짜 정말 너무".split())


def _liking(content: str) -> list[Shift]:
    ko = _HANGUL.search(content) is not None
    out: list[Shift] = []
    for pattern, polarity in ((_DISLIKE_KO, -1), (_LIKE_KO, 1)) if ko else \
            ((_DISLIKE_EN, -1), (_LIKE_EN, 1)):
        for m in pattern.finditer(content):
            x = m.group("x").strip(" '’")
            if not ko:
                x = re.sub(r"^(?:the|a|an|my)\s+", "", x, flags=re.IGNORECASE).split()[0]
            if x.casefold() in _NOT_THING or len(x) < 2:
                continue
            if any(s.anchor == x for s in out):
                continue  # "안 좋아": said as a dislike already
            out.append(Shift("liking", anchor=x, polarity=polarity))
    return out


# -- a value replaced: "X is now Y", "change of plans", "X 바뀜" ------------------------------------
_REPLACED_EN = re.compile(
    r"\b(?P<x>[a-z][a-z-]{3,})\s+(?:is|are)\s+now\s+(?:in\s+|at\s+|on\s+)?(?P<new>[\w'’-]+)", re.IGNORECASE)
# "my new laptop is a MacBook Pro", "User's new vet is Dr. Kim": the thing has a new value
_NEW_ONE_EN = re.compile(r"\bnew\s+(?P<x>[a-z][a-z-]{2,})\s+(?:is|are)\s+(?:an?\s+|the\s+)?(?P<new>[\w'’.-]+)",
                         re.IGNORECASE)
_PLANS_EN = re.compile(r"\b(?:change\s+of\s+plans?|plans?\s+(?:have\s+)?changed|change\s+in\s+plans?)\b",
                       re.IGNORECASE)
# "최애 바뀜, 이제 해린이다", "휴가 일정 바뀌었다": a noun (and the one before it), then a change
# verb with no destination of its own
_REPLACED_KO = re.compile(r"(?:(?P<w>[가-힣A-Za-z]{2,})\s)?(?P<x>[가-힣A-Za-z]{2,}?)(?:이|가|은|는)?\s?"
                          r"(?:바뀜|바뀌었|바뀌어서|바뀌었대|바뀐\s?거|변경됐|변경됨)")
# nouns that say which aspect changed, not what: the word before them is the anchor
_RELATIONAL = frozenset("일정 날짜 시간 요일 계획 장소 schedule date time plan plans place".split())
_NOT_ANCHOR = frozenset("user user's she he it they this that there what which who 사용자 사용자는 "
                        "사용자의 이제 요즘 취향 생각 기분 마음 상황".split())


def _replaced(content: str) -> list[Shift]:
    out = []
    if _HANGUL.search(content):
        for m in _REPLACED_KO.finditer(content):
            x, w = m.group("x"), m.group("w")
            if x in _RELATIONAL and w:
                x = w
            if x in _NOT_ANCHOR or x in _RELATIONAL:
                continue
            rest = content[m.end():]
            new = re.search(r"(?:이제|지금은|지금)\s(?P<n>[가-힣A-Za-z0-9]{2,}?)(?:이다|다|야|이야)?(?:[\s,.!?]|$)",
                            rest)
            out.append(Shift("replaced", anchor=x, new=new.group("n") if new else ""))
        return out
    planned = _PLANS_EN.search(content) is not None
    out += [Shift("replaced", anchor=m.group("x"), new=m.group("new"))
            for m in _NEW_ONE_EN.finditer(content) if m.group("x").casefold() not in _NOT_ANCHOR]
    for m in _REPLACED_EN.finditer(content):
        x = m.group("x")
        if x.casefold() in _NOT_ANCHOR or x.casefold() in _RELATIONAL:
            continue
        if not planned and not m.group("new")[:1].isupper():
            continue  # "work is now busy": a state, not a value replaced ("… is now in Japan")
        out.append(Shift("replaced", anchor=x, new=m.group("new")))
    return out


# -- a passing complaint over: "토르 주사 맞고 이제 괜찮아요", "Luna is fine now, the limp is gone" --
_RECOVERED_KO = re.compile(r"(?<!안\s)(?<!안)(?:괜찮아졌|괜찮아요|괜찮아|괜찮다|괜찮음|나았|다\s?나아|회복(?:했|됐|함|됨)|"
                           r"멀쩡(?:해|하|함)|(?:밥|사료|밥을|사료를|사료도|밥도)\s(?:다시\s)?잘\s?먹)")
_RECOVERED_EN = re.compile(
    r"(?<!not\s)(?<!n['’]t\s)\b(?:is|['’]s|are|was)\s+(?:all\s+|totally\s+|completely\s+)?(?:fine|okay|ok|"
    r"better|healthy|back\s+to\s+normal|recovered|healed)\b(?!\s+(?:with|about|at|for)\b)|"
    r"\b(?:fully\s+)?recovered\b|\bgot\s+better\b|\bback\s+to\s+(?:his|her|their|its|my)\s+"
    r"(?:old\s+|normal\s+)?self\b|\b(?:limp|cough|rash|itch|fever|diarrh\w*|vomiting|infection|"
    r"swelling|pain)\s+(?:is|has|'s)\s+(?:all\s+)?(?:gone|cleared(?:\s+up)?|stopped)\b|"
    r"\beating\s+(?:again|normally|fine)\b|\bstopped\s+(?:limping|coughing|vomiting|scratching)\b",
    re.IGNORECASE)
_NOT_OVER = re.compile(r"\b(?:not|isn['’]t|aren['’]t|wasn['’]t|if|hope|hopefully)\b|안\s?괜찮|"
                       r"괜찮을까|괜찮겠|괜찮은지|괜찮냐|괜찮나", re.IGNORECASE)


def recovered(content: str) -> bool:
    """``content`` says a passing complaint is over: the holder is well again."""
    pattern = _RECOVERED_KO if _HANGUL.search(content) else _RECOVERED_EN
    return pattern.search(content) is not None and _NOT_OVER.search(content) is None


# -- an exam passed: "정보처리기사 합격했어요", "passed my CFA level 1" ---------------------------------
# (a grade said after the name is not it: "바리스타 2급 합격" passed 바리스타)
_PASSED_KO = re.compile(r"(?P<x>[가-힣A-Za-z0-9]{2,}?)(?:\s?\d\s?급)?(?:\s?시험)?(?:을|를|에|도|은|는)?\s?(?:최종\s?|드디어\s?)?"
                        r"(?:합격|붙었|붙음|통과했)")
_PASSED_EN = re.compile(r"\bpassed\s+(?:my\s+|the\s+|her\s+|his\s+)?(?P<x>(?-i:[A-Z0-9])[\w-]*"
                        r"(?:\s+(?-i:[A-Z0-9])[\w-]*){0,2})", re.IGNORECASE)
_NOT_EXAM = frozenset("사용자 사용자는 사용자의 드디어 결국 최종 이번 시험 오늘 어제 무사히 The My".split())
# an exam's score came back: "토익 875 나옴", "오픽 IH 받았어", "got 7.5 on IELTS", "scored 720
# on the GMAT" — the sitting is over, whatever the score (a pass or not)
_SCORED_KO = re.compile(r"(?P<x>[가-힣A-Za-z]{2,}?)(?:\s?시험)?(?:은|는|이|가|에서|도)?\s?(?:점수\s?)?"
                        r"(?:\d{2,4}(?:\.\d)?\s?점?|[A-Z]{1,2}[+-]?|\d(?:\.\d)?\s?급)\s?(?:나옴|나왔|나온다|나와|받았|받음|맞았|맞음|떴|뜸)")
_SCORED_EN = re.compile(r"\b(?:got|scored|received)\s+(?:an?\s+)?(?:\d{1,4}(?:\.\d)?|[A-C][+-]?)\s+"
                        r"(?:on|in|for)\s+(?:my\s+|the\s+)?(?P<x>(?-i:[A-Z][\w-]*)(?:\s+(?-i:[A-Z0-9])[\w-]*)?)")


def _passed(content: str) -> list[Shift]:
    ko = _HANGUL.search(content)
    found = [*(_PASSED_KO if ko else _PASSED_EN).finditer(content),
             *(_SCORED_KO if ko else _SCORED_EN).finditer(content)]
    return [Shift("passed", anchor=m.group("x")) for m in found
            if m.group("x") not in _NOT_EXAM and not _KIN.match(m.group("x"))]


# -- a course finished: "제빵 과정 수료했어", "finished my pottery course" ---------------------------
# the subject of the course ends the same holder's attending it ("야간 제빵 학원 다닌다")
_FINISHED_KO = re.compile(r"(?P<x>[가-힣A-Za-z0-9]{2,}?)\s?(?:과정|코스|수업|강좌|강습|학원|교실|클래스|레슨|반)"
                          r"(?:을|를|은|는|도)?\s?(?:(?:이번|지난|저번)\s?(?:달|주|학기)(?:로|에|까지)?\s|(?:오늘|어제)로?\s)?"
                          r"(?:무사히\s|드디어\s|다\s)?(?:수료|졸업|마쳤|마침|마치|끝냈|끝났|끝남|"
                          r"종강)(?!\s?(?:예정|하면|할|하려|앞두|까지|으면|다면|을까|나요|나\?))")
_FINISHED_EN = re.compile(r"\b(?:finished|completed|graduated\s+from|wrapped\s+up|passed)\s+(?:my\s+|the\s+|"
                          r"her\s+|his\s+|their\s+)?(?P<x>[\w-]{3,}(?:\s+[\w-]{3,})?)\s+(?:course|class|"
                          r"classes|program(?:me)?|diploma|apprenticeship|bootcamp|training)\b", re.IGNORECASE)


def _finished(content: str) -> list[Shift]:
    pattern = _FINISHED_KO if _HANGUL.search(content) else _FINISHED_EN
    out = []
    for m in pattern.finditer(content):
        x = m.group("x").split()[-1] if not _HANGUL.search(m.group("x")) else m.group("x")
        if x not in _NOT_EXAM and x.casefold() not in _NOT_ANCHOR and not _KIN.match(x):
            out.append(Shift("finished", anchor=x))
    return out


# -- an event moved to another date: "리모델링 8월 3일로 밀림", "the move got pushed back to May" ----
_DATE_KO = r"(?:\d{1,2}월\s?)?\d{1,2}일|\d{1,2}월(?:\s?(?:초|중순|말|(?:첫째|둘째|셋째|넷째|마지막)\s?주))?|" \
           r"다음\s?(?:주|달)|[월화수목금토일]요일|주말|(?:첫째|둘째|셋째|넷째|마지막)\s?주|" \
           r"(?:봄|여름|가을|겨울|연말|연초|상반기|하반기)"  # a season is a date too
_RESCHEDULED_KO = re.compile(rf"(?:(?P<w>[가-힣A-Za-z]{{2,}})\s)?(?P<x>[가-힣A-Za-z]+?)(?:은|는|이|가|도|을|를)?\s"
                             rf"(?:(?:또|결국|다시)\s)?(?:(?:내년|올해|다음\s?해|후년)\s)?(?:{_DATE_KO})(?:\s?(?:{_DATE_KO}))?(?:으로|로)\s?(?:밀렸|밀림|밀린|밀려|미뤄|미뤘|"
                             r"연기|당겨|당겼|옮겨졌|바뀌었|바뀜|변경)")
_RESCHEDULED_EN = re.compile(r"\b(?:my\s+|the\s+|our\s+)?(?:(?P<w>[a-z][\w-]{2,})\s+)?(?P<x>[a-z][\w-]{2,})\s+(?:(?:has|have)\s+been\s+|"
                             r"(?:is|was|got|'s|’s)\s+(?:been\s+)?)?(?:pushed\s+back|postponed|moved|delayed|"
                             r"rescheduled|brought\s+forward|bumped)\s+(?:back\s+)?(?:to|till|until)\b",
                             re.IGNORECASE)


# nouns that say what kind of event moved, not which: the word before them names it ("dentist
# appointment", "제주 여행")
KIND_OF_EVENT = frozenset("appointment appt meeting trip booking reservation session lesson class date "
                           "예약 약속 일정 여행 모임 수업 레슨 미팅 진료 날짜 일자".split())


def event_named(content: str) -> str | None:
    """Which event a kind word is of, said before it ("*치과* 예약", "the *dentist*
    appointment", "*제주* 여행"), or None when no kind word is said or nothing names it."""
    words = [re.sub(r"^[^\w가-힣]+|[^\w가-힣]+$", "", w) for w in content.split()]
    for w, k in zip(words, words[1:]):
        w = re.sub(r"(?<=[가-힣])의$", "", w)
        k = re.sub(r"(?<=[가-힣]{2})(?:을|를|은|는|이|가|도)$", "", k).casefold()
        if k in KIND_OF_EVENT and len(w) >= 2 and w.casefold() not in _NOT_ANCHOR | _WHEN_WORDS \
                and w not in _NOT_EXAM and not w.startswith("사용자") and not _KIN.match(w) \
                and not re.search(r"\d", w):
            return w
    return None


# times said before a kind word ("다음주 예약", "next appointment"): when, not which
_WHEN_WORDS = frozenset("오늘 내일 모레 어제 이번 다음 다음주 다음달 지난 지난주 저번 첫 새 next last "
                        "this new first the my our his her their".split())


# what is said before a new date that names no event: why it moved ("병원 사정으로", "due to
# the strike"), or the holder alone ("사용자는 3월 26일로 밀렸다"): the event is left unsaid
_NO_EVENT = re.compile(r"(?:사정|때문|탓|덕분|관계|문제)(?:으로|에|이라|이라서)?$|^(?:사용자|user)$",
                       re.IGNORECASE)


# "they moved me up to march 2", "pushed it to september": the one moved is the user, or "it" —
# a new date said, no event named ("Lisbon is off … pushed it to september": "it" is the name
# said off in the same breath)
_MOVED_UNNAMED_EN = re.compile(
    r"\b(?:moved|pushed|bumped|brought|rescheduled|postponed|shifted)\s+(?P<o>me|us|it|the\s+user|User)\s+"
    r"(?:(?:up|back|forward|out)\s+)?(?:to|till|until)\s+(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)\b|"
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|next\s+(?:week|month|year)\b|"
    r"(?:spring|summer|fall|autumn|winter)\b)", re.IGNORECASE)
_SAID_OFF_EN = re.compile(r"\b(?P<x>(?-i:[A-Z])[\w'’-]+)\s+(?:is|['’]s)\s+off\b")


def _rescheduled(content: str) -> list[Shift]:
    """A date moved: the event moved (its name before the date), or no event named at all
    (anchor ""): the one dated plan of the holder is meant (``contrast.ended_or_replaced``)."""
    pattern = _RESCHEDULED_KO if _HANGUL.search(content) else _RESCHEDULED_EN
    out = []
    unnamed = None if _HANGUL.search(content) else _MOVED_UNNAMED_EN.search(content)
    if unnamed is not None:
        off = _SAID_OFF_EN.search(content[:unnamed.start()]) if unnamed.group("o") == "it" else None
        return [Shift("rescheduled", anchor=off.group("x") if off and off.group("x") != "User" else "")]
    for m in pattern.finditer(content):
        x, w = m.group("x"), m.group("w")
        if _NO_EVENT.search(x) and not (w and event_named(f"{w} {x}")):
            out.append(Shift("rescheduled", anchor=""))
            continue
        if x.casefold() in KIND_OF_EVENT:
            x = w or ""
        if (len(x) >= 2 or _HANGUL.match(x)) and x.casefold() not in _NOT_ANCHOR | {"it", "that", "this", "everything"} \
                and x not in _NOT_EXAM:
            out.append(Shift("rescheduled", anchor=x))
    return out


# -- a stage that follows another ------------------------------------------------------------------
# (the stage before, the stage after): a closed table of life stages that end the one before
_STAGES = (
    (re.compile(r"\bph\.?d\b|doctoral|박사\s?과정|박사\s?하|대학원생", re.IGNORECASE),
     re.compile(r"\bpost-?doc|박사\s?후|포닥|\bdefended\b|\bviva\b", re.IGNORECASE)),
    (re.compile(r"\bpregnant\b|\bexpecting\b|임신|출산\s?예정", re.IGNORECASE),
     re.compile(r"\bwas\s+born\b|\bgave\s+birth\b|태어났|출산했|낳았", re.IGNORECASE)),
    (re.compile(r"공시생|수험생|취준생|\bjob\s?hunting\b|\blooking\s+for\s+(?:a\s+)?(?:job|work)\b",
                re.IGNORECASE),
     re.compile(r"합격|취업했|입사했|\bgot\s+(?:the|a)\s+job\b|\bhired\b", re.IGNORECASE)),
    # single, then seeing someone ("User is single" → "I'm seeing someone now")
    (re.compile(r"\bsingle\b|싱글|솔로|모태솔로", re.IGNORECASE),
     re.compile(r"\bseeing\s+someone\b|\bstarted\s+dating\b|\bnew\s+(?:boy|girl)friend\b|"
                r"\bin\s+a\s+relationship\b|사귀기\s?시작|연애\s?시작|(?:남자|여자)\s?친구\s?생겼|"
                r"(?:남친|여친)\s?생겼", re.IGNORECASE)),
    # a title, ended by a promotion ("promoted to senior designer", "과장으로 승진했다")
    (re.compile(r"\b(?:is|works\s+as)\s+an?\s+[\w-]+(?:\s+[\w-]+){0,2}\s+(?:at|for)\b|"
                r"\bworks\s+(?:at|for)\s+(?-i:[A-Z])[^,;.!?]{0,40}?\s+as\s+an?\s+[\w-]+|직업은|직급은|"
                r"(?:사원|주임|대리|과장|차장|부장|팀장)(?:이다|다|이에요|예요|\s|$)", re.IGNORECASE),
     re.compile(r"\bpromoted\b|승진", re.IGNORECASE)),
    # a student's school year, ended by graduating ("3학년이다" → "드디어 졸업!")
    # (a graduate student's term too: "석사 2학기째", "석사과정", "대학원생", "a master's student")
    (re.compile(r"\d\s?학년|재학|\b(?:first|second|third|fourth|final)[- ]year\s+(?:student|at|of|in)\b|"
                r"\b(?:freshman|sophomore|undergrad(?:uate)?)\b|대학원생|석사\s?과정|석사\s?\d\s?학기|"
                r"\bmaster['’]?s\s+(?:student|degree\s+student)\b|\bgrad\s+student\b", re.IGNORECASE),
     re.compile(r"졸업(?:했|함|해서|하고|이다|!|\s?(?:완료|성공))|\bgraduated\b(?!\s+from\s+(?:the\s+)?"
                r"(?:course|class|program))", re.IGNORECASE)),
    # a leave from school, ended by going back ("휴학 중이라" → "개강하니까 정신없다", "복학했어")
    (re.compile(r"휴학|\b(?:on\s+)?(?:a\s+)?leave\s+of\s+absence\b|\btaking\s+(?:a|the)\s+(?:year|semester|"
                r"term)\s+off\b", re.IGNORECASE),
     re.compile(r"복학|개강(?!\s?(?:하면|예정|전|까지|앞두))|\bback\s+(?:at|to)\s+(?:uni|university|college|"
                r"school|classes)\b", re.IGNORECASE)),
    # a job, ended by retiring from work ("User retired last month", "정년퇴직했다")
    # (said of the one who retired: "a retired greyhound" ends no job)
    (re.compile(r"\bworks?\s+(?:as|at|for)\b|\bworking\s+(?:as|at)\b|\bis\s+an?\s+[\w-]+(?:\s+[\w-]+)?"
                r"\s+at\s+(?-i:[A-Z])|에서\s?(?:일하|일한|근무)|(?:으로|로)\s?(?:일하|일한|근무)",
                re.IGNORECASE),
     re.compile(r"\b(?:I|User|they|he|she)\s+(?:just\s+|finally\s+|officially\s+)?retired\b|"
                r"\bretired\s+(?:from|last|this|in|early)\b|은퇴했|정년\s?퇴직했|퇴직했",
                re.IGNORECASE)),
    # a meatless diet, then meat or fish eaten again ("Arlo's eating chicken at school now",
    # "생선이랑 닭고기는 다시 먹기 시작했다")
    (re.compile(r"\b(?:vegetarian|vegan|veggie)\b|채식|비건", re.IGNORECASE),
     re.compile(r"\b(?:eat(?:s|ing)?|having|started\s+eating)\s+(?:\w+\s+){0,2}?(?:meat|chicken|beef|"
                r"pork|fish|bacon|lamb|steak|turkey|seafood)\b[^.!?]*?\b(?:now|again|these\s+days)\b|"
                r"\bback\s+(?:on|to)\s+(?:eating\s+)?meat\b|(?:고기|생선|닭|닭고기|소고기|돼지고기|해산물|"
                r"육류)\S*\s(?:\S+\s){0,2}?(?:다시|이제|요즘은)\s?(?:\S+\s)?먹|(?:고기|생선|닭|닭고기|"
                r"소고기|돼지고기|해산물|육류)\S*\s(?:\S+\s){0,2}?먹기\s?시작", re.IGNORECASE)),
)


# a birth ends the parent's pregnancy: said of the child, it is about the user too; a
# pregnancy is a pinned health memory, and the birth is the one stage that ends it
BORN = _STAGES[1][1]
MEAT = _STAGES[-1][1]  # a pinned diet too: eating meat again is the user's own word on it


def stages(content: str) -> list[tuple[re.Pattern[str], re.Pattern[str]]]:
    """The (before, after) stage pairs whose later stage ``content`` names."""
    return [(before, after) for before, after in _STAGES
            if after.search(content) and not before.search(content)]


_CHILD = frozenset("아들 딸 아기 애기 baby son daughter boy girl twins 쌍둥이".split())


def same_holder(after: re.Pattern[str], new: frozenset[str], old: frozenset[str]) -> bool:
    """Whether a stage said of ``new``'s people ends one said of ``old``'s: the same
    people, or — for a birth — the parent named without the child."""
    if after is MEAT:  # "Ivy is eating fish at her nan's now": Ivy's, the nan only where she eats
        return old == new or bool(old) and old <= new
    return old <= new if after is BORN else old == new


def own_birth(new: frozenset[str]) -> bool:
    """A birth said by the parent: no one named but the child ("아들 낳았어요", "our baby
    was born") — not a sister's or a friend's, which ends no pregnancy of the user's."""
    return new <= _CHILD


def shifts(content: str) -> list[Shift]:
    """Every ended or replaced state ``content`` names (see the module docstring)."""
    over = [Shift("recovered")] if recovered(content) else []
    return [*_died(content), *_only(content), *_liking(content), *_replaced(content),
            *_passed(content), *_finished(content), *_rescheduled(content), *over]


# -- the memory of an event moved to another date ---------------------------------------------------
# "집주인 사정으로 이사 날짜가 12월 둘째 주로 밀렸어요", "the dentist appointment got moved to
# Friday", "our flight got pushed back to Sunday": the event's new date is a plan of its own,
# and the memory that states it ends the old date (``_rescheduled``). A question, a worry or
# a maybe ("밀릴 수도", "might get moved to") is no change.
_MOVED_VERB_KO = {"밀렸": "밀렸다", "밀림": "밀렸다", "미뤄졌": "미뤄졌다", "미뤘": "미뤘다", "미룸": "미뤘다",
                  "연기됐": "연기됐다", "연기됨": "연기됐다", "연기했": "연기했다", "당겨졌": "당겨졌다",
                  "앞당겼": "앞당겼다", "당겼": "당겼다", "옮겨졌": "옮겨졌다", "바뀌었": "바뀌었다",
                  "바뀜": "바뀌었다", "변경됐": "변경됐다", "변경됨": "변경됐다"}
_WEEK_KO = r"(?:첫째|둘째|셋째|넷째|마지막)\s?주"
_NEW_DATE_KO = (rf"(?:(?:내년|올해|다음\s?해)\s)?(?:(?:\d{{1,2}}월\s?)?\d{{1,2}}일|\d{{1,2}}월(?:\s?(?:초|중순|말|{_WEEK_KO}))?|"
                rf"다음\s?(?:주|달)(?:\s?[월화수목금토일]요일)?|[월화수목금토일]요일|주말|{_WEEK_KO})")
_MOVED_KO = re.compile(
    rf"(?:(?P<who>{FAMILY_KO})\s)?(?P<ev>[가-힣A-Za-z]{{2,10}}?)(?:\s(?P<k>날짜|일정|날|예약|약속|진료|수술|면접))?"
    rf"(?:이|가|은|는|도|을|를)?\s(?:(?:또|결국|다시|아예|갑자기)\s)?(?P<d>{_NEW_DATE_KO})\s?(?P<p>으로|로)\s?"
    rf"(?P<v>{'|'.join(sorted(_MOVED_VERB_KO, key=len, reverse=True))})")
_EVENT_EN = (r"appointment|appt|surgery|operation|flight|wedding|interview|exam|move|trip|party|"
             r"meeting|class|lesson|session|procedure|scan|check-?up|booking|reservation|hearing|"
             r"ceremony|induction|c-section|closing|viewing|court\s+date")
_MOVED_EN = re.compile(
    rf"\b(?:(?:my|our|the)\s+)(?:(?P<who>{FAMILY_EN})['’]s\s+)?(?P<ev>(?:[A-Za-z-]+\s+){{0,2}}?(?:{_EVENT_EN}))\s+"
    r"(?:(?:has|have)\s+been|got|was|is|['’]s)\s+(?P<v>moved|pushed\s+back|postponed|rescheduled|"
    r"brought\s+forward|moved\s+up|delayed|bumped)(?:\s+back)?\s+(?:to|till|until)\s+"
    r"(?P<d>[^,.;!?]{2,30}?)(?=\s*(?:[,.;!?]|$)|\s+(?:because|cos|since|so|and|but|ugh|lol)\b)",
    re.IGNORECASE)
_MAYBE = re.compile(r"\?|까(?:요)?\b|수도|려고|지도|것\s?같|듯|\b(?:might|may|could|would|if|maybe|"
                    r"probably|might\s+be)\b", re.IGNORECASE)
_NOT_EVENT_KO = frozenset("사용자 사용자는 사용자의 그거 이거 저거 그게 이게 그건 이건 날짜 일정 그날 이날 "
                          "집주인 회사 학교 병원 선생님 의사 그쪽 저쪽 거기 사정".split())


def moved_event(sentence: str) -> str | None:
    """The memory of ``sentence`` saying an event of the user's (or a relative's) moved to
    another date ("사용자의 이사 날짜가 12월 둘째 주로 밀렸다", "User's dentist appointment was
    moved to Friday"), or None."""
    if _HANGUL.search(sentence):
        m = _MOVED_KO.search(sentence)
        if m is None or _MAYBE.search(sentence[m.start():]) or m.group("ev") in _NOT_EVENT_KO \
                or _KIN.match(m.group("ev")):
            return None
        said = f"{m.group('ev')} {m.group('k')}" if m.group("k") else m.group("ev")
        last = ord(said[-1]) - 0xAC00
        josa = ("이" if last % 28 else "가") if 0 <= last < 11172 else "이"
        whose = f"사용자의 {m.group('who')}" if m.group("who") else "사용자의"
        return f"{whose} {said}{josa} {m.group('d')}{m.group('p')} {_MOVED_VERB_KO[m.group('v')]}"
    m = _MOVED_EN.search(sentence)
    if m is None or _MAYBE.search(sentence):
        return None
    whose = f"User's {m.group('who').lower()}'s" if m.group("who") else "User's"
    return f"{whose} {m.group('ev')} was {m.group('v').lower()} to {m.group('d').strip()}"


def said_over(sentence: str) -> bool:
    """``sentence`` says something of the user's is over — a thing left ("오메가3 끊었어",
    "quit Duolingo"), a pet given a new home ("Skye got adopted by a couple in Kent") — so
    it ends what is stored about it even when nothing else in it is worth keeping (the
    memory it makes is written only when it ends one: ``Candidate.lapse``)."""
    # (read clause by clause: "party's off, he begged me not to" denies nothing of the party)
    return any(not _NEGATED.search(clause) and bool(retired(clause) or rehomed(clause))
               for clause in _CLAUSE.split(sentence))


_CLAUSE = re.compile(r"[,;]\s+|\s+(?:but|and\s+then|하지만|근데)\s+")
# a lapse said by negation ("I don't live in Seoul anymore", "요즘 학원 안 다녀요") is read as
# a lapse only beside a memory of its own (``lasting.lapsed``): alone, it says too little
_NEGATED = re.compile(r"\b(?:don['’]?t|doesn['’]?t|do\s+not|not|no\s+longer)\b|(?<![가-힣])(?:안|못)\s?[가-힣]",
                      re.IGNORECASE)


# -- a dislike reversed by an act: "User dislikes olives" → "Weirdly User now orders extra olives
# on everything", "사용자는 오이 싫어함" → "요즘은 오이를 매일 먹는다" — the thing disliked, done
# now (a word of now, no negation, no dislike, not asked)
_NOW_ACT = re.compile(r"\b(?:now|these\s+days|nowadays)\b|(?<![가-힣])(?:요즘|요새|이제)(?:은|는)?(?=\s)|이젠",
                      re.IGNORECASE)
_STILL_AGAINST = re.compile(r"\?|\b(?:not|no|never|don['’]?t|doesn['’]?t|won['’]?t|can['’]?t|hates?|"
                            r"dislikes?|avoid\w*|without|except|if|would|might|should)\b|"
                            r"(?<![가-힣])(?:안|못)\s?[가-힣]|싫|빼고|말고|없이", re.IGNORECASE)


def disliked(content: str) -> list[str]:
    """The things ``content`` says its holder dislikes ("olives", "오이")."""
    return list(_disliked(content))


@lru_cache(maxsize=16384)  # reconcile asks it of every live memory of the scope per new one
def _disliked(content: str) -> tuple[str, ...]:
    return tuple(s.anchor for s in _liking(content) if s.polarity < 0)


def done_now(content: str, thing: str) -> bool:
    """``content`` says ``thing`` is had or done now, in words that are not against it
    ("now orders extra olives on everything"): the dislike said before no longer holds."""
    if _NOW_ACT.search(content) is None or _STILL_AGAINST.search(content) is not None:
        return False
    if _HANGUL.search(thing):
        return thing in content
    stem = thing.casefold().removesuffix("es") if thing.casefold().endswith("oes") else \
        thing.casefold().removesuffix("s")
    return re.search(rf"(?<![a-z]){re.escape(stem)}(?:s|es)?(?![a-z])", content.casefold()) is not None
