"""Request and response bodies of the general ``/v1`` API (``<Thing>Create/Update/Public``).

Request models forbid unknown fields and NaN, so a typo is a 422 rather than a silently
ignored option. Response models mirror the domain types with the scope flattened to its
string form (``"org:acme/user:42"``). The seed-compatible routes keep their own shapes in
their route modules.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, create_model
from pydantic.fields import FieldInfo

from gieok.domain.audit import AuditAction, AuditEvent, Trigger
from gieok.domain.context import Budget
from gieok.domain.policy import ScopeSettings
from gieok.domain.query import ScoredMemory, ScoreParts
from gieok.domain.records import Layer, MemoryRecord, MemoryType, Source, Status
from gieok.domain.results import AddResult, DecisionKind
from gieok.security.tokens import ApiToken

MAX_TEXT = 100_000  # a static ceiling for the schema; the engine applies the configured limit
_REQUEST = ConfigDict(extra="forbid", allow_inf_nan=False)


def _unit() -> Any:
    return Field(default=None, ge=0.0, le=1.0)


def _utc(value: datetime) -> datetime:
    """Times arrive in any offset (or none, meaning UTC) and are kept in UTC; times that
    cannot be expressed in UTC (year 1 at +01:00) are refused here, not deep in a store."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    try:
        return value.astimezone(UTC)
    except (OverflowError, ValueError):
        raise ValueError("time is out of range") from None


When = Annotated[datetime, AfterValidator(_utc)]


class ErrorDetail(BaseModel):
    code: str = Field(examples=["MEMORY_NOT_FOUND"])
    message: str
    details: dict[str, Any] = Field(default_factory=dict)


class ErrorBody(BaseModel):
    """Every error of the general API: a stable ``code`` to match on, a ``message`` that says
    what to do next, and structured ``details``."""

    error: ErrorDetail


class _MemoryFields(BaseModel):
    model_config = _REQUEST

    layer: Layer | None = None
    type: MemoryType | None = None
    category: str | None = Field(default=None, max_length=200)
    index_text: str | None = Field(
        default=None, max_length=MAX_TEXT,
        description="Extra text indexed for search with the content (e.g. surrounding turns).")
    data: dict[str, Any] | None = None
    metadata: dict[str, Any] | None = None
    confidence: float | None = _unit()
    importance: float | None = _unit()
    tags: list[str] | None = Field(default=None, max_length=100)
    emotion: str | None = Field(default=None, max_length=100)
    pinned: bool | None = None
    event_time: When | None = Field(
        default=None, description="When it happened or was said (event time)."
    )
    valid_from: When | None = None
    valid_to: When | None = None
    expires_at: When | None = None


class MemoryCreate(_MemoryFields):
    """A memory to store as given: only ``content`` is required."""  # W14

    content: str = Field(min_length=1, max_length=MAX_TEXT,
                         examples=["사용자는 서울 강남구에 살고 있다"])
    source_session: str | None = Field(default=None, max_length=128)
    source_turn_ids: list[str] | None = Field(default=None, max_length=1000)


class MemoriesImport(BaseModel):
    """Memories to store as given, validated as a whole before any is written."""

    model_config = _REQUEST

    items: list[MemoryCreate] = Field(min_length=1, max_length=1000)


class MemoryUpdate(_MemoryFields):
    """Fields to change; the result is a new version and the old one stays in history."""

    content: str | None = Field(default=None, min_length=1, max_length=MAX_TEXT)


class MemoryPublic(BaseModel):
    id: str
    scope: str = Field(examples=["org:acme/user:alice"])
    layer: Layer
    type: MemoryType
    category: str | None
    content: str
    index_text: str | None = None
    data: dict[str, Any] | None
    metadata: dict[str, Any]
    confidence: float
    importance: float
    source: Source
    source_session: str | None
    source_turn_ids: list[str]
    source_preview: str | None
    tags: list[str]
    emotion: str | None
    pii_flags: list[str]
    pinned: bool
    version: int
    usage_count: int
    last_used_at: datetime | None
    event_time: datetime
    valid_from: datetime | None
    valid_to: datetime | None
    expires_at: datetime | None
    created_at: datetime
    updated_at: datetime
    superseded_at: datetime | None
    superseded_by: str | None
    promoted: bool
    status: Status

    @classmethod
    def of(cls, record: MemoryRecord) -> MemoryPublic:
        data = record.model_dump(exclude={"content_hash"})
        data["scope"] = str(record.scope)
        return cls.model_validate(data)


class MemoriesPublic(BaseModel):
    items: list[MemoryPublic]
    total: int
    limit: int
    offset: int
    has_more: bool


class MemoriesImported(BaseModel):
    items: list[MemoryPublic]


class SearchRequest(BaseModel):
    model_config = _REQUEST

    query: str = Field(min_length=1, max_length=MAX_TEXT, examples=["Where does the user live?"])
    k: int = Field(default=10, ge=1, le=1000)
    filters: dict[str, Any] | None = Field(
        default=None, examples=[{"type": "fact", "importance": {"gte": 0.5}}],
        description="Filters: field → value or {op: value}; AND/OR/NOT lists.",
    )
    as_of: When | None = Field(default=None, description="Answer with what was true at this time.")
    min_confidence: float | None = _unit()
    threshold: float | None = Field(
        default=None, ge=0.0, le=1.0,
        description="Leave out hits whose relevance to the query (0-1, before recency and "
                    "importance) is below this.")


class SearchHit(BaseModel):
    memory: MemoryPublic
    score: float
    parts: ScoreParts
    kind: Literal["memory", "turn"] = Field(
        default="memory", description="'turn': a passage of an archived conversation turn; "
        "'memory': a fact, episode or other memory.")

    @classmethod
    def of(cls, hit: ScoredMemory) -> SearchHit:
        return cls(memory=MemoryPublic.of(hit.record), score=hit.score, parts=hit.parts,
                   kind=hit.kind)  # type: ignore[arg-type]


class SearchResults(BaseModel):
    hits: list[SearchHit]


class MessageIn(BaseModel):
    model_config = _REQUEST

    role: Literal["user", "assistant", "system", "tool"]
    content: str = Field(min_length=1, max_length=MAX_TEXT)
    name: str | None = Field(default=None, max_length=200)


class MessagesCreate(BaseModel):
    """Conversation turns to append to the session's working memory."""  # W1

    model_config = _REQUEST

    messages: list[MessageIn] = Field(min_length=1, max_length=1000)
    timestamp: When | None = None
    infer: bool = True


class DecisionPublic(BaseModel):
    kind: DecisionKind
    memory: MemoryPublic
    replaced: str | None
    reason: str


class AddResultPublic(BaseModel):
    turns_added: int
    decisions: list[DecisionPublic]
    extraction: str = Field(description="What extraction did: `queued` (the service runs it in "
                            "the background, see `job_id`), `off`, `disabled`, or the "
                            "extractor that ran.")
    failures: list[str]

    @classmethod
    def of(cls, result: AddResult) -> AddResultPublic:
        decisions = [DecisionPublic(kind=d.kind, memory=MemoryPublic.of(d.memory),
                                    replaced=d.replaced, reason=d.reason)
                     for d in result.decisions]
        return cls(turns_added=result.turns_added, decisions=decisions,
                   extraction=result.extraction, failures=result.failures)


class MessagesAddedPublic(AddResultPublic):
    """``POST /v1/messages``: the turns are stored; extraction is queued (``job_id``)."""

    job_id: str | None = Field(default=None, description="The background extraction job.")


class AuditEventPublic(BaseModel):
    id: str
    memory_id: str
    scope: str
    action: AuditAction
    trigger: Trigger
    before_content: str | None
    after_content: str | None
    before_confidence: float | None
    after_confidence: float | None
    version: int | None
    session: str | None
    details: dict[str, Any]
    at: datetime

    @classmethod
    def of(cls, event: AuditEvent) -> AuditEventPublic:
        data = event.model_dump()
        data["scope"] = str(event.scope)
        return cls.model_validate(data)


class HistoryPublic(BaseModel):
    items: list[AuditEventPublic]


class ForgetResult(BaseModel):
    deleted: int = Field(description="How many memories were removed, history included.")


class SettingsPublic(ScopeSettings):
    """Per-scope settings as stored."""  # W9


def _optional_fields(model: type[BaseModel]) -> dict[str, Any]:
    """Every field of ``model`` as optional, keeping its constraints and description."""
    return {
        name: (field.annotation | None, FieldInfo.merge_field_infos(field, default=None))
        for name, field in model.model_fields.items()
    }


# Every per-scope setting, each optional: follows ``ScopeSettings`` as it grows.
SettingsUpdate = create_model(  # type: ignore[call-overload]
    "SettingsUpdate", __config__=_REQUEST, __doc__="Settings to change; omitted ones stay.",
    **_optional_fields(ScopeSettings),
)


class TokenCreate(BaseModel):
    model_config = _REQUEST

    user: str | None = Field(default=None, max_length=128, examples=["alice"])
    admin: bool = False
    name: str | None = Field(default=None, max_length=200)


class TokenPublic(BaseModel):
    id: str
    tenant: str
    user: str | None
    admin: bool
    name: str | None
    created_at: datetime
    revoked_at: datetime | None

    @classmethod
    def of(cls, token: ApiToken) -> TokenPublic:
        return cls.model_validate(token.model_dump(exclude={"token_hash"}))


class TokenCreated(TokenPublic):
    secret: str = Field(description="The bearer token. Shown once; only its hash is stored.")


class TokensPublic(BaseModel):
    items: list[TokenPublic]


class Health(BaseModel):
    status: Literal["ok"] = "ok"
    version: str


_STATUS_TEXT = {
    401: "Missing, unknown or revoked bearer token.",
    403: "The token may not do this (admin only, or another user).",
    404: "Not found in the caller's scope (other tenants' ids look the same).",
    409: "A per-scope policy or a concurrent write refused it.",
    413: "Request body over the size limit.",
    422: "Invalid input; nothing was written.",
    503: "Busy (QUEUE_FULL): nothing was written; retry after the Retry-After seconds.",
}


def error_responses(*statuses: int, model: type[BaseModel] = ErrorBody) -> dict[int | str, Any]:
    """OpenAPI ``responses=`` for the errors a route can answer with (replacing FastAPI's
    default 422 schema, which is not the body this service sends)."""
    return {status: {"model": model, "description": _STATUS_TEXT[status]} for status in statuses}


class ContextRequest(BaseModel):
    """What the next model call is about; the answer is the memory block to put in its system
    prompt plus the recent raw turns."""  # C1

    model_config = _REQUEST

    query: str = Field(default="", max_length=MAX_TEXT, examples=["플라스틱 어디 버려?"])
    history: list[MessageIn] | None = Field(
        default=None, max_length=1000,
        description="The conversation so far; defaults to the session's stored turns.")
    budget: Budget | None = Field(default=None, description="Token budgets for this call.")
    entity: str | None = Field(default=None, max_length=500,
                               description="What the turn is about (selects project rules).")
    path: str | None = Field(default=None, max_length=1000,
                             description="A file path the turn is about (rule path globs).")
    use_cache: bool = True
    track_use: bool = Field(default=True, description=(
        "A real turn: count each memory's use and consume the session's next-turn selection. "
        "Send false for a preview that changes nothing."))


class SkillCreate(BaseModel):
    """A reusable procedure: when a trigger matches the turn, its steps are offered."""  # C4

    model_config = _REQUEST

    name: str = Field(min_length=1, max_length=200, examples=["deploy-staging"])
    triggers: list[str] = Field(min_length=1, max_length=100, examples=[["deploy", "/^ship/"]])
    steps: list[str] = Field(min_length=1, max_length=200)
    description: str | None = Field(default=None, max_length=2000)


class VersionsPublic(BaseModel):
    items: list[MemoryPublic] = Field(description="Every recoverable version, oldest first.")


class RollbackRequest(BaseModel):
    model_config = _REQUEST

    version: int = Field(ge=1, le=1_000_000)


class NextTurnSelect(BaseModel):
    """Memories to put into the session's next context block whatever the query."""

    model_config = _REQUEST

    memory_ids: list[str] = Field(max_length=1000, examples=[["3f2a…"]])
    replace: bool = Field(default=False, description="Replace the selection instead of adding.")


class NextTurnPublic(BaseModel):
    session_id: str
    memory_ids: list[str]
