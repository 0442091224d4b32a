"""Questions that steer the task at hand (W3), split from ``followup``: whether the assistant's
question asks about the user or about the task it is doing for them.

``followup`` keeps an answer to the assistant's question as a memory — unless the question only
sizes or steers the task: an offer to do something ("Want the quantities?" → "pls, for like 4
servings"), the request's moment, deadline, size, choice or addressee ("몇 명이에요?" → "12명"),
or where the user stands now for the plan being made ("how many km a week are you running
now?"). The readers that decide this are one job of their own, used by ``followup`` and
``lasting``; they read the question only. Pure: regular expressions, no state.
"""

from __future__ import annotations

import re

_LEAD_Q = re.compile(r"^(?:(?:so|and|oh|ok(?:ay)?|great|nice|cool|wow|and\s+so)[,!.\s]+)+",
                     re.IGNORECASE)


# The assistant offering to do something for the task at hand ("Want the quantities?", "Shall I
# add steps?", "오늘은 어떤 부위 할까요?", "교수님께 언제까지라고 말씀드릴까요?"): the answer picks
# how the task goes (for like 4 servings, 상체 위주로 30분), it tells nothing lasting about the user.
_OFFER = re.compile(
    r"^(?:(?:sure|of\s+course|absolutely|happy\s+to)\b[\s,.!:—-]*)?"
    r"(?:want|wanna|would\s+you\s+like|do\s+you\s+want|should\s+i|shall\s+i|can\s+i|"
    r"may\s+i|need\s+me\s+to|i\s+can|i\s+could|"
    # the same offer with "do you" left out: "Need the glossary as a table?", "Want it shorter?"
    r"(?:need|want)\s+(?:the|it|them|this|that|those|these|a|an|one|some)\b)\b|까요\s*[?？]\s*$"
    # the same offer in 반말 ("6시 기상 기준으로 짜볼까?", "하나 더 넣을까?")
    r"|(?:볼|할|줄|짤|넣을|뺄|바꿀|갈|잡을|만들)까\s*[?？]\s*$"
    # an open offer of help: what follows is the request, not a fact about the user
    r"|^(?:what|how)\s+(?:can|could|may)\s+i\s+(?:help|do|assist)\b"
    r"|^what\s+(?:do\s+you\s+)?need\s+help\s+with\b|^anything\s+(?:else\s+)?i\s+can\s+help",
    re.IGNORECASE)


def offer(question: str) -> bool:
    """Whether the assistant's question offers to do something for the task at hand (after
    the draft it quotes: '"To Priya, who …" Want me to go on?')."""
    q = re.sub(r"^[\"“][^\"”]*[\"”]\s*", "", question.strip())
    # the draft's closing quote without its opening one (the sentence split inside the quote:
    # '…감사해요." Want it longer?'): what follows the quote is the question
    q = re.sub(r"^[^\"“”]*[\"”]\s+(?=\S)", "", q) if q.count('"') + q.count("“") \
        + q.count("”") == 1 else q
    return _OFFER.search(_LEAD_Q.sub("", q)) is not None


# What the assistant asks to get the task at hand done, not about the user: the moment of the
# request ("What copy do you need today?", "Where is it now?", "오늘은 …?"), its deadline
# ("언제까지…?", "by when?"), its size ("How many people?", "몇 명이에요?", "몇 인분?"), what the
# user needs or wants from it, a choice the user is about to make for it ("…채우실 건가요?") and
# whom the thing being written is for ("who is it going to?", "누구한테 보내요?").
_TASK = re.compile(
    r"\b(?:today|tonight|right\s+now|this\s+time|for\s+now|at\s+the\s+moment)\b|\bnow\s*[?？]$|"
    r"오늘|당장|이번(?:에|엔|은)?\s|"
    r"\bby\s+when\b|\bwhen\s+do\s+you\s+need\b|\bdeadline\b|언제까지|"
    # what the user came to ask or wants done ("What were you asking about the weather?",
    # "What did you want to know?", "뭐가 궁금하셨어요?"): the answer is the request itself
    r"\bwhat\s+(?:were|are|was)\s+you\s+(?:asking|wondering|trying\s+to\s+(?:ask|find\s+out))\b|"
    r"\bwhat\s+(?:did|do)\s+you\s+(?:want|need)\s+to\s+(?:know|ask)\b|"
    r"\bwhat\s+do\s+you\s+need\s+help\s+with\b|\bwhat\s+(?:can|could)\s+i\s+help\s+(?:you\s+)?with\b|"
    r"(?:뭐가|무엇이|어떤\s?(?:게|것이|점이))\s?궁금하(?:셨|신|세)|(?:뭘|무엇을|어떤\s?걸)\s?도와\s?드릴|"
    # how long the trip or absence being planned lasts ("How long will you be there?",
    # "얼마나 나가세요?"), and whether the user is about to do something ("Are you hauling out?")
    r"\bhow\s+long\s+(?:will|are)\s+you\b|얼마나\s?(?:나가|머무|머물|계실|있을|가\s?계)|"
    r"^are\s+you\s+(?!still\b)\w+ing\b(?!.*\b(?:these\s+days|lately|currently|anymore|regularly)\b)|"

    r"\bhow\s+many\b(?![^?]*\b(?:do|does)\s+(?:you|they|he|she)\s+(?:have|own|keep)\b)|"
    # how long the trip being planned is ("며칠 가세요?"), how heavy or big the
    # thing being sent is ("How heavy are the boxes?"): the task's size, like its head count
    r"(?<!월)(?<!월\s)며칠\s?(?:가|있|머무|머물|묵|계|동안|정도|이요|이에요|예요|이세요|이신가요|"
    r"인가요|이나|짜리|하(?:시|세|나|니|실)|\s?[?？])|"
    r"\bhow\s+(?:heavy|big|large)\s+(?:is|are)\s+(?:the|it|they|those|these)\b|"
    # ... and its measure or share ("크기가 어떻게 돼요?" of the chest to restore, "결측 비율이 어느
    # 정도예요?" of the data to clean, "What size is it?")
    r"(?:크기|사이즈|비율|비중|규격|치수)(?:가|는|은|이)?\s?(?:어떻게|어느\s?정도|얼마)|"
    r"\bwhat\s+(?:size|percentage|proportion|share)\s+(?:is|are)\s+(?:it|they|the)\b|"
    r"\bhow\s+long\s+is\s+the\b|"
    # what the thing handed over looks like ("what does the spreadsheet look like?"): the task's
    # material, not something of the user's ("what does your dog look like?" is not asked here)
    r"\bwhat\s+(?:does|do|will)\s+(?:the|this|that|it|they)\b[^?]{0,30}\blook\s+like\b|"
    # how many of the task's parts ("자원봉사자 수와 구역 수가 어떻게 되나요?", "참가자 수는요?")
    r"(?<![가-힣])수(?:와|랑|가|는)?\s?(?:\S+\s)?(?:어떻게|얼마|몇)|(?<![가-힣])수는요\s*[?？]|"
    r"분량|인원|몇\s?(?:명|인분|개|잔|병|박스|장|박|권|벌|세트|쪽|페이지|테이블|"
    r"도(?=예|야|에|인|로|\s?[?？]))|"
    # where the thing asked for should be ("지역이 어디세요?", "어디 근처세요?"), a choice
    # between two ways of doing it ("Do you prefer quiet or lively?"), what the user would
    # like to do ("어디로 날고 싶어요?")
    r"지역(?:이|은)?\s?어디|근처(?:세요|예요|에요|야|이세요|인가요)|"
    r"\bprefer\b[^?]*\bor\b|\bwould\s+you\s+(?:like|prefer|rather)\b|"
    r"고\s?싶(?:어요|으세요|어|니|으신가요|은가요)\s*[?？]|\bwhat\s+temperature\b|"
    r"고\s?싶은\s?(?:곳|데|거|것|나라|도시|게)(?:은|는|이|가)?\s?(?:요|이요|이에요|예요|인가요)?\s*[?？]|"
    r"\bwhere\s+would\s+you\s+(?:go|want|travel|start)\b|"
    r"^what\s+time\s+(?:is|does|will)\s+(?:the|it)\b|몇\s?분(?:이세요|이서|이에요|이신가요|\s?오세요)|"
    r"\bbudget\b|예산|"
    r"\b(?:do\s+you|you['’]d|you)\s+(?:need|want)\b|필요하세요|필요해요|원하세요|원하시|"
    r"(?:하|드|채우|쓰|넣|보내|고르)실\s?(?:건가요|거예요|거에요|래요)|"
    r"\bwho(?:['’]s|\s+is)\s+(?:it|this|that)\s+(?:for|going\s+to|to|addressed\s+to)\b|"
    r"\baddressed\s+to\b|\bwho\s+(?:are\s+you|"
    r"should\s+it\s+be)\s+(?:sending|writing|addressing)|누구(?:한테|에게)\s?(?:보내|쓰|드리)|"
    # whose occasion, or which venue, the task is for ("누구 결혼식이에요?", "Whose party?",
    # "Which restaurant?"): the answer names the occasion, not the user's life
    r"누구\s?(?:의\s?)?(?:결혼식|생일|파티|잔치|돌잔치|장례식|집들이|송별회|환송회|행사|모임)|"
    r"\bwhose\s+(?:wedding|birthday|party|funeral|shower|event|leaving\s+do)\b|"
    r"^which\s+(?:restaurant|hotel|venue|place|bar|cafe|café|pub|shop|store|flight|airline|"
    r"route|one|nights?|dates?)\s*[?？]|^what\s+dates?\s*[?？]|"
    # how many are coming to the meal or event being planned ("몇 분 드실 예정인가요?")
    r"몇\s?분(?:\s?정도)?(?:이|\s?(?:오|드|참석|가|모이))|"
    # what went wrong with the thing being fixed ("에러 메시지가 뭐예요?", "What error do you get?")
    r"에러|오류|\berror\b|"
    # what the user has in mind for the thing asked for, and its spec ("What chores do you have
    # in mind?", "Any date range?", "Any colour preference?"); its deadline ("제출 기한은
    # 언제예요?") and its hours ("시간대는 어떻게 되나요?")
    r"\b(?:have|had)\s+in\s+mind\b|\bkeep\s+in\s+mind\b|\bdate\s+range\b|"
    r"^any\s+(?!dietary\b|food\b)(?:[\w-]+\s+)?preferences?\s*[?？]|기한|마감|\bdue\s+date\b|시간대|"
    # the head count said as a guess ("Two people?", "Just you?", "두 분이세요?")
    r"^(?:for\s+)?(?:just\s+)?(?:one|two|three|four|five|six|\d+)\s+(?:people|persons|adults|"
    r"guests|of\s+you)\s*[?？]$|^(?:한|두|세|네|다섯)\s?(?:분|명)(?:이세요|이에요|이요|인가요)?\s*[?？]$|"
    # one of two options for the task ("돈까스는 등심이랑 안심 중에 뭐가 좋으세요?"; a bare "Electric
    # or hybrid?" may ask what the user's car is, so it is not read here)
    r"(?:이랑|랑|하고|와|과)\s?\S+\s?중(?:에|에서)?\s?(?:뭐가|뭘|어느|어떤)",
    re.IGNORECASE)
# a bare "where?" that names no subject and no verb: the place of the task at hand ("어느
# 동네예요?" after a restaurant request), not where the user lives ("어느 동네 사세요?")
_BARE_WHERE = re.compile(r"^(?:어디|어느\s?(?:동네|쪽|지역|곳))(?:예요|에요|야|이야|인가요|일까요)?"
                         r"\s*[?？]$|^where(?:['’]s|\s+is)?\s*(?:it|that)?\s*[?？]$",
                         re.IGNORECASE)
# ... unless it asks about something that lasts in the user's life: where they live, their work
# or school, age, name, family, pets, health, their things and habits ("How many in the
# family?", "Which model?", "지금 어디 사세요?", "몇 살이에요?").
_LASTING = re.compile(
    r"\b(?:live|living|based|from|grew\s+up|work|job|for\s+a\s+living|study|studying|major|school|"
    r"grade|old|age|born|name|family|kids?|children|son|daughter|wife|husband|partner|"
    r"parents?|mom|dad|mother|father|brother|sister|pets?|dog|cat|puppy|kitten|breed|allerg\w*|"
    r"medications?|meds|diagnos\w*|condition|surgery|doctor|vet|car|phone|model|own|usually|"
    r"normally|every|(?:per|a)\s+(?:week|day|month)|hobby|favou?rite|diet)\b|"
    # what a pet or relative eats or takes ("What is she eating now?"): their diet, not a meal
    r"\b(?:is|does|do|are)\s+(?:she|he|they|it)\s+(?:\w+\s+)?(?:eat|eating|on|take|taking)\b|"
    r"사세요|살아요|사니|거주|동네|고향|일\s?하|직업|회사|직장|전공|학교|학년|살(?:이에요|이야|이니|\s?정도)|"
    r"나이|이름|가족|아이|애들|자녀|아들|딸|남편|아내|와이프|부모|어머|아버|엄마|아빠|반려|강아지|"
    r"고양이|품종|알레르기|알러지|(?<![가-힣])약|진단|수술|질환|취미|최애|평소|매일|(?<![가-힣])주로",
    re.IGNORECASE)


# where the user stands now, asked to size the plan being made ("how many km a week are you
# running now?", "how many hours are you sleeping at the moment?"): the answer is the plan's
# starting point, not a routine — a frequency in such a question does not make it lasting
_NOW_STATE = re.compile(r"\bare\s+you\s+(?:\w+\s+)?\w+ing\b[^?]*\b(?:now|at\s+the\s+moment|"
                        r"currently|these\s+days)\s*[?？]\s*$", re.IGNORECASE)
# the same starting point asked as a measure ("What's your current weekly mileage?", "What's
# your longest recent run?", "지금 평균 몇 보예요?", "지금 주에 몇 번, 몇 km 정도 뛰세요?")
_NOW_MEASURE = re.compile(
    r"\bcurrent(?:ly)?\s+(?:weekly\s+|daily\s+|monthly\s+)?(?:mileage|distance|pace|weight|level|"
    r"average|max|pb|speed|volume|step\s+count)\b|\b(?:longest|fastest|best)\s+recent\s+\w+|"
    r"(?<![가-힣])(?:지금|현재)(?:은|는)?\s?(?:평균\s?)?(?:(?:주|하루|일주일|한\s?달)에\s?)?몇",
    re.IGNORECASE)
# what the user can give the plan being made ("하루에 몇 시간 공부 가능하세요?", "How many hours a
# week can you put in?"): the plan's size, like its budget, even with a frequency in it
_CAPACITY = re.compile(r"가능하(?:세요|신가요|실까요|신지)|가능해요\s*[?？]|\bhow\s+(?:much\s+time|"
                       r"many\s+(?:hours|days|evenings|sessions))(?:\s+(?:a|per|each)\s+\w+)?\s+"
                       r"(?:can|could|will)\s+you\b",
                       re.IGNORECASE)
_FREQUENCY = re.compile(r"\b(?:(?:per|a)\s+(?:week|day|month)|every|usually|normally)\b|"
                        r"하루에|일주일에|한\s?주에|매일|매주",
                        re.IGNORECASE)


def task_question(question: str) -> bool:
    """Whether the assistant's question steers the task at hand (an offer, the request's
    moment, deadline, size, choice or addressee, where the user stands now for the plan
    being made) rather than asking about the user: its answer ("pls, for like 4 servings",
    "12명", "모레 오전까지요", "about 25") is no memory."""
    q = _LEAD_Q.sub("", question.strip())
    if (_NOW_STATE.search(q) and _TASK.search(q) or _CAPACITY.search(q) or _NOW_MEASURE.search(q)) \
            and _LASTING.search(_FREQUENCY.sub(" ", q)) is None:
        return True
    return offer(q) or _BARE_WHERE.search(q) is not None or (
        _TASK.search(q) is not None and _LASTING.search(q) is None)
