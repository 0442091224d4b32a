"""An amount said as the thing's value now (W6, issue 16): "rent going to 1,575 instead",
"house fund is at 29.5k now", "up to 21k in the house fund".

Why: ``new_value`` reads a change by its verb (raised, moved, switched …) and its destination.
An amount is often updated with no change verb at all — the thing is said to *be going to*,
to *be at*, or to be *up/down to* a number, with a word that says this holds now (now,
instead, already) or the "up to / down to" itself, which says the number moved. Without this
reading the new amount was either not kept at all or kept beside the old one as two current
values of one thing.

What changed is the noun phrase the amount belongs to: the subject before "is at" / "going to"
("house fund", "rent"), or the phrase after "in" ("up to 21k in the house fund"). The value
is the amount as said (digits, with a thousands comma, a decimal point, a k/m suffix or a
currency sign). Never a time of day ("going to 5pm"), a count of things done ("up to 3 reps"
is a number of a thing named after it, not "in" it), or a sentence without a word of now.
Pure: reads text only.
"""

from __future__ import annotations

import re

# an amount: "$1,575", "29.5k", "21k", "1575", "€400"
# (a bare number of one or two digits is no amount: "the meeting is at 5 now" is a time)
AMOUNT = r"[$€£₩]?\d{1,3}(?:,\d{3})+(?:\.\d+)?[km]?(?![\w:])|[$€£₩]\d+(?:\.\d+)?[km]?(?![\w:])|" \
         r"\d+(?:\.\d+)?[km](?![\w:])|\d{3,}(?:\.\d+)?(?![\w:])"
_NOW = r"(?:now|instead|already|at\s+this\s+point|these\s+days|so\s+far)"
_THING = r"(?P<thing>(?:(?:the|my|our|User['’]s|their)\s+)?[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,2}?)"
_SHAPES = [
    # "rent going to 1,575 instead", "the rent is going to $1,575 now"
    re.compile(rf"(?:^|[,.;!]\s*|\b(?:so|and)\s+){_THING}\s+(?:is\s+|['’]s\s+)?going\s+(?:up\s+|down\s+)?to\s+"
               rf"(?P<value>{AMOUNT})\s+{_NOW}\b", re.IGNORECASE),
    # "house fund is at 29.5k now", "savings are at 21k already"
    re.compile(rf"(?:^|[,.;!]\s*|\b(?:so|and)\s+){_THING}\s+(?:is|are|['’]s|['’]re|sits|stands)\s+"
               rf"(?:now\s+)?(?:at|up\s+to|down\s+to)\s+(?P<value>{AMOUNT})"
               rf"(?=\s+{_NOW}\b|\s*[,.;!]|\s*$)", re.IGNORECASE),
    # "up to 21k in the house fund", "down to 800 in checking"
    re.compile(rf"(?:^|[,.;!]\s*)(?:User\s+is\s+|we['’]re\s+|I['’]m\s+|now\s+)?(?:up|down)\s+to\s+"
               rf"(?P<value>{AMOUNT})\s+(?:in|on)\s+{_THING}(?=\s*[,.;!]|\s*$|\s+{_NOW}\b)",
               re.IGNORECASE),
]
_NOT_THING = frozenset("user it this that which what everything something things we i he she they "
                       "time clock it's".split())


def amount_now(content: str) -> tuple[str, str] | None:
    """(the noun phrase the amount belongs to, the amount) when ``content`` says a thing's
    amount now, else None ("rent going to 1,575 instead" → ("rent", "1,575"))."""
    for pattern in _SHAPES:
        m = pattern.search(content)
        if m is None:
            continue
        thing = re.sub(r"^(?:the|my|our|User['’]s|their)\s+", "", m.group("thing"), flags=re.IGNORECASE)
        if thing.casefold() in _NOT_THING or not thing.strip():
            continue
        return thing.strip(), m.group("value")
    return None
