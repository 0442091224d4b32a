"""A first day somewhere new (W3/W6): the start of a new value of a place one attends.

"first day at Costco today, wish me luck", "first day at Lincoln Elementary today for my
daughter", "오늘 카카오 첫 출근!", "동생이 오늘 이디야 첫 출근했어", "지호 오늘 새 학교 첫
등교했어, 푸른초등학교": nothing in these says "works at" or "goes to", so no rule kept them,
and the old workplace or school stayed the current one. A first day at a place is a change
of the place the holder works at or attends, whatever the wording around it.

``started(sentence)`` reads who started (the user, a relative or pet named by a family word or
by name) and where, and whether the place is a school or a workplace: a place named like a
school (Elementary, 초등학교, 유치원 …) or said with 등교/"of school" is a school, a first
day "at work"/출근 a workplace. The rule builds the memory: the user's workplace takes the
``employer`` slot and a school the ``school:<whose>`` slot, so the newer value supersedes the
older one in reconciliation; a relative's new workplace is read as a change by ``changes``
(kind ``job``). Not a plan ("first day at X is next Monday" stays a plan memory elsewhere), a
question or a wish. Pure.
"""

from __future__ import annotations

import re

from dataclasses import dataclass

from gieok.domain.records import MemoryType
from gieok.write.extract.base import Hit, Rule, RuleContext
from gieok.write.extract.korean import FAMILY_KO, PETS_KO
from gieok.write.extract.patterns_en import FAMILY as FAMILY_EN
from gieok.write.extract.shift import moved_event

_SCHOOLISH = re.compile(r"\b(?:Elementary|Middle|High|Primary|Secondary|Montessori|School|"
                        r"Kindergarten|Preschool|Daycare|Academy|University|College)\b|"
                        r"초등학교|중학교|고등학교|유치원|어린이집|학교|대학교|[가-힣]{1,6}초$|"
                        r"[가-힣]{1,6}중$|[가-힣]{1,6}고$")
# the place as said: its name, the kind of site ("Amazon warehouse") and the town ("in Fresno")
_PLACE_EN = r"(?P<x>(?-i:[A-Z0-9][\w&.'’-]*)(?:\s+(?-i:[A-Z0-9][\w&.'’-]*|&|of)){0,4}" \
            r"(?:\s+(?:warehouse|store|office|plant|factory|branch|location|hospital|clinic|site|" \
            r"campus|headquarters|kitchen|restaurant|cafe|café|shop|lab|studio))?" \
            r"(?:\s+(?:in|at)\s+(?-i:[A-Z])[\w'’-]*(?:\s+(?-i:[A-Z])[\w'’-]*)?)?)"
_FIRST_EN = re.compile(
    rf"\b(?:my\s+(?P<who1>{FAMILY_EN})['’]s\s+)?(?:first|1st)\s+day\s+(?:of\s+(?:school|work)\s+)?"
    rf"(?:at|in)\s+(?:(?:the\s+)?new\s+(?:job|school)\s+(?:at\s+)?)?{_PLACE_EN}"
    rf"(?:[^.!?;]*?\bfor\s+my\s+(?P<who2>{FAMILY_EN})\b)?", re.IGNORECASE)
# "started (a new job / working / school) at <place>": read here with its subject (the user or
# a relative, said in the first person) and by ``changes`` in a stored memory ("User's husband
# started working at Mercy Clinic"); ``w`` says what was started, when said
STARTED_AT_EN = rf"started\s+(?P<w>(?:(?:a|my|her|his|their)\s+new\s+job\s+|working\s+|work\s+|" \
                rf"school\s+)?)at\s+{_PLACE_EN}"
_STARTED_EN = re.compile(
    rf"\b(?:(?P<i>I)|my\s+(?P<who1>{FAMILY_EN}))\s+(?:just\s+|finally\s+|officially\s+)?"
    rf"{STARTED_AT_EN}", re.IGNORECASE)
_RESOLVED_EN = re.compile(rf"^User['’]s\s+(?P<who>{FAMILY_EN})(?:\s+(?-i:[A-Z][a-z]+))?\b",
                          re.IGNORECASE)
_NOT_NOW_EN = re.compile(r"\?|\b(?:will|going\s+to|gonna|next|tomorrow|would|should|could)\b|"
                         r"\bif\s+(?:I|she|he|they)\b|\bis\s+(?:on|next)\b", re.IGNORECASE)

# a relative or pet as the subject: at the start, or with a subject particle ("새 학교": no one)
_WHO_KO = re.compile(rf"(?:^|\s)(?P<mine>(?:우리|저희|제|내)\s?)?(?P<who>{FAMILY_KO}|{PETS_KO})"
                     r"(?P<p>가|이|는|은|도)?(?=\s)")
_RESOLVED_KO = re.compile(rf"^사용자의\s+(?P<who>{FAMILY_KO}|{PETS_KO})(?:\s+(?P<name>(?!오늘|이번|요즘)"
                          r"[가-힣A-Za-z]{1,8}?))?(?:이|가|는|은|도)?(?=\s)")
_NAME_KO = r"(?P<name>[가-힣]{2,3})(?:이)?(?:가|는|은)?"
_FIRST_KO = re.compile(
    r"(?P<x>[가-힣A-Za-z0-9]{1,15}?)\s?(?:에|으로|로|에서)?\s?(?:오늘\s?)?첫\s?(?P<what>출근|등교|수업)")
_SCHOOL_NAME_KO = re.compile(r"[가-힣A-Za-z]{1,10}(?:초등학교|중학교|고등학교|유치원|어린이집)")
_NOT_NOW_KO = re.compile(r"\?|(?:할\s?거|예정|다음\s?주|내일|모레|하면|싶|까\b|려고)")
_NOT_PLACES = frozenset("오늘 새 새로운 드디어 이번 내일 회사 학교 직장 여기 거기 저 나 제가 내가 "
                        "우리 저희".split())


@dataclass(frozen=True)
class Start:
    """Who started where: ``whose`` is "user", a family or pet word, or a name; ``holder``
    how the memory names them ("User's daughter", "사용자의 아들 지호")."""

    whose: str
    place: str
    school: bool
    holder: str


def started(sentence: str) -> Start | None:
    """Who had their first day at which place, when ``sentence`` says so."""
    if re.search(r"[가-힣]", sentence):
        return _korean(sentence)
    if _NOT_NOW_EN.search(sentence):
        return None
    m = _FIRST_EN.search(sentence) or _STARTED_EN.search(sentence)
    if m is None:
        return None
    place = m.group("x").strip(" .,'’")
    if place.casefold() in ("the", "a", "my", "work", "school", "i"):
        return None
    groups = m.groupdict()
    who = (groups.get("who1") or groups.get("who2") or "user").casefold()
    school = bool(_SCHOOLISH.search(place)) or "of school" in m.group(0).casefold()
    own = _RESOLVED_EN.match(sentence)  # "User's daughter Mia …": resolved by coref
    if own is not None and who == "user" and m.group(0).casefold().startswith(("first", "1st")):
        return Start(own.group("who").casefold(), place, school, own.group(0).strip())
    return Start(who, place, school, "User" if who == "user" else f"User's {who}")


def _korean(sentence: str) -> Start | None:
    if _NOT_NOW_KO.search(sentence):
        return None
    m = _FIRST_KO.search(sentence)
    if m is None:
        return None
    school = m.group("what") in ("등교", "수업")
    place = m.group("x")
    named = _SCHOOL_NAME_KO.search(sentence)
    if school and named is not None:
        place = named.group(0)  # "새 학교 첫 등교했어, 푸른초등학교": the school named
    if place in _NOT_PLACES or re.fullmatch(rf"{FAMILY_KO}|{PETS_KO}", place):
        return None
    before = sentence[:m.start()]
    resolved = _RESOLVED_KO.match(before)  # "사용자의 아들 지호 오늘 …": resolved by coref
    school = school or bool(_SCHOOLISH.search(place))
    if resolved is not None:
        holder = re.sub(r"(?:이|가|는|은|도)$", "", resolved.group(0).strip())
        return Start(resolved.group("name") or resolved.group("who"), place, school, holder)
    who = next((w for w in _WHO_KO.finditer(before)
                if w.group("p") or w.group("mine") or w.start() == 0), None)
    if who is not None:
        whose = who.group("who")
    else:
        name = re.match(rf"^\s*{_NAME_KO}\s", before)
        whose = name.group("name") if name is not None and name.group("name") not in \
            _NOT_PLACES and school else "user"
    return Start(whose, place, school, "사용자" if whose == "user" else f"사용자의 {whose}")


def _hit(m: re.Match[str], ctx: RuleContext) -> Hit | None:
    found = started(ctx.sentence)
    if found is None:
        return None
    whose, place, school = found.whose, found.place, found.school
    if re.search(r"[가-힣]", ctx.sentence):
        last = found.holder[-1]
        topic = "은" if "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 else "는"
        content = f"{found.holder}{topic} {place}에 {'다니기 시작했다' if school else '첫 출근했다'}"
    else:
        content = f"{found.holder} started {'at' if school else 'working at'} {place}"
    if school:
        return Hit(content=content, family="family" if whose != "user" else "work",
                   slot=f"school:{whose.casefold()}", value=place.casefold(),
                   tags=("family",) if whose != "user" else ())
    if whose == "user":
        return Hit(content=content, family="work", slot="employer", value=place.casefold(),
                   tags=("job",))
    return Hit(content=content, family="family", tags=("family",))


def _moved(m: re.Match[str], ctx: RuleContext) -> Hit | None:
    content = moved_event(ctx.sentence)
    return Hit(content=content, family="plan", type=MemoryType.GOAL, tags=("plan",)) \
        if content else None


_TRIGGER_EN = re.compile(r"\b(?:first|1st)\s+day\b|\bstarted\s+(?:\w+\s+){0,3}?at\b", re.IGNORECASE)
_TRIGGER_KO = re.compile(r"첫\s?(?:출근|등교|수업)")
# an event's new date starts too (``shift.moved_event``): registered here with the other starts
_MOVED_EN = re.compile(r"\b(?:moved|pushed\s+back|postponed|rescheduled|brought\s+forward|moved\s+up|"
                       r"delayed|bumped)(?:\s+back)?\s+(?:to|till|until)\b", re.IGNORECASE)
_MOVED_KO = re.compile(r"(?:으로|로)\s?(?:밀렸|밀림|미뤄졌|미뤘|미룸|연기|당겨졌|당겼|앞당겼|옮겨졌|바뀌었|"
                       r"바뀜|변경)")
RULES_EN = [Rule("started", _TRIGGER_EN, _hit), Rule("moved_event", _MOVED_EN, _moved)]
RULES_KO = [Rule("started", _TRIGGER_KO, _hit), Rule("moved_event", _MOVED_KO, _moved)]
