"""A relative who has a condition, said with the subject particle (issue 16, family and health).

"남편이 갑각류 알레르기 있어서 …", "아들이 아토피가 있어서 세제 추천 좀", "시아버지가 고혈압이 있으셔서
…": the relative is the subject, so the condition is theirs. The sentence rules word a kept
Korean sentence in the user's voice ("사용자는 남편이 갑각류 알레르기가 있다"): the user reads as the
one who has it, and a later "내가 알레르기 있는 거 뭐였지?" finds the husband's. Stored as the
relative's ("사용자의 남편은 갑각류 알레르기가 있다"), the memory says whose it is — and the doubled
"사용자의 남편은 남편이 …" that the about-a-relative path made of it says it once.

Only a relative's word (``FAMILY_KO``) right after "사용자는" with 이/가/께서, and only when the
rest is about health (``HEALTH``): "사용자는 남편이 좋다" (the user likes him) or "사용자는 아들이
걱정된다" (the user's worry) stay as they are.
"""

from __future__ import annotations

import re

from gieok.write.extract.health import HEALTH
from gieok.write.extract.korean import FAMILY_KO, has_batchim

_OPENING = r"(?:(?:아|참|근데|그리고|아무튼|암튼|어쨌든|요즘|최근에|작년에|얼마\s?전에)\s)*"
_HOLDER = re.compile(rf"^사용자는\s(?P<pre>{_OPENING})(?:우리\s|울\s|제\s|내\s|저희\s)?"
                     rf"(?P<kin>{FAMILY_KO})(?:이|가|께서)\s(?P<rest>.+)$")
_DOUBLED = re.compile(rf"^사용자의\s(?P<kin>{FAMILY_KO})(?:은|는)\s(?:우리\s|제\s|내\s)?(?P=kin)"
                      r"(?:이|가|께서)\s(?P<rest>.+)$")


def of(content: str) -> str:
    """``content`` with the relative as the holder of the condition (see the module
    docstring); unchanged otherwise."""
    m = _HOLDER.match(content) or _DOUBLED.match(content)
    if m is None or not HEALTH.search(m.group("rest")):
        return content
    kin = m.group("kin")
    pre = m.groupdict().get("pre") or ""
    return f"사용자의 {kin}{'은' if has_batchim(kin) else '는'} {pre}{m.group('rest')}"
