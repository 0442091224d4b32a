"""A way of eating the user kept, then stopped (issue 16): "단식은 그만뒀어요 너무 힘들어서"
after "요즘 간헐적 단식 중이라 아침은 안 먹어요"; "I quit intermittent fasting" after "I do 16:8".

Why: a memory about what the user eats is pinned (a core fact: diet and health always apply),
and a pinned memory is protected from being ended by a passing sentence — "땅콩 버터 끊었어"
must never end a peanut allergy. A fast or a diet, though, is a regimen the user keeps by
choice: it holds until they say they stopped it, and the stop was read (``retired`` names
"단식") but ended nothing, so the fast stayed a core fact beside the stop, and the stop itself
was stored as a second PINNED fact ("사용자는 단식은 그만뒀다. 너무 힘들다"). context() then
listed both as facts that always apply when asked for a breakfast menu.

Two readings:

* ``regimen(name)``: the thing named is a regimen of eating — a fast (단식, 금식, 1일 1식,
  intermittent fasting, OMAD, 16:8) or a diet word (``diets.DIET_WORD``) — never an allergy, a
  food, a medicine or a condition ("땅콩", "약", "당뇨");
* ``as_history(new, ended, names)``: a stop that ended only regimens is the history of them:
  not pinned, no safety tag, ``metadata.ended`` naming what stopped (``MemoryRecord.is_history``),
  so context() shows it as past. A reason said with the stop ("너무 힘들어서") is part of that
  history, not a current state. A stop that ended a medicine or anything else stays as written.
Pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryRecord
from gieok.domain.safety import SAFETY_TAGS
from gieok.write.extract.diets import DIET_WORD

# a fast, in either script: "간헐적 단식", "단식", "금식", "1일 1식", "일일일식", "intermittent fasting",
# "fasting", "OMAD", "16:8"
FAST = re.compile(r"(?:간헐적\s?)?단식|금식|1일\s?1식|일일일식|(?:intermittent\s+)?fasting|"
                  r"\bomad\b|(?<!\d)(?:16|18|20)\s?[:/]\s?(?:8|6|4)(?!\d)", re.IGNORECASE)


def regimen(name: str) -> bool:
    """``name`` (what the user said they stopped) is a way of eating they kept by choice."""
    return bool(FAST.search(name) or DIET_WORD.search(name))


def states_regimen(record: MemoryRecord, names: Sequence[str]) -> bool:
    """``record`` states one of the regimens among ``names`` — the memory a stop ends even
    when it is pinned ("사용자는 요즘 간헐적 단식 중이라 아침은 안 먹는다" for "단식")."""
    for name in names:
        if FAST.search(name) and FAST.search(record.content):
            return True
        if DIET_WORD.search(name) and name.casefold() in record.content.casefold():
            return True
    return False


def as_history(new: MemoryRecord, ended: Sequence[MemoryRecord],
               names: Sequence[str]) -> MemoryRecord:
    """``new`` (a stop that ends ``ended``) as the dated history of the regimens it ended —
    unchanged unless every name stopped is a regimen and every memory ended states one."""
    stopped = [n for n in names if regimen(n)]
    if not ended or not stopped or len(stopped) != len(names) \
            or not all(states_regimen(r, stopped) for r in ended):
        return new
    return new.model_copy(update={
        "pinned": False, "tags": sorted(set(new.tags) - SAFETY_TAGS),
        "metadata": {**new.metadata, "ended": list(dict.fromkeys(stopped))}})
