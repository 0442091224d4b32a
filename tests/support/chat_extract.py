"""Replay a chat through the heuristic extractor the way a chat app sends it: one message per
call, each seeing the earlier ones as context (what ``add()`` gives the extractor)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from gieok.domain.turns import Turn
from gieok.write.extract.base import Candidate
from gieok.write.extract.heuristic import HeuristicExtractor

AT = datetime(2026, 11, 20, 1, 0, tzinfo=UTC)


def candidates(*turns: tuple[str, str], at: datetime = AT) -> list[Candidate]:
    """Every candidate memory, in order, for ``(role, text)`` turns said at ``at``."""
    convo = [Turn(role=role, content=text, at=at) for role, text in turns]
    extractor = HeuristicExtractor()
    out: list[Candidate] = []
    for i, turn in enumerate(convo):
        out += extractor.extract_sync([turn], context=convo[:i])
    return out


def contents(*turns: tuple[str, str], at: datetime = AT) -> list[str]:
    """The candidates' texts (``candidates``)."""
    return [c.content for c in candidates(*turns, at=at)]


def said(text: str, at: datetime = AT) -> list[str]:
    """What one user message leaves (``contents`` of a single user turn)."""
    return contents(("user", text), at=at)


def chat(*lines: str, at: datetime = AT) -> list[tuple[str, bool]]:
    """``(content, pinned)`` of every candidate for lines written ``"u: …"`` / ``"a: …"``, a
    minute apart from ``at``, each user turn seeing the turns before it as context."""
    convo = [Turn(role="user" if line.split(": ", 1)[0] == "u" else "assistant",
                  content=line.split(": ", 1)[1], at=at + timedelta(minutes=i))
             for i, line in enumerate(lines)]
    extractor = HeuristicExtractor()
    out: list[tuple[str, bool]] = []
    for i, turn in enumerate(convo):
        if turn.role == "user":
            out += [(c.content, c.pinned) for c in extractor.extract_sync([turn], context=convo[:i])]
    return out


def user_says(*texts: str, at: datetime = AT) -> list[str]:
    """What a run of user messages leaves, each seeing the ones before it (``contents``)."""
    return contents(*[("user", text) for text in texts], at=at)


def chat_contents(*lines: str, at: datetime = AT) -> list[str]:
    """The candidates' texts of a ``chat``, pinned or not."""
    return [content for content, _ in chat(*lines, at=at)]


def user_candidates(text: str, at: datetime = AT) -> list[Candidate]:
    """Every candidate of one user message (``candidates``)."""
    return candidates(("user", text), at=at)
