"""English rules for the heuristic extractor (W3), one family per block.

Every rule needs a first-person subject ("I", "I'm", "my", "we") or an imperative addressed to
the assistant (standing rules), so "my friend lives in Busan" or the assistant's own words
never become user facts. Questions, greetings and small talk are dropped before these rules
run (``heuristic.py``). Each rule builds normalised content ("User lives in Mapo-gu").

Why this module is past 600 lines: it is one rule table (``RULES``) read top to bottom, a
block per fact family, with the few helpers the rules share; splitting a table by family
would scatter the order the rules are tried in, which matters.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gieok.domain.records import MemoryType
from gieok.write.extract.base import Hit, Rule, RuleContext
from gieok.write.extract.timeexpr import resolve_time
from gieok.write.normalize import (
    clip_en,
    clip_rule_en,
    first_person_to_user_en,
    is_pronoun_phrase,
)

Groups = dict[str, str]
Check = Callable[[Groups, RuleContext], bool]

# "I", "we", and their contractions: "I've got", "we've decided", "I'm working as", "we're
# going with" (rules that take -ing forms list them; IM below is for "I'm <state>").
I = r"(?:(?<![\w'’])(?:I|we)(?:['’](?:ve|m|re))?)"  # noqa: E741
IM = r"(?:(?<![\w'’])(?:I\s+am|I['’]m|Im|we\s+are|we['’]re))"
ADV = (r"(?:\s+(?:currently|now|still|actually|really|also|just|recently|already|finally|do|"
       r"honestly|truly|mostly|absolutely|totally|definitely|kinda|kind\s+of|sort\s+of|"
       r"genuinely|seriously|literally|officially|so|very|pretty\s+much|even))*")
REST = r"(?P<x>[^.!?;\n]{2,90})"
# A place, up to a clause of the user's own that follows it ("moved to Denver and don't know
# anyone" → "Denver")
PLACE = (r"(?P<x>[^.!?;\n]{2,90}?)(?=\s+(?:and|but|so)\s+(?:I\b|I['’]|i\s|don['’]?t|do\s+not|"
         r"can['’]?t|have|am|love|hate|miss|know|need|want|work)|[.!?;\n]|$)")

FAMILY = (r"wife|husband|spouse|partner|boyfriend|girlfriend|fianc[ée]e?|son|sons|daughter|"
          r"daughters|kid|kids|child|children|baby|babies|toddler|brother|brothers|sister|"
          r"sisters|sibling|siblings|twins?|mom|mother|dad|father|parents|grandma|grandmother|"
          r"grandpa|grandfather|grandchildren|grandson|granddaughter|nephew|niece|stepson|"
          r"stepdaughter|roommate|aunt|aunts|auntie|uncle|uncles|cousin|cousins|"
          r"(?:mother|father|brother|sister|son|daughter|parents)-in-law|in-laws|stepmom|"
          r"stepmother|stepdad|stepfather|stepbrother|stepsister|godmother|godfather|"
          r"grandparents|great-grandma|great-grandmother|great-grandpa|great-grandfather")
PETS = (r"cat|cats|kitten|kittens|dog|dogs|puppy|puppies|hamster|hamsters|rabbit|rabbits|"
        r"bunny|parrot|bird|birds|fish|goldfish|turtle|tortoise|guinea\s+pig|ferret|lizard|"
        r"snake|gecko|hedgehog|retriever|labrador|poodle|corgi|shiba(?:\s+inu)?|bulldog|"
        r"terrier|beagle|husky|chihuahua|dachshund|maltese|pomeranian|schnauzer|jindo|"
        r"persian|siamese|ragdoll|maine\s+coon|tabby|greyhound|whippet|shepherd|collie|"
        r"spaniel|pug|shih\s+tzu|samoyed|doberman|rottweiler|pit\s?bull|mutt|pup|kitty|"
        r"budgie|parakeet|cockatiel|canary|chinchilla|gerbil|axolotl|bearded\s+dragon")
MONTHS = (r"january|february|march|april|may|june|july|august|september|october|november|"
          r"december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec")
DAYS = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend"
FUTURE = re.compile(
    rf"\b(?:tomorrow|day\s+after\s+tomorrow|this\s+(?:week|weekend|month|year|summer|winter|"
    rf"spring|fall|autumn|{DAYS})|next\s+(?:week|month|year|weekend|summer|winter|spring|fall|"
    rf"autumn|{DAYS}|{MONTHS})|on\s+(?:{DAYS})|in\s+(?:{MONTHS})|in\s+(?:a|\d+|two|three|"
    rf"few)\s+(?:days?|weeks?|months?|years?)|(?:{MONTHS})\s+\d{{1,2}}|\d{{1,2}}(?:st|nd|rd|th)?"
    rf"\s+of\s+(?:{MONTHS})|by\s+(?:the\s+end\s+of\s+\w+|{DAYS}|{MONTHS}|tomorrow|next\s+\w+|\d+)|"
    rf"soon|someday|one\s+day|eventually|"
    rf"later\s+this\s+\w+|\d{{4}}-\d{{2}}-\d{{2}})\b",
    re.IGNORECASE,
)
OCCUPATION = re.compile(
    r"(?:^|\s)(?:engineer|developer|programmer|designer|teacher|professor|lecturer|nurse|"
    r"doctor|physician|surgeon|dentist|pharmacist|vet|veterinarian|lawyer|attorney|accountant|"
    r"chef|cook|baker|barista|waiter|waitress|writer|author|journalist|editor|artist|musician|"
    r"photographer|student|freelancer|consultant|manager|analyst|scientist|researcher|"
    r"architect|carpenter|electrician|plumber|mechanic|pilot|driver|firefighter|"
    r"police\s+officer|officer|soldier|farmer|entrepreneur|founder|ceo|cto|intern|"
    r"housewife|homemaker|stay-at-home\s+(?:mom|dad|parent)|retiree|translator|tutor|coach|"
    r"trainer|therapist|psychologist|counselor|social\s+worker|cashier|clerk|secretary|"
    r"receptionist|salesperson|marketer|recruiter|banker|trader|economist|data\s+scientist|"
    r"civil\s+servant|public\s+servant|caregiver|paramedic|streamer|youtuber|illustrator|"
    r"animator|dancer|actor|actress|singer|producer|director|pm|product\s+manager)s?$",
    re.IGNORECASE,
)
CONDITIONS = (r"(?:type\s*[12]\s+)?diabetes|asthma|hypertension|high\s+blood\s+pressure|"
              r"epilepsy|arthritis|depression|anxiety|adhd|migraines?|celiac(?:\s+disease)?|"
              r"crohn['’]?s(?:\s+disease)?|ibs|eczema|a\s+heart\s+condition|heart\s+disease|"
              r"kidney\s+disease|insomnia|high\s+cholesterol|thyroid\s+\w+|hypothyroidism|"
              r"gout|psoriasis|sleep\s+apnea|a\s+bad\s+back|back\s+pain|chronic\s+[\w\s]+")
LANGUAGES = (r"korean|english|japanese|chinese|spanish|french|german|italian|portuguese|"
             r"russian|vietnamese|thai|indonesian|arabic|hindi|한국어|영어|일본어|중국어")
NOT_PLACES = re.compile(r"^(?:the\s+)?(?:moment|meantime|past|future|fear|hope|denial|peace|"
                        r"a\s+(?:world|bubble|dream)|my\s+head|here|there|it|this|that)\b",
                        re.IGNORECASE)
_STRIP_PLACE = re.compile(r"\s+(?:with\s+.*|from\s+.*|"  # "moved to Leeds from Bristol": Leeds
                          r"for\s+(?:\d+|a|the|about|over|almost|two|three|work|school|"
                          r"many|several)\b.*|for\s+\S+\s+(?:years?|months?|weeks?|days?)\b.*|"
                          r"since\s+.*|alone|by\s+myself|all\s+my\s+life|"
                          r"(?:last|this|next)\s+\w+.*|(?:a|one|two|three|few|\d+)\s+\w+\s+ago.*|"
                          r"yesterday.*|today.*|recently.*|in\s+\d{4}.*|on\s+\w+day.*|"
                          r"(?:right\s+|for\s+)?now\b.*|at\s+the\s+moment.*|these\s+days.*|"
                          r"(?:a\s+)?(?:few|couple\s+of)\s+\w+\s+ago.*)$",
                          re.IGNORECASE)


# "a small officetel in Pangyo": the home is in Pangyo — the place is the residence's value,
# so "lives in Pangyo" said later is the same value (a closed class of dwellings)
_DWELLING = re.compile(
    r"^(?:(?:a|an|the|my|our|this|that)\s+)?(?:[\w'’-]+\s+){0,3}?(?:apartment|apt|flat|studio|"
    r"officetel|house|condo|townhouse|place|room|dorm(?:itory)?|loft|villa|one-?room|"
    r"share\s?house|bungalow|cottage|unit|duplex|penthouse)\s+(?:in|at|near|on)\s+(?P<p>.+)$",
    re.IGNORECASE)


def _place(g: Groups, _: RuleContext) -> bool:
    x = _STRIP_PLACE.sub("", g["x"]).strip(" ,")
    g["x"] = x
    dwelling = _DWELLING.match(x)
    g["place"] = dwelling.group("p") if dwelling else x
    return bool(x) and len(x.split()) <= 6 and not NOT_PLACES.search(x) \
        and not _WORK_UNIT.search(x)


# "I moved over to the fraud detection team": a move inside work, not a home
_WORK_UNIT = re.compile(r"\b(?:team|department|dept|division|unit|group|squad|role|position|"
                        r"shift|desk|project)s?(?:\s+(?:in|at|on|since|from|last|this|"
                        r"next)\b.*)?$", re.IGNORECASE)


def _own(g: Groups) -> str:
    """The dwelling said in the user's words, as the memory says it ("my parents' place" →
    "their parents' place")."""
    g["x"] = re.sub(r"(?<![\w'’])(?:my|our)\b", "their", g["x"], flags=re.IGNORECASE)
    return g["x"]


def _thing(g: Groups, _: RuleContext) -> bool:
    x = g["x"]
    return (not is_pronoun_phrase(x) and len(x.split()) <= 8
            and not re.match(r"(?:your|ur|u|my|when|how|what|that|the\s+way|it\s+when)\b", x, re.I)
            and not re.search(r"\b(?:you|your|yours|this\s+(?:chat|conversation|answer))\b", x,
                              re.I))


def _plan(g: Groups, ctx: RuleContext) -> bool:
    x = g["x"]
    return (_future(g, ctx) and not re.search(r"\b(?:it|that|this|them|you)\b", x, re.I)
            and not re.match(r"(?:to\s+)?(?:the\s+)?(?:bed|sleep|eat|grab|take\s+a\s+nap|gym|store|"
                             r"shop|supermarket|mall|bathroom|toilet|lunch|dinner|breakfast|work|"
                             r"office|class|try|check|look|see\s+if|ask|think)\b", x, re.I))


_NOT_NAMES = frozenset("not a the very so pretty hard weird long difficult kind too also just "
                       "tomorrow later back now anytime when if maybe please again".split())


# An organisation's name: capitalised words or a Korean/CJK word, no trailing time phrase.
ORG = (r"(?P<x>(?-i:(?:[A-Z0-9][\w&.'’-]*|[가-힣]+)(?:\s+(?:[A-Z0-9][\w&.'’-]*|&|of|de))"
       r"{0,3}))")


ROLE = r"(?:\s+as\s+(?:an?\s+)?(?P<role>[^.!?;\n,]{2,40}?))?(?=\s*(?:[.!?;,]|$|\s+(?:and|but|so|since|in|last|this|next)\b))"


def _works_at(g: Groups, _: RuleContext) -> str:
    role = g.get("role") or ""
    return f"User works at {g['x']}" + (f" as {_article(role)}" if role else "")


def _org(g: Groups, _: RuleContext) -> bool:
    x = _STRIP_PLACE.sub("", g["x"]).strip(" ,")
    g["x"] = x
    return bool(x) and not re.match(r"(?:I|My|The|A|An|It|This|That|Home)\b", x) \
        and not OCCUPATION.search(x)


def _name(g: Groups, _: RuleContext) -> bool:
    words = g["x"].split()
    return bool(words) and len(words) <= 3 and words[0].lower() not in _NOT_NAMES


# Verbs that agree with any subject as they are: past forms and modals.
_PAST_OR_MODAL = frozenset({
    "went", "had", "did", "was", "were", "got", "made", "took", "came", "left", "began",
    "bought", "sold", "kept", "ran", "met", "gave", "told", "said",
    "could", "would", "might", "may", "shall", "can", "will", "must", "should"})


def third_person(phrase: str) -> str:
    """"go running" → "goes running": agree the first verb with "User"."""
    words = phrase.split(" ", 1)
    verb, rest = words[0], (" " + words[1]) if len(words) > 1 else ""
    low = verb.lower()
    irregular = {"go": "goes", "do": "does", "have": "has", "be": "is", "am": "is"}
    if low in irregular:
        verb = irregular[low]
    elif low in _PAST_OR_MODAL or (len(low) > 3 and low.endswith("ed")
                                   and not low.endswith("eed")):
        pass  # "we moved standup" → "the team moved standup", never "moveds"
    elif re.search(r"(?:s|sh|ch|x|z|o)$", low):
        verb += "es"
    elif re.search(r"[^aeiou]y$", low):
        verb = verb[:-1] + "ies"
    elif re.fullmatch(r"[a-z]+", low):
        verb += "s"
    return verb + rest


def _occupation(g: Groups, _: RuleContext) -> bool:
    return len(g["x"].split()) <= 4 and OCCUPATION.search(g["x"]) is not None


def _future(g: Groups, ctx: RuleContext) -> bool:
    return FUTURE.search(ctx.sentence) is not None


def _dated(text: str, ctx: RuleContext) -> str:
    found = FUTURE.search(ctx.sentence)
    # the same reading as the memory's date (timeexpr), so text and data never disagree
    when = resolve_time(ctx.sentence, ctx.at) if found else None
    resolved = when.value if when is not None and len(when.value) == 10 else None
    if found and found.group(0).lower() not in text.lower():
        text = f"{text} {found.group(0)}"
    return f"{text} ({resolved})" if resolved else text


_RULE_CONDITION = re.compile(r"\b((?:if|unless|when|whenever|before|after|until|once)\s+"
                             r"the\s+user)\s+([a-z]+)\b")
_NOT_BARE_VERB = frozenset("is was has had can could will would should may might must did "
                           "does do don't didn't doesn't isn't wasn't won't can't".split())


def rule(
    name: str,
    regex: str,
    template: str | Callable[[Groups, RuleContext], str],
    family: str,
    *,
    type: MemoryType = MemoryType.FACT,
    category: str = "context",
    slot: str | None = None,
    value: str | None = "{x}",
    tags: tuple[str, ...] = (),
    check: Check | None = None,
    confidence: float = 0.85,
    imperative: bool = False,
) -> Rule:
    pattern = re.compile(regex, re.IGNORECASE)

    def build(match: re.Match[str], ctx: RuleContext) -> Hit | None:
        if imperative and _SUBJECT_BEFORE.search(match.string[: match.start()]):
            return None  # "I always use Python" is a habit, not an instruction
        clip = clip_rule_en if family == "rule" else clip_en
        groups = {k: clip(v) if v else "" for k, v in match.groupdict().items()}
        if "x" in groups and not groups["x"]:
            return None
        if check is not None and not check(groups, ctx):
            return None
        low = _Groups({k: v.lower() for k, v in groups.items()})
        shown = groups if family == "rule" else {  # rules rewrite "me" themselves
            k: first_person_to_user_en(v, "pronoun") if k != "all" else v
            for k, v in groups.items()}
        content = template(shown, ctx) if callable(template) else template.format(**shown)
        if family == "rule":  # "… unless the user ask otherwise" → "asks"
            content = _RULE_CONDITION.sub(
                lambda m: f"{m.group(1)} {third_person(m.group(2))}"
                if m.group(2).lower() not in _NOT_BARE_VERB and not m.group(2).endswith(
                    ("s", "ed")) else m.group(0), content)
        return Hit(
            content=content, family=family, type=type, category=category,
            slot=slot.format_map(low) if slot else None,
            value=value.format_map(low) or None if value else None,
            tags=tags, confidence=confidence,
        )

    return Rule(name, pattern, build)


_SUBJECT_BEFORE = re.compile(
    r"\b(?:i|we|he|she|they|you|it|people|everyone|he['’]s|she['’]s|[a-z]+\s+(?:always|never))\s*$",
    re.IGNORECASE)


class _Groups(dict[str, str]):
    """``format_map`` source that renders a group a rule does not have as empty."""

    def __missing__(self, key: str) -> str:
        return ""


def _verb3(verb: str) -> str:
    verb = verb.lower()
    return {"love": "loves", "like": "likes", "enjoy": "enjoys", "adore": "adores"}.get(verb, verb)


def _like(g: Groups, _: RuleContext) -> str:
    return f"User {_verb3(g['v'])} {g['x']}"


def _as_user(g: Groups, _: RuleContext) -> str:
    return first_person_to_user_en(g["all"])


RULES: list[Rule] = [
    # -- residence and places --------------------------------------------------------------
    # "my office is near Gangnam station": where the user's workplace or school is
    rule("en.place.work_area",
         r"(?<![\w'’])(?:my|our)\s+(?P<what>office|workplace|work|company|school|campus|lab)\s+"
         r"is\s+(?:right\s+)?(?P<rel>near|next\s+to|by|in|close\s+to|around)\s+"
         r"(?P<x>[^.!?;,\n]{2,60})",
         "User's {what} is {rel} {x}", "residence", category="location", slot="area:{what}",
         tags=("location",)),
    rule("en.residence.live_in",
         rf"(?:{I}{ADV}\s+(?:live|reside)|{IM}{ADV}\s+(?:living|based|staying)|"
         rf"(?<![\w'’])(?:I|we)(?:['’]ve|\s+have)\s+(?:always\s+)?lived|"
         rf"(?:(?<![\w'’])(?:I|we)(?:['’]ve|\s+have)\s+|^)been\s+(?:living|based|staying))\s+(?:in|at|(?<=based\s)out\s+of)\s+"
         rf"(?:the\s+)?{PLACE}",
         "User lives in {x}", "residence", category="location", slot="residence", value="{place}",
         tags=("residence",), check=_place),
    # "renting a tiny apartment in Beaverton", "I'm back at my parents' place in Ohio": the
    # dwelling the user lives in, and where it is (the residence's value)
    rule("en.residence.dwelling",
         rf"(?:{IM}{ADV}\s+(?:renting|staying\s+(?:at|in)|living\s+(?:at|in)|back\s+(?:at|in))|"
         rf"{I}{ADV}\s+(?:rent|own))\s+(?P<x>(?:an?|the|my|our)\s+[^.!?;,\n]{{2,60}}?\s+"
         rf"(?:in|at)\s+(?-i:[A-Z])[^.!?;,\n]{{1,40}}?)(?=\s+(?:for|right|now|with|and|but|so|"
         rf"since|while|until)\b|[.!?;,\n]|$)",
         "User lives in {x}", "residence", category="location", slot="residence", value="{place}",
         tags=("residence",), check=lambda g, c: _place(g, c) and _DWELLING.match(g["x"])
         is not None and bool(_own(g))),
    # "first winter in Winnipeg", "my first year here in Lyon": a season lived there
    rule("en.residence.first_season",
         r"(?<![\w'’])first\s+(?:winter|summer|year|spring|fall|autumn|christmas)\s+(?:here\s+)?"
         r"in\s+(?P<x>(?-i:[A-Z])[^.!?;,\n]{1,40}?)(?=\s+(?:and|but|so|as)\b|[.!?;,\n]|$)",
         "User lives in {x}", "residence", category="location", slot="residence", value="{place}",
         tags=("residence",), check=_place),
    rule("en.residence.moved",
         rf"{I}{ADV}\s+(?:have\s+|['’]ve\s+)?(?:just\s+)?(?:moved|relocated)(?:\s+(?:out|back|over))?\s+(?:to|into)\s+"
         rf"(?:the\s+)?{PLACE}",
         "User lives in {x}", "residence", category="location", slot="residence", value="{place}",
         tags=("residence",), check=_place),
    rule("en.residence.family",
         rf"(?<![\w'’])(?:my|our)\s+family\s+(?:lives|live)\s+in\s+(?:the\s+)?{REST}",
         "User lives in {x}", "residence", category="location", slot="residence", value="{place}",
         tags=("residence",), check=_place),
    rule("en.residence.home",
         rf"(?<![\w'’])(?:my|our)\s+(?:home|house|apartment|flat|place)\s+is\s+(?:in|at)\s+{REST}",
         "User lives in {x}", "residence", category="location", slot="residence", value="{place}",
         tags=("residence",), check=_place),
    rule("en.residence.from",
         rf"{IM}\s+(?:originally\s+)?from\s+{REST}",
         "User is from {x}", "residence", category="location", slot="hometown",
         tags=("hometown",),
         check=lambda g, c: _place(g, c) and not re.match(r"(?:work|home|school|the\s+office)",
                                                          g["x"], re.I)),
    # -- job and situation -----------------------------------------------------------------
    rule("en.job.work_as",
         rf"{I}{ADV}\s+(?:work|am\s+working|working|been\s+working)\s+as\s+(?:an?\s+)?"
         rf"(?P<x>[^.!?;\n]{{2,60}}?)(?:\s+(?:at|for|in)\s+(?P<org>[^.!?;\n]{{2,60}}))?"
         rf"(?=\s*(?:[.!?;,]|$|\s+(?:and|but|so|since|for)\b))",
         lambda g, _: f"User works as {_article(g['x'])}" + (
             f" at {g['org']}" if g.get("org") else ""),
         "job", slot="occupation", tags=("job",),
         check=lambda g, _: len(g["x"].split()) <= 5),
    rule("en.job.work_at",
         rf"{I}{ADV}\s+(?:work|am\s+working|working|been\s+working)\s+(?:at|for)\s+{REST}",
         "User works at {x}", "job", slot="employer", tags=("job",),
         check=lambda g, _: len(g["x"].split()) <= 6
         and not re.match(r"(?:home|a\s+living|myself|free)", g["x"], re.I)),
    rule("en.job.new_job",
         rf"{I}{ADV}\s+(?:got|landed|accepted|started|took)\s+(?:a\s+|the\s+)?(?:new\s+)?"
         rf"(?:job|position|role)\s+(?:at|with)\s+{REST}",
         "User works at {x}", "job", slot="employer", tags=("job",)),
    rule("en.job.joined",
         rf"{I}{ADV}\s+(?:started\s+working|began\s+working|joined)\s+(?:at\s+)?{REST}",
         "User works at {x}", "job", slot="employer", tags=("job",),
         check=lambda g, _: g["x"][:1].isupper() and len(g["x"].split()) <= 4),
    # "I left LG and joined Hyundai": the new employer (the old one is superseded by slot)
    rule("en.job.left_joined",
         rf"{I}{ADV}\s+(?:left|quit)\s+(?:my\s+job\s+at\s+)?(?P<old>[^.!?;\n,]{{2,40}}?),?\s+"
         rf"(?:and\s+|to\s+)(?:(?:have|just)\s+)?(?:joined|join|(?:started|began)\s+(?:working\s+)?"
         rf"(?:at|with|for)|(?:went|moved|switched)\s+(?:over\s+)?to)\s+{ORG}{ROLE}",
         _works_at, "job", slot="employer", tags=("job",), check=_org),
    # "I left Naver, now I'm at Kakao Bank", "quit Coupang and now work for Toss"
    rule("en.job.left_now_at",
         rf"{I}{ADV}\s+(?:left|quit)\s+(?:my\s+job\s+at\s+)?(?P<old>[^.!?;\n,]{{2,40}}?)\s*[,;]?\s+"
         rf"(?:and\s+)?(?:(?:now|currently)\s+)?(?:I['’]m|I\s+am|I\s+work|working|work)\s+"
         rf"(?:(?:now|currently)\s+)?(?:at|for|with)\s+{ORG}{ROLE}",
         _works_at, "job", slot="employer", tags=("job",), check=_org),
    rule("en.job.company_is",
         rf"(?<![\w'’])(?:my|our)\s+(?:company|employer|workplace|firm)\s+is\s+{ORG}{ROLE}",
         _works_at, "job", slot="employer", tags=("job",), check=_org),
    rule("en.job.now_at",
         rf"\b(?:switched|changed)\s+(?:jobs?|companies|employers)\b[^.!?;\n]*?\bnow\s+(?:I['’]m|"
         rf"I\s+am|I\s+work|working)\s+(?:at|for|with)\s+{ORG}{ROLE}",
         _works_at, "job", slot="employer", tags=("job",), check=_org),
    rule("en.job.i_am_a",
         rf"{IM}{ADV}\s+(?:a|an)\s+(?P<x>(?:(?:senior|junior|lead|head|full-time|part-time|"
         rf"freelance|retired|new|former)\s+)?[^.!?;\n]{{2,60}}?)(?:\s+(?:at|for|with|in)\s+"
         rf"(?P<org>[^.!?;\n]{{2,60}}))?(?=\s*(?:[.!?;,]|$|\s+(?:and|but|so|since|for)\b))",
         lambda g, _: f"User is {_article(g['x'])}" + (f" at {g['org']}" if g.get("org") else ""),
         "job", slot="occupation", tags=("job",), check=_occupation),
    rule("en.job.my_job",
         rf"(?<![\w'’])my\s+(?:job|profession|occupation)\s+is\s+(?:an?\s+)?{REST}",
         "User's job is {x}", "job", slot="occupation", tags=("job",), check=_occupation),
    rule("en.job.quit",
         rf"{I}{ADV}\s+(?:quit|left|lost)\s+my\s+job(?P<rest>[^.!?;\n]*)",
         "User left their job", "job", slot="employer", value="none", tags=("job",)),
    rule("en.job.status",
         rf"{IM}{ADV}\s+(?P<x>retired|unemployed|between\s+jobs|self-employed)\b",
         "User is {x}", "job", slot="occupation", tags=("job",)),
    rule("en.situation.job_hunting",
         rf"{IM}{ADV}\s+(?P<x>job\s+hunting|looking\s+for\s+a\s+(?:new\s+)?job|"
         rf"on\s+(?:parental|maternity|paternity|sick)\s+leave)",
         "User is {x}", "situation", tags=("job",)),
    rule("en.job.student",
         rf"{IM}{ADV}\s+(?:a\s+)?(?P<x>(?:(?:high\s+school|middle\s+school|college|university|"
         rf"grad(?:uate)?|phd|medical|law|nursing|exchange|first-year|second-year|final-year)\s+)?"
         rf"student)(?:\s+(?:at|in)\s+(?P<school>[^.!?;\n]{{2,60}}))?",
         lambda g, _: f"User is a {g['x']}" + (f" at {g['school']}" if g.get("school") else ""),
         "job", slot="occupation", tags=("job", "school")),
    rule("en.situation.studying",
         rf"{IM}{ADV}\s+(?P<v>studying|learning|preparing\s+for|training\s+for)\s+{REST}",
         lambda g, _: f"User is {g['v'].lower()} {g['x']}", "situation", tags=("situation",),
         check=_thing),
    rule("en.situation.remote",
         rf"{I}{ADV}\s+(?:work|am\s+working|working)\s+(?P<x>from\s+home|remotely)",
         "User works {x}", "situation", slot="work_mode", tags=("job",)),
    rule("en.situation.live_alone",
         rf"{I}{ADV}\s+live\s+(?P<x>alone|by\s+myself|on\s+my\s+own|with\s+(?:my\s+)?"
         rf"(?:{FAMILY}|parents|family|friends?|a\s+roommate|roommates))",
         lambda g, _: "User lives " + g["x"].replace("myself", "themselves")
         .replace("my own", "their own").replace("my ", "their "),
         "situation", slot="living", tags=("household",)),
    # -- family and pets -------------------------------------------------------------------
    rule("en.family.have",
         rf"{I}{ADV}\s+(?:have|['’]ve\s+got|have\s+got|got)\s+(?P<n>a|an|one|two|three|four|five|"
         rf"six|\d)\s+(?P<x>(?:[\w-]+\s+){{0,2}}?(?:{FAMILY}|{PETS}))\b(?P<rest>[^.!?;\n]*)",
         lambda g, _: _have(g), "family", tags=("family",),
         check=lambda g, _: not re.match(r"\s*(?:allerg|food|hair|sitter|walker|bed|toy|person|"
                                         r"friendly|lover)", g.get("rest", ""), re.I)),
    rule("en.family.my_rel",
         rf"(?P<all>(?<![\w'’])(?:my|our)\s+(?:(?:\w+\s+)?(?:{FAMILY}|{PETS}))"
         rf"(?:\s+(?-i:[A-Z][\w-]+))?(?:['’]s)?\s+"  # an optional name: "my cat Nabi is …"
         rf"(?:name\s+is|is|was|has|had|turned|turns|loves|likes|hates|eats|takes|needs|can['’]?t|"
         rf"cannot|gets|will)\s+[^.!?;\n]{{2,80}})",
         _as_user, "family", tags=("family",),
         check=lambda g, _: not re.search(r"\b(?:you|your)\b", g["all"], re.I)),
    rule("en.family.marital",
         rf"{IM}{ADV}\s+(?P<x>married|single|divorced|engaged|widowed|separated)\b",
         "User is {x}", "family", slot="marital", tags=("family",)),
    rule("en.family.got_married",
         rf"{I}{ADV}\s+(?:just\s+)?got\s+(?P<x>married|engaged|divorced)",
         "User is {x}", "family", slot="marital", tags=("family",)),
    # "my boyfriend Sam proposed last night", "I proposed to Mia": an engagement
    rule("en.family.proposed",
         r"(?:(?<![\w'’])(?:my|our)\s+(?P<r>partner|boyfriend|girlfriend|bf|gf)(?:\s+(?P<n>(?-i:[A-Z]"
         r"[\w-]+)))?\s+(?:finally\s+|just\s+|actually\s+)?proposed\b(?!\s+(?:that|we|to\s+"
         rf"(?:do|go|move|get|have|make|buy|take)\b))|{I}{ADV}\s+(?:finally\s+|actually\s+)?proposed"
         r"\s+to\s+(?:my\s+(?:partner|boyfriend|girlfriend|bf|gf)\s*)?(?P<m>(?-i:[A-Z][\w-]+))?)",
         # (said as what the partner did: a sentence about them keeps only "User's …" hits)
         lambda g, _: " ".join(f"User's {g['r']} {g.get('n') or ''}".split()) + " proposed; User "
         "is engaged" if g.get("r") else "User is engaged" + (f" to {g['m']}" if g.get("m")
                                                              else "") + " (User proposed)",
         "family", slot="marital", value="engaged", tags=("family",)),
    # -- health: allergies, medication, chronic illness, diet ------------------------------
    rule("en.health.allergic",
         rf"{IM}{ADV}\s+(?:severely\s+|very\s+|deathly\s+|highly\s+|mildly\s+|slightly\s+)?"
         rf"allergic\s+to\s+{REST}",
         "User is allergic to {x}", "health", type=MemoryType.CONSTRAINT,
         tags=("health", "allergy"), check=_thing, slot="allergy:{x}", value="yes"),
    rule("en.health.allergy",
         rf"{I}{ADV}\s+(?:have|['’]ve\s+got|got)\s+(?:an?\s+)?(?:(?:severe|bad|mild|serious|"
         rf"slight|life-threatening)\s+)?(?P<x>[\w\s-]{{2,30}}?)\s+allergy",
         "User is allergic to {x}", "health", type=MemoryType.CONSTRAINT,
         tags=("health", "allergy"), slot="allergy:{x}", value="yes"),
    rule("en.health.cannot_eat",
         rf"{I}{ADV}\s+(?:can['’]?t|cannot|can\s+not|shouldn['’]?t|must\s+not|mustn['’]t)\s+"
         rf"(?P<v>eat|have|drink|take)\s+{REST}",
         lambda g, _: f"User cannot {g['v'].lower()} {g['x']}", "health",
         type=MemoryType.CONSTRAINT, tags=("health", "diet"), check=_thing),
    rule("en.health.intolerant",
         rf"{IM}{ADV}\s+(?P<x>lactose|gluten|fructose)\s+intolerant",
         "User is {x} intolerant", "health", type=MemoryType.CONSTRAINT, tags=("health", "diet")),
    rule("en.diet.is",
         rf"{IM}{ADV}\s+(?:a\s+)?(?P<x>vegetarian|vegan|pescatarian|pescetarian|"
         rf"on\s+a\s+[\w\s-]{{2,25}}diet|keto|halal|kosher)\b",
         "User is {x}", "diet", type=MemoryType.CONSTRAINT, slot="diet", tags=("diet",)),
    # "started eating fish again, so pescatarian now": the diet the sentence ends on
    rule("en.diet.now",
         r"(?:^|,\s*|\bso\s+)(?:basically\s+|officially\s+|fully\s+)?(?:a\s+)?(?P<x>vegetarian|vegan|"
         r"pescatarian|pescetarian)\s+now\b",
         "User is {x}", "diet", type=MemoryType.CONSTRAINT, slot="diet", tags=("diet",)),
    # "I've gone fully vegetarian now", "we went vegan last year": the new diet
    rule("en.diet.became",
         rf"{I}{ADV}\s+(?:have\s+)?(?:gone|went|going|became|become|turned)\s+(?:fully\s+|full\s+|"
         rf"completely\s+|totally\s+)?(?P<x>vegetarian|vegan|pescatarian|pescetarian|keto)\b",
         "User is {x}", "diet", type=MemoryType.CONSTRAINT, slot="diet", tags=("diet",)),
    rule("en.diet.dont_eat",
         rf"{I}{ADV}\s+(?:don['’]t|do\s+not|never)\s+(?P<v>eat|drink)\s+{REST}",
         lambda g, _: f"User does not {g['v'].lower()} {g['x']}", "diet", type=MemoryType.CONSTRAINT, tags=("diet",),
         check=_thing),
    rule("en.health.medication",
         rf"{I}{ADV}\s+(?:take|am\s+taking|taking|am\s+on|on|have\s+to\s+take)\s+"
         rf"{REST}",
         "User takes {x}", "health", tags=("health", "medication"),
         check=lambda g, _: re.search(
             r"\b(?:mg|pills?|medication|medicine|meds|tablets?|capsules?|insulin|inhaler|"
             r"antibiotics?|supplements?|vitamins?|thinners?|blockers?|inhibitors?|"
             r"antidepressants?|birth\s+control|the\s+pill|steroids?|painkillers?|"
             r"chemo(?:therapy)?|hormones?|\w+(?:pril|statin|olol|azole|mab|pine|"
             r"formin|prazole|oxetine|sartan|cillin|cycline|thyroxine))\b", g["x"], re.I)
         is not None),
    rule("en.health.condition",
         rf"{I}{ADV}\s+(?:have|['’]ve\s+got|suffer\s+from|live\s+with)\s+(?P<x>{CONDITIONS})\b",
         "User has {x}", "health", type=MemoryType.CONSTRAINT, tags=("health", "chronic")),
    rule("en.health.diagnosed",
         rf"{I}{ADV}\s+(?:was|got|were|have\s+been|been)\s+diagnosed\s+with\s+{REST}",
         "User was diagnosed with {x}", "health", type=MemoryType.CONSTRAINT,
         tags=("health", "chronic")),
    # "I just got told I have vertigo", "found out I have celiac": a diagnosis said as news
    rule("en.health.told",
         rf"{I}{ADV}\s+(?:was|got|have\s+been|been|just\s+got|just\s+found\s+out|found\s+out|"
         rf"learned)\s+(?:(?:just|finally|recently|officially)\s+)?(?:told\s+)?(?:that\s+)?(?:I|i)\s+(?:have|['’]ve\s+got|had)\s+"
         rf"{REST}",
         "User has {x}", "health", type=MemoryType.CONSTRAINT, tags=("health", "chronic"),
         check=lambda g, _: len(g["x"].split()) <= 6 and not re.match(
             r"(?:(?:a|an|the)\s+)?(?:to|no|nothing|point|chance|choice|say|time|money|great|"
             r"good|nice|amazing|beautiful|lovely|real|natural|strong|talent|potential|gift|"
             r"knack|job|offer|deal|lot|bit|way)\b", g["x"], re.I)),
    rule("en.health.pregnant",
         rf"{IM}{ADV}\s+(?P<x>pregnant|expecting\s+a\s+baby|expecting)\b",
         "User is pregnant", "health", slot="pregnancy", value="yes", tags=("health",)),
    # -- likes, dislikes and preferences ---------------------------------------------------
    rule("en.pref.like",
         rf"{I}{ADV}\s+(?:really\s+|absolutely\s+|totally\s+)?(?P<v>love|like|enjoy|adore)\s+"
         rf"{REST}",
         _like, "preference", type=MemoryType.PREFERENCE, category="preference",
         slot="pref:{x}", value="like", tags=("preference",), check=_thing),
    rule("en.pref.into",
         rf"{IM}{ADV}\s+(?:really\s+)?(?:into|a\s+(?:big\s+|huge\s+)?fan\s+of|obsessed\s+with|"
         rf"passionate\s+about|interested\s+in)\s+{REST}",
         "User likes {x}", "preference", type=MemoryType.PREFERENCE, category="preference",
         slot="pref:{x}", value="like", tags=("preference",), check=_thing),
    rule("en.pref.dislike",
         rf"{I}{ADV}\s+(?:really\s+)?(?:hate|dislike|detest|can['’]?t\s+stand|cannot\s+stand|"
         rf"don['’]t\s+(?:really\s+)?(?:like|enjoy)|do\s+not\s+(?:like|enjoy))\s+{REST}",
         "User dislikes {x}", "preference", type=MemoryType.PREFERENCE, category="preference",
         slot="pref:{x}", value="dislike", tags=("preference",), check=_thing),
    rule("en.pref.not_fan",
         rf"{IM}{ADV}\s+not\s+(?:a\s+(?:big\s+)?fan\s+of|into)\s+{REST}",
         "User dislikes {x}", "preference", type=MemoryType.PREFERENCE, category="preference",
         slot="pref:{x}", value="dislike", tags=("preference",), check=_thing),
    rule("en.pref.favorite",
         rf"(?<![\w'’])my\s+(?:all-time\s+)?fav(?:ou?rite)?\s+(?P<what>[\w\s]{{2,30}}?)\s+"
         rf"(?:is|are)\s+{REST}",
         "User's favorite {what} is {x}", "preference", type=MemoryType.PREFERENCE,
         category="preference", slot="favorite:{what}", tags=("preference",)),
    # "I only drink oat milk": what the user takes and nothing else is a standing preference
    rule("en.pref.only",
         rf"{I}{ADV}\s+only\s+(?P<v>drink|eat|use|wear|buy|drive|fly)\s+{REST}",
         lambda g, _: f"User only {g['v']}s {g['x']}", "preference", type=MemoryType.PREFERENCE,
         category="preference", slot="pref:{x}", value="like", tags=("preference",),
         check=_thing),
    rule("en.pref.prefer",
         rf"{I}{ADV}\s+(?:much\s+|definitely\s+)?prefer\s+{REST}",
         "User prefers {x}", "preference", type=MemoryType.PREFERENCE, category="preference",
         tags=("preference",), check=_thing),
    # -- profile ---------------------------------------------------------------------------
    rule("en.profile.name",
         r"(?<![\w'’])my\s+name\s+is\s+(?P<x>[A-Za-z][\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2})",
         "User's name is {x}", "profile", type=MemoryType.PROFILE, slot="name",
         tags=("profile",), check=_name),
    rule("en.profile.call_me",
         r"(?:please\s+)?call\s+me\s+(?P<x>[A-Za-z][\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?)",
         "User wants to be called {x}", "rule", type=MemoryType.RULE, category="feedback",
         slot="preferred_name", tags=("profile",),
         check=lambda g, c: _name(g, c) and g["x"][:1].isupper()),
    rule("en.profile.age",  # not "explain it like I'm 10": a way of asking, not an age
         rf"(?<!like\s)(?<!as\sif\s)(?<!as\sthough\s){IM}\s+(?P<x>\d{{1,2}})(?:\s+years?\s+old|\s*y/?o|\s+now|\s+this\s+year)?"
         rf"(?=\s*(?:[.!,;]|$|and\b))",
         "User is {x} years old", "profile", type=MemoryType.PROFILE, slot="age",
         tags=("profile",)),
    rule("en.profile.turned",  # "(I) just turned 35 today!": the new age
         rf"{I}{ADV}\s+turned\s+(?P<x>\d{{1,2}})\b(?!\s*(?:%|percent|degrees|minutes|times))",
         "User is {x} years old", "profile", type=MemoryType.PROFILE, slot="age",
         tags=("profile",)),
    rule("en.profile.born",
         rf"{I}\s+was\s+born\s+(?:in|on)\s+{REST}",
         "User was born in {x}", "profile", type=MemoryType.PROFILE, slot="birth",
         tags=("profile",)),
    rule("en.profile.birthday",
         rf"(?<![\w'’])my\s+birthday\s+is\s+(?:on\s+)?{REST}",
         "User's birthday is {x}", "profile", type=MemoryType.PROFILE, slot="birthday",
         tags=("profile", "date")),
    # -- plans, dates and deadlines ----------------------------------------------------------
    rule("en.plan.going_to",
         rf"{IM}{ADV}\s+(?P<v>going|planning|hoping|about|moving|traveling|travelling|flying|"
         rf"visiting|starting|getting)\s+(?P<x>[^.!?;\n]{{2,90}})",
         lambda g, c: _dated(f"User is {g['v'].lower()} {g['x']}", c), "plan",
         type=MemoryType.GOAL, tags=("plan",),
         check=_plan),
    rule("en.plan.plan_to",
         rf"{I}{ADV}\s+(?:plan|intend|am\s+planning|['’]m\s+planning)\s+to\s+{REST}",
         lambda g, c: _dated(f"User plans to {g['x']}", c), "plan", type=MemoryType.GOAL,
         tags=("plan",), check=lambda g, _: not re.search(r"\b(?:it|that|this|them|you)\b",
                                                          g["x"], re.I)),
    rule("en.plan.goal",
         rf"{I}{ADV}\s+(?:want|hope|would\s+like|['’]d\s+like)\s+to\s+(?P<x>(?:learn|become|"
         rf"lose|save|run|quit|start|move|visit|travel|finish|pass|buy\s+a\s+(?:house|home|car|"
         rf"flat|apartment)|get\s+(?:a\s+)?(?:degree|promotion|certified|certification|"
         rf"married)|open|launch|write|retire)\b[^.!?;\n]{{0,80}})",
         lambda g, c: _dated(f"User wants to {g['x']}", c), "plan", type=MemoryType.GOAL,
         tags=("goal",)),
    rule("en.date.event",
         rf"{I}{ADV}\s+(?:have|['’]ve\s+got|got)\s+(?:an?\s+|my\s+)?(?P<x>(?:[\w'-]+\s+){{0,3}}?"
         rf"(?:interview|exam|test|appointment|surgery|operation|flight|trip|wedding|"
         rf"presentation|checkup|check-up|concert|recital|audition|deadline|"
         rf"vaccination|treatment|procedure)s?)\b(?P<rest>[^.!?;\n]*)",
         lambda g, c: _dated(f"User has {_article(g['x'])} {g['rest']}".strip(), c),
         "date", type=MemoryType.TIMELINE, tags=("event",),
         check=lambda g, c: _future(g, c) or re.search(r"interview|surgery|wedding|exam",
                                                        g["x"], re.I) is not None),
    rule("en.date.my_event",
         rf"(?<![\w'’])my\s+(?P<what>(?:[\w'-]+\s+){{0,2}}?(?:interview|exam|test|appointment|"
         rf"surgery|flight|trip|wedding|presentation|deadline|vacation|holiday|due\s+date)"
         rf"(?:\s+(?:to|for|in|at|with)\s+[\w'-]+(?:\s+[\w'-]+)?)?)\s+"
         rf"(?:is|will\s+be|was\s+moved\s+to|got\s+moved\s+to)\s+{REST}",
         lambda g, c: _dated(f"User's {g['what']} is {g['x']}", c), "date",
         type=MemoryType.TIMELINE, slot="event:{what}", tags=("event",)),
    rule("en.date.deadline",
         rf"(?<![\w'’])(?:the|my|our)\s+(?P<what>[\w\s-]{{2,40}}?)\s+(?:is\s+due|deadline\s+is)\s+"
         rf"(?:on\s+|by\s+)?{REST}",
         lambda g, c: _dated(f"The {g['what']} is due {g['x']}", c), "date",
         type=MemoryType.TODO, slot="deadline:{what}", tags=("deadline",)),
    rule("en.date.need_to_by",
         rf"{I}{ADV}\s+(?:need|have|must|got)\s+(?:to\s+)?(?P<x>(?:submit|finish|file|send|"
         rf"deliver|hand\s+in|complete|pay|renew)\b[^.!?;\n]{{2,80}}?\s+by\s+[^.!?;\n]{{2,40}})",
         lambda g, c: _dated(f"User needs to {g['x']}", c), "date", type=MemoryType.TODO,
         tags=("deadline",)),
    # -- decisions -------------------------------------------------------------------------
    rule("en.decision.decided",
         rf"{I}{ADV}\s+(?:have\s+|['’]ve\s+|finally\s+)?decided\s+(?:to\s+|that\s+|on\s+)?{REST}",
         lambda g, _: "User decided " + ("to " if not re.match(r"(?:to|that|on)\b", g["x"])
                                          else "") + first_person_to_user_en(g["x"], "pronoun"),
         "decision", type=MemoryType.DECISION, tags=("decision",)),
    rule("en.decision.go_with",
         rf"(?:{I}{ADV}\s+(?:chose|picked|went\s+with|will\s+go\s+with|['’]ll\s+go\s+with|"
         rf"am\s+going\s+with|going\s+with|settled\s+on|opted\s+for)|"
         rf"(?<![\w'’])let['’]s\s+go\s+with)\s+{REST}",
         "User chose {x}", "decision", type=MemoryType.DECISION, tags=("decision",),
         check=_thing),
    rule("en.habit.quit",
         rf"{I}{ADV}\s+(?:have\s+|['’]ve\s+)?(?:quit|stopped|gave\s+up|given\s+up)\s+"
         rf"(?P<x>smoking|drinking|alcohol|coffee|caffeine|meat|sugar|soda|vaping|gaming|"
         rf"social\s+media)",
         "User quit {x}", "habit", type=MemoryType.DECISION, category="behavior",
         slot="habit:{x}", value="quit", tags=("habit",)),
    # -- habits ----------------------------------------------------------------------------
    rule("en.habit.freq",
         rf"{I}\s+(?P<f>usually|always|often|normally|typically|regularly|never|rarely)\s+{REST}",
         lambda g, _: f"User {g['f'].lower()} "
         f"{third_person(first_person_to_user_en(g['x'], 'pronoun'))}",
         "habit",
         category="behavior", tags=("habit",),
         check=lambda g, _: not re.match(r"(?:forget|think|wonder|feel|say|tell|ask|get\s+"
                                         r"confused)", g["x"], re.I)),
    rule("en.habit.every",
         rf"{I}\s+(?P<x>(?:go|run|swim|walk|work\s+out|exercise|cook|read|meditate|jog|bike|"
         rf"cycle|play|practice|drink|do\s+yoga|study|volunteer|visit)\b[^.!?;\n]{{0,60}}?\s+"
         rf"(?:every\s+(?:day|morning|night|evening|week|weekend|{DAYS})|daily|weekly|"
         rf"on\s+weekends|(?:once|twice|three\s+times)\s+a\s+(?:day|week|month)|"
         rf"each\s+(?:day|week|morning)))",
         lambda g, _: "User " + third_person(first_person_to_user_en(g["x"], "pronoun")),
         "habit", category="behavior", tags=("habit",)),
    # -- standing rules for the assistant --------------------------------------------------
    rule("en.rule.always",
         r"(?:^|(?<=[\s,]))(?:please\s+)?(?:always|from\s+now\s+on,?|going\s+forward,?|"
         r"in\s+the\s+future,?|by\s+default,?)\s+(?:please\s+)?(?P<x>(?:answer|reply|respond|"
         r"talk|speak|write|use|address|keep|give|show|include|format|explain|be|avoid|mention|"
         r"remind|ask|add|start|end|cite|call|check|double-check|summarize|translate)\b"
         r"[^.!?;\n]{2,100})",
         lambda g, _: "Always " + first_person_to_user_en(g["x"], "object"), "rule",
         type=MemoryType.RULE, category="feedback", tags=("rule",), value=None,
         confidence=0.9, imperative=True),
    rule("en.rule.never",
         r"(?:^|(?<=[\s,]))(?:please\s+)?(?:never|don['’]t\s+ever|do\s+not\s+ever|stop)\s+"
         r"(?P<x>(?:use|using|call|calling|mention|mentioning|send|sending|recommend|"
         r"recommending|suggest|suggesting|say|saying|give|giving|show|include|add|ask|"
         r"talk\s+about|bring\s+up|use\s+emojis|reply|answer)\b[^.!?;\n]{0,100})",
         lambda g, _: "Never " + first_person_to_user_en(g["x"], "object"), "rule",
         type=MemoryType.RULE, category="feedback", tags=("rule",), value=None,
         confidence=0.9, imperative=True),
    rule("en.rule.trailing",
         r"^(?:please\s+)?(?P<x>(?:answer|reply|respond|talk|speak|write|use|address|keep|give|"
         r"show|include|format|explain|be|avoid|mention|remind|ask|add|start|end|cite|check|"
         r"summarize|translate|stop)\b[^.!?;\n]{2,100}?)\s*,?\s+(?:from\s+now\s+on|going\s+forward|"
         r"in\s+(?:the\s+)?future|every\s+time|by\s+default|always)(?:\s+please)?[\s.!]*$",
         lambda g, _: "Always " + first_person_to_user_en(g["x"], "object"), "rule",
         type=MemoryType.RULE, category="feedback", tags=("rule",), value=None,
         confidence=0.9),
    rule("en.rule.language",
         rf"(?:please\s+)?(?:answer|reply|respond|talk|speak|write)\s+(?:to\s+me\s+)?in\s+"
         rf"(?P<x>{LANGUAGES})\s+(?:from\s+now\s+on|always|by\s+default|going\s+forward|"
         rf"every\s+time)",
         "Always answer in {x}", "rule", type=MemoryType.RULE, category="feedback",
         slot="rule:language", tags=("rule",), confidence=0.9),
]


def _article(phrase: str) -> str:
    if re.match(r"(?:a|an|my|the)\s", phrase, re.I):
        return phrase
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def _have(g: Groups) -> str:
    rest = g.get("rest", "")
    rest = re.sub(r"^\s*(?:,\s*)?", " ", rest) if rest else ""
    rest = first_person_to_user_en(rest, "pronoun").rstrip()
    return f"User has {g['n']} {g['x']}{rest}".strip()


def _rule_slot(hit: Hit) -> Hit:
    """Language, length and tone rules supersede earlier rules of the same kind."""
    low = hit.content.lower()
    if hit.type is not MemoryType.RULE:
        return hit
    language = re.search(rf"\b(?:in|into)\s+({LANGUAGES})\b", low)
    if language:
        return Hit(**{**hit.__dict__, "slot": "rule:language", "value": language.group(1)})
    if hit.slot:
        return hit
    if re.search(r"\b(?:short|brief|concise|detailed|long|bullet|words|sentences)\b", low):
        return Hit(**{**hit.__dict__, "slot": "rule:length"})
    if re.search(r"\b(?:formal|casual|polite|friendly|emoji)", low):
        return Hit(**{**hit.__dict__, "slot": "rule:tone"})
    return hit


POSTPROCESS = (_rule_slot,)
