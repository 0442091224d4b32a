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
from gieok.write.extract.coref import Entities, Entity, fits
from gieok.write.extract.names import ko_called
from gieok.write.extract.proposals import KO_WH as _KO_WH
from gieok.write.extract.proposals import proposes
from gieok.write.normalize import has_batchim

_EN_CLAUSE = re.compile(
    r"(?<![\w'’])(?:I|I['’]m|I['’]ve|I['’]d|I['’]ll|we|he|she|they|it|you|there|this|that)\b|"
    r"\b(?:am|is|are|was|were|have|has|had|do|does|did|will|can|could|would|should)\b|"
    r"['’](?:s|re|m|ve|ll|d)\b", re.IGNORECASE)
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


_LEAD_Q = re.compile(r"^(?:(?:so|and|oh|ok(?:ay)?|great|nice|cool|wow|and\s+so)[,!.\s]+)+",
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
        elif _EN_CLAUSE.search(_EN_YES.sub("", part.strip())):
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
    if not text or _EN_CLAUSE.search(text) or _EN_NO.search(text):
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
