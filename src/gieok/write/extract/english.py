"""English by structure (W3/W5): a user's sentence → a clean third-person memory.

The sentence keeps all its clauses ("User always carries an EpiPen because User is allergic
to bee stings"); the speaker becomes "User" with the verb agreed ("I swim" → "User swims",
"I don't" → "User doesn't", "we're" → "User is"), discourse fillers are dropped ("btw",
"lol", "just so you know,"), and a subject that is a pet or relative named earlier is already
resolved by ``coref`` before this runs.
"""

from __future__ import annotations

import re
from functools import lru_cache

from gieok.write.extract import shorthand
from gieok.write.extract.patterns_en import third_person
from gieok.write.extract.patterns_en_base import COMPOUND_HEAD, COMPOUND_VERB
from gieok.write.normalize import keeping_titles

_LEAD = re.compile(
    r"^(?:[\U0001F300-\U0001FAFF\u2600-\u27BF]+\s*|"
    # a label the user puts before what they say ("quick intro:", "big news,", "update -"):
    # a closed class of announcement nouns, always followed by punctuation
    r"(?:(?:big|good|bad|great|exciting|sad|fun|random|side|personal|quick|small|little|some|"
    r"huge|breaking|happy|funny|life|little\s+bit\s+of|bit\s+of)\s+){0,2}(?:intro(?:duction)?|"
    r"update|news|fact|note|psa|tmi|background|context|about\s+me|reminder)"
    r"(?:\s+(?:for\s+(?:context|reference|later)|fyi|so\s+you\s+know(?:\s+me)?|(?:about|on)\s+me))?"
    r"\s*[:,!.\-–—]+\s*|"
    r"(?:hey+|hi+|hello+|heya|yo|oh+|ok(?:ay)?|so|and|also|anyway|well|yeah|yes|no(?!\s+(?:need|more|longer)\b)|nah|nope|yep|yup|"
    r"um+|uh+|btw|"
    r"by\s+the\s+way|"
    r"fyi|fwiw|tbh|ngl|honestly|heads\s+up|just\s+so\s+you\s+know|for\s+context|quick\s+context|"
    r"random\s+question|actually|oh\s+nice|cool)\b[\s,.:;!-]*)+",
    re.IGNORECASE)
_TRAIL = re.compile(
    r"(?:[\s,]+(?:lol|lmao|haha+|hehe+|btw|though|tbh|ngl|wish\s+me\s+luck|weirdly|"
    r"right\s+now|here|for\s+sure|:\)|:D|xD|:\(|;\)|:P|:p|:/|:-\)|:-\(|T_T|ㅠ+|ㅜ+))+[\s.!?~]*$|"
    r"[\s.!?~]+$",
    re.IGNORECASE)
_AUX = {"am": "is", "'m": "is", "’m": "is", "have": "has", "'ve": "has", "’ve": "has",
        "do": "does", "don't": "doesn't", "don’t": "doesn't", "were": "was"}
# irregular past forms: "I tore my ACL" → "User tore …", never "tores"
PAST_IRREGULAR = frozenset(
    "ate became began bit blew broke brought built bought caught chose came cut dealt did drew "
    "drank drove fell fed felt fought found flew forgot forgave froze got gave went grew hung "
    "heard hid held hurt kept knew laid led left lent let lay lost made meant met paid put quit "
    "ran rode rang rose said saw sold sent set shook shot shut sang sank sat slept slid spoke "
    "spent stood stole stuck struck swore swept swam took taught tore told thought threw "
    "understood woke wore won wrote split spread upset".split())
_KEEP = frozenset("is was has had will would can could should must may might does did are were "
                  "doesn't didn't can't cannot won't wouldn't isn't wasn't hasn't always never "
                  "usually often really also still just only currently recently already "
                  "mostly sometimes".split()) | PAST_IRREGULAR


# Pure; asked of one sentence several times a turn, and again when the session's episode
# re-reads it: cached per text.
@lru_cache(maxsize=16384)
def strip_fillers(sentence: str) -> str:
    text = _LEAD.sub("", sentence.strip())
    for _ in range(3):
        text = _TRAIL.sub("", text).strip()
    return text


def _person(text: str) -> str:
    return keeping_titles(text, _person_words)


def _person_words(text: str) -> str:
    text = re.sub(r"(?<![\w'’])(I|i|we|they)\s+r\b", r"\1 are", text)  # chat's "i r", "we r"
    # "My girlfriend and I are …": a compound subject keeps its plural verb
    text = re.sub(r"\band\s+i\s+(are|were|have|do)\b", r"and I \1", text)
    text = re.sub(r"\band\s+I\s+(are|were|have|do)\b", r"and User \1", text)
    out = re.sub(r"(?<![\w'’])(?:(?:I|we)(?:\s+am|['’]m|\s+are|['’]re)|im)\b", "User is", text,
                 flags=re.IGNORECASE)  # "im" as chat spells "I'm"
    out = re.sub(r"(?<![\w'’])(?:I|we)(?:['’]ve|\s+have)\s+got\b", "User has", out,
                 flags=re.IGNORECASE)
    out = re.sub(r"(?<![\w'’])(?:I|we)(?:['’]ve)\b", "User has", out, flags=re.IGNORECASE)
    out = re.sub(r"(?<![\w'’])(?:I|we)(?:['’]ll)\b", "User will", out, flags=re.IGNORECASE)
    out = re.sub(r"(?<![\w'’])(?:I|we)(?:['’]d)\b", "User would", out, flags=re.IGNORECASE)
    out = re.sub(r"(?<![\w'’])(?:my|our)\b", "User's", out, flags=re.IGNORECASE)
    out = re.sub(r"(?<![\w'’])(?:mine|ours)\b", "User's", out, flags=re.IGNORECASE)
    out = re.sub(r"(?<![\w'’])(?:myself|ourselves)\b", "themselves", out, flags=re.IGNORECASE)
    out = re.sub(r"(?<![\w'’])(?:me|us)\b", "the user", out, flags=re.IGNORECASE)
    out = re.sub(r"(?<![\w'’])I\b", "User", out)
    out = re.sub(r"(?<![\w'’.])i(?=\s+[a-z])", "User", out)  # chat's lowercase "i"
    out = re.sub(r"(?<![\w'’])we\b", "User", out, flags=re.IGNORECASE)
    return out


def _agree(text: str) -> str:
    """"User swim" → "User swims"; "User have" → "User has"; "User don't" → "User doesn't"."""

    def fix(match: re.Match[str]) -> str:
        word, rest = match.group(2), match.group(3) or ""
        low = word.lower()
        after = re.match(r"\s+(\w+)", text[match.end():])
        if low in COMPOUND_HEAD and after and after.group(1).lower() in COMPOUND_VERB:
            return f"{match.group(1)} {word}{rest}"  # "User meal prep" → its verb agrees next
        if low in _AUX:
            return f"{match.group(1)} {_AUX[low]}{rest}"
        if low in _KEEP or low.endswith(("ed", "s")) or not low.isalpha():
            return match.group(0)
        return f"{match.group(1)} {third_person(word)}{rest}"

    adverbs = r"(?:\s+(?:always|usually|often|never|really|also|still|just|only|currently|" \
              r"sometimes|mostly|now|normally|regularly|typically|rarely|actually|already|" \
              r"even|(?!(?:app|rep|f|re|supp|multip|al|bul|d|comp)ly\b)\w{2,}ly))*"
    text = re.sub(rf"\b(User{adverbs})\s+(\w+(?:['’]t)?)(\b)", fix, text)
    # the verb of a compound ("User meal prep" → "User meal preps")
    return re.sub(rf"\b(User{adverbs}\s+(?i:{'|'.join(sorted(COMPOUND_HEAD))}))\s+"
                  rf"((?i:{'|'.join(sorted(COMPOUND_VERB))}))\b",
                  lambda m: f"{m.group(1)} {third_person(m.group(2))}", text)


def to_memory(sentence: str) -> str | None:
    """The third-person memory for one English sentence (None when nothing is left)."""
    text = strip_fillers(sentence)
    if len(re.findall(r"[A-Za-z]+", text)) < 2:
        return None
    out = _agree(_person(text))
    out = re.sub(r"\bUser\s+User's\b", "User's", out)
    # "I start my new job" → "User starts their new job": once the user is the subject,
    # their own things are "their", not a second "User's"
    while (fixed := re.sub(r"(\bUser\b(?!['’])[^.;!?]*?)\bUser's\b", r"\1their", out)) != out:
        out = fixed
    out = out[:1].upper() + out[1:]
    return " ".join(out.split())


# Chat drops the subject: "Just got promoted to senior PM!", "Moved to Busan last month".
_DROPPED_SUBJECT = re.compile(
    r"^(?:(?:just|finally|recently|also|so)\s+)*(?:got|started|moved|bought|adopted|joined|quit|took|"
    r"brought|fed|walked|"
    r"left|finished|passed|graduated|became|began|signed|booked|switched|landed|married|"
    r"retired|enrolled|registered|had|lost|broke|tore|sprained|turned|sold|ditched|traded|"
    r"upgraded|changed|transferred|gave\s+up|handed\s+in|"
    # a thing or an animal fetched home ("picked up the new kitten today", not "picked up on it")
    r"picked\s+up(?=\s+(?:an?|(?:my|our|the)\s+new)\s)|"
    # what the user gave up: "stopped going to the climbing gym in may", "cancelled my gym
    # membership" (not "stopped at a gas station", "cancelled the meeting")
    r"stopped(?=\s+[a-z]+ing\b)|cancell?ed(?=\s+(?:my|our)\b)|"
    # past tenses that are never an imperative nor a state ("ran my first half marathon in
    # 2:05!", "visited my grandma in Busan"); "read", "bored", "excited" are left out
    r"ran|won|flew|drove|rode|swam|met|completed|visited|tried|hiked|climbed|celebrated|"
    r"renewed|applied|interviewed|failed|missed|watched|played|cooked|baked|paid\s+off)\b",
    re.IGNORECASE)
# … or how long the user has been at something, "I've" left out: "been bouldering since last
# spring", "been vegan for 3 years", "been at Stripe since 2021" (not the day or the time itself:
# "been a long week", "been there", "been ages", "been thinking …")
_DROPPED_BEEN = re.compile(
    r"^(?:(?:also|still|just|honestly|now)\s+)*been\s+(?!(?:there|here|ages|forever|so\s+long|"
    r"thinking|wondering|meaning|trying|dying|waiting|told|asked|"
    # (a sobriety counted is worded by ``lived_with``: "been sober 9 months")
    r"sober|clean|a\s+(?:while|long|rough|crazy|"
    r"busy|weird|hectic|tough|hard|minute|bit|week|day|month|year|nightmare|hell|blast|fun|"
    r"good|great|bad|mess|ride|journey|lot)|the\s+(?:worst|best|same)|such\s+a|too\s+long|"
    r"a\s+few|ok|okay|fine|better|worse|quiet|slow)\b)[a-z]", re.IGNORECASE)
# … or says what the user is doing: "Taking the GRE in two weeks", "flying to Osaka on Friday"
_DROPPED_ING = re.compile(
    r"^(?:(?:finally|also|still|currently)\s+)*(?:taking|starting|moving|leaving|flying|heading|"
    r"visiting|getting|going|running|doing|training|studying|learning|applying|interviewing|"
    r"working|planning|having|seeing|renting|house\s+hunting|"
    # the gear a hobby is done with ("shooting with a fuji x-t5 mostly", "riding a gravel bike")
    r"shooting(?=\s+(?:with|on)\s)|riding(?=\s+(?:a|an|my)\s)|"
    # money owed or put aside ("paying off a 12k student loan", "saving up for a house")
    r"paying(?=\s+off\s)|saving(?=\s+(?:up\s+)?for\s))\s+"
    r"(?!(?:to\s+)?(?:bed|sleep)\b)\w", re.IGNORECASE)


# … and the state it describes: "allergic to shellfish, tree nuts and sesame", "vegan btw".
_DROPPED_STATE = re.compile(
    r"^(?:(?:also|super|very|severely|mildly|still|now)\s+)*(?:allergic\s+to|vegan|vegetarian|"
    r"pescatarian|lactose\s+intolerant|gluten\s+intolerant|pregnant|diabetic|based\s+in|living\s+in\s+(?=(?-i:[A-Z])|[가-힣])|"
    r"originally\s+from|(?:a\s+)?(?:big|huge|massive)\s+fan\s+of|not\s+(?:really\s+)?a\s+[\w-]+\s+person|"
    r"gonna|going\s+to\s+(?:start|try|move|learn|take|join|quit|get)|"
    r"(?:retiring|graduating|relocating)\b)\b",
    re.IGNORECASE)


# a finite verb (or auxiliary) right after the first phrase: it is that phrase's own verb
_FINITE = re.compile(
    r"\S*?\s+(?:(?:really|just|never|always|still|totally|honestly)\s+)?(?:is|was|were|are|isn['’]t|"
    r"wasn['’]t|weren['’]t|aren['’]t|has|had|hasn['’]t|does|did|doesn['’]t|didn['’]t|can|can['’]t|"
    r"could|will|won['’]t|would|makes|made|seems|seemed|sounds|sounded|works|worked|feels|"
    r"felt|helps|helped|gives|gave|sucks|sucked)\b", re.IGNORECASE)


# Chat spelling: "im on lisinopril", "shes a 20 year old african grey", "doc says …"
_CHAT = [(re.compile(rf"(?<![\w'’]){w}(?![\w'’])", re.IGNORECASE), r) for w, r in (
    ("im", "I'm"), ("ive", "I've"), ("shes", "she's"), ("hes", "he's"), ("dont", "don't"),
    ("doesnt", "doesn't"), ("didnt", "didn't"), ("cant", "can't"), ("isnt", "isn't"),
    ("wasnt", "wasn't"), ("havent", "haven't"), ("hasnt", "hasn't"), ("arent", "aren't"),
    ("theyre", "they're"), ("youre", "you're"), ("thats", "that's"),
    (r"doc(?=\s+(?:says?|said|thinks|told|wants))", "the doctor"),
    (r"name['’]s(?=\s+[A-Z])", "name is"),
    # "my wife's a nurse", "our dog's a husky": before an article the 's is "is", never "of"
    (r"((?:my|our)\s+[a-z]+)['’]s(?=\s+(?:an?|the)\s)", r"\1 is"))]


def spelled(sentence: str) -> str:
    """``sentence`` with chat's apostrophe-less contractions written out ("im" → "I'm",
    "shes" → "she's", "doc says" → "the doctor says"), so the rules read them."""
    if re.search(r"[\uac00-\ud7a3]", sentence):
        return sentence
    for pattern, repl in _CHAT:
        sentence = pattern.sub(repl, sentence)
    return sentence


# Chat drops "my" before a relative who is the subject: "twins turned 3 today", "hubby works
# nights", "wife's pregnant" (a verb right after: not "kids these days", not a question).
_BARE_RELATIVE = re.compile(
    r"^(?:twins|kids|wife|hubby|husband|son|daughter|mom|mum|dad|grandma|grandpa|"
    r"(?:older|younger|little|big|baby)\s+(?:brother|sister|bro|sis))"
    r"(?:['’]s\s+(?=[a-z]+)|\s+(?=(?:is|was|are|were|has|have|had|just|turned|turns|starts|"
    r"started|got|gets|works|lives|moved|goes|went|finally|loves|hates|needs|will|can)\b))|"
    # "the kids start school on March 2": the user's kids, said as a household says them
    r"^the\s+(?:kids|twins|baby)\s+(?=(?:start|starts|started|turn|turns|turned|go|goes|have|"
    r"has|got|are\s+starting|is\s+starting)\b)",
    re.IGNORECASE)


# Chat drops "my" before the user's own event and its date: "race is oct 18 in Chicago",
# "surgery's on the 12th", "interview is next tuesday at 10" (a date right after the verb;
# "the wedding is …" may be anyone's, and "exams are hard" says no date)
_EV_MONTHS = (r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
              r"sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?")
_BARE_EVENT = re.compile(
    r"^(?:race|marathon|half\s+marathon|wedding|surgery|operation|exam|final|finals|interview|"
    r"appointment|flight|move|recital|defen[cs]e|graduation|due\s+date|court\s+date|audition|"
    r"tournament|competition|meet|certification|licen[cs]e\s+test|driving\s+test|road\s+test|"
    r"closing|move[-\s]in|start\s+date|first\s+day|last\s+day|induction|c-section|scan)"
    r"(?:['’]s\s+|\s+is\s+|\s+got\s+(?:moved|pushed|bumped)\s+to\s+)(?:(?:on|set\s+for|now|finally)\s+)?"
    rf"(?:the\s+\d{{1,2}}(?:st|nd|rd|th)\b|(?:{_EV_MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b|"
    r"\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:" + _EV_MONTHS + r")\b|\d{1,2}/\d{1,2}\b|"
    r"(?:this|next)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|month)\b|"
    r"tomorrow\b|in\s+\d+\s+(?:days|weeks|months)\b)", re.IGNORECASE)


# … or says what the user has, the verb left out: "new job at a community college!", "new
# role with the council" (a job, not "new phone who dis")
_DROPPED_HAVE = re.compile(r"^(?P<a>a\s+)?new\s+(?:job|role|position|post|gig)\s+(?:at|with|as|in|for)\s+"
                           r"(?!.*\b(?:is|was|are|were|has|had|sucks|pays|starts)\b)\S", re.IGNORECASE)
@lru_cache(maxsize=4096)
def shorthand_of(sentence: str) -> str | None:
    """A shorthand self-description with the speaker it leaves out ("married to Elena" → "I'm
    married to Elena"; ``shorthand``), or None when ``sentence`` is not one."""
    sentence = spelled(sentence)
    text = strip_fillers(sentence) or sentence.strip()
    if re.search(r"[\uac00-\ud7a3]", text):
        return None
    lead = _LEAD.match(sentence.strip())
    intro = lead is not None and re.search(r"intro|about\s+me|background", lead.group(0), re.I)
    said = shorthand.with_speaker(text, intro=bool(intro))
    return said if said != text else None


def with_subject(sentence: str) -> str:
    """"Just got promoted …" → "I just got promoted …"; "allergic to shellfish" → "I'm
    allergic to shellfish" (the dropped subject is the speaker)."""
    # (asked of the sentence as said: the extractor asks it too, and the answer is cached)
    shorthand_said = shorthand_of(sentence)
    if shorthand_said is not None:  # "married to Elena", "two kids, Lucas 12 and Sofia 9"
        return shorthand_said
    sentence = spelled(sentence)
    text = strip_fillers(sentence) or sentence.strip()
    if re.search(r"[\uac00-\ud7a3]", text):
        return sentence
    if _BARE_RELATIVE.match(text):  # "twins turned 3 today", "wife's pregnant again"
        return "my " + re.sub(r"^the\s+", "", text[:1].lower() + text[1:], flags=re.I)
    if _BARE_EVENT.match(text):  # "race is oct 18 in Chicago": the user's race
        return "my " + text[:1].lower() + text[1:]
    if _DROPPED_SUBJECT.match(text):
        return "I " + text[:1].lower() + text[1:]
    if _DROPPED_BEEN.match(text):  # "been bouldering since last spring": "I've been …"
        return "I've " + text[:1].lower() + text[1:]
    have = _DROPPED_HAVE.match(text)
    if have is not None:
        return ("I have " if have.group("a") else "I have a ") + text[:1].lower() + text[1:]
    for dropped in (_DROPPED_ING, _DROPPED_STATE):
        found = dropped.match(text)
        if found is None or (dropped is _DROPPED_ING and text.rstrip().endswith("?")):
            continue
        if _FINITE.match(text, found.end()) or (
                dropped is _DROPPED_ING and _FINITE.match(" " + text[found.end() - 1:])):
            # "vegan wasn't working for me", "working out is fun", "running is not for me":
            # the word is the subject of its own verb (the next word's, or the one after),
            # not a state of the speaker's
            return sentence
        return "I'm " + text[:1].lower() + text[1:]
    return sentence


# A move announced in one breath and where in the next ("we moved! now in 성수동", "finally
# moved. We're now living in Astoria", "we moved last week, now in Austin"): the second part
# alone is a fragment no residence rule reads (being "now in X" may be a trip), the first
# alone says no place. Together they are a move to X.
_MOVED = (r"(?:(?:we|I)(?:['’]ve|\s+have)?\s+)?(?:(?:just|finally|officially|recently)\s+)?"
          r"(?:moved|relocated)(?:\s+(?:in|house|out))?")
_WHEN_RE = (r"\s+(?:last\s+(?:week|month|weekend|year)|yesterday|this\s+(?:week|month|weekend)|"
         r"in\s+[A-Z][a-z]+|\d+\s+(?:days?|weeks?|months?)\s+ago)")
_WHEN = rf"(?:{_WHEN_RE})?"
_NOW_IN = (r"(?:(?:we|I)(?:['’](?:re|m)|\s+(?:are|am))\s+)?(?:now|currently)\s+"
           r"(?:living\s+|based\s+|settled\s+)?in\s+(?P<x>(?:the\s+)?(?-i:[A-Z]|[가-힣])[^.!?;,\n]{1,40}?)")
_MOVE_ALONE = re.compile(rf"^(?P<m>{_MOVED}{_WHEN})[\s.!~]*$", re.IGNORECASE)
_WHERE_NOW = re.compile(rf"^{_NOW_IN}(?P<rest>(?:\s+(?:lol|haha+|finally|now))*[\s.!~]*)$",
                        re.IGNORECASE)
_MOVE_THEN_WHERE = re.compile(rf"^(?P<m>{_MOVED}{_WHEN}),?\s*(?:and\s+)?{_NOW_IN}(?=[\s.!~,]|$)",
                              re.IGNORECASE)


def _move_to(move: str, place: str) -> str:
    move = move.strip()
    when = re.search(_WHEN_RE + "$", move, re.IGNORECASE)
    head, tail = (move[:when.start()], move[when.start():]) if when else (move, "")
    if not re.match(r"(?:we|I)\b", head, re.IGNORECASE):
        head = "I " + head[:1].lower() + head[1:]
    return f"{head} to {place.strip()}{tail}"


def moved_where(sentences: list[str]) -> list[str]:
    """The turn's sentences with a move and the place said after it joined into one move to
    that place (see ``_MOVE_ALONE``); anything else as it was."""
    from gieok.write.extract.korean import moved_where as korean_moved_where

    out: list[str] = []
    for sentence in sentences:
        text = strip_fillers(sentence) or sentence.strip()
        same = _MOVE_THEN_WHERE.match(text)
        if same is not None:
            out.append(_move_to(same.group("m"), same.group("x")) + text[same.end():])
            continue
        moved_ko = korean_moved_where(out[-1], sentence) if out else None
        if moved_ko is not None:  # "이사했어! 이제 성수동이야"
            out[-1] = moved_ko
            continue
        where = _WHERE_NOW.match(text)
        before = _MOVE_ALONE.match(strip_fillers(out[-1]) or out[-1].strip()) if out else None
        if where is not None and before is not None:
            out[-1] = _move_to(before.group("m"), where.group("x"))
            continue
        out.append(sentence)
    return out


# "I've got three kids: Hattie who's 11, Rufus is 8 and the baby, Clem, turned one": a count
# of relatives or pets, then each by name with what is said of them
_COUNTED = re.compile(
    r"^(?:(?:ok(?:ay)?|so|well|right|yeah|um+)[,\s]+)*(?:I|we)(?:['’]ve\s+got|\s+have(?:\s+got)?|"
    r"['’]ve)\s+(?:two|three|four|five|six|\d)\s+(?P<kind>kids|children|sons|daughters|boys|"
    r"girls|grandkids|grandchildren|dogs|cats|rabbits|hamsters|chickens|hens|goats|horses)"
    r"\s*[:–—-]\s*(?P<list>.+)$", re.IGNORECASE)
_SINGULAR = {"children": "child", "grandchildren": "grandchild"}
_NOT_NAME = frozenset("I The A An And But So Saturday Sunday Monday Tuesday Wednesday Thursday "
                      "Friday".split())


def listed(sentences: list[str]) -> list[str]:
    """The sentences, each count followed by named relatives or pets also said one by one
    ("my kid Hattie is 11", "my kid Rufus is 8", "I have a kid called Clem")."""
    out: list[str] = []
    for sentence in sentences:
        out.append(sentence)
        m = _COUNTED.match(sentence.strip().rstrip(".!"))
        if m is None:
            continue
        kind = m.group("kind").lower()
        one = _SINGULAR.get(kind, kind[:-1])
        items = m.group("list")
        names = [n for n in re.finditer(r"\b[A-Z][a-z]+\b", items) if n.group(0) not in _NOT_NAME]
        if len(names) < 2:
            continue
        for i, name in enumerate(names):
            end = names[i + 1].start() if i + 1 < len(names) else len(items)
            pieces = [p.strip() for p in re.split(r",|\s+and\s+", items[name.end():end])]
            said = next((p for p in pieces if p), "")
            said = re.sub(r"^who(?:['’]s|\s+is)\b", "is", said)
            if re.search(r"\?|^(?:any|can|could|what|how|should|please|pls|would|is\s+there|"
                         r"do|does|thoughts|ideas|help)\b", said, re.IGNORECASE):
                said = ""  # the question the turn goes on to ("…, any toy ideas?")
            out.append(f"my {one} {name.group(0)} {said}" if said
                       else f"I have {'an' if one[0] in 'aeiou' else 'a'} {one} called {name.group(0)}")
    return out


# "like The Weather, they're a band from Cork": a name, then what kind of act it is
_ACT = re.compile(
    r"(?P<name>(?-i:(?:The\s+)?[A-Z][\w'’&.-]*(?:\s+(?:[A-Z][\w'’&.-]*|of|and|the))*?)),?\s+"
    r"(?:they['’]re|they\s+are|they\s+r)\s+(?:an?|the|this)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:band|group|duo|trio|artists?|singers?|rappers?|djs?|collective|choir|act)\b",
    re.IGNORECASE)
# what "their" then points at: the act's work
_THEIR_WORK = re.compile(
    r"(?<![\w'’])their\s+(?=(?:(?:new|latest|last|first|debut|old|live|whole)\s+)?(?:albums?|"
    r"records?|music|songs?|singles?|eps?|stuff|tracks?|gigs?|tours?|shows?|discography)\b)",
    re.IGNORECASE)


def their_act(sentences: list[str]) -> list[str]:
    """"… like The Weather, they're a band from Cork, I've had their album on repeat for
    months": "their album" is The Weather's, said by name, so the memory names the band."""
    out: list[str] = []
    act: str | None = None
    for sentence in sentences:
        m = _ACT.search(sentence)
        if m is not None:
            act = m.group("name")
        if act is not None:
            start = m.end() if m is not None else 0
            sentence = sentence[:start] + _THEIR_WORK.sub(f"{act}'s ", sentence[start:])
        out.append(sentence)
    return out


def as_one(sentences: list[str]) -> list[str]:
    """What the user says in two pieces read as one: a move and where now (``moved_where``),
    relatives or pets counted and then named (``listed``), what chat leaves out said whole
    (``elided``),
    a request and that it holds from now on (``standing.declared``); what a question says is
    the user's, as a statement of its own (``owned.statements``); the name of the user's work
    and what the sentence beside it says of the work (``workspace.named_with_facts``); a band
    named and then its work as "their album" (``their_act``)."""
    from gieok.write.extract.elided import elided
    from gieok.write.extract.owned import statements
    from gieok.write.extract.standing import declared
    from gieok.write.extract.workspace import named_with_facts

    return named_with_facts(statements(declared(moved_where(listed(their_act(elided(sentences)))))))
