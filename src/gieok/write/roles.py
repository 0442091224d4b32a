"""A job said anew replaces the job said before, for the same holder (W6, issue 16). Pure.

A job is one attribute of a person that holds one value at a time for most people, yet a
later conversation rarely says "my job changed from X to Y": it says "quit the roastery!
I'm now a ferry deckhand", "이직했어요!! 이제 당근 마켓 ML engineer", "I'm a full-time route
setter now, freelance". Neither the slot rules (the new job is not in the occupation
lexicon) nor the change readers (no old value is named) see it. The structure does:

* the stored memory states the holder's job — its slot says so (occupation, employer), or
  its shape does: "User works as/at …", "User manages a …", "User is a <known job>",
  "… 에서 … 로 일한다", "사용자는 … 간호사다";
* the new memory states a job of the same holder — "<holder> is (now) a <role>", where the
  role is a known job or a word made like one (an agent noun: deckhand, route setter,
  welder, florist), or a Korean "… engineer이다", "… 로 일한다" — and says that it changed:
  now/these days/quit/left/이제/이직/퇴사;
* and it does not say the job is one of two ("also", "on the side", 부업, 투잡, 알바).

Then the old job memory is superseded. The holder is the same when the two name the same
relatives or pets (``changes.who``) and, when both name someone by name, the same name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gieok.domain.records import MemoryRecord, MemoryType
from gieok.domain.safety import CRITICAL_TAGS
from gieok.write.extract import changes
from gieok.write.extract.patterns_en_base import OCCUPATION
from gieok.write.extract.patterns_ko_base import OCCUPATIONS

_KO_JOB = re.compile(rf"(?:{OCCUPATIONS})")
# a word made like a job: an agent noun ("deckhand", "route setter", "welder", "florist")
_AGENT = re.compile(r"[a-z]{2,}(?:er|or|ist|ian|hand|man|woman|smith|wright|eer|ier|ant)$")
# agent nouns that are no job: a habit, a taste, a membership, a stage of life
_NOT_JOB = frozenset("""member beginner lover fan owner user customer foreigner vegetarian
pescatarian runner swimmer cyclist reader gamer smoker drinker sleeper believer introvert
extrovert ambivert morning night person partner player supporter collector fanatic
enthusiast perfectionist optimist pessimist introvert vegan newcomer regular survivor
patient parent grandparent mother father brother sister daughter son""".split())
_JOB_SLOTS = frozenset({"occupation", "employer"})

# "User is now a ferry deckhand on …", "User's sister Mina is a florist in Leeds"
# ("… has just been made a consultant midwife", "got promoted to senior engineer": a new title)
_IS_A = re.compile(r"\b(?:(?:is|['’]s|am|['’]m)\s+(?:now\s+|currently\s+)?|"
                   r"(?:(?:has|have|['’]s|['’]ve)\s+)?(?:just\s+|finally\s+|now\s+)?(?:been|got|was|were)\s+"
                   r"(?:made|promoted\s+to|appointed)\s+(?:as\s+)?)(?:an?\s+)"
                   r"(?P<role>(?:[\w-]+\s+){0,3}?(?P<head>[A-Za-z-]+))"
                   r"(?=\s+(?:at|for|with|in|on|now|these|from)\b|\s*[,.;!?(]|\s*$)", re.IGNORECASE)
_WORKS_EN = re.compile(r"\b(?:works?|working)\s+(?:as|at|for)\b|\bmanages?\s+(?:an?|the)\s+\w",
                       re.IGNORECASE)
# "Toss에서 backend developer로 일한다", "간호사로 근무한다", "당근 마켓 ML engineer이다"
_WORKS_KO = re.compile(r"(?:으로|로|에서)\s?(?:일한다|일하|일해|근무)")
_ROLE_KO = re.compile(r"(?P<role>(?:[A-Za-z][\w-]*\s)*[A-Za-z][A-Za-z-]+|[가-힣]+?)(?:이다|이야|입니다|예요|이에요|다|로|으로)"
                      r"(?=[\s,.!?]|$)")

# the memory says the job changed, not that a second one began ("이번엔" — this time, unlike
# the last; a first day at work is a new job's)
_CHANGED = re.compile(r"\b(?:now|these\s+days|nowadays|no\s+longer|anymore|quit|left|switched|"
                      r"changed\s+(?:jobs|careers)|new\s+job|became|retrained|sold|graduated|"
                      r"(?:been|got|was|were)\s+(?:made|promoted|appointed)|"
                      r"first\s+(?:day|week|shift)\s+(?:at|as|in)|"
                      r"started\s+(?:working\s+|work\s+|a\s+(?:new\s+)?job\s+)?(?:at|for))\b|"
                      r"이제|이젠|요즘은|지금은|이번엔|이번에는|이직|퇴사|그만두|그만뒀|관두|관뒀|새\s?직장|"
                      r"취직|취업|입사|첫\s?출근|졸업",
                      re.IGNORECASE)
# the work itself said, not a job title: "User teaches year 4 at …", "토스 frontend 팀이다",
# "초등학교에서 4학년 가르친다", "연구소 인턴 시작한다"
_WORK_DONE = re.compile(r"\b(?:teach(?:es|ing)?|works?\s+(?:(?:nights|days|earlies|lates)\s+)?(?:as|at|for|on|in)|"
                        r"started\s+(?:as|work|working\s+(?:at|for|as)))\b|"
                        r"가르친다|가르쳐|팀이다|팀이야|팀에서\s?일|(?:인턴|일|근무)\s?(?:을|를)?\s?시작",
                        re.IGNORECASE)
# an employer said as the company: "회사는 판교다", "my company is Toss"
_COMPANY = re.compile(r"(?:회사|직장)(?:는|은|가|이)\s|\bmy\s+(?:company|employer)\s+is\b", re.IGNORECASE)
_SECOND = re.compile(r"\b(?:also|as\s+well|too|side\s+(?:gig|hustle|job)|on\s+the\s+side|"
                     r"on\s+top|part-time|moonlight\w*|weekends?)\b|부업|투잡|겸|알바|주말",
                     re.IGNORECASE)
_NAME = re.compile(r"\b(?!User\b)(?-i:[A-Z][a-z]+)\b")


# jobs the occupation lexicon lacks that are not made like an agent noun
_MORE_JOBS = frozenset("midwife paramedic medic physio judge cop vicar priest curate".split())


def _known_job(word: str) -> bool:
    low = word.casefold()
    return OCCUPATION.search(f" {low}") is not None or low in _MORE_JOBS


def _role_word(word: str) -> bool:
    """``word`` names a job: a known one, or one made like one (an agent noun)."""
    low = word.casefold()
    if low in _NOT_JOB:
        return False
    return _known_job(low) or _AGENT.search(low) is not None


def role(content: str) -> str | None:
    """The job ``content`` says its holder has, by its shape; None when it states none."""
    for m in _IS_A.finditer(content):
        if _role_word(m.group("head")):
            return m.group("role")
    if re.search(r"[가-힣]", content):
        for m in _ROLE_KO.finditer(content):
            word = m.group("role")
            if (_KO_JOB.fullmatch(word) if re.match(r"[가-힣]", word)
                    else _role_word(word.split()[-1])):
                return word
    return None


def states_job(record: MemoryRecord) -> bool:
    """``record`` states its holder's job: by its slot, or by its shape."""
    if record.metadata.get("slot") in _JOB_SLOTS:
        return True
    content = record.content
    if _WORKS_EN.search(content) or _WORKS_KO.search(content) or _COMPANY.search(content):
        return True
    found = role(content)
    return found is not None and (_known_job(found.split()[-1])
                                  or _KO_JOB.fullmatch(found) is not None)


def _same_holder(new: str, old: str) -> bool:
    # whose job: the clause that says it ("User teaches year 4 now and the kids are feral":
    # the kids are the pupils, not the job's holder)
    new = re.split(r",|;|\.\s|\s(?:and|but|so)\s", new, maxsplit=1)[0]
    # and whose job the old memory says: its clause of work ("User works at Shopify … and
    # lives in Ottawa with their partner Alex" is the user's job, not the partner's)
    work = next((c for c in re.split(r";|\.\s|\s(?:and|but|so)\s", old)
                 if _WORKS_EN.search(c) or _WORKS_KO.search(c)), old)
    old = work if changes.who(work) == changes.who(new) else old
    if changes.who(new) != changes.who(old):
        return False
    mine, theirs = set(_NAME.findall(new)), set(_NAME.findall(old))
    return not (changes.who(new) and mine and theirs and not mine & theirs)


def replaced_job(new: MemoryRecord, records: Iterable[MemoryRecord],
                 created: set[str]) -> list[MemoryRecord]:
    """The stored memories stating the job ``new`` says its holder has now instead (see the
    module docstring). Facts only; never a pinned or core memory, one written in this batch,
    or one that names the new job too."""
    if new.type is MemoryType.RULE or not _CHANGED.search(new.content) \
            or _SECOND.search(new.content):
        return []
    now = role(new.content) or ("" if _WORK_DONE.search(new.content) else None)
    if now is None:
        return []
    return [r for r in records
            if r.id not in created and r.layer is new.layer and r.type is not MemoryType.RULE
            and not r.pinned and not CRITICAL_TAGS & set(r.tags) and states_job(r)
            and (not now or now.casefold() not in r.content.casefold())
            and _same_holder(new.content, r.content)]
