"""Self-descriptions in shorthand: "married to Elena", "two kids, Lucas 12 and Sofia 9",
"single dad of two girls", "34F, nurse in Leeds", "about me: 29, designer at Canva, live in
Sydney" (issue 16).

A user introducing themselves writes the way a profile or a forum post reads: no subject, often
no verb. Every sentence rule reads a subject and a verb, so none of these left a memory (a
new-user trial: "married to Elena, she's a nurse. two kids, Lucas 12 and Sofia 9" stored
nothing about the family). This module gives such a sentence its speaker back — "I'm married
to Elena", "I have two kids, …", "I'm 34, a nurse in Leeds" — and the ordinary rules read the
rest. Each shape is closed: the marital states, a parent "of" a number of children, a count of
children or pets at the very start with no verb of its own after it, an age written with a sex
letter or "yo"; the free-form segments of an intro ("29", "designer at Canva", "live in
Sydney") only when the user announced it as one ("about me:", "quick intro:").
"""

from __future__ import annotations

import re

_COUNT = r"(?:a|an|one|two|three|four|five|six|seven|[1-9]|twins|triplets)"
# "married to Elena", "happily married, two kids", "divorced since 2019"; "married my college
# sweetheart" is an act, read as "I married …" by the dropped-subject rule
_MARITAL = re.compile(
    r"^(?:(?:happily|newly|recently|just)\s+)?(?:married|engaged|divorced|separated|widowed)"
    r"(?=\s*(?:[,.!;~]|$)|\s+(?:to|with|for|since|and|now|w/)\b)", re.IGNORECASE)
# "single dad of two girls", "mom of 3 boys", "proud mum to twins"; not "mom of my friend"
_PARENT_OF = re.compile(
    r"^(?:a\s+)?(?:(?:single|proud|working|busy|tired|first[\s-]time|stay[\s-]at[\s-]home)\s+)?"
    rf"(?:mom|mum|mother|dad|father|parent)\s+(?:of|to)\s+{_COUNT}\b", re.IGNORECASE)
# "two kids, Lucas 12 and Sofia 9", "2 cats and a dog", "three boys under 10" — at the start,
# with no verb of their own after ("two kids were yelling on the bus" is a scene)
_HOUSEHOLD = re.compile(
    rf"^{_COUNT}\s+(?:(?:little|young|grown|teenage|adult|rescue)\s+)?"
    r"(?:kids|children|sons|daughters|boys|girls|cats|dogs|kitties|pups|puppies)\b"
    r"(?!\s+(?:is|are|was|were|have|had|will|would|can|could|keep|kept|just|went|got|came|"
    r"ran|make|made|love|loved|do|did|say|said)\b)(?![^,.!?]*\?)", re.IGNORECASE)
# "34F", "29 M", "41yo", "35 y/o": an age said the way profiles write it
_AGE_SEX = re.compile(r"^(?P<age>[1-9]\d)\s?(?:(?-i:[MF])|yo|y/o|y\.o\.)(?=[\s,.;/]|$)[\s,;/]*",
                      re.IGNORECASE)
# the labels that announce an introduction ("about me:", "quick intro so you know me:")
INTRO_LABEL = re.compile(
    r"^\s*(?:(?:a\s+)?(?:quick|short|little|brief)\s+)?(?:intro(?:duction)?|about\s+me|"
    r"(?:a\s+)?(?:little\s+)?bit\s+about\s+me|background)"
    r"(?:\s+(?:so\s+you\s+know\s+me|about\s+me|on\s+me))?\s*[:\-–—]+\s*", re.IGNORECASE)
# an intro's segments: a bare age, a verb in its base form, a role "at"/"in"/"for" somewhere
_BARE_AGE = re.compile(r"^[1-9]\d$")
_BASE_VERB = re.compile(r"^(?:live|work|have|love|like|study|teach|run|own|speak|play|"
                        r"enjoy|hate|grew\s+up|moved|am|was)\b", re.IGNORECASE)
_ROLE = re.compile(r"^(?!(?:the|my|our|his|her|their|this|that)\b)(?:an?\s+)?"
                   r"[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}\s+(?:at|in|for|with)\s+\S", re.IGNORECASE)


def _article(role: str) -> str:
    if re.match(r"an?\s", role, re.IGNORECASE):
        return role
    return ("an " if role[:1].lower() in "aeiou" else "a ") + role


def _intro_segment(segment: str) -> str:
    """One comma-separated piece of an announced intro, with its speaker."""
    piece = segment.strip()
    if not piece:
        return piece
    if _BARE_AGE.match(piece):
        return f"I'm {piece}"
    if _BASE_VERB.match(piece):
        return f"I {piece}"
    found = with_speaker(piece, intro=False)
    if found != piece:
        return found
    if _ROLE.match(piece):
        return "I'm " + _article(piece)
    return piece


def with_speaker(text: str, *, intro: bool) -> str:
    """``text`` (fillers already stripped) with the speaker it leaves out, or ``text`` itself
    when it is not a shorthand self-description. ``intro``: the user announced an intro."""
    if intro and "," in text:
        pieces = [_intro_segment(p) for p in text.split(",")]
        if any(p.startswith("I") for p in pieces):
            return ", ".join(p for p in pieces if p)
    if _MARITAL.match(text):
        return "I'm " + text[:1].lower() + text[1:]
    if _PARENT_OF.match(text):
        return "I'm " + _article(text[:1].lower() + text[1:])
    if _HOUSEHOLD.match(text):
        return "I have " + text[:1].lower() + text[1:]
    age = _AGE_SEX.match(text)
    if age is not None:
        rest = text[age.end():].strip()
        if not rest:
            return f"I'm {age.group('age')}"
        if _ROLE.match(rest):
            rest = _article(rest)
        return f"I'm {age.group('age')}, {rest}"
    return text
