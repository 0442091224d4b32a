"""Something the user tried, read, watched or visited, and whether they liked it (W3).

"tried sushi for the first time, hated it", "finished my 15th book this year, Piranesi, loved
it", "we went to Lisbon last month and loved it": an experience with the user's verdict on it
is a taste — what to suggest again and what never to suggest. Said this way the sentence has
no first-person subject and the verdict is a past evaluation, so neither the preference rules
("I love …", "I hate …") nor the learned judge kept it (a one-off "the food was incredible" is
rightly passing; a verdict on a thing named is not). The rule reads an experience verb with
what was experienced, named (not "it" or "that": "read it, loved it" names nothing), followed
by "loved / hated / liked / enjoyed / didn't like … it" or "never again"; the memory keeps the
thing, a name said beside it, and the verdict: "User tried sushi for the first time and hated it",
"User tried the new ramen place on 5th: never again".
"""

from __future__ import annotations

import re

from gieok.domain.records import MemoryType
from gieok.write.extract.base import Rule, RuleContext
from gieok.write.extract.patterns_en_base import Groups, rule
from gieok.write.normalize import first_person_to_user_en

_VERB = (r"tried|ate|read|re-?read|finished|watched|re-?watched|saw|visited|went\s+to|"
         r"listened\s+to|played|binged|stayed\s+at|did")
_VERDICT = (r"loved|hated|liked|enjoyed|adored|really\s+liked|didn['’]?t\s+like|did\s+not\s+like|"
            r"didn['’]?t\s+enjoy|couldn['’]?t\s+stand|wasn['’]?t\s+a\s+fan\s+of")
# a time said with the experience is the event's, not the taste's ("watched Dune 2 last night")
_TIME = re.compile(r"\s+(?:last\s+(?:night|week|weekend|month|year)|yesterday|today|tonight|"
                   r"this\s+(?:morning|afternoon|weekend|week|month)|over\s+the\s+weekend|"
                   r"on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)$", re.IGNORECASE)
# what was experienced must be named: not a pronoun, not a whole situation
_UNNAMED = re.compile(r"^(?:it|that|this|them|those|these|one|some|something|everything|"
                      r"nothing|a\s+bit|a\s+lot|out|up|my\s+best)\b", re.IGNORECASE)


# the assistant's own suggestion (feedback on the task, not a taste), an errand or an
# occasion of one day ("went to the dentist, hated it", "went to the party, loved it")
_NOT_A_TASTE = re.compile(
    r"(?<![\w'’])(?:you|your|u|ur|yours)(?![\w'’])|\b(?:dentist|doctor|doc|gp|hospital|clinic|"
    r"vet|gym|work|office|school|class|lecture|meeting|appointment|interview|bank|dmv|"
    r"supermarket|grocery|store|shop|mall|party|wedding|funeral|shower|session|exam|test)s?\b",
    re.IGNORECASE)
# what the thing is called for its slot: without "for the first time", "again"
_ONCE = re.compile(r"\s+(?:for\s+the\s+(?:first|second|last)\s+time|again|at\s+last|finally)$",
                   re.IGNORECASE)
_DISLIKED = re.compile(r"hated|didn|did\s+not|couldn|wasn|never", re.IGNORECASE)


def _tasted(g: Groups, _: RuleContext) -> str:
    name = f" ({g['name'].strip()})" if g.get("name") else ""
    verb = re.sub(r"\s+", " ", g["v"].lower())
    verdict = re.sub(r"\s+", " ", g["e"].lower())
    if verdict.startswith("never"):  # "tried the new ramen place on 5th, never again"
        return f"User {verb} {g['said']}{name}: never again"
    return f"User {verb} {g['said']}{name} and {verdict} it"


def _named(g: Groups, _: RuleContext) -> bool:
    """What was experienced is named; sets ``said`` (its words, in the third person), ``x``
    (the thing, for the preference's slot) and ``v`` (like or dislike, the slot's value)."""
    thing = _TIME.sub("", g["x"].strip())
    if not thing or _UNNAMED.match(thing) or _NOT_A_TASTE.search(thing) or len(thing.split()) > 8:
        return False
    g["said"] = first_person_to_user_en(thing, "pronoun")
    g["x"] = _ONCE.sub("", thing)
    g["like"] = "dislike" if _DISLIKED.match(g["e"]) else "like"
    return True


RULES_EN: list[Rule] = [
    rule("en.taste.tried",
         rf"^(?:(?:so|and|oh|btw|well|also|ok|okay|finally|just)[,\s]+)*(?:(?:i|we)\s+)?"
         rf"(?:(?:just|finally|recently|also|actually)\s+)?(?P<v>{_VERB})\s+"
         r"(?P<x>[^,;.!?]{2,60}?)(?:\s*,\s*(?P<name>(?-i:[A-Z\"'“‘])[^,;.!?]{1,40}?))?"
         r"(?:\s*[,;.!]+\s*|\s+(?:and|&)\s+)(?:(?:and|i|we|honestly|absolutely|totally|really|"
         rf"so|both)\s+)*(?P<e>(?:{_VERDICT})(?=\s+it\b)|never\s+again\b)",
         _tasted, "preference", type=MemoryType.PREFERENCE, category="preference",
         slot="pref:{x}", value="{like}", check=_named, tags=("preference",)),
]
