"""What is kept of a sentence said with a secret or right after it (W3/W4).

A user who pastes a key, a password or a card number is asking about the secret: "주민번호
[RRN] 맞는지 확인 좀. 서류에 써야 돼서", "제 카드번호 [CARD] … 결제할 때 필요하면 써주세요". What
they say about it, or about the task it is for, is no memory; only a precise fact of its own (a
slot: a home, a job, an allergy) was kept from such a sentence.

People also say who they are in the same message, and the secret does not make that any less
theirs: "… token is [SECRET]. the bot's for our clinic's rota channel, I'm the practice manager",
"GitHub token [SECRET] 넣었는데 push가 안 돼. 내 개인 블로그 repo인데 Jekyll로 만든 거",
"비번 [PASSWORD] 인데 VPN이 자꾸 끊겨. 참고로 나 은행 IT 보안팀이야". A sentence *after* the
secret's own sentence is therefore judged like any other, with two differences:

- it must not be about the secret: no word for a secret's kind ("I have a Medicare number",
  "비번은 …"), no explicit request ("remember them": the secret is what it points at);
- the judge has to lean towards keeping it (a score over one half, where a sentence elsewhere
  is kept unless it falls under the veto): beside a secret, a sentence about the task ("투숙객은
  저랑 남편 2명", "칸이 네 개로 나뉘어 있어") is likelier than usual.

The secret's own sentence still keeps only its slots: what else it says is about the secret.
What follows the secret inside that sentence, when it is a clause about the user ("GH_TOKEN=
[SECRET] we're deploying to Fly.io from the main branch", "… [SECRET] — oh and the bot is for my
dog-walking business in Cork", "… [SECRET]  and I'm running it on the shop site for my pottery
business in Frome"), is a sentence after the secret (``apart``): a pasted secret often eats the
full stop that ended it. So is what a named piece of work is built with ("[SECRET] in my .env for
the 'quayside' repo (FastAPI, python 3.12)" → "the quayside repo uses FastAPI, python 3.12").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.base import Hit

_MASK = re.compile(r"\[(?:CARD|RRN|PASSWORD|SECRET|ID_NUMBER|ACCOUNT)\]")
# what separates the secret from what follows it
_AFTER = re.compile(r"^[\s.,;:/|)\]—–-]*(?:(?:oh|and|also|btw|plus|but)\b[\s,]*)*", re.IGNORECASE)
# a clause starts with its subject, not with the secret's own phrase going on ("[SECRET] in my
# .env for …", "[SECRET] for my bank login")
_LATIN_START = re.compile(r"^(?!(?:in|on|at|for|from|to|with|of|into|inside|under|as|is|was|"
                          r"are|were|which|that|isn['’]t|doesn['’]t|won['’]t)\b)[A-Za-z]",
                          re.IGNORECASE)
# the speaker, or what is the speaker's, somewhere in the clause
_SELF = re.compile(r"(?<![\w'’])(?:I|I['’]m|im|I['’]ve|my|we|we['’]re|we['’]ve|our)(?![\w'’])",
                   re.IGNORECASE)
# said to the assistant: a request or a question about the secret's task
_ADDRESSED = re.compile(r"(?<![\w'’])(?:you|your|u|ur|pls|please|why|how|what)(?![\w'’])|\?",
                        re.IGNORECASE)
_MIN_WORDS = 4
# the judge's score above which a sentence after a secret is kept whole (its midpoint)
LEANS_KEEP = 0.5
# a word for what a secret is: a sentence naming one is about it
_SECRET_KIND = re.compile(
    r"\b(?:passwords?|passcodes?|passphrases?|pins?|codes?|tokens?|keys?|secrets?|logins?|"
    r"credentials?|numbers?|cards?|cvv|cvc|ssn|iban|accounts?|usernames?|pw|pwd)\b|"
    r"비번|비밀번호|암호|번호|카드|계좌|토큰|인증|키값|아이디|패스워드|여권번호|주민",
    re.IGNORECASE)


def about_secret(sentence: str) -> bool:
    """The sentence names a kind of secret ("my card", "그 비번"): it is about the secret."""
    return _SECRET_KIND.search(sentence) is not None


def kept(hits: Sequence[tuple[Hit, str]], sentence: str, *, own: bool, worth: float | None,
         explicit: bool) -> list[tuple[Hit, str]]:
    """The hits of ``sentence`` said with a secret (``own``: the secret is in it) or in the
    sentence right after the secret's: its slots, and after the secret its other hits too when
    the sentence is not about the secret and the judge leans towards keeping it."""
    slotted = [(h, lang) for h, lang in hits if h.slot and not h.slot.startswith("rule")]
    if own or explicit or worth is None or worth <= LEANS_KEEP or about_secret(sentence):
        return slotted
    return list(hits)


# "… in my .env for the 'quayside' repo (FastAPI, python 3.12)": a named piece of the user's
# work with what it is built with, in parentheses
_BUILT_WITH = re.compile(
    r"\b(?:the|my|our)\s+['‘’\"“”]?(?P<name>[\w.-]{2,40})['‘’\"“”]?\s+"
    r"(?P<kind>repo|repository|project|app|service|site|codebase|bot)\s*\((?P<stack>[^()]{2,60})\)",
    re.IGNORECASE)
_NOT_STACK = re.compile(r"(?<![\w'’])(?:i|me|my|we|our|you|your|it|this|that)(?![\w'’])|\[",
                        re.IGNORECASE)


def apart(sentence: str) -> list[str]:
    """``sentence`` cut after its last secret when an English clause about the user follows
    it ("… [SECRET] — oh and the bot is for my dog-walking business in Cork"): the secret's
    part, then the clause as a sentence of its own. Unchanged otherwise (nothing or a Korean
    ending follows the secret, the clause asks the assistant something, names no one of the
    user's, or is itself about a secret)."""
    last = None
    for last in _MASK.finditer(sentence):
        pass
    if last is None:
        return [sentence]
    built = _BUILT_WITH.search(sentence, last.end())
    if built is not None and not _NOT_STACK.search(built.group("stack")) and all(
            re.search(r"[A-Z\d]", item) for item in re.split(r",|\s+and\s+|/", built.group("stack"))):
        # (each item a name: "FastAPI, python 3.12", "Go" — not "the new one")
        # what the work is built with is the project's, not the secret's
        return [sentence[:built.start()].strip(),
                f"the {built.group('name')} {built.group('kind')} uses {built.group('stack')}"]
    rest = sentence[last.end():]
    clause = rest[_AFTER.match(rest).end():].strip()  # type: ignore[union-attr]
    if not _LATIN_START.match(clause) or _HANGUL.search(clause) \
            or len(clause.split()) < _MIN_WORDS or not _SELF.search(clause) \
            or _ADDRESSED.search(clause) or about_secret(clause):
        return [sentence]
    return [sentence[:last.end()].strip(), clause]
