"""What a compound memory said besides the one detail a change replaced (W6, issue 16).

A memory often states several things at once: "사용자의 강아지 보리는 닭고기 알러지가 있어서
연어 사료만 먹는다" (an allergy, and the food), "우리 팀 백엔드는 FastAPI + Postgres 15 쓰고
배포는 fly.io로 한다" (a stack, and where it is deployed), "User is a product manager at a
fintech in Toronto" (a role, an employer, a city). When a later sentence changes one of them
("보리 사료를 오리로 바꿨어요", "배포는 AWS ECS로 옮겼어", "I got promoted to senior PM"),
reconciliation supersedes the whole memory — and without this module the details the change
left alone (the allergy, the stack, the employer and the city) stopped being current with it.

``unchanged`` reads the old memory clause by clause (Korean: a predicate joined by -고, or a
state joined by -어서; English: clauses joined by "and", ";", ", so", or sentences) and keeps
the clauses that share no word with the change (beyond whom the memory is about); ``same_job``
keeps the workplace of a job whose role alone changed. The caller stores what is kept as a
memory of its own, current from the change on, with the old memory's sources (its whole old
wording stays in history, superseded). Pure: no store, no clock.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gieok.text.hangul import HANGUL
from gieok.write.extract.korean import to_memory, tokens
from gieok.write.extract.patterns_en import FAMILY as FAMILY_EN

# the words that join two Korean clauses, each with its own predicate: "1학년이고", "쓰고";
# a state given as the reason for the next ("알러지가 있어서")
_AND_KO = frozenset({"고"})
_BECAUSE_KO = frozenset({"어서", "아서", "여서", "해서", "서"})
_VERBAL = ("VV", "VA", "VCP", "VCN", "XSV", "XSA", "EP")
_STATE = ("VA", "VCP", "VCN", "XSA")
# words every memory is built with: sharing one says nothing about which detail changed
_PLAIN_EN = frozenset(
    """user user's users is are was were be been has have had does do did the a an of in on
    at to for with and or but so now still also their his her its they them it this that
    as by from new old not no more than very just got get gets""".split())
_NOUNS_KO = ("NNG", "NNP", "SL", "SH", "XR")
_PLAIN_KO = frozenset({"사용자", "이제", "요즘", "지금", "매일", "매주", "다시", "같이", "그대로"})


_OWN = "\x00"  # marks a later Korean clause with a topic of its own


def _words_ko(text: str) -> set[str]:
    return {t.form.casefold() for t in tokens(text) if t.tag.startswith(_NOUNS_KO)
            and t.form not in _PLAIN_KO and (len(t.form) > 1 or t.tag == "SL")}


def _stem(word: str) -> str:
    """"works", "working", "worked" → "work": a word said in another form is the same word."""
    return re.sub(r"(?:ing|ed|es|s)$", "", word) if len(word) > 5 else word


def _words_en(text: str) -> set[str]:
    return {_stem(w.casefold().rstrip(".")) for w in re.findall(r"[A-Za-z0-9][A-Za-z0-9_.+'’-]*", text)
            if w.casefold().rstrip(".") not in _PLAIN_EN and len(w) > 1}


def _words(text: str) -> set[str]:
    words = _words_en(text)
    if HANGUL.search(text):
        words |= _words_ko(text)
    return {w[:-2] if w.endswith(("'s", "’s")) else w for w in words}


# -- Korean: clauses joined by -고 / -어서 ------------------------------------------------------

def _clauses_ko(text: str) -> tuple[str, list[tuple[str, str]]] | None:
    """The memory's topic ("사용자의 딸 지아는") and its clauses, each as (what it says, the
    clause's own words without the topic); None when it is one clause."""
    toks = tokens(text)
    cuts: list[int] = []
    for i, t in enumerate(toks[1:-1], start=1):
        before, after = toks[i - 1], toks[i + 1]
        if t.tag != "EC" or not before.tag.startswith(_VERBAL) or after.tag.startswith(("VX", "EC")):
            continue  # "배우고 있다", "먹고 싶다": one predicate, not two clauses
        if t.form in _AND_KO or t.form in _BECAUSE_KO and (
                before.tag.startswith(_STATE) or before.form in ("있", "없")):
            cuts.append(t.end)
    if not cuts:
        return None
    topic_end = next((t.end for t in toks if t.tag == "JX" and t.form in ("은", "는")), None)
    if topic_end is None or topic_end > cuts[0]:
        return None  # no topic the later clauses can share
    topic = text[:topic_end].strip()
    spans = list(zip([0, *cuts], [*cuts, len(text)]))
    out: list[tuple[str, str]] = []
    for n, (a, b) in enumerate(spans):
        said = text[a:b].strip(" ,")
        if not said:
            return None
        own = said[len(topic):].strip() if n == 0 else said
        if n < len(spans) - 1:  # "1학년이고" → "1학년이다": the clause said as a sentence
            said = to_memory(said, speaker=False) or ""
            if not said:
                return None
        if n > 0 and re.match(r"^(?:\S+\s){0,2}?\S+(?:은|는)\s", said):
            # a topic of its own ("배포는 fly.io로 한다"; "고기는 안 먹고" after "채식
            # 시작했다", which may be what changed in other words: never kept, see below)
            out.append((said, _OWN + own))
            continue
        if n > 0:  # it shares the memory's topic
            said = f"{topic} {said}"
        out.append((said, own))
    return topic, out


# -- English: clauses joined by "and", ";", ", so", or sentences --------------------------------
_JOIN_EN = re.compile(r"(?<=[.!?])\s+|;\s+|,\s+(?:and|so|but)\s+|,\s+(?=User\b)|\s+and\s+(?=(?:is|has|have|was|"
                      r"works?|lives?|takes?|goes|go|uses?|eats?|drinks?|plays?|does|do|doesn't|"
                      r"don't|isn't|can't|loves?|likes?|hates?|wants?|needs?|keeps?|runs?|"
                      r"teach(?:es)?|stud(?:y|ies)|attends?)\b)|"
                      # "… and their advisor meeting is every other friday": a clause with a
                      # subject of the user's own ("their X is …")
                      r"\s+and\s+(?=(?:their|his|her)\s+(?:[\w'’-]+\s+){1,3}?(?:is|are|was|has)\b)",
                      re.IGNORECASE)
# "User is doing dry january and training for the seoul marathon": two -ing predicates of one
# "is" (split only after a clause that says "User is …ing")
_JOIN_ING = re.compile(r"\s+and\s+(?=(?-i:[a-z])+ing\b)")
_SUBJECT_EN = re.compile(r"^(?P<s>User(?:'s|’s)?(?:\s+(?!is\b|has\b|was\b|and\b)[\w'’-]+){0,3}?)\s+"
                         r"(?=is\b|has\b|was\b|are\b|[a-z]+s\b|[A-Z]{2,}s\b|[a-z]+ed\b|can\b|does\b)")
_IS_ING = re.compile(r"^User\s+(?:is|was)\s+(?:now\s+|also\s+|still\s+)?[a-z]+ing\b")


# a pronoun that points back at something another clause named
_BACK_EN = re.compile(r"\b(?:he|she|him|her|it|they|them|its)\b", re.IGNORECASE)
# a clause about someone of the user's, said with a possessive: a subject of its own
_THEIR = re.compile(r"^(?:their|his|her)\s+(?=[a-z]+\s+(?-i:[A-Z]))")
_THEIR_THING = re.compile(r"^their\s+(?=(?:[\w'’-]+\s+){1,3}?(?:is|are|was|has)\b)")
_BASE_EN = {"have": "has", "do": "does", "go": "goes", "don't": "doesn't", "teach": "teaches",
            "study": "studies"}


def _third_person(clause: str) -> str:
    """"live in Ottawa" → "lives in Ottawa": a clause after "and" said in the first person
    ("… and live in Ottawa", as the user said it) takes the memory's third-person subject."""
    first, _, rest = clause.partition(" ")
    verb = _BASE_EN.get(first) or (f"{first}s" if re.fullmatch(
        r"work|live|take|use|eat|drink|play|love|like|hate|want|need|keep|run|attend", first) else first)
    return f"{verb} {rest}".strip()


def _clauses_en(text: str) -> tuple[str, list[tuple[str, str]]] | None:
    parts = [p.strip(" .") for p in _JOIN_EN.split(text.strip()) if p and p.strip(" .")]
    if parts and _IS_ING.match(parts[0]):  # "User is doing X and training for Y"
        head = [p.strip(" .") for p in _JOIN_ING.split(parts[0]) if p.strip(" .")]
        parts = [head[0], *(f"is {p}" for p in head[1:]), *parts[1:]]
    if len(parts) < 2:
        return None
    m = _SUBJECT_EN.match(parts[0])
    if m is None:
        return None
    subject = m.group("s")
    out: list[tuple[str, str]] = []
    for n, part in enumerate(parts):
        pronoun = re.match(r"^(?:he|she|they|it)\s+", part, re.IGNORECASE)
        if n == 0:
            out.append((part, part[len(subject):]))
        elif pronoun is not None:  # "he has lessons on Tuesdays": the memory's subject
            out.append((f"{subject} {part[pronoun.end():]}", part[pronoun.end():]))
        elif re.match(r"^(?:User|[A-Z][a-z]+(?:'s|’s)?\s+(?:is|has|was))\b", part):
            out.append((part, part))
        elif (own := _THEIR.match(part)) is not None:  # "their partner Jo is vegan": the user's
            out.append((f"User's {part[own.end():]}", part))
        elif (own := _THEIR_THING.match(part)) is not None:  # "their advisor meeting is …"
            out.append((f"User's {part[own.end():]}", part))
        elif re.match(r"^[a-z]", part):  # "and works nights": the subject is the memory's
            out.append((f"{subject} {_third_person(part)}", part))
        else:
            return None
    return subject, out


# "User's goals: run a half marathon and learn Spanish": a head, then the items it lists
_LIST_EN = re.compile(r"^(?P<head>User[^:.!?]{0,60}:)\s+(?P<items>[^:;.!?]+?)\.?$")
_ITEM_EN = re.compile(r",\s+(?:and\s+)?|\s+and\s+")


def _items_en(text: str) -> tuple[str, list[tuple[str, str]]] | None:
    """A memory that lists things after a colon: its head, and each item as its own clause."""
    m = _LIST_EN.match(text.strip())
    if m is None:
        return None
    items = [i.strip() for i in _ITEM_EN.split(m.group("items")) if i.strip()]
    return (m.group("head"), [(i, i) for i in items]) if len(items) >= 2 else None


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _inside(a: str, b: str) -> bool:
    return a == b or min(len(a), len(b)) > 2 and (a in b or b in a)


def unchanged(old: str, new: str, names: Iterable[str] = ()) -> str | None:
    """``old`` without the clauses ``new`` changed, when it is made of several clauses and
    some share no word with ``new`` (nor with ``names``, the old values the change named) —
    those the change left alone, said as their own memory. None when ``old`` is one clause,
    when every clause is touched by the change (the whole memory is the old value), or when
    none is (what changed is not told apart)."""
    read = _clauses_ko(old) if HANGUL.search(old) else _clauses_en(old) or _items_en(old)
    if read is None:
        return None
    subject, clauses = read
    mine = _words(subject)
    theirs = (_words(new) | {w.casefold() for n in names for w in _words(n)}) - mine
    # a word inside another counts ("헬스" in "헬스장"): when unsure, the clause changed
    # a clause that says "him", "it" … of something named in another may be about what
    # changed ("User walks him every morning" of a dog who died): never kept alone
    # (a word of two letters only as itself: "PI" is not in "piano")
    touched = [any(_inside(a, b) for a in _words(own) for b in theirs)
               or _BACK_EN.search(own) is not None for _, own in clauses]
    if all(touched) or not any(touched) or any(
            own.startswith(_OWN) for (_, own), hit in zip(clauses, touched, strict=True) if not hit):
        return None  # (a clause of its own topic left alone may still be what changed)
    kept = [said.rstrip(" .") for (said, _), hit in zip(clauses, touched, strict=True) if not hit]
    if subject.endswith(":"):  # the items of a list left, as a list
        return f"{subject} {_listed(kept)}"
    return ". ".join(kept)


# -- a job whose role alone changed -------------------------------------------------------------
# "User is a product manager at a fintech in Toronto": a role, then where it is held
_JOB_EN = re.compile(r"^User\s+is\s+(?:now\s+)?(?:an?\s+|the\s+)?(?P<role>[\w'’ -]+?)\s+"
                     r"(?P<where>(?:at|with|for)\s+[^;!?]+?)\s*\.?$")
# "User works at Shopify in Ottawa as a support lead": where, then the role
_WORKS_AS_EN = re.compile(r"^User\s+works\s+(?P<where>(?:at|for|with)\s+[^;!?]+?)\s+as\s+(?:an?\s+|the\s+)?"
                          r"(?P<role>[\w'’ -]+?)\s*\.?$")
# "사용자는 토스에서 PM으로 일한다", "사용자는 토스 PM이다"
_JOB_KO = re.compile(r"^(?P<lead>사용자는\s+)(?P<where>(?:\S+\s){0,2}?\S+에서)\s+(?P<role>(?:\S+\s){0,2}?\S+?)"
                     r"(?:으로|로)\s+(?P<verb>일한다|근무한다|일하고\s있다|근무하고\s있다)$")
# the change names a new role only: a promotion, a new title ("now a senior PM", "became
# team lead"), never a new workplace ("… at Stripe", "… 카카오로")
_ROLE_ONLY_EN = re.compile(r"\b(?:promoted|promotion|became|become|now\s+(?:an?\s+)?(?:senior|lead|"
                           r"head|principal|staff|chief|junior)|(?:made|named)\s+(?:an?\s+)?"
                           r"(?:senior|lead|head|principal|staff|chief|manager|director|partner))\b",
                           re.IGNORECASE)
_ROLE_ONLY_KO = re.compile(r"승진|진급|(?:으로|로)\s?(?:올라갔|올랐)")
_NEW_PLACE_EN = re.compile(r"\b(?:at|with|for|joined)\s+(?:a\s+|an\s+|the\s+)?(?-i:[A-Z])|"
                           r"\b(?:new\s+(?:job|company|employer|firm|place)|left|quit|moved|"
                           r"switched|transferred|different)\b", re.IGNORECASE)
_NEW_PLACE_KO = re.compile(r"이직|퇴사|그만|옮겼|옮긴|옮기|새\s?회사|다른\s?회사|입사")


def same_job(old: str, new: str) -> str | None:
    """The workplace of a job memory whose role alone ``new`` changed: "User got promoted to
    senior PM" after "User is a product manager at a fintech in Toronto" → "User works at a
    fintech in Toronto" (the employer and city still hold; the old title is history). None
    when ``new`` names a new workplace, or ``old`` is not a role held somewhere."""
    if HANGUL.search(new) or HANGUL.search(old):
        if not _ROLE_ONLY_KO.search(new) or _NEW_PLACE_KO.search(new):
            return None
        m = _JOB_KO.match(old.strip().rstrip("."))
        return f"{m.group('lead')}{m.group('where')} {m.group('verb')}" if m else None
    if not _ROLE_ONLY_EN.search(new) or _NEW_PLACE_EN.search(new):
        return None
    m = _JOB_EN.match(old.strip()) or _WORKS_AS_EN.match(old.strip())
    if m is None or len(m.group("role").split()) > 4:
        return None
    return f"User works {m.group('where')}"


# -- a date or a time changed inside a memory that says more ------------------------------------
# (never the days of a stay: "3박 4일")
_DAY_KO = r"(?:\s?[월화수목금토일]요일)?"
_WHEN_KO = re.compile(rf"(?<!\d)(?<!박)(?<!박\s)(?:\d{{1,2}}월\s?\d{{1,2}}일{_DAY_KO}|\d{{1,2}}일{_DAY_KO}|[월화수목금토일]요일)|"
                      r"(?:(?:오전|오후|아침|저녁|밤)\s?)?(?<!\d)\d{1,2}시(?:\s?반|\s?\d{1,2}분)?")
_MONTH_EN = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_WHEN_EN = re.compile(rf"\b(?:{_MONTH_EN}\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?"
                      rf"{_MONTH_EN}|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|"
                      r"\d{1,2}(?::\d\d)?\s?(?:am|pm)|\d{1,2}:\d\d)\b", re.IGNORECASE)
# how far a date moved ("일주일 미뤘어", "pushed it back a week"): said with the change, not news
_BY = re.compile(r"(?<![가-힣\d])(?:일주일|이틀|사흘|나흘|하루|한\s?주|두\s?주|한\s?달|\d+\s?(?:주|주일|달|개월))"
                 r"(?:\s?(?:정도|쯤|더|만))?(?![가-힣])|\b(?:by\s+)?(?:a|one|two|three|\d+)\s+"
                 r"(?:days?|weeks?|months?)\b", re.IGNORECASE)
# a month said relative to when the old date was said ("다음 달 15일"): it goes with that day
_REL_MONTH_KO = re.compile(r"(?:다음|이번|담|다다음)\s?달\s?$")
# the words a change is said with, besides what changed and its new value
_CHANGE_EN = frozenset("""moved move moving pushed push postponed rescheduled changed change
    bumped switched shifted back up till until instead""".split())


def _kind(when: str) -> str:
    return "time" if re.search(r"시|:|am|pm", when, re.IGNORECASE) and not re.search(
        r"월\s?\d|일$|요일|day", when, re.IGNORECASE) else "date"


def rewritten(old: str, new: str, value: str) -> tuple[str, str] | None:
    """``old`` with its one date (or time) replaced by ``value``, and the date it had, when
    ``new`` only moves that date: "사용자는 party 5월 2일로 미뤘다" after "사용자의 생일 party 4월
    25일 토요일로 잡았다, 홍대 bar에서" → "사용자의 생일 party 5월 2일로 잡았다, 홍대 bar에서"
    (the place, said only in the old memory, stays current with the new date). None when
    ``value`` is no date or time, ``old`` states none or several of that kind, or ``new``
    says anything more (a reason, a new place: it stays a memory of its own words)."""
    pattern = _WHEN_KO if HANGUL.search(value) else _WHEN_EN
    said = pattern.fullmatch(value.strip())
    if said is None:
        return None
    same = [m for m in (_WHEN_KO if HANGUL.search(old) else _WHEN_EN).finditer(old)
            if _kind(m.group(0)) == _kind(value)]
    if len(same) != 1:
        return None
    rest = _BY.sub(" ", pattern.sub(" ", new))
    if not _words(rest) - {w.casefold() for w in _CHANGE_EN} <= _words(old):
        return None
    m = same[0]
    start = m.start()
    rel = _REL_MONTH_KO.search(old[:start]) if "월" not in value else None
    if rel is not None:  # "다음 달 15일" → "22일": the memory is dated when the move was said
        start = rel.start()
    return f"{old[:start]}{value.strip()}{old[m.end():]}", old[start:m.end()]


# -- a companion gone: "Ana moved to Seattle so I'm running it alone now" --------------------------
# the user does it without the others now: alone, on their own, by themselves, just the user
_ALONE_EN = re.compile(r"\b(?:alone|on\s+(?:their|my)\s+own|by\s+(?:themselves|myself)|solo|"
                       r"just\s+(?:the\s+user|me|User))\b", re.IGNORECASE)
# someone said to have gone: a name, then a verb of leaving ("Ana moved to Seattle", "Tom
# quit", "Jo and User broke up")
_GONE_EN = re.compile(r"\b(?P<name>(?-i:[A-Z][a-z]+))\s+(?:(?:has|had|just|finally|recently|"
                      r"and\s+User)\s+)?(?:moved|left|quit|retired|passed\s+away|died|went\s+back|"
                      r"stepped\s+(?:down|back|away)|broke\s+up|split\s+up|dropped\s+out)\b",
                      re.IGNORECASE)
_KIN_EN = r"(?:(?:their|his|her|my)\s+)?(?:(?:" + FAMILY_EN + r"|friend|business\s+partner|co-?founder|"
_KIN_EN += r"roommate|flatmate|colleague|coworker)\s+)?"


def without_companion(old: str, new: str) -> str | None:
    """``old`` without the person ``new`` says the user now does without: "User runs a small
    bakery in Portland with their sister Ana" → "User runs a small bakery in Portland" after
    "Ana moved to Seattle so User is running it alone now" (the bakery, the city and the hours
    still hold; Ana's part ended). Only a "with <them>" phrase naming someone ``new`` says
    has gone (moved, left, quit …), and only when ``new`` says the user is alone in it now.
    None otherwise."""
    if HANGUL.search(old) or not _ALONE_EN.search(new):
        return None
    names = {m.group("name") for m in _GONE_EN.finditer(new)} - {"User"}
    left = _household_left(old, names)
    if left is not None:
        return left
    for name in names:
        m = re.search(rf",?\s+(?:together\s+)?with\s+{_KIN_EN}{re.escape(name)}\b", old)
        if m is not None and not re.search(rf"\b{re.escape(name)}\b", old[m.end():]):
            rest = f"{old[:m.start()]}{old[m.end():]}".strip()
            return rest if len(rest.split()) >= 3 else None
    return None


# -- a thing moved to another place inside a memory that says more --------------------------------
# where a thing is kept, hosted or held: "on render", "at Hetzner" (a bare name, no article: "on
# a django app" is what the user works on, not where)
_WHERE_EN = re.compile(r"\b(?:on|at)\s+(?P<v>(?!(?:a|an|the|my|their|his|her|its|our|this|that)\b)"
                       r"[\w][\w.-]*)(?=\s*(?:[,;!?]|\.(?:\s|$)|$|\s+(?:and|but|since|for)\b))",
                       re.IGNORECASE)
_MOVE_EN = re.compile(r"\b(?:moved|moving|migrated|migrating|switched|switching|transferred|"
                      r"ported)\b", re.IGNORECASE)
_WHEN_SAID_EN = frozenset("""this last weekend week today yesterday finally just month night
    over recently""".split())


def relocated(old: str, new: str, things: Iterable[str], value: str) -> tuple[str, str] | None:
    """``old`` with the place its thing was at replaced by ``value``, and the place it had,
    when ``new`` only moves that thing: "User moved ledgerly to fly.io this weekend" after
    "User is working on a django app called ledgerly, postgres 16 on render" → "… postgres
    16 on fly.io" (the stack still holds; the host changed). Only a move verb, one place said
    after the thing in ``old`` (a bare name after on/at, never a date or a number), and
    nothing in ``new`` beyond the thing, the place, the verb and when. None otherwise."""
    if HANGUL.search(old) or HANGUL.search(new) or not _MOVE_EN.search(new):
        return None
    at = min((m.end() for t in things for m in [re.search(rf"\b{re.escape(t)}\b", old, re.IGNORECASE)]
              if m is not None), default=None)
    if at is None:
        return None
    where = [m for m in _WHERE_EN.finditer(old, at) if not _WHEN_EN.fullmatch(m.group("v"))
             and not re.match(r"\d", m.group("v"))]
    if len(where) != 1 or where[0].group("v").casefold() == value.casefold():
        return None
    rest = _words(new.replace(value, " ")) - _words(old) - {_stem(w) for w in _CHANGE_EN} \
        - _WHEN_SAID_EN - {"migrat", "migrated", "transferr", "port", "ported", "over"}
    if rest:
        return None
    m = where[0]
    return f"{old[:m.start('v')]}{value}{old[m.end('v'):]}", m.group("v")


# "User lives with two roommates, Dana and Felix": who the user lives with, listed by name
_LIVES_WITH = re.compile(r"^(?P<head>User\s+lives\s+with)\s+(?:(?:their|two|three|four|a|an|my)\s+)?"
                         r"(?:(?P<kind>(?-i:[a-z]+?))s?,?\s+)?(?P<names>(?-i:[A-Z][a-z]+)(?:(?:,\s+|,?\s+and\s+)"
                         r"(?-i:[A-Z][a-z]+))+)\s*\.?$", re.IGNORECASE)


def _household_left(old: str, gone: set[str]) -> str | None:
    """Who the user still lives with when some of those listed have gone: "User lives with
    two roommates, Dana and Felix" after "Dana moved out, it's just me and Felix now" →
    "User lives with their roommate Felix". None unless ``old`` lists the household by name
    and names each one gone."""
    m = _LIVES_WITH.match(old.strip())
    if m is None or not gone:
        return None
    names = re.findall(r"[A-Z][a-z]+", m.group("names"))
    if not gone <= set(names):
        return None
    rest = [n for n in names if n not in gone]
    if not rest:
        return None
    kind = (m.group("kind") or "").casefold()
    kind = kind if kind and kind not in ("and",) else ""
    said = _listed(rest)
    if kind:
        said = f"their {kind}{'s' if len(rest) > 1 else ''} {said}"
    return f"{m.group('head')} {said}"


# the date a change moved to: "… moved the user up to march 2", "pushed it to september"
_TO_WHEN_EN = re.compile(rf"\b(?:to|till|until)\s+(?:the\s+)?(?P<v>{_WHEN_EN.pattern}|(?:january|february|march|"
                         r"april|may|june|july|august|september|october|november|december)\b)",
                         re.IGNORECASE)


def redated(old: str, new: str) -> str | None:
    """``old`` (the one dated plan a change of no named event moved) at the date ``new``
    moves it to: "Knee surgery is set for march 12, need to plan User's recovery weeks" after
    "Surgeon had a cancellation, they moved the user up to march 2" → "Knee surgery is set for
    march 2, …" — alone, the new sentence would not say what moved. None when ``new`` says no
    date after to/till/until or ``old`` states none or several."""
    if HANGUL.search(old) or HANGUL.search(new):
        return None
    to = _TO_WHEN_EN.search(new)
    if to is None:
        return None
    value = to.group("v")
    same = [m for m in _WHEN_EN.finditer(old) if _kind(m.group(0)) == _kind(value)]
    if len(same) != 1:
        return None
    m = same[0]
    end = m.end()
    if not re.search(r"\d", value) and (rng := re.match(r"\s?[-–]\s?\d{1,2}\b", old[end:])):
        end += rng.end()  # "june 8-15" moved to "september": the whole span goes
    return f"{old[:m.start()]}{value}{old[end:]}"
