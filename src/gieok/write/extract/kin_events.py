"""A relative's life event said from the user's side, in English (issue 16).

Why: two shapes of family news name the relation the user gained or lost only by implication,
and no rule read them:
- a death counted from the time since: "it's been exactly a year since dad passed", "two
  years since we lost mum" — no subject and no "passed away" at its end, so neither the
  lasting-state reading nor the generic path kept it;
- a grandchild born to the user's child: "my daughter had a little girl last night, …, they
  named her June" — kept as the daughter's news, while what the user will ask about is
  "my granddaughter June".
Each needs a kin word of the user's ("dad", "my mum", "my son") and the event's own verb;
never someone else's relative ("my friend's dad passed"), a question, a wish, or a pet.
"""

from __future__ import annotations

import re

from gieok.write.extract.base import Hit, Rule, RuleContext

_PARENTS = (r"dad|father|mom|mum|mother|mama|papa|grandma|grandmother|grandpa|grandfather|granny|"
            r"gran|grandad|nana|husband|wife|brother|sister|son|daughter|uncle|aunt|"
            r"(?:mother|father)-in-law|stepdad|stepmom|stepmum")
_SPAN = (r"(?P<span>(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+|a\s+few|"
         r"several)\s+(?:years?|months?|weeks?|days?))")
# "it's been exactly a year since dad passed", "two years since we lost mum"
_SINCE = re.compile(
    rf"(?:^|\b(?:it['’]?s|it\s+has|has)\s+been\s+)(?:(?:exactly|almost|nearly|over|about|just|"
    rf"already|only)\s+)?{_SPAN}\s+(?:now\s+|today\s+)?since\s+(?:(?:(?:my|our)\s+)?(?P<kin>{_PARENTS})"
    rf"\s+(?:passed(?:\s+away|\s+on)?|died)|(?:I|we)\s+lost\s+(?:(?:my|our)\s+)?(?P<kin2>{_PARENTS}))"
    rf"(?=\s*[,.!;]|\s*$|\s+(?:and|but|so|today|this|last|in|on)\b)", re.IGNORECASE)
_NOT_OURS = re.compile(r"\?|\b(?:friend|coworker|colleague|boss|neighbou?r|partner)['’]s\b|"
                       r"\b(?:if|would|imagine|when\s+my)\b", re.IGNORECASE)


def _since(match: re.Match[str], ctx: RuleContext) -> Hit | None:
    if _NOT_OURS.search(ctx.sentence):
        return None
    kin = (match.group("kin") or match.group("kin2")).lower()
    span = re.sub(r"\s+", " ", match.group("span")).lower()
    return Hit(content=f"User's {kin} passed away {span} ago", family="family",
               category="context", slot=f"kin_event:{kin}:death", value=span,
               tags=("family", "loss"), confidence=0.8)


_CHILD = r"daughter|son|daughter-in-law|son-in-law|stepdaughter|stepson"
# "my daughter had a little girl last night", "our son and his wife just had a baby boy"
_BORN = re.compile(
    rf"\b(?:my|our)\s+(?P<kin>{_CHILD})(?:\s+and\s+(?:his|her|their)\s+(?:wife|husband|partner))?"
    rf"\s+(?:just\s+|finally\s+)?(?:had|gave\s+birth\s+to|welcomed)\s+(?:a|an|her|his|their)\s+"
    rf"(?:(?:little|baby|healthy|beautiful|tiny|first|second)\s+)*(?P<kind>girl|boy|baby|son|daughter)\b"
    rf"(?:.*?\b(?:named|calling|called)\s+(?:her|him|them|the\s+baby\s+)?\s*(?P<name>(?-i:[A-Z][a-z]+)))?",
    re.IGNORECASE)
_NOT_BORN = re.compile(r"\?|\b(?:will|going\s+to|hope|if|wants?\s+to|trying|expecting|due)\b",
                       re.IGNORECASE)


def _born(match: re.Match[str], ctx: RuleContext) -> Hit | None:
    if _NOT_BORN.search(ctx.sentence[:match.end()]):
        return None
    kind = match.group("kind").lower()
    grand = {"girl": "granddaughter", "daughter": "granddaughter", "boy": "grandson",
             "son": "grandson"}.get(kind, "grandchild")
    name = match.group("name")
    named = f" {name}" if name else ""
    return Hit(content=f"User has a new {grand}{named} (born to User's {match.group('kin').lower()})",
               family="family", category="context", slot=f"kin_event:{grand}:born",
               value=(name or kind).lower(), tags=("family", "birth"), confidence=0.8)


RULES_EN: list[Rule] = [Rule("en.family.since_died", _SINCE, _since),
                        Rule("en.family.grandchild_born", _BORN, _born)]
