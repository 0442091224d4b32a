"""Children listed by their order with name and age in one breath (issue 16, family):
"큰애 민준이 12살 작은애 유나 7살", "첫째는 하준 11살, 둘째는 서아 8살", "큰애는 7살 지호 작은애는
4살 지안이".

Why: the sentence rules read one subject per sentence; a list of two children with no
particle or punctuation between them became one garbled memory ("사용자의 큰애는 민준이 12살
작은애 …": the second name lost or misread, the ages mixed). Each child's name and age is a fact
of its own (a later birthday changes one), so each is stored apart, as the child of that
order. Only when two or more children are listed in the same shape (a word after "첫째는" alone
may be what the child is, not a name), and only ages a child can have.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.text.hangul import HANGUL
from gieok.write.extract.base import Hit

_ORDER = r"큰애|작은애|큰아이|작은아이|첫째|둘째|셋째|막내|막둥이|큰딸|작은딸|큰아들|작은아들"
_NAME = r"(?P<name>[가-힣]{2,3}?)(?:이)?"
_AGE = r"(?P<age>\d{1,2})\s?살"
# "큰애 민준이 12살" / "큰애는 7살 지호"
_CHILD = re.compile(rf"(?<![가-힣])(?P<noun>{_ORDER})(?:는|은)?\s(?:{_NAME}\s{_AGE}|(?P<age2>\d{{1,2}})\s?살\s"
                    rf"(?P<name2>[가-힣]{{2,3}}?)(?:이)?)(?:이고|고|이야|야|예요|이에요)?(?=[\s,.!~]|$)")
_NOT_NAME = re.compile(r"^(?:학생|대학생|고등|중학|초등|유치원|아기|딸|아들|남자|여자|외동|쌍둥|벌써|이제|올해|"
                       r"지금|진짜|완전|겨우|이번)")


def stated(turn_text: str, said: Sequence[str]) -> list[tuple[Hit, str]]:
    """One memory per child the turn lists (see the module docstring)."""
    if not HANGUL.search(turn_text) or "?" in turn_text:
        return []
    found = []
    for m in _CHILD.finditer(turn_text):
        name, age = m.group("name") or m.group("name2"), m.group("age") or m.group("age2")
        if _NOT_NAME.match(name) or not 0 < int(age) < 40:
            continue
        found.append((m.group("noun"), name, age))
    if len(found) < 2 or len({n for _, n, _ in found}) < len(found):
        return []
    return [(Hit(content=f"사용자의 {noun} {name}{_topic(name)} {age}살", family="family",
                 type=MemoryType.FACT, category="context", tags=("family",), confidence=0.8), "ko")
            for noun, name, age in found
            if not any(s.startswith(f"사용자의 {noun} {name}{_topic(name)} ") for s in said)]


def _topic(name: str) -> str:
    """은 after a final consonant, 는 after a vowel."""
    last = name[-1]
    return "은" if "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 else "는"


_LISTED = re.compile(rf"^사용자의 (?P<noun>{_ORDER}) (?P<name>[가-힣]{{2,3}})[은는] \d{{1,2}}살$")


def bare_of(bare: str, named: str) -> bool:
    """``bare`` is the one garbled memory the sentence rules made of the whole list ("사용자의
    큰애는 민준이 12살 작은애 …"), beside ``named``, one child of it read here."""
    m = _LISTED.match(named)
    return m is not None and bare != named and bare.startswith(f"사용자의 {m.group('noun')}") \
        and m.group("name") in bare and len(re.findall(rf"{_ORDER}", bare)) >= 2
