"""Whose condition a request was for, said when the assistant asks (issue 16, family health).

"고혈압 있는 사람한테 좋은 저녁 식단 짜줄래?" → "본인 식단이세요?" → "아니 남편 거. 나는 멀쩡해":
the request named a condition of nobody ("… 있는 사람"), and the reply says whose it is. Neither
turn says "my husband has high blood pressure", so nothing was stored — yet it is the health
fact every later meal plan for the family needs (pinned by ``health``).

Only when the assistant asked whether it was for the user ("본인 …이세요?", "직접 드실 거예요?"),
the reply names a relative as the one it is for ("아니 남편 거", "엄마 드실 거예요"), and the
user's sentence before named a condition ``health`` knows as one a person has ("… 있는 사람",
"… 환자"). A "yes, mine" names no relative and is left to the sentence rules.
"""

from __future__ import annotations

import re

from gieok.domain.records import MemoryType
from gieok.write.extract.base import Hit
from gieok.write.extract.health import HEALTH
from gieok.write.extract.korean import FAMILY_KO, has_batchim

_ASKED_SELF = re.compile(r"본인|직접\s?(?:드실|드시|쓰실|쓰시|하실)|당사자")
_FOR_KIN = re.compile(rf"^(?:(?:아니|아니요|아뇨|아니에요|ㄴㄴ|노노)[\s,.!~]+)?(?:우리\s|제\s|내\s|저희\s)?"
                      rf"(?P<kin>{FAMILY_KO})\s?(?:거|꺼|것|거예요|거에요|거야|꺼야|용|용이에요|"
                      r"(?:이|가)?\s?드실\s?(?:거|거예요|거야))(?=[\s.,!~ㅋㅎ]|$)")
_CONDITION = re.compile(r"(?P<c>[가-힣A-Za-z]{2,8})(?:이|가)?\s?(?:있는|있으신|앓는|앓고\s있는)\s?(?:사람|분|환자|어르신)|"
                        r"(?P<c2>[가-힣A-Za-z]{2,8})\s?환자")


def stated(turn_text: str, shown: str, prior: str | None) -> list[tuple[Hit, str]]:
    """The relative's condition the reply says the request was for (see the docstring)."""
    if not prior or not _ASKED_SELF.search(shown):
        return []
    reply = _FOR_KIN.match(turn_text.strip())
    cond = _CONDITION.search(prior)
    if reply is None or cond is None:
        return []
    condition = cond.group("c") or cond.group("c2")
    if not HEALTH.search(condition):
        return []
    kin = reply.group("kin")
    topic = "은" if has_batchim(kin) else "는"
    subject = "이" if has_batchim(condition) else "가"
    return [(Hit(content=f"사용자의 {kin}{topic} {condition}{subject} 있다", family="family",
                 type=MemoryType.FACT, category="context", tags=("family", "health"),
                 confidence=0.75), "ko")]


def bare_of(bare: str, named: str) -> bool:
    """``bare`` is the reply itself kept whole ("사용자는 아뇨 엄마 드실 거다") beside ``named``,
    the relative's condition read from it here."""
    m = re.match(rf"^사용자의 (?P<kin>{FAMILY_KO})[은는] \S+ 있다$", named)
    return m is not None and bare != named and m.group("kin") in bare \
        and re.match(r"^(?:사용자는|질문 \")", bare) is not None and len(bare.split()) <= 8 \
        and re.search(r"(?:거|꺼|것|용|드실)", bare) is not None
