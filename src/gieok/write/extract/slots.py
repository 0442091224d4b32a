"""Slots for memories kept as whole sentences (W6): what a newer sentence replaces.

A whole-sentence memory ("User's daughter Jiyu goes to Haetsal kindergarten") has no slot,
so a later "지유 이번에 서울초등학교 입학했어" was stored beside it and ``context()`` showed both
as current. Some things have one value at a time whatever the wording — a pet's food, the
phone the user carries, the school a child (or the user) attends — and the slot says so:
the newer memory supersedes the older one in reconciliation. ``slot_for`` reads the
(resolved, third-person) sentence; it needs both the thing (a school word, a phone model)
and a verb of having or attending, so a question or a remark about someone else's phone
does not take the slot. Pure.
"""

from __future__ import annotations

import re

from gieok.write.extract import diets, dose_change, owned, started
from gieok.domain.records import MemoryType
from gieok.write.extract.base import Hit, Rule, RuleContext, is_single_valued
from gieok.write.extract.generic import is_korean, pet_diet
from gieok.write.extract.health import is_medicine
from gieok.write.extract.partners import partner
from gieok.write.extract.patterns_en import FAMILY
from gieok.write.extract.retired import retired

# -- the phone the user carries -----------------------------------------------------------
_PHONE = re.compile(
    r"\b(?P<x>(?:iPhone|Galaxy|Pixel|Xperia|OnePlus|Moto\s?G|Nothing\s+Phone)(?:\s+(?!now\b|too\b|"
    r"lol\b|last\b|this\b|and\b|but\b|so\b)[A-Za-z]*\d+[A-Za-z+]*(?:\s+(?:Pro|Max|Ultra|Plus|"
    r"mini|FE|Edge|Fold\d*|Flip\d*))*|\s+(?:Fold|Flip)\s?\d+)?)|"
    r"(?P<k>(?:아이폰|갤럭시|갤|픽셀)\s?(?:[A-Za-z]*\s?\d+[A-Za-z+]*|폴드\s?\d*|플립\s?\d*)?"
    r"(?:\s?(?:프로|맥스|울트라|플러스|미니|Pro|Max|Ultra|Plus))*)", re.IGNORECASE)
_HAS_PHONE = re.compile(
    r"\b(?:use|uses|using|have|has|got|get|bought|buy|switched|switching|upgraded|carry|traded|"
    r"swapped|replaced|"
    r"carries|own|owns|on\s+an?)\b|(?:써|쓰고|쓴다|쓰는|샀|바꿨|바꿔|갈아탔|구입|구매|사용|"
    # the casual noun endings (음슴체): "갤럭시로 갈아탐", "아이폰 바꿈", "새로 샀음"
    r"갈아탐|갈아탄|바꿈|바꾼|씀)", re.IGNORECASE)
_NOT_MINE = re.compile(r"\?|\b(?:should|would|could|if|thinking\s+about|considering|want|wants|"
                       r"wish|maybe)\b|(?:살까|바꿀까|고민|싶|할까|어때|추천)", re.IGNORECASE)

# -- the school a child (or the user) attends ----------------------------------------------
_SCHOOL_EN = re.compile(
    r"\b(?:goes\s+to|go\s+to|attends?|attending|started(?:\s+at)?|starts(?:\s+at)?|"
    r"enrolled\s+(?:in|at)|"
    r"transferred\s+to|moved\s+to|is\s+in|(?:is|['’]s)\s+in\s+(?:\w+\s+){1,2}?grade\s+at)\s+(?P<x>(?:[A-Z][\w'’.-]*\s+){0,4}?(?:Elementary|Middle|"
    r"High|Primary|Secondary|Montessori)?\s*(?:School|Kindergarten|Preschool|Daycare|Academy|"
    r"University|College)\b|(?:[A-Z][\w'’.-]*\s+){1,3}?(?:Elementary|Middle|High|Primary)\b|"
    r"(?:a|the)\s+(?:new\s+)?(?:daycare|preschool|kindergarten))")
_SCHOOL_KO = re.compile(
    r"(?P<x>[가-힣A-Za-z0-9]{0,12}(?:유치원|어린이집|초등학교|중학교|고등학교|대학교|대학원|학교))"
    r"(?:에|을|를|으로|로|에서)?\s?(?:잘\s)?(?:다녀|다니|다닌|입학|전학|들어갔|들어가|진학|붙었|합격|"
    r"\d\s?학년(?:이|생))")
# whose school: the relative or pet the resolved sentence begins with, else the user
_WHO_EN = re.compile(r"^User['’]s\s+(?:[\w-]+\s+){0,2}?(?P<who>[A-Z][a-z]+)\b|"
                     rf"^User['’]s\s+(?P<kin>{FAMILY})(?:['’]s)?\s(?!(?-i:[A-Z]))")
_WHO_KO = re.compile(r"^사용자의\s+\S+\s+(?P<who>[가-힣A-Za-z]{1,6}?)(?:이)?(?:는|은|가|이|도)?(?=\s)")


def phone(sentence: str) -> str | None:
    """The phone model the user says they have or switched to ("switched to a Galaxy S25",
    "아이폰 15 프로 써요")."""
    if _NOT_MINE.search(sentence):
        return None
    own = re.match(rf"^(?:User['’]s|사용자의)\s+(?:{_PHONE.pattern})", sentence, re.IGNORECASE)
    if own is None and not _HAS_PHONE.search(sentence):
        return None  # "User's iPhone 12 battery dies by noon": their phone, said in passing
    if own is None and not re.match(r"^(?:User(?!['’])\b|사용자(?:는|가|도)?\s)", sentence):
        return None  # someone else's phone ("User's sister got a Galaxy"), or no statement
    # "아이폰 팔고 갤럭시 S25로 바꿨어", "switched from iPhone to Pixel": the phone now is the
    # one not left behind
    gone = [name.casefold() for name in retired(sentence)]
    for m in _PHONE.finditer(sentence):
        model = re.sub(r"\s+", " ", (m.group("x") or m.group("k") or "")).strip().casefold()
        if model and not any(model.startswith(g) or g.startswith(model) for g in gone):
            return model
    return None


def school(sentence: str) -> tuple[str, str] | None:
    """(whose, school) when the sentence says who attends or entered which school:
    "User's daughter Jiyu goes to Haetsal Kindergarten", "사용자의 딸 지유 이번에 서울초등학교
    입학했다" (whose = the name, or "user")."""
    if _NOT_MINE.search(sentence):
        return None
    m = _SCHOOL_KO.search(sentence) if is_korean(sentence) else _SCHOOL_EN.search(sentence)
    if m is None:
        return None
    who = _WHO_KO.match(sentence) if is_korean(sentence) else _WHO_EN.match(sentence)
    if who is not None:  # the name, else the family word ("User's daughter's in 2nd grade")
        whose = (who.groupdict().get("who") or who.group("kin")).casefold()
    elif re.match(r"^(?:User(?!['’])\b|사용자(?:는|가|도)?\s)", sentence):
        whose = "user"
    else:
        return None
    return whose, m.group("x").strip().casefold()


def slot_for(sentence: str, content: str) -> tuple[str, str] | None:
    """(slot, value) of a whole-sentence memory with one value at a time, if it has one:
    ``sentence`` as the user said it, ``content`` the memory made of it."""
    diet = pet_diet(sentence)  # "나비 사료를 힐스로 바꿨어": a pet's food
    if diet is not None:
        return f"pet_diet:{diet[0]}", diet[1]
    model = phone(content)
    if model is not None:
        return "phone", model
    attends = school(content)
    if attends is not None:
        return f"school:{attends[0]}", attends[1]
    years = age(content)
    if years is not None:
        return f"age:{years[0]}", years[1]
    with_whom = partner(content)  # "User's boyfriend Jun …", "Marcus and User broke up"
    if with_whom is not None:
        return "relationship", with_whom
    return None


# -- a relative's or pet's age ---------------------------------------------------------------
_AGE_EN = re.compile(
    r"^User['’]s\s+(?:[\w-]+\s+){0,2}?(?P<who>[A-Z][a-z]+)\s+(?:is|turned|just\s+turned|is\s+now)\s+"
    r"(?:now\s+|already\s+|still\s+)?(?P<n>\d{1,2})(?:\s*(?:years?\s+old|yo|y/o))?"
    r"(?!\s*(?:months?|weeks?|days?|kg|lbs?|pounds|cm|%|am|pm|:|\.\d))\b")
_AGE_KO = re.compile(
    r"^사용자의\s+\S+\s+(?P<who>[가-힣A-Za-z]{1,8}?)(?:이)?(?:는|은|가|이|도)?\s(?:[가-힣]+\s){0,2}?"
    r"(?P<n>\d{1,2})\s?살")
_AGE_NOT = re.compile(r"\b(?:next|will|going\s+to|in\s+\w+\s+(?:days|weeks|months))\b|"
                      r"(?:다음|내년|될\s?거|된대|예정)", re.IGNORECASE)


def age(sentence: str) -> tuple[str, str] | None:
    """(whose, age) when a memory gives a named relative's or pet's age now ("User's
    daughter Zoe is 6", "User's daughter Zoe turned 7 today", "사용자의 강아지 Coco는 3살
    maltipoo다"): one value at a time, so "turned 7" supersedes "is 6". Not an age to come
    ("turns 7 next month")."""
    if _AGE_NOT.search(sentence):
        return None
    m = (_AGE_KO if is_korean(sentence) else _AGE_EN).match(sentence)
    return (m.group("who").casefold(), m.group("n")) if m is not None else None


# -- who holds a role in the user's life: their manager, landlord, doctor ---------------------
_ROLES = {
    "manager": "manager", "boss": "manager", "supervisor": "manager", "team lead": "manager",
    "team leader": "manager", "line manager": "manager", "팀장": "manager", "매니저": "manager",
    "상사": "manager", "사수": "mentor", "mentor": "mentor", "landlord": "landlord",
    "landlady": "landlord", "집주인": "landlord", "doctor": "doctor", "주치의": "doctor",
    "therapist": "therapist", "dentist": "dentist", "trainer": "trainer", "트레이너": "trainer",
    "tutor": "tutor", "pm": "pm",
}
_ROLE_EN = r"(?P<role>line\s+manager|manager|boss|supervisor|team\s+lead(?:er)?|landlord|landlady|" \
           r"doctor|therapist|dentist|trainer|tutor|mentor|PM)"
_NAME_EN = r"(?P<name>(?:Dr\.?\s+)?(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?)"
# capitalised words that are no one's name ("my doctor is Korean", "my boss is OOO on Monday")
_NOT_NAMES = frozenset(
    "I Korean American English British Japanese Chinese German French Indian Canadian "
    "Australian Spanish Italian Mexican Monday Tuesday Wednesday Thursday Friday Saturday "
    "Sunday January February March April May June July August September October November "
    "December Also Still Now Really Super Very The A An".split())
_ROLE_EN_IS = [re.compile(p, re.IGNORECASE) for p in (
    rf"\b(?:my|our)\s+(?:new\s+)?{_ROLE_EN}\s+is\s+(?:now\s+)?(?:called\s+)?{_NAME_EN}(?![\w'’-])",
    rf"\b{_NAME_EN}\s+is\s+(?:now\s+)?(?:my|our)\s+(?:new\s+)?{_ROLE_EN}\b",
    # "my manager Tom keeps scheduling meetings at 6pm": who the manager is, said in passing
    rf"\b(?:my|our)\s+(?:new\s+)?{_ROLE_EN},?\s+{_NAME_EN}(?=\s+(?-i:[a-z]))")]
_ROLE_KO = r"(?P<role>팀장|매니저|상사|사수|주치의|집주인|트레이너|manager|boss|team\s?lead|PM)"
_ROLE_KO2 = _ROLE_KO.replace("?P<role>", "?P<role2>")
_NAME_KO = r"(?P<name>[가-힣]{2,4}?|(?-i:[A-Z][a-z]+)(?:\s(?-i:[A-Z][a-z]+))?)"
_COPULA_KO = r"(?:이에요|예요|이야|야|입니다|이다|임|이세요|세요|이고|이구요|이라|라|인데|님)"
_ROLE_KO_IS = [re.compile(p, re.IGNORECASE) for p in (
    rf"(?:(?:저희|우리|내|제|나의|저의)\s?)?(?:새\s?|new\s)?{_ROLE_KO}(?:님)?(?:은|는|이|가)\s{_NAME_KO}"
    rf"(?:\s?{_ROLE_KO2}(?:님)?)?(?:{_COPULA_KO}|(?<=님))(?=[\s.!,~]|$)",
    rf"새로\s?(?:오신|온)\s(?:{_ROLE_KO}(?:님)?|분)(?:은|는)\s{_NAME_KO}(?:\s?{_ROLE_KO2}(?:님)?)?"
    rf"(?:{_COPULA_KO})?(?=[\s.!,~]|$)",
    rf"new\s{_ROLE_KO}[^.!?]{{0,20}}?이름은\s{_NAME_KO}(?:{_COPULA_KO})?(?=[\s.!,~]|$)",
    # "팀장님 성함은 오지훈", "우리 집주인 이름은 박정숙이에요": the role's holder by name
    rf"(?:(?:저희|우리|내|제)\s?)?(?:새\s?)?{_ROLE_KO}(?:님)?(?:의)?\s?(?:성함|이름|존함)(?:은|는|이)\s"
    rf"{_NAME_KO}(?:\s?{_ROLE_KO2}(?:님)?)?(?:{_COPULA_KO})?(?=[\s.!,~]|$)")]
_ROLE_WORD = re.compile(r"manager|boss|supervisor|team\s?lead|landl|doctor|therapist|dentist|"
                        r"trainer|tutor|mentor|\bPM\b|팀장|매니저|상사|사수|주치의|집주인|트레이너",
                        re.IGNORECASE)


def role(sentence: str) -> tuple[str, str, str] | None:
    """(role, name, role as said) when the user says who holds a role in their life: "my
    new manager is Anita", "my manager Tom keeps …", "저희 팀장님은 이민수 팀장님이에요",
    "새로 오신 분은 정하나 팀장님", "new manager 왔어, 이름은 Sora". One person at a time, so
    a new manager supersedes the old one. Not a question, a wish or someone else's."""
    if _NOT_MINE.search(sentence):
        return None
    for m in (m for p in (*_ROLE_KO_IS, *_ROLE_EN_IS) for m in p.finditer(sentence)):
        said = m.groupdict().get("role") or m.groupdict().get("role2") or ""
        name = (m.group("name") or "").strip()
        key = _ROLES.get(re.sub(r"\s+", " ", said.casefold()))
        if key and name and name not in _NOT_NAMES and not name.endswith(("님", "씨")):
            return key, name, said
    return None


def _role_hit(m: re.Match[str], ctx: RuleContext) -> Hit | None:
    found = role(ctx.sentence)
    if found is None:
        return None
    key, name, said = found
    if re.search(r"[가-힣]", ctx.sentence):
        last = said[-1]
        topic = "은" if "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 else "는"
        content = f"사용자의 {said}{topic} {name}"
    else:
        content = f"User's {said.casefold()} is {name}"
    family = "health" if key in ("doctor", "therapist", "dentist") else "work"
    return Hit(content=content, family=family, slot=f"role:{key}", value=name.casefold(),
               confidence=0.85)


# -- the name the user goes by ------------------------------------------------------------
# "I go by Rebecca now", "address me as Dr. Hale", "refer to me as Sam": one name at a time,
# so a later one replaces the earlier ("call me Bex" … "I go by Rebecca now")
_GO_BY = re.compile(
    r"\b(?:I|i)\s+(?:now\s+|just\s+|actually\s+)?go\s+by\s+|"
    r"\b(?:address|refer\s+to)\s+me\s+as\s+", re.IGNORECASE)
_GO_BY_NAME = re.compile(r"(?P<x>(?:Dr\.?|Mr\.?|Ms\.?|Mrs\.?|Prof\.?)?\s?(?-i:[A-Z][a-z]+)"
                         r"(?:\s+(?-i:[A-Z][a-z]+))?)")


def _go_by_hit(m: re.Match[str], ctx: RuleContext) -> Hit | None:
    if _NOT_MINE.search(ctx.sentence[: m.start()]) or "?" in ctx.sentence:
        return None  # "should I go by …?", "what if I went by …"
    name = _GO_BY_NAME.match(ctx.sentence, m.end())
    if name is None or name.group("x").strip() in _NOT_NAMES:
        return None
    x = name.group("x").strip()
    return Hit(content=f"User wants to be called {x}", family="rule", type=MemoryType.RULE,
               category="feedback", slot="preferred_name", value=x.casefold(),
               tags=("profile",))


def _dose_hit(m: re.Match[str], ctx: RuleContext) -> Hit | None:
    content = (dose_change.dose_changed if is_korean(ctx.sentence)
               else dose_change.dose_changed_en)(ctx.sentence, is_medicine)
    if content is None:
        return None
    return Hit(content=content, family="health", type=MemoryType.CONSTRAINT, category="health",
               tags=("health", "medication"), confidence=0.85)


RULES_EN = [Rule("role", _ROLE_WORD, _role_hit), Rule("go_by", _GO_BY, _go_by_hit),
            Rule("dose", dose_change.DOSE_CHANGE_EN, _dose_hit),
            *diets.RULES_EN, *started.RULES_EN, *owned.RULES_EN]
RULES_KO = [Rule("role", _ROLE_WORD, _role_hit), Rule("dose", dose_change.DOSE_CHANGE, _dose_hit),
            *diets.RULES_KO, *started.RULES_KO]


# slots whose value a whole sentence may carry instead of a memory of its own: where the user
# lives and works, their diet — what a later sentence replaces whole
_CARRIED = ("residence", "employer", "diet", "living", "occupation")


def carried(content: str, slotted: list[tuple[Hit, str]]) -> Hit | None:
    """The one single-valued slot hit whose value the whole-sentence memory ``content``
    states in its own words, when the sentence is kept whole as well: that memory takes
    the slot and the hit is not stored beside it."""
    mine = [h for h, _ in slotted if h.slot in _CARRIED and is_single_valued(h.slot)]
    if len(mine) != 1 or len(slotted) != 1 or not mine[0].value:
        return None
    value = mine[0].value.casefold()
    head = re.split(r"[,(]", value)[0].strip()
    if mine[0].slot == "diet" and diets.named(value, content):  # "vegetarian" said "채식주의자"
        return mine[0]
    return mine[0] if head and head in content.casefold() else None
