"""The extractor port (W3): recent turns (+ related memories) in, candidate memories out.

A ``Candidate`` is not yet a memory: the pipeline still normalises it (W5), filters it by the
scope's settings (W9), reconciles it against what is stored (W6) and applies capacity (W7).
``slot``/``value`` let reconciliation recognise updates without an LLM: two candidates for the
single-valued slot ``residence`` with different values mean the newer one supersedes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

from gieok.domain.records import MemoryRecord, MemoryType, Source
from gieok.domain.turns import Turn

MAX_RETRIES = 40  # tries of one rule on one sentence (Rule.matches)

# Slots that hold one value at a time: a different value supersedes the old one.
SINGLE_VALUED_PREFIXES = (
    "residence", "hometown", "occupation", "employer", "school", "name", "preferred_name",
    "age", "birth_year", "birthday", "marital", "children_count", "diet", "rule:", "pref:",
    "favorite:", "pet_name:", "pet_diet:", "living", "deadline:", "relationship", "phone",
    "school:", "age:", "role:",
)


def is_single_valued(slot: str | None) -> bool:
    return bool(slot) and any(
        slot == p or (p.endswith(":") and slot.startswith(p)) for p in SINGLE_VALUED_PREFIXES
    )


@dataclass(frozen=True)
class Candidate:
    """A memory the extractor believes the user stated.

    ``content`` is self-contained ("User lives in Gangnam-gu, Seoul" / "사용자는 강남구에
    거주"); ``turn_ids`` and ``preview`` point back at the (already PII-masked) source turn.
    """

    content: str
    type: MemoryType = MemoryType.FACT
    category: str = "context"
    confidence: float = 0.8
    importance: float = 0.5
    slot: str | None = None
    value: str | None = None
    source: Source = Source.INFERRED
    tags: tuple[str, ...] = ()
    lang: str = "en"
    rule: str = ""
    turn_ids: tuple[str, ...] = ()
    preview: str | None = None
    replaces: str | None = None  # id of a memory this one explicitly replaces (LLM path)
    at: datetime | None = None  # event time of the source turn (W13)
    pii_flags: tuple[str, ...] = field(default_factory=tuple)
    # Structured extras: the resolved event time of a relative phrase ({"when": "2026-03",
    # "when_phrase": "last month"}) and the like; copied into the record's ``data``.
    data: dict[str, Any] | None = None
    pinned: bool = False  # a core fact (health, medication, allergy, diet): always in context
    tier: str | None = None  # "project": workspace knowledge rather than a fact about the user
    # things the sentence says the user no longer has or does ("헬스 그만두고", "switched
    # from VS Code"): stored memories stating them are superseded by this one
    retires: tuple[str, ...] = ()
    # a pet or relative the sentence says died ("Mango passed away"): what is stored about
    # them (their age, their arthritis) is no longer current — superseded, kept in history
    ended: tuple[str, ...] = ()
    # a plan the sentence calls off, by its name ("not running chicago this year", "오사카
    # 여행 취소했어"): the stored plans naming it are superseded, nothing else that names it
    calls_off: tuple[str, ...] = ()
    # turns the user took back in a later turn ("lol jk", "아 농담이야"): not a memory itself;
    # the memories made from those turns are archived
    withdraws: tuple[str, ...] = ()
    # (old name, new name): the sentence says a thing was renamed ("Phoenix got renamed to
    # Atlas"); the stored memories that name it are superseded by the same memories with
    # the new name
    renames: tuple[str, str] | None = None
    # a cessation said alone ("I'm not vegan anymore", "나 이제 담배 안 펴"): no memory of its
    # own — it only ends what is stored (reconciliation writes it when it supersedes something)
    lapse: bool = False

    def with_(self, **changes: object) -> Candidate:
        return replace(self, **changes)  # type: ignore[arg-type]


@dataclass
class Extraction:
    """What an extractor produced, and what went wrong on the way (W10: loud failures)."""

    candidates: list[Candidate] = field(default_factory=list)
    extractor: str = "heuristic"
    failures: list[str] = field(default_factory=list)
    fallback: bool = False


@runtime_checkable
class Extractor(Protocol):
    @property
    def name(self) -> str: ...

    async def extract(
        self, turns: Sequence[Turn], /, *, existing: Sequence[MemoryRecord] = (),
        context: Sequence[Turn] = (),
    ) -> Extraction:
        """Candidates stated by the user in ``turns`` (only the ``user`` turns count).

        ``existing`` are related stored memories, so an LLM can avoid repeating them;
        ``context`` are the session's earlier turns, read for references ("she", "걔").
        Implementations never raise for model failures: they report them in ``failures``.
        """
        ...


# -- rule tables shared by the heuristic extractor and its pattern modules -------------------
@dataclass(frozen=True)
class Hit:
    """What one rule made of one match; the extractor turns it into a ``Candidate``."""

    content: str
    family: str
    type: MemoryType = MemoryType.FACT
    category: str = "context"
    slot: str | None = None
    value: str | None = None
    tags: tuple[str, ...] = ()
    confidence: float = 0.85


@dataclass(frozen=True)
class RuleContext:
    sentence: str
    at: datetime | None = None  # event time of the turn (W13)


@dataclass(frozen=True)
class Rule:
    """A named pattern: ``build`` returns a ``Hit`` or ``None`` to reject the match."""

    name: str
    pattern: re.Pattern[str]
    build: Callable[[re.Match[str], RuleContext], Hit | None]

    def matches(self, sentence: str, ctx: RuleContext) -> Iterable[Hit]:
        """All accepted matches in ``sentence``; a rejected match is retried one character
        later so a bad leftmost match cannot hide a good one (at most ``MAX_RETRIES`` tries)."""
        pos, tries = 0, 0
        while pos < len(sentence) and tries < MAX_RETRIES:
            tries += 1
            match = self.pattern.search(sentence, pos)
            if match is None:
                return
            start = match.start()
            mid_word = start > 0 and sentence[start - 1].isalnum() and sentence[start].isalnum()
            hit = None if mid_word else self.build(match, ctx)
            if hit is None:
                pos = match.start() + 1
                continue
            yield hit
            pos = max(match.end(), match.start() + 1)
