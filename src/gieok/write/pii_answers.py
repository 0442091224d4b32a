"""A secret given as the answer to a question that asked for it (W4).

"What password do you want for the shared drive?" — "tangerine-Otter-58". "인증번호
받으셨나요?" — "네 384920 이에요". The answer carries no label of its own, so the text-only
readings of ``pii_passwords`` see an ordinary token; the label sits in the turn before. An
answer is read as a secret when:

- one of the two turns before it names a secret (password, PIN, code, combination, 인증번호,
  비밀번호, …: the strong labels of ``pii_passwords``), and the turn right before it is the
  assistant's question ("Want me to remember it?" after "I keep forgetting my locker combo"
  counts: the label is one turn further back);
- the answer is short (a reply, not a new story: at most ``MAX_ANSWER_WORDS`` words).

Then the first secret-looking token of the answer is masked (the "nearby" reading of
``pii_passwords``: letters with digits or symbols, a 4–8 digit PIN, a grouped code), or the
whole answer when it is one bare word that is no yes, no or "I don't know"
("cabinlife" to "What's the Wi-Fi password at the cabin?"), or the one word after a comma, a
colon or an arrow that closes the answer ("first pet's name, Biscuit"). Greedy like every password
reading: a false positive masks a word of a reply; a false negative keeps a password for good.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from gieok.write.pii_passwords import SECRET_LABEL, nearby_spans
from gieok.write.pii_text import normalise

MAX_ANSWER_WORDS = 8
_TOKEN = re.compile(r"\S+")
_GROUPED = re.compile(r"^\d{1,4}(?:[-.]\d{1,4}){1,5}$")
_QUESTION = re.compile(
    r"\?|？|(?:나요|까요|ㄹ까요|가요|세요|니|냐|래|죠|지요|을까|일까|할까|줄래|주실래요|실래요)\s*[.!~]*$")
_WHAT = re.compile(r"(?i)\b(?:what|which|tell\s+me|give\s+me|share)\b|뭐|뭔|무엇|어떤|알려|불러")
# The last part of an answer that names what it answers first: "first pet's name, Biscuit".
_AFTER_MARK = re.compile(r"(?:,|:|：|→|->|—|–)\s*(?P<rest>[^,:：→\s]+)\s*$")
_WORD = re.compile(r"^[\"'“‘«]?(?P<word>[^\s\"'”’».,!?~]+)[\"'”’».,!?~]*$")
# One-word replies that are no value: agreement, refusal, not knowing, deferring.
_NOT_A_VALUE = frozenset({
    "yes", "yeah", "yep", "yup", "no", "nope", "nah", "sure", "ok", "okay", "k", "thanks",
    "later", "idk", "dunno", "skip", "same", "none", "nothing", "why", "what", "huh", "sorry",
    "네", "예", "응", "어", "아니", "아니요", "아뇨", "몰라", "몰라요", "글쎄", "글쎄요", "나중에",
    "없어", "없어요", "없음", "괜찮아", "괜찮아요", "왜", "뭐", "잠깐만", "ㅇㅇ", "ㄴㄴ", "ㅇㅋ",
})


def asks_for_secret(before: Sequence[tuple[str, str]]) -> str | None:
    """The assistant's question when ``before`` — the ``(role, text)`` turns just before a
    user's reply, oldest first — ends with it and one of its last two turns names a secret;
    else None."""
    if not before:
        return None
    role, text = before[-1]
    if role != "assistant" or not _QUESTION.search(text.strip()):
        return None
    return text if any(SECRET_LABEL.search(t) for _, t in before[-2:]) else None


def may_answer(text: str) -> bool:
    """True when ``text`` (raw) holds something ``answer_spans`` would mask after a question
    asking what a secret is: the cheap test that spares the write path a read of the turns
    before every other message ("I live in Busan." needs none)."""
    return next(answer_spans(normalise(text).text, "what"), None) is not None


def answer_spans(answer: str, question: str) -> Iterator[tuple[int, int]]:
    """Spans of the secret in a short reply (``answer`` normalised) to ``question``, which
    asked for one; nothing for a longer message. A bare word counts only when the question
    asked what the secret is ("What's the Wi-Fi password?", not "Did you change it?")."""
    tokens = list(_TOKEN.finditer(answer))
    if not tokens or len(tokens) > MAX_ANSWER_WORDS:
        return
    # A code that looks like a date is still the code that was asked for ("22-08-41").
    found = list(nearby_spans(tokens)) or [
        (t.start(), t.start() + len(t.group(0).rstrip(".,!?~"))) for t in tokens
        if _GROUPED.match(t.group(0).rstrip(".,!?~"))][:1]
    if found:
        yield from found
        return
    if not _WHAT.search(question):
        return
    if len(tokens) == 1:
        word = _WORD.match(tokens[0].group(0))
        if word and _a_value(word.group("word")):
            yield tokens[0].start() + word.start("word"), tokens[0].start() + word.end("word")
        return
    last = _AFTER_MARK.search(answer)
    if last is not None:
        word = _WORD.match(last.group("rest"))
        if word and _a_value(word.group("word")):
            yield last.start("rest") + word.start("word"), last.start("rest") + word.end("word")


def _a_value(word: str) -> bool:
    """A reply's word that can be the value asked for: no yes, no or "I don't know"; three
    letters or more (two in Hangul, where a nickname is often two syllables)."""
    shortest = 2 if any("\uac00" <= ch <= "\ud7a3" for ch in word) else 3
    return len(word) >= shortest and word.casefold() not in _NOT_A_VALUE
