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

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.korean import FAMILY_KO, PETS_KO, Token, tokens

_TRAILING = re.compile(r"(?:\s*(?:ㅋ+|ㅎ+|ㅠ+|ㅜ+|\^\^|;+|[.!~…]+))+\s*$")

# --- a question by its ending -----------------------------------------------------------------
# Kiwi's final endings that ask (-ㄴ가, -나, -ㄹ까, -니, -냐, with or without 요).
# (-는지요 / -ㄴ지요: a polite indirect question, "산책 몇 번 해야 하는지요")
_ASKING_EF = frozenset("ᆫ가 은가 는가 나 ᆯ까 을까 니 냐 나요 ᆫ가요 은가요 는가요 ᆯ까요 을까요 냐고 "
                       "는지요 ᆫ지요 은지요 ᆯ지요 을지요".split())
# the same endings when Kiwi reads them as joints at the very end ("없나", "끝났나", "할까")
_ASKING_EC = frozenset("나 ᆯ까 을까 는가 ᆫ가 은가 ᆯ지 을지 는지 ᆫ지 은지".split())
# the head noun of a search typed as a noun phrase: how to, which to pick, what differs
_QUERY_NOUNS = frozenset("법 방법 추천 팁 꿀팁 차이 차이점 뜻 요령 비결 레시피 순서 후기 비교".split())
# what a wh-word asks when it is the predicate ("어디야", "뭐예요", "누구야")
_WH_NP = frozenset("뭐 무엇 어디 언제 누구 몇".split())


def ko_asks(sentence: str) -> bool:
    """A Korean sentence whose last predicate asks, once laughter and stops are taken off its
    end: a question ending (-ㄴ가, -나, -ㄹ까, -니, -냐) or a wh-word as the predicate; or a
    search typed as a noun phrase that ends in what is sought ("…지우는 법", "…다른 데 추천",
    "A랑 B 차이"), with no predicate after it."""
    text = _TRAILING.sub("", sentence.strip())
    if not _HANGUL.search(text):
        return False
    toks = [t for t in tokens(text) if not t.tag.startswith("S")]
    if len(toks) >= 2 and toks[-1].tag == "EC" and toks[-1].form in _ASKING_EC \
            and toks[-2].tag.startswith(("VV", "VA", "VX", "EP", "XSV", "XSA")):
        return True  # "딱 맞는 말 없나", "벌써 끝났나": Kiwi reads the last -나 as a joint
    if len(toks) >= 2 and toks[-1].tag in ("NNG", "NNB") and toks[-1].form in _QUERY_NOUNS \
            and toks[-2].tag in ("ETM", "NNG", "NNP", "NNB", "SL", "MM", "XSN", "JC") \
            and not any(t.tag == "JKS" or (t.tag == "JX" and t.form in ("은", "는", "ᆫ"))
                        for t in toks):
        # "엑셀에서 중복값 지우는 법", "전세랑 월세 차이": a search typed as a noun phrase (not
        # "요즘 배우는 건 요리하는 법", where a topic makes it a statement)
        return True
    if len(toks) >= 2 and toks[-1].tag == "EC" and toks[-1].form in ("려면", "으려면"):
        return True  # "pandas에서 평균이랑 count 같이 보려면": how, the question left unsaid
    if not toks or toks[-1].tag != "EF":
        return False
    if toks[-1].form == "나" and (len(toks) < 2 or toks[-2].tag == "VCP"):
        return False  # "걍 아무데나": the particle -(이)나 ("anywhere"), read as an ending
    if toks[-1].form in _ASKING_EF or _wh_argument(toks):
        return True
    # "…가 영어로 뭐야": the wh-word, the copula and the ending close the sentence
    return len(toks) >= 3 and toks[-2].tag == "VCP" and toks[-3].tag == "NP" \
        and toks[-3].form in _WH_NP


# a wh-word as an argument ("어디서", "뭐라고", "어떻게"), and words that make the same shape a
# statement of habit ("엄마가 맨날 뭐라고 해" complains; it does not ask)
_WH_ARGUMENT = frozenset("어디 뭐 뭘 무엇 어떻게 왜 언제".split())
_HABIT = frozenset("맨날 매일 항상 자주 늘 보통 원래 요즘 계속".split())


def _wh_argument(toks: list[Token]) -> bool:
    """A verb in the bare informal ending (-어/-아) with a wh-word as one of its arguments, no
    subject and no past tense ("갓 어디서 사", "위로 문자 뭐라고 보내", "이거 어떻게 해"): the
    user asks what to do; said as a statement it would name the place or the words."""
    if len(toks) < 3 or toks[-1].form not in ("어", "아", "여") \
            or not toks[-2].tag.startswith(("VV", "XSV", "VX")):
        return False
    if any(t.tag in ("JKS", "EP") or t.form in _HABIT
           or (t.tag == "JX" and t.form in ("은", "는", "ᆫ")) for t in toks):
        return False  # (a subject or topic of its own: "우리 딸은 왜인지 당근을 좋아해" says)
    return any(((t.form in _WH_ARGUMENT and t.tag in ("NP", "MAG"))
                or (t.form == "어떻" and t.tag.startswith("VA")))  # (어떻+게)
               and not (toks[i + 1].tag == "VCP" and toks[i + 2].form.endswith("지"))
               for i, t in enumerate(toks[:-2]))  # (not "왜인지", "for some reason")


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
# a sentence that opens on a character as its subject ("the protagonist is a retired nurse
# whose son …"), with no word of the user's in it: the story, told on from an earlier turn
_CHARACTER_OPENS_EN = re.compile(
    r"^(?:(?:so|and|ok(?:ay)?|also)[,\s]+)*(?:the\s+)?(?:main\s+)?(?:protagonist|heroine|villain|"
    r"narrator|antagonist|main\s+character)\s+(?:is|was|has|had|lives|works|runs)\b(?!.*\b(?:i|"
    r"i['’]m|my|me|we|our)\b)", re.IGNORECASE)
# ... or of a work the user watches or reads ("In Breaking Bad, Walter is a chemistry teacher
# with cancer", "the main character in Severance has a …", "드라마 보는데 주인공이 서른 살 검사고
# 여동생이 하나 있어"): someone else's story, told to the assistant — not the user's life
_TITLED_EN = re.compile(
    r"^(?:(?:so|ok(?:ay)?|and|but|also|btw)[,\s]+)*(?:[Ii]n|[Oo]n)\s+(?:the\s+(?:show|movie|film|book|"
    r"series|drama|anime|game|episode|novel|sitcom)\s+)?(?!(?:January|February|March|April|May|June|"
    r"July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|"
    r"Saturday|Sunday|Spring|Summer|Fall|Autumn|Winter|High|Middle|College|Grad)\b)"
    r"(?:[A-Z][\w'’:&-]*\s+(?:(?:of|the|and|a|in|on)\s+)?){0,4}[A-Z][\w'’:&-]*,\s+"
    r"(?!(?i:i|i['’]m|we|my|our|me|he|she|they)\b)(?:the\s+)?[\w'’-]+(?:\s+[\w'’-]+)?\s+(?:is|was|has|had|lives|"
    r"works|gets|becomes|turns)\b",
    )
_CHARACTER_OF_TITLE_EN = re.compile(
    r"^(?:(?:so|ok(?:ay)?|and|but|also|btw)[,\s]+)*(?:the\s+)?(?:main\s+)?(?:character|protagonist|hero|"
    r"heroine|villain|narrator|antagonist|lead|mc)s?\s+(?:in|of|from)\s+(?:the\s+(?:show|movie|film|book|"
    r"series|drama|anime|game|novel|sitcom)\b|(?!(?:my|our)\b)[A-Z])", re.IGNORECASE)
_CHARACTER_KO = frozenset("주인공 등장인물 캐릭터 악역 악당 화자 남주 여주 조연".split())
_WORK_KO = frozenset("소설 웹소설 웹툰 시나리오 대본 희곡 동화 만화 이야기 작품 원고 글".split())
_WATCHED_KO = frozenset("드라마 영화 애니 애니메이션 시리즈 예능 책 소설 웹소설 웹툰 만화 넷플릭스".split())
_WRITE_KO = frozenset("쓰 집필 연재 그리".split())
_WATCH_KO = frozenset("보 읽 정주행 시청".split())
_MINE_KO = frozenset("내 제 나 저 우리 저희".split())


def fiction(sentence: str) -> bool:
    """The subject is a character of a work the user is writing ("the villain in my
    screenplay is a dentist", "my novel's heroine runs a bakery", "웹소설 연재 중인데 주인공이
    검사야"), or it happens inside that work ("in my D&D campaign the rogue …", "제 소설에서
    주인공 엄마가 …"): what it says is the story's, not the user's. A character the user likes ("내 최애
    캐릭터는 짱구") is no work of theirs and is left alone."""
    s = sentence.strip()
    if not _HANGUL.search(s):
        return _FICTION_EN.search(s) is not None or _CHARACTER_OPENS_EN.search(s) is not None \
            or (_TITLED_EN.search(s) is not None or _CHARACTER_OF_TITLE_EN.search(s) is not None) \
            and _SPEAKER_EN.search(s) is None
    toks = tokens(s)
    if _in_a_title(toks):
        return True  # "드라마 더글로리에서 동은이는 선생님이고 …": inside a show the user names
    if len(toks) > 2 and toks[0].form in _CHARACTER_KO and toks[1].tag in ("JX", "JKS") \
            and not any(t.form in _MINE_KO and t.tag in ("NP", "MM") for t in toks):
        return True  # "주인공은 열일곱 살 여자애고 아버지가 …": the story, from an earlier turn
    work = [i for i, t in enumerate(toks) if t.tag in ("NNG", "NNP") and t.form in _WORK_KO]
    if any(_mine(toks, i) and i + 1 < len(toks) and (toks[i + 1].form in ("속", "안")
           or (toks[i + 1].tag == "JKB" and toks[i + 1].form == "에서")) for i in work):
        return True  # "제 소설에서 주인공 엄마가 …": what happens inside the user's story
    subject = next((i for i, t in enumerate(toks) if t.tag in ("NNG", "NNP")
                    and t.form in _CHARACTER_KO and i + 1 < len(toks)
                    and toks[i + 1].tag in ("JKS", "JX")), None)
    if subject is None:
        return False
    # the work is the user's: "내 소설", "제 웹툰", or it is being written ("소설 쓰는 중인데"),
    # or watched or read ("드라마 보는데 주인공이 …")
    if any(_mine(toks, i) or any(
            u.tag.startswith(("VV", "XSV", "NNG")) and u.form in _WRITE_KO for u in toks[i + 1:i + 4])
            for i in work):
        return True
    watched = [i for i, t in enumerate(toks[:subject]) if t.tag in ("NNG", "NNP") and t.form in _WATCHED_KO]
    return any(u.tag.startswith(("VV", "XSV", "NNG")) and u.form in _WATCH_KO
               for i in watched for u in toks[i + 1:i + 4])


# what asks for a story: a Korean request ending ("… 써줘", "지어 주세요") or an English
# request opening ("write me …", "can you write …"), with a kind of fiction named in it
_STORY_KO = re.compile(r"(?:소설|웹소설|동화|SF|판타지|시나리오|단편|콩트|우화|괴담)")
_STORY_ASKED_KO = re.compile(r"(?:써|지어|만들어)\s?(?:줘|주세요|줄래|줄래요|줘요|봐|보자)")
_STORY_ASKED_EN = re.compile(
    r"^(?:(?:ok(?:ay)?|so|hey|pls|please)[,\s]+)*(?:(?:can|could|would|will)\s+you\s+|please\s+|pls\s+)?"
    r"(?:write|tell|make\s+up|come\s+up\s+with)\b.*\b(?:story|novel|fairy\s?tale|fable|fiction|"
    r"screenplay|sci-?fi|fantasy|bedtime\s+story)\b", re.IGNORECASE)
# the user, or someone of theirs, in the request: a story for (or about) a real person
_REAL_KO = re.compile(rf"(?<![가-힣])(?:나|저|난|전|내|제|우리|저희|나를|저를)(?![가-힣])|"
                      rf"(?<![가-힣])(?:{FAMILY_KO}|{PETS_KO})(?:한테|에게|를|을|가|이|는|은|랑|의|\s)")
_REAL_EN = re.compile(r"(?<![\w'’])(?:i|i['’]m|me|my|mine|we|our|us)(?![\w'’])", re.IGNORECASE)
_SPEAKER_KO = re.compile(r"(?<![가-힣])(?:나|저|난|전|내가|제가|나는|저는|나도|저도|내|제|우리|저희)"
                         r"(?![가-힣])")
# a relative or pet of the user's named with the story: it stars someone real
_KIN_KO = re.compile(rf"(?:{FAMILY_KO}|{PETS_KO})")
_KIN_EN = re.compile(r"\b(?:my|our)\s+(?:\w+\s+)?(?:daughter|son|kid|kids|child|children|niece|nephew|"
                     r"grandson|granddaughter|grandkids?|wife|husband|partner|boyfriend|girlfriend|"
                     r"mom|mum|mother|dad|father|sister|brother|dog|cat|puppy|kitten)s?\b", re.IGNORECASE)
# a title is the user's work itself, a fact of theirs ("제목은 '붉은 밤'이야")
_TITLE = re.compile(r"제목|타이틀|\btitled?\b|\bcalled\b", re.IGNORECASE)


def _in_a_title(toks: list[Token]) -> bool:
    """A Korean sentence that opens inside a named work ("드라마 더글로리에서 …", "영화 Her에서
    …"): a watched-work noun, its title (a proper noun or a Latin word), then 에서 — and no
    word of the speaker's in it ("드라마 촬영장에서 일해" names no title)."""
    if len(toks) < 4 or toks[0].form not in _WATCHED_KO:
        return False
    title = toks[1:4]
    at = next((i for i, t in enumerate(title) if t.tag == "JKB" and t.form == "에서"), None)
    return at is not None and at > 0 and all(t.tag in ("NNP", "SL", "SH", "SN") for t in title[:at]) \
        and not any(t.form in _MINE_KO and t.tag in ("NP", "MM") for t in toks)


def story_goes_on(sentence: str, before: str | None) -> bool:
    """The sentence goes on with the story the sentence before it set up: that sentence was
    about a character of the user's work (``fiction``: "소설 쓰는 중인데 주인공이 서른둘 이혼한
    형사다" → "딸이 하나 있어.") or asked for a story with no one real in it ("짧은 SF 써줘." →
    "2090년 서울, 한강이 얼어붙은 여름"), and this one has no word of the user's (I, my, 나, 제,
    우리 …) and names no title. A story asked for someone real ("딸한테 읽어줄 동화 써줘. 공룡을
    좋아해", "write a story for my son. he loves trains") is left alone: what follows is theirs."""
    if before is None:
        return False
    s, b = sentence.strip(), before.strip()
    if _TITLE.search(s):
        return False
    if _HANGUL.search(s) and _SPEAKER_KO.search(s) or not _HANGUL.search(s) and _REAL_EN.search(s):
        return False
    if fiction(b) or _character_of_work(b):
        return True
    if _HANGUL.search(b):
        return _STORY_KO.search(b) is not None and _STORY_ASKED_KO.search(b) is not None \
            and _REAL_KO.search(b) is None and _REAL_EN.search(b) is None
    return _STORY_ASKED_EN.search(b) is not None and _REAL_EN.search(
        re.sub(r"^(?:(?:can|could|would|will)\s+you\s+)?write\s+me\b", "", b, flags=re.IGNORECASE)) is None


def _character_of_work(sentence: str) -> bool:
    """The sentence names a character and a work of fiction ("소설 쓰는 중인데 주인공 설정
    봐줘", "help me with the villain of my screenplay"): what follows describes the character."""
    if not _HANGUL.search(sentence):
        return re.search(r"\b(?:characters?|protagonist|heroine|villain|narrator|antagonist)\b",
                         sentence, re.IGNORECASE) is not None \
            and re.search(rf"\b{_WORK_EN}\b", sentence, re.IGNORECASE) is not None \
            and _KIN_EN.search(sentence) is None
    forms = {t.form for t in tokens(sentence) if t.tag in ("NNG", "NNP")}
    # (a story starring someone real is theirs: "내 딸 지유가 주인공인 동화 써줘")
    return bool(forms & _CHARACTER_KO) and bool(forms & _WORK_KO) \
        and not any(_KIN_KO.fullmatch(f) for f in forms)


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


_ALREADY = frozenset({"이미", "벌써", "예전", "전에"})


def tried(sentence: str, shown: str) -> bool:
    """A short Korean reply saying the user has already done what the assistant just put
    forward, named in its words ("'해운대', '광안리' 어때요?" → "해운대 이미 가봤어요";
    "'Slow Horses' 추천해요" → "slow horses 벌써 봤음"): it turns the suggestion down, it is
    no fact to keep. An experience said with -어 보- or with 이미/벌써 and the past tense; one
    clause, no pronoun, subject or negation; every noun is in the assistant's turn."""
    if not shown or not _HANGUL.search(sentence):
        return False
    text = _TRAILING.sub("", sentence.strip())
    toks = [t for t in tokens(text) if not t.tag.startswith("S") or t.tag in ("SL", "SN")]
    if len(toks) > 10 or any(t.tag in ("NP", "JKS") or (t.tag == "EC" and t.form not in (
            "어", "아", "여")) or t.form in ("안", "못") for t in toks):
        return False
    past = any(t.tag == "EP" and t.form in ("었", "았", "였", "ᆻ") for t in toks)
    tried_it = any(t.tag == "VX" and t.form == "보" for t in toks) \
        or any(t.form in _ALREADY for t in toks)
    if not (past and tried_it):
        return False
    # what is named: the words before the adverb or the verb, without their particle
    at = next((i for i, t in enumerate(toks) if t.form in _ALREADY
               or t.tag.startswith(("VV", "VX", "XSV"))), 0)
    if at and toks[at - 1].tag.startswith("J"):
        at -= 1
    named = re.sub(r"[\s'\"‘’“”]", "", text[:toks[at].start].lower()) if at else ""
    return bool(named) and named in re.sub(r"[\s'\"‘’“”]", "", shown.lower())


def _topic(toks: list[Token], at: int) -> bool:
    """The noun is the reply's topic ("나미야는 …"): the reply speaks of it."""
    return at + 1 < len(toks) and toks[at + 1].tag == "JX"


# --- a deliberation, not a decision -----------------------------------------------------------
# KO: an embedded question (-나, -ㄹ까, -ㄹ지, -는지) right before a verb of deliberating, and
# nothing after it but its endings ("이사를 가야 하나 고민했다", "갈까 말까 고민돼", "이직할지
# 생각 중이야"); an intention said to be absent ("실제로 갈 생각은 없어", "애 낳을 계획은 없어").
_DELIBERATE_KO = frozenset("고민 망설이 고려 생각 갈등 저울질".split())
_INTENT_KO = frozenset("생각 계획 예정 맘 마음 의향".split())
_ENDINGS = ("XSV", "XSA", "EP", "EF", "EC", "ETM", "NNB", "VCP", "VX", "JX", "JKB")
# EN: the speaker is still deciding ("wondering if I should …", "torn between …", "we can't
# decide whether …", "haven't decided yet"), or says there is no plan ("no plans to …").
_DELIBERATE_EN = re.compile(
    r"^(?:(?:so|and|but|honestly|tbh|also|just|lol|ha+|hmm+|ok(?:ay)?)[,\s]+)*"
    r"(?:(?:i['’]?m|i\s+am|we['’]re|we\s+are|i['’]ve\s+been|we['’]ve\s+been|been|still|kinda|"
    r"kind\s+of|sort\s+of|just|really|seriously)\s+)*"
    r"(?:wondering|debating|deliberating|torn|weighing(?:\s+up)?|going\s+back\s+and\s+forth|"
    r"trying\s+to\s+(?:decide|figure\s+out)\s+(?:if|whether)|thinking\s+about\s+whether|"
    r"on\s+the\s+fence)\b|"
    r"(?:\b(?:i|we)\s+|^)(?:still\s+)?(?:can['’]?t|cannot|couldn['’]?t)\s+decide\b|"
    r"(?:\b(?:i|we)\s+|^)(?:still\s+)?haven['’]?t\s+decided\b|"
    r"\b(?:no|not\s+any|zero)\s+(?:real\s+)?(?:plans?|intention)\s+(?:to|of)\b|"
    r"\b(?:not|never)\s+planning\s+(?:to|on)\b|\b(?:don['’]?t|do\s+not)\s+plan\s+(?:to|on)\b",
    re.IGNORECASE)


def deliberates(sentence: str) -> bool:
    """The user is weighing something, or says there is no plan (see above): not a decision,
    so nothing about them to keep. A deliberation that ends in a choice ("고민하다가 헬스장
    등록했어", "wondering about it for weeks but I signed up") says the choice after it."""
    s = _TRAILING.sub("", sentence.strip())
    if not _HANGUL.search(s):
        if re.search(r"\b(?:but|so)\s+(?:i|we)\s+(?:finally\s+|just\s+)?(?:\w+ed|went|got|"
                     r"signed|chose|picked)\b", s, re.IGNORECASE):
            return False
        return _DELIBERATE_EN.search(s) is not None
    toks = [t for t in tokens(s) if not t.tag.startswith("S")]
    for i, t in enumerate(toks[1:], 1):
        rest = toks[i + 1:]
        if any(not r.tag.startswith(_ENDINGS) and r.form != "없" for r in rest):
            continue  # more is said after it: the choice, or what happened
        if t.form in _DELIBERATE_KO and toks[i - 1].tag == "EC" \
                and toks[i - 1].form in _ASKING_EC and all(r.form != "없" for r in rest):
            return True
        if t.form in _INTENT_KO and toks[i - 1].tag == "ETM" and rest \
                and any(r.form == "없" for r in rest[:2]):
            return True
    return False


# --- a conclusion drawn from the assistant's answer -------------------------------------------
_THEN_EN = re.compile(
    r"(?<!\bsince)(?<!\bby)(?<!\buntil)(?<!\btill)(?<!\bback)(?<!\band)(?<!\bjust)(?<!\beven)"
    r"(?<!\bfrom)(?<!\bonly)(?<!\bright)\s+then\s*[.!~]*(?:\s*(?:lol|haha+|lmao|:\)|:D))*[.!~]*$",
    re.IGNORECASE)


# the choice made, said as "X it is" ("bus it is, I can read on it", "ok, the blue one it is")
_IT_IS_EN = re.compile(r"^(?:(?:ok(?:ay)?|right|fine|so|yeah|alright|then)[,\s]+)*(?:[\w'’-]+\s+){1,3}?"
                       r"(?<!\bwhat\s)(?<!\bhow\s)(?<!\bwho\s)(?<!\bwhere\s)it\s+is\b\s*(?:[,;—-]|[.!~]*$)",
                       re.IGNORECASE)


# the same in Korean chat: "김포-여수 ㄱㄱ", "오전으로 ㄱ", "사리곰탕 콜" (ㄱ for 고, "go")
_GO_KO = re.compile(r"^(?:\S+\s){0,4}?\S+\s?(?:ㄱㄱ+|ㄱ|콜|고고)[\s.!~ㅋㅎ]*$")


def concludes(sentence: str, shown: str) -> bool:
    """A short reply that draws its conclusion from the assistant's answer, said with "then"
    at its end ("ha, I win then", "I'll have the sausage roll first then", "oat it is then") or
    as "X it is" ("train it is, I can nap"), or in Korean with ㄱㄱ ("김포-여수 ㄱㄱ"):
    the user decides for the moment, nothing about them lasts. Not a time ("… back then",
    "since then", "by then")."""
    s = sentence.strip()
    if _HANGUL.search(s) or "ㄱ" in s:
        # (not the user's own news said with it: "나 내일 이사 ㄱㄱ")
        return bool(shown) and _GO_KO.match(s) is not None and re.search(
            r"(?<![가-힣])(?:나|저|난|전|내가|제가|우리)(?![가-힣])", s) is None
    return bool(shown) and len(s.split()) <= 12 \
        and (_THEN_EN.search(s) is not None or _IT_IS_EN.match(s) is not None)


# --- taking up what the assistant suggested ---------------------------------------------------
_ADOPT_EN = re.compile(
    r"^(?:(?:ok(?:ay)?|yeah|yep|yes|right|good\s+idea|great|perfect|cool|nice|oh|ha+|lol|"
    r"will\s+do|thanks|ty)[,.!\s]+)*(?:i['’]?ll|i\s+will|we['’]ll|we\s+will|i['’]?m|i\s+am|"
    r"we['’]re|we\s+are|i|we)\s+(?:definitely\s+|probably\s+|just\s+|gonna\s+|going\s+to\s+|"
    r"already\s+)*(?:get|getting|got|buy|buying|bought|order|ordering|ordered|try|trying|"
    r"grab|grabbing|go\s+with|going\s+with|pick\s+up|picking\s+up|use|using|look\s+into|"
    r"looking\s+into)\s+(?P<what>.+)$", re.IGNORECASE)
_LITTLE = frozenset("a an the some one of it them that this those these for him her too then "
                    "first today tomorrow tonight later now probably".split())


# the choice among what the assistant listed, said without a subject ("going with green curry",
# "gonna go with the second one")
_CHOSEN_EN = re.compile(r"^(?:(?:ok(?:ay)?|yeah|yep|yes|hmm+|ok\s+then|then)[,.!\s]+)*(?:going|gonna\s+go|"
                        r"go(?:ing)?\s+to\s+go|i['’]?ll\s+go|i\s+will\s+go)\s+with\s+(?P<what>.+)$",
                        re.IGNORECASE)


def adopts(sentence: str, shown: str) -> bool:
    """A short English reply that takes up what the assistant just suggested ("yeah we're
    getting a shower chair" after "… a shower chair help a lot"; "I'll try the magnesium"):
    every word of what is got or tried is in the assistant's turn, so it is an errand of the
    moment, not something new about the user."""
    if not shown or _HANGUL.search(sentence):
        return False
    s = re.sub(r"[\s.!~]+$", "", sentence.strip())
    m = _ADOPT_EN.match(s) or _CHOSEN_EN.match(s)
    if m is None or len(s.split()) > 10:
        return False
    what = m.group("what").split(".")[0]
    words = [w for w in re.findall(r"[a-z][a-z'’-]*", what.lower()) if w not in _LITTLE]
    seen = shown.lower()
    return bool(words) and all(w in seen or w.rstrip("s") in seen for w in words)


# --- what the text handed over is ---------------------------------------------------------------
# kinds of text handed over for a task: an example, a line, a passage, a draft
_MATERIAL_KO = frozenset("예문 예시 예제 문장 대사 문구 지문 가사 원문 초안 본문 인용문 구절 발췌문 "
                         "번역문 자막".split())
_THIS_KO = frozenset("이거 이것 그거 그것 저거 저것".split())


def material(sentence: str) -> bool:
    """A Korean sentence that only says what the text handed over is ("'제 동생은 의사고 대전에
    살아요' — 영어 시험 예문이에요", "이건 드라마 대사야"): its last predicate is the copula after
    a kind of text, with no subject but "this" and no word of the user's. "영어 선생님이에요",
    "제 자기소개서 문장이에요" (the user's own), "예문 만드는 일을 해요" are left alone."""
    if not _HANGUL.search(sentence):
        return False
    words = [t for t in tokens(sentence) if not t.tag.startswith("S")]
    while words and words[-1].tag in ("EF", "EC"):
        words = words[:-1]
    if len(words) < 2 or words[-1].tag != "VCP" or words[-2].form not in _MATERIAL_KO:
        return False
    if any(t.tag == "NP" and t.form not in _THIS_KO for t in words) \
            or any(t.tag in ("JKS", "JX") and i and words[i - 1].form not in _THIS_KO
                   for i, t in enumerate(words)):
        return False
    return not any(t.tag.startswith(("VV", "VA", "XSV", "XSA")) for t in words)


# --- what the thing asked about is, its subject left out --------------------------------------
_SPEAKER_NP = frozenset("나 저 내 제".split())
_NAMING = frozenset("이름 제목 명칭 상호 팀명 닉네임 별명 타이틀".split())


def identified(sentence: str) -> bool:
    """``identifies`` for a whole Korean sentence ("우리 할머니가 불러 주시던 노래야")."""
    return _HANGUL.search(sentence) is not None and identifies(tokens(sentence))


def identifies(toks: list[Token]) -> bool:
    """The clause only says what the thing asked about is, its subject left out ("우리 할머니가
    예전에 불러 주시던 노래인데 …", "친구가 추천해 준 책이야"): a noun with a relative clause
    that has a subject of its own, then the copula. Alone it has no subject ("… 노래다"). A
    clause about the user says so ("저는 서울 사는 직장인인데"), or has no other subject
    ("작년에 결혼한 새댁인데", "삼겹살 좋아하는 사람인데": the user, left unsaid)."""
    words = [t for t in toks if not t.tag.startswith("S")]
    while words and words[-1].tag in ("EF", "EC"):
        words = words[:-1]
    if len(words) < 4 or words[-1].tag != "VCP" or not words[-2].tag.startswith("NN") \
            or words[-3].tag != "ETM":
        return False
    if any(t.tag == "JX" and t.form in ("은", "는") for t in words) \
            or any(t.tag == "NP" and t.form in _SPEAKER_NP for t in words):
        return False  # a topic of its own ("동생은 …"), or the user said ("제가 …")
    if any(t.tag == "JKS" and i and words[i - 1].form in _NAMING for i, t in enumerate(words)):
        return False  # "프로젝트 이름이 Hanbok Pack인데": a name given, not a thing identified
    return any(t.tag == "JKS" and i and words[i - 1].tag.startswith("NN")
               for i, t in enumerate(words[:-3]))
