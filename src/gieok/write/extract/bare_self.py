"""What the user is, said as a bare noun phrase in reply to the assistant (issue 16):
"Should I plan the meal prep around your shift schedule?" → "yes. 4 on 4 off, 12 hour days,
paramedic"; "Is your income fixed each month?" → "nope, freelance translator. japanese to
english"; "Anything I should keep in mind for the recipe swaps?" → "celiac, so strict gluten
free".

Why: chat drops the subject and the verb when the question already says who is talked about.
The sentence rules read "I'm a paramedic" and "I'm celiac"; the bare phrase alone stored
nothing. The answer path declines it too, rightly for the task's size or a plain yes: a
question about the meal prep or the budget is a task question, and the phrase is no answer to
it, it is the reason the answer needs. So the whole turn is read (like ``allergic_to.bare``):
one comma- or period-separated piece that is exactly an occupation (``OCCUPATION``, at most
two plain modifiers before it: "freelance translator", "ER nurse") or a chronic condition said
as the speaker's state ("celiac", "type 1 diabetic") or its name ("celiac disease", "asthma"),
in a turn that replies to a question put to the user about the user. The piece is said again
with its speaker ("I'm a paramedic") and read by the ordinary English rules, so the memory and
its slot are those of the whole sentence.

Never: a turn that asks, or that names someone else before the piece; a question about
someone else ("What does your wife do?"), a character, or a job wanted or hired for ("Which
role are you applying for?"); a former or future job ("ex nurse", "aspiring pilot"); a piece
with a determiner ("the nurse"); a condition the turn's memories already say. A condition
piece also needs a reply, or to open the turn with its consequence after it ("celiac, so
strict gluten free").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.text.hangul import HANGUL
from gieok.write.extract.base import Hit, RuleContext
from gieok.write.extract.followup import last_question
from gieok.write.extract.patterns_en_base import FAMILY, OCCUPATION

# the yes/no and fillers a reply opens with ("nope, freelance translator")
_OPENER = re.compile(r"^(?:(?:yes|yeah|yep|yup|ya|sure|no|nope|nah|well|oh|um+|uh+|haha+|lol|"
                     r"ok|okay|so|just|actually|honestly|tbh)\b[\s,.!:-]*)+", re.IGNORECASE)
# one piece of the turn: what lies between commas, periods, semicolons and dashes
_PIECES = re.compile(r"[^,.;!\n—–]+")
_NOT_MODIFIER = frozenset(
    "a an the my our your his her their this that some any no not ex former future aspiring "
    "wannabe would-be retired like kind sort ok just also and or but".split())
# the speaker's state: adjectives a condition is said with ("celiac", "type 1 diabetic")
_STATE = re.compile(r"(?:c(?:o)?eliac|(?:type\s*[12]\s+)?diabetic|asthmatic|epileptic|"
                    r"lactose\s+intolerant|gluten\s+intolerant|anemic|anaemic|hypothyroid)",
                    re.IGNORECASE)
# a condition's name said alone ("celiac disease", "asthma", "type 2 diabetes")
_CONDITION = re.compile(r"(?:c(?:o)?eliac\s+disease|(?:type\s*[12]\s+)?diabetes|asthma|epilepsy|"
                        r"crohn['’]?s(?:\s+disease)?|hypothyroidism|ibs|gout|psoriasis|"
                        r"sleep\s+apnea|rheumatoid\s+arthritis|lupus|ms|multiple\s+sclerosis)",
                        re.IGNORECASE)
# a question about someone or something other than the user, or about a job not (yet) theirs
_NOT_ABOUT_USER = re.compile(
    rf"\b(?:he|she|they|him|them|his|her|their|hers|theirs|{FAMILY}|friend|friends|boss|"
    r"colleague|coworker|client|customer|patient|character|characters|protagonist|hero|villain|"
    r"story|novel|book|film|movie|game|scene|plot|apply|applying|application|interview|"
    r"interviewing|hire|hiring|recruit|recruiting|candidate|become|becoming|dream|want\s+to\s+be|"
    r"wanna\s+be|looking\s+for|switch|switching|transition|training\s+to|study|studying|"
    r"costume|dress\s+up|guess)\b", re.IGNORECASE)
# someone else said before the piece ("my wife, nurse", "she's a paramedic")
_OTHER = re.compile(rf"\b(?:he|she|they|his|her|their|my\s+(?:{FAMILY}|friend|boss)|"
                    rf"(?:{FAMILY})['’]s?)\b", re.IGNORECASE)
_YOU = re.compile(r"\b(?:you|your|you['’]re|yourself)\b", re.IGNORECASE)
# the consequence that makes a bare condition at the turn's start the speaker's state
# the longest run of openers before a piece that can still make it the turn's first
_OPENERS_AT_MOST = 80
_SO_AFTER = re.compile(r"^\s*[,.]?\s*(?:so|which\s+means|meaning)\b", re.IGNORECASE)


def stated(turn_text: str, said: Sequence[str], shown: str = "") -> list[tuple[Hit, str]]:
    """The occupation or condition the turn says as a bare phrase (module docstring), read as
    "I'm …" by the English rules; nothing when ``said`` (the turn's memories) already has it."""
    text = turn_text.strip()
    if not text or "?" in text or HANGUL.search(text):
        return []
    question = last_question(shown) if shown else None
    # a reply to a question about the user (a condition may answer "Anything to keep in
    # mind?"; a job answers a question put to "you")
    asked = question is not None and _NOT_ABOUT_USER.search(question) is None
    replies = asked and _YOU.search(question or "") is not None
    # where someone else is first named: no piece after it is the speaker's (found once, so a
    # long pasted turn is read in one pass, not once per piece)
    named = _OTHER.search(text)
    other = named.end() if named else None
    alone = other is None  # (a condition: nobody else anywhere in the turn)
    for piece in _PIECES.finditer(text):
        if other is not None and other <= piece.start():
            return []
        bare = _OPENER.sub("", piece.group(0).strip()).strip()
        if not bare:
            continue
        first = piece.start() == 0 or (piece.start() <= _OPENERS_AT_MOST and not _OPENER.sub(
            "", text[:piece.start()]).strip(" ,.;!"))
        sentence = _as_said(bare, replies=replies, condition=alone and (asked or first and bool(
            _SO_AFTER.match(text[piece.end():]))))
        if sentence is None:
            continue
        hits = _read(sentence)
        if not hits or any(_already(bare, s) for s in said):
            return []
        return hits
    return []


def _as_said(bare: str, *, replies: bool, condition: bool) -> str | None:
    """``bare`` with its speaker ("paramedic" → "I'm a paramedic"), or None when it is neither
    an occupation said in ``replies`` nor a condition said where ``condition`` allows."""
    words = bare.split()
    if _STATE.fullmatch(bare) and condition:
        return f"I'm {bare}"
    if _CONDITION.fullmatch(bare) and condition:
        return f"I have {bare}"
    head = OCCUPATION.search(bare)
    if not replies or not 1 <= len(words) <= 3 or head is None \
            or re.fullmatch(r"\s?pms?", head.group(0)):  # ("6pm?" → "pm": a time, no PM)
        return None
    modifiers = bare[:head.start() if head else 0].split()  # type: ignore[union-attr]
    if any(m.casefold() in _NOT_MODIFIER or not re.fullmatch(r"[A-Za-z][\w-]*", m)
           for m in modifiers):
        return None
    return "I'm " + ("an " if bare[:1].lower() in "aeiou" else "a ") + bare


def _read(sentence: str) -> list[tuple[Hit, str]]:
    """What the ordinary English rules make of ``sentence`` (the extractor's own tables)."""
    from gieok.write.extract import forms, patterns_en, slots  # (the tables import this
    # module's neighbours: read at call time)
    ctx = RuleContext(sentence=sentence)
    found: list[tuple[Hit, str]] = []
    for rule in [*patterns_en.RULES, *slots.RULES_EN, *forms.RULES_EN]:
        for hit in rule.matches(sentence, ctx):
            for fix in patterns_en.POSTPROCESS:
                hit = fix(hit)
            if hit.family in ("job", "health"):
                found.append((hit, "en"))
        if found:
            break
    return found


def _already(bare: str, memory: str) -> bool:
    """``memory`` already says ``bare`` (the answer path's "User's answer to …: product
    designer", or the whole sentence's rule)."""
    return bare.casefold() in memory.casefold()
