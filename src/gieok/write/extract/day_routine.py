"""A weekly routine said day by day, with its exceptions (issue 16): "화목은 퇴근하고 클라이밍 가고
수요일은 야근 없으면 요가 가", "swim mon/wed before work, fridays only if I'm not on call".

Why: the Korean sentence joins two routines by "-고" and the second carries a condition ("야근
없으면"), so the whole was read as a hypothetical and stored nothing; the English one has no
subject (a diary's "swim mon/wed"), so no rule read it. What makes each a routine is its
structure: a clause that opens with the days it holds on ("화목은", "수요일은", "주말엔",
"mon/wed") and ends in an activity verb — the exception is part of it ("야근 없으면", "only if
I'm not on call"). The whole turn is read (like ``housing_cost``); each Korean clause that
opens with its days is a memory of its own. Never a question, a plan for one day ("이번
수요일은 …"), someone else's routine, or a clause already stored.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.text.hangul import HANGUL
from gieok.write.extract.base import Hit
from gieok.write.extract.discourse import split_sentences
from gieok.write.extract.korean import FAMILY_KO, PETS_KO
from gieok.write.normalize import first_person_to_user_en

_DAY = r"[월화수목금토일]"
_DAYS_KO = (rf"(?:{_DAY}{{1,4}}|{_DAY}요일(?:이랑|하고|,\s?|과|와)?(?:{_DAY}요일)?|{_DAY}요일마다|주말|평일|매주\s{_DAY}{{1,4}})"
            r"(?:은|는|엔|에는|에|마다)")
# each clause that opens with the days it holds on, up to the next such clause
_CLAUSE_KO = re.compile(rf"(?:^|(?<=고\s))(?P<c>{_DAYS_KO}\s(?:(?!고\s{_DAYS_KO}\s).)+?)"
                        rf"(?=고\s{_DAYS_KO}\s|[\s.!~ㅋㅎ]*$)")
_VERBS_KO = {"가": "간다", "가요": "간다", "감": "간다", "다녀": "다닌다", "다녀요": "다닌다", "다님": "다닌다",
             "해": "한다", "해요": "한다", "함": "한다", "와": "온다", "와요": "온다", "타": "탄다",
             "타요": "탄다", "쳐": "친다", "쳐요": "친다", "배워": "배운다", "배워요": "배운다",
             "뛰어": "뛴다", "뛰어요": "뛴다", "들어": "듣는다", "들어요": "듣는다"}
_ONE_DAY_KO = re.compile(r"이번|다음|지난|오늘|내일|어제")
_OTHERS_KO = re.compile(rf"(?<![가-힣])(?:{FAMILY_KO}|{PETS_KO}|친구|동료)(?:이|가|은|는|도)?\s")

_DAY_EN = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?s?"
_DAYS_EN = rf"{_DAY_EN}(?:\s*(?:/|,|&|and|\+)\s*{_DAY_EN})*"
_ACT_EN = (r"swim|run|lift|climb|bike|cycle|ride|walk|hike|train|skate|surf|row|box|dance|"
           r"practice|study|volunteer|teach")
_ROUTINE_EN = re.compile(rf"^(?P<v>{_ACT_EN})\s+(?:on\s+)?(?P<days>{_DAYS_EN})\b(?P<rest>[^?]*)$",
                         re.IGNORECASE)
_PLAIN_EN = re.compile(r"\b(?:this|next|last)\s+(?:week|" + _DAY_EN + r")\b", re.IGNORECASE)


def stated(turn_text: str, stored: Sequence[str]) -> list[tuple[Hit, str]]:
    """Each day-by-day routine of the turn (see the module docstring), unless ``stored``
    already holds it."""
    out: list[tuple[Hit, str]] = []
    for sentence in split_sentences(turn_text):
        text = sentence.strip().rstrip(".!~ ")
        if "?" in text:
            continue
        made = _korean(text) if HANGUL.search(text) else _english(text)
        if any(content.split(" ", 1)[1][:12] in s for content in made for s in stored):
            continue  # (the sentence is stored already, whole)
        for content in made:
            out.append((Hit(content=content, family="routine", type=MemoryType.FACT,
                            category="context", confidence=0.75), "ko" if HANGUL.search(content) else "en"))
    return out


def _korean(text: str) -> list[str]:
    if _ONE_DAY_KO.search(text) or _OTHERS_KO.search(text):
        return []
    out: list[str] = []
    for m in _CLAUSE_KO.finditer(text):
        clause = m.group("c").strip()
        words = clause.split(" ")
        verb = _VERBS_KO.get(words[-1])
        if verb is None or len(words) < 3:
            continue
        out.append(f"사용자는 {' '.join(words[:-1])} {verb}")
    return out if len(out) > 1 or (out and re.search(r"면\s", text)) else []


def _english(text: str) -> list[str]:
    m = _ROUTINE_EN.match(text)
    if m is None or _PLAIN_EN.search(text):
        return []
    verb = m.group("v").lower()
    verb = verb + ("es" if verb.endswith(("x", "sh", "ch")) else "s")
    rest = first_person_to_user_en(m.group("rest")).rstrip(" ,")
    return [f"User {verb} {m.group('days')}{rest}"]
