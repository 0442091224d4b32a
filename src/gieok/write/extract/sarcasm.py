"""Sarcasm (W3): what the user says and means the opposite of is no fact about them.

"oh yeah I just *love* it when my train is cancelled, best feeling ever" was stored as a
preference; "나 오늘 진짜 productive 했음~ 아 물론 sarcasm 이야 하루 종일 누워있었음" as a fact;
"아 월요일 너무 사랑해~ 월요일 최고야" stayed a memory after the user said yes to the
assistant's "혹시 반어법이신가요?". Three shapes, each read from the language and never from
what is praised (loving Mondays is sarcasm only by what people know, so that one needs the
user's own word):

- ``marked``: the turn says it is sarcasm ("물론 sarcasm 이야", "반어법임", "/s", "i'm being
  sarcastic", "that was sarcasm") — the turn takes back what it says, like "농담이야";
- ``confirmed``: the assistant asked whether the user was being sarcastic or joking ("혹시
  반어법이신가요?", "Are you being sarcastic?", "농담이시죠?") and the reply is a bare yes
  ("당연하지 ㅋㅋㅋ", "obviously lol") — the turn before is taken back. A question that says
  "not" ("농담 아니시죠?", "you're not joking, are you?") makes a yes mean the opposite: no;
- ``sarcastic``: a sentence that loves a mishap ("I love it when my flight gets delayed",
  "nothing like a dead battery at 8am", "my favorite thing is when the wifi goes down"): a
  liking whose object is something going wrong. A mishap word is required, so "I love it
  when my daughter laughs" and "I love it when it snows" are likings as said; a life event
  said with irony ("great, I got laid off", "해고됐는데 오히려 좋다") is still the event, so no
  job loss or breakup is a mishap here.

Pure.
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL

# --- the turn says so -----------------------------------------------------------------------
_MARKED = re.compile(
    r"(?:^|\s)/s\s*$|\bsarcasm\s*(?:이야|임|이에요|입니다|이지|인\s?거|ㅋ)|"
    r"(?:물론|그냥|완전|당연히|다)\s?(?:sarcasm|반어법?|비꼬는\s?거)|반어법\s?(?:이야|임|이에요|이지|인\s?거|ㅋ)|"
    r"\b(?:i['’]?m|i\s+am|i\s+was|just|was|only)\s+being\s+sarcastic\b|"
    r"\b(?:that|this|it)(?:['’]s|\s+is|\s+was)\s+(?:just\s+|obviously\s+|pure\s+)?sarcasm\b|"
    r"\b(?:obviously|clearly|of\s+course)\s+sarcasm\b|\(sarcasm\)|\bsarcasm\s+(?:lol|haha|obviously)\b",
    re.IGNORECASE)


def marked(turn_text: str) -> bool:
    """The turn says that what it says is sarcasm (see above)."""
    return _MARKED.search(turn_text) is not None


# --- the assistant asked, the user said yes ----------------------------------------------------
_ASKS_SARCASM = re.compile(r"반어|비꼬|농담|장난|sarcas|kidding|joking|\bironic", re.IGNORECASE)
_NOT = re.compile(r"아니|아닌|안\s|\bnot\b|n['’]t\b", re.IGNORECASE)
_YES = re.compile(
    r"^(?:(?:당연하지|당연하죠|당연|물론이지|물론|응|어|ㅇㅇ|네|넵|예|맞아|맞아요|그럼|ㅋ+|ㅎ+|yes|yeah|yep|yup|"
    r"obviously|of\s+course|ofc|duh|lol|lmao|haha+|totally|100%|sure|you\s+bet|very\s+much\s+so)"
    r"[\s.!~,^;]*)+$", re.IGNORECASE)


def confirmed(shown: str, turn_text: str) -> bool:
    """The assistant's last question asked whether the user was being sarcastic or joking, and
    the reply is only a yes (see above)."""
    if not shown or "?" not in shown and "？" not in shown:
        return False
    question = [q for q in re.split(r"(?<=[.!?？])\s+", shown.strip()) if q.rstrip().endswith(("?", "？"))]
    last = question[-1] if question else ""
    return bool(last) and _ASKS_SARCASM.search(last) is not None and _NOT.search(last) is None \
        and _YES.match(turn_text.strip()) is not None


# --- a liking whose object is a mishap -----------------------------------------------------------
_MISHAP = (r"(?:cancel(?:l)?ed|delayed|crash(?:es|ed|ing)?|breaks\s+down|broke\s+down|broken|"
           r"fails?|failed|stuck|ignores\s+me|ignored|spam|overbooked|"
           r"goes\s+down|went\s+down|is\s+down|freezes|froze|stops?\s+working|"
           r"no\s+signal|out\s+of\s+battery|battery\s+dies|flat\s+tire|flat\s+tyre|leaking|flooded|"
           r"power\s+(?:outage|cut)|outage|rejected|stood\s+up|"
           r"unpaid\s+overtime|hangover|sunburn)")
# a day off spent on work, said with a starred liking ("I *love* spending my sunday debugging")
_DAY_OFF = (r"(?:my|a|the|whole|entire)\s+(?:whole\s+|entire\s+)?(?:sunday|saturday|weekend|day\s+off|"
            r"vacation|holiday|birthday|evening|night)")
_LOVES = re.compile(
    rf"\b(?:i\s+)?(?:just\s+|really\s+|totally\s+|absolutely\s+|so\s+)?(?:\*\s*)?(?:love|adore|enjoy)"
    rf"(?:\s*\*)?\s+(?:it\s+)?when\b[^.!?]*?\b{_MISHAP}\b|"
    rf"\b(?:nothing\s+(?:like|beats)|(?:my\s+)?(?:favou?rite|best)\s+(?:thing|part)(?:\s+(?:is|ever))?"
    rf"(?:\s+when)?)\s+[^.!?]*?\b{_MISHAP}\b|"
    rf"\b{_MISHAP}\b[^.!?]*?,?\s*(?:best\s+(?:feeling|day|thing)\s+ever|just\s+what\s+i\s+needed|"
    rf"love\s+(?:that|this)\s+for\s+me|(?:so\s+)?fun+\b)",
    re.IGNORECASE)
_EMPHASIS = re.compile(r"\*\s*(?:love|loving|loved|adore|great|amazing|fun|favou?rite|best|thrilled)"
                       r"\s*\*", re.IGNORECASE)


# praise opening a sentence that reports a mishap ("great, my laptop died in the middle of my
# presentation", "oh perfect, the train's stuck again"), and the Korean praise said after one
# ("비 와서 캠핑 취소됨 ^^ 완전 최고다", "지하철 또 고장 ㅋㅋ 아주 신나네")
_PRAISE_OPENS = re.compile(r"^(?:oh\s+|wow\s+|just\s+)?(?:great|perfect|wonderful|fantastic|awesome|amazing|"
                           r"lovely|brilliant|splendid|terrific|cool)\s*[,!.]+\s+", re.IGNORECASE)
_WENT_WRONG = re.compile(r"\b(?:died|broke|crashed|froze|cancel(?:l)?ed|delayed|stuck|spilled|lost|missed|"
                         r"rejected|flooded|leaking|flat|down|failed|stopped\s+working|"
                         r"locked\s+out|logged\s+out)\b", re.IGNORECASE)
_WENT_WRONG_KO = re.compile(r"취소\s?(?:됨|됐|돼|되었)|고장\s?(?:남|났|나서)?|연착|지연\s?(?:됨|됐)|망했|망함|"
                            r"터졌|날아갔|날렸|펑크\s?(?:남|났)|막혔")
_PRAISE_KO = re.compile(r"(?:최고(?:다|야|네|임|지)?|신나(?:네|다|요)|행복하(?:다|네)|좋(?:네|다)|감사하네|"
                        r"개꿀|땡큐|고맙네)[\s.!~^ㅋㅎ]*$")


def sarcastic(sentence: str) -> bool:
    """A sentence that says the user loves a mishap (see above), that stars a liking ("I
    *love* …") said of one, or that praises one ("great, my laptop died …", "캠핑 취소됨 ^^
    완전 최고다")."""
    s = sentence.strip()
    if _HANGUL.search(s):
        went = _WENT_WRONG_KO.search(s)
        praise = _PRAISE_KO.search(s)
        return went is not None and praise is not None and went.end() <= praise.start()
    if _LOVES.search(s) or (_PRAISE_OPENS.match(s) and _WENT_WRONG.search(s)):
        return True
    return _EMPHASIS.search(s) is not None and re.search(rf"\b{_MISHAP}\b|\b{_DAY_OFF}\b", s,
                                                         re.IGNORECASE) is not None
