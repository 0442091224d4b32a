"""Where one sentence ends and the next begins, in chat text (W3).

Chat rarely punctuates: a Korean run goes on past its final endings ("어제 이사했어 집이 훨씬
넓어"), an English turn splices sentences with commas or changes topic at "anyway", a language
switch comes after a comma, and a self-introduction lists name, age and job in one breath.
Every rule downstream reads one sentence at a time and stores one memory per fact, so a
compound sentence left whole would store one blurred memory (and a later change to either
half would supersede both). This module only cuts; deciding what a sentence is (a statement,
a question, someone else's news) is ``discourse`` and ``discourse_others``.
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.korean import FAMILY_KO, PETS_KO, Token, tokens


_SPLIT = re.compile(
    r"(?<![\s.][A-Z]\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bDr\.)(?<!\bSt\.)(?<!\bMrs\.)(?<=[.!?。！？~])\s+|\n+|(?<=[가-힣][ㅠㅜㅋㅎ])\s+(?=[가-힣A-Za-z]{2})|"
    r"(?<=[가-힣]\s[ㅠㅜㅋㅎ])\s+(?=[가-힣A-Za-z]{2})|(?<=[ㅠㅜㅋㅎ]{2})\s+(?=[가-힣A-Za-z]{2}|\d+\s?[가-힣])|"
    # an emoticon or emoji ends what was said before it ("broke up last month :( I moved out")
    r"(?<=\s[:;][()DPp])\s+(?=[A-Za-z가-힣])|(?<=\s[:;]-[()DPp])\s+(?=[A-Za-z가-힣])|"
    r"(?<=[\U0001F300-\U0001FAFF])\s+(?=[A-Z가-힣])|"
    r"(?<=니다|어요|아요|예요|에요|해요|세요|네요|군요|했다|한다|이다|었다|았다|든요|했어|있어|없어|"
    r"었어|았어)\s+(?=[가-힣A-Za-z]{2})"
)


def split_sentences(text: str) -> list[str]:
    """Sentences of a turn; a Korean run without punctuation is cut after each final ending
    ("반도 못 쌌어 고양이 두 마리도 있어서 더 정신없어" is two sentences), and coordinated
    clauses with subjects of their own are cut apart ("My dog Bori is 3 years old and I am
    allergic to peanuts", "강아지는 세 살이고 저는 땅콩 알레르기가 있어요"): each says
    something of its own, and one compound memory would blur (and supersede) both."""
    parts = _paused([p.strip() for p in _SPLIT.split(text) if p and p.strip()])
    parts = [q.strip() for p in parts for q in _switch(p) if q.strip()]
    parts = [q.strip() for p in parts for q in _topic_shift(p) if q.strip()]
    out: list[str] = []
    parts = [q for p in parts for q in _introduction(p)]
    for part in parts:
        pieces = _split_ko(part) if _HANGUL.search(part) else _comma_splice(part)
        out.extend(c for piece in pieces for c in _coordinated(piece))
    return [p for p in out if p and not _MARKER_ONLY.match(p)]


# a discourse marker cut off as a sentence of its own ("저 당뇨 있어요 참고로"): it says nothing,
# and glued onto the sentence before as its continuation it would end the memory
_MARKER_ONLY = re.compile(r"^(?:참고로|아무튼|암튼|어쨌든|btw|fyi|anyway|anyways)[\s.!~]*$",
                          re.IGNORECASE)


# a word a sentence cannot end on, before a trailing-off "..." ("my Japanese is... not great")
_PAUSED = re.compile(r"(?:\b(?:is|are|was|were|am|be|been|the|a|an|my|your|our|their|his|her|"
                     r"its|to|of|and|but|or|with|for|so|very|really|pretty|kinda|just|not|i['’]m)|"
                     r"(?<=[가-힣])(?:은|는|이|가|을|를|도))\s*\.{2,}$", re.IGNORECASE)


def _paused(parts: list[str]) -> list[str]:
    """Pieces cut at a "..." where the speaker only paused, joined again: "my Japanese is..."
    + "not ready lol" is one sentence (alone, "my Japanese is" says nothing)."""
    out: list[str] = []
    for part in parts:
        if out and _PAUSED.search(out[-1]):
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return out


# "…, and I …" / "… but my sister …": a clause with its own subject after a coordinator
_EN_COORD = re.compile(
    r",?\s+(?:and|but)\s+(?=(?:[Ii](?:['’](?:m|ve|d|ll))?\s+\w|we(?:['’](?:re|ve))?\s+\w|"
    r"(?:my|our)\s+[\w-]+(?:\s+[A-Z][a-z]+)?\s+(?:is|was|has|had|are|were|just|also|still|"
    r"lives|works|loves|likes|hates|takes|turned|turns|starts|started|goes|got)\b))")
_KO_COORD = re.compile(
    r"(?<=[가-힣])(?<![라다냐자])(?:고|며|지만)\s+(?=(?:(?:저는|나는|난|전|제가|내가|저도|나도)\s|"
    rf"(?:(?:우리|저희|울|제|내)\s?(?:집\s?)?)?(?:{FAMILY_KO}|{PETS_KO})\S{{0,4}}?(?:은|는|이|가)\s))")


# a conjunction said as a word of its own ("그리고", "하지만"), with the interjection before it
# ("아 그리고 나는 …"): its ending is the word's, not a clause's
_KO_CONJUNCTION = re.compile(r"(?:(?:^|\s)(?:아|참|어|그리고\s참)[,\s]+|(?:^|[\s,]))"
                             r"(?:그리고|그러고|하지만|그렇지만|그러며|그러면서)\s+$")
# "…, my wife" before "and I": the start of a subject that names two people, no clause
_EN_PAIR_SUBJECT = re.compile(r"(?:^|[,;:]\s*)(?:my|our)\s+[\w-]+$", re.IGNORECASE)


def _coordinated(sentence: str) -> list[str]:
    """Coordinated clauses with their own subjects, as separate sentences (the left clause
    must be a clause too: "My wife and I moved" is one sentence)."""
    pattern = _KO_COORD if _HANGUL.search(sentence) else _EN_COORD
    out, start = [], 0
    for m in pattern.finditer(sentence):
        left = sentence[start:m.start()].strip()
        if _EN_PAIR_SUBJECT.search(left) and m.group(0).lstrip(", ").startswith("and"):
            continue  # "Plan a trip to Busan, my wife and I love seafood": one subject, two people
        conj = _KO_CONJUNCTION.search(sentence[:m.end()]) if _HANGUL.search(left) else None
        if conj is not None:
            # "…줄여야 되고, 아 그리고 나는 …": the "고" of the word "그리고" is no clause's end;
            # the clause before the conjunction ends where the conjunction starts
            left = sentence[start:conj.start()].strip(" ,")
            if len(left.split()) >= 2 and left.endswith(("고", "며", "지만")):
                left = left[:-2 if left.endswith("지만") else -1] + "다"
            out.append(left)  # ("흑돼지 ㄱㄱ 아 그리고 남편은 …": what came before, apart)
            start = m.end()
            continue
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
            and text[t.end:t.end + 1] == " " and not _either_or(toks, i, text)]
    if not cuts:
        return [text]
    bounds = [0, *cuts, len(text)]
    return [text[a:b].strip(" ,") for a, b in zip(bounds, bounds[1:], strict=False)]


def _either_or(toks: list[Token], at: int, text: str) -> bool:
    """"찬성이야 반대야?", "이거 좋아 싫어?": the ending at ``at`` is the first half of a
    question between two, not a statement of its own — one word follows it, ends in a
    question mark, and is said the same way (both a noun with the copula, or both adjectives)."""
    rest = text[toks[at].end:].strip()
    if len(rest.split()) != 1 or not rest.endswith(("?", "？")):
        return False
    after = [t for t in toks[at + 1:] if not t.tag.startswith("S")]
    if not after or after[-1].tag != "EF":
        return False
    stem = next((t.tag for t in reversed(toks[:at]) if t.tag.startswith(("V", "XS"))), None)
    other = next((t.tag for t in reversed(after) if t.tag.startswith(("V", "XS"))), None)
    return stem is not None and stem == other and stem.startswith(("VCP", "VA", "XSA"))

