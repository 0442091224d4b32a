"""The benchmark-neutral data model the harness runs on, and how turns reach the engine.

Loaders (``locomo.py``, ``longmemeval.py``) turn each benchmark's JSON into ``EvalSample``s.
Every key here (``EvalTurn.key``, ``EvalSession.key``) is the *harness's* bookkeeping: it is
used to score answers and never leaves this package. What reaches the engine holds only
conversation text, speaker names, roles and the session's date (Q1b):

* the product path (``path="add"``, the default): ``session_messages`` builds one ``add()``
  call per session — what a chat application sends;
* the import ablation (``path="import"``): ``turn_items`` writes each turn as a memory with
  its neighbours in ``index_text``, bypassing ``add()``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal


@dataclass(frozen=True)
class EvalTurn:
    key: str  # harness-private id (e.g. LoCoMo "D1:3"); never stored
    text: str
    speaker: str | None = None  # a person's name; None for anonymous roles
    indexed: bool = True  # LongMemEval's official protocol indexes user turns only
    role: str = "user"  # the chat role a product would send: user or assistant


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
    """How a benchmark reaches the engine (see docs/benchmarks.md).

    ``path="add"``: one ``add()`` per session with its date, speaker names as message
    ``name``s, extracting facts unless ``extract`` is off; ``every_turn`` sends every role's turns (False: only the turns the benchmark's
    official protocol indexes — LongMemEval's user turns). ``speaker`` passes speaker names.

    ``path="import"`` (ablation): ``speaker`` prefixes the content with the speaker's name;
    ``window`` puts that many turns on each side into the memory's ``index_text``; ``date``
    adds the session date to ``index_text``.
    """

    path: Literal["add", "import"] = "add"
    extract: bool = True  # add(…, infer=extract): facts are extracted as an app's would be
    speaker: bool = True
    window: int = 2
    date: bool = True
    every_turn: bool = True


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


def session_messages(
    session: EvalSession, opts: IngestOptions
) -> tuple[list[dict[str, Any]], list[str]]:
    """The messages of one ``add()`` call for ``session`` and the parallel turn keys.

    Only role, text and the speaker's name go into a message; the keys stay with the
    harness, which pairs them with the turn ids ``add()`` returns."""
    messages: list[dict[str, Any]] = []
    keys: list[str] = []
    for turn in session.turns:
        if not turn.text.strip() or not (turn.indexed or opts.every_turn):
            continue
        message: dict[str, Any] = {"role": turn.role, "content": turn.text}
        if opts.speaker and turn.speaker:
            message["name"] = turn.speaker
        messages.append(message)
        keys.append(turn.key)
    return messages, keys


def session_of(sample: EvalSample) -> dict[str, str]:
    """turn key → session key, for session-level metrics."""
    return {turn.key: session.key for session, _, turn in sample.turns()}


def unique(seq: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(seq))
