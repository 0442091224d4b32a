"""A self-disclosure said inside something else (W3): a question, a request, a background
clause.

Users rarely announce facts; they mention them on the way to asking for something: "what
should i cook tonight, i hate cilantro with a passion so nothing mexican pls", "i'm a high
school chemistry teacher and my students keep asking if breaking bad is accurate lol",
"나 매일 아침 출근 전에 영어 shadowing 30분 하거든? 추천할 만한 채널 있어?", "매일 새벽 5시 반에
일어나서 한강 러닝하는데 오늘은 비 와서 못 감". The sentence as a whole is a question, a request
or reported speech, so the noise filter drops it — and the fact with it. This module finds
the clause that is a statement by its structure and hands it on as a sentence of its own;
every gate after it (noise, the learned judge, the keep-or-drop rules) still decides:

- English: a clause whose subject is the speaker ("I …", "I'm …", "my husband and I …",
  "we …") or the speaker's own ("my …", "our …"), cut at a comma, a semicolon or a
  coordinator ("and", "but", "so", "because") — only from a sentence the noise filter drops.
- Korean: a sentence ending in a statement ending said with a rising tone ("-거든?",
  "-잖아?") is a statement, not a question; a background clause ("-는데", "-ㄴ데"), when the
  sentence as a whole is not kept, is read as a statement of its own: Kiwi finds the
  connective ending, and the clause is re-inflected in the plain form ("러닝하는데" →
  "러닝한다", "석사 2년차인데" → "석사 2년차다"); the whole sentence follows it unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract import asides, discourse, english, korean, patterns_en, patterns_ko
from gieok.write.extract import workspace
from gieok.write.extract.base import RuleContext
from gieok.write.extract.health import health_related
from gieok.write.extract.premise import premise


# where an English sentence may hold another clause: punctuation, or a coordinator
_EN_CUT = re.compile(
    r"\s*[,;:]\s+|\s+[-–—]+\s+|\s+(?:but|so|because|cause|cuz|coz|though|although)\s+|"
    # "since" starts a clause, not a time ("… super loud since this morning": the moment's)
    r"\s+since\s+(?!(?:this|last|yesterday|today|tonight|then|forever|\d|(?:mon|tues|wednes|"
    r"thurs|fri|satur|sun)day|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|morning|noon|"
    r"lunch|breakfast|dinner|childhood|birth)\w*\b)|"
    r"\s+and\s+(?=(?:i|i['’]m|im|i['’]ve|ive|we|we['’]re|my|our)\b)", re.IGNORECASE)
_EN_FILLER = re.compile(r"^(?:(?:lol|lmao|ok(?:ay)?|oh|well|also|honestly|btw|tbh|ngl|fyi|"
                        r"anyway|plus|and|like|so|just)[,\s]+)+", re.IGNORECASE)
# a label before a dash or colon that opens a statement about the speaker ("quick one — I'm a
# nurse", "update: I moved to day shifts", "fun fact: my cat …"): chat's lead-in, not the fact
_EN_LEAD_IN = re.compile(r"^(?:[\w'’]+\s+){0,2}[\w'’]+\s*(?:[—–]|--?|:)\s+"
                         r"(?=(?:i|i['’]m|im|i['’]ve|my|we|we['’]re|our)\b)", re.IGNORECASE)
# the speaker, or what is the speaker's, as the clause's subject
_EN_SELF = re.compile(
    r"^(?:i(?:['’](?:m|ve|d))?|im|ive|we(?:['’](?:re|ve))?|(?:my|our)\s+[\w-]+(?:\s+and\s+i)?)\s+\w",
    re.IGNORECASE)
# a question about someone else, by who it is for or about ("a gift for someone who …", "how do
# I cheer up a friend who …", "advice for my coworker"): not "for me", not "for my son"'s kin
_EN_SOMEONE = re.compile(r"\b(?:for|to|about|with)\s+(?:someone|somebody|a\s+(?:friend|coworker|"
                         r"colleague|guy|girl|woman|man|person|neighbou?r|client|boss)|my\s+(?:friend|"
                         r"coworker|colleague|boss|manager|neighbou?r|client|buddy))\b", re.IGNORECASE)
_EN_ADDRESSEE = re.compile(r"\b(?:you|your|u|ur|pls|please)\b", re.IGNORECASE)
_EN_MIN_WORDS = 3
# "… if that matters", "… in case it helps": the user says why they mention it, not a condition
_EN_RELEVANCE = re.compile(r",?\s+(?:if\s+(?:that|it|this)\s+(?:matters|helps)|if\s+relevant|"
                           r"in\s+case\s+(?:that|it|this)\s+(?:matters|helps))\s*[.!]*$",
                           re.IGNORECASE)
# a clause that only reports a message ("My sister texted me "…" — how should I reply?"):
# what it says was in the quote, which is someone else's words
_EN_MESSAGE = re.compile(r"\b(?:texted|messaged|emailed|e-mailed|wrote|sent|asked|told|said|says|"
                         r"replied|posted|dm['’]?(?:e)?d|called)\b", re.IGNORECASE)

# a relative or pet named right after "my"/"our" ("our son Noah", "my beagle Cooper")
_EN_APPOSITION = re.compile(
    rf"(?<![\w'’])(?P<my>(?i:my|our))\s+(?:(?i:little|baby|older|younger|big|oldest|youngest|"
    rf"eldest|middle)\s+)?(?P<noun>(?i:{patterns_en.FAMILY}|{patterns_en.PETS}))\s+"
    r"(?P<name>[A-Z][a-z]{1,14})(?![\w'’])")
_NOT_NAMES = frozenset("i and but so or is was has had who which that the this just still "
                       "always never also really keeps kept".split())

# Korean statement endings that a rising tone does not make a question
_KO_STATEMENT_EF = ("거든", "잖아", "는데", "ᆫ데", "은데")
# a background clause: "-는데", "-ㄴ데" (after a verb, an adjective or the copula)
_KO_BACKGROUND_EC = frozenset({"는데", "ᆫ데", "은데"})
# a background clause that only frames what follows as someone's words ("동료가 그러는데 …",
# "뉴스에서 봤는데 …"): what follows is hearsay, not a statement of the user's
_QUOTATIVE = frozenset({"라고", "다고", "냐고", "자고", "라", "다"})
_KO_FRAME_STEMS = frozenset({"그러", "말하", "얘기하", "이야기하", "듣", "들", "보", "읽"})


def expand(sentences: Sequence[str], kept: Callable[[str], bool]) -> list[str]:
    """``sentences`` with every self-disclosure said inside another sentence as a sentence of
    its own. ``kept(sentence)``: whether the sentence as a whole is already kept (a rule hit
    or a durable statement); a Korean background clause is only cut out of a sentence that
    is not."""
    out: list[str] = []
    asked: str | None = None  # the question just before, in the same turn
    for sentence in sentences:
        if discourse.idle(sentence) or discourse.disowned(sentence):
            out.append(sentence)  # ("I have a Kindle but it's not mine, …"): no clause of it
            continue              # is the user's, so none is cut out to stand alone
        if _HANGUL.search(sentence):
            out.extend(_korean(sentence, kept))
            asked = None
            continue
        if asked is not None and not sentence.rstrip().endswith(("?", "？")):
            sentence = _named_by_question(sentence, asked)
        asked = sentence if sentence.rstrip().endswith(("?", "？")) else None
        parts = _english(sentence)
        if parts == [sentence] and not kept(sentence):
            # "our parrot Kiwi screams if we use the blender lol": not kept whole, but the pet
            # is named in passing, and that is kept
            parts += _names_said(sentence, parts)
        out.extend(parts)
    return out


# what a question names: an animal ("a husky", "a golden retriever puppy") or a place ("in Leeds")
_EN_ASKED_ANIMAL = re.compile(
    rf"\b(?:a|an)\s+(?P<kind>(?:[\w-]+\s+){{0,2}}?(?i:{patterns_en.PETS}))"
    r"(?:\s+(?i:puppy|kitten))?\b")
_EN_ASKED_PLACE = re.compile(
    r"\b(?:in|near|around)\s+(?P<place>[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2})\b")
_EN_HE = re.compile(r"^(?P<f>(?:(?:oh|and|so|well|yeah|btw)[,\s]+)*)(?:he|she)(?:['’]s|\s+is)\b",
                    re.IGNORECASE)
_EN_HIM = re.compile(r"(?<=\s)(?:him|her)(?=\s+(?:up|home|in|on|from|at|to)\b)", re.IGNORECASE)
_EN_HERE = re.compile(r"(?<![\w'’])(?P<v>(?:moved|move|moving|came|come|relocated)\s+)?here\b"
                      r"(?!['’]s|\s+(?:is|are|was)\b)", re.IGNORECASE)


def _named_by_question(sentence: str, question: str) -> str:
    """A statement right after the user's own question, whose pronoun or "here" points at
    what the question named: "What's a good harness for a husky …? He's one of my sled dogs,
    Juno." → "The husky is one of my sled dogs, Juno"; "Any ramen places in Leeds? We moved
    here from Bristol" → "We moved to Leeds from Bristol". No one else was named in between,
    so the question's animal or place is the only thing there to point at."""
    animal = _EN_ASKED_ANIMAL.search(question)
    if animal is not None:
        kind = " ".join(animal.group(0).split()[1:])
        sentence = _EN_HE.sub(lambda m: f"{m.group('f')}The {kind} is", sentence, count=1)
        sentence = _EN_HIM.sub(f"the {kind}", sentence, count=1)
    place = _EN_ASKED_PLACE.search(question)
    if place is not None and _EN_SELF.match(_EN_FILLER.sub("", sentence.strip())):
        sentence = _EN_HERE.sub(lambda m: f"{m.group('v')}to {place.group('place')}"
                                if m.group("v") else f"in {place.group('place')}", sentence,
                                count=1)
    return sentence


def _english(sentence: str) -> list[str]:
    # "I have an M2 MacBook Air if that matters": why it is said, not a condition
    sentence = _EN_RELEVANCE.sub("", sentence) or sentence
    sentence = _EN_LEAD_IN.sub("", sentence.strip()) or sentence
    if not discourse.is_noise(sentence) or discourse.denial(sentence):
        return [sentence]  # (a no is said whole: "no, I'm not vegan" holds no "I'm vegan")
    head = discourse.without_trailing_question(sentence)
    if head != sentence and not sentence.rstrip().endswith(("?", "？")) \
            and not discourse.is_noise(head):
        return [head]  # "first winter in Tacoma …, how do people deal": what precedes holds
    pieces = _outside_parentheses(sentence)
    if _EN_SOMEONE.search(pieces[0]):
        # "what's a good gift for someone who has everything, retiring after 40 years": a
        # clause with no subject of its own after a question about someone else is theirs
        pieces = pieces[:1] + [p for p in pieces[1:] if _EN_SELF.match(_EN_FILLER.sub("", p.strip()))]
    clauses = [c for c in (_clause(p) for p in pieces) if c]
    # "my daughter Maisie keeps asking why …": whatever the clause does, it names her
    clauses += _names_said(sentence, clauses)
    return clauses or [sentence]


_PARENTHESES = re.compile(r"\([^()]*\)")
_HELD = "\x00"  # a comma inside parentheses while the sentence is cut


def _outside_parentheses(sentence: str) -> list[str]:
    """The sentence cut into clauses (``_EN_CUT``) only outside parentheses: "my eyes are going
    (glaucoma, on latanoprost drops every night) so can you …?" keeps its aside whole."""
    held = _PARENTHESES.sub(lambda m: m.group(0).replace(",", _HELD), sentence)
    return [p.replace(_HELD, ",") for p in _EN_CUT.split(held)]


def _names_said(sentence: str, clauses: list[str]) -> list[str]:
    """"my daughter Maisie keeps asking why …": whatever the clause does, it names her."""
    return [f"{m.group('my')} {m.group('noun')}'s name is {m.group('name')}"
            for m in _EN_APPOSITION.finditer(sentence)
            if m.group("name").lower() not in _NOT_NAMES
            and not any(m.group("name") in c for c in clauses if c != sentence)]


def _clause(piece: str) -> str | None:
    text = _EN_FILLER.sub("", piece.strip(" .!~")).strip()
    if not _EN_SELF.match(text):
        # chat drops the subject: "just moved to Denver for work", "renting a studio in X",
        # "wife's a nurse" — the speaker's, when english.with_subject can tell whose
        text = english.with_subject(text)
    # ("I'm diabetic", "I'm vegan": two words, when they name a condition or a diet)
    short = len(text.split()) < _EN_MIN_WORDS and not (
        len(text.split()) == 2 and re.match(r"i['’]m\s", text, re.IGNORECASE) and health_related(text))
    if short or not _EN_SELF.match(text) \
            or _EN_ADDRESSEE.search(text) or _EN_MESSAGE.search(text) \
            or discourse.is_noise(text):
        return None
    return text


def _korean(sentence: str, kept: Callable[[str], bool]) -> list[str]:
    toks = korean.tokens(sentence)
    words = [t for t in toks if t.tag not in ("SF", "SE", "SW", "SP", "SS")]
    if sentence.rstrip().endswith(("?", "？")) and words and words[-1].tag == "EF" \
            and words[-1].form in _KO_STATEMENT_EF:
        # "나 매일 아침 영어 shadowing 30분 하거든?": the rising tone asks for attention
        return [sentence.rstrip().rstrip("?？").rstrip()]
    if premise(sentence) is not None:
        return [sentence]  # (a question's premise is cut out by premise.py)
    # (Kiwi reads some "사는데" as 사/VV + 는/ETM + 데/NNB: the same connective, written
    # together; "할 만한 데 있을까요", with a space, is the noun "a place")
    cut = next((t for i, t in enumerate(toks[1:-1], 1) if sentence[t.end:t.end + 1] == " " and (
        (t.tag == "EC" and t.form in _KO_BACKGROUND_EC)
        or (t.tag == "NNB" and t.form == "데" and toks[i - 1].tag == "ETM"
            and toks[i - 1].form in ("는", "ᆫ", "은") and sentence[t.start - 1:t.start] != " "))),
        None)
    # a sentence kept whole stays whole — unless what follows its background clause asks for
    # something ("저 장례지도사인데 … 문자 좀 다듬어 주세요"): a request has no memory of its
    # own, so the statement before it would be lost with it
    if kept(sentence) and not discourse.is_noise(sentence) \
            and (cut is None or not _asks(sentence[cut.end:])):
        apart = _apart(toks, cut, sentence, kept) if cut is not None else None
        if apart or cut is None or _said_whole(sentence):
            return apart or [sentence]
        unsaid = True
        # kept, but no memory says it whole: what follows the clause is no statement ("매일
        # 밤 일본어 단어 외우는데 오늘로 100일째!", "주 3회 크로스핏 다니는데 벌써 1년째") —
        # cut as a sentence that is not kept, or the clause is lost with it
    else:
        unsaid = False
    instead = _contrast(toks, sentence)
    if instead is not None:  # "나는 분당 안 살고 수원 살아": what holds is "나는 수원 살아"
        return [instead, sentence]
    if cut is None or _frames(toks[:toks.index(cut)]) or asides.identifies(toks[:toks.index(cut)]) \
            or _someone_else(toks[:toks.index(cut)]) and not (
                # the subject is the user's workspace ("우리 서비스 백엔드가 rails 7 쓰는데 …")
                unsaid and workspace.project_said(sentence[:cut.end])):
        return [sentence]
    head, rest = sentence[:cut.end], sentence[cut.end:].strip()
    aside = re.match(r"\([^()]{1,60}\)", rest)
    if aside is not None:  # "쌍둥이 아들 둘 있는데 (Jun이랑 Hyun, 올해 초3) …": the bracket
        rest = rest[aside.end():].strip()  # is the clause's, and goes with it
    if "," in head:
        return [sentence]  # "우리 애 Toby, corgi인데 …": an introduction the pet tracking reads
    statement = korean.to_memory(head, speaker=False)
    if statement and statement.endswith("데다"):
        # Kiwi read the clause's last "-는데" as 는/ETM + 데/NNB ("발표 있는데다"); said with
        # its polite ending it reads the connective ("발표 있는데요" → "발표 있다")
        statement = korean.to_memory(f"{head}요", speaker=False)
    if not statement or not rest:
        return [sentence]
    if aside is not None:
        statement = f"{statement} {aside.group(0)}"
    if _asks(rest) and not _KO_OWN_CLAUSE.search(rest) and not health_related(rest) \
            and not _KO_PATIENT.search(rest):
        # "랫트 두 마리 키우는데 케이지 추천 좀": what follows the clause is the request, which
        # has no memory of its own; the whole sentence going on after the statement would be
        # stored as its continuation, request and all (a condition named in the request —
        # "크론병 환자 도시락 메뉴 추천 좀" — is still the user's: the sentence goes on)
        return [statement]
    if unsaid:
        # the whole says nothing more; a verbless rest goes with the clause as an aside ("벌써 1년째",
        # "오늘로 100일째"), a clause of its own is how the moment is ("배포가 자꾸 충돌나")
        verbless = not any(t.tag.startswith(("VV", "VA", "XSV", "XSA", "JKS"))
                           for t in korean.tokens(rest))  # (a subject: a clause, verb misread)
        return [f"{statement} ({rest.rstrip(' .!~')})" if verbless else statement]
    # the rest is never read alone: its subject may be the clause's ("엄마 면회 갔는데 또
    # 나보고 언니라고 불렀어" — 엄마 called, not the user); the whole sentence goes on as before
    return [statement, sentence]


def _said_whole(sentence: str) -> bool:
    """The sentence can be stated whole as a memory: a sentence rule reads it ("우리 동네가 전남
    구례 쪽인데 근처로": the residence), or ``generic.normalise`` does."""
    from gieok.write.extract.generic import normalise

    ctx = RuleContext(sentence=sentence, at=None)
    return normalise(sentence)[0] is not None \
        or any(True for rule in patterns_ko.RULES for _ in rule.matches(sentence, ctx))


# a clause with a subject of its own: a relative or pet, named with its particle ("엄마가 …")
_KO_OWN_SUBJECT = re.compile(
    rf"^(?:(?:근데|그리고|또|아|참)\s)*(?:(?:우리|저희|울|내|제)\s?)?(?:{korean.FAMILY_KO}|{korean.PETS_KO})"
    r"(?:님)?(?:이|가|은|는|도)\s")
# a first time, said of the moment ("병원은 처음이라", "이런 건 처음이에요")
_KO_FIRST_TIME = re.compile(r"처음이(?:라|야|에요|예요|다|고|어서|네요?)?[\s.!~ㅋㅎㅠ]*$|처음(?:이라|임)")


def _apart(toks: list[korean.Token], cut: korean.Token, sentence: str,
           kept: Callable[[str], bool]) -> list[str] | None:
    """A sentence kept whole whose "-는데" joins two things that are not one memory: a lasting
    clause, then how the moment is ("여기 워홀 온 지 3개월 됐는데 병원은 처음이라" — only the
    stay lasts); or a clause of the moment, then a relative's fact with its own subject ("나
    다음 주에 친정 가는데 엄마가 요즘 혈압약 바꾸셨대" — the mother's medicine, said on its
    own). None when the sentence stays whole."""
    head, rest = sentence[:cut.end], sentence[cut.end:].strip()
    at = toks.index(cut)
    if not rest or "," in head or _frames(toks[:at]) or _someone_else(toks[:at]) \
            or asides.identifies(toks[:at]):
        return None
    # the clause said with its polite ending ("강사인데요"), which every rule reads as a
    # statement, the slot rules included
    statement = f"{head}요"
    from gieok.write.extract.generic import of_the_moment

    if _KO_OWN_SUBJECT.match(rest) and kept(rest):
        return [statement, rest] if kept(statement) and not of_the_moment(statement) else [rest]
    if (of_the_moment(rest) or _KO_FIRST_TIME.search(rest)) and kept(statement):
        return [statement]
    return None


# what a request ends on: "… 다듬어 주세요", "… 짜는 거 도와줘", "… 이메일 좀"
_KO_ASKS = re.compile(r"(?:주세요|줘|줘요|주라|줄래요?|주실래요|주시겠어요|주시겠습니까|해\s?봐|"
                      r"부탁(?:해|해요|드려요|드립니다)?|좀)[\s.!~ㅠㅜ]*$")


# a request that carries a clause of its own before it ("… 다음 달에 이사 가서 집 좀 알아봐 줘",
# "… 애가 둘이라 방 세 개짜리로 찾아줘"): a connective ending, then more words
_KO_OWN_CLAUSE = re.compile(r"[가-힣](?<!에)(?:서|라|니까|고|는데|은데|지만)\s+\S")


# a disease or a patient named in the request ("크론병 환자 도시락", "파킨슨병 있는 분"): the condition
# is the user's (or their family's) though said as what the task is for
_KO_PATIENT = re.compile(r"[가-힣]병\s?(?:환자|있)|환자\s?(?:식|용|도시락|메뉴)|(?<![가-힣])[가-힣]{1,5}(?<![물꽃술주리빈약])병(?=[이을가]?\s|$)")


def _asks(rest: str) -> bool:
    """What follows a background clause is a request to the assistant."""
    return _KO_ASKS.search(rest.strip()) is not None


def _someone_else(head: list[korean.Token]) -> bool:
    """The clause's subject is someone other than the user, a relative or a pet, doing
    something ("우리 옆집 사람이 Tesla 샀는데 …"): what they did is not a fact about the user.
    (The subject of 있다/없다 or of an adjective is a thing had or described: "예배가 있어서".)"""
    stem = next((t for t in reversed(head) if t.tag.startswith(("VV", "VA", "XSV", "XSA", "VCP"))),
                None)
    if stem is None or not stem.tag.startswith(("VV", "XSV")) or stem.form in ("있", "없"):
        return False
    return any(t.tag == "JKS" and i and head[i - 1].tag in ("NNG", "NNP", "NP")
               and head[i - 1].form not in ("나", "저", "내", "제")
               and not re.fullmatch(rf"(?:{korean.FAMILY_KO}|{korean.PETS_KO})", head[i - 1].form)
               and head[i - 1].tag != "NNP"  # a name: a pet or relative said by name
               for i, t in enumerate(head))


def _frames(head: list[korean.Token]) -> bool:
    """The clause's predicate is a verb of saying, hearing or reading."""
    stem = next((t for t in reversed(head) if t.tag.startswith(("VV", "XSV"))), None)
    if stem is None:
        return False
    i = head.index(stem)
    if i and (head[i - 1].tag == "JKQ" or (head[i - 1].tag == "EC"
                                           and head[i - 1].form in _QUOTATIVE)):
        return True  # "당뇨 전단계라는데": what someone says
    word = stem.form if stem.tag.startswith("VV") else None
    if stem.tag == "XSV":
        i = head.index(stem)
        word = (head[i - 1].form + stem.form) if i else stem.form
    return word in _KO_FRAME_STEMS


def _contrast(toks: list[korean.Token], sentence: str) -> str | None:
    """"나는 분당 안 살고 수원 살아", "회사는 강남 아니고 판교예요": a negated clause joined by
    "-고" to the one that holds — the sentence as a whole reads as a negation (no rule keeps
    it), so the clause that holds is said with the words before the negated one ("나는 수원
    살아", "회사는 판교예요")."""
    for i, t in enumerate(toks[2:-1], 2):
        if t.tag != "EC" or t.form != "고":
            continue
        if toks[i - 1].tag == "VCN":
            k = i - 1  # "강남 아니고"
        elif toks[i - 1].tag.startswith(("VV", "VA", "XSV")) and toks[i - 2].tag == "MAG" \
                and toks[i - 2].form in ("안", "못"):
            k = i - 2  # "분당 안 살고"
        else:
            continue
        m = k - 1
        if m > 0 and toks[m].tag.startswith("J"):
            m -= 1  # "커피는 안 먹고": the negated thing is the topic itself
        start = toks[m].start if toks[m].tag in ("NNG", "NNP", "SL", "NR", "SN") \
            else toks[k].start
        rest = toks[i + 1:]
        if not rest or korean.negated(rest) or korean.is_question(rest) \
                or not any(r.tag.startswith(("VV", "VA", "VCP", "XSV", "XSA")) for r in rest):
            return None
        said = f"{sentence[:start]}{sentence[t.end:].strip()}".strip()
        return said if len(said) > 2 else None
    return None
