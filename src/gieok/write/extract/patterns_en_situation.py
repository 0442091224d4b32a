"""English rules for who the user is and how they live (W3): where they live and work, their
family and pets, their health and diet.

Why this module exists: it is the first half of the English rule table (``patterns_en.RULES``
joins the halves in this order; the order rules are tried in matters), with the checks only
these rules use (is it a place or a dwelling, an organisation's name, an occupation).
"""

from __future__ import annotations

import re

from gieok.domain.records import MemoryType
from gieok.write.extract.base import Rule, RuleContext
from gieok.write.extract.health import is_medicine
from gieok.write.extract.patterns_en_base import (
    ADV, CONDITIONS, FAMILY, I, IM, OCCUPATION, PETS, PLACE, REST, Groups, _article, rule,
    _thing,
)
from gieok.write.normalize import first_person_to_user_en

NOT_PLACES = re.compile(r"^(?:the\s+)?(?:moment|meantime|past|future|fear|hope|denial|peace|"
                        r"a\s+(?:world|bubble|dream)|my\s+head|here|there|it|this|that)\b",
                        re.IGNORECASE)
_STRIP_PLACE = re.compile(r"\s*,\s*(?:do|does|can|could|is|are|any|what|where|how|which|who|should|"
                          r"would|will)\b.*|"  # "in Jeonju, do you know …": a question follows
                          r"\s+(?:with\s+.*|from\s+.*|"  # "moved to Leeds from Bristol": Leeds
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


def _occupation(g: Groups, ctx: RuleContext) -> bool:
    """A known occupation, or one known by its form (an agent noun: "audiologist", "technician",
    "dietitian", "surveyor") said with where the user does it ("… at a hospital in Leicester",
    "… for Ørsted"): a belief, a diet or a temper ("a vegetarian at home") is no occupation."""
    x = g["x"]
    if len(x.split()) > 4:
        return False
    if OCCUPATION.search(x) is not None:
        return True
    return _AGENT.search(x) is not None and _NOT_AGENT.search(x) is None and re.search(
        re.escape(x) + r"\s+(?:at|for)\s+(?:(?:a|an|the|our|my)\s+(?!moment\b|time\b|end\b|heart\b)|"
        r"(?-i:[A-Z]))", ctx.sentence, re.IGNORECASE) is not None


_AGENT = re.compile(r"[a-z]{3,}(?:ologist|ician|iatrist|apist|ographer|ist|ian|itian|ant|eer|or)$",
                    re.IGNORECASE)
_NOT_AGENT = re.compile(r"\b(?:vegetarian|vegan|christian|buddhist|atheist|optimist|pessimist|"
                        r"perfectionist|realist|idealist|minimalist|feminist|introvert|extrovert|"
                        r"humanitarian|libertarian|contrarian|newbie|beginner|regular|member|"
                        r"donor|visitor|tourist|spectator|guest|survivor|warrior)$", re.IGNORECASE)


# what a job left is said with: where it was ("at Amazon") and what it was left for ("to start
# my own bakery"); the time it happened is the event's date, not the memory's words
_QUIT_AT = re.compile(
    r"^\s*(?P<at>(?:at|with|for)\s+(?:(?:the|a|an)\s+)?(?-i:[A-Z0-9][\w&.'’-]*"
    r"(?:\s+(?:[A-Z0-9][\w&.'’-]*|&|of))*)(?:\s+(?:plant|factory|office|store|shop|branch|"
    r"hospital|clinic|warehouse|school|bank|restaurant|cafe|café|lab|studio))?|"
    r"at\s+(?:the|a|an)\s+(?:[\w'’-]+\s+)?(?!moment\b|time\b|end\b)[\w'’-]+"
    r"(?=\s*(?:$|,|\s+(?:to|in|and|but|so|because|after|last|this)\b)))", re.IGNORECASE)
_QUIT_TIME = re.compile(r"\s*\b(?:(?:last|this)\s+(?:week|month|year|spring|summer|fall|autumn|"
                        r"winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
                        r"yesterday|today|recently|finally|officially|(?:a|one|two|three|a\s+few|"
                        r"\d+)\s+\w+\s+ago|in\s+\d{4}|in\s+(?-i:[A-Z])[a-z]+)\b", re.IGNORECASE)
_QUIT_FOR = re.compile(r"^\s*(?:,\s*)?(?:in\s+order\s+)?(?P<to>to\s+(?:start|open|launch|"
                       r"found|run|join|go\s+back\s+to|focus\s+on|take\s+care\s+of|care\s+for|"
                       r"study|travel|freelance|work\s+(?:on|for|at)|stay\s+home)\b[^,;]{0,50}?)"
                       r"\s*(?:$|,|\s+(?:and|but|so)\b)", re.IGNORECASE)


def _quit(g: Groups, _: RuleContext) -> str:
    """"I quit my job at Amazon last month to start my own bakery" → "User left their job at
    Amazon to start their own bakery" (the employer left and the venture, not a bare job)."""
    rest = _QUIT_TIME.sub("", g.get("rest") or "")
    at = _QUIT_AT.match(rest)
    said = ""
    if at is not None:
        said, rest = f" {at.group('at')}", rest[at.end():]
    why = _QUIT_FOR.match(_QUIT_TIME.sub("", rest))
    if why is not None:
        said += " " + first_person_to_user_en(why.group("to").strip(), "pronoun")
    return f"User left their job{said}"


def _as_user(g: Groups, _: RuleContext) -> str:
    return first_person_to_user_en(g["all"])


def _have(g: Groups) -> str:
    rest = g.get("rest", "")
    rest = re.sub(r"^\s*(?:,\s*)?", " ", rest) if rest else ""
    rest = first_person_to_user_en(rest, "pronoun").rstrip()
    return f"User has {g['n']} {g['x']}{rest}".strip()


# what a medicine looks like by its name or how it is taken (a dose, a drug-class ending)
MEDICINE = re.compile(
    r"\b(?:mg|pills?|medication|medicine|meds|tablets?|capsules?|insulin|inhaler|"
    r"antibiotics?|supplements?|vitamins?|thinners?|blockers?|inhibitors?|"
    r"antidepressants?|birth\s+control|the\s+pill|steroids?|painkillers?|"
    r"chemo(?:therapy)?|hormones?|\w+(?:pril|statin|olol|azole|mab|pine|"
    r"formin|prazole|oxetine|sartan|cillin|cycline|thyroxine|tidine|azepam|zolam|"
    r"xaban|farin|afil|triptan|semide|thiazide|profen|mycin|ciclovir|dopa|met|"
    r"pramine|ipine|azine|idone|isone|olone|trel)|"
    # common ones no ending gives away
    r"(?:sertral|bupropi|venlafax|escitalopr|citalopr|fluoxet|duloxet|mirtazap|quetiap|"
    r"lamotrig|levetirac|gabapent|pregabal|predniso|amoxic|doxycyc|azithromy|amlodip|"
    r"montelukast|cetiriz|loratad|salbutam|levothyrox|warfar|clopidogr|sinemet|symbicort|"
    r"ventolin|lipitor|xanax|zoloft|prozac|lexapro|wellbutrin|adderall|ritalin|ozempic)\w*)\b", re.IGNORECASE)
# who changes a prescription: a doctor by any title ("my GP", "the cardiologist", "Dr Shah")
_PRESCRIBER = (r"(?:(?<![\w'’])(?:my|the|our)\s+)?(?:doctor|doc|dr\.?(?:\s+(?-i:[A-Z][\w-]+))?|gp|"
               r"physician|consultant|specialist|nurse(?:\s+practitioner)?|pharmacist|"
               r"psych|[a-z]+(?:ologist|iatrist))")
# what a pet shows when it is unwell ("the dog's been limping since tuesday")
_SYMPTOM = (r"limping|vomiting|throwing\s+up|sneezing|coughing|wheezing|scratching|itching|"
            r"shaking|trembling|losing\s+weight|not\s+eating|off\s+(?:his|her|their)\s+food|"
            r"lethargic|having\s+seizures|bleeding|favou?ring\s+(?:his|her|its|their|one)\s+\w+|"
            r"drinking\s+(?:a\s+lot|loads|tons)|peeing\s+(?:a\s+lot|inside|blood|everywhere)|"
            r"struggling\s+to\s+(?:walk|breathe|stand|pee)")


def _medicine(name: str) -> bool:
    return bool(name) and (MEDICINE.search(name) is not None or is_medicine(name))


def _switched(g: Groups, _: RuleContext) -> str:
    old = f" (switched from {g['old']})" if g.get("old") else ""
    rest = f" {g['rest'].strip()}" if g.get("rest", "").strip() else ""  # when, why, for what
    return f"User takes {g['x']}{old}{rest}"


def _prescribed(g: Groups, _: RuleContext) -> bool:
    """A medicine, not a place in a queue ("put me on the waitlist", "started me on a diet")."""
    return _thing(g, _) and (g.get("v", "").lower() in ("switched", "moved", "changed", "swapped")
                             and bool(g.get("old")) or _medicine(g["x"])
                             or _medicine(g.get("old") or "")) \
        and not re.search(r"\b(?:diet|list|leave|hold|rest|notice|call|shift|plan|team)\b",
                          g["x"], re.I)


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
    # "I'm an American living in Jeonju", "we're a family of four based in Leeds": who the
    # user is, then where they live (a named place, capitalised)
    rule("en.residence.someone_living_in",
         rf"{IM}\s+(?P<who>(?:an?|the)\s+(?:[\w'’-]+\s+){{0,3}}?)(?P<v>living|based|settled)\s+"
         rf"(?:here\s+)?(?:in|out\s+of)\s+(?P<x>(?-i:[A-Z])[\w'’-]+(?:\s+(?-i:[A-Z])[\w'’-]+){{0,2}})",
         "User is {who} {v} in {x}", "residence", category="location", slot="residence", value="{place}",
         tags=("residence",), check=_place),
    # "I'm in Daejeon these days", "we're out in Lisbon now": where the user is for a while is
    # where they live (said with a time that lasts, a named place; not "for work this month",
    # not "in the kitchen")
    rule("en.residence.in_these_days",
         rf"{IM}{ADV}\s+(?:(?:out|over|back|down|up)\s+)?in\s+(?P<x>(?-i:[A-Z])[\w'’-]+"
         rf"(?:\s+(?-i:[A-Z])[\w'’-]+){{0,2}})(?:,)?\s+(?P<t>these\s+days|nowadays|now(?!\s+for)|"
         r"for\s+good|full[-\s]time|permanently)\b(?!\s+(?:for|till|until|on)\b)",
         "User lives in {x} ({t})", "residence", category="location", slot="residence",
         value="{place}", tags=("residence",), check=_place),
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
         # (the workplace ends where the user's next clause starts: "… at a hospital in
         # Leicester, and today was …")
         rf"(?P<org>[^.!?;\n]{{2,60}}?))?(?=\s*(?:[.!?;,]|$|\s+(?:and|but|so|since|for)\b))",
         lambda g, _: f"User is {_article(g['x'])}" + (f" at {g['org']}" if g.get("org") else ""),
         "job", slot="occupation", tags=("job",), check=_occupation),
    rule("en.job.my_job",
         rf"(?<![\w'’])my\s+(?:job|profession|occupation)\s+is\s+(?:an?\s+)?{REST}",
         "User's job is {x}", "job", slot="occupation", tags=("job",), check=_occupation),
    rule("en.job.quit",
         rf"{I}{ADV}\s+(?:quit|left|lost)\s+my\s+job(?P<rest>[^.!?;\n]*)",
         _quit, "job", slot="employer", value="none", tags=("job",)),
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
    # "we've got my dad living with us now", "my mother-in-law moved in with us": a relative
    # the user lives with
    rule("en.family.lives_with_user",
         rf"(?<![\w'’])(?:my|our)\s+(?P<rel>(?:[\w-]+\s+)?(?:{FAMILY}))(?:\s+(?-i:[A-Z][\w-]+))?"
         r"\s+(?:(?:is|are|has\s+been|have\s+been|['’]s|['’]re)\s+)?(?:(?:now|just|recently)\s+)?"
         r"(?:living|lives|live|moved|moving)\s+(?:in\s+)?with\s+(?:us|me)\b(?!\s+(?:for|this|until|till|over)\b)",
         lambda g, _: f"User lives with their {g['rel']}", "family", category="context",
         slot="lives_with:{rel}", value="yes", tags=("family", "household")),
    # "that's Moose, my Great Dane", "meet Pickle, our new kitten": a pet introduced by name
    rule("en.family.named_pet",
         r"(?:^|\b)(?:that['’]s|this\s+is|meet|it['’]s|that\s+was|he['’]s|she['’]s)\s+"
         r"(?P<name>(?-i:[A-Z][\w-]+)),\s+(?:my|our)\s+(?P<kind>(?:[\w-]+\s+){0,2}?"
         rf"(?:{PETS}))\b",
         lambda g, _: f"User's {g['kind']} is called {g['name']}", "pet",
         slot="pet_name:{kind}", value="{name}", tags=("pet",)),
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
    # "I'm diabetic (type 1)", "I'm a type 2 diabetic", "I'm colourblind": a condition said as
    # what the user is (the noun forms are CONDITIONS)
    rule("en.health.condition_is",
         rf"{IM}{ADV}\s+(?:a\s+)?(?P<t>type\s*[12]\s+)?(?P<x>diabetic|pre-?diabetic|asthmatic|"
         rf"epileptic|an(?:a)?emic|co?eliac|colou?r-?\s?blind|dyslexic|hypertensive)\b"
         rf"(?:\s*\((?P<p>type\s*[12])\))?",
         lambda g, _: "User is " + " ".join(w for w in (
             (g["t"] or g["p"] or "").strip(), g["x"].lower()) if w),
         "health", type=MemoryType.CONSTRAINT, tags=("health",)),
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
    # "my doctor switched me from omeprazole to famotidine", "the cardiologist moved me off
    # warfarin onto apixaban", "my GP started me on sertraline": what the user takes now (the
    # one it replaced goes with it; whether it retires a stored one is the reconciler's). No
    # slot: a sentence kept whole says it in its own words, with the rule's tags
    rule("en.health.switched",
         rf"{_PRESCRIBER}(?:\s+(?:has|had|just|finally|recently|then))*\s+(?P<v>switched|moved|"
         r"changed|swapped|put|started|took|taken)\s+me\s+(?:(?:from|off(?:\s+of)?)\s+"
         r"(?P<old>[\w\s.-]{2,40}?)\s+)?(?:to|onto|on)\s+(?P<x>[\w\s.-]{2,40}?)"
         r"(?=\s*(?:[,.!?;]|$|\s+(?:last|this|yesterday|today|and|but|because|since|after|so|"
         r"for|which|instead)\b))(?P<rest>(?:\s+(?:last|this|yesterday|today|because|since|after|for|instead)\b[^.!?;\n]{0,80})?)",
         _switched, "health", tags=("health", "medication"), value=None, check=_prescribed),
    rule("en.health.switched_self",
         rf"{I}{ADV}\s+(?:(?:was|got|have\s+been|['’]ve\s+been|been)\s+)?(?P<v>switched|moved|"
         r"changed|swapped)\s+(?:my\s+(?:meds|medication|medicine|pills|prescription)\s+)?"
         r"(?:(?:from|off(?:\s+of)?)\s+(?P<old>[\w\s.-]{2,40}?)\s+)(?:to|onto)\s+"
         r"(?P<x>[\w\s.-]{2,40}?)(?=\s*(?:[,.!?;]|$|\s+(?:last|this|yesterday|today|and|but|"
         r"because|since|after|so|for|which|instead)\b))(?P<rest>(?:\s+(?:last|this|yesterday|today|because|since|after|for|instead)\b[^.!?;\n]{0,80})?)",
         _switched, "health", tags=("health", "medication"),
         value=None,
         check=lambda g, c: _thing(g, c) and (_medicine(g["x"]) or _medicine(g["old"]))),
    # "I got prescribed zolpidem for sleep", "I was prescribed metformin last month": whatever
    # is prescribed to the user is a medicine, whatever its name
    rule("en.health.prescribed",
         rf"{I}{ADV}\s+(?:got|was|have\s+been|['’]ve\s+been|been|just\s+got)\s+(?:just\s+|finally\s+)?"
         r"prescribed\s+(?:some\s+)?(?P<x>[A-Za-z][\w-]{2,30}(?:\s+\d+\s?mg)?)\b",
         "User takes {x} (prescribed)", "health", tags=("health", "medication"),
         slot="medication:{x}", value="yes",
         check=lambda g, _: re.match(r"(?:glasses|lenses|contacts|physio|therapy|rest|exercise|"
                                     r"a|an|the|something|nothing|it|them|that|this)\b", g["x"],
                                     re.IGNORECASE) is None),
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
    # "my dad just got told he has Parkinson's", "my mum found out she has diabetes": a
    # relative's (or pet's) diagnosis said as news
    rule("en.health.kin_told",
         rf"(?<![\w'’])(?:my|our)\s+(?P<rel>(?:[\w-]+\s+)?(?:{FAMILY}|{PETS}))"
         rf"(?:\s+(?-i:[A-Z][\w-]+))?{ADV}\s+(?:was|got|has\s+been|['’]s\s+been|been|found\s+out|"
         r"learned|learnt)\s+(?:(?:just|finally|recently|officially)\s+)?(?:told\s+)?(?:that\s+)?"
         rf"(?:he|she|they|it)\s+(?:has|have|had|['’]s\s+got)\s+{REST}",
         lambda g, _: f"User's {g['rel']} has {g['x']}", "health", type=MemoryType.CONSTRAINT,
         tags=("health", "chronic", "family"), value=None,
         check=lambda g, _: len(g["x"].split()) <= 6 and not re.match(
             r"(?:(?:a|an|the)\s+)?(?:to|no|nothing|point|chance|choice|say|time|money|great|"
             r"good|nice|job|offer|deal|lot|bit|way|date|girlfriend|boyfriend)\b", g["x"], re.I)),
    # "the dog's been limping since tuesday", "our cat has been throwing up all week": a
    # pet's symptom (the family's pet when said with "the")
    rule("en.health.pet_symptom",
         rf"(?<![\w'’])(?:my|our|the)\s+(?P<rel>(?:[\w-]+\s+)?(?:{PETS}))(?:\s+(?-i:[A-Z][\w-]+))?"
         r"(?:['’]s|\s+has|\s+is)\s+(?P<b>been\s+)?(?:(?:really|kind\s+of|kinda|a\s+bit|"
         rf"constantly|still|suddenly)\s+)?(?P<x>(?:{_SYMPTOM})[^.!?;\n]{{0,60}})",
         lambda g, _: f"User's {g['rel']} {'has been' if g.get('b') else 'is'} {g['x']}",
         # (a slot of its own for each symptom: none replaces another)
         "health", tags=("health", "pet"), slot="symptom:{rel}:{x}", value="yes",
         check=lambda g, _: not re.search(r"\b(?:you|your)\b", g["x"], re.I)),
    rule("en.health.pregnant",
         rf"{IM}{ADV}\s+(?P<x>pregnant|expecting\s+a\s+baby|expecting)\b",
         "User is pregnant", "health", slot="pregnancy", value="yes", tags=("health",)),
]
