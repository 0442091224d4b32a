"""The statement a question is built on (W3): "since I'm lactose intolerant, what can I use
instead of milk?" → "I'm lactose intolerant".

People ask for help and say who they are in the same breath: "my daughter is turning 7 next
week, any ideas for a unicorn party?", "I just moved to Denver, how do I make friends here?",
"회사에서 팀장 됐는데 팀원 관리 팁 있어?", "저희 엄마가 다음 달에 무릎 수술 하시는데 뭘
챙겨드리면 좋을까요?". The question is a request (never a memory), but its premise is a
statement about the user like any other. This module only cuts the premise out; whether it
is worth remembering is decided by the same gates as every other sentence.
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract import korean
from gieok.write.extract.discourse_others import heard_of_outsider
from gieok.write.extract.health import health_related
from gieok.write.normalize import has_batchim

# "since I'm lactose intolerant, what can I use …?"
_EN_BECAUSE = re.compile(
    r"^(?:(?:so|ok|okay|hey|hi|btw)[,\s]+)*(?:since|as|because|given\s+that|now\s+that)\s+"
    r"(?P<p>[^,?]{6,}),\s*(?P<q>[^,]*\S.*\?)\s*$", re.IGNORECASE)
# "my daughter is turning 7 next week, any ideas for …?"
_EN_THEN_ASK = re.compile(
    # (a comma inside parentheses is the premise's own: "my eyes are going (glaucoma, on
    # latanoprost drops every night) so can you recommend some audiobooks?")
    r"^(?P<p>(?:[^,?(]|\([^()?]*\)){6,}?)(?:,|\s+-+|\s+so|\s+and)\s+"
    r"(?P<q>(?:so\s+)?(?:any|what|what's|how|where|which|who|"
    r"when|why|can|could|should|would|will|do|does|did|is|are|got|tips|ideas|suggestions|"
    r"recommendations|thoughts|advice)\b[^?]*\?)\s*$", re.IGNORECASE)
_EN_SELF = re.compile(r"(?<![\w'’])(?:I|I['’]m|im|I['’]ve|my|we|we['’]re|we['’]ve|our)\b",
                      re.IGNORECASE)
_EN_ASKING = re.compile(r"^(?:can|could|would|will|do|does|did|is|are|what|how|why|where|"
                        r"which|who|when|any|should)\b", re.IGNORECASE)


# a mixed turn: an English statement of the user's, then the question after a comma
_EN_LED = re.compile(r"^(?P<p>(?:I['’]m|I\s+am|I['’]ve|I\s+(?:live|work|have|just)|we['’]re|"
                     r"we\s+live)\b"
                     r"[^,?]{4,60}),\s*(?P<q>[^,]*\S.*\?)\s*$", re.IGNORECASE)


def premise(sentence: str) -> str | None:
    """The statement inside a question that carries one, else None."""
    text = sentence.strip()
    if _HANGUL.search(text):
        mixed = _EN_LED.match(text)  # "I'm in 인천 송도 근처, 주말에 갈만한 brunch place 있어?"
        return mixed.group("p").strip() if mixed else _korean(text)
    if not text.endswith(("?", "？")):
        return None
    for pattern in (_EN_BECAUSE, _EN_THEN_ASK):
        m = pattern.match(text)
        if m is None:
            continue
        said = m.group("p").strip()
        if _EN_SELF.search(said) and not _EN_ASKING.match(said):
            return said
    return None


_CONNECTIVE = re.compile(r"(?:는데|은데|ᆫ데|인데)(?:요)?$")
# a reason clause before the question: "당뇨라 …", "알레르기가 있어서 …", "샀으니까 …"
_REASON = frozenset({"라", "이라", "라서", "이라서", "니까", "으니까", "어서", "아서", "여서"})
# the clause after the cut asks, requests, wonders or reacts: no statement of its own
_ASK_EF = frozenset({"나요", "나", "니", "냐", "까", "까요", "ᆯ까", "을까", "ᆯ까요", "을까요",
                     "ᆫ가요", "은가요", "는가요", "ᆫ가", "은가", "는가", "ᆯ래", "ᆯ래요",
                     "을래요"})
# a reaction to the moment ("…찾기 힘드네요"): what comes before it is a statement only when it
# says whose it is ("코코가 …"); "수능 보는 날이라 그런지 차가 없네" is about the day
_REACT_EF = frozenset({"네요", "네", "구나", "군요"})
_WH = frozenset("뭐 뭘 무엇 무슨 어떤 어떻게 어떡하 얼마나 얼마 언제 어디 왜 몇 어느 누구".split())
_ASKS = re.compile(r"(?:주세요|줘|줘요|주라|줄래요?|주실래요|주시겠어요|부탁(?:해요?|드려요|드립니다)?)"
                   r"[\s.!~ㅠㅜ]*$")
_OPEN = ("?", "？")
# whose thing it is when it is not the user's: "친구 고양이가", "옆집 강아지가", "사장님이"
_OTHERS = frozenset("친구 동료 지인 옆집 이웃 선배 후배 팀장 사장 상사 룸메 룸메이트 남 남들 사람 "
                    "사람들 누구 걔 쟤 얘 그분 손님 고객 학생 환자 너 네 니 당신".split())
_HYPOTHETICAL = frozenset({"면", "으면", "다면", "ᆫ다면", "는다면", "라면", "이라면"})
_PURCHASE = frozenset({"사", "구매", "구입", "장만", "주문"})
# a clause that only says where what follows comes from ("뉴스에서 봤는데 …", "동료가 그러는데 …")
_FRAMES = frozenset("그러 말하 얘기하 이야기하 듣 들 보 읽".split())


def _asking(rest: list[korean.Token], text: str) -> bool:
    """What follows the cut is a question, a request, a wondering or a reaction to the
    moment ("괜찮나요", "뭐 마시지", "도와줘", "모르겠어", "힘드네요")."""
    words = [t for t in rest if not t.tag.startswith("S")]
    if not words:
        return False
    if text.rstrip().endswith(_OPEN) or _ASKS.search(text.strip()):
        return True
    last = next((t for t in reversed(words) if t.tag == "EF"), None)
    if last is not None and last.form in _ASK_EF:
        return True
    if any(t.form == "궁금" or (t.form == "모르" and i + 1 < len(words)
                                and words[i + 1].form == "겠") for i, t in enumerate(words)):
        return True  # "…인지 모르겠어", "…궁금해요" (but "하나도 모름" states)
    if any(t.form == "고민" for t in words) and any(t.form in _WH for t in words):
        return True  # "뭘 해드릴지 고민이에요": an indirect question the user is stuck on
    # "라떼 대신 뭐 마시지": a wh-word and a sentence end said to oneself
    return last is not None and last.form in ("지", "죠", "지요") \
        and any(t.form in _WH for t in words)


def _reacts(rest: list[korean.Token]) -> bool:
    last = next((t for t in reversed(rest) if t.tag == "EF"), None)
    return last is not None and last.form in _REACT_EF


def _has_subject(head: list[korean.Token]) -> bool:
    return any(t.tag == "JKS" or (t.tag == "JX" and t.form in ("은", "는")) for t in head)


# "잠 깨는 데 좋은 음악", "살 빼는 데 도움이 되는": 데 as "for", not a background clause
_FOR = frozenset("좋 도움 필요 쓰 효과 걸리 들 괜찮 최고 에 에는 는 도".split())


def _cuts(toks: list[korean.Token]) -> list[int]:
    """Where a background or reason clause ends: "…는데" (Kiwi may read "키우는데" as 는 +
    the noun 데), "…라서", "…있어서", "…샀으니까". A sequence ("가서") is no reason clause:
    -어서 counts only after an adjective, 있다/없다, the copula or a past tense."""
    out = []
    for i, t in enumerate(toks[:-1]):
        if t.tag in ("EC", "EF") and _CONNECTIVE.search(t.form):
            out.append(i)
        elif t.tag == "ETM" and t.form in ("는", "은", "ᆫ") and toks[i + 1].form in ("데", "디") \
                and toks[i + 1].tag == "NNB" and toks[i + 1].start == t.end:
            # (the dialect's "맞는디" is "맞는데"; "할 만한 데 있어?", with a space, is a place)
            if i + 2 >= len(toks) or toks[i + 2].form not in _FOR:
                out.append(i)
        elif t.tag == "EC" and t.form in _REASON and i:
            prev = toks[i - 1]
            if t.form in ("라", "이라", "라서", "이라서"):
                if prev.tag == "VCP":
                    out.append(i)
            elif t.form in ("니까", "으니까") or prev.tag.startswith(("VA", "VCP", "XSA", "EP")) \
                    or prev.form in ("있", "없"):
                out.append(i)
    return out


# someone's proposal reported ("먹자는데", "가자고 하는데", "바꾸재서"): the thing is not done yet
_PROPOSED = frozenset({"자는데", "자고", "재서", "자길래", "자니까", "자는데요"})


# a clause that goes on to another ("…하고", "…지만", "…면서"): what follows is not one question
_GOES_ON = frozenset({"고", "지만", "면서", "으면서"})


def _goes_on(rest: list[korean.Token]) -> bool:
    """What follows the cut holds another clause before its question."""
    return any(t.tag == "EC" and t.form in _GOES_ON and i and rest[i - 1].tag.startswith(
        ("VV", "VA", "XSV", "XSA", "EP", "VCP")) and not (
        i + 1 < len(rest) and rest[i + 1].tag == "VX") for i, t in enumerate(rest))


def _theirs(head: list[korean.Token]) -> bool:
    """The clause is not about the user or what is theirs: someone else's thing or doing
    ("친구 고양이가 …", "옆집 사람이 …"), a hypothetical ("고양이 키우면 …"), a wish, or a
    plan to buy ("V15 사려고 하는데 …")."""
    for i, t in enumerate(head):
        if t.tag == "EC" and t.form in _HYPOTHETICAL:
            return True
        if t.form == "싶" or (t.tag in ("EC", "EF") and t.form in ("ᆯ까", "을까")):
            return True
        if t.tag == "EC" and t.form in ("려고", "으려고") and i and (
                head[i - 1].form in _PURCHASE or (i > 1 and head[i - 1].tag == "XSV"
                                                 and head[i - 2].form in _PURCHASE)):
            return True
    if any(t.tag == "EC" and t.form in _PROPOSED for t in head):
        return True  # "남편이 캠핑 가자고 하는데 …?": someone proposes it; nothing is done yet
    if any(t.tag == "EC" and t.form in ("어야", "아야", "여야") for t in head) \
            and not health_related(" ".join(t.form for t in head)):
        return True  # "회의록 정리해야 되는데 …": a task of the moment, not a fact
    last = max((i for i, t in enumerate(head) if t.tag.startswith(("VV", "VX", "XSV"))),
               default=None)
    if last is not None and head[last].form in _FRAMES \
            and all(t.tag == "EP" for t in head[last + 1:]):
        return True  # "뉴스에서 봤는데 …": where what follows was heard or read
    if _weather(head):
        return True  # "오늘 비 오는데 …?": the weather is no one's
    subject = next((i for i, t in enumerate(head)
                    if t.tag == "JKS" or (t.tag == "JX" and t.form in ("은", "는"))), None)
    nouns = head[:subject] if subject is not None else []
    return any(t.form in _OTHERS or t.form.endswith("네") and t.tag == "NNG"
               or (t.tag == "XSN" and t.form == "님") for t in nouns)


# the weather as the clause's subject ("비 오는데", "날씨가 추워서", "밖에 눈 와서"); 눈 is also
# the eye ("눈이 아파서"), so it is the weather only with a verb of falling
_WEATHER = frozenset("비 소나기 폭우 날씨 바람 장마 태풍 미세먼지 황사 안개 폭염 한파 우박 폭설".split())
_FALLS = frozenset("오 내리 그치 쏟아지 쌓이".split())
# what the weather does ("바람 피운 …" is no wind)
_WEATHERS = _FALLS | frozenset("불 춥 덥 흐리 맑 심하 심 좋 나쁘 세 강하 많 차 끼 쌀쌀하 습하 "
                               "덮치 오락가락하 선선하 따뜻하 건조하 화창하 후텁지근하".split())


def _weather(head: list[korean.Token]) -> bool:
    """A weather noun is the subject of the clause's predicate (marked or not)."""
    for i, t in enumerate(head[:-1]):
        fine_dust = t.form == "먼지" and i > 0 and head[i - 1].form in ("미세", "초미세")
        if t.tag != "NNG" or (t.form not in _WEATHER and t.form != "눈" and not fine_dust):
            continue
        j = i + 1
        if head[j].tag == "JKS" or (head[j].tag == "JX" and head[j].form in ("은", "는")):
            j += 1
        while j < len(head) and head[j].tag == "MAG":
            j += 1  # "비가 많이 와서"
        said = head[j].form + "하" if j < len(head) and head[j].tag == "XR" else \
            head[j].form if j < len(head) else ""  # "쌀쌀한데": 쌀쌀/XR + 하/XSA
        if said in (_FALLS if t.form == "눈" else _WEATHERS):
            return True
    return False


# "우리 고슴도치 밤톨이가 …", "우리 금붕어 '뽀글이' …": the user's pet said by kind and name
_PET_NAMED = re.compile(
    rf"(?<![가-힣])(?:우리|제|내|저희|울)\s(?:집\s)?(?P<kind>{korean.PETS_KO})\s"
    r"(?:['‘\"“](?P<quoted>[가-힣A-Za-z]{1,8})['’\"”]|(?P<bare>[가-힣A-Za-z]{1,8}(?:가|는|를|랑|도|한테)?))")


def _korean(text: str) -> str | None:
    """"회사에서 팀장 됐는데 팀원 관리 팁 있어?" → "회사에서 팀장 됐어": the clause before the
    last "…는데" / "…라서" / "…니까" when what follows it asks, requests or wonders; and
    "우리 고슴도치 밤톨이가 … 모르겠어" → "우리 고슴도치 이름은 밤톨이야": a question about
    the user's pet says who the pet is."""
    text = korean.unfilled(text)  # "아 그리고 저 …는데 …?": the premise starts at "저"
    toks = korean.tokens(text)
    cuts = _cuts(toks)
    cut = cuts[-1] if cuts and not _goes_on(toks[cuts[-1] + 1:]) and (
        _asking(toks[cuts[-1] + 1:], text[toks[cuts[-1]].end:])
        or (_reacts(toks[cuts[-1] + 1:]) and _has_subject(toks[:cuts[-1]]))) else None
    if cut is None:
        return _named(text, toks)
    before = toks[:cut]
    if toks[cut].form in _PROPOSED:
        return None  # "의사가 statin 먹자는데 먹어야 돼?": proposed to the user, not done
    if not before or _theirs(before) or heard_of_outsider(text[:toks[cut].end]):
        return None  # ("회사 동료 keto 한다는데 …?": what was heard of someone else)
    if korean.negated(before) and not health_related(text[:toks[cut].start]):
        # "우리 햄스터 도토리가 쳇바퀴를 안 돌리는데 왜 그럴까?": what it does not do is no
        # memory (unless a health rule reads it whole); who it is, is
        return _named(text, toks)
    said = _said(text, before, toks[cut])
    aside = re.match(r"(?:[데디]요?)?\s*(\([^()]{1,60}\))", text[toks[cut].end:])
    if said and aside is not None:  # "딸 둘 있는데 (서아랑 서윤, 6살) … 추천 좀": the bracket
        said = f"{said} {aside.group(1)}"  # names what the clause before it says
    return said or _named(text, toks)


def _named(text: str, toks: list[korean.Token]) -> str | None:
    """The user's pet said by kind and name inside a question."""
    if not (text.rstrip().endswith(_OPEN) or _asking(toks, text)):
        return None
    m = _PET_NAMED.search(text)
    if m is None:
        return None
    name = m.group("quoted") or m.group("bare")
    if m.group("bare"):
        name = _pet_name(m.group("bare"), m.start("bare"), toks)
        if name is None:
            return None
    return f"우리 {m.group('kind')} 이름은 {name}" + ("이야" if has_batchim(name) else "야")


def _said(text: str, before: list[korean.Token], cut: korean.Token) -> str | None:
    """The clause ``before`` the cut in the plain statement form, or None."""
    # "당뇨 전단계라고 하는데" / "전단계라는데": what the user was told about themselves
    if len(before) >= 3 and before[-1].form == "하" and before[-2].form in ("라고", "이라고") \
            and before[-3].tag == "VCP":
        before = before[:-2]
    if before[-1].tag == "VCP":  # "채식주의자인데" → "채식주의자야", "당뇨라" → "당뇨야"
        noun = text[:before[-1].start].rstrip()
        said = noun + ("이야" if has_batchim(noun) else "야")
        if cut.form in _REASON and not _has_subject(before) and not (
                before[0].tag == "IC" and before[0].form in ("저", "나")):
            return None  # "겨울이라 …", "광복절이라 …": the season or the day, not the user
        return said if cut.form not in _REASON else _as_speaker(said, before)
    word_start = text.rfind(" ", 0, before[-1].start) + 1
    word = [(t.form, t.tag.split("-")[0]) for t in before if t.start >= word_start]
    if not word or not any(t[1].startswith(("V", "XSV", "XSA")) for t in word):
        return None
    if word[-1] == ("사", "VV") and cut.form == "는":
        # "광명 사는데": Kiwi cannot tell 살다 (live, ㄹ dropped) from 사다 (buy) here, and
        # both say "산다" in the plain form; "사" alone would only mean "buy"
        return _as_speaker(text[:word_start] + "산다", before)
    joined = korean._kiwi().join([*word, ("어", "EF")])  # "됐어", "하셔", "키워"
    return _as_speaker(text[:word_start] + str(joined), before)


def _as_speaker(clause: str, toks: list[korean.Token]) -> str:
    """A clause with no subject before the user's question is the user's own ("Dyson V15
    샀는데 …?" → "저는 Dyson V15 샀어"): said with "저는", it reads as the user's statement
    (and as Korean, however many English words it holds)."""
    if toks and toks[0].form in ("저", "나") and toks[0].end == 1 \
            and clause.startswith(toks[0].form + " "):
        # a bare 저/나 with no particle, whatever Kiwi reads it as (a filler, a pronoun, a
        # prefix): "저 당뇨라 …" → "저는 당뇨야", "나 Fujifilm X-T30 쓰는데 …" → "저는
        # Fujifilm X-T30 써"
        return "저는 " + clause[2:]
    if any(t.tag in ("JKS", "NP") or (t.tag == "JX" and t.form in ("은", "는")) for t in toks):
        return clause
    return "저는 " + clause


_FAMILIAR = re.compile(r"(?P<n>[가-힣]*[가-힣]이)(?:가|는|를|랑|도|한테)$")


def _pet_name(word: str, at: int, toks: list[korean.Token]) -> str | None:
    """The name in "우리 고슴도치 밤톨이가": a word Kiwi reads as a proper noun, or one said with
    the familiar 이 after a final consonant ("밤톨이", "콩이") — a common noun takes no 이
    before its particle ("사료가", "털이"), so "우리 강아지 사료가 …" names no one."""
    token = next((t for t in toks if t.start == at), None)
    if token is not None and token.tag == "NNP":
        return token.form
    m = _FAMILIAR.match(word)
    if m is None or len(m.group("n")) < 2 or not has_batchim(m.group("n")[:-1]):
        return None
    return m.group("n")
