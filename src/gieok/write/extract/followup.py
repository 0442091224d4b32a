"""Answers to the assistant's follow-up questions (W3): "What role?" → "Data analyst".

In chat, people disclose in fragments: the assistant asks "Where's the wedding?" and the
user answers "In Jeju, at a small hotel by the beach." — no subject, no verb, nothing a
sentence rule can read. Such a fragment is kept together with the question it answers, so
the memory stands alone: ``User's answer to "Where's the wedding?": in Jeju, at a small
hotel by the beach``. Only fragments are read this way (a full sentence goes through the
ordinary rules), and only fragments with something in them: a name, a number or a few content
words — not "Not really", "Slowly.", "아직 ㅋㅋ", "yeah, didn't sleep much", and not an
answer the user hedges ("Just the sea really. Idk."). Nor an answer to small talk: a question
that asks how something was or how the user is ("How was your weekend?" → "Pretty relaxing",
"주말 잘 보냈어요?" → "그럭저럭") gets a passing state, and a yes/no question ("Do you enjoy
it?" → "Most days!") gets a fragment that says something only when it names something (a
number, a name): "Is she on insulin?" → "yeah, two units morning and evening". Nor an answer
to an offer to do something for the task at hand ("Want the quantities?" → "pls, for like 4
servings", "오늘은 어떤 부위 할까요?" → "상체 위주로 30분"): it steers the task, it is not
about the user.
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract import answered, asked_verb, english, korean
from gieok.write.extract.asked_task import _LASTING, _LEAD_Q, task_question
from gieok.write.extract.coref import Entities, Entity, fits
from gieok.write.extract.names import ko_called
from gieok.write.extract.proposals import KO_WH as _KO_WH
from gieok.write.extract.proposals import proposes
from gieok.write.normalize import has_batchim

_EN_CLAUSE = re.compile(
    r"(?<![\w'’])(?:I|I['’]m|I['’]ve|I['’]d|I['’]ll|we|he|she|they|it|you|there|this|that)\b|"
    r"\b(?:am|is|are|was|were|have|has|had|do|does|did|will|can|could|would|should)\b|"
    r"['’](?:s|re|m|ve|ll|d)\b", re.IGNORECASE)
# a time clause inside a fragment ("lunch breaks and after the kids are down", "mornings before
# work starts"): it says when, it makes the fragment no statement of its own
_WHEN_CLAUSE = re.compile(r"\b(?:after|before|when|once|until|till|while)\s+(?:the|my|our|everyone|"
                          r"every(?:one|body)['’]s|the\s+\w+['’](?:s|re))\b"
                          r"(?:(?!(?<![\w'’])(?:I|I['’]m|we|he|she|they|you)\b)[^,.;!?]){0,40}",
                          re.IGNORECASE)


def _unclocked(text: str) -> str:
    """``text`` without its time clauses (``_WHEN_CLAUSE``), for the clause test."""
    return _WHEN_CLAUSE.sub(" ", text)


_EN_NO = re.compile(r"^(?:not|no|nope|nah|never|none|nothing|didn['’]?t|don['’]?t|can['’]?t)\b|"
                    r"\b(?:n['’]t|not)\b", re.IGNORECASE)
_VAGUE = re.compile(r"\b(?:idk|dunno|not\s+sure|maybe|probably|i\s+guess|whatever)\b|"
                    r"모르겠|글쎄|아마|그냥", re.IGNORECASE)
# an answer that says the thing is not known or settled yet ("아직 발령 전", "미정", "not yet",
# "TBD"): nothing to keep
_NON_ANSWER = re.compile(r"^(?:아직\s?(?:\S+\s?){0,2}(?:전|미정|모름|몰라|몰라요|안\s?(?:정했|나왔))(?![가-힣])|미정|"
                         r"not\s+(?:yet|decided)|tbd|undecided|haven['’]?t\s+decided)|"
                         # "anywhere", "whatever": no choice made
                         r"(?:^|\s)아무(?:데나|거나|때나)|^(?:anywhere|whatever)\b",
                         re.IGNORECASE)
_EN_YES = re.compile(r"^(?:yes|yeah|yep|yup|sure|right|exactly|correct|uh-huh)\b[\s,.!:-]*",
                     re.IGNORECASE)
_KO_YES = re.compile(r"^(?:네|예|응|어|맞아요?|그럼요?|넵)[\s,.!~]*")


def last_question(text: str) -> str | None:
    """The last question of an assistant turn ("Congrats! What role?" → "What role?")."""
    parts = re.split(r"(?<=[.!?。！？~])\s+", text.strip())
    at = next((i for i in range(len(parts) - 1, -1, -1)
               if parts[i].rstrip().endswith(("?", "？"))), None)
    if at is None or len(parts[at]) > 120:
        return None
    question, after = parts[at].strip(), " ".join(parts[at + 1:]).strip()
    if after and _riddle(question, after):
        return None
    return question


def _riddle(question: str, after: str) -> bool:
    """A question the assistant answers itself ("Why did the accountant break up with the
    calculator? She felt …", "세상에서 가장 가난한 왕은? 최저임금!"): a joke or quiz, not a
    question to the user, so the user's "good one" answers nothing."""
    if _HANGUL.search(question):
        return len(after) <= 20 and after.rstrip().endswith("!") and not after.endswith("?")
    return _JOKE.match(question) is not None and not after.rstrip().endswith(("?", "？"))


# the openings of a joke's question ("Why did the chicken …?", "What do you call a …?")
_JOKE = re.compile(r"^(?:why\s+(?:did|do|does|don['’]?t|doesn['’]?t|was|is|are|can['’]?t)\s+(?:the|a|an)?"
                   r"\s*(?!you\b|your\b)\w+|what\s+do\s+you\s+call\s+(?:a|an|the)\b|"
                   r"what['’]?s\s+the\s+difference\s+between|what\s+did\s+(?:the|one)\b)",
                   re.IGNORECASE)


_EVALUATIVE = re.compile(
    r"^how\s+(?:was|is|are|were|did|does|do\s+you\s+(?:like|feel|find)|have\s+you\s+been|"
    r"about|come)\b|^how['’]s\b|^how\s+are\s+(?:you|things)|^what\s+do\s+you\s+think\b|"
    r"^(?:did|does|do|is|was)\s+(?:that|it|this)\s+(?:help|work|fix|make\s+sense)|"
    r"어땠|어때|어떠|잘\s?(?:보냈|지냈|지내|잤|쉬었|다녀왔)|괜찮|좋았|재밌었|힘들었|"
    # greetings in question form and suggestions: "What's up?" → "nm just bored", "Maybe grab
    # a coffee?" → "already on my third lol" answer with a mood, not a fact
    r"^what['’]?s\s+(?:up|new|going\s+on)|^(?:you\s+)?ready\s+for\s+(?:the|today|tonight)\b|^(?:sup|wyd|wassup)\b|^what\s+are\s+you\s+(?:up\s+to|"
    r"doing)|^(?:maybe|perhaps|why\s+not|how\s+about|have\s+you\s+tried|wanna|want\s+to|"
    r"you\s+(?:could|should|might))\b|뭐\s?해|뭐\s?하고\s?있|별일\s?없|"
    # the user's impression of someone or something ("What was she like?", "What's the new
    # place like?", "어떤 점이 제일 어려우세요?", "뭐가 제일 힘드세요?"): the answer is a
    # description or a feeling in the user's words, not a fact with a value
    r"^what\s+(?:was|is|were|are)\s+(?!your\s+(?:name|job|age)\b)(?:\w+\s+){1,3}like\s*[?？]|"
    r"^what['’]s\s+(?:\w+\s+){1,3}like\s*[?？]|"
    r"(?:어떤\s?(?:점|게|부분)|뭐)(?:이|가)?\s?(?:제일|가장|젤)?\s?(?:어려우|어렵|힘드|힘들|좋으|좋았|"
    r"싫으|그리우|아쉬우|불편하)", re.IGNORECASE)
_YES_NO = re.compile(r"^(?:do|does|did|is|are|was|were|can|could|will|would|have|has|had|"
                     r"should|shall|may|any|anything|ever)\b", re.IGNORECASE)
_NUMBER = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                     r"twenty|thirty|hundred|once|twice|half)\b|하나|둘|셋|넷|다섯|한\s|두\s|세\s|네\s",
                     re.IGNORECASE)


def steers(sentence: str, question: str | None, turn_text: str = "") -> bool:
    """A fragment (no clause of its own) that answers the assistant's question and says
    nothing to keep: how the task at hand should go ("Want the quantities?" → "pls, for like 4
    servings"), or a yes in the question's own words ("Is this your dad?" → "yeah my dad").
    Neither the answer nor the fragment alone is a memory."""
    if question is None or _after_statement(sentence, turn_text):
        return False
    text = sentence.strip()
    if _HANGUL.search(text):
        toks = korean.tokens(text)
        # "과제는 격주로 총 6회입니다": a topic of its own makes a statement, not a fragment
        fragment = _noun_phrase(toks) or (not _has_predicate(toks) and not any(
            t.tag == "JKS" or (t.tag == "JX" and t.form in ("은", "는", "도")) for t in toks))
    else:
        fragment = _EN_CLAUSE.search(_EN_YES.sub("", text)) is None
    if not fragment:
        return False
    if _NON_ANSWER.search(_EN_YES.sub("", _KO_YES.sub("", text)).strip()):
        return True  # "첫 학교는 어디예요?" → "아직 발령 전": nothing known yet
    if _yes_no(question) and _repeats(text, question):
        return True
    # "응 어깨 회전근개 수술 후 재활이야" after "운동 알려드릴까요?": what lasts is said anyway —
    # but a count that opens the answer to the task's size is the answer, whatever it counts
    # ("How many people would be travelling?" → "like 9 incl my kids"), unless it names someone
    return task_question(question) and (_LASTING.search(text) is None or _counted(text))


# a fragment that opens with a count ("like 9 incl my kids", "about 12, with the kids", "4명이요
# 애들까지"): the size the task asked for
_COUNT_FIRST = re.compile(
    r"^(?:(?:like|about|around|maybe|probably|prob|roughly|approx(?:imately)?|just|only|~|"
    r"대략|한|약|아마)\s*)?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"a\s+dozen)\b(?!\s*(?:years?|yrs?|yo|y/o|months?|weeks?)\b)|"
    r"^(?:(?:대략|한|약|아마)\s?)?\d+\s?(?:명|분|인)(?![가-힣])",
    re.IGNORECASE)


def _counted(text: str) -> bool:
    """A count opens the fragment and no one is named in it (a name is a fact of its own:
    "2, me and my wife Jess")."""
    rest = _EN_YES.sub("", _KO_YES.sub("", text.strip()))
    if _COUNT_FIRST.match(rest) is None:
        return False
    if _HANGUL.search(rest):
        return not any(t.tag == "NNP" for t in korean.tokens(rest))
    return re.search(r"(?<=\s)[A-Z][a-z]+", rest) is None


def _noun_phrase(toks: list[korean.Token]) -> bool:
    """A Korean noun phrase whose verbs only describe its nouns ("22명, 방 따로 있는 데", "역
    가까운 조용한 곳으로"): it ends in a noun (or a particle after one) and every verb ends in
    a modifier (-는, -ㄴ, -ㄹ), with no final or joining ending — an answer, not a clause."""
    toks = [t for t in toks if not t.tag.startswith("S") or t.tag in ("SL", "SN")]
    while toks and toks[-1].tag.startswith("J"):
        toks = toks[:-1]
    if not toks or not toks[-1].tag.startswith(("NN", "SN", "SL", "NR")) \
            or any(t.tag in ("EF", "EC", "EP") for t in toks):
        return False
    verbs = [i for i, t in enumerate(toks) if t.tag.startswith(("VV", "VA", "VX", "XSV", "XSA"))]
    return bool(verbs) and all(any(u.tag == "ETM" for u in toks[i + 1:i + 3]) for i in verbs)


def _has_predicate(toks: list[korean.Token]) -> bool:
    """A Korean verb or adjective (its stem or a derived one), or the copula after a subject
    ("걔 이름이 서윤이다"): a clause, not a fragment."""
    return any(t.tag.startswith(("VV", "VA", "VX", "XSV", "XSA")) for t in toks) or any(
        t.tag == "VCP" and any(u.tag == "JKS" or (u.tag == "JX" and u.form in ("은", "는", "ᆫ"))
                               for u in toks[:i]) for i, t in enumerate(toks))


def small_talk(question: str) -> bool:
    """A question about how something was or how the user is: its answer is a mood."""
    return _EVALUATIVE.search(_LEAD_Q.sub("", question.strip())) is not None


def mood_reply(sentence: str, question: str | None) -> bool:
    """A fragment (no clause of its own) answering small talk: "already on my third lol"
    after "Maybe grab a coffee?" says how the moment is, not a fact to keep."""
    if question is None or not small_talk(question):
        return False
    text = sentence.strip()
    if _HANGUL.search(text):
        return not _has_predicate(korean.tokens(text))
    # no subject pronoun, auxiliary or verb-looking word ("takes", "finished"): a fragment
    return _EN_CLAUSE.search(text) is None and re.search(r"\b[a-z]{2,}(?:s|ed)\b", text,
                                                        re.IGNORECASE) is None


_BLAND = frozenset(
    "all and any bit but every fine good great most mostly much more less little days day "
    "times time sometimes usually often always never now yet still really pretty quite kind "
    "sort well okay busy nice bad not yes yeah yep nope sure lot lots the for with too very "
    "just though maybe".split())


def _specific(text: str) -> bool:
    """A fragment that names something: a number, a name past its first word, or two words
    that are neither a frequency nor an evaluation ("carprofen every evening", not "Most
    days!" or "all good now")."""
    if _NUMBER.search(text):
        return True
    if _HANGUL.search(text):
        toks = korean.tokens(text)
        return any(t.tag in ("NNP", "SL") for t in toks) or sum(
            t.tag == "NNG" and len(t.form) > 1 for t in toks) >= 2
    if re.search(r"(?<=\s)[A-Z][\w'’-]+", text):
        return True
    words = [w for w in re.findall(r"[a-z][a-z'’-]+", text.lower()) if w not in _BLAND]
    return len(words) >= 2


def _yes_no(question: str) -> bool:
    q = _LEAD_Q.sub("", question.strip())
    if _HANGUL.search(q):
        return _KO_WH.search(q) is None
    return _YES_NO.match(q) is not None


def answer(sentence: str, question: str, turn_text: str, entities: Entities,
           topic: Entity | None = None, prior: str | None = None) -> str | None:
    """The memory for a fragment that answers ``question``, or None when it is not one;
    ``topic``: the relative or pet the user talked about just before (a question that names
    no one asks about them); ``prior``: the user's sentence before the question (what it
    says of the pet or relative asked about)."""
    if _VAGUE.search(turn_text) or small_talk(question) or task_question(question) \
            or not _asks(question) or _after_statement(sentence, turn_text) \
            or _HEARSAY_Q.search(question):
        return None
    if _NON_ANSWER.search(_EN_YES.sub("", _KO_YES.sub("", sentence.strip())).strip()):
        return None
    if _yes_no(question) and _repeats(sentence, question):
        return None  # "Is this your dad?" → "yeah my dad": a confirmation says nothing new
    if not _asks_wh(question) and _after_yes(sentence, turn_text):
        return None  # "yes lol. and mango copies him": the yes answered; this goes on alone
    if _yes_no(question) and not _specific(_EN_YES.sub("", _KO_YES.sub("", sentence.strip()))):
        return None
    text = sentence.strip().rstrip(".!~ ")
    if _HANGUL.search(text):
        return _korean(_KO_YES.sub("", text).strip(), question, entities, topic, prior)
    return _english(_EN_YES.sub("", text).strip(), question, entities, topic, prior)


# a question about what someone else said ("무슨 견종이래요?" after a colleague's new puppy): the
# answer passes on their news, it is not the user's
_HEARSAY_Q = re.compile(r"(?:래요|대요|래|대|래니|대니|랬어요|댔어요)\s*[?？]\s*$")
_CONTENTLESS = re.compile(r"^(?:and\s+|so\s+|what\s+about\s+|how\s+about\s+)?(?:you|u|yourself|"
                         r"yours)\s*[?？]$|^(?:너는|넌|당신은|그쪽은|님은)\s*[?？]$", re.IGNORECASE)


def _asks(question: str) -> bool:
    """A question put to the user about something: not "You?" after the assistant's own
    answer (the user's reply is to the assistant's remark, hypotheticals included), nor a
    proposal (``proposals.proposes``)."""
    q = _LEAD_Q.sub("", question.strip())
    return _CONTENTLESS.search(q) is None and not proposes(q)


def _after_statement(sentence: str, turn_text: str) -> bool:
    """The fragment comes after a statement of the same turn ("yeah it survived. I'm just
    grumpy. going to bed"): the statement answered; the fragment is no answer."""
    at = turn_text.find(sentence.strip()[:15])
    if at <= 0:
        return False
    before = [p for p in re.split(r"(?<=[.!?。！？~])\s+|\n+", turn_text[:at]) if p.strip()]
    for part in before:
        if _HANGUL.search(part):
            if _has_predicate(korean.tokens(part)):
                return True
        elif _EN_CLAUSE.search(_unclocked(_EN_YES.sub("", part.strip()))):
            return True
    return False


_BARE_YES = re.compile(r"^(?:yes|yeah|yep|yup|ya|yea|sure|right|exactly|correct|no|nope|nah|네|예|응|어|"
                       r"넵|맞아요?|아니요?|아뇨)(?:[\s,.!~]*(?:lol|haha+|lmao|ㅋ+|ㅎ+|:\)))*[\s,.!~]*$",
                       re.IGNORECASE)


def _asks_wh(question: str) -> bool:
    """A question a yes cannot answer ("What breed?", "어디 사세요?"); "So Kiwi is the one who
    barks?" and "Is she enjoying it?" can be."""
    q = _LEAD_Q.sub("", question.strip())
    if _HANGUL.search(q):
        return _KO_WH.search(q) is not None
    return re.match(r"(?:what|which|who|whom|whose|where|when|how|why)\b", q, re.IGNORECASE) \
        is not None


def _after_yes(sentence: str, turn_text: str) -> bool:
    """The fragment follows a bare yes or no of the same turn ("yes lol. and mango copies
    him"): the yes/no question is answered by it; what comes after is said on its own."""
    at = turn_text.find(sentence.strip()[:15])
    return at > 0 and _BARE_YES.match(turn_text[:at].strip()) is not None


_STOP = frozenset("my our your the a an is are was were this that it yes yeah yep yup sure "
                  "right exactly of".split())


def _repeats(sentence: str, question: str) -> bool:
    """Every word of the answer is in the question ("Is this your dad?" → "yeah my dad",
    "강아지예요?" → "네 강아지요"): a yes, said with the question's words."""
    if _HANGUL.search(sentence):
        said = {t.form for t in korean.tokens(sentence) if t.tag in ("NNG", "NNP", "SL")}
        asked = {t.form for t in korean.tokens(question) if t.tag in ("NNG", "NNP", "SL")}
    else:
        said = {w for w in re.findall(r"[a-z][a-z'’-]*", sentence.lower()) if w not in _STOP}
        asked = set(re.findall(r"[a-z][a-z'’-]*", question.lower()))
    return bool(said) and said <= asked


def _english(text: str, question: str, entities: Entities, topic: Entity | None,
             prior: str | None = None) -> str | None:
    if not text or _EN_CLAUSE.search(_unclocked(text)) or _EN_NO.search(text):
        return None
    words = re.findall(r"[A-Za-z][\w'’-]*|\d+", text)
    if len(words) < 2 and not re.search(r"\d|^[A-Z][a-z]+\s*$", text):
        return None  # "Slowly."
    if len(words) == 1 and text[:1].isupper() and not re.search(r"\d", text) \
            and text.lower() in _EN_ADVERBS:
        return None
    bare = english.strip_fillers(text)
    said = answered.statement(bare, question, answered.subject(question, entities, topic, prior),
                              name_given(bare, question), prior)
    said = said or asked_verb.with_verb(question, bare)  # "What will you teach?" → "intro chem"
    if said is not None:  # "What's her name?" → "Juniper": "User's mare is named Juniper"
        return said
    who = _question_with_entity(question, entities, topic)
    body = bare
    body = re.sub(r"(?<![\w'’])(?:us)\b", "the user", body, flags=re.I)
    body = re.sub(r"(?<![\w'’])(?:my|our)\b", "User's", body, flags=re.I)
    named = _WHO_EN.search(question)
    if named and body.startswith("User's "):  # "Who's Toto?" → "my jindo": Toto is User's jindo
        return f"{named.group('name')} is {body}"
    return f'User\'s answer to "{who}": {body}'


_EN_ADVERBS = frozenset("slowly fine good okay ok great well badly soon later sometimes".split())


def _korean(text: str, question: str, entities: Entities, topic: Entity | None,
            prior: str | None = None) -> str | None:
    if not text:
        return None
    toks = korean.tokens(text)
    if _has_predicate(toks) or (
            any(t.tag == "EF" for t in toks) and not any(t.tag == "VCP" for t in toks)):
        return None  # a clause of its own: the ordinary rules read it ("통계학이요" is not)
    given = name_given(text, question)
    if not korean.negated(toks):  # "견종이 뭐예요?" → "사용자의 강아지 Butter: 골든리트리버 1살"
        said = answered.statement(text, question,
                                  answered.subject(question, entities, topic, prior), given)
        if said is not None:
            return said
    if given is not None:  # "이름이 뭐예요?" → "몽이요": the name as the user calls it
        text = given
    elif toks and toks[-1].tag == "EF" and any(t.tag == "VCP" for t in toks):
        text = text[:next(t.start for t in toks if t.tag == "VCP")].rstrip()  # "통계학이요"
    if not any(t.tag in ("NNG", "NNP", "SL", "SN", "NR") or (t.tag == "NNB" and i and toks[i - 1].tag
                                                            in ("MM", "SN", "NR"))
               for i, t in enumerate(toks)):
        return None  # "아직 ㅋㅋ"
    if korean.negated(toks):
        return None
    named = _WHO_KO.search(question)
    mine = re.match(r"(?:우리|저희|울|내|제)\s?(?:집\s?)?(?=\S)", text)
    if named and mine:  # "토리가 누구예요?" → "우리 강아지": 토리는 사용자의 강아지다
        name = named.group("name")
        rest = text[mine.end():]
        return f"{name}{'은' if has_batchim(name) else '는'} 사용자의 {rest}" \
               f"{'이다' if has_batchim(rest) else '다'}"
    who = _question_with_entity(question, entities, topic)
    return answered.of_topic(question, topic, text) or f"질문 \"{who}\"에 대한 사용자의 답: {text}"


def _question_with_entity(question: str, entities: Entities, topic: Entity | None) -> str:
    """"Is she on insulin?" → "Is User's cat Luna on insulin?" (the entity spelt out)."""
    q = question.strip()
    m = re.search(r"\b(she|he|her|him|his)\b", q, re.IGNORECASE)
    if m and not _HANGUL.search(q):
        # (whom the conversation was about when it was asked, not a relative the answer names)
        target = topic if topic is not None and fits(topic, m.group(1).lower()) \
            else entities.pronoun_target(m.group(1).lower())
        if target is not None:
            who = target.display("en") + ("'s" if m.group(1).lower() == "his" else "")
            q = q[:m.start()] + who + q[m.end():]
    elif topic is not None and (answered.subjectless(q) or _of_its_thing(q)):
        # "몇 살이에요?" right after the user talked about their daughter: ask about her
        lang = "ko" if _HANGUL.search(q) else "en"
        q = f"{q} ({topic.display(lang)})"
    return q


_WHO_EN = re.compile(r"\b(?i:who)(?:['’]s|\s+is)\s+(?P<name>[A-Z][a-z]+)\s*\?")
_WHO_KO = re.compile(r"(?P<name>[가-힣A-Za-z]{1,6}?)(?:이)?(?:가|는|은)\s?누구(?:야|예요|에요|니|죠|인가요)?\s*\?")
_ASKS_NAME = re.compile(r"\bname\b|이름", re.IGNORECASE)
_KO_COPULA_END = re.compile(r"(?:이에요|예요|이요|요|이야|야|입니다|이라고\s?해요?|라고\s?해요?)$")


def name_given(sentence: str, question: str) -> str | None:
    """The name a fragment gives when the question asked for one ("강아지 이름이 뭐예요?" →
    "콩이!" → 콩이; "What's his name?" → "Max." → Max), else None."""
    if not _ASKS_NAME.search(question):
        return None
    text = sentence.strip().rstrip(".!~ ")
    if _HANGUL.search(text):
        text = re.sub(r"[\s.!~]*[ㅋㅎㅠㅜ^]+[\s.!~]*$", "", text)  # "솜사탕이야 ㅋㅋ"
        cut = _KO_COPULA_END.search(text)
        if cut is not None:  # "몽이요": the dog is 몽이 (a name ending in a consonant takes 이)
            text = ko_called(text[:cut.start()].rstrip(), text[cut.start():])
        text = text.strip()
        return text if re.fullmatch(r"[가-힣]{1,5}", text) else None
    m = re.fullmatch(r"(?:it['’]?s\s+|just\s+)?(?P<n>[A-Z][a-z]+(?:\s[A-Z][a-z]+)?)", text)
    return m.group("n") if m else None


# Questions whose answer fills a fact the rules know: the fragment is said again in the first
# person ("혹시 알레르기 있으세요?" → "복숭아요" → "나 복숭아 알레르기 있어"), so the allergy
# is the pinned allergy fact and a new residence supersedes the old one, as if said whole.
_RESTATE: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"allerg", re.IGNORECASE), "I'm allergic to {a}"),
    (re.compile(r"\bwhere\b.*\b(?:do\s+you\s+live|are\s+you\s+based|do\s+you\s+stay)\b",
                re.IGNORECASE), "I live in {a}"),
    (re.compile(r"\bwhat\s+should\s+i\s+call\s+you\b|\bwhat\s+do\s+you\s+(?:want|like)\s+to\s+be"
                r"\s+called\b", re.IGNORECASE), "call me {a}"),
    (re.compile(r"알레르기|알러지"), "나 {a} 알레르기 있어"),
    (re.compile(r"어디\s?(?:에\s?)?(?:사세요|살아|사니|살고\s?계|거주)"), "나 {a}에 살아"),
]
_EN_HEDGES = re.compile(r"^(?:just|only|mostly|um+|uh+|well)\s+|\s+(?:is\s+fine|works|please|"
                        r"is\s+good|thanks)$", re.IGNORECASE)
_KO_POLITE = re.compile(r"(?:이요|이에요|예요|요|이야|야|입니다)$")


def restated(question: str, fragment: str) -> str | None:
    """The answer said as a first-person sentence, for the questions in ``_RESTATE``."""
    text = fragment.strip().rstrip(".!~ ")
    if not text or _EN_NO.search(text) or re.match(r"^(?:아니|없어|없어요|없습니다|no|none)\b", text):
        return None
    if _HANGUL.search(text):
        text = _KO_POLITE.sub("", text).strip()
        if _has_predicate(korean.tokens(text)):
            return None  # a clause of its own: the rules read it as said
    else:
        text = _EN_HEDGES.sub("", _EN_YES.sub("", text)).strip()
        if _EN_CLAUSE.search(text):
            return None
    for pattern, form in _RESTATE:
        if pattern.search(question) and bool(_HANGUL.search(form)) == bool(_HANGUL.search(question)):
            return form.format(a=text) if text else None
    return None


def more_of(sentence: str, question: str, turn_text: str, entities: Entities,
            topic: Entity | None = None) -> str | None:
    """The sentence after an answer, when it is more of the answer: a bare noun phrase
    ("배터리 전해질 쪽", "mostly oncology") — not a statement with a predicate of its own
    ("푸들이고 5살이야" is about the pet just named, and coreference reads it)."""
    if _HANGUL.search(sentence) and any(
            t.tag.startswith(("V", "XS", "E")) for t in korean.tokens(sentence)):
        return None
    return answer(sentence, question, turn_text, entities, topic)


def goes_on(memory: str, more: str) -> str:
    """An answer said in two fragments ("화학공학이요. 배터리 전해질 쪽", "공장 QC 팀. 반도체
    부품"): the second, said right after, belongs to the same answer — one memory."""
    m = re.search(r"(?:답|\"|^(?:사용자의|User['’]s)\s[^:\"]{1,40})\s?:\s(?P<x>.+)$", more)
    return f"{memory.rstrip(' .')}, {m.group('x') if m else more}"


_PEOPLE_KO = frozenset("친구 동료 지인 선배 후배 동기 상사 팀장 부장 과장 사장 이웃 룸메 룸메이트 교수 "
                       "선생 선생님 의사 아이 애 사람 분 손님 주인 담임".split())


def _of_its_thing(question: str) -> bool:
    """A Korean question whose topic is a thing, not a person ("파견 기간은 얼마나 돼요?" right
    after "남편이 다음주부터 싱가포르 파견이라"): it asks about what the user just said of
    the one talked about, so the answer is theirs too."""
    if not _HANGUL.search(question):
        return False
    toks = korean.tokens(question)
    if any(t.tag in ("NNP", "NP", "JKS") for t in toks):
        return False
    topics = [i for i, t in enumerate(toks) if t.tag == "JX" and t.form in ("은", "는")]
    if len(topics) != 1 or topics[0] == 0 or toks[topics[0] - 1].tag != "NNG":
        return False
    noun = toks[topics[0] - 1].form  # (not a person: "동료는 같이 가요?", "선생님은 …")
    return re.fullmatch(rf"{korean.FAMILY_KO}|{korean.PETS_KO}", noun) is None \
        and noun not in _PEOPLE_KO
