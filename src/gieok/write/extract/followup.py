"""Answers to the assistant's follow-up questions (W3): "What role?" → "Data analyst".

In chat, people disclose in fragments: the assistant asks "Where's the wedding?" and the
user answers "In Jeju, at a small hotel by the beach." — no subject, no verb, nothing a
sentence rule can read. Such a fragment is kept together with the question it answers, so
the memory stands alone: ``User's answer to "Where's the wedding?": in Jeju, at a small
hotel by the beach``. Only fragments are read this way (a full sentence goes through the
ordinary rules), and only fragments with something in them: a name, a number or a few content
words — not "Not really", "Slowly.", "아직 ㅋㅋ", "yeah, didn't sleep much", and not an
answer the user hedges ("Just the sea really. Idk.").
"""

from __future__ import annotations

import re

from gieok.write.extract import english, korean
from gieok.write.extract.coref import Entities

_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_EN_CLAUSE = re.compile(
    r"(?<![\w'’])(?:I|I['’]m|I['’]ve|I['’]d|I['’]ll|we|he|she|they|it|you|there|this|that)\b|"
    r"\b(?:am|is|are|was|were|have|has|had|do|does|did|will|can|could|would|should)\b|"
    r"['’](?:s|re|m|ve|ll|d)\b", re.IGNORECASE)
_EN_NO = re.compile(r"^(?:not|no|nope|nah|never|none|nothing|didn['’]?t|don['’]?t|can['’]?t)\b|"
                    r"\b(?:n['’]t|not)\b", re.IGNORECASE)
_VAGUE = re.compile(r"\b(?:idk|dunno|not\s+sure|maybe|probably|i\s+guess|whatever)\b|"
                    r"모르겠|글쎄|아마|그냥", re.IGNORECASE)
_EN_YES = re.compile(r"^(?:yes|yeah|yep|yup|sure|right|exactly|correct|uh-huh)\b[\s,.!:-]*",
                     re.IGNORECASE)
_KO_YES = re.compile(r"^(?:네|예|응|어|맞아요?|그럼요?|넵)[\s,.!~]*")


def last_question(text: str) -> str | None:
    """The last question of an assistant turn ("Congrats! What role?" → "What role?")."""
    parts = re.split(r"(?<=[.!?。！？~])\s+", text.strip())
    question = next((p for p in reversed(parts) if p.rstrip().endswith(("?", "？"))), None)
    return question.strip() if question and len(question) <= 120 else None


def answer(sentence: str, question: str, turn_text: str, entities: Entities) -> str | None:
    """The memory for a fragment that answers ``question``, or None when it is not one."""
    if _VAGUE.search(turn_text):
        return None
    text = sentence.strip().rstrip(".!~ ")
    if _HANGUL.search(text):
        return _korean(_KO_YES.sub("", text).strip(), question, entities)
    return _english(_EN_YES.sub("", text).strip(), question, entities)


def _english(text: str, question: str, entities: Entities) -> str | None:
    if not text or _EN_CLAUSE.search(text) or _EN_NO.search(text):
        return None
    words = re.findall(r"[A-Za-z][\w'’-]*|\d+", text)
    if len(words) < 2 and not re.search(r"\d|^[A-Z][a-z]+\s*$", text):
        return None  # "Slowly."
    if len(words) == 1 and text[:1].isupper() and not re.search(r"\d", text) \
            and text.lower() in _EN_ADVERBS:
        return None
    who = _question_with_entity(question, entities)
    body = english.strip_fillers(text)
    body = re.sub(r"(?<![\w'’])(?:us)\b", "the user", body, flags=re.I)
    body = re.sub(r"(?<![\w'’])(?:my|our)\b", "User's", body, flags=re.I)
    return f'User\'s answer to "{who}": {body}'


_EN_ADVERBS = frozenset("slowly fine good okay ok great well badly soon later sometimes".split())


def _korean(text: str, question: str, entities: Entities) -> str | None:
    if not text:
        return None
    toks = korean.tokens(text)
    if any(t.tag == "EF" or t.tag.startswith(("VV", "VA", "VX")) for t in toks):
        return None  # a clause of its own: the ordinary rules read it
    if not any(t.tag in ("NNG", "NNP", "SL", "SN", "NR") or (t.tag == "NNB" and i and toks[i - 1].tag
                                                            in ("MM", "SN", "NR"))
               for i, t in enumerate(toks)):
        return None  # "아직 ㅋㅋ"
    if korean.negated(toks):
        return None
    who = _question_with_entity(question, entities)
    return f"질문 \"{who}\"에 대한 사용자의 답: {text}"


def _question_with_entity(question: str, entities: Entities) -> str:
    """"Is she on insulin?" → "Is User's cat Luna on insulin?" (the entity spelt out)."""
    q = question.strip()
    m = re.search(r"\b(she|he|her|him|his)\b", q, re.IGNORECASE)
    if m and not _HANGUL.search(q):
        target = entities.pronoun_target(m.group(1).lower())
        if target is not None:
            who = target.display("en") + ("'s" if m.group(1).lower() == "his" else "")
            q = q[:m.start()] + who + q[m.end():]
    return q
