"""What a text does (its speech act): ask — a question, or a request to the assistant — or
tell.

A small embedding model encodes a sentence's form along with its meaning: two unrelated
questions ("what blood thinner do I take?", "what should I pack for the move?") score a
cosine well above an unrelated question and statement, so a question-shaped search prefers
question-shaped turns. In a chat archive (R8) those are the user's questions and requests
to the assistant and the assistant's own questions ("Of course! Anything special to
mention?"): they carry little about the user, yet outranked the turn that answered the
search (docs/benchmarks.md "Through add(), session 9"). Calibration (read/calibration.py)
moves such a pair's dense scale by the form bias measured for the model, as it does for a
language pair; this module says how much of a text asks.

Sentences are told apart by their marks and their shape only (no model):
- a question: ends with "?"; or opens with an auxiliary and a pronoun ("do you …", "should
  I …"), or with a question word followed soon by an auxiliary and a pronoun ("what should I
  pack", "what blood thinner do I take"), or "how/what about"; Korean: a question ending
  (…까/까요, …나요, …니, …냐, …는지요);
- a request: opens with a verb of asking for work ("write …", "suggest …", "recommend …",
  "help me …", "please …", "let's …") or ends with a Korean request ending (…주세요, …줘,
  …줄래(요), …부탁해(요)/부탁드려요);
- everything else tells. "When I was young I played the piano" tells (a question word
  followed by a subject, not an auxiliary).
A text's share is the share of its characters in asking sentences, so "We're moving next month.
Can you help me plan?" is half one and half the other, and no cut-off has to be chosen.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

_SENTENCE = re.compile(r"[^.!?\n\uff1f\u3002]+[.!?\uff1f\u3002]*")
_WORD = re.compile(r"[A-Za-z']+|[\uac00-\ud7a3]+")
_LETTER = re.compile(r"[A-Za-z\uac00-\ud7a3]")

_AUX = frozenset(
    """do does did is are am was were can could would should will shall may might must have
    has had isn't aren't wasn't weren't don't doesn't didn't can't couldn't won't wouldn't
    shouldn't haven't hasn't""".split())
_PRONOUN = frozenset(
    """i you we they he she it u there this that these those my your our their his her
    its""".split())
_WH = frozenset("what how why where when which who whom whose".split())
_OPENERS = frozenset(
    """hey hi hello ok okay so also and but btw oh um well alright hmm quick now then""".split())
# Verbs that open a request for work ("write a card", "suggest a gift"): what the user asks
# the assistant to do, not what the user did.
_ASKING_VERBS = frozenset(
    """write draft compose suggest recommend plan list find explain translate summarize
    summarise remind give tell show help brainstorm generate rewrite edit proofread check
    fix create make calculate compare describe teach name pick choose convert outline
    please pls plz let's lets""".split())
# Korean sentence endings that ask (questions) or request (…해 주세요)
_KO_ASKING = re.compile(
    r"(까|까요|나요|냐|냐고|는지요|을지|ㄹ지|주세요|주실래요|주시겠어요|주실\s?수\s?있나요|"
    r"줘|줘요|줄래|줄래요|줄\s?수\s?있어|주라|부탁해|부탁해요|부탁드려요|부탁드립니다|"
    r"알려줘|해봐|해\s?봐요)$")
_TRAILING = re.compile(r"[\s.!~^ㅋㅎㅠㅜ]+$")
_OPENING = 80  # characters of a sentence whose words decide how it opens


def _asks(sentence: str) -> bool:
    """Whether one sentence asks (module docstring)."""
    plain = sentence.strip()
    if plain.endswith(("?", "\uff1f")):
        return True
    words = [w.lower() for w in _WORD.findall(plain[:_OPENING])]
    while words and words[0] in _OPENERS:
        words = words[1:]
    if not words:
        return False
    first = words[0]
    if first in _ASKING_VERBS:
        return True
    if first in _AUX and len(words) > 1 and words[1] in _PRONOUN:
        return True
    if first in _WH and len(words) > 1:
        if words[1] == "about":
            return True
        for i in range(1, min(len(words) - 1, 5)):
            if words[i] in _AUX and words[i + 1] in _PRONOUN:
                return True
            if words[i] in _PRONOUN:  # "when I was young": a subject, not a question
                return False
        return False
    hangul = _TRAILING.sub("", plain)
    return bool(hangul) and bool(_KO_ASKING.search(hangul))


def share_of(text: str, parts: re.Pattern[str], holds: Callable[[str], bool]) -> float:
    """The share of ``text`` (by characters) in the ``parts`` for which ``holds`` is true, in
    [0, 1] (0 for no letters): how much of a turn asks, how much of a memory instructs. A
    part's marks and spaces count a little: no matter."""
    total = held = 0
    for match in parts.finditer(text):
        part = match.group(0)
        size = len(part.strip())
        if not size or not _LETTER.search(part):
            continue
        total += size
        if holds(part):
            held += size
    return held / total if total else 0.0


@lru_cache(maxsize=131072)
def asking_share(text: str) -> float:
    """The share of ``text`` (by characters) in sentences that ask, in [0, 1] (0 for no
    letters)."""
    if not _LETTER.search(text):
        return 0.0
    return share_of(text, _SENTENCE, _asks)


# Words of a query about what was asked ("what did I ask you about the move?", "내가 뭐
# 부탁했었지?"): then the asking turns are what it wants, ranked like any turn.
_ABOUT_ASKING = re.compile(
    r"\b(ask|asks|asked|asking|question|questions|request|requests|requested|inquir\w*)\b"
    r"|물어|물었|질문|부탁|요청|문의", re.IGNORECASE)


def about_asking(query: str) -> bool:
    """Whether ``query`` is about something asked or requested (``_ABOUT_ASKING``)."""
    return bool(_ABOUT_ASKING.search(query))
