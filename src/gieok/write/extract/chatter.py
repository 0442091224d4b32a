"""What a chat sentence says of the moment, in a shape that is never a fact to keep.

Each reader below recognises one shape of sentence by its language, not by its topic:

- a simile about the user's body or things ("my feet are like balloons", "my flat is like an
  oven"): a figure of speech for how it is right now;
- a guess at the cause of the trouble at hand, said with the Korean conjecture of 그렇다
  ("시골이라 그런가봐요", "오래돼서 그런 듯"): the user wonders why, nothing is asserted;
- an idea floated with "could" ("we could do a monthly movie night online", "maybe I could ask
  my sister"): a possibility for the task, not something the user does;
- homework handed over: a problem labelled as homework ("homework q: a train leaves at 3pm …",
  "숙제: …"), or a request to explain or solve beside the exam it is for ("광합성 … 차이
  설명해줘 내일 생물 시험이야");
- an error message quoted inline ("…: TypeError: cannot read properties of undefined") or a
  line of code ("openai.api_key = … and I get 401"): a program's words (whole pasted lines are
  ``pasted``'s);
- the request dropped ("nah nevermind, I'll just book somewhere else"): what follows is about
  the task the user gives up, not their life;
- trying the assistant itself for the first time ("저 이번에 처음 써봐요", "first time using
  this"): the first use of what is at hand, with no object of its own;
- a list handed over under its label ("살 거: 우유, 계란, 양파 3개", "packing list: …") or a
  text handed over to be checked under its kind ("이 자소서 문장 좀 봐줘: 저는 3년간 …"): the
  list or the text, not the user's news;
- the user's character in a game ("in the game I'm a level 40 paladin"): a role, not the user;
- a question to themselves with no mark ("다음 소절 뭐였지"), and what the question is ("우리
  반 숙제야", "my homework asks when …"): the user asks, nothing is asserted; a request with
  whose it is tacked on ("매달 1일로 해줘, 몽이 거"): still a request;
- what the user sends once the assistant asked for the text to work on ("문장 보내주세요." →
  "I goed to the park yesterday"; "Send me a sentence and I'll fix it." → "she don't like
  it"): a sentence to correct or translate, not the user's news (``sent_for_work``).
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL

# "my feet are like balloons", "my head feels like a sieve" — no number: "my commute is like
# 40 minutes" is a measure said loosely, and that is a fact
_SIMILE_EN = re.compile(
    r"^(?:(?:and|but|also|plus|lol|omg|ugh)[,\s]+)*(?:my|our)\s+(?:[\w'’-]+\s+){0,2}?"
    r"(?:is|are|feel|feels|look|looks)\s+(?:literally\s+|basically\s+|just\s+)?like\s+"
    r"(?:a\s+|an\s+|the\s+)?(?:[a-z'’-]+\s+){0,2}?[a-z'’-]+s?(?:\s+(?:lol|haha|rn|now|today))?"
    r"[\s.!~]*$",
    re.IGNORECASE)
# the Korean conjecture of 그렇다 closing the sentence: "그런가봐(요)", "그런가 보다", "그런 듯",
# "그런 것 같아요", "그래서 그런가?"
_CAUSE_GUESS_KO = re.compile(
    r"(?:그런가\s?(?:봐|봐요|보다|보네|보네요|봄|싶어|싶네)|그런\s?(?:듯|듯요|것\s?같|거\s?같|건가)|"
    r"그래서\s?그런가|그런\s?걸까)[가-힣]{0,3}[\s.!~?ㅋㅎㅠㅜ;^]*$")
# "we could do …", "maybe I could ask …" — not "I couldn't", "I could never", nor a past ability
# ("I could swim before I was five")
_FLOATED_EN = re.compile(
    r"^(?:(?:maybe|oh|hmm+|ok(?:ay)?|or|so|yeah|i\s+guess|actually)[,\s]+)*(?:i|we)\s+could\s+"
    r"(?!not\b|never\b|barely\b|hardly\b|always\b|only\b|afford\b|see\b|tell\b|feel\b|hear\b)"
    r"(?:also\s+|just\s+|maybe\s+|always\s+)?[a-z]+\b",
    re.IGNORECASE)
_PAST_ABILITY = re.compile(r"\b(?:when\s+i\s+was|as\s+a\s+(?:kid|child|teen)|back\s+then|used\s+to|"
                           r"before\s+i|years?\s+ago|in\s+(?:high\s+)?school)\b", re.IGNORECASE)
# a problem labelled as homework or a quiz question ("homework q:", "hw 3:", "숙제:", "과제 2번:")
_HOMEWORK_LABEL = re.compile(
    r"^(?:(?:my|this|a|ok|so)\s+)?(?:[a-z]+\s+)?(?:homework|hw|assignment|worksheet|quiz|exam|test|"
    r"practice)"
    r"(?:\s+(?:q|question|problem|prob|qn))?\s*(?:#?\d+)?\s*[:：]|"
    r"^(?:숙제|과제|문제|퀴즈|학습지)\s*(?:\d+\s*번?)?\s*[:：]",
    re.IGNORECASE)
# a request to explain or solve, and the exam or homework it is for, in one sentence
_EXPLAIN = re.compile(r"(?:설명|풀어|풀이|알려|가르쳐|정리)\s?(?:해\s?)?(?:줘|주세요|줄래|줘요|주라)|"
                      r"\b(?:explain|solve|help\s+me\s+(?:with|understand|solve))\b",
                      re.IGNORECASE)
_SCHOOLWORK = re.compile(r"시험|숙제|과제|퀴즈|중간고사|기말고사|수행평가|"
                         r"\b(?:exam|quiz|homework|hw|assignment|midterm|final)\b",
                         re.IGNORECASE)
# an error message quoted inside the sentence ("TypeError: cannot read …", "ModuleNotFoundError:
# No module named …", "NullPointerException") or an assignment to a dotted name
_ERROR_TEXT = re.compile(r"\b[A-Z][A-Za-z]*(?:Error|Exception)\b(?::|\s+at\b)|"
                         r"(?<![\w.])[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+\s*=(?!=)")
# (never "never mind the English rule": a standing request taken back, ``revoked``)
_NEVERMIND = re.compile(r"^(?:(?:nah|no|ok(?:ay)?|oh|hmm+|actually|eh)[,.!\s]+)*(?:never\s?mind|nvm|"
                        r"forget\s+it|scratch\s+that)\b(?!\s+(?:the|that|my|your)\s+[\w'’ -]{1,30}?\s*"
                        r"(?:rule|request|instruction)\b)", re.IGNORECASE)
# "저 이번에 처음 써봐요", "처음 사용해 봐요" — the verb with no object: trying what is at hand
_FIRST_USE_KO = re.compile(r"^(?:(?:저|나|전|난)\s)?(?:이번에\s|오늘\s|여기\s|이거\s|이것\s)?처음\s?"
                           r"(?:써|사용해|이용해|해)\s?(?:봐요|봐|봅니다|보는\s?(?:거|건데|거예요|거에요)|"
                           r"봤어요|봤어)[\s.!~ㅋㅎ^]*$")
_FIRST_USE_EN = re.compile(r"^(?:(?:hi|hey|hello|so|ok(?:ay)?)[,!.\s]+)*(?:it['’]?s\s+)?(?:my\s+)?"
                           r"first\s+time\s+(?:using|trying)\s+(?:this|you|it|the\s+app)\b|"
                           r"^(?:(?:hi|hey|hello)[,!.\s]+)*i['’]?m\s+new\s+(?:here|to\s+this)\b",
                           re.IGNORECASE)


# a list's label before its items ("살 거:", "장볼 거:", "사야 할 것:", "준비물:", "to buy:", "shopping
# list:", "packing list -")
_LIST_LABEL = re.compile(
    r"(?:(?:살|장볼|사야\s?할|사야\s?될|챙길|가져갈|쌀|할|해야\s?할)\s?(?:거|것|것들|목록|리스트)|장보기\s?"
    r"(?:목록|리스트)|준비물|체크리스트|\bto[\s-]?(?:buy|get|pack|do)(?:\s+list)?|\b(?:shopping|grocery|"
    r"packing|to-?do|wish)\s+list)\s*[:：]\s*\S[^:：]*,",
    re.IGNORECASE)
# a text handed over under its kind, with what to do to it, before a colon ("이 자소서 문장 좀
# 봐줘:", "제 이메일 다듬어 주세요:")
_TEXT_KINDS_KO = (r"(?:자소서|자기소개서|이력서|커버레터|메일|이메일|편지|문장|문단|글|리뷰|후기|답장|"
                  r"게시글|포스팅|캡션|공지|초안|원고|에세이|발표문|축사|인사말)")
_TEXT_HANDED_KO = re.compile(
    rf"^[^:：]{{0,20}}{_TEXT_KINDS_KO}[^:：]{{0,12}}(?:봐|다듬어|고쳐|검토해|첨삭해|교정해|번역해|"
    rf"수정해|확인해)\s?(?:줘|주세요|줄래|줄래요|주실래요|줘요)?[^:：]{{0,6}}[:：]\s*\S")
# the user's character in a game ("in the game I'm a level 40 paladin", "my character is a …")
_GAME_ROLE = re.compile(r"^(?:(?:so|and|ok|lol)[,\s]+)*in\s+(?:the\s+|this\s+|my\s+)?(?:game|campaign|"
                        r"server|mmo|rpg|d&d|dnd)\b|\bmy\s+(?:character|char|toon|avatar)\s+(?:is|was)\b|"
                        r"(?:게임|캠페인|서버)\s?(?:에서|에선|상에서)\s?(?:나는|난|내\s?캐릭터|제\s?캐릭터)",
                        re.IGNORECASE)


# the user asks themselves what something was ("다음 소절 뭐였지", "그 가게 이름이 뭐더라",
# "언제였더라"): a question word, the copula and -지/-더라 close the sentence — no mark, still a
# question ("뭐 그냥 그렇지" and "언제든지" are not: the question word is not what closes it)
_SELF_ASKED_KO = re.compile(
    r"(?<![가-힣])(?:뭐|무엇|어디|언제|누구|몇\s?(?:시|살|년|월|일|개|번|명|층|호|번째)|"
    r"어느\s?(?:쪽|거|것|나라|동네|집))\s?(?:(?:였|이었)?(?:지|더라|드라|던가)|(?:였|이었)나)"
    r"[\s?？.~ㅋㅎㅠㅜ]*$")
# a request to the assistant with whose it is tacked on ("응 매달 1일로 해줘, 몽이 거", "이걸로
# 보내줘, 엄마 거"): still the request, not "사용자는 … 해준다"
_REQUEST_WHOSE_KO = re.compile(r"(?:해\s?)?(?:줘|줘요|주세요|줄래|주라)\s*,\s*(?:\S+\s)?\S+\s?(?:거|꺼|것|용)"
                               r"[\s.!~ㅋㅎ]*$")
# what the question is, said as a statement: "우리 반 숙제야" (left of "우리 반 숙제인데 …
# 언제야?"), "과제임", "it's homework", "my homework asks when …"
_HOMEWORK_IS_KO = re.compile(
    r"^(?:(?:이거|이건|그거|그건|우리\s?반|학교|내|제|오늘|내일)\s?)*(?:[가-힣]{1,4}\s)?(?:숙제|과제|"
    r"학습지|수행평가|퀴즈)(?:야|예요|이에요|임|이다|라서|거든|거든요)?[\s.!~ㅋㅎ]*$")
_HOMEWORK_IS_EN = re.compile(
    r"^(?:(?:it|this)(?:['’]s|\s+is)\s+(?:(?:for|from)\s+)?(?:my|our|a|the)?\s*(?:\w+\s+)?(?:homework|"
    r"hw|assignment|worksheet|quiz)[\s.!]*$|(?:my|our|this|the)\s+(?:\w+\s+)?(?:homework|hw|"
    r"assignment|worksheet|quiz)\s+(?:asks|says|wants|question\s+is))", re.IGNORECASE)


def of_the_moment(sentence: str) -> bool:
    """Whether ``sentence`` is one of the shapes above: a simile, a guessed cause, an idea
    floated, homework, a program's words, a dropped request, or the first try of the app."""
    s = sentence.strip()
    if not s:
        return False
    if _HANGUL.search(s):
        if _CAUSE_GUESS_KO.search(s) or _FIRST_USE_KO.match(s):
            return True
    elif _SIMILE_EN.match(s) and not re.search(r"\d", s):
        return True
    elif _FLOATED_EN.match(s) and not _PAST_ABILITY.search(s):
        return True
    if _FIRST_USE_EN.match(s) or _NEVERMIND.match(s):
        return True
    if _HOMEWORK_LABEL.match(s) or (_EXPLAIN.search(s) and _SCHOOLWORK.search(s)):
        return True
    if _LIST_LABEL.search(s) or _TEXT_HANDED_KO.search(s) or _GAME_ROLE.search(s):
        return True
    if _SELF_ASKED_KO.search(s) or _HOMEWORK_IS_KO.match(s) or _HOMEWORK_IS_EN.match(s) \
            or _REQUEST_WHOSE_KO.search(s):
        return True
    return _ERROR_TEXT.search(s) is not None


# the assistant asks for the text it is to work on: "문장 보내주세요", "영어 문장을 보내시면 교정하고
# …", "send me a sentence", "paste the paragraph", "share the text and I'll translate it"
_TEXT_KO = r"(?:문장|글|텍스트|원문|초안|문단|단락|대사|예문)"
_INVITES_TEXT = re.compile(
    rf"{_TEXT_KO}(?:을|를|은|는|이|가)?\s?(?:\S+\s)?(?:보내|주시|주세요|올려|붙여|적어)|"
    r"\b(?:send|paste|share|give|type|drop)\s+(?:me\s+)?(?:it|(?:a|an|the|your|some|any)\s+)?"
    r"(?:\w+\s+)?(?:sentences?|text|paragraphs?|drafts?|lines?|passage)\b",
    re.IGNORECASE)
# … for what: correcting, translating, checking, polishing it
_WORK_ON_TEXT = re.compile(r"교정|고쳐|고치|첨삭|번역|다듬|봐\s?드릴|체크|확인해\s?드릴|"
                           r"\b(?:correct|fix|check|proofread|translate|edit|polish|go\s+over)\b|"
                           r"[!.]\s*$|보내주세요", re.IGNORECASE)


def sent_for_work(sentence: str, before: str | None, shown: str) -> bool:
    """The first sentence of a turn that follows the assistant's request for the text it is
    to correct, translate or check ("좋아요! 문장 보내주세요." → "I goed to the park
    yesterday"): the user hands over material, in whatever words it is written."""
    if before is not None or not shown:
        return False
    ask = shown.strip()
    return _INVITES_TEXT.search(ask) is not None and _WORK_ON_TEXT.search(ask) is not None \
        and not ask.rstrip().endswith(("?", "？"))
