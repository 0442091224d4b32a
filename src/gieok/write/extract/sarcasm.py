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
  when my daughter laughs" and "I love it when it snows" are likings as said.

Pure.
"""

from __future__ import annotations

import re

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
           r"power\s+(?:outage|cut)|outage|rejected|ghosted|stood\s+up|"
           r"laid\s+off|unpaid\s+overtime|hangover|sunburn)")
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


def sarcastic(sentence: str) -> bool:
    """An English sentence that says the user loves a mishap (see above), or that stars a
    liking ("I *love* …") said of one."""
    s = sentence.strip()
    if _LOVES.search(s):
        return True
    return _EMPHASIS.search(s) is not None and re.search(rf"\b{_MISHAP}\b|\b{_DAY_OFF}\b", s,
                                                         re.IGNORECASE) is not None
