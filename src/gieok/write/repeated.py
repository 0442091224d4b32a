"""One fact said again, in other words (W6, issue 16). Pure.

People restate what they told before, a little differently each time: "저는 디카페인만
마셔요" after "커피 알레르기는 없는데 카페인에 예민해서 디카페인만 마셔요"; "삼겹살
좋아하는 사람인데 …" after "삼겹살 엄청 좋아해요"; "I'm allergic to cats so I assume I need
one" after "I'm allergic to cats, so dog-friendly cafés only"; "week 6 as a pastry cook"
after "I'm now a pastry cook at a hotel". Stored as memories of their own they leave two
statements of one fact. ``said_again`` finds the memory a new one restates:

* **contained** — every content word of one is in the other (``likeness.contained``): the
  new one says less (it folds into the stored one: its turns join that memory's sources), or
  more (it updates the stored one);
* **said otherwise** (``said_otherwise``) — the relation in other words ("penicillin gives me
  hives" for "allergic to penicillin", "복용 중" for "먹어"), or with words that only reaffirm
  it ("엄마 프롤리아는 계속 맞으시고"), alone or opening a sentence that goes on about its
  moment ("…수영 가는데 겨울이라 머리 말리기가 힘들다");
* **the same opening** — both open with the same clause ("User is allergic to cats, …"): the
  rest is what each said besides; the stored one keeps its words;
* **a slot's value said again** — a memory holding one value of the user's (a preference,
  a job) and a new one naming that value the way the slot is said ("삼겹살이 제일 좋아요"
  for a liking of 삼겹살; "as a pastry cook" for the job): folded.

Never a rule with a fact, never a memory that states a change (its old value is history),
never two things one of which negates a word the other states ("커피 안 좋아한다").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from gieok.domain.records import MemoryRecord, MemoryType
from gieok.write.contrast import contrast
from gieok.write.extract import changes
from gieok.write.extract.base import Candidate
from gieok.write.extract.retired import mentions
from gieok.write.likeness import (
    _WORD_KO_EN,
    _key,
    _keys,
    _negated_near,
    contained,
    found_in,
    says_more,
    slot_head,
)
from gieok.write.said_otherwise import opening_said_otherwise, said_otherwise

_OPENING = re.compile(r"[,;—–]|\s(?:so|and|but|because|since)\s|는데\s|지만\s|(?<=[가-힣])고\s")
_LIKED = re.compile(r"좋아|좋다|좋아요|최애|\b(?:love|loves|like|likes|favou?rite|fan\s+of)\b",
                    re.IGNORECASE)
_NOT_LIKED = re.compile(r"안\s?좋|싫|별로|\b(?:not|never|don['’]t|doesn['’]t|hate|hates|dislikes?)\b",
                        re.IGNORECASE)


@lru_cache(maxsize=16384)  # asked of every live memory of the scope for each new one
def _opening(text: str) -> frozenset[str]:
    head = _OPENING.split(text, maxsplit=1)[0]
    return frozenset(k for k in _keys(head) if k)


def _as_job(value: str, text: str) -> bool:
    v = re.escape(value)
    return re.search(rf"\bas\s+an?\s+{v}\b|{v}\s?(?:로|으로)\s?(?:일|근무)|{v}\s?\d+\s?(?:년|개월)\s?차",
                     text, re.IGNORECASE) is not None


def _slot_said(record: MemoryRecord, content: str) -> bool:
    """``content`` names the value ``record``'s slot holds, the way that slot is said."""
    slot = str(record.metadata.get("slot") or "")
    value = str(record.metadata.get("value") or "")
    if slot.startswith("pref:") and value in ("like", "love"):
        thing = slot.removeprefix("pref:")
        return len(thing) >= 2 and mentions(content, thing) and _LIKED.search(content) is not None \
            and _NOT_LIKED.search(content) is None
    if slot in ("occupation", "role") and len(value) >= 4:
        return _as_job(value, content) and not _job_detail(content, record.content)
    return False


# where the job is done or for whom, said beside it ("판교에서 백엔드 개발자로 일한다", "works as a
# nurse at Mercy Hospital"): a detail the job's memory lacks, never a generic place or a time
_WHERE_KO = re.compile(r"(?<![가-힣])(?P<w>[가-힣A-Za-z0-9]{1,15})\s?에서(?=\s)")
_WHERE_EN = re.compile(r"\b(?:at|for|in|with)\s+(?:the\s+|an?\s+)?(?P<w>[A-Za-z][\w&'-]*)")
_NO_PLACE = re.compile(r"^(?:회사|직장|집|여기|거기|저기|요즘|지금|현재|이번|동네|밖|안|"
                       r"moment|least|all|now|living|night|nights|weekends?|mornings?|evenings?|"
                       r"while|years?|months?|weeks?|days?|home|work|time|full|part|same|one|two)$",
                       re.IGNORECASE)


def _job_detail(content: str, stored: str) -> bool:
    """``content`` says where (or for whom) the job is done, which ``stored`` does not say:
    a restatement that adds the workplace keeps it as a memory of its own."""
    for m in (*_WHERE_KO.finditer(content), *_WHERE_EN.finditer(content)):
        word = m.group("w")
        if not _NO_PLACE.match(word) and word.casefold() not in stored.casefold():
            return True
    return False


# -- a day's instance of a routine, or how long a fact has held -------------------------------------
# "오늘도 아침 요가 20분 완료" after "매일 아침 yoga 20분 한다"; "아침 6시 수영 4년째야" after
# "매일 아침 6시에 수영해"; "swam at 6 again today" after "I swim at 6 every morning": the
# day it was done (today, again, done) or how long it has held (4년째, for five years) is all
# the new memory adds — one fact, said again
_ONCE = re.compile(r"(?<![가-힣])(?:오늘|어제)(?:도|은|는)?(?![가-힣])|완료|다녀옴|다녀왔|(?<=고)\s?(?:왔|옴)\S*|"
                   r"\b(?:today|tonight|this\s+morning|this\s+evening|yesterday|again|as\s+usual|"
                   r"did|done|went|finished)\b", re.IGNORECASE)
_HELD = re.compile(r"\d+\s?(?:년|개월|달|주)\s?(?:째|차|동안|넘었|됐)\S*|\b(?:for|over)\s+(?:\d+|a|one|two|"
                   r"three|four|five|six|ten)\s+(?:years?|months?|weeks?)\b|\b\d+\s+(?:years?|months?)"
                   r"\s+(?:now|running|in)\b", re.IGNORECASE)
_ROUTINE = re.compile(r"매일|매주|매일\s?아침|주\s?\d\s?(?:회|번)|주\s?[한두세네]\s?번|하루에?\s?\d|"
                      r"일주일에|(?:월|화|수|목|금|토|일)요일마다|마다\s|\b(?:every|daily|weekly|each\s+"
                      r"(?:day|week|morning))\b|\btimes\s+a\s+(?:day|week)\b", re.IGNORECASE)


# an hour said in native numerals ("여섯 시") is the hour in digits ("6시")
_HOURS_KO = {w: str(i) for i, w in enumerate(
    "한 두 세 네 다섯 여섯 일곱 여덟 아홉 열 열한 열두".split(), start=1)}
_HOUR_KO = re.compile(rf"(?<![가-힣])({'|'.join(sorted(_HOURS_KO, key=len, reverse=True))})\s?시(?![가-힣]{{2}})")


@lru_cache(maxsize=16384)  # said_once_more reads both texts of every pair it is asked of
def _in_digits(text: str) -> str:
    return _HOUR_KO.sub(lambda m: f"{_HOURS_KO[m.group(1)]}시", text)


# a short remark after the instance ("… 다녀왔다. 접영 드디어 25m 성공이다"): how that day
# went, told with it — the day's episode keeps it; as a memory it would restate the routine
_SENTENCES = re.compile(r"(?<=[.!?])\s+")
_REMARK_WORDS = 6
_NEWS = re.compile(r"시작|예정|할\s?거|하려고|부터|바꿨|옮겼|그만|끊었|\b(?:start\w*|will|going\s+to|"
                   r"plan\w*|switch\w*|quit|stopp?ed|from\s+now)\b", re.IGNORECASE)


@lru_cache(maxsize=16384)  # asked of every live memory of the scope for each new one
def _once_read(new: str) -> tuple[bool, str] | None:
    """``new`` as ``said_once_more`` reads it (without a short remark on how the day went):
    whether it says a day's instance of a routine (and no routine of its own), and its words
    without the instance and the duration — or None when it says neither."""
    first, *rest = _SENTENCES.split(new.strip())
    remark = " ".join(rest)
    if rest and len(remark.split()) <= _REMARK_WORDS and _ONCE.search(first) \
            and not _HELD.search(remark) and not changes.who(remark) \
            and not _NEWS.search(remark):  # (not someone else's, not a start or a plan)
        new = first
    once, held = _ONCE.search(new), _HELD.search(new)
    if not (once and not _ROUTINE.search(new) or held):
        return None
    return held is None, new


@lru_cache(maxsize=16384)
def _routine(text: str) -> bool:
    return _ROUTINE.search(text) is not None


def said_once_more(new: str, old: str) -> bool:
    """``new`` says the routine ``old`` states was done on a day, or how long ``old`` has
    held, and nothing else — or opens with that and adds one short remark on how the day
    went: every content word besides (two or more) is in ``old`` (either script), and
    neither negates what they share."""
    read = _once_read(_in_digits(new))
    old = _in_digits(old)
    if read is None or read[0] and not _routine(old):  # (an instance: of a routine stored)
        return False
    new = read[1]
    bare = _HELD.sub(" ", _ONCE.sub(" ", new))
    words = [(w, _key(w)) for w in _WORD_KO_EN.findall(bare)]
    keys = {k for _, k in words if k}
    if len(keys) < 2 or not all(found_in(w, k, old) for w, k in words if k):
        return False
    return _negated_near(new, keys) == _negated_near(old, keys)


def said_again(c: Candidate, new: MemoryRecord,
               records: Iterable[MemoryRecord]) -> tuple[MemoryRecord, bool] | None:
    """The live memory ``new`` says again and whether ``new`` says more (it then replaces
    that memory's text), or None (see the module docstring)."""
    if c.retires or c.renames or c.ended or c.lapse or contrast(new.content) is not None:
        return None
    people = changes.who(new.content)
    opening = _opening(new.content)
    fold: MemoryRecord | None = None
    for r in records:
        theirs = changes.who(r.content)
        if r.layer is not new.layer or (r.type is MemoryType.RULE) != (
                new.type is MemoryType.RULE) or not (people <= theirs or theirs <= people):
            continue  # about someone the other does not name
        slot = r.metadata.get("slot")
        if c.slot and slot and slot_head(slot) != slot_head(c.slot) or contrast(
                r.content) is not None:
            continue
        if said_once_more(new.content, r.content):
            return r, False
        if contained(new.content, r.content) or said_otherwise(new.content, r.content) \
                or opening_said_otherwise(new.content, r.content) and not says_more(
                    new.content, r.content):  # (all its words and more: a refinement)
            return r, False
        if people <= theirs and (contained(r.content, new.content) or not slot and said_otherwise(
                r.content, new.content)):  # (never about one it does not name: "User's son is
            fold = fold or r  # allergic to …"; a slot's memory keeps the words it was read from)
            continue
        if not c.slot and (_slot_said(r, new.content) or len(opening) >= 2
                           and _opening(r.content) == opening):
            return r, False
    return (fold, True) if fold is not None else None
