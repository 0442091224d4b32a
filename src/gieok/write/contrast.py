"""A value said outright not to hold any more, beside the one that does (W6, issue 16). Pure.

People name the old value when they change or correct one: "이사 화요일 아니고 목요일이에요",
"TOPIK 아니고 JLPT", "Vue 버리고 React로 갈아탔다", "아모디핀에서 올메텍으로 바뀌었다",
"Sergio eats mustard greens, not collards", "moved standup from 9:30 to 10:15". The shape
says it, whatever the thing is: an old value, a contrast or change marker, a new value.
``contrast`` reads that shape; reconciliation retires the stored memories that state the old
value (about the same thing: they share another word with the new memory), and the new
memory keeps only the value that holds — the old one lives on in the memory superseded, with
the date it stopped holding (kept in the new text too, a live memory would state both).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from gieok.domain.records import MemoryRecord, MemoryType
from gieok.domain.safety import CRITICAL_TAGS
from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write import roles, styles
from gieok.write.extract import changes, shift
from gieok.write.extract.shift import EN_CHANGE_VERB, KO_CHANGE_VERB
from gieok.write.extract.diets import DIET_WORD
from gieok.write.extract.korean import FAMILY_KO, PETS_KO
from gieok.write.extract.patterns_en import FAMILY as FAMILY_EN
from gieok.write.extract.patterns_en import PETS as PETS_EN
from gieok.write.extract.patterns_en_base import CONDITIONS as EN_CONDITIONS
from gieok.write.extract.patterns_ko_base import CONDITIONS as KO_CONDITIONS
from gieok.write.extract.new_value import same_word
from gieok.write.extract.health import is_medicine
from gieok.write.extract.new_value import dosed_name
from gieok.write.extract.retired import _SENTENCE_END, _UNSURE, died, dosed, mentions
from gieok.write.likeness import _keys
from gieok.write.restating import _STOP_KO, _SUBJECT, _WORD, _stem, _verb

_COPULA = re.compile(r"(?<=[가-힣])(?:이다|이에요|예요|이야|입니다)$")

# "화요일 아니고 목요일", "두유 말고 오트밀크로", "Vue 버리고 React로": the old value, the marker,
# the new value. The old value is one word (a time of day may come before a clock time: "아침
# 6시"); a verb form ("먹지 말고", "하지 않고") is no value.
_TIME_OF_DAY = r"(?:(?:아침|저녁|오전|오후|밤|새벽|낮)\s)?"
_KO_NOT = re.compile(
    rf"(?<![가-힣A-Za-z0-9])(?P<drop>(?P<old>{_TIME_OF_DAY}[가-힣A-Za-z0-9][가-힣A-Za-z0-9.+#-]*?)"
    r"(?:이|가|은|는|를|을)?\s?(?:아니고|아니라|말고|버리고|대신(?:에)?)\s+)"
    r"(?P<new>[가-힣A-Za-z0-9][^\s,.!?]*)")
# "아모디핀에서 올메텍으로 바뀌었다", "아침 6시에서 저녁 8시 반으로 바꿨다"
_KO_FROM_TO = re.compile(
    rf"(?<![가-힣A-Za-z0-9])(?P<drop>(?P<old>{_TIME_OF_DAY}[가-힣A-Za-z0-9][가-힣A-Za-z0-9.+#-]*?)"
    r"에서\s+)(?P<new>[가-힣A-Za-z0-9][^,.!?]{0,20}?)(?:으로|로)\s?" + KO_CHANGE_VERB)
# "비건 하다가 … 이제 pescatarian으로 바꿨다": what the user did before, then what they changed to
_KO_WAS = re.compile(
    r"(?<![가-힣A-Za-z0-9])(?P<drop>(?P<old>[가-힣A-Za-z0-9][가-힣A-Za-z0-9.+#-]*?)\s?"
    r"(?:하다가|였다가|이었다가|쓰다가|먹다가|다니다가)\s+)(?:[^.!?]*?\s)?"
    r"(?P<new>[가-힣A-Za-z0-9][^\s,.!?]*?)(?:으로|로)\s?" + KO_CHANGE_VERB)
_KO_VERBISH = re.compile(r"(?:지|게|고|서|면|며|도|요)$")
# "Sergio eats mustard greens, not collards" / "it's Thursday, not Tuesday"
_EN_NOT = re.compile(
    r"(?P<new>\b[\w'’/:.+-]+),?(?P<drop>\s+not\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<old>[\w'’/:.+-]+(?:\s+[\w'’/:.+-]+){0,2}?))\s*(?=[,;.!?)]|$)", re.IGNORECASE)
# "switched the standup from 9:30 to 10:15", "moved from Nelson to Vancouver"
_EN_FROM_TO = re.compile(
    rf"\b{EN_CHANGE_VERB}\b" r"(?:\s+[\w'’/-]+){0,4}?(?P<drop>\s+from\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<old>[\w'’/:.+-]+(?:\s+[\w'’/:.+-]+){0,2}?))\s+(?:to|into|onto)\s+"
    r"(?P<new>[\w'’/:.+-]+)", re.IGNORECASE)
_EN_AUX = re.compile(r"(?:is|are|was|were|am|do|does|did|can|could|will|would|should|has|have|"
                     r"had|it['’]s|that['’]s|i['’]m|user['’]s)$", re.IGNORECASE)
_EN_NOT_VALUE = frozenset("really just only yet sure anymore always exactly quite even that this "
                          "so too much many very".split())


@dataclass(frozen=True)
class Contrast:
    """The old value a memory names as no longer holding, the new value, and the memory's
    text without the old value (what the new memory should state)."""

    old: str
    new: str
    current: str


@lru_cache(maxsize=16384)  # asked of every live memory of the scope for each new one (repeated.py)
def contrast(content: str) -> Contrast | None:
    """The old and the new value ``content`` names (see the module docstring), or None."""
    for pattern in (_KO_FROM_TO, _KO_NOT, _KO_WAS, _EN_FROM_TO, _EN_NOT):
        m = pattern.search(content)
        if m is None:
            continue
        old, new = m.group("old").strip(" .'’"), m.group("new").strip(" .'’")
        if not old or not new or old.casefold() == new.casefold():
            continue
        if pattern is _KO_NOT and _KO_VERBISH.search(old) and not re.search(r"\d", old):
            continue  # "먹지 말고", "하고 말고": a verb, not a value
        if pattern is _EN_NOT and (old.split()[0].casefold() in _EN_NOT_VALUE
                                   or re.match(r"(?:only|just|even|yet)$", new, re.I)):
            continue  # "not really", "not just X": no value said not to hold
        if pattern is _EN_NOT and _EN_AUX.match(new):
            continue  # "the standup is not at 9": a negated statement, no new value
        current = content[:m.start("drop")] + content[m.end("drop"):]
        current = re.sub(r"\s{2,}", " ", current).strip(" ,")
        current = re.sub(r"\s+([,.!?])", r"\1", current)
        return Contrast(old=old, new=new, current=current)
    return None


# never retired by a contrast: a fact that keeps someone safe is changed only in its own words
_NEVER = frozenset({"allergy", "allergies", "contraindication", "safety"})
_STOP_EN = frozenset("""the and for with from that this they them their then than into onto were
was are has have had not but now its also just very really still again about after before over
under some any all one two new old get got user user's users is be been being sorry oops meant
actually wait""".split())


def _names(text: str, value: str) -> bool:
    return mentions(text, value) or len(value) >= (2 if _HANGUL.match(value) else 3) and \
        same_word(value, text)  # "비건" ~ "vegan": a loanword in the other script


def _topic(current: str, old: str, said: Contrast) -> bool:
    """``current`` and ``old`` are about the same thing: they share a word besides the
    subject and the two values ("이사", "시험", "Sergio"), Korean by its stem — or both
    values are diets (one diet at a time: "비건 하다가 … pescatarian으로")."""
    if DIET_WORD.search(said.old) and DIET_WORD.search(said.new):
        return True
    for word in _WORD.findall(current):
        low = word.casefold()
        if low in _SUBJECT or low in said.old.casefold() or low in said.new.casefold():
            continue
        if _HANGUL.match(word):
            noun = _COPULA.sub("", word)  # "시험이다": the noun said with the copula
            stem = _stem(noun)
            if (noun != word or not _verb(word)) and len(stem) >= 2 and stem not in _STOP_KO \
                    and stem in old:
                return True
        elif len(word) >= 3 and low not in _STOP_EN and re.search(
                rf"(?<![a-z0-9]){re.escape(low.rstrip('s'))}", old.casefold()):
            return True
    return False


def contradicted(new: MemoryRecord, records: Iterable[MemoryRecord],
                 created: set[str]) -> list[MemoryRecord]:
    """The stored memories stating the value ``new`` says no longer holds: they name the
    old value and not the new one, are about the same thing (``_topic``) and about no one
    ``new`` does not name; a rule only by a rule, a fact only by a fact, never an allergy or
    safety fact, never one written in this batch."""
    said = contrast(new.content)
    if said is None:
        return []
    people = changes.who(new.content)
    return [r for r in records
            if r.id not in created and r.layer is new.layer
            and (r.type is MemoryType.RULE) == (new.type is MemoryType.RULE)
            and not _NEVER & set(r.tags) and _names(r.content, said.old)
            and not _names(r.content, said.new) and people <= changes.who(r.content)
            and _topic(said.current, r.content, said)]


# -- a measured value of the same holder, said anew -----------------------------------------------
# "준서 초4임" after "애 이름은 준서고 초3이다", "Ines is 5 now" after "Ines is 4", "호두 5.5kg"
# after "호두 몸무게 7kg": a value of a kind that holds one value at a time (a school grade, an
# age, a weight), of the same holder, said with another value
_KINDS = (
    re.compile(r"(?:(?<![가-힣])|(?<=[은는이가]\s))(?:초|중|고)\s?(\d)(?!\d)|(\d)\s?학년|"
               r"\bgrade\s?(\d{1,2})\b|\b(\d{1,2})(?:st|nd|rd|th)\s+grade\b|"
               r"\b(?:in|into|to|starts?|starting|entering)\s+year\s?(\d{1,2})\b(?![\d:/.-])",
               re.IGNORECASE),
    re.compile(r"(?<![\d.])(\d{1,3})\s?(?:살|세)(?:이다|이야|이에요|입니다)?(?![가-힣])|\b(\d{1,3})\s?(?:years?\s+old|yo|y/o)\b|"
               r"\b(?:is|turn(?:s|ed|ing)?|aged?)\s+(\d{1,2})\b(?!\s*(?:kg|lbs?|cm|am|pm|%|:|"
               r"\w*\s*(?:times|days|weeks|months|hours|minutes|mg|tabs?)))", re.IGNORECASE),
    re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s?(?:kg|lbs?|pounds|킬로)(?![a-z])", re.IGNORECASE),
    # a personality type: one of sixteen at a time ("ESFJ" → "MBTI 다시 했는데 INFJ")
    re.compile(r"(?<![A-Za-z])([EI][SN][TF][JP])(?:-[AT])?(?![A-Za-z])"),
)
# "metformin 500mg" → "metformin 1000mg": a dose of the medicine named before it
_DOSE = re.compile(r"(?P<drug>[A-Za-z가-힣][\w-]{2,})\s(?P<dose>\d+(?:\.\d+)?)\s?"
                   r"(?:mg|mcg|µg|ml|iu|units?|단위|밀리)(?![a-z])", re.IGNORECASE)
# a partner's stage: an older word (dating) and a later one (engaged, married)
_DATING = re.compile(r"남자\s?친구|여자\s?친구|남친|여친|사귀|\b(?:boyfriend|girlfriend|bf|gf|"
                     r"dating|partner)\b", re.IGNORECASE)
_ENGAGED = re.compile(r"약혼|결혼|예비\s?(?:신랑|신부|남편|아내)|\b(?:engaged|fianc[ée]e?|married|"
                      r"husband|wife)\b", re.IGNORECASE)


def _measured(text: str) -> list[tuple[int, str]]:
    said = [(kind, next(g for g in m.groups() if g)) for kind, pattern in enumerate(_KINDS)
            for m in pattern.finditer(text)]
    # a medicine's dose: the medicine named right before it is whose dose it is
    said += [(len(_KINDS), f"{m.group('drug').casefold()} {m.group('dose')}")
             for m in _DOSE.finditer(text)]
    return said


# a memory said of the user themself: the subject is the user, not someone of theirs
_OF_USER = re.compile(r"(?:User|사용자)(?:\s|는|은|가|이|$)(?!\s*(?:'s|’s))")


def _holder_shared(new: str, old: str, skip: Iterable[str]) -> bool:
    """``new`` and ``old`` name the same holder: a name both say (a capitalised word, or a
    Korean noun of two syllables or more), and no relative or pet ``old`` does not name."""
    if not changes.who(new) <= changes.who(old):
        return False
    if _OF_USER.match(new) and _OF_USER.match(old) and not changes.who(new) | changes.who(old):
        return True  # "사용자는 38살이다" after "사용자는 37세": both said of the user alone
    skipped = {s.casefold() for s in skip}
    for word in _WORD.findall(new):
        word = re.sub(r"['’]s$", "", word)  # "Rafi's moved up": Rafi
        low = word.casefold()
        if low in _SUBJECT or any(low in s or s in low for s in skipped) or re.search(r"\d", word):
            continue
        if _HANGUL.match(word):
            stem = _stem(_COPULA.sub("", word))
            if not _verb(word) and len(stem) >= 2 and stem not in _STOP_KO and stem in old:
                return True
        elif word[:1].isupper() and low not in _STOP_EN and low != "user" and len(word) >= 2 \
                and re.search(rf"(?<![a-z0-9]){re.escape(low)}(?![a-z0-9])", old.casefold()):
            return True
    return False


# how often a thing is done: "하루 두 번", "주 3회", "twice a day", "3 times a week"
_OFTEN = re.compile(r"(?P<p>하루|주|일주일|한\s?달)에?\s?(?P<n>\d+|한|두|세|네|다섯|여섯)\s?(?:번|회)|"
                    r"\b(?P<n2>once|twice|three\s+times|four\s+times|\d+\s*(?:times|x))\s+(?:a|per)\s+"
                    r"(?P<p2>day|week|month)\b", re.IGNORECASE)
_PERIOD = {"하루": "day", "주": "week", "일주일": "week", "한달": "month", "한 달": "month"}
_NOT_ACT = frozenset("day week month times twice once now these days user a the and".split())


def _often(content: str) -> list[tuple[str, str]]:
    return [(_PERIOD.get(m.group("p"), "month") if m.group("p") else m.group("p2").casefold(),
             (m.group("n") or m.group("n2")).casefold()) for m in _OFTEN.finditer(content)]


def _as_often(new: str, old: str) -> bool:
    """``new`` says the act ``old`` states is now done as often as another count in the same
    period ("나비 이제 하루 세 번 나눠 줘요" after "나비 하루 두 번 밥 줘요"): one count each,
    the same verb (Korean by its lemma; English a shared lowercase word that is no count)."""
    mine, theirs = _often(new), _often(old)
    if len(mine) != 1 or len(theirs) != 1 or mine[0][0] != theirs[0][0] or mine == theirs:
        return False
    if _HANGUL.search(new):
        return bool((_verbs(new) & _verbs(old)) - _DOING_KO)  # not 하/가/다니: any act
    words = {w.rstrip("s") for w in re.findall(r"\b[a-z]{3,}\b", new)} - _NOT_ACT - _STOP_EN
    return bool(words & {w.rstrip("s") for w in re.findall(r"\b[a-z]{3,}\b", old)})


def advanced(new: MemoryRecord, records: Iterable[MemoryRecord],
             created: set[str]) -> list[MemoryRecord]:
    """The stored memories that state an earlier value of what ``new`` says of the same
    holder: one grade, age or weight, now another ("준서 초4임" → "준서고 초3이다"), or a
    partner named with an earlier stage ("남자친구 태민" once "태민이랑 약혼했다"). Facts
    only, never a rule, an allergy or safety fact, or one written in this batch."""
    if new.type is MemoryType.RULE:
        return []
    mine = _measured(new.content)
    engaged = _ENGAGED.search(new.content) is not None and not _DATING.search(new.content)
    if not mine and not engaged and len(_OFTEN.findall(new.content)) != 1:
        return []
    out = []
    for r in records:
        if r.id in created or r.layer is not new.layer or r.type is MemoryType.RULE \
                or _NEVER & set(r.tags):
            continue
        theirs = _measured(r.content)
        kinds = [k for k, _ in mine if sum(1 for j, _ in mine if j == k) == 1
                 and sum(1 for j, _ in theirs if j == k) == 1]
        changed = [k for k in kinds if dict(mine)[k] != dict(theirs)[k]]
        dosed = [k for k in changed if k == len(_KINDS)
                 and dict(mine)[k].split()[0] == dict(theirs)[k].split()[0]]
        if dosed and changes.who(new.content) <= changes.who(r.content) or \
                [k for k in changed if k < len(_KINDS)] and _holder_shared(
                    new.content, r.content, [v for _, v in mine]):
            out.append(r)
        elif _as_often(new.content, r.content) and not r.pinned \
                and not CRITICAL_TAGS & set(r.tags) and _holder_shared(new.content, r.content, ()):
            out.append(r)
        elif engaged and _DATING.search(r.content) and not _ENGAGED.search(r.content) \
                and _holder_shared(new.content, r.content, ()):
            out.append(r)
    return out


# -- a state said to have ended or been replaced (``shift``) -------------------------------------
# a routine: how often, or that it holds these days — what "only X now" can end
_ROUTINE = re.compile(r"주\s?\d|주\s?[한두세네]\s?번|매일|매주|하루에?\s|일주일에|\d+\s?회|요즘|요새|"
                      r"\b(?:every|daily|weekly|these\s+days|\d+x)\b|\btimes\s+a\s+(?:day|week)\b",
                      re.IGNORECASE)
# the verbs of doing an activity ("수영 해", "클라이밍 가", "필라테스 다녀"): one act
_DOING_KO = frozenset({"하", "가", "다니"})


def _verbs(content: str) -> set[str]:
    """The verb stems a memory states (Korean by Kiwi's lemmas; English as written, without
    its -s/-ing)."""
    if _HANGUL.search(content):
        from gieok.write.extract.korean import tokens

        stems = {t.form for t in tokens(content) if t.tag in ("VV", "XSV")}
        return stems | ({"하"} if stems & _DOING_KO else set())
    return {re.sub(r"(?:ing|es|s)$", "", w.casefold()) for w in re.findall(r"[A-Za-z]+", content)}


def _same_verb(shift_verb: str, content: str) -> bool:
    if _HANGUL.match(shift_verb):
        return shift_verb in _verbs(content)
    return shift_verb in _verbs(content)


def _about(r: MemoryRecord, anchor: str) -> bool:
    return mentions(r.content, anchor) or len(anchor) >= 2 and same_word(anchor.casefold(),
                                                                          r.content)


def _ends(said: shift.Shift, new: MemoryRecord, r: MemoryRecord) -> bool:
    """``r`` states what ``said`` (read from ``new``) says is over."""
    if said.kind in ("died", "rehomed"):  # a pet given away: as over for the user as a death
        return _about(r, said.anchor) and not died(r.content) and not shift.rehomed(r.content)
    if said.kind == "recovered":  # a pinned complaint too, never a chronic condition
        names, theirs = _apposed(new.content), _apposed(r.content)
        return not CRITICAL_TAGS & set(r.tags) and _complaint(r.content) and _holder_shared(
            new.content, r.content, ()) and not shift.recovered(r.content) and not (
            names and theirs and not names & theirs)  # 햄스터 모찌, not 햄스터 콩떡
    if said.kind == "rescheduled":  # the date the event had before ("식" of "결혼식" too); a
        # pinned plan too (a surgery date: the new date carries the pin), never a core fact
        named = _about(r, said.anchor) if len(said.anchor) >= 2 else any(
            len(_stem(w)) > 1 and _stem(w).endswith(said.anchor)
            for w in re.findall(r"[가-힣]+", r.content))
        return bool(said.anchor) and named and not CRITICAL_TAGS & set(r.tags) and changes.who(
            new.content) == changes.who(r.content) and bool((r.data or {}).get(
                "when") or _DATED.search(r.content)) and not any(
            s.kind == "rescheduled" for s in shift.shifts(r.content))
    if r.pinned or CRITICAL_TAGS & set(r.tags) or changes.who(new.content) != changes.who(
            r.content):
        return False
    names, theirs = _apposed(new.content), _apposed(r.content)
    if names and theirs and not names & theirs:  # "sister Hana", not "sister Jiwoo": two people
        return False
    if said.kind == "only":
        return not _about(r, said.anchor) and _ROUTINE.search(r.content) is not None and (
            _same_verb(said.verb, r.content)
            or bool(DIET_WORD.search(said.anchor) and DIET_WORD.search(r.content)))
    if said.kind == "liking":
        return any(s.polarity == -said.polarity and (
            s.anchor.casefold() == said.anchor.casefold() or same_word(said.anchor, s.anchor))
            for s in shift.shifts(r.content) if s.kind == "liking")
    if said.kind == "passed":  # the exam's sitting or preparation, not the pass itself
        return _about(r, said.anchor) and _EXAM.search(r.content) is not None \
            and _PASSED.search(r.content) is None
    if said.kind == "finished":  # attending the course, not the finishing itself
        return _about(r, said.anchor) and _ATTENDING.search(r.content) is not None and not any(
            s.kind == "finished" for s in shift.shifts(r.content))
    if said.kind == "moved":  # where they lived, or the move before ("moved again, to Perth")
        return bool(changes.who(new.content)) and (_LIVES.search(r.content) is not None
                                                   and not _MOVED.search(r.content)
                                                   or _moved_elsewhere(new.content, r.content))
    if said.kind == "replaced":
        return _about(r, said.anchor) and not (said.new and _names(r.content, said.new))
    return False


_ATTENDING = re.compile(r"다니|다닌|다녀|다님|학원|수업|강좌|레슨|클래스|배운|배우|수강|듣는|\b(?:taking|"
                        r"attend\w*|enrolled|doing|takes|class|classes|course|lessons?|studying)\b",
                        re.IGNORECASE)
_DATED = re.compile(r"\d{1,2}\s?(?:일|월)|다음\s?(?:주|달)|[월화수목금토일]요일|\b(?:next\s+\w+|tomorrow|"
                    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan\w*|feb\w*|march|april|may|june|"
                    r"july|aug\w*|sept?\w*|oct\w*|nov\w*|dec\w*|\d{1,2}(?:st|nd|rd|th))\b",
                    re.IGNORECASE)


# a passing complaint ("요즘 밥을 안 먹는다", "has been limping"): what "이제 괜찮아요" ends —
# never a lasting condition (a diagnosis, a chronic illness, an allergy)
_COMPLAINT = re.compile(r"(?:밥|사료|물)(?:을|를|도)?\s?(?:잘\s)?(?:안|못)\s?먹|입맛|식욕|설사|구토|토해|토했|기침|"
                        r"아파|아프|아픈|절뚝|다리를?\s?절|열이\s?(?:나|있|난)|콧물|가려워|긁어|부었|붓고|통증|"
                        r"두통|몸살|감기|체했|무기력|기운이\s?없|다쳐|다쳤|다친|부상|삐었|삐끗|"
                        r"\b(?:injur\w*|sprain\w*|limp\w*|vomit\w*|throwing\s+up|"
                        r"cough\w*|sneez\w*|diarrh\w*|not\s+eating|won['’]?t\s+eat|off\s+(?:his|her|their|"
                        r"its)\s+food|letharg\w*|itch\w*|scratching|rash|fever|sick|unwell|sore|hurt\w*|"
                        r"swollen|a\s+cold|the\s+flu|headaches?)\b", re.IGNORECASE)
_LASTING = re.compile(rf"{EN_CONDITIONS}|{KO_CONDITIONS}|진단|diagnos|chronic|만성|평생|allerg|알레르기|"
                      r"알러지", re.IGNORECASE)


_APPOSED = re.compile(rf"(?:{FAMILY_KO}|{PETS_KO})\s(?P<ko>[가-힣]{{2,}}?)(?:이가|이는|이|가|는|은|도|의)?(?=\s|$)|"
                      rf"\b(?i:{FAMILY_EN}|{PETS_EN})s?\s(?P<en>(?-i:[A-Z])[\w-]+)")


def _apposed(content: str) -> set[str]:
    """The names said beside a relative or pet word ("햄스터 모찌는", "dog Biscuit")."""
    return {m.group("ko") or m.group("en") for m in _APPOSED.finditer(content)}


def _complaint(content: str) -> bool:
    return _COMPLAINT.search(content) is not None and _LASTING.search(content) is None


_EXAM = re.compile(r"시험|준비|공부|응시|학원\s?(?:다니|다녀|다닌)|(?:본다|봐요|봄|볼\s|치른다|친다)|\b(?:exam|test|sitting|"
                   r"studying|revising|prepping|preparing|resit)\b", re.IGNORECASE)
_PASSED = re.compile(r"합격|붙었|통과했|\bpassed\b", re.IGNORECASE)

# a word that says the statement holds now, unlike before ("these days I use …", "요즘은 …로")
_NOW = re.compile(r"\b(?:now|these\s+days|nowadays)\b|(?<![가-힣])(?:요즘|요새)(?:은|는|엔)?(?=\s)|요샌|"
                  r"이제는|이젠|(?<![가-힣])이제(?=\s)", re.IGNORECASE)
_LIKES = re.compile(r"좋아|싫어|\b(?:likes?|loves?|hates?|enjoys?|prefers?)\b", re.IGNORECASE)


def _reframed(new: str, old: str) -> bool:
    """``new`` says now what ``old`` said, with another value in the same frame: "These days
    User uses Obsidian for notes" after "User uses Notion for notes", "요즘은 구글 캘린더로 일정
    관리한다" after "노션으로 일정 관리한다", "standup is now at 10am" after "at 9am". The
    words they share outnumber those each has alone (one or two), the Korean verb is the
    same, and neither is a liking (likes are many)."""
    if not _NOW.search(new) or _NOW.search(old) or _LIKES.search(new) or _LIKES.search(old):
        return False
    mine = {k for k in _keys(_NOW.sub(" ", new)) if k and k not in _SUBJECT}
    theirs = {k for k in _keys(old) if k and k not in _SUBJECT}
    shared, added, gone = mine & theirs, mine - theirs, theirs - mine
    if not (1 <= len(added) <= 2 and 1 <= len(gone) <= 2 and shared):
        return False
    if _HANGUL.search(new) and not _verbs(new) & _verbs(old):
        return False
    return len(shared) >= 2 or len(added) == len(gone) == 1


# a relative or pet said to have moved: where they lived before is past
_MOVED = re.compile(r"\bmoved\b|\brelocated\b|이사|이주|입소|옮기셨|옮겼", re.IGNORECASE)
_LIVES = re.compile(r"\blives?\b|\bliving\b|\bbased\s+in\b|(?:에|에서)\s?(?:산다|사신다|사는|사세요|"
                    r"살고|살아|살았|사심)|거주", re.IGNORECASE)


_PLACE = re.compile(r"\b(?:in|to|into|near)\s+(?:an?\s+|the\s+)?(?:[a-z]+\s+){0,3}?"
                    r"(?P<en>(?-i:[A-Z])[\w-]+)|(?P<ko>[가-힣A-Za-z]{2,}?)(?:으로|로|에)\s?(?:이사|입소|옮기|옮겼)",
                    re.IGNORECASE)


def _moved_elsewhere(new: str, old: str) -> bool:
    """``old`` tells of an earlier move to a place ``new`` does not name, and ``new`` names
    one: "dad moved again, to a care home in Perth" after "… moved into a care home in
    Dundee"."""
    if not _MOVED.search(old):
        return False
    places = {m.group("en") or m.group("ko") for m in _PLACE.finditer(old)} - {"User"}
    mine = {m.group("en") or m.group("ko") for m in _PLACE.finditer(new)} - {"User"}
    return bool(places and mine) and not any(_names(new, p) for p in places)


def ended_or_replaced(new: MemoryRecord, records: Iterable[MemoryRecord],
                      created: set[str]) -> list[MemoryRecord]:
    """The stored memories whose state ``new`` says ended or was replaced (``shift``): the
    one who died (every memory about them but the death); the routine that "only X now"
    ends (same holder, same verb, not X); the opposite liking of the same thing; the value
    of a noun said to be "now" another; the stage before the one ``new`` names (PhD →
    postdoc, pregnant → born). Never a rule by a fact, a pinned or core (allergy,
    medication) memory unless someone died, or one written in this batch."""
    said = shift.shifts(new.content)
    if _MOVED.search(new.content) and changes.who(new.content):
        said.append(shift.Shift("moved"))
    records = list(records)  # a pet given away, the one named called a pet somewhere
    said += [shift.Shift("rehomed", anchor=n) for n in shift.rehomed(new.content) if shift.pet_named(
        n, [new.content, *(r.content for r in records)])]
    stages = [(b, a, changes.who(new.content)) for b, a in shift.stages(new.content)]
    stages += [(b, a, changes.who(sentence)) for sentence in _other_sentences(new)
               for b, a in shift.stages(sentence)]  # "드디어 졸업! 다음 달부터 공방에서 일해"
    out = []
    for r in records:
        if r.id in created or r.layer is not new.layer or _NEVER & set(r.tags) \
                or (r.type is MemoryType.RULE) != (new.type is MemoryType.RULE):
            continue
        if any(_ends(s, new, r) for s in said) or (
                not r.pinned and not CRITICAL_TAGS & set(r.tags) and _reframed(
                    new.content, r.content) and changes.who(new.content) == changes.who(
                    r.content)) or any(
                before.search(r.content) and not after.search(r.content)
                # a pinned memory only for a birth the user tells of (a pregnancy is pinned)
                and (not r.pinned or after is shift.BORN and shift.own_birth(holder)
                     or after is shift.MEAT)
                and shift.same_holder(after, holder, changes.who(r.content))
                for before, after, holder in stages):
            out.append(r)
    if not out and any(s.kind == "rescheduled" and not s.anchor for s in said):
        # "병원 사정으로 3월 26일로 밀림": no event named — the holder's one dated plan, if one
        # (no holder named either: anyone's); two plans, and which one moved is unknown
        holder = changes.who(new.content)
        plans = [r for r in records if r.id not in created and r.layer is new.layer
                 and not CRITICAL_TAGS & set(r.tags)
                 and r.type is not MemoryType.RULE and r.event_time <= new.event_time
                 and (not holder or changes.who(r.content) == holder)
                 and _DATED.search(r.content) and not shift.shifts(r.content)]
        out = plans if len(plans) == 1 else []
    return out


def _other_sentences(new: MemoryRecord) -> list[str]:
    """The sentences of the turn ``new`` came from that it does not state, and that say what
    is, not what might be ("드디어 졸업!" beside "다음 달부터 이천 공방에서 일해")."""
    turn = new.source_preview or ""
    return [s for s in _SENTENCE_END.split(turn) if s and not _UNSURE.search(s)
            and s.strip(" .!?") not in new.content]


# -- a medicine switched to another, the one left unnamed ------------------------------------------
# "we switched to escitalopram 10mg last week" after "put me on sertraline 50mg for anxiety",
# "cardiologist switched me off warfarin onto apixaban", "약을 리리카로 바꿨어"
_SWITCHED_TO = re.compile(r"\b(?:switch\w*|chang\w*|mov\w*|swapp?\w*)\s+(?:(?:me|us|them|him|her|the\s+user)"
                          r"\s+)?(?:off\s+(?:of\s+)?[\w-]+\s+)?(?:over\s+)?(?:on)?to\s+(?P<en>[A-Za-z][\w-]{3,})|"
                          r"(?P<ko>[가-힣A-Za-z][\w-]{1,}?)(?:으로|로)\s?(?:바꿨|바꿈|바꾸|바꿔|바뀌|갈아탔|갈아탐|"
                          r"변경|교체)", re.IGNORECASE)
_MEDICINE_WORD = re.compile(r"(?:^|\s)(?:약|처방)(?:을|은|도)?\s|\b(?:meds|medication|medicine|"
                            r"prescription|pills?)\b", re.IGNORECASE)
_ADDED = re.compile(r"\b(?:also|added|adding|plus|as\s+well|on\s+top|alongside|with\s+my)\b|추가|같이|함께|"
                    r"이랑\s|하고\s같이", re.IGNORECASE)


def _medicine_in(content: str) -> bool:
    """``content`` names a medicine: a known one, or a word said with a dose."""
    return dosed_name(content) is not None or any(is_medicine(w) for w in _WORD.findall(content)
                                                  if len(w) >= 4)


# "약 바꿨어요. 이제 로수바스타틴 5mg", "changed my meds, on bisoprolol now": the switch said
# of the medicine as such, the new one named after it
_SWITCHED_BARE = re.compile(r"(?:^|\s)(?:약|처방)(?:을|은|도)?\s?(?:바꿨|바꿈|바꿔\s?줬|바꿔\s?주셨|"
                            r"변경했|변경됨|교체했)|\b(?:switched|changed|swapped)\s+(?:my\s+|the\s+)?"
                            r"(?:meds|medication|medicine|prescription|pills)\b", re.IGNORECASE)


def _switched_to(content: str) -> tuple[str, int] | None:
    """The medicine a memory says the holder switched to, and where the switch is said."""
    m = _SWITCHED_TO.search(content)
    if m is not None:
        drug = m.group("en") or m.group("ko")
        if is_medicine(drug) or dosed(content, drug) or _MEDICINE_WORD.search(
                content[:m.start()]):  # "약 리리카로 바꿨어": said to be a medicine
            return drug, m.start()
        return None
    m = _SWITCHED_BARE.search(content)
    if m is None:
        return None
    after = content[m.end():]
    drug = dosed_name(after) or next((w for w in _WORD.findall(after)
                                      if len(w) >= 4 and is_medicine(w)), None)
    return (drug, m.start()) if drug else None


def switched_medicine(new: MemoryRecord, records: Iterable[MemoryRecord],
                      created: set[str]) -> list[MemoryRecord]:
    """The one medicine memory of the same holder that ``new``'s switch to another medicine
    ends. Medicines are many: with two or more stored, which one was switched is unknown
    and none ends; one said to be added ("also", "추가") ends nothing."""
    said = _switched_to(new.content)
    if said is None or _ADDED.search(new.content):
        return []
    drug = said[0]
    holder = changes.who(new.content)
    taken = [r for r in records if r.id not in created and r.layer is new.layer
             and r.type is not MemoryType.RULE and changes.who(r.content) == holder
             and not mentions(r.content, drug) and _medicine_in(r.content)]
    return taken if len(taken) == 1 else []


def outdated_by(new: MemoryRecord, records: Iterable[MemoryRecord],
                created: set[str]) -> tuple[list[MemoryRecord], str]:
    """The stored memories ``new`` says no longer hold, and why: an old value named beside
    the new (``contradicted``), a later value of a measure (``advanced``), a state said
    to have ended or been replaced (``ended_or_replaced``), a medicine switched, a request
    reversed (``styles``), or a job said anew (``roles``)."""
    records = list(records)
    gone = contradicted(new, records, created)
    if gone:
        return gone, "said not to hold"
    gone = advanced(new, records, created)
    if gone:
        return gone, "a later value"
    gone = ended_or_replaced(new, records, created)
    if gone:
        return gone, RECOVERED if all(_complaint(r.content) for r in gone) and shift.recovered(
            new.content) else "ended or replaced"
    gone = switched_medicine(new, records, created)
    if gone:
        return gone, SWITCHED
    gone = styles.reversed_requests(new, records, created)
    if gone:
        return gone, "said the other way now"
    return roles.replaced_job(new, records, created), "a new job of the same holder"


RECOVERED = "ended: the complaint is over"
SWITCHED = "switched to another medicine"


def carried_pin(new: MemoryRecord, gone: list[MemoryRecord], why: str) -> bool:
    """Whether ``new`` is pinned once it supersedes ``gone``: the new value of a core fact
    is a core fact too (a dose, a medicine) — but a complaint said to be over ("주사 맞고
    이제 괜찮아요" after "요즘 밥을 안 먹는다") is a passing state, not a core fact, unless it
    also states a lasting one (a diagnosis, a chronic condition, a medicine)."""
    if why == RECOVERED and not CRITICAL_TAGS & set(new.tags) and not _LASTING.search(
            new.content):
        return False
    return new.pinned or any(r.pinned for r in gone)
