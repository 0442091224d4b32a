"""Replies and asides the user says that are no fact about them (issue 16, round 3).

Read on fresh chat, the memories stored that were not facts came from a few sentence shapes
that no rule asked about, each recognised here by its structure rather than its words:

- a question said without a question mark, by its Korean ending ("주사 맞고 숨는데
  괜찮은건가", "이 정도면 많이 먹는 편인가", "뭐 먹을까 ㅎㅎ", "회사 근처 맛집 어디야 ㅋㅋ"):
  the speaker wonders; rebuilt as a statement it becomes a non-word ("괜찮은이다");
- a story the user is writing ("a character in my novel is a retired spy", "소설 쓰는 중인데
  주인공이 해녀로 일해"): the subject is a character of the user's own work, so what it says is
  fiction, not the user's life;
- an appraisal of what the assistant just offered ("ear gel sounds way safer for my fingers"
  after "…methimazole gel applied to the ear"): the subject is the suggestion, the verb says
  how it seems;
- a short Korean reply that answers the assistant's statement in its own words ("600~800km
  넘게 신은 러닝화면 바꿀 때예요." → "거의 1000km 신었음 ㅋㅋ", "'나미야 잡화점의 기적' 추천드려요."
  → "나미야는 읽었어요"): every noun is the assistant's, so it adds nothing that stands alone.

Each function is pure and is asked by ``discourse`` before any rule reads the sentence.
"""

from __future__ import annotations

import re

from gieok.write.extract.korean import Token, tokens

_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_TRAILING = re.compile(r"(?:\s*(?:ㅋ+|ㅎ+|ㅠ+|ㅜ+|\^\^|;+|[.!~…]+))+\s*$")

# --- a question by its ending -----------------------------------------------------------------
# Kiwi's final endings that ask (-ㄴ가, -나, -ㄹ까, -니, -냐, with or without 요).
_ASKING_EF = frozenset("ᆫ가 은가 는가 나 ᆯ까 을까 니 냐 나요 ᆫ가요 은가요 는가요 ᆯ까요 을까요 냐고".split())
# what a wh-word asks when it is the predicate ("어디야", "뭐예요", "누구야")
_WH_NP = frozenset("뭐 무엇 어디 언제 누구 몇".split())


def ko_asks(sentence: str) -> bool:
    """A Korean sentence whose last predicate asks, once laughter and stops are taken off its
    end: a question ending (-ㄴ가, -나, -ㄹ까, -니, -냐) or a wh-word as the predicate."""
    text = _TRAILING.sub("", sentence.strip())
    if not _HANGUL.search(text):
        return False
    toks = [t for t in tokens(text) if not t.tag.startswith("S")]
    if not toks or toks[-1].tag != "EF":
        return False
    if toks[-1].form == "나" and (len(toks) < 2 or toks[-2].tag == "VCP"):
        return False  # "걍 아무데나": the particle -(이)나 ("anywhere"), read as an ending
    if toks[-1].form in _ASKING_EF:
        return True
    # "…가 영어로 뭐야": the wh-word, the copula and the ending close the sentence
    return len(toks) >= 3 and toks[-2].tag == "VCP" and toks[-3].tag == "NP" \
        and toks[-3].form in _WH_NP


# --- a story the user is writing --------------------------------------------------------------
_WORK_EN = (r"(?:novel|story|book|screenplay|script|play|comic|manga|fanfic|fic|short\s+story|"
            r"game|campaign|series|novella|webtoon)")
_CHARACTER_EN = r"(?:character|protagonist|hero|heroine|villain|narrator|antagonist|lead|mc)"
_FICTION_EN = re.compile(
    rf"^(?:(?:so|ok(?:ay)?|and|but|also|btw)[,\s]+)*(?:"
    rf"(?:a|an|the|one|my|our)\s+(?:main\s+|other\s+|new\s+)?{_CHARACTER_EN}s?\s+(?:in|of|from)\s+"
    rf"(?:my|our)\s+(?:\w+\s+)?{_WORK_EN}|"
    rf"(?:my|our)\s+(?:\w+\s+)?{_WORK_EN}['’]s\s+(?:main\s+)?{_CHARACTER_EN}|"
    rf"(?:my|our)\s+(?:main\s+)?(?:protagonist|heroine|villain|narrator|antagonist|mc)|"
    # what happens inside it: "in my D&D campaign the rogue is a halfling who …"
    rf"in\s+(?:my|our)\s+(?:[\w&-]+\s+)?{_WORK_EN}\b(?!\s+(?:i|we)\b)"
    rf")\b", re.IGNORECASE)
_CHARACTER_KO = frozenset("주인공 등장인물 캐릭터 악역 악당 화자 남주 여주 조연".split())
_WORK_KO = frozenset("소설 웹소설 웹툰 시나리오 대본 희곡 동화 만화 이야기 작품 원고 글".split())
_WRITE_KO = frozenset("쓰 집필 연재 그리".split())
_MINE_KO = frozenset("내 제 나 저 우리 저희".split())


def fiction(sentence: str) -> bool:
    """The subject is a character of a work the user is writing ("the villain in my
    screenplay is a dentist", "my novel's heroine runs a bakery", "웹소설 연재 중인데 주인공이
    검사야"), or it happens inside that work ("in my D&D campaign the rogue …", "제 소설에서
    주인공 엄마가 …"): what it says is the story's, not the user's. A character the user likes ("내 최애
    캐릭터는 짱구") is no work of theirs and is left alone."""
    s = sentence.strip()
    if not _HANGUL.search(s):
        return _FICTION_EN.search(s) is not None
    toks = tokens(s)
    work = [i for i, t in enumerate(toks) if t.tag in ("NNG", "NNP") and t.form in _WORK_KO]
    if any(_mine(toks, i) and i + 1 < len(toks) and (toks[i + 1].form in ("속", "안")
           or (toks[i + 1].tag == "JKB" and toks[i + 1].form == "에서")) for i in work):
        return True  # "제 소설에서 주인공 엄마가 …": what happens inside the user's story
    subject = next((i for i, t in enumerate(toks) if t.tag in ("NNG", "NNP")
                    and t.form in _CHARACTER_KO and i + 1 < len(toks)
                    and toks[i + 1].tag in ("JKS", "JX")), None)
    if subject is None:
        return False
    # the work is the user's: "내 소설", "제 웹툰", or it is being written ("소설 쓰는 중인데")
    return any(_mine(toks, i) or any(
        u.tag.startswith(("VV", "XSV", "NNG")) and u.form in _WRITE_KO for u in toks[i + 1:i + 4])
        for i in work)


def _mine(toks: list[Token], at: int) -> bool:
    """The noun at ``at`` is the speaker's: "내 소설", "제 웹툰" (Kiwi: 나/저 + 의)."""
    before = toks[max(0, at - 2):at]
    if before and before[-1].tag == "JKG":
        before = before[:-1]
    return bool(before) and before[-1].form in _MINE_KO and before[-1].tag in ("NP", "MM")


# --- an appraisal of what the assistant offered -----------------------------------------------
_APPRAISAL_EN = re.compile(
    r"^(?:(?:oh|ooh|ok(?:ay)?|hmm+|yeah|honestly|ha+|lol)[,\s]+)*(?P<subject>(?:[\w'’-]+\s+){1,4}?)"
    r"(?:sounds?|seems?|looks?)\s+(?:like\s+)?", re.IGNORECASE)
_SPEAKER_EN = re.compile(r"(?<![\w'’])(?:i|i['’]m|me|my|mine|we|our|us)(?![\w'’])", re.IGNORECASE)


def appraises(sentence: str, shown: str) -> bool:
    """How the thing the assistant just offered seems to the user ("ear gel sounds way safer
    for my fingers", "the second itinerary looks doable"): the subject is the suggestion
    (its words are in the assistant's turn), not the user or anyone of theirs."""
    if not shown or _HANGUL.search(sentence):
        return False
    m = _APPRAISAL_EN.match(sentence.strip())
    if m is None or _SPEAKER_EN.search(m.group("subject")):
        return False
    nouns = [w for w in re.findall(r"[a-z][a-z'’-]{2,}", m.group("subject").lower())
             if w not in ("the", "that", "this", "those", "these", "one", "first", "second",
                          "last", "other", "idea", "option", "way")]
    seen = shown.lower()
    return all(w in seen or w.rstrip("s") in seen for w in nouns)


# --- a Korean reply in the assistant's words --------------------------------------------------
_CONTENT = ("NNG", "NNP", "SL")


def echoes(sentence: str, shown: str) -> bool:
    """A short Korean reply to the assistant's statement (it asked nothing) made of the
    assistant's own words: every noun is in its turn and so is the verb, or the reply names
    what the assistant offered as its topic, already done ("나미야는 읽었어요" after a book
    suggestion; not "강아지는 작년에 입양했어요", which names something new). No pronoun,
    subject or clause joint of its own, at most six words and marks."""
    if not shown or re.search(r"[?？]", shown) or not _HANGUL.search(sentence):
        return False
    toks = [t for t in tokens(_TRAILING.sub("", sentence.strip()))
            if not t.tag.startswith("S") or t.tag in ("SL", "SN")]
    said = [t for t in toks if t.tag.startswith(("VV", "VA", "VX", "XSV", "XSA"))]
    if not said or len(toks) > 7 or any(t.tag in ("NP", "EC", "JKS") for t in toks):
        return False
    nouns = [t.form for t in toks if t.tag in _CONTENT]
    if not nouns or not all(n in shown for n in nouns):
        return False
    stems = {t.form for t in tokens(shown) if t.tag.startswith(("VV", "VA"))}
    if said[0].form in stems:
        return True
    # "나미야는 읽었어요" after a book suggestion: what was offered, as the topic, already done
    done = any(t.tag == "EP" and t.form in ("었", "았", "였", "ᆻ") for t in toks)
    return done and any(_topic(toks, i) for i, t in enumerate(toks) if t.tag in _CONTENT)


def _topic(toks: list[Token], at: int) -> bool:
    """The noun is the reply's topic ("나미야는 …"): the reply speaks of it."""
    return at + 1 < len(toks) and toks[at + 1].tag == "JX"
