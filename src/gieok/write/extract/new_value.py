"""A new value of a thing named before (W6): "the same attribute of the same holder, changed".

``changes`` reads a change that names the *kind* of thing changed ("switched vets") and
matches older memories by a closed table of kinds. That table does not generalise: the
things people change are open-ended — a medicine's dose, a surgery date, the milk in a
latte, a pet's food, a treatment, a camera brand. What they share is a structure, not a
vocabulary:

* a **change predicate** — a verb that replaces or moves a value (switch, change, move,
  replace, bump up, cut down, push back, postpone; 바꾸다, 바뀌다, 옮기다, 늘리다, 줄이다,
  올리다, 내리다, 미루다, 당기다, 변경·조정·연기·교체하다) or an alternative marker ("X 말고",
  "X 대신", "instead of X");
* a **new value** — its destination ("… *100mg*으로 늘렸다", "up to *100mg*", "to *Orijen*");
* the **thing changed** — the nouns of the change clause before the destination that are
  neither the holder (the user, a relative or pet and their names), nor an agent (the
  doctor, the vet, the hospital), nor a time; with an explicit object ("우유*를* 오트밀크로
  바꿨다", "swapped *my MacBook* for …") only that object.

An older memory states the *old* value of that thing when it is about the same holder,
names the thing (the same word; a loanword in the other script by its consonant skeleton:
"로얄캐닌" ~ "Royal Canin", "로사르탄" ~ "losartan") and does not already state the new
value. "커피에 넣는 우유를 오트밀크로 바꿨어요" names milk, so "매일 아침 커피 두 잔
마셔요" stays; "몽이 베트메딘 하루 세 번으로 늘렸어요" names 베트메딘, so "몽이는 베트메딘
하루 두 번 먹어요" is the old value. An additive word (also, too, another, 도, 하나 더)
says nothing was replaced. Pure: reads text only (Kiwi for Korean).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.amount_now import amount_now
from gieok.write.extract.korean import FAMILY_KO, PETS_KO, tokens
from gieok.write.extract.moved_event import postponed
from gieok.write.extract.moved_off import moved_off
from gieok.write.extract.patterns_en import FAMILY as FAMILY_EN
from gieok.write.extract.patterns_en import PETS as PETS_EN
from gieok.write.extract.shift import KIND_OF_EVENT
from gieok.write.extract.skeleton import ko_skeleton, latin_skeleton

_KIN = re.compile(rf"^(?:{FAMILY_KO}|{PETS_KO})$|^(?:{FAMILY_EN}|{PETS_EN})s?$", re.IGNORECASE)

# -- Korean -------------------------------------------------------------------------------------
# (돌아오다/돌아가다: "다시 월요일로 돌아왔다" — back to a value it had, a change like any)
_CHANGE_STEMS_KO = frozenset({"바꾸", "바뀌", "옮기", "갈아타", "넘어가", "돌아오", "돌아가", "늘리", "줄이", "올리",
                              "내리", "미루", "당기", "앞당기", "변하",
                              # a value that rose or fell by itself: "월세 65로 올랐어", "55로 떨어졌어"
                              "오르", "떨어지"})
_CHANGE_NOUNS_KO = frozenset({"변경", "조정", "연기", "교체", "이전", "증량", "감량"})
_ALTERNATIVE_KO = frozenset({"말", "대신"})  # "두유 말고 오트밀크로", "달리기 대신 요가"
_ASKED_KO = re.compile(r"(?:주세요|줘요|줘|주라|해요|하세요|해|할\s?것)\s*[.!~]*$")
_ADDITIVE_KO = re.compile(r"하나\s?더|또\s?하나|추가로|둘째|같이\s|함께\s")
# who acts, where, when — never the thing changed
_NOT_THING_KO = frozenset(
    "사용자 의사 선생 선생님 수의사 병원 동물병원 회사 학교 쪽 요즘 요새 이번 이제 지난주 지난달 "
    "저번 작년 올해 올 오늘 어제 최근 다음 달 주 월 일 년 번 하루 매일 아침 저녁 밤 때문 사정 "
    "덕분 결국 드디어 완전 진짜 그냥 정도 것 거 수 때 요청 부탁".split())

# -- English ------------------------------------------------------------------------------------
_VERB_EN = (r"(?:switch(?:ed|ing|es)?|chang(?:ed|ing|es|e)|mov(?:ed|ing|es|e)|"
            r"swapp?(?:ed|ing|s)?|replac(?:ed|ing|es|e)|bump(?:ed|ing|s)?|rais(?:ed|ing|es|e)|"
            r"increas(?:ed|ing|es|e)|decreas(?:ed|ing|es|e)|lower(?:ed|ing|s)?|upp(?:ed|ing)|"
            r"cut|cutting|reduc(?:ed|ing|es|e)|push(?:ed|ing|es)?|postpon(?:ed|ing|es|e)|"
            r"reschedul(?:ed|ing|es|e)|delay(?:ed|ing|s)?|shift(?:ed|ing|s)?|"
            r"upgrad(?:ed|ing|es|e)|downgrad(?:ed|ing|es|e)|drop(?:ped|ping|s)?|"
            r"tapered?|tapering|adjust(?:ed|ing|s)?|"
            # a value that rose or fell by itself: "rent went up to 2100", "rose to 2100"
            r"(?:went|goes|go|going|gone)(?=\s+(?:up|down)\b)|r(?:ose|isen|ising))")
_PARTICLE_EN = r"(?:\s+(?:up|down|back|out|over|forward))?"
_DEST_EN = re.compile(
    rf"\b(?P<verb>{_VERB_EN}){_PARTICLE_EN}\b(?P<mid>[^,;.!?]{{0,60}}?)"
    r"\b(?:(?:up|down|back|over|out)\s+)?(?:to|onto|for|with)\s+"
    r"(?P<value>(?:(?:the|a|an|my|our|his|her|their)\s+)?[\w'’&.:/+-]+(?:\s+[\w'’&.:/+-]+){0,3}?)"
    r"(?=\s+(?:for|from|starting|next|this|in|on|at|because|since|so|and|now|after|last|"
    r"instead|already|too|as|a|per|every|each)\b|[,;.!?]|$)", re.IGNORECASE)
_INSTEAD_EN = re.compile(r"\b(?P<value>[\w'’&.+-]+(?:\s+[\w'’&.+-]+){0,2})\s+instead\s+of\s+"
                         r"(?P<old>[\w'’&.+-]+(?:\s+[\w'’&.+-]+){0,2})", re.IGNORECASE)
# "scrap the bullet points, short paragraphs instead": the old value named as dropped
_DROP_EN = re.compile(r"\b(?:scrap|ditch|drop|stop\s+using|no\s+more|forget(?:\s+about)?|"
                      r"skip|lose)\s+(?:the\s+|my\s+|those\s+)?(?P<old>[\w-]+(?:\s+[\w-]+)?)"
                      r"(?=\s*[,;.]|\s+(?:and|but)\b)", re.IGNORECASE)
_NEW_EN = re.compile(r"\b(?:instead|from\s+now\s+on|now)\b", re.IGNORECASE)
_ADDITIVE_EN = re.compile(r"\b(?:also|as\s+well|another|second|both|in\s+addition|"
                          r"additionally|plus)\b|\btoo\b(?=\s*(?:[,.!?;)]|$))", re.IGNORECASE)
_STOP_EN = frozenset(
    "user user's users the a an my our his her their its it them him me us to of in on at for "
    "with from and or but so up down back out over this that these those now then just really "
    "got get gets getting was were is are be been being has have had doctor doctors dr vet "
    "vets psychiatrist physician pediatrician nurse hospital clinic pharmacist week weeks "
    "month months year years day days today yesterday tomorrow morning night evening time "
    "finally again already last next into onto instead".split())
_RELATIONAL_EN = frozenset("date day time dose dosage schedule brand amount size name plan "
                           "order setting".split())
_WORD_EN = re.compile(r"[A-Za-z][\w'’.+-]*")


@dataclass(frozen=True)
class NewValue:
    """What a memory says changed: the words naming the thing changed (casefolded), the new
    value as said, and the holder words it names (relatives, pets, their names)."""

    things: frozenset[str]
    value: str
    holders: frozenset[str]
    text: str
    # the old value as said when the sentence names it as dropped ("X 말고", "X 아니고",
    # "instead of X", "scrap the X"): what earlier turns would name
    left: tuple[str, ...] = ()
    # a routine's new time ("요즘은 새벽 1시에 잔다"): the thing is the act done at that time
    timed: bool = False


def _en_word(word: str) -> str:
    w = word.casefold().strip(".'’").removesuffix("'s").removesuffix("’s")
    return w[:-1] if len(w) > 4 and w.endswith("s") and not w.endswith("ss") else w


def _holders_en(content: str) -> set[str]:
    """Relatives and pets a memory is about, and the names said right after them ("User's
    son Eli", "their pet Mochi", "Pepper, User's beagle")."""
    out: set[str] = set()
    words = _WORD_EN.findall(content)
    for i, w in enumerate(words):
        if _KIN.match(w.casefold().strip("'’s")) or _KIN.match(_en_word(w)):
            out.add(_en_word(w))
            if i + 1 < len(words) and words[i + 1][:1].isupper():
                out.add(_en_word(words[i + 1]))
    for m in re.finditer(r"\b([A-Z][a-z]+),\s+(?:User's|their|his|her)\s+(\w+)", content):
        if _KIN.match(m.group(2).casefold()):
            out.add(_en_word(m.group(1)))
    return out


def _english(content: str) -> NewValue | None:
    if _ADDITIVE_EN.search(content):
        return None
    m = _DEST_EN.search(content)
    left: tuple[str, ...] = ()
    if m is not None:
        value = re.sub(r"^(?:the|a|an|my|our|his|her|their)\s+", "", m.group("value"),
                       flags=re.IGNORECASE)
        # the object of the change verb; else its subject ("the surgery got moved to …")
        said = m.group("mid").strip() or content[:m.start()].rsplit(",", 1)[-1]
    elif (m := _INSTEAD_EN.search(content)) is not None:
        value, said = m.group("value"), m.group("old")
        left = (said,)
    elif (m := _DROP_EN.search(content)) is not None and _NEW_EN.search(content, m.end()):
        value, said = "?", m.group("old")
        left = (said,)
    else:
        return None
    holders = _holders_en(content)
    words = [_en_word(w) for w in _WORD_EN.findall(said)]
    words = [w for w in words if w not in _STOP_EN and w not in holders]
    # the head of the noun phrase: "dentist appointment" is an appointment; a relational
    # head ("surgery date", "sertraline dose") is the thing before it
    things = set(words[-2:] if words and (words[-1] in _RELATIONAL_EN
                                          or words[-1] in KIND_OF_EVENT) else words[-1:])
    things = {t for t in things if len(t) > 2 and not re.fullmatch(r"\d+\w*", t)}
    if not things or not value.strip():
        return None
    return NewValue(frozenset(things), value.strip(" .,'’") or "?", frozenset(_identity(holders)),
                    content, left)


def _chunks(content: str) -> list[tuple[str, str, int, int]]:
    """Korean words as (noun part, the particle after it, start, index of its last token):
    the nouns a word begins with, joined as written ("카프로펜이" → ("카프로펜", "이"))."""
    toks = tokens(content)
    out: list[tuple[str, str, int, int]] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.tag in ("NNG", "NNP", "SL", "SN", "NNB") and (i == 0 or toks[i - 1].end < t.start
                                                          or toks[i - 1].tag.startswith("SS")):
            j = i
            while j + 1 < len(toks) and toks[j + 1].start == toks[j].end and \
                    (toks[j + 1].tag in ("NNG", "NNP", "SL", "SN", "NNB", "XSN")
                     or toks[j + 1].tag.startswith("SS")):
                j += 1
            word = content[t.start:toks[j].end]
            particle = toks[j + 1].form if j + 1 < len(toks) and toks[j + 1].tag.startswith(
                "J") else ""
            out.append((word, particle, t.start, j))
            i = j + 1
            continue
        i += 1
    return out


def _holders_ko(content: str) -> set[str]:
    chunks = _chunks(content)
    words = [w for w, _, _, _ in chunks]
    out: set[str] = set()
    for i, w in enumerate(words):
        if _KIN.match(w):
            out.add(w)
            # "고양이 루루가", "강아지 몽이는": a name has its particle; "엄마 무릎 수술이"
            # (a compound) names no one
            if i + 1 < len(words) and not _KIN.match(words[i + 1]) and (
                    chunks[i + 1][1] or content[chunks[i + 1][2] + len(words[i + 1]):][:1] == "이"):
                out.add(words[i + 1])
    m = re.match(r"사용자의\s+(\S+)\s", content)
    name = re.match(r"(.+?)(?:이가|이는|이|가|은|는|의)$", m.group(1)) if m else None
    if m and name and not _KIN.match(m.group(1)) and not _KIN.match(name.group(1)):
        out.add(name.group(1))  # "사용자의 초코가 …": a pet or person named without a kin word
    return out


def _korean(content: str) -> NewValue | None:
    if _ADDITIVE_KO.search(content):
        return None
    toks = tokens(content)
    verb = next((i for i, t in enumerate(toks) if (
        t.tag.startswith("VV") and t.form in _CHANGE_STEMS_KO) or (
        t.form in _CHANGE_NOUNS_KO and i + 1 < len(toks) and toks[i + 1].tag == "XSV")), None)
    # "X 말고 / X 대신 / X 아니고 Y로 …": the alternative says the change without a change verb
    alt = next((i for i, t in enumerate(toks) if (t.form in _ALTERNATIVE_KO and (
        t.tag == "VV" or t.tag.startswith("NN") or t.tag == "VX" and i > 0 and toks[
            i - 1].tag.startswith(("NN", "SL")))) or t.tag == "VCN"), None)  # (not "먹지 말고")
    if verb is None and alt is not None and (now := _ALT_NOW_KO.search(content)) is not None \
            and now.group("old") not in _NOT_THING_KO and not _ASKED_KO.search(content):
        # "보리차 말고 이제 옥수수수염차 마셔": the old value, then what holds now
        return NewValue(frozenset({now.group("old")}), now.group("new"),
                        frozenset(_identity(_holders_ko(content))), content, (now.group("old"),))
    if verb is None:
        if alt is None or not any(t.form in ("로", "으로") and t.tag == "JKB"
                                  for t in toks[alt:]) and not (
                toks[alt].form == "말" and _ASKED_KO.search(content, toks[alt].end)):
            return None  # "요약 말고 자세하게 풀어서 설명해 주세요": a request for another way
        verb = len(toks)
    chunks = [c for c in _chunks(content) if c[3] < verb]
    # the sentence of the change verb only
    at = toks[verb].start if verb < len(toks) else len(content)
    stop = max((c for c in re.finditer(r"[.!?]\s", content) if c.start() < at),
               key=lambda c: c.start(), default=None)
    if stop is not None:
        chunks = [c for c in chunks if c[2] > stop.start()]
    dest = next((k for k in range(len(chunks) - 1, -1, -1)
                 if chunks[k][1] in ("로", "으로")), None)
    value = ""
    head = None
    if dest is not None:
        # the destination with the numbers and nouns it is compounded of ("4월 17일로",
        # "힐스 저알러지 사료로": a value of the kind 사료)
        k = dest
        # a day or a time of day ("목요일로", "주말로") is a value of its own: the nouns before
        # it are the thing moved ("안과 예약 목요일로"), as before a number
        numeric = re.match(r"\d", chunks[k][0]) is not None or _DAY.search(chunks[k][0]) is not None \
            or chunks[k][0] == "반" and k > 0 and re.search(r"\d\s?시$", chunks[k - 1][0]) is not None
        # ("9시 반으로": half past nine, a time)
        while k > 0 and chunks[k - 1][1] == "" and (
                (alt is None or chunks[k - 1][3] > alt) and
                numeric and re.match(r"\d|[가-힣]?\d", chunks[k - 1][0]) or not numeric and
                not re.match(r"\d", chunks[k - 1][0]) and chunks[k - 1][0] not in _NOT_THING_KO
                and content[chunks[k - 1][2] + len(chunks[k - 1][0]):chunks[k][2]] == " "
                and (alt is None or chunks[k - 1][3] > alt)):
            k -= 1
        start = chunks[k][2]
        count = re.search(r"(?:\d+|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열)\s?$", content[:start])
        if count is not None:
            start = count.start()
        value = content[start:chunks[dest][2] + len(chunks[dest][0])]
        before = [c for c in chunks[:k] if c[2] < start]
        if k < dest and not numeric:
            head = chunks[dest][0]
    else:
        if alt is None:
            return None
        before = [c for c in chunks if c[3] < alt]
        value = "?"
    if alt is not None and alt < verb:  # what the alternative names is what was left
        before = [c for c in before if c[3] < alt] or before
    holders = _holders_ko(content)
    objects = [c for c in before if c[1] in ("을", "를")]
    pool = objects or [c for c in before if c[1] not in ("에서", "에게", "한테", "께서", "께",
                                                          "부터", "까지")]
    things = {w for w, _, _, _ in pool
              if w not in holders and not _KIN.match(w) and w not in _NOT_THING_KO
              and not re.fullmatch(r"[\d.]+\S{0,2}", w) and len(w) > 1}
    if head is not None and head not in _NOT_THING_KO:
        things.add(head)  # "힐스 저알러지 사료로": the food changed
    if not things or not value:
        return None
    left = ()
    if alt is not None:  # "개조식 말고", "10시 아니고": the old value as said
        named = [c[0] for c in _chunks(content) if c[3] < alt]
        left = tuple(named[-1:])
    return NewValue(frozenset(things), value, frozenset(_identity(holders)), content, left)


_DAY = re.compile(r"(?:[월화수목금토일]요일|주말|평일|아침|저녁|오전|오후|봄|여름|가을|겨울|연말|연초)$")
# "X 말고 이제 Y 마셔", "X 대신 요즘은 Y 다녀": no change verb, a word of now before the new value
_ALT_NOW_KO = re.compile(r"(?<!\S)(?P<old>[가-힣A-Za-z0-9]{2,}?)(?:은|는|을|를)?\s(?:말고|대신(?:에)?)\s"
                         r"(?:이제는?|이젠|요즘은?|요새는?|지금은)\s(?P<new>[가-힣A-Za-z0-9]{2,}?)"
                         r"(?:을|를|만|이|가|으로|로)?\s[가-힣]")


@lru_cache(maxsize=4096)
def new_value(content: str) -> NewValue | None:
    """What the memory ``content`` (third person, as stored) says got a new value, or None."""
    said = _korean(content) if _HANGUL.search(content) else _english(content)
    if said is None and (late := _AFTERTHOUGHT_KO.match(content)) is not None:
        # "제주도 여행 일주일 미뤘다. 22일로": the destination said after the change, as a
        # fragment of its own — read where it belongs ("제주도 여행 일주일 22일로 미뤘다")
        said = _korean(f"{late.group('head')} {late.group('dest')} {late.group('verb')}")
    if said is None and _HANGUL.search(content) and (moved := postponed(content)) is not None:
        said = _korean(f"{moved[0]} {moved[1]}로 미뤘다")  # "상견례 미뤄졌어요, … 4월 11일로 바꿨다"
    return said if said is not None else _timed(content) or _weighed(content) or _amounted(content) \
        or _moved_off(content)


def _moved_off(content: str) -> NewValue | None:
    """"migrated billing-core off gke, it runs on ecs fargate now" (``moved_off``): the old
    place is the thing changed, and the value dropped."""
    said = None if _HANGUL.search(content) else moved_off(content)
    if said is None:
        return None
    return NewValue(frozenset({said[0].casefold()}), said[1], frozenset(), content, (said[0],))


def _amounted(content: str) -> NewValue | None:
    """"rent going to 1,575 instead", "house fund is at 29.5k now" (``amount_now``): the head
    noun of the phrase the amount belongs to is the thing."""
    said = None if _HANGUL.search(content) or _ADDITIVE_EN.search(content) else amount_now(content)
    if said is None:
        return None
    words = [w for w in (_en_word(w) for w in _WORD_EN.findall(said[0])) if w not in _STOP_EN]
    holders = _identity(_holders_en(content))
    # a pot of money is named by what it is for: "deposit fund" is the savings "for a deposit"
    things = words[-2:] if len(words) > 1 and words[-1] in _POT else words[-1:]
    return NewValue(frozenset(things), said[1], frozenset(holders), content) if words else None


# the head of a phrase naming a pot of money, whose word before it says what the money is for
_POT = frozenset({"fund", "savings", "pot", "jar", "kitty", "account", "stash"})


_AFTERTHOUGHT_KO = re.compile(r"^(?P<head>.+?)\s(?P<verb>[가-힣]+(?:었|았|였|했|겼|뤘|렸|꿨|겼)다)\.\s+"
                              r"(?P<dest>[^.\s]+(?:\s[^.\s]+)?(?:으로|로))\s*[.!~]*$")


# a body weight reached, said by its number and unit alone ("드디어 77키로 찍었다", "finally hit
# 75kg", "down to 170 lbs"): the weight is the thing, though the sentence does not name it — the
# unit does. The holder's memory stating their weight ("요즘 몸무게 82키로다") has the old value.
_WEIGHT_UNIT = r"(?:키로|킬로|kg|kgs|lbs?|pounds|파운드)"
_WEIGHED_KO = re.compile(rf"(?<![\d.])(?P<v>\d{{2,3}}(?:\.\d)?)\s?{_WEIGHT_UNIT}\s?(?:찍었|찍음|찍어|됐|되었|"
                         r"나왔|까지\s?(?:뺐|빠졌|뺌|내려왔))")
_WEIGHED_EN = re.compile(rf"\b(?:hit|reached|down\s+to|weighed\s+in\s+at)\s+(?P<v>\d{{2,3}}(?:\.\d)?)\s?"
                         rf"{_WEIGHT_UNIT}\b", re.IGNORECASE)
_WEIGHT_WORDS = frozenset({"몸무게", "체중", "weigh", "weight"})


def _weighed(content: str) -> NewValue | None:
    korean = _HANGUL.search(content) is not None
    m = (_WEIGHED_KO if korean else _WEIGHED_EN).search(content)
    if m is None:
        return None
    holders = _identity(_holders_ko(content) if korean else _holders_en(content))
    return NewValue(_WEIGHT_WORDS, m.group("v"), frozenset(holders), content)


# "요즘은 새벽 1시에 잔다" after "요즘 매일 밤 11시에 잔다": a routine said again with another
# time and a word that says it holds now (요즘은 — these days, unlike before; 이제) renews the
# older one: the same act (the word after the time), the same holder, another time
_NOW_KO = re.compile(r"(?:요즘|요새|최근)(?:은|는|엔)\s|(?<![가-힣])(?:이제|이젠)(?:는)?\s")
_AT_TIME_KO = re.compile(r"(?P<time>(?:(?:새벽|아침|밤|저녁|오전|오후|낮)\s?)?\d{1,2}시(?:\s?반|\s?\d{1,2}분)?)"
                         r"(?:에|쯤|쯤에|경에|경)?\s(?P<verb>[가-힣]{1,4}다)(?=[\s.,!]|$)")


def _timed(content: str) -> NewValue | None:
    if not _NOW_KO.search(content):
        return None
    m = _AT_TIME_KO.search(content)
    if m is None:
        return None
    return NewValue(frozenset({m.group("verb")}), m.group("time"),
                    frozenset(_identity(_holders_ko(content))), content, timed=True)


# a measure said alone ("raised my dose to 40mg", "용량 늘렸다"): the one memory that gives a
# medicine's dose is its old value (the caller takes it only when it is the one)
MEASURES = frozenset({"dose", "dosage", "용량", "복용량"})
_DOSE = re.compile(r"\d+(?:\.\d+)?\s?(?:mg|mcg|µg|ug|ml|units?|iu|단위|알|정|캡슐|밀리)(?![a-z])|"
                   r"(?:한|두|세|네)\s?(?:알|정|캡슐)", re.IGNORECASE)


# a kind of event too short for its consonant skeleton, said in the other script
_SAME_KIND = {"미팅": "meeting", "레슨": "lesson", "클래스": "class", "세션": "session",
              "파티": "party", "투어": "tour"}
_SAME_KIND.update({v: k for k, v in _SAME_KIND.items()})
_SAME_KIND["회식"] = r"(?:company|team|work|office)\s+dinner"  # a word, not a loanword


def _same_word(thing: str, old: str) -> bool:
    """``old`` names ``thing``: as a word (Korean: inside a word, particles glued on), or a
    loanword written in the other script with the same consonant skeleton."""
    other = _SAME_KIND.get(thing.casefold())
    if other is not None and re.search(rf"(?<![a-z0-9]){other}", old.casefold()):
        return True
    if _HANGUL.search(thing):
        if thing in old:
            return True
        sk = ko_skeleton(thing)
        # (a Latin word with a particle glued on is read without it: "Samsung에서")
        words = [re.sub(r"[\uac00-\ud7a3]+$", "", w)
                 for w in re.findall(r"[A-Za-z][\w'’.-]*(?:\s+[A-Za-z][\w'’.-]*)?", old)]
    else:
        if re.search(rf"(?<![a-z0-9]){re.escape(thing)}(?:s|es|'s|’s)?(?![a-z0-9])",
                     old.casefold()):
            return True
        # the practice said by its practitioner, with when it is held: "therapy" in "User's
        # therapist appointments are every other Thursday at 4" (not "User's therapist is …")
        if len(thing) > 5 and thing.casefold().endswith("y") and _WHEN.search(old) and re.search(
                rf"(?<![a-z0-9]){re.escape(thing.casefold()[:-1])}ists?(?![a-z0-9])", old.casefold()):
            return True
        sk = latin_skeleton(thing)
        words = [w for w, _, _, _ in _chunks(old)] if _HANGUL.search(old) else []
    if len(sk) < 3:
        return False
    for w in words:
        other = latin_skeleton(w) if not _HANGUL.search(w) else ko_skeleton(w)
        for cand in {other, latin_skeleton(w.split()[0]) if " " in w else other}:
            if len(cand) >= 3 and SequenceMatcher(None, sk, cand).ratio() >= 0.8:
                return True
    return False


def same_word(thing: str, old: str) -> bool:
    """``old`` names ``thing``, in either script (see ``_same_word``)."""
    return _same_word(thing, old)


def _identity(holders: set[str]) -> set[str]:
    """Who a memory is about: the names when it says any ("고양이 루루" → 루루), else the
    relatives and pets by kind ("엄마")."""
    names = {h for h in holders if not _KIN.match(h)}
    return names or holders


def _names(text: str, who: str) -> bool:
    return _same_word(who, text) if _HANGUL.search(who) or _HANGUL.search(text) else \
        re.search(rf"(?<![a-z0-9]){re.escape(who)}", text.casefold()) is not None


SURE, IF_ALONE = 2, 1


def dosed_name(old: str) -> str | None:
    """The medicine an older memory gives a dose of: the word said right before the dose
    ("levothyroxine 50mcg", "리피토 20mg") or after "takes"/"먹는" — so "raised my dose to
    75mcg" can say whose dose it is."""
    m = _DOSE.search(old)
    if m is None:
        return None
    before = re.findall(r"[A-Za-z][\w-]{3,}|[가-힣]{2,}", old[:m.start()])
    name = before[-1] if before else None
    if name is None or name.casefold() in _STOP_EN or name in _NOT_THING_KO or \
            re.fullmatch(r"(?:takes?|taking|of|사용자는|사용자의)", name, re.IGNORECASE):
        after = re.search(r"\b(?:takes?|taking|of)\s+([A-Za-z][\w-]{3,})", old[m.end():])
        return after.group(1) if after else None
    return name


_NUMBERED = re.compile(r"(?<![\w.:])\d[\d.:/,]*(?:\s?(?:mg|mcg|g|kg|ml|iu|시|분|일|월|알|번|회|정|%|am|pm))?"
                       r"(?![\w.:])", re.IGNORECASE)


def old_value(new: NewValue, old: str) -> str | None:
    """The value an older memory gave the thing ``new`` renews, when both are numbers ("75mg"
    in "리리카 75mg 먹는데" for "리리카 150으로 올린다", "9:30" for "moved standup to 10:15"):
    the first number said after the thing's name (else the only one), never the new value."""
    if not re.search(r"\d", new.value):
        return None
    at = min((m.end() for t in new.things for m in [re.search(re.escape(t), old, re.IGNORECASE)]
              if m is not None), default=0)
    found = [m.group(0).strip() for m in _NUMBERED.finditer(old)
             if m.group(0).strip() != new.value and not new.value.startswith(m.group(0).strip())]
    after = [m.group(0).strip() for m in _NUMBERED.finditer(old, at)
             if m.group(0).strip() in found]
    return after[0] if after else found[0] if len(found) == 1 else None


def replaced(old: str, new: NewValue) -> int:
    """Whether the older memory ``old`` states the old value of the thing ``new`` changed:
    it names that thing, it is about the same holder (whoever each one is about — by name,
    else by kind — the other names too), and it does not state the new value already.
    ``SURE``, or ``IF_ALONE`` when the change names no one and the older memory is about a
    relative or pet ("힐스 사료로 바꿨어" after "고양이 사료 로얄캐닌 먹여": the caller takes
    it when every such memory is about the same one), else 0."""
    if new.timed:  # the same act at another time, said as a time of its own
        said = [m.group("time") for m in _AT_TIME_KO.finditer(old) if m.group("verb") in new.things]
        if not said or new.value in said:
            return 0
    elif new.value != "?" and new.value.casefold() in old.casefold():
        return 0
    mine = _identity(_holders_ko(old) if _HANGUL.search(old) else _holders_en(old))
    if not all(_names(old, h) for h in new.holders):
        return 0
    strength = SURE
    if not all(_names(new.text, h) for h in mine):
        if new.holders:
            return 0
        strength = IF_ALONE
    things = {t for t in new.things if not any(t in h or h in t for h in mine | new.holders)}
    if things and things <= MEASURES:
        return strength if _DOSE.search(old) is not None else 0
    if _eaten(new, things) and _EATS.search(old) is not None and not _ADDED.search(new.text):
        return strength  # the food, said in the older memory by what is eaten
    if _other_event(things, old):
        return 0
    if _an_event(new) and not _WHEN.search(old) and not any(
            _same_word(t, old) for t in things if t.casefold() in KIND_OF_EVENT):
        return 0  # "dentist appointment moved" ends no "User's dentist is Dr. Kim": no date
    return strength if any(_same_word(thing, old) or _by_its_verb(thing, old)
                           for thing in things) else 0


# an event said before by what happens at it: "moving the wedding to May" moves "User is
# getting married in Bath on 12 September", "결혼식 5월로 미뤘어" moves "10월에 결혼한다"
_EVENT_VERB = {"wedding": re.compile(r"\bmarr(?:y|ies|ied|ying|iage)\b", re.IGNORECASE),
               "결혼식": re.compile(r"결혼(?!식)"), "식": re.compile(r"결혼(?!식)")}


def _by_its_verb(thing: str, old: str) -> bool:
    """``old`` names the event ``thing`` by its verb, with a date: the date is the value a
    move replaces (a marriage said with no date is no plan a move could change)."""
    verb = _EVENT_VERB.get(thing.casefold())
    return verb is not None and verb.search(old) is not None and _DATE.search(old) is not None


# a date, not any number ("결혼 10년 차" says how long, not when)
_DATE = re.compile(r"\d{1,2}\s?(?:월|일)|[월화수목금토일]요일|다음\s?(?:주|달)|내일|모레|\b(?:next\s+\w+|"
                   r"tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan\w*|feb\w*|march|april|"
                   r"may|june|july|aug\w*|sept?\w*|oct\w*|nov\w*|dec\w*)\b", re.IGNORECASE)


# when an event is: the old value an event moved had
_WHEN = re.compile(r"\d|[월화수목금토일]요일|다음\s?(?:주|달)|이번\s?(?:주|달)|내일|모레|주말|\b(?:next|"
                   r"tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan\w*|feb\w*|march|april|"
                   r"may|june|july|aug\w*|sept?\w*|oct\w*|nov\w*|dec\w*)\b", re.IGNORECASE)


def _an_event(new: NewValue) -> bool:
    """The thing changed is an event (an appointment, a trip): its new value is a date."""
    return any(t.casefold() in KIND_OF_EVENT for t in new.things)


def _other_event(things: set[str], old: str) -> bool:
    """``old`` is another event of the same kind: the change names which one ("the
    *dentist* appointment", "*치과* 예약") beside a kind word (appointment, 예약, trip), and
    ``old`` names none of those words — a vet appointment is not the dentist's, though both
    are appointments."""
    kinds = {t for t in things if t.casefold() in KIND_OF_EVENT}
    which = things - kinds
    return bool(kinds and which) and not any(_same_word(t, old) for t in which) \
        and not any(_bare_kind(k, old) for k in kinds)


# the word before a kind of event that names no other one: "taking her to appointments on
# thursdays" (which appointments is not said, so a neurologist's may be them), never "a vet
# appointment" (another event of the kind)
_BARE_BEFORE = frozenset("""to the her his my their our your for at of on weekly regular monthly
    usual has have had with""".split())


def _bare_kind(kind: str, old: str) -> bool:
    """``old`` names ``kind`` (appointment, 예약 …) with nothing before it that says which."""
    if _HANGUL.search(kind):
        return False
    m = re.search(rf"(?:^|(\S+)\s+){re.escape(kind)}(?:s|es)?\b", old, re.IGNORECASE)
    return m is not None and (m.group(1) is None or m.group(1).casefold() in _BARE_BEFORE)


# food is named by eating: "나비 사료 오리젠으로 바꿨다" renews "나비는 로얄캐닌 먹는다", and
# "결국 Acana 연어로 바꿨다. 잘 먹는다" (nothing named but the new food, then eating it) renews
# "강아지 밥은 Orijen 먹인다" — the holder still has to match (``replaced``)
FOOD = frozenset({"사료", "밥", "먹이", "food", "kibble", "feed", "dog food", "cat food"})
_EATS = re.compile(r"먹(?:는다|인다|여|어|고|는|임|음)|\b(?:eats?|eating|feeds?|feeding|fed)\b",
                   re.IGNORECASE)
_ADDED = re.compile(r"\b(?:also|too|another|as\s+well|treats?)\b|간식|도\s|추가", re.IGNORECASE)


def _eaten(new: NewValue, things: set[str]) -> bool:
    """The change is of what someone eats: the thing is a word for food, or nothing is named
    but the new value and the memory goes on to say it is eaten ("잘 먹는다")."""
    if things & FOOD:
        return True
    rest = new.text.split(new.value, 1)[-1] if new.value and new.value != "?" else ""
    return bool(things) and all(t in new.value.casefold() for t in things) and \
        _EATS.search(rest) is not None
