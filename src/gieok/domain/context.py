"""The assembled context (C1–C8): what the model is handed each turn, and why.

``Context.text`` is the ``[MEMORY CONTEXT]`` block for the system prompt; ``Context.messages``
are the recent raw turns; ``Context.trace`` says which memories were used with their score
parts, and what was cut to respect the ``Budget``. Pure types, no I/O.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from gieok.domain.query import ScoreParts

CLOSING_INSTRUCTION = (
    "Use these memories only when they are relevant to the current request. "
    "If anything here conflicts with the current request, the current request wins."
)
BLOCK_HEADER = "[MEMORY CONTEXT]"


class SectionKind(StrEnum):
    """The block's sections: conversation summary, pinned facts, relevant memories and the
    others listed here."""  # seed 004's layers plus seed 001's pinned slot

    SUMMARY = "summary"
    PINNED = "pinned"
    SELECTED = "selected"  # chosen by a person for this turn ("use in the next turn")
    MEMORIES = "memories"
    EPISODES = "episodes"
    CONVERSATIONS = "conversations"  # R8: archived turns of past conversations
    SKILLS = "skills"
    PROJECT = "project"
    ORGANISATION = "organisation"


SECTION_TITLES: dict[SectionKind, str] = {
    SectionKind.SUMMARY: "Conversation summary",
    SectionKind.PINNED: "Core facts (always apply)",
    SectionKind.SELECTED: "Selected for this turn",
    SectionKind.MEMORIES: "Relevant memories",
    SectionKind.EPISODES: "Recent conversations",
    SectionKind.CONVERSATIONS: "From past conversations",
    SectionKind.SKILLS: "Matching skills",
    SectionKind.PROJECT: "Project memory and rules",
    SectionKind.ORGANISATION: "Organisation knowledge",
}
# Tie-break order when two sections have the same relevance (SPEC C1's listing order).
SECTION_ORDER: tuple[SectionKind, ...] = tuple(SECTION_TITLES)


class Budget(BaseModel):
    """Token and character budgets. Defaults: memories 1,200, item 150, pinned 400 tokens;
    warn at 4,000 and cut at 6,000 characters.

    ``total_tokens`` covers the block *and* the recent raw turns; ``hard_limit_chars`` covers
    the block text and is never exceeded. When something must go, the summary goes first,
    then the lowest-scored memories, then the oldest raw turns; pinned facts go only when
    nothing else is left. Excerpts from past conversations go before all of these.
    """  # C2, R8; defaults from seed 001 (tokens, raw > memory > summary) and seed 002 (chars)

    model_config = ConfigDict(extra="forbid", frozen=True)

    total_tokens: int = Field(8000, ge=0)
    memory_tokens: int = Field(1200, ge=0)
    item_tokens: int = Field(150, ge=1)
    pinned_tokens: int = Field(400, ge=0)
    selected_tokens: int = Field(400, ge=0)
    summary_tokens: int = Field(400, ge=0)
    episode_tokens: int = Field(300, ge=0)
    conversation_tokens: int = Field(400, ge=0)
    skill_tokens: int = Field(400, ge=0)
    project_tokens: int = Field(800, ge=0)
    organisation_tokens: int = Field(400, ge=0)
    turn_tokens: int = Field(6000, ge=0)
    hard_limit_chars: int = Field(6000, ge=0)
    warn_chars: int = Field(4000, ge=0)

    def section_tokens(self, kind: SectionKind) -> int:
        return {
            SectionKind.SUMMARY: self.summary_tokens,
            SectionKind.PINNED: self.pinned_tokens,
            SectionKind.SELECTED: self.selected_tokens,
            SectionKind.MEMORIES: self.memory_tokens,
            SectionKind.EPISODES: self.episode_tokens,
            SectionKind.CONVERSATIONS: self.conversation_tokens,
            SectionKind.SKILLS: self.skill_tokens,
            SectionKind.PROJECT: self.project_tokens,
            SectionKind.ORGANISATION: self.organisation_tokens,
        }[kind]

    @classmethod
    def of(cls, value: Budget | int | dict[str, Any] | None,
           default: Budget | None = None) -> Budget:
        """A budget from a ``Budget``, a total token count, a dict of overrides or ``None``."""
        base = default or cls()
        if value is None:
            return base
        if isinstance(value, Budget):
            return value
        if isinstance(value, bool):
            raise TypeError("budget must be a Budget, an int or a dict")
        if isinstance(value, int):
            return base.model_copy(update={"total_tokens": value})
        return cls.model_validate(base.model_dump() | dict(value))


class ContextItem(BaseModel):
    """One rendered line or paragraph of a section, with where it came from."""

    model_config = ConfigDict(extra="forbid")

    id: str
    text: str
    body: str = Field("", exclude=True)  # the bare content, for duplicate detection
    score: float = 0.0
    tokens: int = 0
    truncated: bool = False
    record_id: str | None = None
    at: datetime | None = None
    parts: ScoreParts | None = None


class ContextSection(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: SectionKind
    title: str
    relevance: float
    items: list[ContextItem] = Field(default_factory=list)
    tokens: int = 0

    def header(self) -> str:
        return f"## {self.title} (relevance {self.relevance:.2f})"


class CutReason(StrEnum):
    DUPLICATE = "duplicate"
    ITEM_CAP = "item_cap"  # truncated to the per-item cap, still present
    SECTION_BUDGET = "section_budget"
    TOTAL_BUDGET = "total_budget"
    HARD_LIMIT = "hard_limit"


class TraceUse(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    section: SectionKind
    score: float
    tokens: int
    truncated: bool = False
    parts: ScoreParts | None = None


class TraceCut(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    section: SectionKind | None  # None for raw turns
    reason: CutReason
    score: float = 0.0
    tokens: int = 0


class Trace(BaseModel):
    """Which memories the block used and why, and what the budget cut."""  # C8

    model_config = ConfigDict(extra="forbid")

    query: str = ""
    scope: str = ""
    # Memories chosen for this turn ("use in the next turn") that the block shows; a real
    # turn (``track_use``) consumes them, a preview leaves them selected.
    selected: list[str] = Field(default_factory=list)
    used: list[TraceUse] = Field(default_factory=list)
    cut: list[TraceCut] = Field(default_factory=list)
    turns_used: int = 0
    turns_cut: int = 0
    summarized_turns: int = 0
    counter: str = ""
    cached: bool = False
    built_at: datetime | None = None
    timings_ms: dict[str, float] = Field(default_factory=dict)
    warnings: list[str] = Field(default_factory=list)

    def used_ids(self) -> list[str]:
        return [u.id for u in self.used]


class Context(BaseModel):
    """What ``Memory.context(...)`` returns: a system-prompt block plus the recent turns."""

    model_config = ConfigDict(extra="forbid")

    text: str = ""
    messages: list[dict[str, str]] = Field(default_factory=list)
    summary: str | None = None
    tokens: int = 0
    block_tokens: int = 0
    sections: list[ContextSection] = Field(default_factory=list)
    trace: Trace = Field(default_factory=Trace)
    # C6: structured ``data`` of organisation → project → session knowledge, merged key by
    # key (the narrower tier wins; empty values never override).
    data: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> Context:
        if self.text and not self.text.endswith(CLOSING_INSTRUCTION):
            raise ValueError("a non-empty context block must end with the closing instruction")
        return self

    def __str__(self) -> str:
        return self.text

    def section(self, kind: SectionKind | str) -> ContextSection | None:
        kind = SectionKind(kind)
        return next((s for s in self.sections if s.kind is kind), None)


DEFAULT_MIN_RELEVANCE = 0.25
# Archived turns (R8) need more: a turn is only worth the model's budget when it clearly bears
# on the request. Measured on LoCoMo dev (docs/benchmarks.md "Through add(), session 5"):
# among the four turns a context shows, 0.35 leaves out 12 % of the unrelated ones and 1.5 %
# of the evidence (0.45 would leave out 26 % and 9 %).
DEFAULT_TURN_MIN_RELEVANCE = 0.35


class ContextSettings(BaseModel):
    """``GieokSettings.context``: defaults for ``context()`` (C1–C5, R4–R7).

    ``GIEOK_CONTEXT__RECENT_TURNS=8`` or ``GIEOK_CONTEXT__BUDGET__MEMORY_TOKENS=800`` change
    them; a ``budget=`` passed to ``context()`` overrides the budget per call.
    """

    model_config = ConfigDict(extra="forbid")

    budget: Budget = Field(default_factory=Budget)
    tokenizer: str = "cl100k_base"  # "chars" for the 4 chars/token estimate
    # The working layer (R7): at most ``recent_turns`` raw turns go to the model (0: none).
    # Older turns are summarised once the session passes ``summarize_after_turns`` turns
    # (None: as soon as it passes ``recent_turns`` — a plain FIFO of N is one setting) or
    # ``summarize_after_tokens`` tokens; until then up to that many raw turns stay.
    recent_turns: int = Field(10, ge=0, le=1000)
    summarize_after_turns: int | None = Field(None, ge=0)
    summarize_after_tokens: int = Field(6000, ge=0)
    load_turns: int = Field(200, ge=1, le=10_000)
    llm_summary: bool = False  # use the configured LLM for rolling summaries (W10 fallback)
    # The block's sections that may appear (each layer's off switch); raw turns have
    # ``recent_turns``.
    sections: list[SectionKind] = Field(default_factory=lambda: list(SectionKind))
    candidates: int = Field(30, ge=1, le=1000)
    # The relevance floor of retrieved memories and conversation excerpts (fused relevance,
    # read/fusion.py): below it a memory is unrelated to the request and stays out, so "suggest
    # a dinner recipe" is not handed every stored fact. None: ``DEFAULT_MIN_RELEVANCE`` with
    # an embedder whose similarity scale is calibrated (the local model), 0 with others
    # (their cosines mean nothing fixed). Apps that inject memories whatever the request
    # (seed 000's residence for any recycling question) set 0.
    min_relevance: float | None = Field(None, ge=0.0, le=1.0)
    conversation_items: int = Field(4, ge=0, le=100)  # R8: archived turns per context
    # The floor of those turns. None: ``min_relevance`` when that is set, else
    # ``DEFAULT_TURN_MIN_RELEVANCE`` with a calibrated embedder (0 with others).
    turn_min_relevance: float | None = Field(None, ge=0.0, le=1.0)
    # Turns with no content of their own ("Nice to meet you! How can I help?", "thanks!",
    # read/phatic.py) are left out of "From past conversations" unless this is set.
    conversation_pleasantries: bool = False
    near_duplicate: float = Field(0.9, gt=0.0, le=1.0)  # word Jaccard that counts as a repeat
    pin_safety_facts: bool = True
    pinned_min_importance: float = Field(0.8, ge=0.0, le=1.0)
    max_pinned: int = Field(50, ge=0, le=1000)
    episodes: int = Field(3, ge=0, le=100)
    episode_max_age_days: float = Field(30.0, gt=0.0)
    max_skills: int = Field(3, ge=0, le=100)
    cache_ttl_s: float = Field(3600.0, ge=0.0)
    cache_entries: int = Field(256, ge=0)
    # A build within this many seconds after a write is re-checked (write/commit race, C5).
    cache_write_margin_s: float = Field(2.0, ge=0.0)
    # default: <data_dir>/projects/<project id>, an organisation's under .../org=<org>/<id>
    project_root: str | None = None
    # "<project id>" (default tenant) or "<org>/<project id>" -> directory
    project_roots: dict[str, str] = Field(default_factory=dict)
    memory_lines: int = Field(200, ge=1)

    def window_turns(self) -> int:
        """How many raw turns may stay before older ones are summarised."""
        if self.summarize_after_turns is None:
            return self.recent_turns
        return max(self.summarize_after_turns, self.recent_turns)
