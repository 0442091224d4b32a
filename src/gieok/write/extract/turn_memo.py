"""What one user turn made, remembered for the next reading of the same turn in the same state.

A session's turns are read twice: by ``add()`` as they arrive, and again when the session's
episode is written (``episodes.extractive_episode`` extracts the whole session). Reading one
turn (``HeuristicExtractor._read_turn``) is a pure function of the turn (id, role, text, time,
speaker's name), what the assistant showed before it, the sentence said before it and the
session's relatives and pets as known at that point (``Entities``), which the reading also
changes. When the episode comes to a turn in exactly the state ``add()`` read it in, the
result and the state it leaves are the same, so they are taken from here instead of being
worked out again.

Exact by construction: the key holds every input of the reading, the entities by value and
by which of them are the same object (a topic that *is* a known pet is renamed with it). The
two readings do not always meet in the same state — ``add()`` knows the names earlier
sessions stored and sees only the last ``context_turns`` turns, the episode starts from the
session's first turn — and then the turn is read again, as before.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import fields
from typing import Any

from gieok.domain.turns import Turn
from gieok.write.extract.base import Candidate
from gieok.write.extract.coref import Entities

SIZE = 2048  # turns; one LoCoMo session is at most ~50 user turns, a chat session far fewer

Reading = Callable[[Turn, Entities, str | None, str | None, str],
                   tuple[list[Candidate], str | None]]
_Kept = tuple[tuple[Candidate, ...], str | None, Entities]


def _state(entities: Entities) -> tuple[Any, ...]:
    """The entities' state as a value: each entity's fields, and a back-reference where the
    same entity object appears again (topic, group, or twice in ``known``)."""
    seen: dict[int, int] = {}

    def one(entity: Any) -> Any:
        if entity is None:
            return None
        at = seen.get(id(entity))
        if at is not None:
            return ("same", at)
        seen[id(entity)] = len(seen)
        return tuple(getattr(entity, f.name) for f in fields(entity))

    return tuple(
        tuple(one(e) for e in value) if f.name == "known"
        else one(value) if f.name in ("topic", "group")
        else tuple(value) if isinstance(value, list)
        else value
        for f in fields(entities) for value in (getattr(entities, f.name),))


def key(turn: Turn, entities: Entities, asked: str | None, prior: str | None,
        shown: str) -> Hashable:
    return (turn.id, turn.role, turn.content, turn.at, turn.name, asked, prior, shown,
            _state(entities))


class TurnMemo:
    """One extractor's readings, the last ``size`` turns read (one per engine: the service
    may extract on several threads, so it is locked)."""

    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self._kept: OrderedDict[Hashable, _Kept] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def hits_of(self, hits: Callable[[str, Any], list[Any]]) -> Callable[[str, Any], list[Any]]:
        """``hits`` remembered per sentence and turn time (see ``_Hits``)."""
        return _Hits(hits, 4 * self.size)

    def read(self, reading: Reading, turn: Turn, entities: Entities, asked: str | None,
             prior: str | None, shown: str) -> tuple[list[Candidate], str | None, Entities]:
        """``reading(turn, entities, asked, prior, shown)`` — its candidates and the sentence
        it leaves as said before — and the entities after it: a copy of the state the same
        reading left before, when there was one (``entities`` is then not touched), else
        ``entities`` as the reading changed it."""
        at = key(turn, entities, asked, prior, shown)
        with self._lock:
            found = self._kept.get(at)
            if found is not None:
                self._kept.move_to_end(at)
                self.hits += 1
            else:
                self.misses += 1
        if found is not None:
            made, said, after = found
            return _copied(made), said, copy.deepcopy(after)
        made, said = reading(turn, entities, asked, prior, shown)
        kept = (tuple(_copied(made)), said, copy.deepcopy(entities))
        with self._lock:
            self._kept[at] = kept
            if len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return made, said, entities


class _Hits:
    """``hits(sentence, at)`` of one extractor, remembered for the last ``size`` sentences:
    a turn's sentence is asked whether it is kept whole (``disclosure.expand``), then for its
    rules, and again when the episode re-reads a turn the memo does not hold. The rule
    table is the extractor's own and fixed, so the answer is a function of the two."""

    def __init__(self, hits: Callable[[str, Any], list[Any]], size: int) -> None:
        self._hits = hits
        self._size = size
        self._kept: OrderedDict[tuple[str, Any], tuple[Any, ...]] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, sentence: str, at: Any = None) -> list[Any]:
        with self._lock:
            found = self._kept.get((sentence, at))
        if found is None:
            found = tuple(self._hits(sentence, at))  # (hits are frozen)
            with self._lock:
                self._kept[(sentence, at)] = found
                if len(self._kept) > self._size:
                    self._kept.popitem(last=False)
        return list(found)


def _copied(made: Sequence[Candidate]) -> list[Candidate]:
    """The candidates, each with its own ``data`` (the one mutable field of a frozen
    candidate): nothing the caller does to them reaches the memo."""
    return [c if c.data is None else c.with_(data=copy.deepcopy(c.data)) for c in made]
