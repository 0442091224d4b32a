"""A test result the user reports as a number (issue 16, health family): "월요일에 회사 검진
받았는데 LDL 165 나옴", "당화혈색소 6.9 나옴", "my LDL came back at 160".

Why: the sentence rules read "LDL이 165 나왔어" as a statement, but not the same result said in
the clipped chat ending ("나옴"), nor after a clause that dates it ("어제 … 했는데": a one-day
event, so the sentence is read as a moment of that day and dropped). A measured value of a
named test is a health fact the assistant needs later (a statin, a diet) whatever day it was
measured, so it is pinned with the test's name and its number. Only a closed list of checkup
tests (not blood sugar or blood pressure, read at home many times a day: a moment's reading);
only the user's own (never in a turn that names a relative or pet, never "my dad's LDL"); never a condition ("…나오면"),
a target ("목표 혈압 130"), or a question about a value ("LDL 171이면 높은 거야?").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.text.hangul import HANGUL
from gieok.write.extract.base import Hit
from gieok.write.extract.korean import FAMILY_KO, PETS_KO

# tests of a checkup, whose number lasts until the next one (not what is measured at home
# many times a day — blood sugar, blood pressure: a reading of the moment)
_TESTS = (r"LDL|HDL|(?:총\s?)?콜레스테롤|중성지방|공복\s?혈당|당화혈색소|(?:Hb)?A1c|간\s?수치|"
          r"요산|TSH|eGFR|크레아티닌|비타민\s?D|페리틴|ferritin|cholesterol|"
          r"triglycerides|fasting\s+glucose")
_VALUE = r"(?P<v>\d{1,3}(?:\.\d)?(?:\s?/\s?\d{2,3})?)"
_KO = re.compile(
    rf"(?<![가-힣A-Za-z])(?P<t>{_TESTS})(?:\s?수치)?(?:이|가|은|는)?\s?(?:가\s)?{_VALUE}\s?"
    r"(?:mg/dL|mg/dl|mmHg|%|정도|쯤)?\s?"
    r"(?:나옴|나왔(?:어|어요|다|음|네|는데|고|더라|습니다)|나와서|나왔대|이래|래요|였어|였음|이었어|임(?![가-힣]))",
    re.IGNORECASE)
_EN = re.compile(
    rf"\b(?:my|our)\s+(?P<t>{_TESTS})\s+(?:was|is|came\s+back(?:\s+at)?|came\s+in\s+at|"
    rf"(?:is|was)\s+(?:at|up\s+to|down\s+to))\s+{_VALUE}\b", re.IGNORECASE)
_OTHERS_KO = re.compile(rf"(?<![가-힣])(?:{FAMILY_KO}|{PETS_KO}|친구|동료)")
_TARGET = re.compile(r"목표|target|goal|aim", re.IGNORECASE)


def stated(turn_text: str, said: Sequence[str]) -> list[tuple[Hit, str]]:
    """The user's reported test results in the turn, unless ``said`` already holds the
    number with the test (see the module docstring)."""
    out: list[tuple[Hit, str]] = []
    korean = HANGUL.search(turn_text) is not None
    pattern = _KO if korean else _EN
    for m in pattern.finditer(turn_text):
        before = turn_text[:m.start()]
        if (korean and _OTHERS_KO.search(turn_text)) or _TARGET.search(before[-10:]):
            # (a relative or pet named anywhere in the turn may be whose result it is)
            continue
        test, value = re.sub(r"\s+", " ", m.group("t")), re.sub(r"\s+", "", m.group("v"))
        content = f"사용자의 {test} 수치는 {value}" if korean else f"User's {test} was {value}"
        covered = [s for s in said if value in s and test.casefold() in s.casefold()]
        if covered and not all(bare_of(s, content) for s in covered):
            continue  # the turn's sentences said it already, in words of their own
        out.append((Hit(content=content, family="health", type=MemoryType.FACT, category="context",
                        tags=("health",), confidence=0.8), "ko" if korean else "en"))
    return out


_NAMED_KO = re.compile(r"^사용자의 (?P<t>.+) 수치는 (?P<v>\S+)$")


def bare_of(bare: str, named: str) -> bool:
    """``bare`` is the same result the sentence rules kept in the turn's own words, unpinned
    ("사용자는 LDL이 165 나왔다"; never one that says more), beside
    ``named``, the result read here."""
    m = _NAMED_KO.match(named)
    return m is not None and bare != named and bare.startswith("사용자는 ") \
        and m.group("t") in bare and m.group("v") in bare \
        and ". " not in bare and len(bare.split()) <= 5  # (the result alone, nothing else)
