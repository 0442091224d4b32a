"""A short answer to the assistant's question with a statement of the user's after it.

"How many people are you cooking for?" → "4, we have two teenagers": the turn opens with a
fragment that answers the question ("4": the task's size) and goes on with a sentence of the
user's own ("we have two teenagers"). Read as one sentence, the fragment stayed glued to the
fact ("4, User has two teenagers"), and a fragment that sizes the task made the statement look
like part of the task's answer. Said apart, the fragment is judged as an answer (kept, or
dropped when it only steers the task) and the statement as what the user says of their life.

Only when the assistant asked something, only the turn's first sentence, and only when the
head is a fragment (no clause of its own, a few words, something in it besides a yes or a
no: "yes, I have two kids" and "no, I'm vegan" stay whole) and the rest opens with the user as
its subject and says more than a hedge ("Tuesday, I think" stays whole).
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract import korean

# the head: up to four words, no verb or subject of its own
_EN_CLAUSE = re.compile(
    r"(?<![\w'’])(?:i|i['’]m|i['’]ve|i['’]d|i['’]ll|we|he|she|they|it|you|there|this|that|me|us|"
    r"my|our)\b|\b(?:am|is|are|was|were|have|has|had|do|does|did|will|can|could|would|should|"
    r"want|need|think|like|love|hate)\b|['’](?:s|re|m|ve|ll|d)\b", re.IGNORECASE)
# a yes, a no, a filler or a hedge: no answer of its own ("yes, I have two kids")
_NOT_AN_ANSWER = re.compile(
    r"^(?:yes|yeah|yep|yup|ya|sure|right|exactly|correct|no|nope|nah|not\s+really|ok|okay|well|"
    r"oh|hmm+|um+|uh|honestly|actually|basically|so|also|and|but|lol|haha|maybe|probably|idk|"
    r"sometimes|usually|mostly|kinda|sorta|both|neither|either|none|never|always|same|ugh|"
    r"wow|thanks|thank\s+you|hi|hey|hello|nice|great|cool|good|fine|totally|definitely)$|"
    r"^(?:네|예|응|어|음|아|아니|아뇨|아니요|글쎄|그냥|맞아|맞아요|ㅇㅇ|ㄴㄴ|넵|오|와|헐)$",
    re.IGNORECASE)
_HEAD = re.compile(r"^(?P<head>[^,;:.!?]{1,40}?)\s*(?:,|;|\s+[-–—]\s+)\s*(?:(?:and|but|so|also)\s+)?"
                   r"(?P<rest>.+)$", re.IGNORECASE)
# the rest: the user as its subject
_EN_SELF = re.compile(r"^(?:i|i['’](?:m|ve|d|ll)|im|ive|we|we['’](?:re|ve|d|ll)|my|our)\s",
                      re.IGNORECASE)
_KO_SELF = re.compile(r"^(?:나|난|내가|나는|저|전|제가|저는|우리|저희|울)\s")
# a hedge on the answer, not a statement ("Tuesday, I think", "4, I guess")
_HEDGE = re.compile(r"^(?:i|we)\s+(?:think|guess|believe|hope|suppose|reckon|mean|dunno|"
                    r"don['’]?t\s+know)\b(?:\s+(?:so|that)\b)?[\s.!?]*$", re.IGNORECASE)


def _fragment(head: str) -> bool:
    text = head.strip()
    if not text or _NOT_AN_ANSWER.match(text):
        return False
    if _HANGUL.search(text):
        toks = korean.tokens(text)
        return len(text.split()) <= 3 and not any(
            t.tag.startswith(("VV", "VA", "XSV", "XSA", "EF", "EC")) for t in toks)
    return len(text.split()) <= 4 and _EN_CLAUSE.search(text) is None


def apart(sentence: str, asked: str | None) -> list[str]:
    """``sentence`` as [the answer, the statement] when it opens with a fragment answering
    ``asked`` and goes on with the user's own clause; else ``[sentence]``."""
    if not asked:
        return [sentence]
    m = _HEAD.match(sentence.strip())
    if m is None or not _fragment(m.group("head")):
        return [sentence]
    rest = m.group("rest").strip()
    if not (_EN_SELF.match(rest) or _KO_SELF.match(rest)) or _HEDGE.match(rest) \
            or len(rest.split()) < 3:
        return [sentence]
    return [m.group("head").strip(), rest]
