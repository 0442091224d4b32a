"""English rules for what the user likes, plans, decides, does and asks of the assistant (W3):
tastes, profile (name, age, birthday), plans and dates, decisions, habits, standing rules.

Why this module exists: it is the second half of the English rule table (``patterns_en.RULES``
joins the halves in this order; the order rules are tried in matters), with the checks only
these rules use (is it a plan with a date, a name, how a liked thing is said).
"""

from __future__ import annotations

import re

from gieok.domain.records import MemoryType
from gieok.write.extract.base import Rule, RuleContext
from gieok.write.extract.patterns_en_base import (
    ADV, DAYS, FUTURE, I, IM, LANGUAGES, PETS, REST, Groups, _article, rule, _thing, third_person,
)
from gieok.write.extract.timeexpr import resolve_time
from gieok.write.normalize import first_person_to_user_en

def _plan(g: Groups, ctx: RuleContext) -> bool:
    x = g["x"]
    return (_future(g, ctx) and not re.search(r"\b(?:it|that|this|them|you)\b", x, re.I)
            and not re.match(r"(?:to\s+)?(?:the\s+)?(?:bed|sleep|eat|grab|take\s+a\s+nap|gym|store|"
                             r"shop|supermarket|mall|bathroom|toilet|lunch|dinner|breakfast|work|"
                             r"office|class|try|check|look|see\s+if|ask|think)\b", x, re.I))


_NOT_NAMES = frozenset("not a the very so pretty hard weird long difficult kind too also just "
                       "tomorrow later back now anytime when if maybe please again".split())


def _name(g: Groups, _: RuleContext) -> bool:
    words = g["x"].split()
    return bool(words) and len(words) <= 3 and words[0].lower() not in _NOT_NAMES


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


# what may open a chat sentence before its subject-less verb: "honestly, can't stand …"
_CHAT_LEAD = r"(?:(?:honestly|tbh|also|and|oh|ok(?:ay)?|lol|so|but|ugh|man)[,\s]+)*"


def _bare_thing(g: Groups, ctx: RuleContext) -> bool:
    """What a subject-less like or dislike is about: a thing, not "to say …", "it", "when …"."""
    return _thing(g, ctx) and re.match(r"(?:to|it|its|it['’]s|this|that|these|those|you|u|ya|"
                                       r"when|how|what|him|her|them|everything|nothing)\b",
                                       g["x"], re.IGNORECASE) is None


def _verb3(verb: str) -> str:
    verb = verb.lower()
    return {"love": "loves", "like": "likes", "enjoy": "enjoys", "adore": "adores"}.get(verb, verb)


def _like(g: Groups, _: RuleContext) -> str:
    return f"User {_verb3(g['v'])} {g['x']}"


RULES: list[Rule] = [
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
    rule("en.pref.into_bare",  # "obsessed with Korean skincare rn", "big fan of Ghibli"
         rf"^{_CHAT_LEAD}(?:really\s+|so\s+)?(?:obsessed\s+with|(?:a\s+)?(?:big|huge)\s+fan\s+of|"
         rf"really\s+into|super\s+into)\s+{REST}",
         lambda g, _: "User likes " + re.sub(r"\s+(?:rn|atm|lately|these\s+days|right\s+now)$", "",
                                             g["x"], flags=re.IGNORECASE),
         "preference", type=MemoryType.PREFERENCE, category="preference",
         slot="pref:{x}", value="like", tags=("preference",), check=_bare_thing),
    rule("en.pref.dislike",
         rf"{I}{ADV}\s+(?:really\s+)?(?:hate|dislike|detest|can['’]?t\s+stand|cannot\s+stand|"
         rf"don['’]t\s+(?:really\s+)?(?:like|enjoy)|do\s+not\s+(?:like|enjoy))\s+{REST}",
         "User dislikes {x}", "preference", type=MemoryType.PREFERENCE, category="preference",
         slot="pref:{x}", value="dislike", tags=("preference",), check=_thing),
    # the subject dropped, as chat does: "can't stand cilantro", "love a good thriller",
    # "coffee's not my thing", "nothing beats cold brew" (never "like, …": a filler)
    rule("en.pref.like_bare",
         rf"^{_CHAT_LEAD}(?:really\s+|absolutely\s+|totally\s+)?(?P<v>love|adore|enjoy)\s+{REST}",
         _like, "preference", type=MemoryType.PREFERENCE, category="preference",
         slot="pref:{x}", value="like", tags=("preference",), check=_bare_thing),
    rule("en.pref.nothing_beats",
         rf"^{_CHAT_LEAD}(?:honestly\s+)?(?:nothing|you\s+can['’]?t)\s+beats?\s+{REST}",
         "User loves {x}", "preference", type=MemoryType.PREFERENCE, category="preference",
         slot="pref:{x}", value="like", tags=("preference",), check=_bare_thing),
    rule("en.pref.dislike_bare",
         rf"^{_CHAT_LEAD}(?:really\s+|honestly\s+)?(?:hate|detest|can['’]?t\s+stand|cannot\s+"
         rf"stand)\s+{REST}",
         "User dislikes {x}", "preference", type=MemoryType.PREFERENCE, category="preference",
         slot="pref:{x}", value="dislike", tags=("preference",), check=_bare_thing),
    rule("en.pref.not_my_thing",
         rf"^{_CHAT_LEAD}(?P<x>[\w][\w\s'’-]{{1,40}}?)(?:['’]s|\s+is|\s+are)\s+(?:just\s+|really\s+|"
         r"honestly\s+|so\s+)?not\s+(?:really\s+)?(?:my\s+(?:thing|jam|cup\s+of\s+tea|vibe|scene)|"
         r"for\s+me)\b",
         "User dislikes {x}", "preference", type=MemoryType.PREFERENCE, category="preference",
         slot="pref:{x}", value="dislike", tags=("preference",), check=_bare_thing),
    rule("en.pref.not_fan",
         rf"{IM}{ADV}\s+not\s+(?:a\s+(?:big\s+)?fan\s+of|into)\s+{REST}",
         "User dislikes {x}", "preference", type=MemoryType.PREFERENCE, category="preference",
         slot="pref:{x}", value="dislike", tags=("preference",), check=_thing),
    rule("en.pref.favorite",
         # ("favourite colour's teal": the "my" dropped, the "is" contracted)
         rf"(?:(?<![\w'’])my\s+|^)(?:all-time\s+)?fav(?:ou?rite)?\s+(?P<what>[\w\s]{{2,30}}?)"
         rf"(?:\s+(?:is|are)|['’]s)\s+{REST}",
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
    # "(I'm) thinking of quitting in June to walk the Camino": a plan being weighed, with when
    rule("en.plan.thinking",
         rf"(?:{IM}{ADV}\s+|^(?:(?:so|and|also|honestly|ok(?:ay)?|hmm+)[,\s]+)*)(?:seriously\s+|"
         rf"really\s+)?(?:thinking|considering)\s+(?:of\s+|about\s+)?(?P<x>[a-z]+ing\b[^.!?;\n]{{2,80}})",
         lambda g, c: _dated(f"User is thinking of {g['x']}", c), "plan", type=MemoryType.GOAL,
         tags=("plan",), check=_plan),
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
         rf"(?:{I}{ADV}\s+(?:chose|picked(?!\s+up\b)|went\s+with|will\s+go\s+with|['’]ll\s+go\s+with|"
         rf"am\s+going\s+with|going\s+with|settled\s+on|opted\s+for)|"
         rf"(?<![\w'’])let['’]s\s+go\s+with)\s+{REST}",
         "User chose {x}", "decision", type=MemoryType.DECISION, tags=("decision",),
         check=_thing),
    rule("en.habit.quit",
         rf"{I}{ADV}\s+(?:have\s+|['’]ve\s+)?(?:quit|stopped|gave\s+up|given\s+up)\s+"
         # ("quit drinking coffee" is not "quit drinking": the drink stays with the verb)
         rf"(?P<x>(?:drinking|eating)\s+(?:coffee|tea|soda|pop|milk|beer|wine|energy\s+drinks|"
         rf"sugar|meat|dairy|bread|carbs|junk\s+food|fast\s+food)|smoking|"
         rf"drinking|alcohol|coffee|caffeine|meat|sugar|soda|vaping|gaming|"
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
         confidence=0.9, imperative=True,
         # ("from now on call me Sam": the name the user goes by is en.profile.call_me's, one
         # memory with its slot — not a second, slotless "Always call the user Sam")
         check=lambda g, _: re.match(r"call\s+me\s+(?-i:[A-Z])", g["x"], re.IGNORECASE) is None),
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
    # "I finally bought an e-bike", "I just got a new bike", "picked up a used Golf": a thing
    # the user now has. A purchase is marked as one that lasts by "new"/"used"/"first" or by
    # "finally"; without a mark ("I got a coffee") it is an errand of the day
    rule("en.possession.bought",
         rf"(?:^|{I}{ADV}\s+|^(?:just|finally|so)\s+)(?P<f>(?:(?:just|finally|recently|also|"
         r"eventually)\s+)*)(?:bought|got|picked\s+up|ordered|purchased|treated\s+myself\s+to)\s+"
         r"(?:myself\s+)?(?P<x>(?:an?|my)\s+(?P<m>(?:(?:brand\s+)?new|used|secondhand|second-hand|"
         r"first|own|refurbished)\s+)?[\w-]+(?:\s+[\w-]+){0,2}?)(?=\s*(?:[,.!?;]|$|\s+(?:last|this|"
         r"yesterday|today|for|from|at|on|off|and|but|so|because|after|lol|haha|finally)\b))",
         lambda g, _: f"User bought {g['x']}", "note", category="context", slot="owns:{x}",
         value="yes", tags=("possession",),
         check=lambda g, c: (bool(g.get("m")) or "finally" in (g.get("f") or "").lower()
                             or re.search(r"\bfinally\b", c.sentence, re.I) is not None)
         and BOUGHT_NOT.search(g["x"]) is None
         # (a new animal is no purchase: the pet's own memory says the user has it, by name)
         and re.search(rf"\b(?:{PETS})\b", g["x"], re.IGNORECASE) is None),
]


# what is got but not owned: a job, an illness, a ticket, a person, a haircut
BOUGHT_NOT = re.compile(r"\b(?:job|role|position|promotion|haircut|cold|flu|covid|ticket|fine|"
                         r"boyfriend|girlfriend|partner|boss|manager|roommate|flatmate|idea|chance|"
                         r"offer|tattoo|piercing|hobby|routine|client|doctor|therapist|appointment|"
                         r"number|email|message|text|call|shift|schedule)s?\b", re.IGNORECASE)
