"""W2: when extraction and session-end work run. Pure decisions; the pipeline acts on them.

* ``turn`` — after each ``add`` with ``infer=True`` (the library call; the service runs it off
  the request path), when the scope's ``auto_extraction`` is on;
* ``explicit`` — a user turn says "remember this" / "기억해줘": extracted even when
  ``auto_extraction`` is off, because the user asked;
* ``threshold`` — the session passes every N messages (seed 003: 20): the session's episode
  is written or refreshed;
* ``save`` — a user turn asks to save the conversation ("대화 저장해줘", "save this
  conversation"): the session's episode is written now (seed 003);
* ``session_end`` — ``end_session(...)``: remaining turns are extracted and the episode is
  written (W11);
* ``idle`` — the sweeper closes sessions idle past the timeout (seed 003: 30 min) and runs
  the session-end work for them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum

from gieok.domain.policy import ScopeSettings
from gieok.domain.turns import Turn


class TriggerKind(StrEnum):
    TURN = "turn"
    EXPLICIT = "explicit"
    THRESHOLD = "threshold"
    SAVE = "save"
    SESSION_END = "session_end"
    IDLE = "idle"


_EXPLICIT = re.compile(
    r"\b(?:remember|don['’]?t\s+forget|do\s+not\s+forget|keep\s+in\s+mind|make\s+a\s+note|"
    r"note\s+that)\b|기억해|기억하고\s?있어|잊지\s?마|잊지\s?말아|메모해|적어\s?둬|저장해\s?줘",
    re.IGNORECASE,
)


_SAVE = re.compile(
    r"\b(?:save|store|keep)\s+(?:this|the|our|my)\s+(?:conversation|chat|talk)\b|"
    r"(?:대화|이야기|얘기|채팅)\s?(?:내용\s?)?(?:을|를)?\s?(?:저장|기록)\s?(?:해|하자|할래|좀)",
    re.IGNORECASE,
)


def is_save_request(text: str) -> bool:
    """A user turn that asks to save the conversation itself (seed 003's "대화 저장")."""
    return _SAVE.search(text) is not None


def is_explicit_request(text: str) -> bool:
    """A user turn that asks the assistant to remember something (W1); a request to save
    the whole conversation is a ``save`` trigger instead."""
    if is_save_request(text):
        return False
    return _EXPLICIT.search(text) is not None and not re.search(
        r"(?:do|can|could|did)\s+you\s+remember|기억\s?나|기억해\?|기억하니|기억하지\?", text, re.I)


@dataclass(frozen=True)
class TriggerPlan:
    """What one ``add`` should do after appending its turns."""

    extract: list[Turn] = field(default_factory=list)
    kinds: tuple[TriggerKind, ...] = ()
    episode: bool = False
    reason: str = ""


def plan_add(
    new_turns: Sequence[Turn],
    pending: Sequence[Turn],
    *,
    infer: bool,
    settings: ScopeSettings,
    count_before: int | None,
    count_after: int | None,
) -> TriggerPlan:
    """Decide the work for one ``add``.

    ``pending`` are earlier turns of the session that were never extracted (added with
    ``infer=False``); they are caught up with the new ones. ``count_*`` are the session's turn
    counts around this ``add`` (``None`` when the store keeps no session log).
    """
    if not settings.enabled:
        return TriggerPlan(reason="disabled")
    if not infer:
        return TriggerPlan(reason="infer=False")
    kinds: list[TriggerKind] = []
    turns = [*pending, *new_turns]
    if settings.auto_extraction:
        # Every turn, in order: the extractor reads only the user's, but an answer needs
        # the question the assistant asked just before it in the same batch ("How old is
        # he?" → "about 4").
        chosen = list(turns) if any(t.role == "user" for t in turns) else []
        if chosen:
            kinds.append(TriggerKind.TURN)
    else:
        chosen = [t for t in turns if t.role == "user" and is_explicit_request(t.content)]
    if any(is_explicit_request(t.content) for t in chosen if t.role == "user"):
        kinds.append(TriggerKind.EXPLICIT)
    episode = crossed_threshold(count_before, count_after, settings.session_message_threshold)
    if episode:
        kinds.append(TriggerKind.THRESHOLD)
    if any(t.role == "user" and is_save_request(t.content) for t in new_turns):
        episode = True
        kinds.append(TriggerKind.SAVE)
    reason = "" if chosen else ("auto_extraction off" if not settings.auto_extraction
                                else "no user turns")
    return TriggerPlan(extract=chosen, kinds=tuple(kinds), episode=episode, reason=reason)


def crossed_threshold(before: int | None, after: int | None, every: int) -> bool:
    """True when the count passes a multiple of ``every`` (20 → at 20, 40, 60 …)."""
    if before is None or after is None or every <= 0:
        return False
    return after // every > before // every


def idle_cutoff(now: datetime, settings: ScopeSettings) -> datetime:
    return now - timedelta(minutes=settings.idle_timeout_minutes)
