"""What kind of utterance a sentence is, before any rule reads it (W3).

Every extractor path (slot rules, the generic keep-or-drop gate, explicit requests) first
asks this module whether a sentence is a statement at all: greetings, thanks and fillers,
questions, hypotheticals, reported speech, beliefs the user is correcting ("I always thought
it was Sydney"), promises of the moment ("우산 챙겨야겠다", "병원 가볼게"), hearsay and
evidential remarks ("신라면도 맵더라고요"), requests for help ("I need a workout plan") and
turns the user takes back ("… 는 거짓말이고", "just kidding") are not. For Korean it also
says who a sentence is about (``ko_subject``) from Kiwi's analysis: the user (said or
dropped), a relative or pet, or something else ("바다가 가까워서 좋아요"), which decides
whether "사용자는" may be put in front of it and whether it continues the previous topic.
"""

from __future__ import annotations

import re

from gieok.write.extract import asides
from gieok.write.extract.korean import FAMILY_KO, PETS_KO, Token, tokens

_HANGUL = re.compile(r"[\uac00-\ud7a3]")

_SPLIT = re.compile(
    r"(?<![\s.][A-Z]\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bDr\.)(?<!\bSt\.)(?<!\bMrs\.)(?<=[.!?。！？~])\s+|\n+|(?<=[가-힣][ㅠㅜㅋㅎ])\s+(?=[가-힣A-Za-z]{2})|"
    r"(?<=[가-힣]\s[ㅠㅜㅋㅎ])\s+(?=[가-힣A-Za-z]{2})|(?<=[ㅠㅜㅋㅎ]{2})\s+(?=[가-힣A-Za-z]{2}|\d+\s?[가-힣])|"
    # an emoticon or emoji ends what was said before it ("broke up last month :( I moved out")
    r"(?<=\s[:;][()DPp])\s+(?=[A-Za-z가-힣])|(?<=\s[:;]-[()DPp])\s+(?=[A-Za-z가-힣])|"
    r"(?<=[\U0001F300-\U0001FAFF])\s+(?=[A-Z가-힣])|"
    r"(?<=니다|어요|아요|예요|에요|해요|세요|네요|군요|했다|한다|이다|었다|았다|든요|했어|있어|없어|"
    r"었어|았어)\s+(?=[가-힣A-Za-z]{2})"
)
_SMALL_TALK_WORD = (
    r"(?:hi|hello|hey|yo|hiya|thanks?|thank\s+you(?:\s+so\s+much)?|thx|ty|ok(?:ay)?|k|cool|"
    r"great|nice|good|awesome|perfect|sure|yes|yeah|yep|yup|no|nope|nah|lol|lmao|haha+|hehe+|"
    r"wow|oh|ah|hmm+|bye|goodbye|see\s+you|good\s+(?:morning|night|evening|afternoon)|"
    r"sounds\s+good|got\s+it|i\s+see|makes\s+sense|you['’]?re\s+(?:welcome|right|the\s+best)|"
    r"how\s+are\s+you(?:\s+doing)?|what['’]?s\s+up|안녕(?:하세요)?|ㅎㅇ|고마워(?:요)?|감사합니다|"
    r"감사해요|ㅋ+|ㅎ+|ㅠ+|ㅜ+|응+|어+|네+|넵|넹|예|아니(?:요)?|그래(?:요)?|좋아(?:요)?|오케이|"
    r"알겠어(?:요)?|알겠습니다|굿|대박|헐|와+|오+|진짜|맞아(?:요)?|잘\s?자|또\s?봐|수고(?:하세요)?|"
    r"잘\s?있어|반가워(?:요)?|반갑습니다|오랜만(?:이에요|이네요|이야|입니다|이다)?|ㅇㅋ|ㄱㅅ|ㄳ|그렇구나|그렇군요|아하|음+)"
)
# One or more small-talk words separated by punctuation or spaces ("thanks, bye"); a
# separator is required between words so the match stays linear on long "ㅋㅋㅋ…" runs.
_SMALL_TALK = re.compile(
    rf"^{_SMALL_TALK_WORD}(?:[\s.!?~,]+{_SMALL_TALK_WORD})*[\s.!?~,]*$", re.IGNORECASE
)
_QUESTION_EN = re.compile(
    r"^(?:what|where|when|who|whom|whose|why|how|which|do|does|did|can|could|would|will|"
    r"should|shall|is|are|am|was|were|have|has|had|may|might|any\s+idea|any\s+tips)\b",
    re.IGNORECASE,
)
# "my parrot keeps screaming at 6am, how do I stop this": a question after a comma, its
# question mark left off — the sentence asks; the clause before it is cut out by disclosure
_TRAILING_QUESTION_EN = re.compile(
    r",\s+(?:(?:so|and|but)\s+)?(?:(?:how|what|where|when|why)\s+(?:do|does|did|can|could|"
    r"should|would|is|are|to)|(?:which|who)\s+(?:do|does|did|can|could|should|would)\s+(?:i|we|"
    r"you)|(?:should|can|could|do)\s+(?:i|we)|any\s+(?:ideas?|tips|"
    r"advice|suggestions)|anyone\s+know)\b[^,;]*$", re.IGNORECASE)


def without_trailing_question(sentence: str) -> str:
    """The sentence without a question tacked on after a comma ("first winter in Tacoma and
    the rain is no joke, how do people deal" → "first winter in Tacoma and the rain is no
    joke"); unchanged when there is none."""
    return _TRAILING_QUESTION_EN.sub("", sentence).strip() or sentence


_QUESTION_KO = re.compile(
    r"(?:니|나요|까|까요|냐|냐고|어때|어때요|뭐야|뭐예요|뭘까|는지|을까|ㄹ까|래|대|죠|지요|"
    r"있을까|없을까|될까|할까|알아|아니|아세요|아나요|줄래)\s*[?？]*$"
)
_KO_WH = re.compile(r"(?:어디|뭐|뭘|무엇|언제|누가|누구|왜|어떻게|몇|어느|어떤)")
_HYPOTHETICAL = re.compile(
    r"^(?:if|what\s+if|imagine|suppose|pretend|let['’]?s\s+say|hypothetically|i\s+wish|"
    r"만약|만일|혹시)\b|(?:라면|이라면|다면)\s", re.IGNORECASE
)
_REPORTED = re.compile(
    r"\b(?:he|she|they|my\s+friend|someone|a\s+friend)\s+(?:said|says|told|thinks|asked)\b|"
    r"(?:라고\s?(?:했어|하더라|하던데|말했)|(?:했|한)대)|"
    # someone else asks, nags or tells the user to do something: their words, not a fact
    r"\b(?:keeps?|kept)\s+(?:nagging|telling|asking|bugging|reminding|pestering|saying|claiming|"
    r"insisting)\b|"
    r"\b(?:nag(?:s|ged|ging)?|bug(?:s|ged|ging)?|pester(?:s|ed|ing)?|remind(?:s|ed)?|"
    r"beg(?:s|ged)?|ask(?:s|ed)?|told|tells|wants?|wanted)\s+me\s+to\b|"
    # Korean indirect speech: a quoted clause (-라고/-냐고/-자고/-다고) and a verb of saying
    r"[가-힣](?:라고|냐고|자고|다고)\s?(?:\S+\s)?(?:하|해|했|물어|묻|말|잔소리|그러|그랬|얘기|"
    r"전화|부탁|시키|시켜|난리|닦달|성화|조르|졸라)", re.IGNORECASE
)
# Reactions to the assistant's answer ("이제 이해했어", "덕분에 해결됐어요", "makes sense"),
# corrections of what was just typed ("I meant Tuesday"), promises of the moment said with
# -ㄹ게 where Kiwi misreads the ending ("다시 ask할게 bye").
_REACTION = re.compile(
    r"이해(?:했|됐|되었|가\s?돼|가\s?됐)|알겠|도움\s?(?:이\s?)?(?:됐|되었|돼|많이)|해결(?:됐|되었|돼)|"
    r"덕분에|땡큐|고마|감사|"
    r"\b(?:got\s+it|makes\s+sense|understood|that\s+help(?:s|ed)|(?:very|super|really|so)\s+"
    r"helpful|nice\s+job|good\s+job|well\s+done|thanks?|thank\s+you|i\s+meant|i\s+mean\b|"
    r"typo)\b", re.IGNORECASE)
# an intention for the next hours ("I'll probably just order pizza tonight", "gonna nap now")
_EN_MOMENT = re.compile(
    r"\b(?:i['’]ll|i\s+will|i['’]m\s+(?:gonna|going\s+to)|gonna|i\s+might)\b[^.!?]*\b(?:tonight|"
    r"today|right\s+now|now|later(?:\s+today)?|in\s+a\s+(?:bit|minute|sec|few\s+minutes)|"
    r"this\s+(?:afternoon|evening|morning)|after\s+(?:work|lunch|dinner|class))\b", re.IGNORECASE)
_KO_PROMISE = re.compile(r"[갈할볼올줄될낼물살쓸알놀만][게께](?:요)?(?=$|[\s.!~?ㅋㅎ]|[A-Za-z])")

def split_sentences(text: str) -> list[str]:
    """Sentences of a turn; a Korean run without punctuation is cut after each final ending
    ("반도 못 쌌어 고양이 두 마리도 있어서 더 정신없어" is two sentences), and coordinated
    clauses with subjects of their own are cut apart ("My dog Bori is 3 years old and I am
    allergic to peanuts", "강아지는 세 살이고 저는 땅콩 알레르기가 있어요"): each says
    something of its own, and one compound memory would blur (and supersede) both."""
    parts = [p.strip() for p in _SPLIT.split(text) if p and p.strip()]
    parts = [q.strip() for p in parts for q in _switch(p) if q.strip()]
    parts = [q.strip() for p in parts for q in _topic_shift(p) if q.strip()]
    out: list[str] = []
    parts = [q for p in parts for q in _introduction(p)]
    for part in parts:
        pieces = _split_ko(part) if _HANGUL.search(part) else _comma_splice(part)
        out.extend(c for piece in pieces for c in _coordinated(piece))
    return [p for p in out if p]


# "…, and I …" / "… but my sister …": a clause with its own subject after a coordinator
_EN_COORD = re.compile(
    r",?\s+(?:and|but)\s+(?=(?:[Ii](?:['’](?:m|ve|d|ll))?\s+\w|we(?:['’](?:re|ve))?\s+\w|"
    r"(?:my|our)\s+[\w-]+(?:\s+[A-Z][a-z]+)?\s+(?:is|was|has|had|are|were|just|also|still|"
    r"lives|works|loves|likes|hates|takes|turned|turns|starts|started|goes|got)\b))")
_KO_COORD = re.compile(
    r"(?<=[가-힣])(?<![라다냐자])(?:고|며|지만)\s+(?=(?:(?:저는|나는|난|전|제가|내가|저도|나도)\s|"
    rf"(?:(?:우리|저희|울|제|내)\s?(?:집\s?)?)?(?:{FAMILY_KO}|{PETS_KO})\S{{0,4}}?(?:은|는|이|가)\s))")


def _coordinated(sentence: str) -> list[str]:
    """Coordinated clauses with their own subjects, as separate sentences (the left clause
    must be a clause too: "My wife and I moved" is one sentence)."""
    pattern = _KO_COORD if _HANGUL.search(sentence) else _EN_COORD
    out, start = [], 0
    for m in pattern.finditer(sentence):
        left = sentence[start:m.start()].strip()
        if len(left.split()) >= (2 if _HANGUL.search(left) else 4):
            # "세 살이고" → "세 살이다": the clause ends as a statement of its own; an
            # honoured verb keeps its honour ("대구에 사시고" → "대구에 사세요": "사시다" reads as
            # 사다, to buy)
            if _HANGUL.search(left) and left.endswith("시") and m.group(0).startswith("고"):
                out.append(left[:-1] + "세요")
            else:
                out.append(left + sentence[m.start():m.start() + 2].replace("고", "다").replace(
                    "며", "다").replace("지만", "다").strip() if _HANGUL.search(left)
                    else left + ".")
            start = m.end()
    out.append(sentence[start:].strip())
    return [o for o in out if o]


# "she only eats wet food right now, the breeder said …", "a british shorthair, she's about 10
# weeks old": a comma before someone who says something, or a noun phrase (an answer) before a
# pronoun and its verb, starts a sentence of its own (chat rarely uses a full stop there)
_EN_SPLICE = re.compile(
    r",\s+(?:and\s+|but\s+|also\s+|so\s+)?(?:(?P<said>(?=(?:(?:the|my|our|his|her)\s+)?[a-z]+\s+"
    r"(?:said|says|thinks|told\s+(?:me|us))\b))|(?=(?:she|he|they)(?:['’](?:s|re|ll|d))?\s+[a-z0-9]))",
    re.IGNORECASE)
_EN_NOUN_PHRASE = re.compile(r"^(?:(?:just|only|yeah|yes|yep|oh|um|like)[,\s]+)*(?:an?|the|some|"
                             r"about|around|my|our|\d+)\b(?![^,]*\b(?:is|was|are|were|has|had)\b)",
                             re.IGNORECASE)


# "quick intro: I'm Mina, 31, product designer at a fintech startup called Pebble": a name,
# then a list of what the speaker is — each a fact of its own (one memory stating name, age
# and employer would be superseded whole by a new job)
_INTRO = re.compile(
    r"^(?P<lead>(?:[\w'’!]+\s+){0,3}?[\w'’!]+[:,!-]\s+)?(?:I['’]m|I\s+am|im|my\s+name\s+is|"
    r"name['’]s|this\s+is)\s+(?P<name>(?-i:[A-Z])[a-z]+(?:\s+(?-i:[A-Z])[a-z]+)?)\s*,\s*"
    r"(?P<rest>.+)$", re.IGNORECASE)
_AGE_ITEM = re.compile(r"^(?P<n>\d{1,2})(?:\s*(?:yo|y/o|years?\s+old|yrs?\s+old))?$", re.IGNORECASE)
_WHAT_ITEM = re.compile(r"^(?:and\s+)?(?:I|I['’]m|my)\s|^(?:a|an)\s+\w|^[a-z][\w-]*(?:\s+[\w-]+){0,4}\s+(?:at|for|in)\s+\S|"
                        r"^(?:from|based\s+in|living\s+in|married|single|mom|dad|mother|father)\b",
                        re.IGNORECASE)


def _introduction(sentence: str) -> list[str]:
    """A self-introduction's list, one sentence per item ("my name is Mina", "I'm 31",
    "I'm a product designer at …"); the sentence itself when it is not one."""
    m = _INTRO.match(sentence.strip())
    if m is None:
        return [sentence]
    items = [i.strip(" .!") for i in re.split(r",\s*(?:and\s+)?", m.group("rest")) if i.strip(" .!")]
    if not items or not all(_AGE_ITEM.match(i) or _WHAT_ITEM.match(i) for i in items):
        return [sentence]
    out = [f"{m.group('lead') or ''}my name is {m.group('name')}"]
    for item in items:
        age = _AGE_ITEM.match(item)
        clause = re.sub(r"^(?:and|but|so)\s+", "", item, flags=re.IGNORECASE)
        if age is not None:
            out.append(f"I'm {age.group('n')}")
        elif re.match(r"(?:I|I['’]m|I['’]ve|my)\b", clause):  # "…, and I live in Seoul"
            out.append(clause)
        elif re.match(r"(?:from|based|living|married|single|a|an|\w+ing)\b", item,
                      re.IGNORECASE):
            out.append(f"I'm {item}")
        else:
            out.append(f"I'm a {item}")
    return out


def _comma_splice(sentence: str) -> list[str]:
    """Comma-spliced English sentences, apart (the left side needs two words and must not be
    a condition: "If it rains, he stays inside" stays one)."""
    out, start = [], 0
    for m in _EN_SPLICE.finditer(sentence):
        left = sentence[start:m.start()].strip()
        if len(left.split()) >= 2 and (m.group("said") is not None or _EN_NOUN_PHRASE.match(left)) \
                and not re.search(r"\b(?:if|when|because|since|while|although|though|after|"
                                  r"before|unless)\b", left, re.IGNORECASE):
            out.append(left)
            start = m.end()
    out.append(sentence[start:].strip())
    return [o for o in out if o]


_SHIFT = re.compile(r",?\s+(?:anyway|anyways|anyhow|long\s+story\s+short|in\s+other\s+news)\b[,\s]*",
                    re.IGNORECASE)


def _topic_shift(text: str) -> list[str]:
    """"… which sucks because I liked the neighborhood, anyway I'm looking at places in
    Queens now": a run-on turn changes topic at "anyway" — two sentences (each side three
    words or more)."""
    if _HANGUL.search(text):
        return [text]
    out, start = [], 0
    for m in _SHIFT.finditer(text):
        left, right = text[start:m.start()], text[m.end():]
        if len(left.split()) >= 3 and len(right.split()) >= 3:
            out.append(left)
            start = m.end()
    out.append(text[start:])
    return out


def _switch(text: str) -> list[str]:
    """"I live in Seoul, 그리고 고양이 키워요": an English clause, then a Korean one — two
    sentences (a comma where the language changes and the left side has no Hangul)."""
    m = re.search(r",\s*(?=(?:그리고|근데|그런데|또)?\s*[가-힣])", text)
    if m is None or _HANGUL.search(text[:m.start()]) or len(text[:m.start()].split()) < 2:
        return [text]
    return [text[:m.start()], text[m.end():]]


def _split_ko(text: str) -> list[str]:
    toks = tokens(text)
    cuts = [t.end for i, t in enumerate(toks[:-1])
            if t.tag == "EF" and toks[i + 1].tag not in ("SF", "SE", "SO", "SW", "JX", "JKQ", "EC")
            and text[t.end:t.end + 1] == " "]
    if not cuts:
        return [text]
    bounds = [0, *cuts, len(text)]
    return [text[a:b].strip(" ,") for a, b in zip(bounds, bounds[1:], strict=False)]


def is_noise(sentence: str) -> bool:
    """Greetings, thanks, fillers, questions, hypotheticals, reported speech, corrected
    beliefs, promises of the moment, evidential remarks and requests for help."""
    s = sentence.strip()
    if not re.search(r"\w", s) or _SMALL_TALK.match(s) or _SMALL_TALK.match(_unfill(s)):
        return True
    if s.endswith(("?", "？")) or asides.deliberates(s):
        return True  # (a question, or weighing it: "이사 가야 하나 고민했다", "wondering if …")
    if _HANGUL.search(s):
        if _QUESTION_KO.search(s) and (_KO_WH.search(s) or s.endswith(("까", "까요", "니", "냐"))):
            return True
        if _ko_not_statement(s) or _KO_PROMISE.search(s):
            return True
        # a question without its mark — unless the speaker says something of themselves in it
        # first ("내가 당뇨가 있어서 인슐린 맞는디 … 맞는가": the other rules read the fact)
        if asides.ko_asks(s) and not _SELF_KO.search(s):
            return True
    elif (_QUESTION_EN.match(s) and not re.match(r"(?:do\s+not|did\s+not)\b", s, re.I)) \
            or _TRAILING_QUESTION_EN.search(s):
        return True
    if _EN_BELIEF.search(s) or _EN_HELP.match(_unfill(s)) or _REACTION.search(s) \
            or _EN_MOMENT.search(s) or _TASK.match(_unfill(s)) or _PLEASANTRY.search(s):
        return True
    return bool(_HYPOTHETICAL.search(s) or _REPORTED.search(s)) or _slip(s) or denial(s)


# "no, I'm not vegan", "No, I don't have kids": a no to what the assistant took for granted —
# what the user is not or has not is no memory (health is: "no, I don't have allergies" stays
# for the other rules)
_DENIAL = re.compile(r"^(?:no|nope|nah|not\s+really)[,.!\s]+(?:i['’]m\s+not|i\s+am\s+not|"
                     r"i\s+don['’]?t\s+have|i\s+do\s+not\s+have|i\s+haven['’]?t\s+got)\b",
                     re.IGNORECASE)
_HEALTH_WORD = re.compile(r"allerg|medic|meds\b|diabet|pregnan|condition|asthma|epilep",
                          re.IGNORECASE)


def denial(s: str) -> bool:
    """Whether the sentence is such a no (a clause of it is not cut out: disclosure.py)."""
    return _DENIAL.search(s) is not None and _HEALTH_WORD.search(s) is None


# "I always forget", "I always mix them up", "아 맨날 헷갈려", "이번 달 깜빡했어": a slip of memory
# said as a remark — what is forgotten is said (if at all) in a clause of its own, which stays
_EN_SLIP = re.compile(
    r"^(?:(?:right|yeah|yes|ugh|lol|oh|ha+|and|but|honestly)[,!.\s]+)*I\s+(?:always\s+|keep\s+|still\s+|"
    r"usually\s+|constantly\s+|often\s+|just\s+|totally\s+)*(?:forget(?:ting)?|forgot|mix(?:ing)?\s+"
    r"(?:them|it|those|these|the\s+two)\s+up|confuse\s+(?:them|it|those|these|the\s+two))"
    r"(?:\s+(?:it|them|that|lol|haha|again|every\s+time|all\s+the\s+time))*[\s.!~]*$", re.IGNORECASE)
_KO_SLIP = frozenset({"헷갈리", "까먹", "잊어버리", "잊", "깜빡", "깜박"})


def _slip(s: str) -> bool:
    if not _HANGUL.search(s):
        return _EN_SLIP.match(s) is not None
    toks = tokens(s)
    # the slip is the last predicate ("헷갈려"; Kiwi reads the 깜빡 of "깜빡했어" as an adverb)
    # and the only clause (not "노션 쓰는데 자꾸 까먹어")
    said = [t for t in toks if t.tag in ("VV", "VA") or (t.tag == "MAG" and t.form in _KO_SLIP)]
    return bool(said) and said[-1].form in _KO_SLIP and not any(
        t.tag == "EC" and t.form in ("는데", "은데", "ㄴ데", "고", "어서", "아서", "지만")
        for t in toks)


# A task for the assistant ("explain quantum entanglement like I'm five", "시 한 편 써줘.
# 주제는 바다"): the request and its parameters, not a statement about the user.
_TASK = re.compile(
    r"^(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:explain|describe|write|draft|compose|"
    r"list|summari[sz]e|translate|generate|brainstorm|compare|define|calculate|convert|recommend|"
    r"suggest|outline|rewrite|proofread|give\s+me|show\s+me|tell\s+me\s+(?:a|an|about|how|why|"
    r"what))\b|^(?:주제|분량|톤|길이|형식|스타일|말투|대상|글자\s?수|예산|가격대)(?:는|은)\s|"
    r"^(?:the\s+|my\s+)?(?:topic|tone|length|style|format|word\s+count|budget|price\s+range)\s+"
    r"(?:is|should\s+be|:)",
    re.IGNORECASE)
# Pleasantries that state nothing ("내년에도 잘 부탁해", "happy new year").
_PLEASANTRY = re.compile(r"잘\s?부탁(?:해|합니다|드려요|드립니다|해요)|새해\s?복|메리\s?크리스마스|"
                         r"\bhappy\s+(?:new\s+year|holidays|birthday)\b|\bmerry\s+christmas\b|"
                         # a reaction to the moment ("made my day honestly")
                         r"^(?:(?:that|it|this|honestly|lol)\s+)?made\s+my\s+(?:day|week|night|morning)\b",
                         re.IGNORECASE)


def _unfill(sentence: str) -> str:
    return _FILLERS.sub("", sentence.strip()).strip()


_FILLERS = re.compile(r"^(?:(?:아무튼|암튼|그럼|그리고|근데|아|음|헐|오|와|anyway|well|so|ok(?:ay)?|"
                      r"oh|and|but|also|huh|hmm+|ngl|tbh|btw)[\s,.~!]+)+", re.IGNORECASE)
_EN_BELIEF = re.compile(r"\b(?:i|we)\s+(?:always\s+|just\s+|really\s+|honestly\s+)?(?:thought|"
                        r"figured|assumed|believed|imagined|wondered|forgot)\b", re.IGNORECASE)
_EN_HELP = re.compile(r"^(?:i\s+|we\s+)?(?:need|want|would\s+like|['’]d\s+like)\s+(?:a|an|some|"
                      r"help|ideas|advice|tips|suggestions|recommendations?|to\s+know)\b",
                      re.IGNORECASE)
# "… 는 거짓말이고 아직 피워", "농담이야", "just kidding": the turn takes back what it said.
_RETRACTED = re.compile(r"거짓말이(?:고|야|에요|지)|농담이(?:야|에요|고)|장난이(?:야|고)|"
                        r"(?:아까|방금)\s?(?:말한|한\s?말|얘기한)\s?(?:거|것)?\s?(?:은|는)?\s?취소|"
                        r"(?:^|[.!?]\s*)(?:(?:ok(?:ay)?|just|please|actually)[\s,]+)*forget\s+(?:what\s+i\s+"
                        r"(?:just\s+)?said|that|it|about\s+it)\s*[.!]*$|"
                        r"\bjust\s+kidding\b|\bjk\b|\bkidding\b", re.IGNORECASE)


def takes_back(turn_text: str) -> bool:
    """A short turn that only takes back the one before ("lol jk", "아 농담이야 ㅋㅋ", "just
    kidding, I'm not getting a dog"): what the user said just before is no statement."""
    words = re.findall(r"[\w'’]+", turn_text)
    return retracted(turn_text) and len(words) <= 10 and not re.search(
        r"\bkidding\s+(?:me|aside)\b|\bno\s+kidding\b|농담\s?(?:아니|아냐|말고)|장난\s?아니", turn_text,
        re.IGNORECASE)


def retracted(turn_text: str) -> bool:
    """The user takes back what the turn says: nothing in it is a statement."""
    return _RETRACTED.search(turn_text) is not None


def final_predicate(toks: list[Token]) -> list[Token]:
    """The tokens of a sentence's last predicate word (its stem through its ending)."""
    return _final(toks)


def _final(toks: list[Token]) -> list[Token]:
    """The tokens of the last predicate word (its stem through its ending)."""
    last = max((i for i, t in enumerate(toks) if t.tag not in ("SF", "SE", "SW", "SP", "SS")),
               default=-1)
    start = last
    while start > 0 and toks[start - 1].end >= toks[start].start:  # contractions overlap
        start -= 1
    return toks[start:last + 1]


def _ko_not_statement(sentence: str) -> bool:
    """Promises and intentions of the moment (-겠다, -ㄹ게, -ㄹ래), evidential remarks
    (-더라, -던데) and explanations of a past moment (-던 거야)."""
    toks = tokens(sentence)
    final = _final(toks)
    forms = {(t.form, t.tag) for t in final}
    if ("겠", "EP") in forms:
        return True
    if any(t.tag == "EF" and t.form.startswith(("ᆯ게", "을게", "ᆯ래", "을래", "더라", "던데"))
           for t in final):
        # "저는 버터보다 올리브유 넣는 게 좋더라고요": the speaker's own liking, found out by
        # experience, is a preference (not a remark on a thing, "신라면도 맵더라고요")
        return not (any(t.tag == "NP" and t.form in ("나", "저") for t in toks)
                    and any(t.tag == "VA" and t.form in ("좋", "싫") for t in final))
    return any(t.form == "던" and t.tag == "ETM" for t in toks) and any(
        t.form in ("거", "것") and t.tag == "NNB" for t in final)


_PERSON = re.compile(rf"^(?:{FAMILY_KO}|{PETS_KO}|사용자|선생님|의사|수의사)$")
_BODY = re.compile(r"알레르기|알러지|두드러기|백내장|당뇨|질환|염$|병$|혈압|혈당|체중|몸무게|살$|"
                   r"허리|무릎|머리|배$|눈$|귀$|이빨|목$|어깨|다리|팔$|손$|발$|피부|몸$|열$|기침|콧물")
# The speaker as subject ("난", "제가", "우리 이사했어") — not "제 동생", "우리 고양이".
_SELF_KO = re.compile(rf"(?<![가-힣])(?:(?:나|저)(?:는|가|도|랑|한테)?|난|전|내가|제가|"
                      rf"(?:우리|저희)(?:는|가|도)?)(?=\s|$)(?!\s?(?:집\s?)?(?:{FAMILY_KO}|{PETS_KO}))")


def ko_subject(sentence: str, names: frozenset[str] = frozenset()) -> str:
    """Who a Korean sentence is about: "self" (the speaker, said), "entity" (a relative, pet
    or named person), "foreign" (something else is the subject of an adjective — "바다가
    가까워서 좋아요", "병원 찾기가 어려워요"), or "none" (no subject: the topic carries on)."""
    if _SELF_KO.search(sentence):
        return "self"
    toks = tokens(sentence)
    # an adjective other than 있다/없다 ("면접이 있어" is "I have an interview")
    adjectival = any(t.tag.startswith(("VA", "XSA")) and t.form not in ("있", "없", "계")
                     for t in _final(toks))
    segment: list[Token] = []
    for tok in toks:
        if tok.tag in ("JKS", "JX", "JKC") and segment:
            nouns = [t.form for t in segment if t.tag.startswith(("NN", "NP", "SL"))]
            # the segment as written too: Kiwi reads "사위는" as 사/NR + 위/NNB
            said = sentence[segment[0].start:segment[-1].end]
            if any(_PERSON.match(n) or n in names for n in nouns) or _PERSON.match(said):
                return "entity"
            if nouns and any(_BODY.search(n) for n in nouns):
                segment = []
                continue
            nominal = any(t.tag == "ETN" for t in segment) or nouns
            if nominal and adjectival and (tok.tag == "JKS" or tok.form in ("도", "은", "는")):
                return "foreign"
            segment = []
            continue
        if tok.tag == "ETN":  # "병원 찾기가 어려워요": a nominalised clause is a subject too
            segment.append(tok)
        elif tok.tag.startswith(("V", "E", "XS", "MAG", "JKB", "JKO", "SF", "SP")):
            segment = []
        else:
            segment.append(tok)
    return "none"


# A game or role-play the user sets up: what they say in it is fiction, not about them.
_ROLE_PLAY = re.compile(
    r"\blet['’]?s\s+(?:play\s+(?:a\s+game|pretend|a\s+role)|role-?play|pretend)\b|\brole-?play\b|"
    r"\bpretend\s+(?:you['’]?re|you\s+are|to\s+be|that)\b|\bact\s+as\s+(?:a|an|my)\b|"
    r"\byou['’]?re\s+(?:a|an|the)\s+[\w\s-]{2,30}?\s+and\s+i['’]?m\s+(?:a|an|the|your)\b|"
    r"역할극|상황극|롤플|(?:놀이|게임)\s?(?:하자|할래|해요|합시다)|"
    r"(?:너는|넌)\s[^.!?]{1,30}?(?:나는|난)\s[^.!?]{1,30}?(?:야|이야|역할|해|할게)(?:[\s.!~]|$)|"
    r"척\s?(?:해\s?줘|해\s?봐|하자)|연기해\s?(?:줘|봐)", re.IGNORECASE)


def role_play(text: str) -> bool:
    """The user sets up a game or a role-play ("let's play a game. you're a pirate captain and
    i'm your first mate", "우리 지금부터 역할극 하자"): the rest of the conversation is a part
    played, so nothing said in it is remembered about the user."""
    return _ROLE_PLAY.search(text) is not None


# People outside the user's family and household: what they do or have is not the user's.
_OUTSIDE_KO = frozenset("친구 친구분 동료 지인 선배 후배 동기 상사 팀장 부장 과장 차장 대리 사장 "
                        "이웃 옆집 윗집 아랫집 룸메 룸메이트 교수 아저씨 "
                        "아줌마 아주머니 집주인".split())
_KNOWN_KO = re.compile(r"^(?:그냥\s|제가\s|내가\s)?아는\s?(?:사람|분|형|오빠|언니|누나|동생|애|친구|지인)")
_NOMINAL = ("NNG", "NNP", "NNB", "NP", "NR", "SL", "SN", "XSN", "MM", "JKG")
_SPEAKER_KO = re.compile(r"(?<![가-힣])(?:나|저|난|전|내가|제가|나는|저는|나도|저도|내|제|우리|저희)"
                         r"(?![가-힣])")
_SPEAKER_EN = re.compile(r"(?<![\w'’])(?:I|I['’]m|I['’]ve|I['’]d|I['’]ll|me|my|mine|we|our|us)\b")


def about_outsider(sentence: str) -> bool:
    """The sentence is about someone outside the user's family — a friend, a colleague, the
    boss's daughter, the neighbour ("팀장님 딸이 이번에 의대 붙었대요", "우리 옆집 사람이 Tesla
    샀는데…", "친구네 강아지가 어제 아팠대") — and says nothing of the user, a relative or a pet
    in the rest ("교수님이 … 저 편두통 때문에…" is the user's): not a memory about the user."""
    s = sentence.strip()
    if _HANGUL.search(s):
        if known := _KNOWN_KO.match(s):  # "아는 사람 남편이 …": an acquaintance's
            return _SPEAKER_KO.search(s[known.end():]) is None
        toks = tokens(s)
        at = next((i for i, t in enumerate(toks[:8])
                   if t.tag == "JKS" or (t.tag == "JX" and t.form in ("은", "는"))), None)
        if at is None or not at or not all(t.tag in _NOMINAL for t in toks[:at]):
            return False
        nouns = [t for t in toks[:at] if t.tag.startswith("NN") and t.tag != "NNB"]
        if not any(t.form in _OUTSIDE_KO for t in nouns):
            return False
        if nouns[-1].form in _OUTSIDE_KO and any(t.tag == "VCP" for t in _final(toks)):
            return False  # who that person is: "저희 팀장님은 이민수 팀장님이에요" (a role)
        # (a relative word after it is theirs: "엄마 친구 딸은 벌써 애가 둘이래")
        return _SPEAKER_KO.search(s[toks[at].end:]) is None
    # English: a friend, a neighbour, a roommate as the subject, and no word of the user in the
    # rest ("my friend Marcus is allergic to shellfish"). Not someone the user works under ("my
    # manager Dae-ho wants weekly status reports" is the user's work).
    m = _OUTSIDE_EN.match(_unfill(s))
    return m is not None and _SPEAKER_EN.search(m.group("rest")) is None


_OUTSIDE_EN = re.compile(
    r"^(?:my|our|a|an|one\s+of\s+my)\s+(?:(?:best|old|close|good)\s+)?(?:friend|buddy|pal|neighbou?r|roommate|"
    r"flatmate|housemate|classmate|coworker|co-worker|colleague|acquaintance)s?(?:['’]s?\s+"
    r"(?:\w+\s+){0,2}?\w+)?(?:\s+(?-i:[A-Z])[\w-]+)?(?:['’]s|\s+(?:is|are|was|were|has|have|had|"
    r"keeps?|got|just|(?:\w+(?:s|ed)))\b)(?P<rest>.*)$", re.IGNORECASE)


# what a request to the assistant ends with ("… 골라 줘", "추천 좀", "fix my grammar")
_REQUEST_KO = re.compile(r"(?:줘|주세요|줄래|줄래요|좀|부탁해요?|부탁드려요|부탁드립니다)[\s.!~ㅋㅎㅠ]*$")
_REQUEST_EN = re.compile(
    r"^(?:(?:ok(?:ay)?|so|and|pls|please|hey)[,\s]+)*(?:(?:can|could|would|will)\s+you\s+|"
    r"please\s+|pls\s+)?(?:help|write|draft|make|give|suggest|recommend|pick|choose|fix|check|"
    r"translate|rewrite|proofread|summari[sz]e|plan|list|find|compare|edit|polish|turn|format|"
    r"convert|correct|review|look\s+over)\b", re.IGNORECASE)


def is_request(sentence: str) -> bool:
    """A request to the assistant, by how it starts (English) or ends (Korean)."""
    s = sentence.strip()
    return bool(_REQUEST_KO.search(s) if _HANGUL.search(s) else _REQUEST_EN.match(s))


_KIN = re.compile(rf"^(?:{FAMILY_KO}|{PETS_KO})$")  # a whole noun, not "개" in "2개"


def request_material(sentence: str, before: str | None = None) -> bool:
    """What the user hands over for a task, not a statement: a request with its material after
    a colon ("email 제목 추천 좀: 다음 주 회의 일정 변경", "fix my grammar:" once the quoted
    text is cut), unless what follows the colon is the user's own statement ("help me pack:
    I'm flying to Reykjavik …"); or, right after a request (``before``), a Korean fragment with
    no predicate, subject or topic of its own and no one in it — the options or the details
    of the task ("…골라 줘." → "1번 교토 2번 다낭", "예약 메시지 써줘." → "8명이고 토요일 7시")."""
    s = sentence.strip()
    head, colon, rest = s.partition(":")
    if colon and 2 <= len(head) <= 60 and is_request(head):
        return not (_SPEAKER_KO.search(rest) if _HANGUL.search(rest) else _SPEAKER_EN.search(rest))
    if before is None or not _HANGUL.search(s) or not is_request(before):
        return False
    from gieok.write.extract.standing import instruction

    if instruction(before) is not None:  # "…섞지 말아 주세요." → "다 한국어로요": the rule
        return False
    if any(t.tag in ("NNG", "NNP") and _KIN.match(t.form) for t in tokens(before)):
        return False  # "조카 선물 추천해 주세요. 8살 여자애예요": it describes the relative (or pet)
    toks = tokens(s)
    # ("…추천해줘." → "아 엄마 올해 일흔이심": a relative or pet said with a copula is described)
    kin = any(t.tag in ("NNG", "NNP") and _KIN.match(t.form) for t in toks) \
        and any(t.tag == "VCP" for t in toks)
    return not kin and not any(t.tag in ("VV", "VA", "VX", "XSV", "XSA", "JX", "JKS")
                               for t in toks) and _SPEAKER_KO.search(s) is None


_CONDITIONAL_ASK = re.compile(r"(?:면|라면|다면)\s.*(?:까|니|냐|\?)[\sㅋㅎ?!~]*$")
_INTENT = re.compile(r"(?:야지|어야지|아야지|ㄹ래|을래|할래|거야|꺼야|겠다|겠어|고\s?싶다|고\s?싶어)"
                     r"[\s.!~ㅋㅎㅠ]*$|^(?:(?:lol|haha|ok|so)[,\s]+)*I(?:['’]d|\s+would|['’]ll|\s+will|"
                     r"\s+wanna|\s+want\s+to)\b", re.IGNORECASE)


def answers_a_hypothetical(sentence: str, before: str | None) -> bool:
    """What the user would do in a case they just imagined ("로또 1등 되면 뭐 할까 ㅋㅋ" →
    "제주도에 땅 사야지", "what if I won the lottery? I'd buy a farm"): a wish in a daydream."""
    if before is None or not _INTENT.search(sentence.strip()):
        return False
    from gieok.write.extract.standing import instruction

    b = before.strip()
    # (a request with a condition is an instruction: "혹시 내가 새벽에 말 걸면 자라고 해 줘")
    return instruction(b) is None and not is_request(b) and (_HYPOTHETICAL.search(b) is not None
                                       or _CONDITIONAL_ASK.search(b) is not None)


def not_the_users(sentence: str, before: str | None = None, shown: str = "") -> bool:
    """Said by the user but not about them (checked after ``is_noise``): someone else's news,
    what is handed over for a task, a wish in a daydream, a nod to what the assistant just
    suggested, a story the user writes, a conclusion or errand of the moment, what the thing
    asked about is (``asides``). ``before``: the turn's previous sentence; ``shown``: the
    assistant's turn before this one."""
    return about_outsider(sentence) or request_material(sentence, before) \
        or answers_a_hypothetical(sentence, before) or takes_up(sentence, shown) \
        or asides.fiction(sentence) or asides.identified(sentence) or any(aside(sentence, shown)
            for aside in (asides.appraises, asides.echoes, asides.concludes, asides.adopts))


def takes_up(sentence: str, shown: str) -> bool:
    """A short Korean reply that only names what the assistant's turn just offered and says
    it is good or at hand ("캐모마일이나 루이보스 어떠세요?" → "루이보스 좋아요"; "케이스용
    가습기(댐핏) 쓰세요." → "댐핏 있어요"): a nod to the suggestion, not a fact of the user's
    life. No pronoun, subject or clause joint of its own, at most six words and marks."""
    if not shown:
        return False
    if not _HANGUL.search(sentence):  # (English: "I have a dog" after dog tips is a fact)
        return False
    toks = [t for t in tokens(sentence) if not t.tag.startswith("S") or t.tag == "SL"]
    said = [t for t in toks if t.tag.startswith(("VV", "VA", "VX", "XSV", "XSA", "VCP"))]
    if not said or said[-1].form not in ("있", "좋") or len(toks) > 6 \
            or any(t.tag in ("NP", "EC", "JKS") for t in toks):
        return False
    nouns = [t.form for t in toks if t.tag in ("NNG", "NNP", "SL")]
    return bool(nouns) and all(n in shown for n in nouns)
