"""The benchmark-neutral data model the harness runs on, and how turns become memories.

Loaders (``locomo.py``, ``longmemeval.py``) turn each benchmark's JSON into ``EvalSample``s.
Every key here (``EvalTurn.key``, ``EvalSession.key``) is the *harness's* bookkeeping: it is
used to score answers and never leaves this package. What reaches the engine is built by
``turn_items`` and holds only conversation text and the session's date (Q1b).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class EvalTurn:
    key: str  # harness-private id (e.g. LoCoMo "D1:3"); never stored
    text: str
    speaker: str | None = None  # a person's name; None for anonymous roles
    indexed: bool = True  # LongMemEval indexes user turns only


@dataclass(frozen=True)
class EvalSession:
    key: str  # harness-private
    at: datetime
    turns: tuple[EvalTurn, ...]


@dataclass(frozen=True)
class EvalQuestion:
    text: str
    category: str
    gold_turns: frozenset[str]
    gold_sessions: frozenset[str] = frozenset()


@dataclass
class EvalSample:
    sessions: list[EvalSession]
    questions: list[EvalQuestion]
    dropped_evidence: int = 0
    skipped_questions: int = 0

    def turns(self) -> Iterator[tuple[EvalSession, int, EvalTurn]]:
        for session in self.sessions:
            for index, turn in enumerate(session.turns):
                yield session, index, turn


@dataclass(frozen=True)
class IngestOptions:
    """How conversation turns are written as memories (see docs/benchmarks.md).

    ``speaker`` prefixes the content with the speaker's name; ``window`` puts that many turns
    on each side into the memory's ``index_text`` (searched, never returned as content);
    ``date`` adds the session date to ``index_text``.
    """

    speaker: bool = True
    window: int = 2
    date: bool = True


def turn_content(turn: EvalTurn, *, speaker: bool) -> str:
    if speaker and turn.speaker:
        return f"{turn.speaker}: {turn.text}"
    return turn.text


def _context(session: EvalSession, index: int, opts: IngestOptions) -> str:
    lines: list[str] = []
    if opts.date:
        lines.append(session.at.strftime("%-d %B %Y"))
    if opts.window > 0:
        # Neighbours among the indexed turns only: what is not indexed stays out entirely.
        visible = [t for t in session.turns if t.indexed and t.text.strip()]
        at = visible.index(session.turns[index])
        for other in visible[max(0, at - opts.window) : at + opts.window + 1]:
            if other is not session.turns[index]:
                lines.append(turn_content(other, speaker=opts.speaker))
    return "\n".join(lines)


def turn_items(
    sample: EvalSample, opts: IngestOptions
) -> tuple[list[dict[str, Any]], list[str]]:
    """Import items for every indexed turn, and the parallel list of turn keys.

    Only the text, the neighbours' text and the session date go into an item; the keys stay
    in the returned list, which the harness keeps to itself.
    """
    items: list[dict[str, Any]] = []
    keys: list[str] = []
    for session, index, turn in sample.turns():
        if not turn.indexed or not turn.text.strip():
            continue
        item: dict[str, Any] = {
            "content": turn_content(turn, speaker=opts.speaker),
            "event_time": session.at,
        }
        context = _context(session, index, opts)
        if context:
            item["index_text"] = context
        items.append(item)
        keys.append(turn.key)
    return items, keys


def session_of(sample: EvalSample) -> dict[str, str]:
    """turn key → session key, for session-level metrics."""
    return {turn.key: session.key for session, _, turn in sample.turns()}


def unique(seq: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(seq))
