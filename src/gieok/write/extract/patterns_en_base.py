"""What every English rule of the heuristic extractor (W3) shares: its words and the rule builder.

Every rule needs a first-person subject ("I", "I'm", "my", "we") or an imperative addressed to
the assistant (standing rules), so "my friend lives in Busan" or the assistant's own words
never become user facts. Questions, greetings and small talk are dropped before these rules
run (``heuristic.py``). Each rule builds normalised content ("User lives in Mapo-gu").

Why this module exists: the English rule table is split by fact family into
``patterns_en_situation`` (where the user lives and works, their family and pets, their
health) and ``patterns_en_personal`` (tastes, profile, plans and dates, decisions, habits,
standing rules); both halves, and the many modules that name the user's family, pets, months
or verbs (``third_person``), read the same words and the same ``rule`` builder, kept here once.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gieok.domain.records import MemoryType
from gieok.write.extract.base import Hit, Rule, RuleContext
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
# What a rule reads as its object: the rest of the clause. A comma followed by a clause of its
# own ends it ("I hate grey, I swear every rental was grey": grey), a list does not ("allergic
# to peanuts, shellfish and kiwi").
REST = (r"(?P<x>[^.!?;\n]{2,90}?)(?=\s*,\s*(?:I|I['’](?:m|ve|d|ll)|we|we['’](?:re|ve)|my|it['’]s|"
        r"it\s+is|that['’]s|he['’]s|she['’]s|they['’]re|so|but|because|since|lol|haha|tbh|"
        r"honestly|which\s+is)\b|"
        # … or where a conjunction starts a question or request of its own without a comma
        # ("allergic to latex so can you tell the dentist": latex)
        r"\s+(?:so|but|because|cause|cuz|and)\s+(?:(?:can|could|would|will)\s+(?:you|u)|please|pls|"
        r"what|how|is\s+(?:it|there)|should\s+I|any\s+(?:tips|ideas|advice))\b|[.!?;\n]|$)")
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
          r"grandparents|great-grandma|great-grandmother|great-grandpa|great-grandfather|"
          # British and familiar words for the same people ("my grandad Wilf", "my mum")
          r"mum|mummy|grandad|granddad|granny|gran|nana|hubby|"
          # a child by their place among siblings ("my youngest can't do spicy")
          r"youngest|eldest|oldest|middle\s+one|little\s+one|firstborn")
PETS = (r"cat|cats|kitten|kittens|dog|dogs|puppy|puppies|hamster|hamsters|rabbit|rabbits|"
        r"bunny|parrot|bird|birds|fish|goldfish|turtle|tortoise|guinea\s+pig|ferret|lizard|"
        r"snake|gecko|hedgehog|retriever|labrador|poodle|corgi|shiba(?:\s+inu)?|bulldog|"
        r"terrier|beagle|husky|chihuahua|dachshund|maltese|pomeranian|schnauzer|jindo|"
        r"persian|siamese|ragdoll|maine\s+coon|tabby|greyhound|whippet|shepherd|collie|"
        r"spaniel|pug|shih\s+tzu|samoyed|doberman|rottweiler|pit\s?bull|mutt|pup|kitty|"
        r"budgie|parakeet|cockatiel|canary|chinchilla|gerbil|axolotl|bearded\s+dragon|"
        r"great\s+dane|bernese|mastiff|boxer|akita|malamute|vizsla|weimaraner|basset|bichon|"
        r"cockapoo|cavapoo|labradoodle|goldendoodle|lurcher|staffie|staffy|springer|"
        r"tarantula|iguana|hens|chickens|goose|geese|ducks|duck|ducklings|quail|goats|goat|"
        r"ponies|pony|horses|horse|mare|donkey|alpacas|alpaca|cockatoo|lovebirds|lovebird|"
        r"finch|finches|frog|hermit\s+crabs?|rats|rat")
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
    # a holiday or a break said with this/next/over: "this Christmas", "over Chuseok"
    rf"(?:this|next|over)\s+(?:the\s+)?(?:christmas|xmas|easter|thanksgiving|hanukkah|diwali|eid|chuseok|"
    rf"seollal|lunar\s+new\s+year|new\s+year['’]?s?|the\s+holidays|(?:summer|winter|spring|"
    rf"christmas|easter|half[-\s]term)\s+(?:break|holidays?|vacation)|half[-\s]term)|"
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


def _thing(g: Groups, _: RuleContext) -> bool:
    x = g["x"]
    return (not is_pronoun_phrase(x) and len(x.split()) <= 8
            and not re.match(r"(?:your|ur|u|my|when|how|what|that|the\s+way|it\s+when)\b", x, re.I)
            and not re.search(r"\b(?:you|your|yours|this\s+(?:chat|conversation|answer))\b", x,
                              re.I))


# Verbs that agree with any subject as they are: past forms and modals.
_PAST_OR_MODAL = frozenset({
    "went", "had", "did", "was", "were", "got", "made", "took", "came", "left", "began",
    "bought", "sold", "kept", "ran", "met", "gave", "told", "said",
    "could", "would", "might", "may", "shall", "can", "will", "must", "should"})


# a compound verb whose first word only says how or what ("meal prep", "batch cook", "power
# nap", "deep clean"): its verb is the second word ("User meal preps", never "meals prep")
COMPOUND_HEAD = frozenset("meal batch bulk speed power dry deep spring window house dog baby "
                          "cat pet stress binge road ice cold food grocery cross trail wild "
                          "slow".split())
COMPOUND_VERB = frozenset("prep cook read nap brush clean shop sit eat watch trip skate plunge "
                          "buy train run swim walk hike plan".split())


def third_person(phrase: str) -> str:
    """"go running" → "goes running": agree the first verb with "User"."""
    head = phrase.split(" ", 2)
    if len(head) > 1 and head[0].lower() in COMPOUND_HEAD and head[1].lower() in COMPOUND_VERB:
        return f"{head[0]} {third_person(' '.join(head[1:]))}"
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


def _article(phrase: str) -> str:
    if re.match(r"(?:a|an|my|the)\s", phrase, re.I):
        return phrase
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


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
