"""Standing instructions for the assistant (W3, rule family): how every later answer should be.

The slot rules know a few fixed phrasings ("always answer in Korean", "반말로 해줘"). People
say it in many more ways: "Please don't use emojis in your replies", "Keep answers short,
bullet points are fine", "When you give me code, always use TypeScript, not JavaScript",
"레시피 알려줄 땐 꼭 칼로리도 같이 알려줘", "저한테는 존댓말 말고 반말로 편하게 해주세요".
What makes a request *standing* rather than a one-off ("write me a cover letter", "장난감
추천해줘") is structural: an imperative addressed to the assistant **and** a marker that it
covers every later answer — the assistant's replies as a class ("your replies", "answers",
"대답"), a condition over future requests ("when you …", "…할 땐"), a frequency ("always",
"앞으로", "매번", "이제 X 말고 Y"), or a register/format choice (emojis, 반말).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gieok.domain.records import MemoryType
from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.base import Hit
from gieok.write.extract.patterns_en import third_person
from gieok.write.normalize import first_person_to_user_ko


# what may come before the imperative: fillers, and when it starts to hold ("from now on
# don't use emoji …", "going forward, cite sources")
_EN_LEADS = (r"(?:(?:please|pls|and|also|oh|ok(?:ay)?|btw|one\s+more\s+thing|from\s+now\s+on|"
             # a label for what follows ("quick thing, never …", "small request: always …")
             r"(?:quick|one|small|little|another|random)\s+(?:thing|request|note|favou?r|ask)|"
             r"going\s+forward|moving\s+forward|henceforth|by\s+default|in\s+(?:the\s+)?future|"
             # stepping out of a joke to say how it should be ("lol ok. but seriously, in
             # general please don't …")
             r"but|seriously|in\s+general|generally)"
             r"[,\s]+)*")
_EN_IMPERATIVE = re.compile(
    _EN_LEADS +
    # (a gerund after "never"/"always" is the user's own resolve or habit, no imperative:
    # "never trusting it again", "always losing my keys")
    r"(?:don['’]?t|do\s+not|(?:never|always)(?!\s+(?!(?:b|br|s|r|st|sw|fl|wr|str|cl|spr)ing\b)"
    r"[a-z]+ing\b)|keep|use|write|answer|reply|respond|give|format|stop|"
    r"avoid|be|call|address|speak|talk|only|make|include|add|put|no|"
    # "when you give me workout plans, nothing that involves jumping": what is ruled out
    r"nothing(?=\s+(?:that|with|which|involving|containing|too|over|under|more|less)\b))\b",
    re.IGNORECASE)
_EN_CONDITION = re.compile(
    r"^(?:(?:please|and|also)[,\s]+)*(?:when(?:ever)?|every\s+time|each\s+time|if)\s+(?:you|"
    r"i\s+(?:ask|want|say|request|send|need|give|share|paste))\b[^,]{2,80}?(?:,\s*|\s+"
    # no comma in chat: the condition ends where the imperative starts ("when you give me
    # recipes always use grams")
    r"(?=(?:please\s+|pls\s+)?(?:always|never|don['’]?t|do\s+not|only|stop)\b|"
    # … or where "please" starts it ("when you write things for me please use British spelling")
    r"(?:please|pls)\s+[a-z]))(?P<rest>.+)$",
    re.IGNORECASE)
_EN_STANDING = re.compile(
    r"\b(?:your\s+(?:replies|answers|responses|messages|code|explanations?|emails?|summaries|"
    r"suggestions)|answers|replies|responses|from\s+now\s+on|going\s+forward|by\s+default|"
    r"every\s+time|when(?:ever)?\s+you|always|never|emojis?|emoticons?|bullet(?:\s+points|s)?|"
    r"moving\s+forward|henceforth|in\s+(?:the\s+)?future|"
    # "in general" said of how the assistant treats the user ("in general please don't use
    # tough-love tone with me"; not "in general don't leave dishes in the sink")
    r"in\s+general(?=.*\b(?:me|you|your)\b)|"
    r"(?:don['’]?t|do\s+not|never)\s+call\s+me|address\s+me\s+as|(?:anything|everything|whatever)\s+"
    r"you)\b|"
    # a habit of the assistant's given up: "stop adding those intros", "stop saying 'great
    # question'" — what "stop" ends is every later answer's, not the task at hand
    r"^(?:(?:please|pls|and|also|oh|btw)[,\s]+)*stop\s+(?:adding|saying|using|starting|ending|"
    r"opening|closing|putting|including|asking|apologi[sz]ing|repeating|suggesting|recommending|"
    r"calling\s+me|telling\s+me|explaining|mentioning|giving\s+me|writing|summari[sz]ing|"
    r"thanking|praising|complimenting|hedging)\b|"
    # a kind of suggestion ruled out: "don't suggest recipes with mushrooms"
    r"^(?:(?:please|pls|and|also|oh|btw)[,\s]+)*(?:don['’]?t|do\s+not)\s+(?:ever\s+)?(?:suggest|"
    r"recommend|propose|offer)\s+(?:me\s+)?(?:any\s+)?(?:[\w-]+\s+){0,2}?[\w-]+s\b|"
    # … or ruled out of a class of later answers: "don't suggest pork in any recipe", "no
    # peanuts in any of the meal plans" (a one-off names the one: "in this recipe")
    r"^(?:(?:please|pls|and|also|oh|btw)[,\s]+)*(?:don['’]?t|do\s+not|never|no|avoid)\b[^,;]*?"
    r"\b(?:in|for|with|on|to|from)\s+(?:any|every|all)\s+(?:of\s+)?(?:the\s+|my\s+|your\s+)?"
    r"(?!(?:time|way|case|cost)s?\b)[a-z][\w-]+", re.IGNORECASE)
# "don't suggest changes to this draft": about the task at hand, not every later answer
_ONE_OFF = re.compile(r"\b(?:this|these|that|those)\s+(?:email|draft|text|message|letter|essay|"
                      r"post|answer|reply|list|plan|itinerary|doc(?:ument)?|slides?|version|code|"
                      r"paragraph|sentence|"
                      r"function|file|time|one)\b", re.IGNORECASE)
_KO_REQUEST = re.compile(
    r"(?:줘|줘요|주세요|주실래요|줄래|줄래요|주라|해\s?줘|하지\s?마(?:세요)?|하지\s?말아\s?(?:줘|주세요)|"
    r"지\s?마(?:세요)?|지\s?말아\s?(?:줘|주세요)|해요|하세요|써\s?줘|써\s?주세요|부탁해(?:요)?|"
    # a habit of the assistant's ended, said bare: "이모지 좀 그만 써", "사과 그만해"
    r"그만\s?(?:좀\s)?(?:써|해|쓰세요|하세요|써요|해요|붙여|넣어|물어봐)|"
    r"부탁드려요|부탁드립니다)[\s.!~ㅋㅎㅠㅜ^]*(?:앞으로|부탁해|제발|항상|꼭|매번|늘|계속|"
    # "… 따로 빼서 보여줘 이제부터": when it starts, said after the request
    r"이제부터|지금부터|다음부터|앞으로는)?[\s.!~ㅋㅎㅠㅜ^]*"
    # "emoji 쓰지 말아줘, 좀 부담스러움": the reason after a comma; "존댓말 쓰지 마 반말 편해":
    # what suits the user instead, said after it
    r"(?:$|,\s*[^,?]{2,30}$|(?<=마)\s[가-힣A-Za-z]{1,8}(?:가|이)?\s?(?:편해|편해요|편함|좋아|좋아요|좋음)"
    r"[\s.!~ㅋㅎ]*$)")
# a habit ended with "그만", said as what not to do: "이모지 좀 그만 써" → "이모지 쓰지 마"
_STOP = re.compile(r"(?:좀\s)?그만\s?(?:좀\s)?(?P<v>써요|써|쓰세요|해요|해|하세요|붙여|넣어|물어봐)(?=[\s.!~ㅋㅎ]|$)")
_STOPPED = {"써요": "쓰지 마요", "써": "쓰지 마", "쓰세요": "쓰지 마세요", "해요": "하지 마요", "해": "하지 마",
            "하세요": "하지 마세요", "붙여": "붙이지 마", "넣어": "넣지 마", "물어봐": "묻지 마"}
# the answers' language chosen again, with no object of a task ("다시 한국말로 해 줘", "이제 다시
# 영어로 대답해"; not "다시 영어로 번역해줘": one translation done over)
_LANGUAGES_KO = r"(?:한국어|한국말|한글|영어|일본어|중국어|스페인어|프랑스어|독일어)"
_BACK_TO = (rf"(?<![가-힣])다시\s?(?P<lang>{_LANGUAGES_KO})로(?:만)?\s?(?:해|말해|대답해|답해|얘기해|"
            r"답변해)\s?(?:줘|주세요|줘요|줄래|요)?[\s.!~ㅋㅎ]*$")
# every Hangul syllable that ends in ㄹ: a verb's future modifier before 때 ("짤 때", "만들 때")
_RIEUL = "".join(chr(c) for c in range(0xAC00, 0xD7A4) if (c - 0xAC00) % 28 == 8)
_KO_STANDING = re.compile(
    rf"앞으로|항상|(?<![가-힣])늘\s|매번|언제나|때마다|이제부터|(?:ㄹ|[{_RIEUL}])\s?(?:땐|때는|때)\s|"
    # a condition over the user's later requests: "제 일정 얘기하면 …", "내가 물어보면 …"
    r"(?:물어보|얘기하|이야기하|말하|부탁하|질문하|요청하|보내|올리|말\s?걸|말\s?시키|톡하)(?:시)?면\s|"
    r"반말|존댓말|"
    # said in English inside a Korean request: "from now on 내 영어 문장 틀린거 있으면 꼭 고쳐줘"
    r"(?i:from\s+now\s+on|going\s+forward|from\s+here\s+on)|"

    # … or over what the user will say they want: "내가 뭐 사고 싶다고 하면 말려줘"
    r"(?<![가-힣])(?:내가|제가)\s.*(?:다|라|자)고\s?하(?:시)?면\s|"
    r"말투|(?:대답|답변|답장)(?:은|할|해|을|를)|이모지|이모티콘|(?i:emojis?|emoticons?)|"
    r"(?:추천|제안|권)(?:하지|은\s?하지|는\s?하지)\s?(?:마|말아)|"
    # how answers go from now on: "이제 개조식 말고 줄글로", "이제 American English로 알려줘"
    # (a bare "빨강 말고 navy로 해 줘" is about the task at hand: one wrapping, one formula)
    r"이제(?:부터)?\s.*(?:말고\s|[가-힣A-Za-z]\s?(?:으)?로\s?(?:알려|써|해|말해|답해|설명해|보여|불러|"
    r"바꿔|적어|정리해))")


# the task at hand named by its time ("이번 여행 일정 짤 때 …", "오늘 메뉴 짤 때 …") — unless
# a word of "every time" says otherwise
_KO_NOW_ONLY = re.compile(r"(?<![가-힣])(?:이번|오늘(?!부터)|내일|이따|지금)(?=\s|에|은|는|도)")
_KO_WHEN = re.compile(rf"(?:ㄹ|[{_RIEUL}])\s?(?:땐|때는|때)\s|(?:물어보|얘기하|이야기하|말하|부탁하|질문하|"
                      r"요청하|보내|올리|(?:다|라|자)고\s?하)(?:시)?면\s")
_KO_ALWAYS = re.compile(r"앞으로|항상|매번|이제부터|(?<![가-힣])늘\s|때마다|언제나|반말|존댓말|"
                        r"(?i:from\s+now\s+on|going\s+forward)")


_KO_LAUGH = re.compile(r"[\s.!~]*[ㅋㅎㅠㅜ^]+[\s.!~ㅋㅎㅠㅜ^]*$")
# a request said without its verb after a task of the assistant's: "번역할 때 영어 원문 먼저
# 보여주고 밑에 한국어로", "답할 땐 항상 표로요" (a trip "갈 때 KTX로" is the user's own)
_KO_HOW = re.compile(r"(?:번역|대답|답변|답|설명|추천|요약|정리|작성|계산|얘기|말|알려\s?줄|써\s?줄)"
                     # "요약해줄 때는 bullet 3개 이하로만": what the assistant does, then how only
                     r"(?:할|해\s?줄|해\s?주실|하실)?\s?(?:땐|때는|때)\s.*[가-힣A-Za-z0-9]\s?(?:으)?로(?:만)?(?:요)?$")
# a second request right after a standing one goes on from it: "앞으로 존댓말 쓰지 마. 그리고 세
# 줄 넘게 쓰지 마", "… 한국어로. 순서 바꾸지 마세요"
_KO_ON = re.compile(r"^(?:(?:아|참)\s)*(?:그리고|또한|또)\s|(?:지|하지)\s?마(?:세요|요)?$")
# a wish for how the assistant answers, said of the assistant: "I'd rather you give me the
# answer first", "I'd prefer it if you skipped the intro", "I prefer when you use metric"
_EN_RATHER = re.compile(
    r"^(?:(?:also|and|oh|btw|ok(?:ay)?|so|honestly)[,\s]+)*(?:I['’]d|I\s+would)\s+(?:much\s+)?"
    r"(?:rather|prefer(?:\s+it)?(?:\s+if)?)\s+(?:you|u)\s+(?!(?:were|are|was|do|did|had|have)\b)"
    r"[a-z]+|^(?:(?:also|and|oh|btw)[,\s]+)*I\s+(?:prefer|like)\s+(?:it\s+)?when\s+(?:you|u)\s+"
    r"(?!(?:were|are|was|do|did|had|have)\b)[a-z]+", re.IGNORECASE)


# how the user likes every answer, said as a liking: "나는 답변 짧게 해주는 게 좋아", "설명은
# 자세하게 해 주는 편이 좋아요", "짧은 답변이 좋아" — the assistant's answers as a class, and a
# manner (not "답변 고마워", not "이 답변이 좋아": one answer)
_KO_WISH = re.compile(
    r"^(?:(?:참고로|그리고|아|근데)\s)?(?:(?:나는|난|저는|전)\s)?(?:(?:대답|답변|답장|답|설명)(?:은|는|을|를)?\s?"
    r"(?:항상\s|늘\s|좀\s)?(?:짧게|간단히|간단하게|간결하게|길게|자세히|자세하게|핵심만|요점만|"
    r"결론부터|쉽게|천천히|[가-힣A-Za-z]+\s?(?:으)?로)\s?(?:해\s?주는|해\s?주시는|해\s?주면|해\s?주시면|"
    r"하는|주는|말해\s?주는|해\s?줄\s?때)\s?(?:게|것이|거|편이|쪽이|게\s?더)?\s?|"
    r"(?:짧은|간단한|간결한|긴|자세한|쉬운)\s(?:대답|답변|답|설명)(?:이|을|가)?\s?(?:더\s)?)"
    r"(?:좋아|좋아요|좋음|좋겠어|좋겠어요|편해|편해요|좋습니다|선호해|선호해요)[\s.!~]*$")


# how, with the verb left out: "그리고 길게 말고 세 줄 이내로", "또 표로요"
_KO_MANNER = re.compile(r"^(?:(?:아|참)\s)*(?:그리고|또한|또)\s.*[가-힣A-Za-z0-9]\s?(?:으)?로(?:요)?$")


def _ko_goes_on(text: str, before: str | None) -> bool:
    """``text`` is a request that goes on from the standing request said right before it."""
    return before is not None and _KO_ON.search(text) is not None \
        and (_KO_REQUEST.search(text) is not None or _KO_MANNER.search(text) is not None) \
        and not _KO_THIS.search(text) \
        and _HANGUL.search(before) is not None and instruction(before) is not None


def instruction(sentence: str, before: str | None = None) -> Hit | None:
    """A standing instruction in ``sentence`` as a rule memory, or None. ``before``: the
    user's sentence before it, which an elliptical "and temperatures in Celsius" goes on."""
    text = _EN_LABEL.sub("", sentence.strip().rstrip(".!~ "))
    if len(text) < 6:
        return None
    if text.endswith("?"):
        asked = _EN_ASKED.match(text)  # "can you keep your answers short?"
        return _standing(asked.group("b"), asked.group("b")) if asked and _EN_STYLE.search(
            asked.group("b")) and not _HANGUL.search(text) else None
    if before is not None and not _HANGUL.search(text):
        more = _EN_MORE.match(text)
        if more is not None and instruction(before) is not None \
                and not _NOT_ASKED.match(more.group("x")):
            return Hit(content="Standing instruction from the user: also " + _assistant_voice(
                more.group("x"))[:1].lower() + _assistant_voice(more.group("x"))[1:],
                family="rule", type=MemoryType.RULE, category="feedback", tags=("rule",),
                confidence=0.8)
        too = _EN_TOO.match(text)
        if too is not None and not _NOT_ASKED.match(too.group("x")) \
                and instruction(before) is not None:
            return _goes_on(too, before)
    declared = _declared_rule(text)
    if declared is not None:
        return declared
    if _HANGUL.search(text):
        text = _KO_LAUGH.sub("", text)
        # ("참고로 나는 답변 짧게 …": the wish itself, as the rule's words)
        text = re.sub(r"^(?:(?:참고로|그리고|아|근데)\s+)?(?:나는|난|저는|전)\s+", "", text) \
            if _KO_WISH.search(text) else text
        back = re.search(_BACK_TO, text)
        if back is not None and not _KO_THIS.search(text):
            # "다시 한국말로 해 줘": back to a language for the answers — every later one
            return Hit(content=f"사용자 요청: 답변은 다시 {back.group('lang')}로 할 것",
                       family="rule", type=MemoryType.RULE, category="feedback", tags=("rule",),
                       slot="rule:language", value=back.group("lang"), confidence=0.85)
        if not (_KO_STANDING.search(text) and (_KO_REQUEST.search(text) or _KO_HOW.search(text))
                or _ko_goes_on(text, before) or _KO_WISH.search(text)):
            return None
        if _KO_NOW_ONLY.search(text) and _KO_WHEN.search(text) and not _KO_ALWAYS.search(text):
            return None  # "이번 여행 일정 짤 때 박물관은 빼줘": this task, not every later one
        content = "사용자 요청: " + first_person_to_user_ko(re.sub(
            r"^(?:저한테는|나한테는|저한텐|나한텐|(?:아\s|참\s)*(?:그리고|또한|또)\s)\s*", "", text))
        content = _STOP.sub(lambda m: _STOPPED[m.group("v")], content)  # "그만 써" → "쓰지 마"
        return Hit(content=content, family="rule", type=MemoryType.RULE, category="feedback",
                   tags=("rule",), confidence=0.85)
    rather = _EN_RATHER.match(text)
    if rather is not None and not _ONE_OFF.search(text):  # "I'd rather you give me the answer
        return Hit(content="Standing instruction from the user: " + _assistant_voice(text),
                   family="rule", type=MemoryType.RULE, category="feedback", tags=("rule",),
                   confidence=0.8)  # first": how the user wants every answer, as a wish
    found = _standing(text, text)
    asked = _EN_ASKED_PLAIN.match(text)
    if found is None and asked is not None:
        # "can you stop saying great question every time lol": a request put as a question
        # with no question mark, standing by its own marker
        body = _EN_TRAIL.sub("", asked.group("b"))
        found = _standing(body, body)
    head, colon, tail = text.partition(":")
    if found is None and colon and tail.strip() and len(head.split()) <= 8:
        # "Before I ask you anything else: please keep answers short": a label, then the rule
        found = _standing(text, tail.strip())
    return found


# "rule for you: …", "new rule: …", "house rules: …", "규칙 하나: …": a label that says what
# follows is a rule — the standing marker is the label itself, whatever the imperative says
_RULE_LABEL = re.compile(
    r"^(?:(?:ok(?:ay)?|so|and|also|oh|btw|one\s+more|another)[,\s]+)*(?:(?:a|one|new|house|"
    r"ground|standing|my|another|personal)\s+)?rules?(?:\s+(?:for\s+(?:you|the\s+assistant|us|me|"
    # a rule the user sets themselves, said to be held to it ("rule for myself: no …")
    r"myself|this\s+chat)|"
    r"from\s+now\s+on|"
    r"going\s+forward))?$|"
    r"^(?:새\s?|하나\s?더\s?)?(?:규칙|룰|원칙)(?:\s?하나(?:\s?더)?)?$", re.IGNORECASE)
# when or where the rule applies, said before its imperative ("after 11pm, …", "on weekends, …")
_EN_WHEN_LEAD = re.compile(r"^(?:after|before|past|on|at|during|between|from|until|once|"
                           r"when(?:ever)?|if)\b[^,]{1,40},\s*", re.IGNORECASE)


def _declared_rule(text: str) -> Hit | None:
    """A request after a label that declares it a rule ("rule for you: after 11pm, don't let
    me start new work", "규칙: 답장은 세 줄 이내로 해줘")."""
    head, colon, tail = text.partition(":")
    tail = tail.strip()
    if not colon or not tail or _RULE_LABEL.match(head.strip()) is None:
        return None
    if _HANGUL.search(tail):
        if not _KO_REQUEST.search(tail):
            return None
        return Hit(content="사용자 요청: " + tail, family="rule", type=MemoryType.RULE,
                   category="feedback", tags=("rule",), confidence=0.85)
    body = _EN_WHEN_LEAD.sub("", tail)
    if not (_EN_IMPERATIVE.match(body) or re.match(r"(?:please\s+)?(?:let|remind|tell|ask|"
                                                    r"check|stop|warn|skip)\b", body, re.I)
            # (after the label any bare verb is the imperative: "assume I'm in Canada")
            or re.match(r"(?:please\s+)?[a-z]+\b(?!['’])", body, re.I) is not None
            and not _NOT_ASKED.match(body) and not body.endswith("?")):
        return None
    own = re.search(r"\b(?:myself|personal)\b", head, re.IGNORECASE) is not None
    return Hit(content=("User's rule for themselves: " + tail[:1].lower() + tail[1:]) if own
               else "Standing instruction from the user: " + _assistant_voice(tail),
               family="rule", type=MemoryType.RULE, category="feedback", tags=("rule",),
               confidence=0.85)


def _standing(text: str, said: str) -> Hit | None:
    """``text`` as a rule memory when ``said`` (all of it, or what follows a label or "can
    you") is an imperative that covers every later answer."""
    cond = _EN_CONDITION.match(said)
    body = cond.group("rest") if cond else said
    if not (_EN_IMPERATIVE.match(body) or _bare_verb_after_habit(said, body)) \
            or not (cond or _EN_STANDING.search(body)) \
            or (not cond and _ONE_OFF.search(body)) \
            or re.match(r"(?:never\s+mind|no\s+worries|no\s+problem)\b", body, re.I):
        return None
    return Hit(content="Standing instruction from the user: " + _assistant_voice(text),
               family="rule", type=MemoryType.RULE, category="feedback", tags=("rule",),
               confidence=0.85)


# a request put as a question: "can you write short answers?", "could you always reply in
# Spanish?" (the question form is politeness; what is asked is still an imperative)
_EN_ASKED = re.compile(r"^(?:(?:ok(?:ay)?|so|also|and|oh|btw|hey)[,\s]+)*(?:can|could|would|will)\s+"
                       r"(?:you|u)\s+(?:please\s+)?(?P<b>[a-z].*?)(?:,?\s+please)?\s*\?+$",
                       re.IGNORECASE)
# a label for the request, not part of it ("quick thing, never put my address in …")
_EN_LABEL = re.compile(r"^(?:(?:quick|one|small|little|another|random)\s+(?:thing|request|note|"
                       r"favou?r|ask)\s*[,:\-–—]\s*|(?:but\s+)?seriously\s*[,:]\s*)", re.IGNORECASE)
# … said in chat with no question mark ("can you stop saying X every time lol")
_EN_ASKED_PLAIN = re.compile(r"^(?:(?:ok(?:ay)?|so|also|and|oh|btw|hey)[,\s]+)*(?:can|could|would|"
                             r"will)\s+(?:you|u)\s+(?:please\s+)?(?P<b>[a-z].*?)(?:,?\s+please)?$",
                             re.IGNORECASE)
_EN_TRAIL = re.compile(r"(?:[\s,]+(?:lol|lmao|haha+|pls|plz|please|thanks|thx|ty))+$", re.IGNORECASE)
# how every answer should be: what a question-form request needs to be a standing one ("can
# you give me a few answers?" is a task)
_EN_STYLE = re.compile(r"\b(?:short(?:er)?|brief(?:er)?|concise|simpler|plain\s+english|always|"
                       r"never|from\s+now\s+on|going\s+forward|every\s+time|bullet(?:s|\s+points)?|"
                       r"emojis?|formal(?:ly)?|casual(?:ly)?|metric|celsius|fahrenheit)\b",
                       re.IGNORECASE)
# one more thing the rule before covers, said without a verb: "and temperatures in Celsius",
# "also no exclamation marks"
_EN_MORE = re.compile(r"^(?:(?:oh|ok|and|also|plus)[,\s]+)+(?P<x>(?:no\s+)?[a-z][\w-]*(?:\s+[\w-]+)"
                      r"{0,2}\s+(?:in|as|with|without|under|below|in\s+the)\s+[\w-]+(?:\s+[\w-]+)?|"
                      r"no\s+[\w-]+(?:\s+[\w-]+){0,3}?(?:\s+either)?)$", re.IGNORECASE)


# one more thing the rule before covers, said with "too": "alcohol in cooking too please, skip
# wine sauces" after "never suggest recipes with pork" (not "me too", "I love it too")
_EN_TOO = re.compile(r"^(?:(?:oh|ok|and|also|plus)[,\s]+)*(?!(?:me|us|them|him|her|it|mine|ours|same|"
                     r"yes|yeah|yep|thanks|thank\s+you|love\s+you|you)\b)(?P<x>[a-z][\w-]*(?:\s+[\w-]+){0,3}?)\s+"
                     r"(?:too|as\s+well|either)(?:[,\s]+(?:please|pls|plz))?(?:[,;]\s*(?P<more>.+))?$",
                     re.IGNORECASE)
_EN_RULED_OUT = re.compile(r"\b(?:never|no|don['’]?t|do\s+not|avoid|skip|without|stop)\b", re.IGNORECASE)


def _goes_on(too: re.Match[str], before: str) -> Hit:
    """The rule before, stretched to one more thing ("…, skip wine sauces" kept as said); what
    it rules in or out is the rule before's: "never … pork" → "also no alcohol in cooking"."""
    thing = too.group("x")
    if _EN_RULED_OUT.search(before) and not re.match(r"(?:no|not|never|without)\b", thing, re.I):
        thing = "no " + thing
    more = f", {_assistant_voice(too.group('more'))[:1].lower()}{_assistant_voice(too.group('more'))[1:]}" \
        if too.group("more") else ""
    return Hit(content=f"Standing instruction from the user: also {thing}{more}", family="rule",
               type=MemoryType.RULE, category="feedback", tags=("rule",), confidence=0.8)


# a condition that recurs by its own words: "whenever …", "every time …", "when I paste …"
_EN_HABITUAL = re.compile(r"^(?:(?:please|and|also)[,\s]+)*(?:whenever|every\s+time|each\s+time|"
                          r"when\s+i\s+(?:ask|send|paste|share|request|give))\b", re.IGNORECASE)


_EN_FROM_NOW = re.compile(r"^(?:(?:please|pls|and|also|oh|ok(?:ay)?|btw)[,\s]+)*(?:from\s+now\s+on|"
                         r"going\s+forward|moving\s+forward|henceforth|in\s+(?:the\s+)?future)"
                         r"[,\s]+(?:please[,\s]+)?", re.IGNORECASE)


def _bare_verb_after_habit(text: str, body: str) -> bool:
    """After a recurring condition or "from now on" any bare verb is the imperative ("whenever
    I paste a recipe, convert cups to grams", "from now on skip the small talk"), not only the
    verbs ``_EN_IMPERATIVE`` lists; a subject or a question word makes it a statement ("when I
    ask, I like …", "from now on I'm …")."""
    lead = _EN_FROM_NOW.match(body)
    if lead is not None:
        body = body[lead.end():]
    elif _EN_HABITUAL.match(text) is None or body == text:
        return False
    return re.match(r"(?:please\s+)?[a-z]+\b(?!['’])", body, re.IGNORECASE) is not None \
        and not _NOT_ASKED.match(body) and not body.rstrip().endswith("?")


_THIS_KO = frozenset("이거 이것 그거 그것 저거 저것 이걸 그걸 저걸 이건 그건".split())


def anaphoric(sentence: str) -> bool:
    """The instruction points back at what was just said ("약 추천할 때 참고해 주세요",
    "keep that in mind when you plan meals"): it needs that sentence to stand alone."""
    if _HANGUL.search(sentence):
        from gieok.write.extract.korean import tokens

        toks = tokens(sentence)
        cut = max((i for i, t in enumerate(toks) if t.form in ("때", "땐", "때마다")), default=-1)
        rest = toks[cut + 1:]
        # ("이거 기준으로 줘": what "이거" is was said before, whatever nouns follow it)
        return any(t.tag == "NP" and t.form in _THIS_KO for t in rest) or not any(
            t.tag in ("NNG", "NNP", "SL") and not (i + 1 < len(rest) and rest[i + 1].tag
                                                   .startswith("XSV")) for i, t in enumerate(rest))
    return re.search(r"\b(?:it|that|this|those|them)\b", sentence, re.IGNORECASE) is not None


def with_reason(hit: Hit, reason: str) -> Hit:
    from dataclasses import replace

    return replace(hit, content=f"{hit.content} ({reason.strip().rstrip('.!~ ')})")


def _assistant_voice(text: str) -> str:
    """"your replies" → "the assistant's replies"; "give me" → "give the user"."""
    out = re.sub(r"^(?:(?:please|pls|and|also|oh|ok(?:ay)?|btw)[,\s]+)+", "", text, flags=re.I)
    out = re.sub(r"\byour\b", "the assistant's", out, flags=re.IGNORECASE)
    out = re.sub(r"\byou\s+(give|write|send|answer|reply|suggest|recommend|explain|make|show|"
                 r"use|help|talk|ask|plan|cook|summari[sz]e|translate|review|draft|list|describe|format|"
                 r"quote|cite|respond|mention|pick|book|schedule)\b", lambda m: "the assistant " + third_person(m[1]),
                 out, flags=re.IGNORECASE)
    out = _user_clauses(out)
    out = re.sub(r"(?:\s+(?:lol|haha+|lmao|pls|plz))+\s*$", "", out, flags=re.IGNORECASE)
    out = re.sub(r"\byou\b", "the assistant", out, flags=re.IGNORECASE)
    # ("us", never "US": "I'm not a US citizen")
    out = re.sub(r"\b(?:me|(?-i:us))\b", "the user", out, flags=re.IGNORECASE)
    out = re.sub(r"\b(?:my|our)\b", "the user's", out, flags=re.IGNORECASE)
    return out[:1].upper() + out[1:]


_I_CONTRACTED = {"m": "is", "ve": "has", "ll": "will", "d": "would"}
_I_NEGATED = {"don't": "doesn't", "don’t": "doesn't", "dont": "doesn't", "am": "is", "was": "was"}


def _user_clauses(text: str) -> str:
    """The user's own words inside the instruction — its condition or the reason after a comma
    or a dash ("when I ask about news, …", "…, I keep halal", "… — I record matches") — in the
    third person: "when the user asks", "the user keeps halal"."""
    out = re.sub(r"(?<![\w'’])[Ii]['’](m|ve|ll|d)\b", lambda m: "the user " + _I_CONTRACTED[
        m[1].lower()], text)
    out = re.sub(r"(?<![\w'’])[Ii]\s+am\b", "the user is", out)

    def agree(m: re.Match[str]) -> str:
        if re.search(r"\b(?:type|part|phase|stage|grade|level|class|schedule)\s+$",
                     m.string[:m.start()], re.IGNORECASE):
            return m.group(0)  # "type I diabetes": a numeral, not the user
        verb = m["v"]
        low = verb.lower()
        return f"the user{m['adv'] or ''} " + (_I_NEGATED.get(low) or (
            verb if not re.fullmatch(r"[a-z]+", low) else third_person(verb)))

    return re.sub(r"(?<![\w'’.])[Ii](?P<adv>(?:\s+(?:always|usually|often|never|really|just|"
                  r"also|only|still|mostly|rarely|sometimes))*)\s+(?P<v>[a-z][\w'’]*)", agree, out)


# A request, then a sentence that only says it holds from now on ("… 말해 주세요. 앞으로도요.",
# "… 붙여줘. 이거 계속 지켜", "… don't change my words. That's a standing rule."): the second
# sentence makes the first a standing instruction, and alone says nothing.
_DECLARED_KO = re.compile(
    r"^(?:(?:이거|이건|이것도|그거|그건)\s?)?(?:앞으로도?(?:\s?(?:계속|쭉))?(?:요|이요)?|"
    r"(?:계속|항상|매번|늘|쭉)\s?(?:지켜\s?(?:줘|주세요|줘요)?|(?:이)?요)|"
    # "회의록은 한국어, action item은 영어로. 매번 그렇게": the way just said, every time
    r"(?:앞으로도?|계속|항상|매번|늘|쭉)\s?(?:그렇게|이렇게)\s?(?:해\s?줘|해\s?주세요|해요|해|부탁해)?(?:요)?)"
    r"[\s.!~]*$")
# a way of doing it said without the verb: "회의록은 한국어, action item은 영어로", "표로"
_KO_WAY = re.compile(r"[가-힣A-Za-z0-9]\s?(?:으)?로(?:만)?(?:요)?$")
# the task at hand, not every later answer: "이 문장 좀 다듬어 줘", "그 메일"
_KO_THIS = re.compile(r"(?<![가-힣])(?:이|그|요|저)\s(?:문장|글|메일|이메일|문단|단락|파일|코드|사진|"
                      r"번역|부분|거)|(?<![가-힣])(?:이거|이것|요거|그거)")
_DECLARED_EN = re.compile(
    r"^(?:(?:that|this)(?:['’]s|\s+is)\s+(?:a\s+)?(?:standing|permanent|general)\s+(?:rule|request|"
    r"instruction)|(?:that|this)\s+goes\s+for\s+(?:the\s+future|every\s+time|always)|"
    r"(?:from\s+now\s+on|going\s+forward|always|every\s+time)(?:,?\s+(?:please|pls|ok))?)"
    r"[\s.!]*$", re.IGNORECASE)


# a question or a statement, not something the assistant is asked to do
_NOT_ASKED = re.compile(r"(?:what|how|why|where|who|which|is|are|do|does|did|can|could|would|will|"
                        r"i|i['’]m|it|it['’]s|that|this|the|my|we|you|he|she|they)\b",
                        re.IGNORECASE)


def declared(sentences: list[str]) -> list[str]:
    """The turn's sentences with a request and the sentence declaring it standing (see
    ``_DECLARED_KO``) joined into one standing request ("앞으로 …", "Always …")."""
    out: list[str] = []
    for sentence in sentences:
        text = sentence.strip()
        prev = out[-1].strip().rstrip(".!~ ") if out else ""
        if prev and _HANGUL.search(prev) and _DECLARED_KO.match(text) \
                and (_KO_REQUEST.search(prev) or _KO_WAY.search(prev)) and not _KO_THIS.search(prev):
            # (a way said without its verb, "… 영어로", is asked for: "… 영어로 해줘")
            out[-1] = "앞으로 " + prev + (" 해줘" if _KO_REQUEST.search(prev) is None else "")
            continue
        if prev and not _HANGUL.search(prev) and _DECLARED_EN.match(text):
            cond = _EN_CONDITION.match(prev) or re.match(
                r"^(?P<c>(?:when(?:ever)?|every\s+time|if)\s+[^,]{2,80},\s*)(?P<rest>.+)$", prev,
                re.IGNORECASE)
            rest = cond.group("rest") if cond else prev
            if re.match(r"(?:please\s+)?[a-z]+\b", rest, re.IGNORECASE) and not _NOT_ASKED.match(
                    rest) and not rest.endswith("?") and not _ONE_OFF.search(rest):
                head = prev[:len(prev) - len(rest)]
                out[-1] = head + ("always " if head else "Always ") + rest[:1].lower() + rest[1:]
                continue
        out.append(sentence)
    return out


def kept_whole(sentences: list[str], expand: Callable[[list[str]], list[str]]) -> list[str]:
    """``expand`` (``disclosure.expand``) run over the turn's sentences except its standing
    instructions, which stay whole: "when I ask about news, never mention sports scores — I
    record matches" is one rule with its reason, not the statement after the dash alone."""
    out: list[str] = []
    run: list[str] = []
    for sentence in sentences:
        if instruction(sentence) is None:
            run.append(sentence)
            continue
        out.extend(expand(run) if run else [])
        out.append(sentence)
        run = []
    return out + (expand(run) if run else [])
