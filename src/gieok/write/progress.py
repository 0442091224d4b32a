"""Money saved toward a goal, updated: the stored memory at the new amount (issue 16).

"saving for a deposit, goal is 30k, at 8k so far", then "up to 19k on the deposit fund!". The
update names the pot ("deposit fund") and the amount only; kept as it is, it superseded the
memory that held the goal too ("goal is 30k" was lost with the old 8k). The goal still holds,
and only the amount saved moved: the memory stays as it was, at the new amount — "User is
saving for a deposit, goal is 30k, at 19k so far" — and 8k is its history.

``rewritten(old, value)``: ``old`` with the one amount said as saved so far ("at 8k so far",
"saved 8k") replaced by ``value`` — never the goal (an amount after goal/target/aim, or before
"goal") — and the amount it had; None when ``old`` states no such amount, or several, or no
goal beside it. Pure.
"""

from __future__ import annotations

import re

from gieok.write.extract.amount_now import AMOUNT

_AMOUNT = re.compile(AMOUNT, re.IGNORECASE)
# the amount a goal is: "goal is 30k", "target of 30k", "aiming for 30k", "30k goal"
_GOAL_BEFORE = re.compile(r"\b(?:goal|target|aim(?:ing)?|need|needs|want|wants)\b(?:\s+(?:is|of|for|to\s+hit|"
                          r"to\s+reach|was))?\s*[:=]?\s*$", re.IGNORECASE)
_GOAL_AFTER = re.compile(r"^\s*(?:goal|target)\b", re.IGNORECASE)
# the amount saved so far: "at 8k so far", "saved 8k", "have 8k", "8k saved", "8k in"
_SAVED_BEFORE = re.compile(r"\b(?:at|saved|have|has|got|reached|up\s+to)\s*$", re.IGNORECASE)
_SAVED_AFTER = re.compile(r"^\s*(?:so\s+far|saved|in\s+(?:the|it)|banked)\b", re.IGNORECASE)


def rewritten(old: str, value: str) -> tuple[str, str] | None:
    """(``old`` at ``value``, the amount it had) — see the module docstring."""
    if not _AMOUNT.fullmatch(value.strip()):
        return None
    saved = [m for m in _AMOUNT.finditer(old)
             if not _GOAL_BEFORE.search(old[max(0, m.start() - 30):m.start()])
             and not _GOAL_AFTER.match(old[m.end():])
             and (_SAVED_BEFORE.search(old[max(0, m.start() - 30):m.start()])
                  or _SAVED_AFTER.match(old[m.end():]))]
    if len(saved) != 1 or len(list(_AMOUNT.finditer(old))) < 2:
        return None  # the goal must be said too: else the new memory says all there is
    m = saved[0]
    return f"{old[:m.start()]}{value.strip()}{old[m.end():]}", m.group(0)
