"""What the user says about the task at hand, not about their life (issue 16).

In a long task conversation the user narrates the job the assistant is helping with: the
piece of writing they are working on ("I'm writing an out-of-office message, can you …",
"보험 서류 작성 중인데 …") and what the thing they are fixing does wrong ("근데 한글 폰트가
깨져", "our Slack bot stopped posting"). Both read like statements, and the rules would keep
them as "User is writing an out-of-office message" or "사용자는 한글 폰트가 깨진다"; neither
is true of the user a week later. They are recognised by structure, not by topic:

- ``composing``: the predicate is a verb of writing or preparing, and its object is a kind of
  one-off text (a message, a toast, a form, a schedule, a list) — not a work that lasts (a
  novel, an app, a thesis, a cookbook: a project), and not a résumé or cover letter, which
  says the user is looking for work.
- ``malfunction``: the predicate says a thing breaks, crashes, stops working or is slow to
  load, said of a thing (not of the body: "허리가 안 펴져" is health, and "나 술 안 돼" is a diet, so a bare
  "안 돼" is not in the class).

The caller (``discourse.is_noise``) drops the sentence; a fact said in a sentence of its own
next to it ("I'm writing a cover letter. I'm a TA at St Mary's") is read as usual. Pure.
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL


# one-off texts: what is written once, sent and done with
_TEXT_EN = (r"(?:out[- ]of[- ]office|ooo|e-?mail|message|text|toast|speech|letter|note|card|"
            r"reply|response|post|caption|description|listing|review|bio|invitation|invite|"
            r"announcement|complaint|form|list|agenda|newsletter|memo|readme|tweet|comment|menu|"
            r"survey|poll|thank[- ]you(?:\s+note)?|shopping\s+list|grocery\s+list)")
_WRITE_EN = (r"(?:writ(?:e|ing)|draft(?:ing)?|compos(?:e|ing)|put(?:ting)?\s+together|"
             r"prepar(?:e|ing)|work(?:ing)?\s+on|translat(?:e|ing)|fill(?:ing)?\s+(?:out|in)|"
             r"proofread(?:ing)?|edit(?:ing)?|redo(?:ing)?|answer(?:ing)?|"
             r"(?:reply|replying|respond|responding)\s+to|mak(?:e|ing)|send(?:ing)?)")
# "(so) I'm writing a toast for …", "drafting a README for our tool", "I need to write …"
_COMPOSING_EN = re.compile(
    rf"^(?:(?:so|ok(?:ay)?|hey|hi|um+|also|and|right)[,\s]+)*(?:(?:i['’]?m|i\s+am|im|we['’]re|"
    rf"we\s+are)\s+|(?:i|we)\s+(?:need|have|want)\s+to\s+|(?:i|we)\s+(?:gotta|have\s+got\s+to)\s+)?"
    rf"(?:(?:currently|just|still|trying\s+to|about\s+to)\s+)?{_WRITE_EN}\s+(?:(?:a|an|the|this|"
    rf"that|my|our|some|his|her|their)\s+)?(?:(?!(?:for|to|with|about|on)\b)[\w'’&-]+\s+){{0,4}}?"
    rf"{_TEXT_EN}s?\b"
    # the text is the head noun ("a card game called …" is a game): what follows is a
    # preposition, a clause joint or the end
    r"(?=\s*(?:$|[,.;:!?—–(\"“]|(?:for|to|and|but|so|because|about|in|on|with|from|that|which|"
    r"asking|saying|telling|explaining|of|it|lol|haha)\b))"
    # not the people it introduces: "… a card to my aunt, who lives in Perth"
    rf"(?![^.!?]*\b(?:who|whose)\s)", re.IGNORECASE)
# Korean: the text, its object particle, then a verb of writing or preparing in progress
_TEXT_KO = (r"(?:이메일|메일|문자|메시지|메세지|카톡|답장|축사|건배사|편지|카드|신청서|서류|공지문?|"
            r"안내문|초대장|청첩장|사과문|보고서|일정표?|스케줄|"
            r"리스트|목록|후기|리뷰|답글|댓글|게시글|캡션|소개글|공고|문구|인사말|양식|설문)")
_WRITE_KO = r"(?:쓰|작성하|작성|짜|준비하|만들|만드|보내|번역하|고치|다듬|정리하|채우)"
_COMPOSING_KO = re.compile(
    rf"{_TEXT_KO}\s?(?:을|를|도|좀|하나)?\s?(?:좀\s?)?{_WRITE_KO}\s?(?:는\s?(?:중|데|거)|"
    rf"고\s?있|려(?:는데|고)|ㄴ데|야\s?(?:돼|되|하)|중|$)")


# a letter that says the user is looking for work or a place: more than a task of the moment
_JOB_HUNT = re.compile(r"\b(?:cover|motivation|application|recommendation)\s+letters?\b|"
                       r"\b(?:resume|résumé|cv)\b", re.IGNORECASE)


def composing(sentence: str) -> bool:
    """The user says what one-off text they are writing for the task at hand (see above)."""
    s = sentence.strip()
    if _HANGUL.search(s):
        return _COMPOSING_KO.search(s) is not None
    m = _COMPOSING_EN.search(s)
    if m is None or _JOB_HUNT.search(s):
        return False
    # what the text is for, said briefly ("… for my sister's wedding"), up to the next clause:
    # a longer tail says more ("a list of things to pack for our move to Denver next month")
    tail = re.split(r"[,;.!?—–]|\b(?:and|but|so)\s+(?:i|i['’]m|we|it)\b", s[m.end():],
                    maxsplit=1, flags=re.IGNORECASE)[0]
    return len(tail.split()) <= 6


# a thing that breaks or misbehaves now: the state of the task, not of the user
_BREAKS_KO = re.compile(
    r"(?:깨져|깨지네|깨짐|터져|터지네|터짐|튕겨|튕기네|튕김|먹통|멈춰|멈춤|꺼져|꺼짐|뻗어|뻗음|"
    r"버벅(?:거려|대|여|임)|렉\s?걸려|(?:에러|오류|버그)\s?(?:가\s?)?(?:나|떠|뜸|남|생겨)|"
    r"안\s?(?:먹혀|먹힘|열려|열림|켜져|켜짐|떠요|떠|뜸|잡혀|잡힘|돌아가|붙어|붙음))"
    r"(?:요|서|네|ㅠ+|ㅜ+)?[\s.!~ㅋㅎㅠㅜㅡ;^]*$")
# ... or is slow: what a program or a connection takes ("로딩 맨날 10초 걸림", "앱이 너무 느려요",
# "부팅 1분 넘게 걸려"), said of the program's own step — not of a trip or a task of the user's
# ("출근 1시간 걸려" is a commute, "나 느려" a person)
_SLOW_KO = re.compile(
    r"^(?:(?:아|근데|진짜|요즘|이\s?(?:앱|어플|사이트|게임|폰|노트북|컴퓨터)(?:은|는)?)\s)*"
    r"(?:로딩|부팅|업로드|다운로드|업데이트|동기화|접속|앱|어플|사이트|홈페이지|서버|와이파이|인터넷|렉)"
    r"(?:이|가|은|는|도)?\s(?:\S+\s){0,3}?(?:걸려|걸림|걸리네|걸려요|느려|느림|느려요|느리네|개느려|너무\s느려)"
    r"(?:요|서|ㅠ+|ㅜ+)?[\s.!~ㅋㅎㅠㅜㅡ;^]*$")
_SLOW_EN = re.compile(
    r"\b(?:takes?|taking|took)\s+(?:forever|ages|(?:like\s+)?\d+\s*(?:seconds?|secs?|s|minutes?|mins?))\s+"
    r"to\s+(?:load|open|start|boot|sync|upload|download|update|connect|launch)\b|"
    r"\b(?:the\s+|this\s+|that\s+)(?:app|site|website|page|server|wifi|wi-fi|internet|connection|game)\s+"
    r"(?:is|are|has\s+been|keeps\s+being)\s+(?:so\s+|super\s+|really\s+|painfully\s+|insanely\s+)?"
    r"(?:slow|laggy|lagging|buggy)\b", re.IGNORECASE)
_BREAKS_EN = re.compile(
    r"\b(?:stopped|stops|keeps|kept)\s+(?:working|posting|syncing|loading|connecting|charging|"
    r"responding|crashing|freezing|sending|updating|printing|running)\b|"
    r"\b(?:is|are|was|keeps|has\s+been|have\s+been)\s+(?:making|throwing|giving(?:\s+me)?)\s+"
    r"(?:an?\s+|this\s+|that\s+|some\s+)?(?:[\w-]+\s+)?(?:noise|sound|error|exception|warning)s?\b|"
    r"\bwon['’]?t\s+(?:start|boot|charge|load|connect|turn\s+on|sync|open|compile|build|deploy|"
    r"print|send|update)\b|\b(?:doesn['’]?t|does\s+not|isn['’]?t|is\s+not)\s+work(?:ing)?\b|"
    r"\bthrows?\s+(?:an?\s+|this\s+)?(?:[\w-]+\s+)?(?:error|exception)\b|"
    r"\b(?:isn['’]?t|is\s+not|aren['’]?t|are\s+not|wasn['’]?t)\s+(?:loading|syncing|connecting|"
    r"updating|saving|showing\s+up|responding|printing|compiling|starting|rendering)\b|"
    r"\bi\s+(?:keep\s+)?get(?:ting)?\s+(?:an?\s+|this\s+)?(?:[\w-]+\s+)?(?:error|exception)\b",
    re.IGNORECASE)
# ... or works again: "이제 본문은 됐는데 …", "ok it works now" (what the fix did, not a fact)
_WORKS_KO = re.compile(r"^(?:(?:아|오|와|ㅇㅇ|오케이?)\s)?이제\s(?:\S+(?:은|는)\s)?(?:잘\s)?(?:돼|되네|됨|됐|된다)")
_WORKS_EN = re.compile(r"^(?:(?:ok(?:ay)?|yes|yay|nice|great|cool)[,!.\s]+)*(?:it|that|this)\s+"
                       r"(?:works|worked|is\s+working|['’]s\s+working)(?:\s+now)?[\s.!~]*$|"
                       r"^(?:(?:ok(?:ay)?|yes|yay|nice)[,!.\s]+)*"
                       r"(?:now\s+it\s+works|that\s+fixed\s+it)\b",
                       re.IGNORECASE)
# ... but not the body or a person: "my knee doesn't work like it used to", "허리가 안 펴져"
_BODY = re.compile(r"\b(?:i|my\s+(?:knee|back|leg|arm|hand|hip|shoulder|body|brain|eye|ear|"
                   r"heart|stomach|kidney|liver|lung)s?|he|she|they)\b|허리|무릎|다리|팔|어깨|"
                   r"머리|눈|귀|심장|배가|몸", re.IGNORECASE)


def malfunction(sentence: str) -> bool:
    """The user says a thing breaks, crashes or stops working right now, or works again
    after the fix (see above)."""
    s = sentence.strip()
    if _WORKS_KO.search(s) or _WORKS_EN.search(s):
        return True
    if _HANGUL.search(s):
        return (_BREAKS_KO.search(s) is not None and _BODY.search(s) is None
                and not _named_subject_ko(s)) or _SLOW_KO.search(s) is not None
    if _SLOW_EN.search(s):
        return True
    m = _BREAKS_EN.search(s)
    # (a thing named by its make or model is a possession said: "my 2009 Subaru Outback is
    # making a grinding noise" keeps the Outback)
    return m is not None and _BODY.search(s[max(0, m.start() - 25):m.start()]) is None \
        and re.search(r"\d|(?<=\s)(?!I\b)[A-Z]", s[:m.start()]) is None


def _named_subject_ko(sentence: str) -> bool:
    """The subject of a Korean sentence is a thing named by its make or model ("우리 집
    Roomba가 자꾸 멈춰"): a possession said, not only a fault ("Android에서만 터져" names
    where, not what)."""
    from gieok.write.extract.korean import tokens

    run: list[str] = []
    for tok in tokens(sentence):
        if tok.tag in ("JKS", "JX") and any(tag in ("SL", "SN", "NNP") for tag in run):
            return True
        run = [*run, tok.tag] if tok.tag.startswith(("N", "S")) else []
    return False


# A parameter of the task said as a statement ("budget은 항공 빼고 150만원", "인원은 8명",
# "our budget is about £2k", "it's for 6 people"): the size of what is being planned, as an
# answer to "how many?" is (asked_task.task_question); it is no fact of the user's life.
_PARAM_KO = re.compile(r"(?:예산|budget|버짓|인원|분량)\s?(?:은|는|이|가|도)?\s(?:\S+\s){0,3}?"
                       r"(?:\d[\d,.]*|[일이삼사오육칠팔구십백천]+|(?:열|스무|스물|서른|마흔)(?:\s?(?:한|두|"
                       r"세|네|다섯|여섯|일곱|여덟|아홉))?|한|두|세|네|다섯|여섯|일곱|여덟|아홉)"
                       r"\s?(?:만\s?원|원|명|인분|달러|불|"
                       r"유로|파운드|만)?(?:[\s.!~ㅋㅎ]|이요|이에요|예요|요|정도|쯤|까지|내외|이하|$)",
                       re.IGNORECASE)
_PARAM_EN = re.compile(r"\b(?:(?:the|our|my)\s+)?(?:budget|headcount|party\s+size)(?:['’]s|\s+is|"
                       r"\s+of|:)?\s+(?:(?:about|around|roughly|max|maximum|under|up\s+to|like)\s+)?"
                       r"[$£€₩]?\d", re.IGNORECASE)


# ... not a budget that recurs, which is how the user lives ("우리 집 한 달 식비 예산은 80만원")
_RECURS = re.compile(r"한\s?달|매달|매월|월간|매주|주간|연간|일\s?년|1년|식비|생활비|용돈|월급|연봉|"
                     r"\b(?:per|a|each|every)\s+(?:month|week|year)\b|\b(?:monthly|weekly|yearly)\b",
                     re.IGNORECASE)


def parameter(sentence: str) -> bool:
    """The user states the budget or the head count of the task at hand (see above)."""
    s = sentence.strip()
    # (only when it is what the sentence says: a long one says more — "… I'm looking at places
    # in Queens now, probably Astoria, my budget is like 2200 max" keeps Queens)
    return len(s.split()) <= 10 and _RECURS.search(s) is None \
        and (_PARAM_KO if _HANGUL.search(s) else _PARAM_EN).search(s) is not None


# Material handed over for the task ("here's a calendar line from our club", "this is my email
# signature", "아래는 동호회 공지 문자예요", "이거 학원에서 온 안내문이야"): the user shows someone
# else's text (or a text of the moment) to work on; what it says is not said by the user, and
# the showing is no fact. Material after a colon is read as usual: it may be the user's own
# ("here's the thing: I'm …", "here's my signature: Dr Kim, typhoon centre").
_MATERIAL_EN = (r"(?:line|lines|text|snippet|signature|entry|excerpt|paragraph|passage|section|"
                r"bit|part|draft|template|sample|example|screenshot|log|output|traceback|"
                r"stack\s?trace|error|config|table|row|quote|transcript|thread|chain|"
                rf"{_TEXT_EN})")
_HANDS_EN = re.compile(
    r"^(?:(?:ok(?:ay)?|so|and|also|hey|right)[,\s]+)*(?:here['’]?s|here\s+(?:is|are)|this\s+is|"
    r"these\s+are|below\s+is|attached\s+is|(?:i['’]m\s+|i\s+am\s+)?pasting(?:\s+in)?|"
    r"i['’]ll\s+paste|i\s+pasted|copying\s+in)\s+(?:(?:a|an|the|my|our|some|this|that|his|her|"
    r"their)\s+)?(?:(?!(?:is|was|are)\b)[\w'’&-]+\s+){0,3}?"
    rf"{_MATERIAL_EN}s?\b(?![^:]*:\s*\S)(?:\s+(?:from|of|for|that|i|we)\b[^,;.!?]*)?"
    r"\s*(?:[,;.!?:—–]|$)", re.IGNORECASE)
_HANDS_KO = re.compile(
    r"^(?:(?:아|참|그리고|근데)\s)*(?:아래|밑에|다음|위에|이거|이건|요거)(?:는|은|가|에)?\s(?:\S+\s){0,3}?"
    rf"(?:{_TEXT_KO}|글|문장|내용|캡처|초안|예시|예문)(?:이에요|예요|이야|야|입니다|임|이고|인데)?"
    r"[\s.!~ㅋㅎ]*$|붙여\s?넣|복붙")


def hands_over(sentence: str) -> bool:
    """The user hands over material for the task (see above): only the showing, nothing else."""
    s = sentence.strip()
    return (_HANDS_KO if _HANGUL.search(s) else _HANDS_EN).search(s) is not None

