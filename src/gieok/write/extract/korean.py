"""Korean by morphology (W3/W5): a user's sentence → a clean third-person memory.

Kiwi (the analyser the full-text index already loads) finds the sentence's final predicate,
its tense and honorific endings, particles and negation. The memory keeps the whole sentence
(no truncation to the first clause), rewrites the speaker as 사용자 ("난" → "사용자는",
"내"/"제" → "사용자의", "우리 딸" → "사용자의 딸"), drops fillers, and puts the predicate in
the plain declarative form: "난 부산으로 이사했어" → "사용자는 부산으로 이사했다",
"메트포르민 먹어요" → "… 먹는다", "소라야" → "소라다". Only the last word is re-inflected
(``Kiwi.join``); everything before it is kept as the user wrote it, so a misanalysed word
can never garble the rest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from gieok.text.analysis import kiwi as _kiwi
from gieok.text.hangul import HANGUL

FAMILY_KO = ("남편|아내|와이프|부인|배우자|남자\\s?친구|여자\\s?친구|남친|여친|애인|약혼자|"
             "딸내미|딸래미|아들내미|아들래미|아들|딸|"
             "큰애|작은애|큰아이|작은아이|큰딸|작은딸|큰아들|작은아들|막둥이|"
             "아이|아기|애기|애|자녀|첫째|둘째|셋째|막내|형님|형수님|형수|형|오빠|누나|언니|동생|남동생|여동생|"
             # the honorific forms of in-laws and parents ("시아버님", "친정엄마")
             "시아버님|시어머님|친정엄마|친정아빠|친정어머니|친정아버지|시할머니|시할아버지|엄마|"
             "어머니|어머님|아빠|아버지|아버님|부모님|시부모님|할머니|할머님|할아버지|할아버님|시어머니|시아버지|장모님|장인어른|손주|"
             "손자|손녀|조카|쌍둥이|가족|"
             "이모|고모|삼촌|외삼촌|큰아버지|작은아버지|큰엄마|작은엄마|숙모|이모부|고모부|사촌|외할머니|외할아버지|친할머니|친할아버지|시댁|처가|시누이|시동생|처제|처형|형부|매형|제부|올케|며느리|사위|장모님|장인어른|장모|장인|새엄마|새아빠")
PETS_KO = ("고양이|냥이|강아지|개|반려견|반려묘|노견|노묘|유기견|유기묘|댕댕이|햄스터|토끼|앵무새|새|물고기|금붕어|"
           "거북이|고슴도치|도마뱀|페럿|기니피그|"
           # farm and less common pets: never food, a unit or a verb alone (not 닭, 오리, 돼지, 말, 소)
           "거위|랫트|래트|팬시랫|미니피그|당나귀|알파카|카멜레온|메추리|잉꼬|카나리아|문조|코뉴어|앵무|"
           # reptiles and small mammals kept in a tank or a cage, said by their kind
           "크레스티드\\s?게코|레오파드\\s?게코|게코|이구아나|볼\\s?파이톤|비어디\\s?드래곤|친칠라|슈가\\s?글라이더|저빌|"
           # breeds, said in place of "dog"/"cat" ("비숑 한 마리 데려왔어")
           "비숑|푸들|말티즈|말티푸|포메라니안|포메|시츄|치와와|웰시코기|진돗개|시바견|골든\\s?리트리버|"
           "리트리버|닥스훈트|비글|슈나우저|코숏|러시안\\s?블루|페르시안|먼치킨|스코티시\\s?폴드|랙돌|뱅갈")
# a relative's own honorific word ("아버님", "시어머님", "장모님"): no one else's title
KIN_NIM = "|".join(w for w in FAMILY_KO.split("|") if w.endswith("님"))
# the relatives a Korean speaker honours with -시- (parents, grandparents, in-laws, aunts and
# uncles, an elder brother-in-law): who a sentence that honours its subject is about
ELDERS = re.compile(
    r"엄마|어머니|어머님|아빠|아버지|아버님|부모님|시부모님|할머니|할머님|할아버지|할아버님|"
    r"시어머니|시아버지|시어머님|시아버님|친정엄마|친정아빠|친정어머니|친정아버지|시할머니|"
    r"시할아버지|장모님|장인어른|장모|장인|이모|고모|삼촌|외삼촌|큰아버지|작은아버지|큰엄마|"
    r"작은엄마|숙모|이모부|고모부|외할머니|외할아버지|친할머니|친할아버지|새엄마|새아빠|형님|"
    r"형수님|(?i:mom|mum|mother|dad|father|parents|grandma|grandmother|grandpa|grandfather|"
    r"granny|grandad|(?:mother|father)-in-law|in-laws|aunt|uncle)")
_VERBAL = ("VV", "VA", "VX", "VCP", "VCN", "XSV", "XSA", "VV-R", "VV-I", "VA-R", "VA-I")
# "시작했어, 듀오링고로 매일 15분씩": before a comma Kiwi reads the casual sentence end as a
# connective ending; with no predicate after the comma, what follows is an afterthought
_CLOSING_EC = frozenset({"어", "아", "여", "야", "지"})
_LEADING = re.compile(
    r"^(?:(?:아\s?(?:맞다|참)|아|음|헐|오|와|흠|근데|그런데|그리고|그래서|아무튼|암튼|참고로|일단|사실|"
    r"네|응|어|저기|그냥|ㅋ+|ㅎ+|ㅇ[ㅇㅋ]+|"
    # a sigh, and an English aside typed before Korean ("하 오늘 …", "btw 나 다음주부터 …")
    r"하|하아|휴|후|에휴|어휴|아휴|(?i:btw|fyi|ps|p\.s\.))[\s,.~!]+|"
    # a greeting before the news ("오랜만이에요, 저 이사했어요"): never part of the memory
    r"(?:오랜만(?:이에요|이네요|이야|입니다)|반가워요?|반갑습니다)[\s,.~!]+|"
    # a label before the news ("기쁜 소식!", "TMI:", "자기소개:", "근황 공유:")
    r"(?:(?:기쁜|좋은|슬픈|대박|큰|깜짝)\s?)?소식(?:\s?(?:이\s?)?있어요?)?\s?[!:,.~]+\s*|"
    r"(?:TMI|tmi|자기\s?소개|근황(?:\s?공유)?|공지)\s?[!:,.~]+\s*)+")
_TRAILING = re.compile(r"[\s.!~?…]*(?:ㅋ+|ㅎ+|ㅠ+|ㅜ+|\^\^|;+|:\)|ㅡㅡ)*[\s.!~?…]*$")
_FIRST = [
    (re.compile(r"(?<![가-힣])(?:나는|난|저는|전)(?=\s|$)"), "사용자는"),
    (re.compile(r"(?<![가-힣])(?:내가|제가)(?=\s|$)"), "사용자가"),
    # ("어느 날", "그 날", "비 오는 날": 날 after a determiner or a clause is the day, not "me")
    (re.compile(r"(?<![가-힣])(?:나를|저를)(?=\s|$)|(?<![가-힣])(?<!어느\s)(?<!그\s)(?<!이\s)"
                r"(?<!그런\s)(?<!다음\s)(?<!하루\s)(?<!오는\s)(?<!가는\s)(?<!쉬는\s)(?<!좋은\s)"
                r"(?<!추운\s)(?<!더운\s)날(?=\s|$)"), "사용자를"),
    (re.compile(r"(?<![가-힣])(?:나도|저도)(?=\s|$)"), "사용자도"),
    (re.compile(r"(?<![가-힣])(?:나랑|저랑)(?=\s|$)"), "사용자와"),
    (re.compile(r"(?<![가-힣])(?:나의|저의|내|제|우리|저희|울)(?=\s)"), "사용자의"),
    (re.compile(r"^(?:나|저)\s"), "사용자는 "),
]


@dataclass(frozen=True)
class Token:
    form: str
    tag: str
    start: int
    end: int


def unfilled(text: str) -> str:
    """The sentence without the fillers, conjunctions and greetings said before it ("아 그리고
    저 …" → "저 …", and "저 그리고 …" → "저 …"): what every Korean memory drops before it
    is said."""
    return _FILLER_AFTER_ME.sub(r"\1", _LEADING.sub("", text.strip()))


# a conjunction said right after the speaker ("저 그리고 매주 목요일엔 …"): a filler too
_FILLER_AFTER_ME = re.compile(r"^((?:저|나|전|난|저는|나는|제가|내가)\s)(?:그리고|근데|그런데|아무튼|"
                              r"암튼|참고로|아\s참)\s+(?!싶|있)")


def tokens(text: str) -> list[Token]:
    """Kiwi's best analysis, skipping candidates whose final predicate is a lone auxiliary
    (Kiwi sometimes reads "마셔요" as 말/VX+시/EP). Cached: the discourse, keep-or-drop,
    subject and normalisation steps each read the same sentence."""
    return list(_analysed(text))


@lru_cache(maxsize=2048)
def _analysed(text: str) -> tuple[Token, ...]:
    return tuple(_analyse(text))


def _analyse(text: str) -> list[Token]:
    kiwi: Any = _kiwi()
    found = [([Token(t.form, t.tag, t.start, t.start + t.len) for t in result], score)
             for result, score in kiwi.analyze(text, top_n=4)]
    if not found:
        return []
    usable = [f for f in found if not _lone_auxiliary(f[0])] or found[:1]
    best = usable[0][0]
    if not any(t.tag.startswith(_VERBAL) for t in best):
        # a chat sentence read without any predicate ("hiking 가요" as 가요/NNG, "songs"):
        # a close reading that has one is the statement the user made
        top = found[0][1]
        best = next((toks for toks, score in usable
                     if top - score <= PREDICATE_MARGIN
                     and any(t.tag.startswith(_VERBAL) for t in toks)), best)
    if _SOFT_END.search(text) and not _ends_sentence(best):
        # "도마뱀 키우는데요 ㅎㅎ": at the end, -는데요 is a polite statement ending, which Kiwi
        # may read as 는/ETM + 데/NNB ("the place where …"); a close reading that ends the
        # sentence there is what was said
        top = found[0][1]
        best = next((toks for toks, score in usable
                     if top - score <= PREDICATE_MARGIN and _ends_sentence(toks)), best)
    return best


_SOFT_END = re.compile(r"[는은ᆫ]?데요[\s.!~ㅋㅎ^]*$")


def _ends_sentence(toks: list[Token]) -> bool:
    last = next((t for t in reversed(toks) if not t.tag.startswith("S")), None)
    return last is not None and last.tag == "EF"


# a third person the sentence starts with; coreference rewrites it when it knows who it is
_SOMEONE = re.compile(r"^(?:걔|얘|쟤|그\s?애|그\s?사람|그분|그녀|그\s?녀석)(?:가|는|도|를|랑|한테|이)?\s")
PREDICATE_MARGIN = 6.0  # log-probability Kiwi may lose for a reading with a predicate


def _finite(toks: list[Token]) -> bool:
    """A predicate that ends a clause of its own — not one that only modifies a noun ("2021년에
    산 M1 Pro", "Cosequin이라는 거") or says a purpose ("사랑니 뽑으러")."""
    for i, t in enumerate(toks):
        if t.tag not in _VERBAL:
            continue
        after = next((u for u in toks[i + 1:] if u.tag != "EP"), None)
        if after is None or not (after.tag == "ETM" or after.tag in _VERBAL or (
                after.tag == "EC" and after.form in _PURPOSE_EC)):
            return True
    return False


_PURPOSE_EC = frozenset({"러", "으러", "려고", "으려고"})


def _lone_auxiliary(toks: list[Token]) -> bool:
    stem = _stem_index(toks)
    return stem is not None and toks[stem].tag == "VX" and not (
        stem > 0 and toks[stem - 1].tag == "EC")


def _stem_index(toks: list[Token]) -> int | None:
    ef = next((i for i in range(len(toks) - 1, -1, -1) if toks[i].tag == "EF"), None)
    end = ef if ef is not None else len(toks)
    return next((i for i in range(end - 1, -1, -1) if toks[i].tag in _VERBAL), None)


def is_question(toks: list[Token]) -> bool:
    return any(t.tag == "SF" and t.form in "?？" for t in toks)


def negated(toks: list[Token]) -> bool:
    return any((t.form in ("안", "못") and t.tag == "MAG") or (t.form == "않" and t.tag == "VX")
               or (t.form == "지" and t.tag == "EC" and i + 1 < len(toks)
                   and toks[i + 1].form in ("않", "못", "말"))
               for i, t in enumerate(toks))


def has_batchim(word: str) -> bool:
    # a closing quote or bracket is not the word's sound: "'마지막 탄광'" ends in 광
    word = word.rstrip("'\"’”」』)]>」 ")
    last = word[-1:] if word else ""
    if not HANGUL.match(last):
        return bool(re.match(r"[0-9lmnr]", last.lower())) and last not in "2459"
    return (ord(last) - 0xAC00) % 28 != 0


# verbs of a state, not an event: their reason clause stays in the present ("좋아해서")
_STATIVE = frozenset("좋아하 싫어하 사랑하 살 다니 일하 원하 알 모르 믿 닮 생각하 걱정하".split())


# a cut-off reason clause that says when or how often ("다음 주에 수술하셔서", "요즘 야근해서",
# "주말마다 등산 다녀서"): its event is ahead or a habit, not one that happened
_NOT_DONE = re.compile(r"다음|내일|모레|곧|이따|나중|예정|앞으로|요즘|요새|매일|매주|매달|마다|항상|늘|자주|"
                       r"맨날|주\s?\d|하루\s?\d|[가-힣]*려고|(?:ㄹ|을|할)\s?거")


def _done(text: str) -> bool:
    """A reason clause cut off after -아서/-어서 and said on its own, after what it explains
    ("시어머니가 같이 사시게 됐어요 무릎 수술하셔서"): the clause has no tense of its own, and
    an event given as the cause of what was said has happened (수술하셨다, not 수술하신다) —
    unless the clause says it is ahead or a habit (``_NOT_DONE``). A verb of a state keeps
    the present (``_STATIVE``, adjectives: "허리가 아파서")."""
    return _NOT_DONE.search(text) is None


def _declarative(toks: list[Token], stem: int, end: int, user_subject: bool,
                 past_tense: bool = False) -> str:
    """The predicate word from ``stem`` to ``end`` re-inflected in the plain -다 form
    (``past_tense``: in the past, when the clause itself does not say its tense)."""
    kiwi: Any = _kiwi()
    head = toks[stem]
    eps = [t for t in toks[stem + 1:end] if t.tag == "EP"]
    if past_tense and not any(t.form[:1] in ("었", "았", "였", "ᆻ") for t in eps) \
            and head.tag.startswith(("VV", "XSV")) and head.form not in _STATIVE:
        eps = [*eps, Token("었", "EP", head.end, head.end)]  # (after 시: "수술하셨다")
    if user_subject:
        eps = [t for t in eps if t.form not in ("시", "으시")]
    elif end < len(toks) and toks[end].tag == "EF" and _HONOUR_EF.match(toks[end].form) \
            and head.tag.startswith(("VV", "VA", "XSV", "XSA")) \
            and not any(t.form in ("시", "으시") for t in eps):
        # "좋아하세요" (Kiwi: 좋아하/VV + 세요/EF): the honour fused into the ending is kept
        # for the elder it is about ("좋아하신다")
        eps = [Token("시", "EP", head.end, head.end), *eps]
    past = any(t.form[:1] in ("었", "았", "였", "ᆻ") for t in eps)  # also "었었" (had done)
    if past or head.tag.startswith(("VA", "VCP", "VCN", "XSA")) or head.form in ("있", "없", "계"):
        ending = "다"
    else:
        last = head.form[-1]
        jong = (ord(last) - 0xAC00) % 28 if HANGUL.match(last) else 0
        ending = "ᆫ다" if jong in (0, 8) else "는다"  # 8 = ㄹ: 살 → 산다
    if any(t.form == "시" or t.form == "으시" for t in eps) and ending == "는다":
        ending = "ᆫ다"
    # the irregular mark stays ("짓/VV-I" + 었 → "지었다", not "짓었다"); Kiwi joins by it
    parts = [(t.form, t.tag if t.tag.endswith(("-I", "-R")) else t.tag.split("-")[0])
             for t in toks[stem:end] if t.tag != "EP"]
    parts = parts[:1] + [(t.form, "EP") for t in eps] + parts[1:] + [(ending, "EF")]
    return str(kiwi.join(parts))


def to_memory(sentence: str, *, user_subject: bool = True, speaker: bool = True,
              after_past: bool = False) -> str | None:
    """The third-person memory for one Korean sentence, or None when it has no predicate.
    ``after_past``: the sentence goes on a past-tense statement ("가게 합정동으로 옮겼어.
    월세가 너무 올라서"): a reason clause cut off after -아서/-어서 has no tense of its own and
    takes that one ("월세가 너무 올랐다", not "오른다")."""
    aside = _ASIDE.search(sentence)
    if aside is not None and aside.start() > 0:
        # "나 이번 달부터 remote로 일해 (회사는 판교인데).": the bracket after the predicate is
        # an aside on it; the predicate is read without it and the aside kept as said
        said = to_memory(sentence[:aside.start()], user_subject=user_subject, speaker=speaker,
                         after_past=after_past)
        return f"{said} ({aside.group('aside').strip()})" if said else said
    out = _to_memory(sentence, user_subject=user_subject, speaker=speaker,
                     after_past=after_past)
    # "요양원에 계세요": 계시다 has no plain stem of its own (not "계다")
    return re.sub(r"(?<![가-힣])계다$", "계신다", out) if out else out


# a bracketed aside that ends the sentence, after its predicate
_ASIDE = re.compile(r"\s*\((?P<aside>[^()]{1,60})\)[\s.!~ㅋㅎㅠ]*$")


# the last word said as reported speech: "결핍이래요" (a copula), "먹는대", "좋대요", "갔대요"
# (a statement), "먹으래요", "끊으래" (an instruction)
_HEARSAY_END = re.compile(r"(?:래요|래|대요|대)$")
_SAID_EF = frozenset("대요 대 ᆫ대 ᆫ대요 는대 는대요".split())


def unreported(text: str) -> str:
    """The content of a sentence said as reported speech, in the plain form: the user passing
    on what a doctor or vet said ("비타민 A 결핍이래요" → "비타민 A 결핍이다", "매일 걷는대요"
    → "매일 걷는다", "하루 두 번 먹으래요" → "하루 두 번 먹어야 한다"). Whether someone
    else's words are worth keeping at all is decided before (a medical report is); this only
    says what was reported, never glues a plain ending onto the hearsay one ("먹으래한다")."""
    body = text.rstrip(" .!~")
    if _HEARSAY_END.search(body) is None:
        return text
    toks = tokens(body)
    if len(toks) > 1 and toks[-1].form == "요" and toks[-1].tag == "JX":
        toks = toks[:-1]
    if not toks:
        return text
    last = toks[-1]
    if last.tag == "EF" and last.form in _SAID_EF and len(toks) > 1:
        return _HEARSAY_END.sub("다", body)  # "한대요" → "한다", "좋대" → "좋다"
    if last.tag == "EF" and last.form in ("래", "래요") and len(toks) > 1:
        stem = toks[-2]
        if stem.tag == "VCP":
            noun = toks[-3] if len(toks) > 2 and toks[-3].end == stem.start else None
            probe = tokens(noun.form + "여요") if noun is not None and has_batchim(noun.form) \
                else []
            if not (probe and probe[0].tag == "VV" and probe[0].form == noun.form + "이"):
                return _HEARSAY_END.sub("다", body)  # "빈혈이래" → "빈혈이다"
            # Kiwi reads "줄이래" as 줄 + the copula; "줄여요" shows the verb 줄이다
            stem = Token(probe[0].form, "VV", noun.start, stem.end)
    elif len(toks) > 2 and toks[-3].form in ("으라고", "라고") and toks[-3].tag == "EC" \
            and toks[-2].form == "하" and re.search(r"으?래요?$", body):
        stem = toks[-4] if len(toks) > 3 else None  # Kiwi reads "먹으래" as 먹 + 으라고 하 + 어
    else:
        return text
    if stem is None or not stem.tag.startswith("VV"):
        return text
    told = str(_kiwi().join([(stem.form, "VV"), ("어야", "EC")])) + " 한다"
    return body[:stem.start] + told  # an instruction: what the user (or the pet) must do


# the sentence ends on a quoted word: "'깨'", "“Mine”", "「파묘」"
_QUOTED_LAST = re.compile("(?:'[^'\\s][^']{0,30}'|\"[^\"]{1,30}\"|[‘“「『][^’”」』]{1,30}[’”」』])$")


def _to_memory(sentence: str, *, user_subject: bool = True, speaker: bool = True,
               after_past: bool = False) -> str | None:
    text = unreported(_TRAILING.sub("", unfilled(sentence)).strip())
    if not text or _SOMEONE.match(text):
        return None  # "걔 다음달에 결혼해" with no one named before: not the user, and not known
    toks = tokens(text)
    tail = next((i for i, t in enumerate(toks[:-1])
                 if (t.tag == "EF" or (t.tag == "EC" and t.form.endswith("요"))
                     or (t.tag == "EC" and t.form in _CLOSING_EC
                         and not _finite(toks[i + 2:])))
                 and toks[i + 1].form in (",", "…")
                 and not any(u.tag == "EF" for u in toks[i + 2:])),
                None)
    # "… hiking 가요, 북한산으로": an afterthought after the predicate, also after a pause
    # ("commute 너무 길어… 일산에서 강남까지 1시간 반": the words after "…" say how long)
    if tail is not None:
        head = _to_memory(text[:toks[tail].end], user_subject=user_subject, speaker=speaker)
        rest = text[toks[tail + 1].end:].strip()
        return f"{head}, {rest}" if head and rest else head
    if len(toks) > 1 and toks[-1].form == "요" and toks[-1].tag == "JX":
        text = text[: toks[-1].start].rstrip()
        toks = toks[:-1]
    if toks and (toks[-1].tag == "JKV" or (toks[-1].form in ("야", "이야")
                                           and toks[-1].tag.startswith("J"))
                 or (toks[-1].tag in ("NNG", "NNP") and toks[-1].form.endswith("야")
                     and len(toks[-1].form) > 1)):
        cut = toks[-1].start if toks[-1].tag.startswith("J") else toks[-1].end - 1
        noun = text[:cut].rstrip()
        if noun.endswith("이") and toks[-1].tag.startswith("N"):
            noun = noun[:-1]
        body = noun + ("이다" if has_batchim(noun) else "다")
        return third_person(body) if speaker else body
    if _QUOTED_LAST.search(text):
        # "아기 고양이 '깨'": a quoted last word is a name or a title, never a verb to conjugate
        body = text + ("이다" if has_batchim(text) else "다")
        return third_person(body) if speaker else body
    stem = _stem_index(toks)
    ef = next((i for i in range(len(toks) - 1, -1, -1) if toks[i].tag == "EF"), None)
    if stem is None or (ef is None and toks[-1].tag not in ("EC",)):
        if toks and toks[-1].tag in ("NNG", "NNP", "NNB", "SN", "SL", "NR"):
            body = text + ("이다" if has_batchim(text) else "다")
        else:
            return None
    else:
        word_start = text.rfind(" ", 0, toks[stem].start) + 1
        first = next(i for i, t in enumerate(toks) if t.end > word_start)
        end = ef if ef is not None else len(toks)
        reason = False
        if ef is None and toks[end - 1].tag == "EC" and toks[end - 1].form not in ("려고", "으려고") \
                and end - 1 > stem:
            reason = toks[end - 1].form in ("어서", "아서", "여서", "서")
            if reason and after_past and toks[stem].tag.startswith(("VA", "XSA")):
                # "헬스 끊었어 너무 바빠서": a state given as the reason for what was done is
                # neither current ("바쁘다") nor surely over ("바빴다"): kept as said
                return third_person(text) if speaker else " ".join(text.split())
            end -= 1  # "좋아해서" (a clause cut off) → "좋아한다"
        if ef is None and toks[end - 1].form in ("려고", "으려고"):
            body = text[: toks[end - 1].end] + " 한다"
        else:
            others = _names_subject(text) or re.search(FAMILY_KO, text[:word_start])
            rest = _declarative(toks, stem, end, user_subject and not others,
                                past_tense=reason and (after_past or _done(text)))
            head = text[toks[first].start: toks[stem].start]
            if toks[stem].tag == "VCP" and rest.startswith("이") and head \
                    and not has_batchim(head):
                # "초코이다" → "초코다", "간호사이었다" → "간호사였다": the copula after a vowel
                rest = "였" + rest[2:] if rest.startswith("이었") else rest[1:]
            body = text[:word_start] + head + rest
    return third_person(body) if speaker else " ".join(body.split())


_AFTER_CONSONANT = {"가": "이", "는": "은", "를": "을", "랑": "이랑", "와": "과"}
# "우리 이제 원주 살아", "저희 다음 달에 결혼해요": "we" before an adverb or a time word is the
# subject (the user and their household), not "our" before a noun ("우리 집", "우리 딸")
_WE_SUBJECT = re.compile(r"^(?:우리|저희|울)\s+")
_WE_THEN = re.compile(r"(?:이제|요즘|지금|드디어|이번에|다음\s?(?:주|달|해)|지난\s?(?:주|달|해)|작년|"
                      r"올해|내년|재작년|곧|벌써|아직|원래|다시|결국|방금|얼마\s?전|최근|어제|오늘|"
                      r"내일|주말)(?=\s|에|부터|$)")


def _we_are_the_subject(text: str) -> bool:
    """The sentence opens on "우리/저희" said as "we": a time word or adverb follows it."""
    we = _WE_SUBJECT.match(text)
    if we is None:
        return False
    rest = text[we.end():]
    if _WE_THEN.match(rest):
        return True
    first = next((t for t in tokens(rest) if t.start == 0), None)
    return first is not None and first.tag == "MAG" and not re.match(r"(?:좀|잘|다|너무|진짜|정말)\s", rest)



def third_person(text: str) -> str:
    """"난 …" → "사용자는 …"; adds "사용자는" when the sentence names no subject."""
    # "전 부치는 거" (煎, Kiwi: 전/NNG) is food, not "저는"
    food = {t.start for t in tokens(text) if t.form == "전" and t.tag == "NNG"} \
        if re.search(r"(?<![가-힣])전(?=\s)", text) else set()
    out = _WE_SUBJECT.sub("사용자는 ", text) if _we_are_the_subject(text) else text
    for pattern, repl in _FIRST:
        out = pattern.sub(lambda m, r=repl: m.group(0) if m.start() in food else r, out)
        food = set()  # (only the first pattern, "전", reads the text as Kiwi did)
    out = re.sub(r"사용자의\s+사용자의", "사용자의", out)
    # "딸내미가" → "딸이": the plain word, its particle after a final consonant
    out = re.sub(r"(?<![가-힣])(딸|아들)(?:내미|래미)(가|는|를|랑|와|도|의|한테|에게)?(?=\s|$)",
                 lambda m: m.group(1) + _AFTER_CONSONANT.get(m.group(2) or "", m.group(2) or ""),
                 out)
    if re.match(rf"^(?:{FAMILY_KO}|{PETS_KO})(?:이|가)\s(?:.*\s)?(?:있|없)다$", out):
        out = "사용자는 " + out  # "아이가 있어요": the user has a child
    out = re.sub(rf"^((?:{FAMILY_KO}|{PETS_KO})(?=(?:이|가|은|는|께서|도)\s|\s[가-힣A-Za-z]+"
                 r"(?:이|가|은|는)\s))", r"사용자의 \1", out)
    if "사용자" not in out and not _names_subject(out):
        out = ("사용자의 " if _owned_topic(out) else "사용자는 ") + out
    return " ".join(out.split())


# a topic that is a time, not a thing of the user's ("요즘은 …", "오늘은 쉬는 날이다")
_TIME_TOPIC = re.compile(r"^(?:오늘|내일|어제|모레|요즘|요새|지금|이번|이번\s?주|주말|평일|아침|점심|저녁|밤|"
                         r"새벽|올해|작년|내년|최근|당분간|앞으로|원래|보통|평소|여기|거기|이제)$")
_TOPIC = re.compile(r"^(?P<noun>[가-힣A-Za-z]{1,8})(?:은|는)\s")


def _owned_topic(text: str) -> bool:
    """"생일은 6월 3일이다", "차는 2015년식 아반떼다", "고향은 대구다": a topic that is a thing or
    attribute of the speaker's, said to BE something (a copula after a noun) — the memory is
    "사용자의 생일은 …", not "사용자는 생일은 …" (the lead's trial, session 21). Not a time
    ("오늘은 쉬는 날이다"), nor a topic an action is done to ("커피는 안 마신다": "사용자는")."""
    topic = _TOPIC.match(text)
    if topic is None or _TIME_TOPIC.match(topic.group("noun")):
        return False
    from gieok.write.extract.discourse_subject import final_predicate

    last = [t for t in final_predicate(tokens(text)) if t.tag != "EF"]
    return bool(last) and last[-1].tag == "VCP" and len(last) > 1 \
        and last[-2].tag.startswith(("NN", "SN", "SL", "XSN", "NR"))


_SUBJECT = re.compile(
    rf"(?:^|\s)(?:{FAMILY_KO}|{PETS_KO}|[가-힣A-Za-z]+(?:씨|님))\s?(?:[가-힣A-Za-z]+)?(?:이|가|은|는|께서)"
    r"(?=\s)|^[A-Z][a-z]+(?:가|는|이|은)?\s")


def _names_subject(text: str) -> bool:
    return _SUBJECT.search(text) is not None


# "이사했어! 이제 성수동이야": a move said alone, then where the user is now by the copula —
# together a move to that place ("성수동으로 이사했어"), which the residence rule reads
_MOVE_ALONE = re.compile(r"^(?:(?:우리|저희|나|저|난|전)\s)?(?:(?:드디어|이번에|얼마\s?전에|지난\s?주에|"
                         r"지난\s?달에)\s)?이사\s?(?:했|왔|완료)[가-힣]*[\s!.~ㅋㅎ]*$")
_NOW_AT = re.compile(r"^(?:이제|지금은?|이젠)\s*(?P<x>[가-힣A-Za-z0-9 ]{2,20}?)\s*(?:이야|야|예요|이에요|"
                     r"임|입니다|이다)[\s.!~ㅋㅎ]*$")


def moved_where(previous: str, sentence: str) -> str | None:
    """The move to the place ``sentence`` names when ``previous`` only says the user moved
    (see ``_MOVE_ALONE``); None otherwise."""
    if _MOVE_ALONE.match(previous.strip()) is None:
        return None
    where = _NOW_AT.match(sentence.strip())
    if where is None:
        return None
    place = where.group("x").strip()
    last = [t for t in tokens(place.split()[-1]) if t.tag != "SF"]
    # a place: a proper noun or a word with a district's suffix, never "끝", "혼자", "2시"
    if not (len(last) == 1 and (last[0].tag == "NNP" or (
            last[0].tag == "NNG" and re.search(r"..(?:동|구|시|군|읍|면|리|역)$", last[0].form)))):
        return None
    final = (ord(place[-1]) - 0xAC00) % 28 if "\uac00" <= place[-1] <= "\ud7a3" else 0
    return f"{place}{'으로' if final not in (0, 8) else '로'} 이사했어"


def honorific(text: str) -> bool:
    """A verb in the sentence honours its subject ("아스피린 매일 드셔", "산책하셔"): not the
    user, who does not honour themselves — the elder just talked about."""
    toks = tokens(text)
    return any(_honours(toks, i) for i in range(len(toks)))


def honours_subject(text: str) -> bool:
    """The sentence's own predicate — its last one — honours its subject ("등산 엄청
    좋아하심", "올해 칠순이시고 순천에 사셔", "요양원에 계세요"): the sentence is about an
    elder, never the user. Not when the honour goes to the listener: a request or a question
    put to the assistant ("이거 좀 해주세요", "봐주실래요", "어제 가셨어요?"), a greeting
    ("수고하세요"); nor when only an earlier clause honours someone ("시어머니가 당뇨가
    있으셔서 저녁은 싱겁게 해요": the cooking is the user's)."""
    toks = tokens(text)
    if is_question(toks):
        return False
    last = next((i for i in range(len(toks) - 1, -1, -1) if toks[i].tag == "EF"), None)
    if last is None:
        last = next((i for i in range(len(toks) - 1, -1, -1) if toks[i].tag == "EC"), None)
    if last is None:
        return False
    word_start = text.rfind(" ", 0, toks[last].start) + 1
    first = next(i for i, t in enumerate(toks) if t.end > word_start)
    if toks[first].tag == "NNB" and first > 0:  # "좋아하실 거예요": the word before it
        word_start = text.rfind(" ", 0, toks[first - 1].start) + 1
        first = next(i for i, t in enumerate(toks) if t.end > word_start)
    if any(t.tag == "VX" and t.form in ("주", "보") for t in toks[first:last]):
        return False  # "드셔보세요", "가져다 주세요": asked of the listener
    return any(_honours(toks, i) for i in range(first, last + 1))


# the honorific 시 as Kiwi reads it: its own EP ("좋아하/VV 시/EP ᆷ/EF"), fused into the
# ending ("좋아하/VV 세요/EF", "있/VA 으십니다"), or a verb of its own ("드시", "계시"; Kiwi
# reads "계세요" and "주무세요" as a noun + 이/VCP + 세요/EF)
_HONOUR_EP = frozenset({"시", "으시", "셨", "으셨"})
_HONOUR_EF = re.compile(r"^(?:으)?(?:세|셔|셨|십|심|신)")
_HONOUR_VERBS = frozenset({"드시", "계시", "주무시", "잡수시", "돌아가시", "드세"})
# "안녕하세요", "수고하세요": a greeting or thanks honours the listener
_FORMULA = frozenset({"안녕하", "수고하", "감사하", "고생하", "축하하"})
# humble verbs: the user doing something for or to an elder ("사드렸어", "모시고", "여쭤봤어")
_HUMBLE = frozenset({"드리", "모시", "여쭈", "여쭙", "뵙", "뵈"})


def _honours(toks: list[Token], i: int) -> bool:
    t = toks[i]
    if t.tag.startswith(("VV", "VA", "VX")) and t.form in _HONOUR_VERBS:  # "하고 계셔"
        return True
    fused = t.tag == "EF" and _HONOUR_EF.match(t.form) is not None
    if not ((t.tag == "EP" and t.form in _HONOUR_EP) or fused) or i == 0:
        return False
    stem = next((toks[j] for j in range(i - 1, -1, -1) if toks[j].tag != "EP"), toks[i - 1])
    if stem.form in ("주", "보") and stem.tag in ("VX", "VV"):
        return False  # "해주세요", "봐주실래요", "드셔보세요": asked of the listener
    if stem.form in _FORMULA or (stem.tag in ("XSA", "XSV") and i > 1
                                 and toks[i - 2].form + stem.form in _FORMULA):
        return False
    return stem.tag.startswith(_VERBAL) or stem.tag == "NNG" and fused


def humble(text: str) -> bool:
    """A humble verb: the user does something for or to an elder ("작년에 스틱 사드렸어",
    "제가 병원에 모시고 가요", "선생님께 여쭤봤어요") — the sentence is still about them."""
    return any(t.form in _HUMBLE and t.tag.startswith(("VV", "VX")) for t in tokens(text))


def medical_said(text: str) -> bool:
    """A medical report or a dose with something done ("병원 다녀왔는데 …", "하루 한 번 연고
    바르래요"); a bare "하루에 한 번" adds to the sentence before and says nothing alone."""
    from gieok.write.extract.health import medical_report

    return (medical_report(text) or re.search(r"병원|수의사|진료|진단", text) is not None) \
        and any(t.tag.startswith("VV") for t in tokens(text))
