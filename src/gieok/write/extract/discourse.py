"""Whether a sentence is a statement at all, before any rule reads it (W3).

Every extractor path (slot rules, the generic keep-or-drop gate, explicit requests) first
asks this module whether a sentence is a statement at all: greetings, thanks and fillers,
questions, hypotheticals, reported speech, beliefs the user is correcting ("I always thought
it was Sydney"), promises of the moment ("우산 챙겨야겠다", "병원 가볼게"), hearsay and
evidential remarks ("신라면도 맵더라고요"), requests for help ("I need a workout plan") and
turns the user takes back ("… 는 거짓말이고", "just kidding") are not, and neither is what is
said inside a game or role-play. A rule that read such a sentence would store a memory the
user never stated, so this check comes first and is one function, ``is_noise``.

Its neighbours do the other jobs of reading a turn: ``discourse_split`` cuts a turn into
sentences, ``discourse_subject`` says who a Korean sentence is about, and ``discourse_others``
drops statements that are about someone other than the user. ``split_sentences``,
``ko_subject`` and ``final_predicate`` are imported here too, where their callers have always
found them.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write import revoked_ko
from gieok.write.extract import asides, sarcasm, task_talk
from gieok.write.extract.discourse_split import split_sentences
from gieok.write.extract.discourse_subject import SELF_KO, final_predicate, ko_subject
from gieok.write.extract.korean import tokens

__all__ = [
    "denial", "disowned", "final_predicate", "hypothetical", "idle", "is_noise", "ko_subject",
    "retracted", "role_play", "split_sentences", "still_playing", "takes_back", "unfill",
    "without_trailing_question",
]


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


def hypothetical(sentence: str) -> bool:
    """A case imagined, not lived ("if I won the lottery", "만약 내가 …", "… 라면 ")."""
    return _HYPOTHETICAL.search(sentence) is not None


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
# a request with how it should be done said after it ("코드 하나 짜줘 짧게", "써줘 simple하게")
_KO_ASKED_HOW = re.compile(r"(?<!기억해\s)(?<!기억해)(?:줘|줘요|주세요|줄래|줄래요|주실래요)(?P<how>\s+\S{1,12}?"
                           r"(?:게|히|로|으로))[\s.!~ㅋㅎㅠ]*$")


def _asked_how(s: str) -> bool:
    """A one-off request with its manner after it; not a standing instruction so said ("그냥
    반말로 해줘 편하게" is how every answer should be)."""
    m = _KO_ASKED_HOW.search(s)
    if m is None:
        return False
    from gieok.write.extract.standing import instruction

    return instruction(s[:m.start("how")]) is None
_KO_PROMISE = re.compile(r"[갈할볼올줄될낼물살쓸알놀만][게께](?:요)?(?=$|[\s.!~?ㅋㅎ]|[A-Za-z])")


# Pure; asked of one sentence several times a turn, and again when the session's episode
# re-reads it: cached per text.
@lru_cache(maxsize=16384)
def is_noise(sentence: str) -> bool:
    """Greetings, thanks, fillers, questions, hypotheticals, reported speech, corrected
    beliefs, promises of the moment, evidential remarks and requests for help."""
    s = sentence.strip()
    if not re.search(r"\w", s) or _SMALL_TALK.match(s) or _SMALL_TALK.match(unfill(s)):
        return True
    if revoked_ko.cancelled(s) and not s.endswith(("?", "？")):
        return False  # "짧게 하라는 거 취소할게": a standing request cancelled, no promise
    if s.endswith(("?", "？")) or asides.deliberates(s):
        return True  # (a question, or weighing it: "이사 가야 하나 고민했다", "wondering if …")
    if _HANGUL.search(s):
        if _QUESTION_KO.search(s) and (_KO_WH.search(s) or s.endswith(("까", "까요", "니", "냐"))):
            return True
        if _ko_not_statement(s) or _KO_PROMISE.search(s) or _asked_how(s):
            return True
        # a question without its mark — unless the speaker says something of themselves in it
        # first ("내가 당뇨가 있어서 인슐린 맞는디 … 맞는가": the other rules read the fact)
        if asides.ko_asks(s) and not SELF_KO.search(s):
            return True
    elif (_QUESTION_EN.match(s) and not re.match(r"(?:do\s+not|did\s+not)\b", s, re.I)) \
            or _TRAILING_QUESTION_EN.search(s):
        return True
    if _EN_BELIEF.search(s) or _EN_HELP.match(unfill(s)) or _REACTION.search(s) \
            or _EN_MOMENT.search(s) or _TASK.match(unfill(s)) or _PLEASANTRY.search(s):
        return True
    return bool(hypothetical(s) or _REPORTED.search(s) or _NEVER_SAID.search(s)
                or _ABOUT_TO_ASK.match(unfill(s))) or disowned(s) or _slip(s) or denial(s) \
        or idle(s) or task_talk.composing(s) or task_talk.malfunction(s) \
        or task_talk.parameter(s) or task_talk.hands_over(s)


# "no, I'm not vegan", "No, I don't have kids": a no to what the assistant took for granted —
# what the user is not or has not is no memory (health is: "no, I don't have allergies" stays
# for the other rules)
_DENIAL = re.compile(r"^(?:no|nope|nah|not\s+really)[,.!\s]+(?:i['’]m\s+not|i\s+am\s+not|"
                     r"i\s+don['’]?t\s+have|i\s+do\s+not\s+have|i\s+haven['’]?t\s+got)\b",
                     re.IGNORECASE)
_HEALTH_WORD = re.compile(r"allerg|medic|meds\b|diabet|pregnan|condition|asthma|epilep",
                          re.IGNORECASE)


# "나 고기 안 먹는 거 아니야", "술 끊은 게 아니에요": it is not that … — a no to what the other
# took for granted; what is denied is no fact, and what holds is said (if at all) on its own
_DENIAL_KO = re.compile(r"(?:는|은|ᆫ|던|[가-힣]ㄴ)?\s?(?:거|것|게)\s?(?:아니야|아니에요|아니예요|아님|아냐|"
                        r"아니거든(?:요)?|아닙니다|아니다)(?![가-힣])")


# "I'm not vegan or anything, I just wondered …", "not a doctor or anything": a disclaimer
# before a question — what the user is not, said only to frame the question
_DISCLAIMER = re.compile(r"\bnot\s+(?:really\s+)?(?:an?\s+)?[\w-]+(?:\s+[\w-]+)?\s+or\s+"
                         r"(?:anything|whatever|something)\b", re.IGNORECASE)


def denial(s: str) -> bool:
    """Whether the sentence is such a no (a clause of it is not cut out: disclosure.py)."""
    if _DISCLAIMER.search(s) is not None:
        return True
    return (_DENIAL.search(s) is not None or _DENIAL_KO.search(s) is not None) \
        and _HEALTH_WORD.search(s) is None


# "I always forget", "I always mix them up", "아 맨날 헷갈려", "이번 달 깜빡했어": a slip of memory
# said as a remark — what is forgotten is said (if at all) in a clause of its own, which stays
_EN_SLIP = re.compile(
    r"^(?:(?:right|yeah|yes|ugh|lol|oh|ha+|and|but|honestly)[,!.\s]+)*I\s+(?:always\s+|keep\s+|still\s+|"
    r"usually\s+|constantly\s+|often\s+|just\s+|totally\s+)*(?:forget(?:ting)?|forgot|"
    r"(?:never|can['’]?t\s+ever|can['’]?t)\s+remember|mix(?:ing)?\s+"
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


# "just curious", "그냥 궁금해서": the question was idle — said with nothing else, or with
# what the user is not doing ("I'm not going, just curious"), the sentence is no statement
_IDLE = re.compile(r"\bjust\s+(?:curious|wondering|asking)\b|\bout\s+of\s+(?:pure\s+)?curiosity\b|"
                   r"그냥\s?궁금(?:해서|해요|함|해|하다)?(?:요)?|궁금해서\s?(?:요|물어|ㅋ|ㅎ|$)", re.IGNORECASE)
_NOT_SAID = re.compile(r"\b(?:not|never)\b|n['’]t\b|(?<![가-힣])안\s|아님|아니|없", re.IGNORECASE)
_HOLLOW = re.compile(r"^(?:i|i['’]m|im|i\s+am|lol|haha|ha|so|and|but|ok(?:ay)?|just|난|나는|저는|전|"
                     r"그냥|아|ㅋ+|ㅎ+)$", re.IGNORECASE)


def idle(s: str) -> bool:
    """The sentence only says the question was idle ("난 그냥 궁금해서", "I'm not flying there,
    just curious"); "I'm a nurse, just curious how others cope" still says who the user is."""
    m = _IDLE.search(s)
    if m is None:
        return False
    rest = (s[:m.start()] + " " + s[m.end():]).strip()
    words = [w for w in re.findall(r"[\w'’]+", rest) if not _HOLLOW.match(w)]
    return not words or _NOT_SAID.search(rest) is not None


# "I have an iPad from work but it's not mine", "노트북 있는데 회사 거라 제 거 아님": what is
# at hand is someone else's
_DISOWNED = re.compile(r"\b(?:but|though|although)\s+(?:it|that|this|they|those|these)(?:['’]s|['’]re|"
                       r"\s+is|\s+are)\s+not\s+(?:mine|ours|my\s+own)\b|\b(?:but|though)\s+(?:it|that|"
                       r"this|they)\s+(?:isn['’]t|aren['’]t)\s+(?:mine|ours)\b|(?<![가-힣])(?:내|제)\s?(?:거|것)\s?"
                       r"(?:아님|아니(?:에요|예요|야|고|라서|지만)|아냐|아닙니다)", re.IGNORECASE)


# "it's not mine, it's my flatmate's", "it's my coworker's, we're not close": the thing the task
# is about is someone else's, said by its owner alone
_SOMEONE_ELSES = re.compile(
    r"^(?:(?:oh|no|nah|lol|haha|well)[,.!\s]+)*(?:it['’]s|it\s+is|that['’]s|they['’]re)\s+"
    r"(?:not\s+(?:mine|ours)[,;.\s]+(?:it['’]s\s+|they['’]re\s+)?)?"
    r"(?:my|our)\s+(?:[\w-]+\s+)?[\w-]+['’]s?(?=\s*(?:[,;.!]|$))", re.IGNORECASE)


def disowned(s: str) -> bool:
    """The sentence says that what it is about is not the user's ("… but it's not mine", "it's
    my flatmate's")."""
    return _DISOWNED.search(s) is not None or _SOMEONE_ELSES.search(s) is not None


# "나 커피 끊었다고 한 적 없는데", "I never said I was vegan": what the user did not say
_NEVER_SAID = re.compile(r"(?:다|라)고\s?(?:한|말한|했던|말했던)\s?적\s?(?:이\s?)?없|"
                         r"\bi\s+(?:never|didn['’]t|did\s+not)\s+(?:say|said|tell\s+you)\b", re.IGNORECASE)
# a label before the question ("python 질문", "quick question", "질문 하나만"): no statement
_ABOUT_TO_ASK = re.compile(r"^(?:[\w+#.-]+\s){0,2}?(?:질문|궁금한\s?거)(?:\s?(?:하나|있어|있어요|"
                           r"있는데|이요|이에요|이야|임))?(?:만)?[\s.:!~]*$|^(?:(?:a|one|another|quick|"
                           r"random|dumb|silly|stupid|weird|small|odd|[\w+#.-]+)\s+){0,2}?question"
                           r"(?:\s+for\s+you)?[\s.:!~]*$|"
                           # what the turn is for ("I need to vent", "rant incoming", "푸념 좀 할게")
                           r"^(?:(?:ugh|ok(?:ay)?|so|sorry)[,.!\s]+)*(?:i\s+)?(?:really\s+)?"
                           r"(?:need|want|have|gotta)\s+to\s+(?:vent|rant)"
                           r"(?:\s+(?:a\s+bit|for\s+a\s+sec(?:ond)?))?"
                           r"[\s.:!~]*$|^(?:rant|vent)\s+(?:incoming|time|alert)[\s.:!~]*$|"
                           r"^(?:푸념|하소연|넋두리)\s?(?:좀|하나)?\s?(?:할게|해도\s?돼|들어\s?줘)", re.IGNORECASE)


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


def unfill(sentence: str) -> str:
    """The sentence without the fillers it opens with ("아무튼", "well", "ngl", "btw")."""
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
                        # "나 사실 외계인이야 ㅋㅋ 농담": the bare word closing the turn
                        r"(?:[ㅋㅎ]{2,}|[.!~,])\s*(?:아\s)?(?:농담|장난)(?:임|이지롱|이다|ㅋ+)?[\s.!~ㅋㅎ]*$|"
                        r"(?:아까|방금)\s?(?:말한|한\s?말|얘기한)\s?(?:거|것)?\s?(?:은|는)?\s?취소|"
                        r"(?:^|[.!?]\s*)(?:(?:ok(?:ay)?|just|please|actually)[\s,]+)*forget\s+(?:what\s+i\s+"
                        r"(?:just\s+)?said|that|it|about\s+it)\s*[.!]*$|"
                        r"\bjust\s+kidding\b|\bjk\b|\bkidding\b|"
                        # the turn says it is not about the user ("제 얘기 아님", "이건 팀장님
                        # 얘기임", "asking for a friend"): nothing in it is the user's
                        r"(?<![가-힣])(?:제|내|저|나)\s?(?:얘기|이야기)(?:는|가)?\s?(?:아님|아니(?:에요|예요|야|"
                        r"거든요|죠|ㅋ)|아냐|아닙니다)|(?<![가-힣])(?:이건|이거|그건|그거)\s?(?!(?:제|내|저|나|우리|"
                        r"저희)\s?(?:얘기|이야기))[가-힣A-Za-z]+(?:\s[가-힣A-Za-z]+)?\s?(?:얘기|이야기)(?:임|야|예요|"
                        r"이에요|입니다)|\b(?:this|that|it)(?:['’]s|\s+is)\s+not\s+(?:about\s+)?me\b|"
                        r"\basking\s+for\s+a\s+friend\b", re.IGNORECASE)


def takes_back(turn_text: str, shown: str = "") -> bool:
    """A short turn that only takes back the one before ("lol jk", "아 농담이야 ㅋㅋ", "just
    kidding, I'm not getting a dog"), or a bare yes to the assistant's "are you being
    sarcastic?" (``shown``: the assistant's turn before it; ``sarcasm.confirmed``): what the
    user said just before is no statement."""
    if sarcasm.confirmed(shown, turn_text):
        return True
    words = re.findall(r"[\w'’]+", turn_text)
    return retracted(turn_text) and len(words) <= 10 and not re.search(
        r"\bkidding\s+(?:me|aside)\b|\bno\s+kidding\b|농담\s?(?:아니|아냐|말고)|장난\s?아니", turn_text,
        re.IGNORECASE)


def retracted(turn_text: str) -> bool:
    """The user takes back what the turn says: nothing in it is a statement (a turn that
    says it is sarcasm, "물론 sarcasm 이야", "/s", takes it back too)."""
    return _RETRACTED.search(turn_text) is not None or sarcasm.marked(turn_text)


def _ko_not_statement(sentence: str) -> bool:
    """Promises and intentions of the moment (-겠다, -ㄹ게, -ㄹ래), evidential remarks
    (-더라, -던데) and explanations of a past moment (-던 거야)."""
    toks = tokens(sentence)
    final = final_predicate(toks)
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


# A game or role-play the user sets up: what they say in it is fiction, not about them.
_ROLE_PLAY = re.compile(
    r"\blet['’]?s\s+(?:play\s+(?:a\s+game|pretend|a\s+role)|role[\s-]?play|pretend)\b|"
    r"\brole[\s-]?play\b(?!\s*(?:exercises?|games?|sessions?|scenarios?|training|group|club|class))|"
    r"\bpretend\s+(?:you['’]?re|you\s+are|to\s+be|that)\b|\bact\s+as\s+(?:a|an|my)\b|"
    r"\byou['’]?re\s+(?:a|an|the)\s+[\w\s-]{2,30}?\s+and\s+i['’]?m\s+(?:a|an|the|your)\b|"
    # a story written with the user in it: "write a story where I'm a knight", "나를 주인공으로 소설 써줘"
    r"\b(?:story|tale|fanfic|fic|poem|scene)\s+(?:where|in\s+which)\s+(?:i['’]?m|i\s+am)\b|"
    r"\bstarring\s+me\b|\bwith\s+me\s+as\s+the\s+(?:hero|heroine|main\s+character|protagonist|villain)\b|"
    r"(?:나를|날|저를|절)\s?주인공으로|(?:내가|제가)\s?주인공인|"
    r"역할극|상황극|롤플|(?:놀이|게임)\s?(?:하자|할래|해요|합시다)|"
    r"(?:너는|넌)\s[^.!?]{1,30}?(?:나는|난)\s[^.!?]{1,30}?(?:야|이야|역할|해|할게)(?:[\s.!~]|$)|"
    # the roles in two sentences, then the start called: "지금부터 너는 주막 주인이야. 나는
    # 지나가는 선비. 시작!", "you're a pirate captain. I'm your first mate. go!"
    r"(?:너는|넌)\s[^.!?]{1,30}?[.!~,]\s*(?:그리고\s)?(?:나는|난)\s[^.!?]{1,30}?[.!~,]\s*(?:자\s)?"
    r"(?:시작|start|go|action)\b|"
    r"\byou['’]?re\s+(?:a|an|the|my)\s+[\w\s'’-]{2,30}?[.!;,]\s*(?:and\s+)?i['’]?m\s+(?:a|an|the|your)\s+"
    r"[\w\s'’-]{2,30}?[.!;,]\s*(?:ok(?:ay)?\s+)?(?:go|start|begin|action)\b|"
    r"척\s?(?:해\s?줘|해\s?봐|하자)|연기해\s?(?:줘|봐)", re.IGNORECASE)


# The user steps out of the game to talk as themselves: "haha ok. but seriously, …", "ok jokes
# aside", "(out of character)", "역할극 끝" — what follows is about them again. A bare
# "seriously" is no step out ("seriously, captain, the hull is breached" is a line of the part).
_STEPPED_OUT = re.compile(
    r"\b(?:but|ok(?:ay)?|lol|haha+|anyway)[,.!\s]+(?:but\s+)?(?:seriously|for\s+real|joking\s+aside|"
    r"jokes\s+aside)\b|\b(?:out\s+of\s+character|ooc|all\s+jokes\s+aside|(?:end|stop)\s+(?:the\s+)?"
    r"(?:game|role-?play))\b|(?:역할극|상황극|롤플|게임)\s?(?:끝|그만)|농담\s?말고\s?진짜|장난\s?말고\s?진짜",
    re.IGNORECASE)


def still_playing(user_texts: Iterable[str], playing: bool = False) -> bool:
    """Whether the user is still in a game after ``user_texts`` (``playing``: before them):
    set up by ``role_play``, ended when the user steps out of it to talk as themselves."""
    for text in user_texts:
        playing = (playing or role_play(text)) and _STEPPED_OUT.search(text) is None
    return playing


def role_play(text: str) -> bool:
    """The user sets up a game or a role-play ("let's play a game. you're a pirate captain and
    i'm your first mate", "우리 지금부터 역할극 하자", "let's role play"), or asks for a story with
    the user in it ("나를 주인공으로 소설 써줘: 나는 조선시대 포졸이고 …"): the rest of the conversation
    is a part played, so nothing said in it is remembered about the user."""
    return _ROLE_PLAY.search(text) is not None
