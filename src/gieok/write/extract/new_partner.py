"""A new partner, and the name said after the news in the same turn (issue 16, from a new-user
trial): "새 여자친구 생겼어 ㅎㅎ 이름은 하린이", "남친 생겼어요 이름은 민호야".

Why: "새 여자친구 생겼어" stored nothing (the "새" before the partner word kept the sentence
from the rule), and the name said after it came out as "사용자는 이름은 민호다", "사용자의
여자친구 이름은 하린이야다" or nothing, depending on a laugh or a vocative "이" in between — so
the relationship slot (``partners``) never learned who. The whole turn is read (like
``housing_cost``): the user's own news that a partner came along ("(새) 여자친구 생겼어", never
"친구가 여자친구 생겼대" or a question), and a name given right after ("이름은 하린이"). One
memory says both, in the form ``partners`` reads ("사용자는 새로 여자친구가 생겼다. 이름은
하린"), and the partial ones of the same turn are dropped (``bare_of``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.write.extract.base import Hit
from gieok.write.normalize import has_batchim

_PARTNER = r"여자\s?친구|남자\s?친구|여친|남친|애인"
_NEWS = re.compile(
    rf"^(?:(?:나|저|나도|저도|드디어|요즘|사실|나\s?드디어|저\s?드디어)\s)*(?P<new>새\s?|새로\s)?"
    rf"(?P<who>{_PARTNER})(?:이|가)?\s?(?:하나\s)?생겼(?:어|어요|다|음|습니다|당)(?=[\s.,!~ㅋㅎㅠㅜ]|$)")
_NAMED = re.compile(
    r"(?:^|[\s.,!~ㅋㅎ])(?:걔\s?|그\s?(?:사람|애)\s?)?이름은\s(?P<name>[가-힣]{2,4}?|[A-Z][a-z]{1,12})(?:이)?"
    r"(?:야|이야|예요|이에요|에요|임|입니다|이고|고|라고\s?해|이라고\s?해)?[\s.!~ㅋㅎ]*$")
_NOT_NAME = frozenset("비밀 뭐 몰라 아직 나중에 그냥".split())


def stated(turn_text: str, stored: Sequence[str]) -> list[tuple[Hit, str]]:
    """The user's new partner, with the name given after the news (see the module
    docstring), unless ``stored`` already says the news with that name."""
    text = turn_text.strip()
    if "?" in text:
        return []
    news = _NEWS.match(text)
    if news is None:
        return []
    who = re.sub(r"\s", "", news.group("who"))
    named = _NAMED.search(text, news.end())
    name = named.group("name") if named is not None else None
    if name in _NOT_NAME:
        name = None
    if name is None and not news.group("new"):
        return []  # ("여자친구 생겼어" alone: the sentence rules read it)
    if any("생겼" in s and (name is None or name in s) for s in stored):
        return []  # the news is stored whole already
    particle = "이" if has_batchim(who) else "가"
    content = f"사용자는 새로 {who}{particle} 생겼다"
    if name is not None:
        content += f". 이름은 {name}"
    return [(Hit(content=content, family="family", type=MemoryType.FACT, category="context",
                 confidence=0.8), "ko")]


def bare_of(bare: str, named: str) -> bool:
    """``bare`` says part of the news ``named`` states whole ("사용자는 남친 생겼다", "사용자는
    이름은 민호다", "사용자의 여자친구 이름은 하린이야다")."""
    m = re.match(rf"^사용자는 새로 (?P<who>{_PARTNER})(?:이|가) 생겼다(?:\. 이름은 (?P<name>\S+))?$", named)
    if m is None:
        return False
    who, name = m.group("who"), m.group("name")
    if re.fullmatch(rf"사용자는 (?:새\s?|새로\s)?(?:{_PARTNER})(?:이|가)? 생겼다\.?", bare):
        return True
    # ("사용자의 이름은 수아다": the name said after the news is the partner's, not the user's)
    return name is not None and re.fullmatch(
        rf"사용자(?:는|의|의 {re.escape(who)}) 이름은 {re.escape(name)}\S*\.?", bare) is not None
