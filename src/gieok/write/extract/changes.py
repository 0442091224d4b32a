"""A change said in passing, when no slot knows the attribute (W6): what it replaces.

A slot (residence, employer, diet, phone, school …) supersedes its old value whatever the
wording, and ``retired`` reads the thing a sentence names as left ("sold the Civic"). What
neither covers is the change that names only the *kind* of thing that changed: "switched
vets", "moving to day shift from november" after "I work nights", "가게 이번에 합정동으로
옮겼어" after "망원동에서 작은 칼국수집 해요", "치과 바꿨어요". The old statement then stayed
current beside the new one.

Two closed classes make the reading general instead of one more phrasing:

* **the cue** that a value changed — verbs of switching, moving and changing (switch, change,
  move, transfer, swap, replace; 옮기다, 바꾸다, 바뀌다, 이전하다, 갈아타다, 넘어가다, 변경하다)
  and their adverbs (now, instead, anymore, no longer, from/starting <when>; 이제, 더 이상,
  대신, 새로, …부터). An additive word (also, too, another, second; the particle 도) says the
  new thing came *beside* the old one: no change.
* **the kind** of thing changed — the noun the change verb takes ("switched *vets*", "*가게*
  … 옮겼다", "*치과* 바꿨어요"; Korean read with Kiwi: the verb's object or topic, never its
  destination "합정동으로"), or the head of the destination ("to day *shift*"). A kind is
  matched against an older memory by the same word, or by ``KINDS``: the things people
  have or attend one at a time (a shop they run, their gym, hair salon, vet, dentist, clinic,
  work shift, commute, bank, carrier, children's academy or daycare, grocery store, place of
  worship, office, team, landlord, laptop), each with the words that name a member of it ("칼국수집
  해요" is a shop, "CrossFit Gangnam" a gym, "works nights" a shift).

``change(content)`` reads a memory as stored (third person); ``replaced(old, change)`` says
whether an older memory states the value it replaces: same people (the older memory names
no person or pet the newer one does not: one child's school never replaces the other's),
a member of a changed kind, and not the new value itself. Reconciliation supersedes those
memories (never a pinned, health or safety fact, never a rule). Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.korean import FAMILY_KO, PETS_KO, tokens
from gieok.write.extract.patterns_en import FAMILY as FAMILY_EN
from gieok.write.extract.patterns_en import PETS as PETS_EN
from gieok.write.extract.shift import KIND_OF_EVENT, event_named
from gieok.write.extract.started import STARTED_AT_EN


# -- the kinds of things a person has or attends one at a time ------------------------------
# name → (words that name the kind itself, patterns that name a member of it in a memory)
_KO_SHOP = r"[가-힣]{1,8}(?:집|가게|식당|카페|매장|공방|샵|술집|베이커리)(?=\s?(?:을|를|은|는|도)?\s?" \
           r"(?:하|한|해|했|운영|차렸|차린|열었|연|냈|낸|시작)|\s?사장)"
KINDS: dict[str, tuple[tuple[str, ...], str]] = {
    "shop": (("shop", "store", "restaurant", "cafe", "café", "bakery", "bar", "diner", "business",
              "가게", "식당", "카페", "매장", "점포", "샵", "사업장", "공방", "가계"),
             rf"\b(?:shop|store|restaurant|caf[eé]|bakery|diner|bistro|food\s+truck)\b|{_KO_SHOP}|"
             r"가게|식당|매장|점포|사업장"),
    "gym": (("gym", "fitness", "헬스장", "체육관", "피트니스", "짐"),
            r"\b(?:gym|fitness|crossfit|f45|orangetheory|planet\s+fitness|boxing\s+club)\b|"
            r"헬스장|체육관|피트니스|크로스핏|\w+짐(?=\s|에|을|를|은|는|$)"),
    "salon": (("salon", "hairdresser", "barber", "barbershop", "stylist", "미용실", "헤어샵",
               "미용사", "바버샵"),
              r"\b(?:salon|hairdresser|hair\s+\w+|barber(?:shop)?|stylist)\b|미용실|헤어샵|헤어|"
              r"미용사|바버샵"),
    "vet": (("vet", "veterinarian", "동물병원", "수의사"),
            r"\b(?:vet|veterinarian|animal\s+(?:hospital|clinic))\b|동물\s?병원|수의사"),
    "dentist": (("dentist", "치과"), r"\b(?:dentist|dental)\b|치과"),
    "clinic": (("clinic", "pediatrician", "gp", "병원", "의원", "소아과", "한의원", "피부과"),
               r"\b(?:clinic|pediatrician|gp)\b|의원|소아과|한의원|피부과"),
    "shift": (("shift", "nights", "days", "야간", "주간", "교대", "근무"),
              r"\b(?:(?:day|night|morning|evening|graveyard|overnight|late|early)[\s-]+shifts?|"
              r"work(?:s|ing)?\s+(?:the\s+)?(?:nights|days|overnights?|graveyard))\b|"
              r"야간|주간|교대|오전\s?근무|오후\s?근무|나이트|데이\s?근무"),
    "commute": (("commute", "출퇴근", "통근"),
                r"\b(?:commut\w*|(?:take|takes|ride|rides|by)\s+(?:the\s+)?(?:bus|subway|metro|"
                r"train|tube)|bikes?\s+to\s+work|drives?\s+to\s+work)\b|(?:지하철|버스|자전거|차)"
                r"(?:로|으로|타고)\s?(?:출근|출퇴근|통근|다녀|다닌)"),
    "bank": (("bank", "accounts", "account", "banking", "은행", "통장"),
             r"\b(?:bank|banks|banking)\b|은행|뱅크"),
    "carrier": (("carrier", "통신사"), r"\b(?:carrier|mobile\s+plan)\b|통신사|알뜰폰"),
    "academy": (("academy", "daycare", "preschool", "학원", "어린이집", "유치원"),
                r"\b(?:academy|daycare|preschool|hagwon|tutoring\s+center)\b|학원|어린이집|유치원"),
    "grocery": (("groceries", "grocery", "supermarket", "마트", "장보기"),
                r"\b(?:groceries|grocery|supermarket)\b|마트|장\s?보"),
    "school": (("school", "schools", "학교"),
               r"\b(?:school|elementary|middle\s+school|high\s+school|montessori|kindergarten)\b|"
               r"학교|초등학교|중학교|고등학교|[가-힣]{1,6}초(?=\s|에|를|을|는|$)"),
    "race": (("race", "marathon", "마라톤", "대회"), r"\b(?:marathon|half|10k|5k|race)\b|마라톤|대회"),
    "home": (("home",), r"\b(?:lives?|living)\s+in\b|(?:에|에서)?\s?(?:산다|살아|살고|거주)"),
    "worship": (("church", "parish", "temple", "교회", "성당"), r"\b(?:church|parish)\b|교회|성당"),
    "office": (("office", "workplace", "사무실", "근무지"), r"\b(?:office|workplace)\b|사무실|근무지"),
    "team": (("team", "department", "팀", "부서"), r"\b(?:team|department)\b|[가-힣]{0,6}팀(?=\s|에|을|를|은|는|이|$)|부서"),
    # where someone works: said by the verb ("works at", "현대차 다닌다", "에서 근무"); a
    # school, gym or academy someone attends is never read as it (``_OTHER_PLACES``)
    "job": (("job", "company", "employer", "회사", "직장"),
            r"\b(?:works?|working|employed)(?:\s+(?:nights|days|full[\s-]time|part[\s-]time|remotely|"
            r"remote|from\s+home)){0,2}\s+(?:at|for)\b|\bjob\s+at\b|(?:에서|에)\s?(?:일한|일해|일하|"
            r"근무)|회사|직장|다닌다|다니고\s?있|다녀요|첫\s?출근"),
    "landlord": (("landlord", "landlady", "집주인", "임대인"),
                 r"\b(?:landlord|landlady)\b|집주인|임대인"),
    "laptop": (("laptop", "notebook", "노트북"),
               r"\b(?:laptop|macbook(?:\s+(?:air|pro))?|thinkpad|surface\s+laptop|chromebook|xps)\b|"
               r"노트북|맥북|그램"),
}
_MEMBER = {name: re.compile(pattern, re.IGNORECASE) for name, (_, pattern) in KINDS.items()}
_KIND_OF_WORD = {word: name for name, (words, _) in KINDS.items() for word in words}

# -- the cue that a value changed -------------------------------------------------------------
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*"
_WHEN = rf"(?:next\s+\w+|tomorrow|today|monday|tuesday|wednesday|thursday|friday|{_MONTH}|" \
        r"the\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th))"
_VERB_EN = r"(?:switch(?:ed|ing|es)?|chang(?:ed|ing|es|e)|mov(?:ed|ing|es|e)|transferr?(?:ed|ing|s)?|" \
           r"swapp?(?:ed|ing|s)?|replac(?:ed|ing|es|e)|put\s+(?:me|him|her|them|us)\s+on|" \
           r"putting\s+(?:me|him|her|them|us)\s+on)"
_CUE_EN = re.compile(rf"\b(?:{_VERB_EN}|now|instead|any\s?more|no\s+longer|"
                     rf"(?:from|starting)\s+{_WHEN})\b", re.IGNORECASE)
# ("too" only at a clause's end: "too expensive" is a degree, not an addition)
_ADDITIVE_EN = re.compile(r"\b(?:also|as\s+well|another|second|both|in\s+addition|"
                          r"additionally|plus)\b|\btoo\b(?=\s*(?:[,.!?;)]|$))", re.IGNORECASE)
_CHANGE_STEMS_KO = frozenset({"옮기", "바꾸", "바뀌", "갈아타", "넘어가", "넘어오"})
# nouns that say a change with 하다/되다 ("이전했어요", "포항으로 부임하게 됐다", "조정했다")
_CHANGE_NOUNS_KO = frozenset({"이전", "변경", "부임", "발령", "전근", "조정", "이사", "전학", "이직",
                              "입사"})
# change nouns that say the kind themselves ("기아로 이직했다": the job changed)
_NOUN_KINDS = {"이직": "job", "입사": "job", "전학": "school"}
# a first day somewhere: the place the holder works at or attends starts anew (``started``)
_FIRST_DAY_KO = re.compile(r"(?P<v>[가-힣A-Za-z0-9]+?)(?:에|으로|로)?\s?첫\s?(?P<k>출근|등교)")
_STARTED_EN = re.compile(
    rf"\b{STARTED_AT_EN}|\b(?:took|got|accepted|landed)\s+a\s+(?:new\s+)?job\s+"
    r"(?:as\s+an?\s+[\w\s-]{2,40}?\s+)?(?:at|with)\s+(?P<v2>(?-i:[A-Z0-9])[\w&.'’-]*"
    r"(?:\s+(?-i:[A-Z0-9])[\w&.'’-]*){0,3})|"
    # "transferred to the Seattle center": a workplace, unless the place says another kind
    r"\btransferred\s+to\s+(?:the\s+|our\s+)?(?P<v3>(?-i:[A-Z0-9])[\w&.'’-]*"
    r"(?:\s+(?!(?:last|this|next)\b)[\w&.'’-]+){0,2})", re.IGNORECASE)
_RELOCATED = re.compile(r"relocat|이사|이주", re.IGNORECASE)
_CUE_KO = re.compile(r"이직|입사|전학|첫\s?출근|첫\s?등교|옮기|옮겼|옮김|옮긴|바꿨|바꿈|바꾸|바꾼|바뀌|바뀜|바뀐|갈아타|갈아탔|갈아탐|넘어갔|넘어왔|"
                     r"이전했|이전함|이전해|변경|부임|발령|전근|조정|relocat|바꿔|(?<![가-힣])이제(?:는)?\s|더\s?이상|대신|새로\s|부터")
_ADDITIVE_KO = re.compile(r"하나\s?더|또\s?하나|추가로|둘째로")
_TIME_KO = frozenset("이번 이제 요즘 요새 지난주 지난달 저번 작년 올해 올 오늘 어제 최근 얼마 전 다음 달 "
                     "주 월 일 년 번 사용자 때문 근처 앞 옆 집".split())

# -- the people (and pets) a memory is about ----------------------------------------------------
# a Korean family or pet word ends its word, a particle glued on at most: "개가", "친정엄마",
# not the 개 of "개운하다" or the 딸 of "딸기"
_WHO = re.compile(rf"\b(?:{FAMILY_EN}|{PETS_EN})\b|(?:{FAMILY_KO}|{PETS_KO})"
                  r"(?=(?:이랑|한테|에게|께서|께|이가|이는|이를|이의|이도|이|가|은|는|을|를|의|랑|"
                  r"도|와|과|하고|만|님|들)?(?![가-힣]))", re.IGNORECASE)


@dataclass(frozen=True)
class Change:
    """What a memory says changed: the kinds of thing (``KINDS`` names or the word as said),
    the new value when said, and the people or pets it is about."""

    kinds: frozenset[str]
    value: str | None
    who: frozenset[str]
    text: str = ""


# one parent by any of their words: the assistant's "아버님" is the user's "아빠"
_SAME_KIN = {"아버님": "아빠", "아버지": "아빠", "어머님": "엄마", "어머니": "엄마"}
# "12월 둘째 주": a week of the month, not the second child
_WEEK_OF = re.compile(r"(?:첫째|둘째|셋째|넷째)\s?주(?:로|에|부터|까지|쯤|는|도|말)?(?![가-힣])")


# Reconciliation asks it of every live memory of the scope for each new one (``who``): the
# alternation of every family and pet word, tried at each character, cost ~0.3 ms a text, the
# largest single cost of ingest outside the model. Pure, so cached per text.
@lru_cache(maxsize=16384)
def _people(text: str) -> frozenset[str]:
    text = _WEEK_OF.sub(" ", text)
    return frozenset(_SAME_KIN.get(w, w) for w in (
        m.group(0).casefold().rstrip("s") for m in _WHO.finditer(text)))


def people(text: str) -> frozenset[str]:
    """The relatives and pets ``text`` names ("친구 집" names a friend: no place of one's own)."""
    return _people(text)


def _kind(word: str) -> str:
    low = word.casefold()
    return _KIND_OF_WORD.get(low) or _KIND_OF_WORD.get(low.rstrip("s")) or low


_OBJECT_EN = re.compile(
    rf"\b{_VERB_EN}\s+(?:(?:my|our|the|his|her|their)\s+)?(?P<k>[a-z]+s)\b(?!\s+(?:to|from)\s+"
    r"(?:my|our|the)?\s*[a-z]+s\b)", re.IGNORECASE)
_NEW_EN = re.compile(r"\b(?:my|our|the|a)\s+new\s+(?P<k>[a-z]+)\b", re.IGNORECASE)
_TO_EN = re.compile(
    rf"\b{_VERB_EN}\s+(?:(?:my|our|the|his|her|their)\s+\w+\s+|(?:him|her|them|it|us|me)\s+)?"
    r"(?:over\s+)?(?:to|onto)\s+"
    r"(?:(?:the|a|an|my|our)\s+)?(?P<v>[\w'’&.-]+(?:\s+[\w'’&.-]+){0,3}?)"
    r"(?=\s+(?:for|from|starting|next|this|in|on|at|over|because|since|so|and|now|after|"
    r"last)\b|[,.;!?]|$)",
    re.IGNORECASE)
_AT_NOW_EN = re.compile(r"\b(?:at|to|with|on)\s+(?P<v>(?-i:[A-Z0-9])[\w'’&.-]*(?:\s+(?-i:[A-Z0-9])"
                        r"[\w'’&.-]*){0,3})\s+now\b", re.IGNORECASE)
_FOR_EN = re.compile(r"\bfor\s+(?:my\s+|our\s+|the\s+)?(?P<k>[a-z]+)\b", re.IGNORECASE)


def _english(content: str) -> Change | None:
    start = _STARTED_EN.search(content)
    if start is not None and not _ADDITIVE_EN.search(content):
        value = (start.group("x") or start.group("v2") or start.group("v3")).strip(" .,'’")
        kinds = {name for name, pattern in _MEMBER.items() if pattern.search(value)} - {"job"}
        worked = (start.group("w") or "").strip().casefold() not in ("", "school")
        if not kinds or worked or start.group("v2"):
            kinds = {"job"}  # "started working at Mercy Clinic", "took a job at Acme"
        return Change(frozenset(kinds), value, _people(content), content)
    if _CUE_EN.search(content) is None or _ADDITIVE_EN.search(content):
        return None
    kinds: set[str] = set()
    value = None
    for m in _OBJECT_EN.finditer(content):  # "switched vets", "changed salons"
        kinds.add(_kind(m.group("k")))
    for m in _NEW_EN.finditer(content):  # "the new vet" — only a known kind
        if m.group("k").casefold() in _KIND_OF_WORD:
            kinds.add(_kind(m.group("k")))
    to = _TO_EN.search(content) or _AT_NOW_EN.search(content)
    if to is not None:
        value = to.group("v").strip(" .,'’")
        head = value.split()[-1]
        if head.casefold() in _KIND_OF_WORD or head.casefold().rstrip("s") in _KIND_OF_WORD:
            kinds.add(_kind(head))  # "to day shift": the kind is the destination's head
        # "to Anytime Fitness", "to Cedar Park Montessori": a member names its kind
        kinds |= {name for name, pattern in _MEMBER.items() if pattern.search(value)}
        after = _FOR_EN.search(content, to.end())
        if after is not None and after.group("k").casefold() in _KIND_OF_WORD:
            kinds.add(_kind(after.group("k")))
    # a known kind said with an adverb cue only ("my vet now is Dr. Lee"): the member —
    # in the clause of the change when a destination was read ("Ana moved to Seattle so
    # User is running the bakery alone now" moved Ana, not the bakery its consequence names)
    said = content if to is None else content[:_clause_end(content, to.end())]
    if not kinds and re.search(r"\b(?:now|instead|any\s?more|no\s+longer)\b", said, re.I):
        kinds |= {name for name, pattern in _MEMBER.items() if _said_kind(said, name)}
    return Change(frozenset(kinds), value, _people(content), content) if kinds else None


# a clause that follows the change as its consequence or reason, not as more of it
_NEXT_CLAUSE_EN = re.compile(r"\s(?:so|because|since|and|but)\s|[;.!?](?:\s|$)", re.IGNORECASE)


def _clause_end(content: str, start: int) -> int:
    """Where the clause that holds ``start`` ends: before "so", "because", "and" …"""
    m = _NEXT_CLAUSE_EN.search(content, start)
    return m.start() if m is not None else len(content)


def _said_kind(content: str, name: str) -> bool:
    words = KINDS[name][0]
    return any(re.search(rf"(?<![\w가-힣]){re.escape(w)}s?(?![\w])" if not _HANGUL.search(w)
                         else re.escape(w), content, re.IGNORECASE) for w in words)


def _korean(content: str) -> Change | None:
    if _CUE_KO.search(content) is None or _ADDITIVE_KO.search(content):
        return None
    # the sentence that says the change ("…옮겼다. 월세가 너무 오른다": not the rent)
    start = 0
    for part in re.split(r"(?<=[.!?])\s+", content):
        if _CUE_KO.search(part):
            break
        start += len(part) + 1
    span = range(start, start + len(part) + 1)
    toks = tokens(content)
    kinds: set[str] = set()
    objects: set[str] = set()  # said with 을/를: what a transitive change verb changed
    value = None
    verbs = [i for i, t in enumerate(toks)
             if t.tag.startswith("VV") and t.form in _CHANGE_STEMS_KO or (
                 t.form in _CHANGE_NOUNS_KO and i + 1 < len(toks) and toks[i + 1].tag == "XSV")]
    changed = bool(verbs)
    # the change verb's own clause: after the last connective ending before it ("정밀초음파
    # 봤는데 의사가 예정일을 … 조정했다": not the scan)
    first = 0
    if verbs:
        first = max((i + 1 for i, t in enumerate(toks[:verbs[0]]) if t.tag == "EC"), default=0)
    for i, t in enumerate(toks):
        if changed and i < first:
            continue
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if t.tag not in ("NNG", "NNP", "SL"):
            continue
        if nxt is not None and nxt.tag == "JX" and nxt.form == "도":
            return None  # "고양이도 …": beside the old one, not instead of it
        if nxt is not None and nxt.tag == "JKB" and nxt.form in ("으로", "로"):
            j = i  # the destination, with the nouns it is compounded of ("서울 치과로")
            while j > 0 and toks[j - 1].tag in ("NNG", "NNP", "SL") and \
                    toks[j - 1].end == toks[j].start:
                j -= 1
            # the destination as written ("Hill's로": Kiwi splits the apostrophe off)
            if t.form in _KIND_OF_WORD:  # "포항에 있는 교회로 부임": the kind itself
                kinds.add(_kind(t.form))
                continue
            begin = content.rfind(" ", 0, toks[j].start) + 1
            value = value or content[begin:t.end]
            continue
        after = toks[i + 2] if i + 2 < len(toks) else None
        destination = after is not None and after.tag == "JKB" and after.form in ("으로", "로")
        if nxt is not None and (nxt.tag in ("JKB", "JKG", "JC") or (
                nxt.tag.startswith("NN") and nxt.form not in _TIME_KO and not destination)):
            continue  # "망원동에서", "초코 약": a place or a possessor, not the thing
        if t.form in _TIME_KO or content.startswith("사용자", t.start) or (  # Kiwi: 사용 + 자
                t.tag == "SL" and t.form.casefold() not in _KIND_OF_WORD) \
                or _WHO.fullmatch(t.form) or (
                i and _WHO.fullmatch(toks[i - 1].form)):
            continue  # a time, or a person or pet (or their name): who, not what, changed
        if t.start not in span:
            continue
        if t.form in _CHANGE_NOUNS_KO:
            continue
        if changed and nxt is not None and nxt.tag == "JKO":
            objects.add(_kind(t.form))
        elif changed or t.form in _KIND_OF_WORD:
            kinds.add(_kind(t.form))
    if objects:
        kinds = objects | {k for k in kinds if k in KINDS}
    if not changed:  # an adverb cue only ("이제 야간 안 해"): a known kind said in it
        clause = content[span.start:span.stop]
        kinds = {k for k in kinds if k in KINDS} | {
            name for name in KINDS if _said_kind(clause, name)}
    if value and _RELOCATED.search(content):  # "Austin으로 relocation 완료", "부산으로 이사"
        kinds.add("home")
    kinds |= {_NOUN_KINDS[toks[i].form] for i in verbs if toks[i].form in _NOUN_KINDS}
    first_day = _FIRST_DAY_KO.search(content)
    if first_day is not None:  # "동생이 오늘 카카오 첫 출근했다"
        kinds.add("job" if first_day.group("k") == "출근" else "school")
        value = value or first_day.group("v")
    return Change(frozenset(kinds), value, _people(content), content) if kinds else None


@lru_cache(maxsize=4096)
def change(content: str) -> Change | None:
    """What the memory ``content`` (third person, as stored) says changed, or None when it
    states no change of a kind of thing (no cue, an additive word, or no kind said)."""
    return _korean(content) if _HANGUL.search(content) else _english(content)


SURE, IF_ALONE = 2, 1
# kinds every person has one of their own: a change names exactly whose
_OWN_ONLY = frozenset({"job"})
_OTHER_PLACES = ("school", "academy", "gym", "worship", "salon", "shop")
# the thing named as a cause or a topic, not as what the user has or attends ("요즘 가게
# 때문에 정신이 없다", "worried about the gym's prices")
_NOT_ITS_VALUE = re.compile(r"\s?(?:때문|덕분|얘기|이야기|생각|걱정|문제|일로|일이|일\s)|"
                            r"['’]s\s+(?:prices?|hours|owner|staff)\b", re.IGNORECASE)


def replaced(old: str, new: Change) -> int:
    """Whether the older memory ``old`` states the value of a thing ``new`` says changed:
    ``SURE`` when it is about the same people, ``IF_ALONE`` when it names someone and the
    change names no one ("어린이집 옮겼어" after "우리 애 해바라기 어린이집 다녀": the one
    child whose daycare is known — the caller takes it only when no other memory of the
    kind names someone else), 0 when not."""
    # a Korean particle glued to a Latin word ("payments team에서") ends the word
    old = re.sub(r"(?<=[A-Za-z0-9])(?=[\uac00-\ud7a3])", " ", old)
    people = _people(old)
    if not new.who >= people and new.who:
        return 0  # the older memory is about someone the change does not name
    if new.value and new.value.casefold() in old.casefold():
        return 0  # it states the new value: a restatement, not the old one
    # "치과 예약 바뀌었다": a kind word (예약) is of the event said before it (치과), and a
    # vet appointment is not the dentist's
    which = event_named(new.text) if new.kinds & KIND_OF_EVENT else None
    if which is not None and which.casefold() not in old.casefold():
        return 0
    for kind in new.kinds:
        if kind in _OWN_ONLY and (people != new.who or any(
                _MEMBER[k].search(old) for k in _OTHER_PLACES)):
            continue  # the user's job is not their wife's; a school someone attends no job
        pattern = _member(kind)
        if any(_NOT_ITS_VALUE.match(old, m.end()) is None for m in pattern.finditer(old)):  # a member of the kind, or the same word ("치과 바꿨어요" … "연세치과")
            return SURE if new.who >= people else IF_ALONE
    return 0


def _member(kind: str) -> re.Pattern[str]:
    """What names ``kind`` in a memory: a member of a known kind, else the word itself."""
    return _MEMBER.get(kind) or re.compile(rf"(?<![\w]){re.escape(kind.rstrip('s'))}",
                                           re.IGNORECASE)


def who(content: str) -> frozenset[str]:
    """The people and pets a memory names (family and pet words)."""
    return _people(content)


# kinds that are a part of something larger the user still has: a job's shift or team
_PART = frozenset({"shift", "team"})
_KEEP_VERB = re.compile(r"^(?P<v>work(?:s|ing)?|근무)\s+", re.IGNORECASE)
# the change names a new whole too ("switched to day shifts at a new clinic"): nothing is left
_NEW_WHOLE = re.compile(r"\bnew\b|\b(?:at|for|with)\s+(?:(?:a|an|the)\s+)?(?-i:[A-Z])|"
                        r"새\s?(?:직장|회사|병원|"
                        r"팀|지점)|(?:이직|퇴사)", re.IGNORECASE)


def narrowed(old: str, new: Change) -> str | None:
    """``old`` without the part a change replaced, when the change is of a part of
    something larger that still holds: "User works nights at St. Mary's, ER nurse" after
    "moving to day shift" → "User works at St. Mary's, ER nurse" (the job stays, only the
    shift changed). None when the whole memory is the old value (a gym, a vet) or nothing
    worth keeping is left (or the change names a new whole as well: "at a new clinic")."""
    if new.text and _NEW_WHOLE.search(new.text):
        return None
    for kind in new.kinds & _PART:
        m = _MEMBER[kind].search(old)
        if m is None:
            continue
        verb = _KEEP_VERB.match(m.group(0))
        start, end = m.start(), m.end()
        if kind == "team":  # the team's name before it, and how it is attached
            back = re.search(r"(?:\b(?:on|in)\s+)?(?:the\s+)?(?:[A-Za-z-]+\s+){0,3}$", old[:start])
            start = back.start() if back else start
            glued = re.match(r"(?:에서|에|의)?\s*", old[end:])
            end += glued.end() if glued else 0
        if start == 0:
            # The part opens the memory: it is its subject ("Standup for the team is at
            # 9:30" after "we moved standup"), and no rest holds without it.
            return None
        cut = old[:start] + (verb.group("v") if verb else "") + old[end:]
        if kind == "shift":  # its hours go with it
            cut = re.sub(r",?\s*\d{1,2}(?::\d\d)?\s*(?:am|pm|시)?\s*(?:to|-|–|~|부터)\s*"
                         r"\d{1,2}(?::\d\d)?\s*(?:am|pm|시)?(?:까지)?", "", cut, flags=re.IGNORECASE)
        cut = re.sub(r"\b(?:on|in)\s+the\s+(?=\s|at\b|,|$)", "", cut)
        cut = re.sub(r"\s{2,}", " ", cut).strip(" ,")
        cut = re.sub(r"\s+([,.])", r"\1", cut)
        left = [w for w in re.findall(r"[\w가-힣'’.-]+", cut)
                if w.casefold() not in {"user", "사용자는", "사용자의", "is", "the", "at", "a"}]
        if len(left) >= 2 and _MEMBER[kind].search(cut) is None:
            return cut
    return None


# -- where the user lives, said inside a memory about something else -------------------------
# "사용자는 대구 수성구에 사는 치과위생사다", "사용자는 분당에 살고, 두 아이를 키운다", "User is
# a nurse who lives in Austin": a residence said on the way (a relative or a joined clause)
# stays in a memory no residence slot knows; a move must still replace it
_PLACE_KO = r"(?:(?!사용자)[가-힣A-Za-z0-9]+(?<![는은을를이가의])\s){0,2}(?!사용자)[가-힣A-Za-z0-9]+?"
_LIVES_IN = re.compile(
    rf"(?<=\s){_PLACE_KO}에\s?(?:사는|살고\s?있는|거주하는|거주\s?중인|살고(?:\s?있고)?,?)\s|"
    r",?\s+(?:who\s+lives|living|based)\s+in\s+(?-i:[A-Z])[^,.;!?]*?(?=\s*(?:[,.;!?]|\band\b|$))",
    re.IGNORECASE)
_USER_SUBJECT = re.compile(r"^(?:사용자는|User)\s")


def lives_in_passing(content: str, place: str) -> str | None:
    """``content`` without the residence it states on the way, when it is a memory about
    the user (no relative or pet named) that says where they live inside a clause about
    something else and the place is not ``place`` (the user's new home): "사용자는 대구
    수성구에 사는 치과위생사다" → "사용자는 치과위생사다". None when it states no such
    residence, or names ``place`` already."""
    if _USER_SUBJECT.match(content) is None or _people(content) \
            or place.casefold() in content.casefold():
        return None
    m = _LIVES_IN.search(content)
    if m is None:
        return None
    rest = re.sub(r"\s{2,}", " ", content[:m.start()] + (" " if m.group(0).endswith(" ")
                                                         and m.start() > 0 else "")
                  + content[m.end():]).strip(" ,")
    said = _USER_SUBJECT.sub("", rest)
    return rest if said != rest and len(re.sub(r"\W", "", said)) >= 3 else None
