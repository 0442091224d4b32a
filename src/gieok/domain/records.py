"""MemoryRecord and its vocabularies (SPEC §2): the union of seeds 000, 001, 003 and 004."""

from __future__ import annotations

import hashlib
import unicodedata
import uuid
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from gieok.domain.scope import Scope

MAX_CONTENT_CHARS = 8000
PREVIEW_CHARS = 100
# ``index_text`` may hold two parts: a short label embedded with the content (a speaker's
# name: "Mina: We booked the cabin"), then, after this mark, text that only full-text search
# sees — e.g. a turn's neighbours, which would multiply the cost of embedding every turn
# (R8). Without the mark, all of ``index_text`` is embedded after the content.
INDEX_ONLY_MARK = "\n\u2042\n"


class Layer(StrEnum):
    WORKING = "working"
    LONG_TERM = "long_term"
    EPISODIC = "episodic"
    PROCEDURAL = "procedural"
    PROJECT = "project"
    ORGANISATION = "organisation"
    # R8: the conversation archive — every turn given to ``add()``, verbatim (PII-masked),
    # as searchable passages. Not a memory: list(), capacity and consolidation leave it out.
    ARCHIVE = "archive"


class MemoryType(StrEnum):
    FACT = "fact"
    PREFERENCE = "preference"
    CONSTRAINT = "constraint"
    DECISION = "decision"
    GOAL = "goal"
    RULE = "rule"
    TODO = "todo"
    TIMELINE = "timeline"
    PROFILE = "profile"
    NOTE = "note"
    DIGEST = "digest"
    EPISODE = "episode"
    TURN = "turn"  # an archived conversation turn (or a passage of a long one), R8


class Category(StrEnum):
    """Built-in categories; ``MemoryRecord.category`` also accepts free text."""  # seed 000

    LOCATION = "location"
    PREFERENCE = "preference"
    BEHAVIOR = "behavior"
    CONTEXT = "context"
    FEEDBACK = "feedback"


class Source(StrEnum):
    EXPLICIT = "explicit"
    INFERRED = "inferred"
    SYSTEM = "system"
    IMPORTED = "imported"


class Status(StrEnum):
    ACTIVE = "active"
    ARCHIVED = "archived"
    DELETED = "deleted"


def utcnow() -> datetime:
    return datetime.now(UTC)


def new_id() -> str:
    return uuid.uuid4().hex


def normalize_text(text: str) -> str:
    """Canonical form used for exact-duplicate detection: NFKC, case-folded, single spaces."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def content_hash(text: str) -> str:
    return hashlib.sha256(normalize_text(text).encode("utf-8")).hexdigest()[:32]


def embedding_text(content: str, index_text: str | None) -> str:
    """What a record's vector embeds: ``"label: content"`` when ``index_text`` carries a
    label before ``INDEX_ONLY_MARK`` (a speaker's name: measured on LoCoMo, the name in front
    of the turn found twice as many evidence turns as after it); the content alone when the
    label is empty; ``content + index_text`` for an ``index_text`` without the mark."""
    if not index_text:
        return content
    if INDEX_ONLY_MARK not in index_text:
        return f"{content}\n{index_text}"
    label = index_text.split(INDEX_ONLY_MARK, 1)[0].strip()
    return f"{label}: {content}" if label else content


class MemoryRecord(BaseModel):
    """One long-term, episodic or procedural memory.

    Two timelines (L6): ``valid_from``/``valid_to`` say when the fact was true in the world
    (event time, W13); ``created_at``/``superseded_at`` say when gieok learned or retired it.
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    id: str = Field(default_factory=new_id)
    scope: Scope
    layer: Layer = Layer.LONG_TERM
    type: MemoryType = MemoryType.FACT
    category: str | None = None
    content: str
    # Extra text searched with the memory (embedded and full-text indexed) but never shown as
    # its content: e.g. the neighbouring turns of a conversation turn, a title, a date.
    index_text: str | None = None
    data: dict[str, Any] | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    importance: float = Field(default=0.5, ge=0.0, le=1.0)
    source: Source = Source.EXPLICIT
    source_session: str | None = None
    source_turn_ids: list[str] = Field(default_factory=list)
    source_preview: str | None = None
    tags: list[str] = Field(default_factory=list)
    emotion: str | None = None
    pii_flags: list[str] = Field(default_factory=list)
    pinned: bool = False
    version: int = 1
    usage_count: int = 0
    last_used_at: datetime | None = None
    event_time: datetime = Field(default_factory=utcnow)
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    expires_at: datetime | None = None
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    superseded_at: datetime | None = None
    superseded_by: str | None = None
    promoted: bool = False
    status: Status = Status.ACTIVE
    content_hash: str = ""

    def model_post_init(self, _context: Any) -> None:
        if not self.content_hash:
            self.content_hash = content_hash(self.content)
        if self.valid_from is None:
            self.valid_from = self.event_time

    def search_text(self) -> str:
        """What full-text search sees: the content, then ``index_text`` when there is one."""
        return f"{self.content}\n{self.index_text}" if self.index_text else self.content

    def embedding_text(self) -> str:
        """What the vector embeds: see ``embedding_text``."""
        return embedding_text(self.content, self.index_text)

    @property
    def kind(self) -> str:
        """``"turn"`` for an archived conversation passage (R8), ``"memory"`` otherwise."""
        return "turn" if self.layer is Layer.ARCHIVE else "memory"

    def is_live(self, now: datetime | None = None) -> bool:
        """Active, not superseded and not expired: what default search may return."""
        now = now or utcnow()
        return (
            self.status is Status.ACTIVE
            and self.superseded_at is None
            and (self.expires_at is None or self.expires_at > now)
        )

    def is_history(self) -> bool:
        """A memory of an ending kept as dated history ("User left Deloitte", "다낭 여행
        취소했다"): ``metadata.ended`` names what ended (``write.ending``). It is true as an
        event at ``valid_from`` and is searchable like any memory, but it never states what
        it names as current — ``context()`` shows it as past (issue 16)."""
        return bool(self.metadata.get("ended"))

    def public_dict(self) -> dict[str, Any]:
        """JSON-ready dict with the scope flattened into its string form."""
        data = self.model_dump(mode="json")
        data["scope"] = str(self.scope)
        return data
