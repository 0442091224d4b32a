"""A health fact joined by "-고" to a clause about something else is said apart (issue 16, from
a new-user trial): "유당불내증 있고 회사 점심은 구내식당이야" → "사용자는 유당불내증 있다" (pinned)
and "사용자는 회사 점심은 구내식당이다" (not pinned).

Why: the sentence was kept whole, and a memory that names a condition is pinned — so where the
user eats lunch became a pinned core fact, and a later "점심은 도시락으로 바꿨어" would end the
intolerance with it. What tells the two clauses apart is the structure: a first clause that
names a condition ("있고", "이고", "앓고"), and after "-고" a clause with a topic of its own
("회사 점심은 …") that names no condition. The whole turn is read (like ``housing_cost``),
sentence by sentence; never a question, a clause about a relative's health ("엄마가 당뇨 있고
…": the halves are the caller's, kept whole), or a second clause that goes on about the
condition ("당뇨 있고 약은 메트포르민 먹어": one fact).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.text.hangul import HANGUL
from gieok.write.extract import korean
from gieok.write.extract.base import Hit
from gieok.write.extract.discourse import split_sentences
from gieok.write.extract.health import health_related
from gieok.write.extract.korean import FAMILY_KO, PETS_KO

# "<condition> 있고 / 이고 / 앓고 <topic>은 …": the first "-고" after a condition
_JOINED = re.compile(r"^(?P<a>(?:(?:저는|나는|난|전|저|나)\s)?[^\s,]+(?:\s[^\s,]+){0,3}?\s?(?:있|이|앓))고\s"
                     r"(?P<b>(?:[^\s,]+\s){0,2}?[^\s,]+(?:은|는)\s[^,]+)$")
_OTHERS = re.compile(rf"(?<![가-힣])(?:{FAMILY_KO}|{PETS_KO}|친구|동료)(?:이|가|은|는|도|의)?(?=\s|$)")
_FOOD = re.compile(r"약|복용|먹|마시|식단|식사|음식|메뉴|우유|유제품|밀가루|글루텐|설탕|술|커피|카페인")


def apart(turn_text: str, stored: Sequence[str]) -> list[tuple[Hit, str]]:
    """Each half of a condition joined to another clause by "-고" (see the module docstring),
    as its own memory; the caller drops the joined one (``bare_of``)."""
    out: list[tuple[Hit, str]] = []
    for sentence in split_sentences(turn_text):
        text = sentence.strip().rstrip(".!~ ")
        if not HANGUL.search(text) or "?" in text:
            continue
        m = _JOINED.match(text)
        if m is None:
            continue
        a, b = m.group("a"), m.group("b")
        if not health_related(a) or health_related(b) or _OTHERS.search(a) or _OTHERS.search(b) \
                or _FOOD.search(b):
            continue
        first = korean.to_memory(a + "다")
        second = korean.to_memory(b)
        if not first or not second or not first.startswith("사용자는 ") \
                or not second.startswith(("사용자는 ", "사용자의 ")) or not any(
                    _joined(s, first, second) for s in stored):
            continue  # (only a sentence the caller stored whole is said apart)
        out.append((Hit(content=first, family="health", type=MemoryType.FACT, category="context",
                        tags=("health",), confidence=0.8), "ko"))
        out.append((Hit(content=second, family="note", type=MemoryType.FACT, category="context",
                        confidence=0.75), "ko"))
    return out


def _joined(memory: str, first: str, second: str) -> bool:
    """``memory`` is the two halves said as one ("사용자는 유당불내증 있고 회사 점심은 …")."""
    stem = first.rstrip(".")[:-1]  # "사용자는 유당불내증 있"
    return memory.startswith(f"{stem}고 ") and memory.rstrip(".").endswith(
        second.rstrip(".")[len("사용자는 "):])  # (both prefixes are 4 characters and a space)


def bare_of(bare: str, named: str) -> bool:
    """``bare`` is the joined memory one of whose halves ``named`` is."""
    if not named.startswith(("사용자는 ", "사용자의 ")) or not bare.startswith("사용자는 "):
        return False
    stem = named.rstrip(".")[:-1]
    if named.rstrip(".").endswith("다") and bare.startswith(f"{stem}고 ") and health_related(named):
        return True
    rest = named.rstrip(".")[len("사용자는 "):]  # ("사용자의 " is as long)
    return bool(re.search(r"(?:있|이|앓)고 ", bare)) and bare.rstrip(".").endswith(f"고 {rest}") \
        and health_related(bare) and not health_related(named)
