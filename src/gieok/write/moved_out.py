"""Someone who moved out no longer lives with the user (issue 16).

"Oscar moved out last weekend", "Nadia moved out, we split up in august", "세린이 결국 이사
나갔어", "현우가 짐 빼서 나갔고 이제 나 혼자 살아": the person left the user's home. What was
stored of living with them ("User's flatmate Oscar keeps eating User's food", "사용자는 룸메
세린이랑 같이 산다", "User's girlfriend Nadia and User share a flat in Leith") is past from that
turn on; no slot names it (the first sentence said a housemate in passing, the second says a
person's move), so neither the slot step nor a likeness ties the two.

``moved_out(text)`` reads who the sentence says moved out: a name (or a housemate word said
without one: "my roommate moved out", "룸메가 이사 나갔어"), never the user ("we moved out",
"나 이사 나갔어": the user's own move is a new home, read by ``dwelling``), never a move that is
still ahead ("Jo is moving out in May", "이사 나간대") and never a move out of somewhere else
("Jo moved out of her dorm"). ``lived_with(content, name)`` says a stored memory states the user
living with them: the name and a word of sharing a home ("roommate", "lives with", "share a
flat", "룸메", "같이 산다", "동거"). Only those memories end — "User's brother Oscar lives in
Leeds" or "Oscar is a nurse" stay as they are. ``leave`` is the reconciliation step that supersedes them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from datetime import datetime

from gieok.domain.records import MemoryRecord, MemoryType
from gieok.domain.safety import CRITICAL_TAGS
from gieok.text.hangul import HANGUL
from gieok.write.ending import ended_in
from gieok.write.extract.retired import mentions
from gieok.write.keepers import keep_unchanged
from gieok.write.plan import Plan, Pool, supersede

# a housemate said by what they are, without a name: "my roommate moved out"
_MATE_EN = r"(?:room-?mate|flat-?mate|house-?mate|lodger|subletter)"
_NAME_EN = r"[A-Z][a-z]+(?:-[A-Za-z][a-z]+)?"
_EN = re.compile(
    rf"(?:\b(?:my|our|the)\s+(?P<mate>{_MATE_EN})|\b(?P<x>{_NAME_EN}))\s+"
    r"(?:(?:finally|just|officially|already|actually|eventually|has|had)\s+){0,2}"
    r"moved\s+(?:out\b(?!\s+of\s+(?!(?:my|our|the)\s+(?:flat|place|apartment|house|home)\b))|"
    r"(?:back\s+home|away|abroad|back\s+to\s+[A-Z]\w+|to\s+[A-Z]\w+)\b)")
# English words a name is never: the user, pronouns, a sentence's first word said as a name
_NOT_EN = frozenset(
    "user we i they he she it everyone everybody someone somebody nobody who that this "
    "then finally so and but also mom dad".split())
# Korean: the name (a particle glued on) before a move out in the past — "세린이 결국 이사
# 나갔어", "현우가 짐 빼서 나갔고", "동생이 독립했어", "룸메가 이사 나갔다"
_KO = re.compile(
    r"(?<![가-힣A-Za-z])(?P<x>[가-힣A-Za-z]{2,6}?)(?:이가|가|이는|는|이|도)?\s"
    r"(?:(?:결국|드디어|이번에|어제|그저께|지난주에?|지난달에?|오늘|벌써|완전히|얼마\s?전에)\s)?"
    r"(?:이사\s?(?:나갔|나감|갔|감)|짐\s?(?:빼서|빼고|싸서|싸고)\s?(?:나갔|나감)|짐\s?(?:뺐|뺌)|독립했|독립함)")
_NOT_KO = frozenset("사용자 사용자는 우리 저희 내가 나는 제가 저는 그냥 결국 드디어".split())
_MATES_KO = ("룸메", "룸메이트", "하우스메이트", "셰어메이트")

# a stored memory of living with someone
_SHARED_EN = re.compile(
    rf"\b(?:{_MATE_EN}s?|lives?\s+with|living\s+with|live[sd]?\s+together|living\s+together|"
    r"moved\s+in\s+(?:together|with)|shares?\s+(?:a|an|the|our|their|his|her)\s+"
    r"(?:flat|apartment|house|place|home|room|condo|studio)|cohabit\w*)\b", re.IGNORECASE)
_SHARED_KO = re.compile(r"룸메|하우스메이트|셰어메이트|셰어하우스|동거|같이\s?(?:살|사는|산다|삶|지내)|"
                        r"함께\s?(?:살|사는|산다|삶|지내)|한\s?집에\s?(?:살|산다)")


def moved_out(text: str) -> tuple[str, ...]:
    """Who ``text`` says moved out of the user's home — each as said ("Oscar", "세린",
    "roommate", "룸메"); empty when it says no one did."""
    names: list[str] = []
    if HANGUL.search(text):
        for m in _KO.finditer(text):
            name = m.group("x")
            if name not in _NOT_KO and not name.startswith(("나", "저")):
                names.append(name)
    for m in _EN.finditer(text):
        if m.group("mate"):
            names.append(m.group("mate").replace("-", ""))
        elif m.group("x").casefold() not in _NOT_EN:
            names.append(m.group("x"))
    return tuple(dict.fromkeys(names))


def lived_with(content: str, name: str) -> bool:
    """``content`` (a stored memory) says the user lives with ``name``: it names them and says
    a home is shared ("User's flatmate Oscar …", "사용자는 룸메 세린이랑 같이 산다")."""
    if name in _MATES_KO or re.fullmatch(_MATE_EN, name, re.IGNORECASE):
        said = (_SHARED_KO if HANGUL.search(name) else _SHARED_EN).search(content)
        return said is not None
    if not mentions(content, name):
        return False
    return (_SHARED_KO.search(content) or _SHARED_EN.search(content)) is not None


def ended_homes(text: str, contents: Iterable[tuple[str, str]]) -> tuple[list[str], list[str]]:
    """The ids among ``contents`` ((id, content) of stored memories) that say the user lives
    with someone ``text`` says moved out, and the names that ended them."""
    gone = moved_out(text)
    ids: list[str] = []
    names: list[str] = []
    for rid, content in contents:
        hit = [n for n in gone if lived_with(content, n)]
        if hit and not moved_out(content):
            ids.append(rid)
            names += [n for n in hit if n not in names]
    return ids, names


def leave(new: MemoryRecord, pool: Pool, plan: Plan, now: datetime) -> bool:
    """``new`` says someone moved out: the stored memories of living with them are superseded
    by it, and it is dated history itself when it says nothing that holds now ("사용자는 세린이
    결국 이사 나갔다"; ``ending.ended_in``) — False when it ends none."""
    if new.type is MemoryType.RULE:
        return False
    stored = [(r.id, r.content) for r in pool.records.values()
              if r.id not in pool.created and r.layer is new.layer
              and r.type is not MemoryType.RULE and not CRITICAL_TAGS & set(r.tags)]
    ids, names = ended_homes(new.content, stored)
    if not ids:
        return False
    ended = ended_in(new.content, names)
    if ended:
        new = new.model_copy(update={"metadata": {**new.metadata, "ended": list(ended)}})
    olds = [pool.records[i] for i in ids]
    supersede(plan, pool, olds, new, now,
              "someone the user lived with moved out", names=names)
    # who else the user lives with still does ("User lives with their roommate Tom" of "…two
    # roommates, Priya and Tom" after "Priya moved out"; ``partial``)
    keep_unchanged(plan, pool, olds, new, now, names)
    plan.left += [(name, new.valid_from or new.event_time) for name in names]
    return True
