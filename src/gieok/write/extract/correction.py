"""A correction of what the user just said (W3/W6): "my dentist appointment is on Monday the
8th" … "actually it's Tuesday the 9th, sorry" → "my dentist appointment is on Tuesday the 9th".

People fix a slip in the next breath: "wait no, I mean Kakao Pay", "oops, March 13, not 3",
"아 아니다 6살이네". The correction alone says nothing a rule can read (a date, a name, a
number), and the wrong value, left alone, would stay a memory. ``corrected(prior, sentence)``
puts the new value into the sentence it corrects — a value of the same kind (a weekday and
its date, a month and day, a time, an age or count, a name) replaces the first one there —
and says which old value it replaces, so reconciliation retires the memory that states it.
Pure; only sentences that open with a correction marker are read (anything else gives None).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.timeexpr import MONTH_NAMES

_MARKER_EN = re.compile(
    r"^(?:(?:oh|ah|um+|uh+|hmm+|ugh|sorry)[,\s]+)*(?:actually|wait(?:\s+no)?|no\s+wait|oops|whoops|"
    r"my\s+bad|correction|scratch\s+that|i\s+mean|i\s+meant|sorry,?\s+i\s+meant?)\b[,:!.\s-]*"
    r"(?:(?:no|sorry|i\s+mean|i\s+meant|it['’]?s|it\s+is|that['’]?s|make\s+that)\b[,:!.\s-]*)*",
    re.IGNORECASE)
_MARKER_KO = re.compile(
    r"^(?:(?:아|어|앗|헐|음)[,\s]+)*(?:아니다|아니야|아니지|아니|잠깐(?:만)?|정정(?:할게|합니다)?|"
    r"잘못\s?말했(?:네|다|어|어요)?|아\s?맞다)[,.!~\s]+(?:(?:그게\s?아니라|그러니까|아니)[,\s]+)*")
# "X, not Y" / "Y 말고 X" / "not Y but X": the old value said outright
_NOT_EN = re.compile(r"^(?P<new>.+?),?\s+not\s+(?P<old>[^,.!?]+?)[\s,.!?]*(?:sorry|lol)?[\s.!?]*$",
                     re.IGNORECASE)
_NOT_KO = re.compile(r"^(?P<old>\S+?)\s?(?:말고|아니고|아니라)\s+(?P<new>.+)$")

_WEEKDAYS = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?"
_MONTHS = rf"(?:{MONTH_NAMES})"
_ORDINAL = r"\d{1,2}(?:st|nd|rd|th)?"
# Kinds of value, most specific first; each is what a correction can swap for another of its kind.
_KINDS: list[tuple[str, re.Pattern[str]]] = [
    ("weekday", re.compile(rf"\b{_WEEKDAYS}\b(?:,?\s+(?:the\s+)?{_ORDINAL}\b)?", re.IGNORECASE)),
    ("date", re.compile(rf"\b{_MONTHS}\.?\s+{_ORDINAL}\b|\b{_ORDINAL}\s+of\s+{_MONTHS}\b|"
                        r"\d{1,2}월\s?\d{1,2}일", re.IGNORECASE)),
    ("time", re.compile(r"\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b|\b\d{1,2}:\d{2}\b|"
                        r"(?:오전|오후|아침|저녁|밤)?\s?\d{1,2}시(?:\s?반|\s?\d{1,2}분)?",
                        re.IGNORECASE)),
    ("weekday_ko", re.compile(r"[월화수목금토일]요일")),
    # a day of the month said alone ("아 아니다 16일이다" after "다음 달 15일에 …"), not a span
    # ("3일 동안", "3일간", "3일째")
    ("day_ko", re.compile(r"(?<![\d.])\d{1,2}일(?!\s?(?:동안|간|째|치|분))")),
    ("count", re.compile(r"\d+\s?(?:살|세|개월|년|명|마리|층|호|kg|km|years?\s+old|yo)|"
                         r"\b\d+(?:st|nd|rd|th)\b|\b\d+\b", re.IGNORECASE)),
    ("name", re.compile(r"\b[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*")),
]


# ("I've started eating fish again" after "Jo and I broke up": a clause, and "I've" no name —
# read as one, it replaced "Jo" in the breakup memory: the lead's trial, session 21)
_EN_CLAUSE = re.compile(r"\b(?:is|are|was|were|has|have|had|does|do|did|will|lives?|works?)\b"
                        r"|^(?:i|we|you|they|he|she)['’](?:ve|d|ll)\b", re.IGNORECASE)
_CALENDAR = re.compile(rf"(?:{_WEEKDAYS}|{_MONTHS})\b", re.IGNORECASE)
_NOT_NAMES = frozenset("I I'm I've I'd I'll My The We We've Our It This That A An So And But Oh Ok OK "
                       "Actually".split())


@dataclass(frozen=True)
class Correction:
    """The corrected sentence and the value it no longer states."""

    sentence: str
    old: str


def corrected(prior: str, sentence: str) -> Correction | None:
    """``prior`` with the value ``sentence`` corrects put in, or None when ``sentence`` is
    not a correction of it."""
    text = sentence.strip()
    marker = _MARKER_KO.match(text) or _MARKER_EN.match(text)
    if marker is None:
        return None
    rest = text[marker.end():].strip(" ,.!~")
    rest = re.sub(r"[\s,.!~]*(?:sorry|lol|ㅋ+|ㅎ+|ㅠ+)[\s.!~]*$", "", rest, flags=re.IGNORECASE)
    if not rest or (not _HANGUL.search(rest) and _EN_CLAUSE.search(rest.split(",")[0])):
        return None  # "Oh sorry, Pepper is my border collie": a statement of its own
    old_said = None
    m = _NOT_EN.match(rest) or _NOT_KO.match(rest)
    if m is not None:
        rest, old_said = m.group("new").strip(), m.group("old").strip()
    for kind, pattern in _KINDS:
        new = pattern.search(rest)
        if new is None:
            continue
        olds = [o for o in pattern.finditer(prior) if o.group(0).strip() != new.group(0).strip()
                and o.group(0) not in _NOT_NAMES
                and not (kind == "name" and _CALENDAR.match(o.group(0)))]
        if old_said is not None:  # the value said wrong, said outright: the one it corrects
            said = _said_value(old_said)
            olds = [o for o in olds if said in o.group(0).casefold()
                    or o.group(0).casefold() in said] or ([] if re.search(r"\d", said) else olds)
        if not olds:
            continue
        old = olds[0]
        value = _without_ending(new.group(0).strip())
        fixed = prior[:old.start()] + value + prior[old.end():]
        return Correction(sentence=fixed, old=old.group(0).strip())
    return None


def _said_value(old: str) -> str:
    """The wrong value as said before "아니라"/"not", without its particle ("37살이" → "37살"):
    a number said wrong corrects only a value with that number — "37살이 아니라 38살" is no
    correction of "호텔 프런트 8년 했어"."""
    return re.sub(r"(?<=[0-9살세년개월명])(?:이|가|은|는)$", "", old.casefold())


def _without_ending(value: str) -> str:
    """"6살이네" → "6살": the value without the sentence ending said after it."""
    return re.sub(r"(?<=[0-9살세])(?:이네|이야|이에요|네요|이요|야|요|네)$", "", value)


# -- a correction of a value said in an earlier conversation -------------------------------------
# "correction from last time, it's Medford not Somerville", "I said Somerville last time but
# it's Medford", "저번에 하남이라고 했는데 잘못 말했어요, 남양주 다산이에요": the value said
# before and the one that holds. What is stored naming the old value is rewritten with the new
# one (reconciliation's rename), so no wrong value stays current beside the right one.
_VALUE_EN = r"(?-i:[A-Z0-9][\w&.'’-]*(?:\s+(?-i:[A-Z0-9])[\w&.'’-]*){0,3})"
_EARLIER_EN = [re.compile(p, re.IGNORECASE) for p in (
    rf"^(?:(?:oh|ah|um+|sorry|wait|oops)[,\s]+)*(?:correction|a\s+correction|to\s+correct\s+myself|i\s+misspoke|"
    rf"i\s+got\s+(?:it|that)\s+wrong|i\s+(?:typed|spelled|wrote|said)\s+(?:it|that|this)\s+wrong)\b[^,.!?]*[,:\s-]+(?:it['’]s|it\s+is|i\s+meant?|that\s+should\s+be)\s+"
    rf"(?:actually\s+)?(?:the\s+)?(?P<new>{_VALUE_EN}),?\s+not\s+(?:the\s+)?(?P<old>{_VALUE_EN})\b",
    # "sorry, her name is Juniper, not June", "oops, the party is at 7, not 6": an apology
    # for a slip, then the value that holds and the one said before
    rf"^(?:(?:oh|ah|um+)[,\s]+)*(?:sorry|oops|whoops|my\s+bad|my\s+mistake)\b[,!.\s]+[^.!?]{{0,40}}?"
    rf"\b(?:is|are|it['’]s|that['’]s)\s+(?:actually\s+)?(?P<new>{_VALUE_EN}),?\s+not\s+"
    rf"(?P<old>{_VALUE_EN})\s*(?:[.!?,]|$)",
    rf"\bi\s+(?:said|told\s+you)\s+(?P<old>{_VALUE_EN})\s+(?:last\s+time|before|earlier|the\s+other\s+day)"
    rf"\b[^.!?]*?\b(?:but|,)\s*(?:it['’]s|it\s+is|i\s+meant?)\s+(?:actually\s+)?(?P<new>{_VALUE_EN})\b",
)]
_EARLIER_KO = re.compile(
    r"(?P<old>[가-힣A-Za-z0-9]{1,12}?)(?:이)?라고\s?(?:했|말했|한|말씀드렸|적었)[^,.!?]{0,12}?"
    r"(?:잘못\s?(?:말했|알려|적었|얘기)|틀렸|아니(?:에요|야|고|라))[^,.!?]{0,6}?[,.!]?\s*"
    r"(?:사실은\s?|원래\s?|정확히는\s?)?(?P<new>[가-힣A-Za-z0-9]{1,12}(?:\s[가-힣A-Za-z0-9]{1,12}){0,2}?)"
    r"(?:이에요|예요|이야|야|입니다|이고|이요|임|이라구요|이거든요)(?=[\s.,!~]|$)")


# "잘못 말했어요, 원무과 아니고 총무과예요", "아 잘못 말했다, 수요일 아니고 목요일 7시예요":
# a slip owned up to, with the wrong value and the right one said outright
_SLIP_KO = re.compile(
    r"(?:잘못\s?(?:말했|말씀드렸|알려\s?드렸|알려줬|얘기했|적었)|말(?:을)?\s?잘못\s?했)\S*[,.!~\s]+"
    r"(?:그게\s?아니라\s?|사실은\s?)?(?:(?:나|저)\s)?"
    # what the value is of, said first ("재활은 월요일 아니고", "standup 9시 아니고")
    r"(?:(?:[가-힣A-Za-z0-9]{1,12}\s)?[가-힣A-Za-z0-9]{1,12}(?:은|는|이|가|의)?\s"
    r"(?=\S+\s?(?:아니고|아니라|말고)))?"
    r"(?P<old>[가-힣A-Za-z0-9]{1,12})(?:이|가)?\s?(?:아니고|아니라|말고)\s+"
    r"(?P<new>[가-힣A-Za-z0-9]{1,12}?(?:\s[가-힣A-Za-z0-9]{1,12}?){0,2}?)"
    r"(?:이에요|예요|이야|야|입니다|이고|이요|임|이거든요|요)?(?=[\s.,!~]|$)")
# "지난번에 하남이라고 했는데 남양주였어요, 제가 헷갈렸네요": the value said before, the one
# that holds, and a word owning up to a mix-up somewhere in the sentence
_MIXED_UP_KO = re.compile(
    r"(?P<old>[가-힣A-Za-z0-9]{1,12}?)(?:이)?라고\s?(?:했|말했|말씀드렸|적었)(?:는데|지만|었는데)[,\s]*"
    r"(?:사실은\s?|원래\s?|정확히는\s?|알고\s?보니\s?)?"
    r"(?P<new>[가-힣A-Za-z0-9]{1,12}?(?:\s[가-힣A-Za-z0-9]{1,12}?){0,2}?)"
    r"(?:였어요|이었어요|였어|이었어|였네요|이었네요|였다|이었다|예요|이에요|이야|야|입니다)(?=[\s.,!~]|$)")
_CONFUSED_KO = re.compile(r"헷갈|착각|잘못\s?(?:말|알|적|얘기)|틀렸")
_DEICTIC_KO = frozenset("오늘 내일 어제 모레 지금 이번 다음 저번 여기 거기 저기 그거 이거 저거".split())


# "아 국토부 아니고 해수부요. 헷갈렸네", "아 INFP 아니고 ISFP였다", "아 60 아니고 50", "oh wait,
# Bath not Leeds": a slip owned up to in a turn of its own, the sentence nothing but the wrong
# value and the right one (an interjection first or a mix-up owned after). Said bare it is a
# correction only of what the user said just now: reconciliation renames only a value stored in
# the same conversation (``slipped_just_now``), and nothing when none names it.
_OPEN_KO = r"(?:(?:아|앗|어|헐|아참|아\s참|아\s?맞다)[,.!~\s]+)"
_BARE_KO = re.compile(
    rf"^(?:{_OPEN_KO}(?:그리고|근데|참|그|그게)?[,\s]*)?"
    r"(?:(?:걔|얘|그거|그건|[가-힣A-Za-z]{1,8}(?:은|는|의)?)\s){0,2}"  # what it is of: "걔", "동생 이름"
    r"(?P<old>[가-힣A-Za-z0-9.]{1,12}?)(?:이|가)?\s?(?:아니고|아니라)\s+"
    r"(?P<new>[가-힣A-Za-z0-9.]{1,12}?)"
    r"(?:이에요|예요|이야|야|입니다|이요|요|임|였다|이었다|였어|이었어|였어요|이었어요|였네|이었네|였음|"
    r"이었음|이다|다|이지|지)?[\s.,!~ㅋㅎㅠㅜ;]*"
    r"(?P<owned>(?:(?:제가|내가|아까)\s)*(?:헷갈|착각|잘못|틀렸|오타|(?i:typo))[^.!?]*[.!~ㅋㅎㅠㅜ\s]*)?$")
_VALUE_BARE_EN = r"(?-i:[A-Z0-9][\w&.'’-]*(?:\s+(?-i:[A-Z0-9])[\w&.'’-]*){0,2})"
_BARE_EN = re.compile(
    r"^(?P<open>(?:(?:oh|ah|um+|sorry|oops|whoops|wait|no|my\s+bad)[,!.\s-]+)+)"
    rf"(?:(?:i\s+mean|i\s+meant|it['’]s|make\s+that)\s+)?(?:(?P<new>{_VALUE_BARE_EN}),?\s+not\s+"
    rf"(?P<old>{_VALUE_BARE_EN})|not\s+(?P<old2>{_VALUE_BARE_EN})[,\s—–-]+(?P<new2>{_VALUE_BARE_EN}))"
    r"[\s.!?]*(?:sorry|lol|haha)?[\s.!?]*$", re.IGNORECASE)


def slipped_just_now(sentence: str) -> tuple[str, str] | None:
    """(wrong value, right value) when ``sentence`` is nothing but a slip owned up to ("아
    국토부 아니고 해수부요", "아 60 아니고 50", "oh wait, Bath not Leeds"), or None. The two
    values are of one kind: both numbers or neither."""
    text = sentence.strip()
    m = _BARE_KO.match(text)
    if m is not None and (text[:1] in "아앗어헐" and re.match(_OPEN_KO, text) or m.group("owned")):
        old, new = m.group("old").strip("."), m.group("new").strip(".")
    else:
        m = _BARE_EN.match(text)
        if m is None:
            return None
        old, new = (m.group("old") or m.group("old2")), (m.group("new") or m.group("new2"))
        old, new = old.strip(" .'’-"), new.strip(" .'’-")
    if old.casefold() == new.casefold() or old in _NOT_NAMES or new in _NOT_NAMES \
            or old in _DEICTIC_KO or new in _DEICTIC_KO or new in _NOT_VALUE_KO:
        return None
    if bool(re.search(r"\d", old)) != bool(re.search(r"\d", new)):
        return None  # "5 아니고 금요일": no value of one kind
    return old, new


def corrected_earlier(sentence: str) -> tuple[str, str] | None:
    """(old value, new value) when ``sentence`` corrects a value the user gave in an earlier
    conversation ("correction from last time, it's X not Y"), or owns up to a slip and says
    the wrong value and the right one ("잘못 말했어요, 원무과 아니고 총무과예요"), or None."""
    text = sentence.strip()
    for pattern in (*_EARLIER_EN, _EARLIER_KO):
        m = pattern.search(text)
        if m is not None:
            old, new = m.group("old").strip(" .'’-"), m.group("new").strip(" .'’-")
            if old.casefold() != new.casefold() and old not in _NOT_NAMES:
                return old, new
    bare = slipped_just_now(text)
    if bare is not None:
        return bare
    m = _MIXED_UP_KO.search(text)
    if m is not None and _CONFUSED_KO.search(text) and m.group("old") != m.group("new"):
        return m.group("old"), m.group("new")
    m = _SLIP_KO.search(text)
    if m is not None and m.group("old") not in _DEICTIC_KO:
        old, new = m.group("old"), _without_ending(m.group("new").strip())
        kind = next((p for _, p in _KINDS if p.fullmatch(old)), None)
        # the value of the old one's kind, read from where the new value starts: "7시 반"
        # for "9시", "목요일" (not "목요일 7시") for "수요일"
        same = kind.match(text, m.start("new")) if kind is not None else None
        new = _without_ending(same.group(0).strip()) if same is not None else new
        if old != new and new not in _DEICTIC_KO:
            return old, new
    return None


_MARKER_ONLY = re.compile(r"^(?:(?:아|어|앗|헐|음|잠깐|잠시만|oh|ah|sorry|wait)[,\s]+)*(?:(?:아까|방금)\s)?"
                          # "아 아니다" said alone (the splitter ends it at 다): the slip owned up to
                          r"(?:(?:제가|내가)\s)?(?:(?<=아\s)(?:아니다|아니지|아니야)|"
                          r"(?:잘못\s?(?:말했|말씀드렸|얘기했|적었)|말(?:을)?\s?잘못\s?했)"
                          r"(?:네요|어요|네|다|어|습니다)?|i\s+misspoke|my\s+bad|i\s+got\s+(?:that|it)\s+"
                          r"wrong)[\s.!~ㅠㅜ;]*$", re.IGNORECASE)


# "휴가 일정 바뀌었어.", "최애 바뀜 ㅋㅋ", "pottery got moved.": a change said without its new
# value (no number, no destination "…로", no "to …"); the value comes in the next sentence
_CHANGED_ONLY = re.compile(
    r"^(?:(?:아|헐|와|ㅠ+|oh|ugh|so)[,\s]+)*(?:[가-힣A-Za-z]+\s){0,3}?[가-힣A-Za-z]+\s?"
    r"(?:(?:이|가|은|는|도)\s)?(?:바뀜|바뀌었\S*|변경\s?(?:됐|되었)\S*|밀렸\S*|미뤄졌\S*|"
    r"당겨졌\S*|(?:got|was|has\s+been|have\s+been)\s+(?:moved|changed|pushed|rescheduled))"
    r"[\s.!~ㅋㅎㅠㅜ;]*$", re.IGNORECASE)


def _changed_only(sentence: str) -> bool:
    return _CHANGED_ONLY.match(sentence) is not None and not re.search(
        r"\d|[가-힣](?:으로|로)\s", sentence)


def joined(sentences: list[str]) -> list[str]:
    """A slip owned up to in a sentence of its own ("아 잘못 말했어요. 원무과 아니고
    총무과예요") is one correction with the sentence after it: that sentence says the values,
    the one before says it is a correction. So is a change said without its value ("휴가
    일정 바뀌었어. 8월 10일부터 14일로"): what changed, and then to what. A slip fixed in
    the same breath ("망원동 살아요, 아 아니다 합정동이요", "she's 11— sorry, 12") keeps
    only the value that holds (``fixed_in_passing``)."""
    out: list[str] = []
    for sentence in sentences:
        if out and _TRAILING_MARKER.search(out[-1]):
            fixed = fixed_in_passing(f"{out[-1]} {sentence}")
            if fixed is not None:
                out[-1:] = fixed
                continue
        if out and (_MARKER_ONLY.match(out[-1]) or _changed_only(out[-1])):
            out[-1] = f"{out[-1].rstrip(' .!~ㅋㅎㅠㅜ;')}, {sentence}"
        else:
            out.extend(fixed_in_passing(sentence) or [sentence])
    return out


# -- a slip fixed in the same breath ------------------------------------------------------------
# "망원동 살아요, 아 아니다 합정동이요", "she's 11— sorry, 12", "it's on the 14th, no wait, the
# 15th", "세 마리, 아니 네 마리 키워요": a value, a break (comma or dash), a word owning up to
# it, and another value of the same kind. Only the second holds; the first was never true.
_IN_PASSING = re.compile(
    r"(?:\s*(?:[,—–]|\s-|\.\.\.|…)\s*(?:(?:아|앗|어|oh|ah|um+|uh+|er+)[,\s]+)?|\s+(?:아|앗)\s+(?=아니))"
    r"(?:아니다|아니야|아니지|아니\s?아니|아니|잠깐(?:만)?|정정|sorry|i\s+mean|i\s+meant|no\s+wait|"
    r"wait(?:\s+no)?|or\s+rather|scratch\s+that|actually\s+no|no)(?![\w가-힣])[,.!~:\s—–-]*",
    re.IGNORECASE)
_TRAILING_MARKER = re.compile(rf"{_IN_PASSING.pattern}$", re.IGNORECASE)
# the value said after the marker, with the ending said after it ("합정동이요", "12,")
_COPULA_KO = r"(?:이에요|예요|이요|이야|이고|입니다|이다|요|야|임|이래요|래요)"
_PARTICLE_KO = r"(?:에서|에|으로|로|이|가|은|는|을|를|도|의)"
_PREDICATE_KO = re.compile(r"(?:살아|살고|산다|다녀|다녀요|다닌다|해|해요|한다|있어|있어요|있다|"
                           r"이야|이에요|예요|야|요|다)[.!~]*$")
# words that say how, not what: "진짜로", "그냥" after "아니" are no value
_NOT_VALUE_KO = frozenset("진짜 진짜로 정말 정말로 그냥 진심 농담 아마 사실 완전 너무 좀 그게 그거 "
                          "그건 이건 아무튼 암튼 하여튼 뭐 나 저 제가 내가".split())
_VALUE_WORD = re.compile(r"[\w가-힣][\w가-힣'’.:/+-]*")


def fixed_in_passing(text: str) -> list[str] | None:
    """``text`` with a slip it fixes in the same breath replaced by the value that holds —
    the sentence with the right value, then what was said after it as a sentence of its
    own ("망원동 살아요, 아 아니다 합정동이요 ㅋㅋ 주소 바뀐 지 얼마 안 돼서" → ["합정동
    살아요", "주소 바뀐 지 얼마 안 돼서"]) — or None. The two values must be of one kind (a
    number, a time or date, a name, or Korean nouns of the same last syllable: 망원동 ~
    합정동, 강남역 ~ 역삼역), the wrong one among the last four words before the break."""
    for marker in _IN_PASSING.finditer(text):
        head, rest = text[:marker.start()], text[marker.end():]
        said = _VALUE_WORD.match(rest)
        if not head.strip() or said is None:
            continue
        new, after = _value_said(re.sub(r"^(?:the|a|an|my|our)\s+", "", rest, flags=re.I))
        old = _same_kind_before(head, new)
        if old is None:
            continue
        start, end = old
        # "3 cats, sorry, 4 cats": the noun counted is said again after the new number
        noun = re.match(r"\s+([A-Za-z가-힣]+)", head[end:])
        if noun is not None and re.match(rf"\s+{re.escape(noun.group(1))}\b", after):
            after = after[len(noun.group(0)):]
        after = re.sub(rf"^{_COPULA_KO}(?=[\s,.!~ㅋㅎㅠㅜ]|$)", "", after)
        fixed = (head[:start] + new + head[end:]).strip()
        tail = re.sub(r"^[\s,.!~]*(?:(?:ㅋ|ㅎ|ㅠ|ㅜ|lol|haha)+[\s,.!~]*)*", "", after).strip()
        if not tail:
            return [fixed]
        if len(tail.split()) <= 2 and not _HANGUL.search(tail):
            return [f"{fixed} {tail}"]  # "5 years old now"
        if after[:1].isspace() and not re.match(r"[\s]*(?:ㅋ|ㅎ|ㅠ|ㅜ)", after) \
                and not _HANGUL.search(tail[:1]) and re.match(r"(?:and|or|but|with|for|at|in)\b",
                                                                tail, re.IGNORECASE):
            return [f"{fixed} {tail}"]  # "4 cats and a dog": the clause goes on
        return [fixed, tail]
    return None


def _value_said(rest: str) -> tuple[str, str]:
    """The value said first in ``rest`` (a number with its unit, a name of several
    capitalised words, a word without its copula) and what follows it."""
    for _, pattern in _KINDS[:-1]:  # a weekday, a date, a time, an age or count
        m = pattern.match(rest)
        if m is not None:
            return _without_ending(m.group(0).strip()), rest[m.end():]
    m = re.match(rf"([가-힣A-Za-z0-9]+?){_COPULA_KO}?(?=[\s,.!~ㅋㅎㅠㅜ]|$)", rest)
    if m is not None and _HANGUL.search(m.group(1)):
        return m.group(1), rest[m.end():]
    m = re.match(r"(?-i:[A-Z])[\w&.'’-]*(?:\s+(?-i:[A-Z])[\w&.'’-]*)*", rest)
    if m is not None:
        return m.group(0).rstrip(".,"), rest[m.end():]
    m = _VALUE_WORD.match(rest)
    assert m is not None
    return m.group(0).rstrip(".,"), rest[m.end():]


def _same_kind_before(head: str, new: str) -> tuple[int, int] | None:
    """Where in ``head`` (among its last four words) a value of ``new``'s kind is said, as
    (start, end) without its particle, or None."""
    words = list(re.finditer(r"\S+", head))[-4:]
    if not words:
        return None
    window = words[0].start()
    kind = next((p for _, p in _KINDS[:-1] if p.fullmatch(new)), None)
    if kind is not None:  # a number, a date or a time: the last one of its kind
        olds = [m for m in kind.finditer(head, window) if m.group(0).strip() != new]
        if not olds:
            return None
        return olds[-1].start(), olds[-1].start() + len(_without_ending(olds[-1].group(0).strip()))
    if _HANGUL.search(new):
        if len(new) < 2:
            return None
        for w in reversed(words):
            core = re.sub(rf"{_PARTICLE_KO}$", "", w.group(0).strip(",.!~"))
            if len(core) >= 2 and core != new and core[-1] == new[-1] and _HANGUL.match(core[-1]):
                return w.start(), w.start() + len(core)
        # "신촌 살아요, 아 아니다 합정동이요": the noun the closing verb takes
        if len(words) >= 2 and _PREDICATE_KO.search(words[-1].group(0)) \
                and new not in _NOT_VALUE_KO and not _PREDICATE_KO.search(new):
            w = words[-2]
            core = re.sub(rf"{_PARTICLE_KO}$", "", w.group(0).strip(",.!~"))
            if len(core) >= 2 and core != new and _HANGUL.fullmatch(core[-1]) \
                    and core not in _NOT_VALUE_KO:
                return w.start(), w.start() + len(core)
        return None
    if new[:1].isupper() and new not in _NOT_NAMES:  # a name: the last name said before it
        olds = [m for m in _KINDS[-1][1].finditer(head, window)
                if m.group(0) not in _NOT_NAMES and m.group(0) != new]
        if olds:
            return olds[-1].start(), olds[-1].end()
    return None
