"""What frames a statement without being part of it (W3): quotes, a task's material, a
reminder's question form, a label before it and a reaction after it.

"Translate: 'I have two brothers'" hands over someone else's words; "you know I'm allergic to
shellfish, right?" and "나 갑각류 알레르기 있는 거 알지?" are statements in question form;
"update: I started eating fish again" and "…Galaxy S25 last week, loving it" wrap a statement
in a label and a reaction. Each function here returns what is left to read once the frame is
taken off (the text unchanged when there is none), so the extractor's gates judge the
statement itself. Pure.
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.pasted import without_machine_lines

# (a single-quoted span may be followed by a Korean particle: "제목이 '마지막 탄광'이에요")
# (an apostrophe between letters inside a single-quoted span is a contraction, not its end:
# "my coworker sent this: 'I'm allergic to mornings and my cat is my manager'")
_QUOTED = re.compile(r"[\"“][^\"”]{3,}[\"”]|(?<!\w)'(?:[^'\n]|(?<=[A-Za-z])'(?=[a-z])){6,}'"
                     r"(?![A-Za-z0-9_])|「[^」]+」")


# "이거 영어로 번역해줘: 저는 고양이 두 마리를 …", "Summarize this: …", "예시 데이터 만들어줘:
# 이름 김철수 …": what follows the colon is material for the task, not the user's own words.
_TASK_PAYLOAD = re.compile(
    r"^(?P<ask>[^:\n]{0,60}?(?:translat|번역|summar|요약|proofread|교정|rewrite|paraphras|"
    r"다시\s?써|고쳐|다듬어|correct|polish|format|변환|convert|\bfix\b|"
    r"예시\s?(?:데이터|문장|글)?\s?(?:만들어|써|작성)|(?:give|make|write|create|generate)\s+(?:me\s+)?"
    r"(?:an?\s+|some\s+)?(?:example|sample))"
    r"[^:\n]{0,40}):\s*\S.*$", re.IGNORECASE | re.DOTALL)


# A quote that NAMES something inside the user's own sentence is part of it: "the series is
# called \"Moonlight Bakery\"", "이름은 \"달빛한복\"", "\"X\"은 무조건 \"Y\"로 써". It is said
# (a) after a naming word (called/named/titled, 이름은/제목은/주제가…) or (b) directly before a
# Korean particle or copula — and (c) it is short and not itself a sentence (no sentence
# punctuation, no Korean sentence ending), which "translate \"I have two brothers\"" and
# "\"저는 서울에 삽니다\"를 다듬어 줘" are.
_NAMING_BEFORE = re.compile(
    r"(?:\b(?:called|named|titled|entitled|dubbed)|\b(?:name|title)\s+(?:is|was|will\s+be)|"
    r"(?:이름|제목|주제|명칭|타이틀|상호|팀명|가게\s?이름|닉네임|별명)\s?(?:은|는|이|가))\s*:?\s*$",
    re.IGNORECASE)
# (d) words the user quotes from the assistant in a rule about them: "stop suggesting I "see a
# professional"", "never use the phrase "great question"", "don't call me "buddy""
_SAYS_BEFORE = re.compile(r"\b(?:suggest(?:ing)?(?:\s+(?:that\s+)?I)?|say(?:ing)?|us(?:e|ing)|"
                          r"tell(?:ing)?\s+me\s+to|call(?:ing)?\s+me|(?:word|phrase|term)s?)\s*$",
                          re.IGNORECASE)
_PARTICLE_AFTER = re.compile(
    r"^(?:은|는|이|가|을|를|으로|로|과|와|이랑|랑|의|도|만|에서|에|이라는|라는|이라고\s?(?:하|지|짓)|"
    r"라고\s?(?:하|지|짓)|이야|야|이에요|예요|이고|고|입니다|이다|다)(?=[\s.,!?~]|$)")
_SENTENCE_END_KO = re.compile(r"(?:다|요|까|죠|니|네|해|어|아|지|래|자)[\s.!?~]*$")


def _naming(text: str, quote: re.Match[str]) -> bool:
    """Whether a quoted span names something in the user's sentence (see above)."""
    inner = quote.group(0)[1:-1].strip()
    if not inner or len(inner.split()) > 5 or re.search(r"[.!?？。]", inner):
        return False
    if re.fullmatch(r"[\w-]*_[\w-]*|[\w-]*\d[\w-]*", inner):
        return True  # an identifier ("geo_", "v2-final"): a name, never someone's words
    before = text[max(0, quote.start() - 30):quote.start()]
    if _NAMING_BEFORE.search(before):
        return True  # a title may end like a sentence: "제목이 '바다의 편지'", "'나를 찾아줘'"
    if _HANGUL.search(inner) and _SENTENCE_END_KO.search(inner):
        return False
    after = text[quote.end():quote.end() + 12]
    if _SAYS_BEFORE.search(before) and not re.search(r"(?i)\b(?:i|i['’]m|my|me)\b", inner):
        return True  # what the assistant is told not to say: part of the rule
    from gieok.write.extract.names import kin_before
    from gieok.write.extract.workspace import quote_names_work

    return bool(_NAMING_BEFORE.search(before) or kin_before(before) or (_HANGUL.search(text)
                                                   and _PARTICLE_AFTER.match(after))
                or quote_names_work(before, after))


def quoted_removed(text: str) -> str:
    """A turn without its quoted text (someone else's words: text to translate, a message
    to answer) and without the material a task request hands over after a colon. A quote
    that names something in the user's own sentence stays, without its quote marks. Pasted
    log records and stack traces go first (``pasted``): a program's words, not the user's."""
    text = without_machine_lines(text)
    text = _QUOTED.sub(lambda m: m.group(0)[1:-1] if _naming(text, m) else " ", text)
    task = _TASK_PAYLOAD.match(text.strip())
    return task.group("ask") if task else text


# "나 갑각류 알레르기 있는 거 알지?", "you know I'm allergic to shellfish, right?": a question
# in form only — the user reminds the assistant of a fact about themselves
_CONFIRM_KO = re.compile(
    r"^(?P<x>.+?)\s*(?:(?P<noun>이라는|라는|인)\s?(?:거|것|건)|(?P<verb>[는은한])\s?(?:거|것|건))\s?"
    r"(?:알지|알죠|아시죠|알잖아요?|아시잖아요|알고\s?있지|알고\s?계시죠|기억하지|기억하죠|기억나지|"
    r"기억나죠)[\s?？!.~]*$")
_CONFIRM_EN = re.compile(
    r"^(?:(?:oh|and|also|btw|so|but)[,\s]+)*(?:as\s+)?you\s+(?:know|remember)[,\s]+(?:that\s+)?"
    r"(?!(?:what|when|where|who|why|how|which|if|whether)\b)(?P<x>.+?)"
    r"(?:,?\s*(?:right|yeah|remember|don['’]?t\s+you))?\s*[?？]*$|"
    r"^(?P<y>(?:i|i['’]m|my|we|our)\b.+?),\s*(?:remember|right|you\s+know)\s*[?？]+$",
    re.IGNORECASE)


def confirmed(sentence: str) -> str:
    """The statement inside a "you know …, right?" / "…는 거 알지?" question (unchanged when
    the sentence is not one)."""
    m = _CONFIRM_KO.match(sentence.strip())
    if m:
        inner = m.group("x")
        if m.group("verb") == "한" and inner.endswith(("하", "해")):
            return inner
        if m.group("verb") == "한":
            return inner + "했어"
        return ko_complete(inner, noun=bool(m.group("noun")))
    m = _CONFIRM_EN.match(sentence.strip())
    if m:
        return (m.group("x") or m.group("y")).strip()
    return sentence


# "update: I started eating fish again", "…Galaxy S25 last week, loving it": a label before
# the statement and a reaction after it are not part of what is remembered
_LABEL = re.compile(r"^(?:(?:quick|small|big|little)\s+)?(?:update|fyi|btw|news|heads\s+up|psa)"
                    r"\s*[:\-–]\s*(?=\S)", re.IGNORECASE)
_REACTION_TAIL = re.compile(
    r",\s*(?:and\s+|so\s+far\s+)?(?:(?:really|totally|honestly|absolutely)\s+)?(?:loving|love|"
    r"liking|enjoying|digging)\s+it(?:\s+so\s+far)?(?:\s+(?:lol|haha))?\s*[.!~]*$|"
    r",\s*so\s+far\s+so\s+good\s*[.!~]*$", re.IGNORECASE)


def unframed(sentence: str) -> str:
    """The statement without a leading label ("update:") or a trailing reaction
    (", loving it")."""
    text = _LABEL.sub("", sentence)
    if not _HANGUL.search(text):
        text = _REACTION_TAIL.sub("", text)
    return text if len(text.strip()) > 3 else sentence


def ko_complete(inner: str, noun: bool) -> str:
    """Turn the body of "…라는 거 기억해줘" back into a sentence the rules understand."""
    inner = inner.strip()
    if noun:
        return inner + ("이야" if inner and (ord(inner[-1]) - 0xAC00) % 28 else "야")
    last = inner[-1:] if inner else ""
    if not last or not "\uac00" <= last <= "\ud7a3":
        return inner
    if last == "하":
        return inner[:-1] + "해"
    jung = ((ord(last) - 0xAC00) % 588) // 28
    return inner + ("아" if jung in (0, 8) else "어")


# "걔 또 사고 쳤어 ㅋㅋ 아 우리 보리 말하는 거": a pronoun first, then who it meant — the
# sentence is about 보리, and the afterthought says nothing of its own
_MEANT_KO = re.compile(
    r"^(?:(?:아|앗|아니|참)[\s,]+)?(?P<who>(?:(?:우리|저희|울|내|제)\s?(?:집\s?)?)?"
    r"(?:[가-힣A-Za-z]+\s)?[가-힣A-Za-z]+?)\s?(?:말하는|얘기하는|말한|얘기한)\s?"
    r"(?:거|거야|거예요|거에요|겁니다|건데)[\s.!~ㅋㅎ]*$")
_MEANT_EN = re.compile(r"^(?:(?:oh|sorry|lol)[,\s]+)?(?:i\s+mean|talking\s+about|(?:as\s+)?in)\s+"
                       r"(?P<who>(?:my|our)\s+(?:[\w-]+\s+)?[A-Z][a-z]+)[\s.!~]*$",
                       re.IGNORECASE)
# the speaker catches themselves: what they called theirs is not ("oh wait, it's not mine, it's
# my neighbour's", "actually Biscuit isn't ours", "아 잠깐 그거 내 거 아니다")
_DISOWNS = re.compile(
    r"^(?:(?:oh|ah|hmm|lol|no|nvm|sorry)[,\s]+)*(?:wait|actually|scratch\s+that)[,.!\s]+(?:[\w-]+\s+){0,3}?"
    r"[\w-]+(?:['’]s\s+not|['’]re\s+not|\s+(?:is|are)\s+not|\s+isn['’]t|\s+aren['’]t)\s+(?:mine|ours|"
    r"my\s+own)\b|"
    r"^(?:아|앗|헐)?[\s,]*(?:잠깐|아니다|아\s?아니다)[\s,.]+(?:\S+\s){0,3}?(?:내|제|우리|저희)\s?(?:거|것|집\s?거)"
    r"\s?(?:아니|아님|아냐)", re.IGNORECASE)
_AFTER_LAUGH = re.compile(r"^(?P<a>.+?[ㅋㅎㅠㅜ]{2,})\s+(?P<b>\S.*)$")
_PRONOUN_LEAD_KO = re.compile(r"^(?P<p>걔|얘|그\s?애|그\s?녀석|이\s?녀석)(?P<j>가|는|도|를|랑|한테)?(?=\s)")
_PRONOUN_LEAD_EN = re.compile(r"^(?P<p>she|he)(?P<s>['’]s)?\b", re.IGNORECASE)


def clarified(sentences: list[str]) -> list[str]:
    """The turn's sentences with a pronoun replaced by who the next sentence says it meant
    ("걔 또 토했어" + "우리 cat 까망이 말하는 거" → "우리 cat 까망이 또 토했어";
    "he ate my sock again" + "I mean my dog Max" → "my dog Max ate my sock again"), and
    without a sentence the next one disowns ("oh wait, she's not mine") or the disowning one."""
    out: list[str] = []
    parts: list[str] = []
    for sentence in sentences:  # "걔 또 사고 쳤어 ㅋㅋ 아 우리 보리 말하는 거": two in one
        laugh = _AFTER_LAUGH.match(sentence.strip())
        parts.extend(laugh.group("a", "b") if laugh and _MEANT_KO.match(laugh.group("b"))
                     else (sentence,))
    for sentence in parts:
        if out and _DISOWNS.match(sentence.strip()):
            out.pop()  # "the saddle on my horse is cracking" + "oh wait she's not mine": the
            continue   # sentence before was about someone else's; neither is a memory
        meant = _MEANT_KO.match(sentence.strip()) or _MEANT_EN.match(sentence.strip())
        if meant is None or not out:
            out.append(sentence)
            continue
        who = meant.group("who").strip()
        before = out[-1].strip()
        ko = _PRONOUN_LEAD_KO.match(before)
        en = _PRONOUN_LEAD_EN.match(before)
        if ko is not None and _HANGUL.search(sentence):
            josa = ko.group("j") or ""
            if josa in ("가", "는", "를") and who and _batchim(who[-1]):
                josa = {"가": "이", "는": "은", "를": "을"}[josa]
            out[-1] = who + josa + before[ko.end():]
        elif en is not None and not _HANGUL.search(sentence):
            out[-1] = who + (" is" if en.group("s") else "") + before[en.end():]
        else:
            out.append(sentence)
    return out


def _batchim(char: str) -> bool:
    if "\uac00" <= char <= "\ud7a3":
        return (ord(char) - 0xAC00) % 28 != 0
    return char.lower() in "lmnr"
