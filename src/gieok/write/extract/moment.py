"""What is true only for the moment (W3): a mood, an incident of the day, how something was
once, what has gone on all day. Such a sentence is no memory, unless it is about health, is a
life event (a death, a birth, an adoption), or starts something that lasts.

Split from ``generic`` (which decides what a self-disclosure is worth keeping) so that the
request rules (``request_reason``) can read a passing mood without importing ``generic``.
``apart`` lets a lasting clause said beside one of the moment be read on its own.
"""

from __future__ import annotations

import re
from functools import lru_cache

from gieok.write.extract import discourse, korean
from gieok.write.extract.health import HEALTH
from gieok.write.extract.passing import passing
from gieok.write.extract.script import is_korean

# An opinion, and what is only true for the moment ("I'm at the airport", "in 10 minutes,
# gotta go", "ate my sock this morning", "can't decide … for dinner"): never kept whole.
_EN_MOMENT = re.compile(
    # what has gone on all day ("I've been sitting all day", "been up all night")
    r"\b(?:i['’]ve|i\s+have|we['’]ve|we\s+have)?\s*been\s+\w+(?:ing)?\b[^.!?]*\ball\s+(?:day|"
    r"morning|afternoon|evening|night)\b|\bi\s+feel\s+like\b|\bimo\b|\bin\s+my\s+opinion\b|\bthis\s+morning\b|\bgott?a\s+go\b|"
    r"\bin\s+(?:\d+|a\s+few|ten|five|twenty)\s+(?:minutes|mins)\b|\bfor\s+(?:dinner|lunch|breakfast)\b|"
    r"\bi['’]?m\s+(?:currently\s+|just\s+)?(?:at|on)\s+the\s+(?:airport|station|office|gym|store|"
    r"mall|hospital|bus|train|plane|subway|way|beach|park|cafe|café|library)\b|"
    r"\bi['’]?m\s+(?:just\s+)?(?:browsing|looking\s+around|killing\s+time|bored)\b|"
    # a meeting later the same day ("I'm meeting a friend in Shoreditch after, fastest route?")
    r"\b(?:i['’]?m|we['’]re)\s+(?:meeting|seeing|catching\s+up\s+with)\b[^.!?,]*\b(?:after(?:wards)?|"
    r"later|tonight|after\s+work)\s*(?:[,.!?]|$)|"
    # the day's weather ("today's weather is perfect lol, raining again"): never the user's
    r"\b(?:today['’]?s\s+weather|(?:the\s+)?weather\s+(?:today|this\s+(?:week|morning|weekend)))\b|"
    # something of theirs misbehaving right now: "my code is broken", "the wifi is down"
    r"\b(?:is|are|keeps?)\s+(?:broken|down|not\s+working|crashing|failing|acting\s+up|"
    r"freezing|lagging)\b|"
    # an illness that passes: "I have a cold" (not a condition to pin)
    r"\b(?:have|having|got|caught|with)\s+(?:a\s+|the\s+|this\s+)?(?:(?:bad|nasty|mild|slight)\s+)?"
    r"(?:cold|flu|headache|fever|hangover|sore\s+throat|cough|runny\s+nose|stomach\s?ache|"
    r"stomach\s+bug|cramps)\b",
    re.IGNORECASE)
# What happens once and stays true: a death, a birth, an adoption ("My dog Pepper passed away
# this morning") is not a passing moment, whenever in the day it happened.
# "we had to put Pickles down", "decided to put her to sleep": the vet's last visit, said of
# the one put down (never "put the baby down for a nap", "had to put it down for a while")
PUT_DOWN = (r"\b(?:had|decided)\s+to\s+put\s+(?:(?:my|our|their|his|her)\s+(?:old\s+)?[a-z]+\s+)?"
            r"(?:(?P<put>(?-i:[A-Z])[\w'’-]+)|him|her|them|it)\s+"
            r"(?:down|to\s+sleep)\b(?!\s+(?:for|at|in|on|early))")
_LIFE_EVENT = re.compile(rf"{PUT_DOWN}|"
                         r"\b(?:passed\s+away|died|put\s+(?:down|to\s+sleep)|was\s+born|gave\s+birth|"
                         r"got\s+(?:married|engaged|divorced)|adopted|broke\s+up|split\s+up|"
                         r"(?:got|are|am|is)\s+separated|retir(?:e|ed|ing)|graduat(?:e|ed|ing))\b|은퇴|정년|졸업했|세상을\s?떠|무지개\s?다리|"
                         r"죽었|하늘나라|태어났|입양했|헤어졌|이혼했|파혼|약혼했|결혼했", re.IGNORECASE)


def life_event(text: str) -> bool:
    """A death, a birth, an adoption, a wedding, a breakup: said once, true for good — never
    vetoed as chatter by the learned sentence score."""
    return _LIFE_EVENT.search(text) is not None


def momentary(text: str) -> bool:
    return (_EN_MOMENT.search(text) is not None or passing(text)) \
        and _LIFE_EVENT.search(text) is None


# What happened once, today or just now ("my laptop froze during the demo today", "점심에
# 짜장면 먹었는데 옷에 튀었어", "오늘 아침에 늦잠 자서 지각했어", "burned the pasta again"): an
# incident of the day, not something that stays true — unless it starts something that lasts
# (a job, a move, a pet, a purchase), is about health, or is a life event.
_EN_TODAY = re.compile(
    r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening)|last\s+night|yesterday|earlier|"
    r"just\s+now|at\s+lunch|during\s+(?:the|my|our)\s+\w+|again|now)\b|^(?:i\s+|we\s+)?just\s+",
    re.IGNORECASE)
_EN_PAST = re.compile(
    r"\b(?:was|were|had|got|went|came|did|ate|made|took|lost|broke|spilled|spilt|forgot|fell|hit|"
    r"ran|missed|burnt|froze|crashed|overslept|slept|woke|stuck|\w{3,}ed)\b", re.IGNORECASE)
_EN_LASTING = re.compile(
    r"\b(?:start(?:ed|s|ing)?|join(?:ed|s)?|mov(?:ed|ing)|adopt(?:ed|ing)?|promot\w*|hired|signed|"
    r"bought|closed\s+on|got\s+(?:a|an|my|the|our)\s+(?:new\s+)?(?:job|offer|dog|cat|puppy|"
    r"kitten|car|house|apartment|place|promotion|license|licence|degree|visa)|diagnos\w*|"
    # "I just got a Fujifilm X-T5": a product said by its brand or model is something owned
    r"got\s+(?:a|an|my|the|our)\s+(?:new\s+)?(?-i:[A-Z][A-Za-z]+|[A-Z]*\d)|"
    r"engaged|married|pregnant|born|quit|retir\w*|graduat\w*|accepted|enrolled|booked|scheduled|"
    r"decided|switched|found\s+out|learned\s+that|passed|won|launched|shipped|released|"
    r"turn(?:ed|s)\s+\d+|renamed|named|called|laid\s+off|fired|let\s+go|lost\s+(?:my|our|the)\s+"
    r"(?:job|house|home|dog|cat|mom|dad|mother|father))\b",
    re.IGNORECASE)
_KO_TODAY = re.compile(r"(?<![가-힣])(?:오늘|아까|방금|어제|어젯밤|점심에|아침에|저녁에|출근길에|퇴근길에|"
                       r"오전에|오후에)(?![가-힣])")
_KO_LASTING = re.compile(r"시작|입사|이사|입양|데려왔|분양|샀|구입|계약|등록|합격|붙었|승진|결혼|약혼|"
                         r"이직|퇴사|취직|졸업|진단|옮겼|바꿨|전학|입학|가입|예약|출시|런칭|오픈|살\s?(?:됐|이\s?됐)|"
                         r"생일|이름|해고|잘렸|권고사직")


# Pure; asked of one sentence several times a turn, and again when the session's episode
# re-reads it: cached per text.
@lru_cache(maxsize=16384)
def one_off(text: str) -> bool:
    """An incident of the day said in the past tense (see above): nothing to remember."""
    if HEALTH.search(text) or _LIFE_EVENT.search(text) or PLAN.search(text):
        return False
    if is_korean(text):
        if not _KO_TODAY.search(text) or _KO_LASTING.search(text):
            return False
        return any(t.tag == "EP" and t.form in ("었", "았", "였", "ᆻ")
                   for t in korean.tokens(text))
    return _EN_TODAY.search(text) is not None and _EN_PAST.search(text) is not None \
        and _EN_LASTING.search(text) is None


# Venting about the moment and what happened just now ("… again today ugh", "방금 양말 물고
#도망감"): not durable, unless it is about health ("아까 병원 갔는데 당뇨래")
VENT = re.compile(r"\b(?:ugh|smh|ffs)\b|\bjust\s+now\b|(?:^|\s)(?:방금|아까)\s", re.IGNORECASE)
# Passing moods and feelings: dropped unless the sentence also states a health fact
# ("걔가 땅콩 알레르기가 있어서 급식이 좀 걱정이에요").
KO_MOOD = re.compile(
    r"^(?:오늘|지금|방금|아까)\b.*(?:피곤|심심|배고프|배고파|졸려|졸리|힘들|떨려|떨리|웃기|웃겨|재밌|재미있|"
    r"짜증|귀찮|좋았|길었|정신없)|"
    r"(?:피곤하다|피곤해|심심해|배고파|졸려|웃기다|웃겨|짠해|정신없었|못\s?쌌|고민이야|고민이에요|"
    r"(?<![가-힣])지금\s(?:[^\s]+\s){0,4}?[^\s]*(?:는|ᆫ)\s?중|"  # "지금 보고서 쓰는 중": right now
    r"걱정돼|걱정이야|걱정이에요|떨려요?|감기|몸살|두통|숙취|배탈|체했|열이\s?(?:나|있))|"
    # today's weather ("와 오늘 날씨 진짜 최고다", "오늘 미세먼지 bad라는데 …"): the day's, never the user's
    r"(?<![가-힣])(?:오늘|지금|이번\s?주|내일)\s?(?:아침\s?|낮\s?|밤\s?)?(?:날씨|기온|미세\s?먼지|초미세\s?먼지|황사|하늘)|"
    # a reaction to news said with -라니 ("회의 3개 연속이라니 so excited", "월요일부터 야근이라니"):
    # how the speaker takes it, not a statement
    r"[가-힣](?:이)?라니(?=[\s!?.~ㅋㅎㅠ]|$)")
PLAN = re.compile(r"\b(?:will|going\s+to|planning|plan\s+to|next|tomorrow|starting|due)\b|"
                   r"예정|계획|거야|거예요|려고|다음\s?주|다음\s?달|내일|모레|내년|목표", re.IGNORECASE)
# laughter, crying and stops at a sentence's end ("붙었대 ㅋㅋ")
KO_LAUGH = re.compile(r"(?:\s*(?:ㅋ+|ㅎ+|ㅠ+|ㅜ+|\^\^|;+))+[\s.!~]*$")


# Pure; asked of one sentence several times a turn, and again when the session's episode
# re-reads it: cached per text.
@lru_cache(maxsize=16384)
def past_evaluation(text: str) -> bool:
    """How something was, once ("지하철 너무 붐벼서 힘들었어", "The food was incredible", "I
    was so tired"): an adjective in the past tense says how a moment felt, not what lasts —
    unless it is about health ("She was so sick last week")."""
    if HEALTH.search(text):
        return False
    if is_korean(text):
        final = discourse.final_predicate(korean.tokens(text))
        return any(t.tag.startswith(("VA", "XSA")) and t.form not in ("있", "없", "계")
                   for t in final) and any(t.tag == "EP" and t.form in ("었", "았", "였", "ᆻ")
                                           for t in final)
    return _EN_PAST_STATE.search(text) is not None


_EN_PAST_STATE = re.compile(
    r"\b(?:was|were)\s+(?:so|really|very|pretty|super|absolutely|kinda|kind\s+of|quite|too|"
    r"totally|just|honestly)?\s*(?!a\b|an\b|the\b|my\b|our\b|his\b|her\b|their\b|in\b|at\b|on\b|"
    r"from\b|born\b|diagnosed\b|raised\b|married\b|adopted\b|named\b|called\b|going\b|"
    r"supposed\b|able\b|told\b|\d)(?:\w+(?:ing|ed|ful|ous|ive|able|ible|y|ic|al|ent|ant|less)|"
    r"great|good|bad|fun|nice|awful|awesome|amazing|incredible|terrible|horrible|boring|hard|"
    r"tough|rough|long|short|busy|crazy|insane|wild|cool|fine|okay|ok|sad|tired|sick\s+of|"
    r"late|early|cold|hot|packed)\b", re.IGNORECASE)


# where one clause of a sentence ends and the next begins (", tax season is killing me")
_CLAUSE_BREAK = re.compile(r"\s*[,;]\s+|\s+(?:and|but)\s+(?=\w+\s+(?:is|are|was|were|has|have|keeps?)\b)")


def apart(sentence: str) -> list[str]:
    """A sentence whose clause of the moment sits beside a lasting one, as its clauses: "I'm
    an accountant in Harrogate, tax season is killing me" says a job and how this week feels;
    read whole, the passing state hid the job. A sentence that is of the moment throughout
    ("I'm on call this week so I'm exhausted", "요즘 마감이라 죽겠어, 진짜 바빠") stays whole."""
    if not _of_the_moment(sentence):
        return [sentence]
    clauses = [c.strip() for c in _CLAUSE_BREAK.split(sentence) if c.strip()]
    if len(clauses) < 2 or all(_of_the_moment(c) for c in clauses):
        return [sentence]
    return clauses


def _of_the_moment(text: str) -> bool:
    """How this period feels or how something went: "tax season is killing me", "swamped
    today", "caffeine was wrecking my sleep"."""
    return passing(text) or momentary(text) or past_evaluation(text)


# The chat's own errand, said as what the user is in the middle of ("새해 목표 세우는 중인데 예시
# 좀 보여줘", "여름휴가 숙소 찾는 중", "김장 계획 짜는 중이야"): the search or the planning is what the
# assistant is asked to help with now, not a fact about the user. Only a single clause whose one
# verb is the searching; a reason beside it ("결혼기념일이라 레스토랑 알아보는 중") or a life change
# searched for ("이사 갈 집 알아보는 중", "이직할 회사 알아보는 중") is left to the other rules.
_SEARCHING = frozenset("찾 세우 짜 알아보 고르 검색하 구상하".split())
_LIFE_SEARCHED = frozenset("집 이사 이직 직장 회사 일자리 취업 구직 학교 유치원 어린이집 대학원 대학 "
                           "전세 월세 아파트 병원 치료 학원".split())


def searching(text: str) -> bool:
    """A single Korean clause saying the errand of the moment (see above)."""
    words = [t for t in korean.tokens(KO_LAUGH.sub("", text)) if not t.tag.startswith("S")
             or t.tag in ("SL", "SN", "SH")]
    at = next((i for i in range(len(words) - 1, 1, -1)
               if words[i].form == "중" and words[i].tag == "NNB"), None)
    if at is None or words[at - 1].tag != "ETM" or words[at - 1].form != "는":
        return False
    verb = words[at - 2]
    searched = verb.form if verb.tag == "VV" else None
    if verb.tag == "XSV" and at >= 3:  # 검색하, 구상하
        searched = words[at - 3].form + verb.form
    if searched not in _SEARCHING:
        return False
    before, after = words[:at - 2] if verb.tag == "VV" else words[:at - 3], words[at + 1:]
    if any(t.tag.startswith(("V", "XS", "E")) for t in before) \
            or any(t.form in _LIFE_SEARCHED for t in before):
        return False
    return all(t.tag in ("VCP", "EF", "EC", "JX", "IC") for t in after)
