"""Seed 003 §3: ``/api/v1/memory/create|list|load``, ``PATCH|DELETE /{id}``, ``POST /{id}/archive``.

Bodies are the seed's: ``{"success": true, …}``, and errors ``{"success": false, "error":
"<CODE>"}`` (``api/errors.py`` picks that shape for this prefix). Mapping onto the engine:

- a seed memory is an episodic record in the token user's persona scope: ``summary`` is the
  content, ``topics`` the tags, ``importance`` 1–10 maps onto 0–1 (SPEC §2);
- ``create`` stores ``manualSummary`` when given; otherwise it summarises the messages with
  the configured LLM (as ``summarize`` does), and without an LLM — or when the LLM fails —
  applies the seed's own fallback (§4.1): the raw turns cut to 500 characters at importance
  5. When the persona's memory is full (the scope's ``max_episodes``: the free plan's 5 in
  the ``knock`` profile), the least important memory is archived and the answer says so
  (``memoryFull``, ``archived``, ``message`` — §4.2);
- ``summarize`` (§2.1) asks the configured LLM for the seed's JSON summary (summary, topics,
  emotion, importance) through ``write/episodes.py``; after the LLM's retries and failover it
  stores the §4.1 fallback and says ``warning: LLM_SUMMARY_FAILED`` (or, with
  ``fallback: false``, answers 503 ``LLM_SUMMARY_FAILED`` and stores nothing). Without an LLM
  the summary is extractive. Turns are PII-masked before any model sees them;
- ``load`` returns the persona's active memories by importance, then newest, keeping only
  the newest memory of each topic (seed §2.2.2), chosen among the 1,000 most recent;
- ``DELETE`` is a hard delete (GDPR, seed §5.2). Capacity (``MEMORY_LIMIT_REACHED``) is the
  engine's policy (W7) and comes back in the seed's error shape.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel, ConfigDict, Field

from gieok.api.deps import (
    ID_PATTERN,
    SESSION_PATTERN,
    EngineDep,
    PrincipalDep,
    SettingsDep,
    scope_for,
)
from gieok.domain.records import Layer, MemoryRecord, MemoryType, Source, Status, utcnow
from gieok.domain.scope import Scope
from gieok.domain.turns import Turn
from gieok.errors import InvalidInputError, LLMError
from gieok.memory import AsyncMemory
from gieok.security.tokens import Principal
from gieok.settings import GieokSettings
from gieok.write.capacity import limit_for
from gieok.write.episodes import EpisodeDraft, fallback_episode, summarize
from gieok.write.pii import PiiPolicies
from gieok.write.pipeline import guard_turns

FALLBACK_CHARS = 500
LOAD_WINDOW = 1000


class ErrorResponse(BaseModel):
    success: Literal[False] = False
    error: str = Field(examples=["MEMORY_LIMIT_REACHED"])
    message: str


_STATUSES = {401: "Missing or bad token.", 403: "Not allowed for this token.",
             404: "Memory not found for this user.", 409: "MEMORY_LIMIT_REACHED.",
             413: "Body too large.", 422: "Invalid input; nothing was written.",
             503: "LLM_SUMMARY_FAILED (summarize with fallback: false); nothing was written."}
router = APIRouter(
    prefix="/api/v1/memory", tags=["compatible: /api/v1/memory"],
    responses={s: {"model": ErrorResponse, "description": d} for s, d in _STATUSES.items()},
)
MemoryId = Annotated[str, Path(min_length=1, max_length=128)]
PersonaQuery = Annotated[str | None, Query(alias="personaId", pattern=ID_PATTERN, max_length=128)]


class Memory(BaseModel):
    id: str
    summary: str
    topics: list[str]
    emotion: str | None
    importance: int = Field(ge=1, le=10)
    createdAt: datetime
    archivedAt: datetime | None
    personaId: str | None
    sessionId: str | None

    @classmethod
    def of(cls, record: MemoryRecord) -> Memory:
        return cls(
            id=record.id, summary=record.content, topics=record.tags, emotion=record.emotion,
            importance=to_seed_importance(record.importance), createdAt=record.created_at,
            archivedAt=record.updated_at if record.status is Status.ARCHIVED else None,
            personaId=record.scope.persona,
            sessionId=record.source_session or record.scope.session,
        )


def to_seed_importance(value: float) -> int:
    return max(1, min(10, round(value * 10)))


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str | None = Field(default=None, max_length=128)
    role: Literal["user", "assistant"]
    content: str = Field(max_length=100_000)
    timestamp: datetime | None = None


class CreateRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    personaId: str = Field(pattern=ID_PATTERN, examples=["persona_123"])
    sessionId: str | None = Field(default=None, pattern=SESSION_PATTERN)
    messages: list[Message] = Field(default_factory=list, max_length=1000)
    manualSummary: str | None = Field(default=None, max_length=100_000)
    importance: int | None = Field(default=None, ge=1, le=10,
                                   description="Extension: 1–10, default 5.")


class SummarizeRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    sessionId: str | None = Field(default=None, pattern=SESSION_PATTERN,
                                  examples=["session_456"])
    personaId: str = Field(pattern=ID_PATTERN, examples=["persona_123"])
    messages: list[Message] = Field(min_length=1, max_length=1000)
    fallback: bool = Field(default=True, description=(
        "Extension: when the LLM fails after its retries, store the raw conversation cut to "
        "500 characters at importance 5 (seed §4.1) and say so in `warning`. With false, "
        "answer 503 LLM_SUMMARY_FAILED and store nothing."))


class UpdateRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    summary: str | None = Field(default=None, min_length=1, max_length=100_000)
    importance: int | None = Field(default=None, ge=1, le=10)
    topics: list[str] | None = Field(default=None, max_length=100)
    emotion: str | None = Field(default=None, max_length=100)


class MemoryResponse(BaseModel):
    success: Literal[True] = True
    memory: Memory


MEMORY_FULL = ("Memory is full: the least important earlier conversations were archived. "
               "List them with includeArchived=true; a larger plan keeps more.")


class CreateResponse(MemoryResponse):
    summaryMethod: Literal["manual", "llm", "raw"] = Field(description=(
        "How the summary was made: given as manualSummary, by the LLM, or the raw "
        "conversation cut to 500 characters (no LLM configured, or it failed)."))
    warning: Literal["LLM_SUMMARY_FAILED"] | None = None
    memoryFull: bool = Field(False, description="The memory limit was reached (seed §4.2).")
    archived: list[Memory] = Field(default_factory=list, description=(
        "Memories archived to make room for this one, least important first."))
    message: str | None = None


class SummarizeResponse(BaseModel):
    success: Literal[True] = True
    memory: Memory
    summaryMethod: Literal["llm", "extractive", "raw"] = Field(description=(
        "How the summary was made: the LLM, extractive (no LLM configured), or the raw "
        "conversation (the LLM failed, or there was nothing to summarise)."))
    warning: Literal["LLM_SUMMARY_FAILED"] | None = None


class ListResponse(BaseModel):
    success: Literal[True] = True
    memories: list[Memory]
    total: int
    hasMore: bool


class LoadResponse(BaseModel):
    success: Literal[True] = True
    memories: list[Memory]


class SuccessResponse(BaseModel):
    success: Literal[True] = True


class ArchiveResponse(BaseModel):
    success: Literal[True] = True
    archivedAt: datetime


def _user_scope(principal: Principal, persona: str | None = None) -> Scope:
    scope = scope_for(principal, persona_id=persona)
    if scope.user is None:
        raise InvalidInputError("the /api/v1/memory routes need a user token (this admin token "
                                "has no user): `gieok token create --user …`",
                                code="INVALID_SCOPE")
    return scope


def _turns(messages: list[Message]) -> list[Turn]:
    now = utcnow()
    return guard_turns([Turn(role=m.role, content=m.content.strip(), at=m.timestamp or now)
                        for m in messages if m.content.strip()], PiiPolicies())


async def _draft(body: CreateRequest, engine: AsyncMemory, settings: GieokSettings
                 ) -> tuple[EpisodeDraft, str, str | None]:
    """The memory to store, how it was made, and a warning: the manual summary, else the
    LLM's (seed §2.1), else the raw conversation cut to 500 characters (§4.1)."""
    if body.manualSummary is not None and body.manualSummary.strip():
        manual = EpisodeDraft(summary=body.manualSummary.strip(), topics=[], emotion="calm",
                              importance=0.5, method="manual")
        return manual, "manual", None
    turns = _turns(body.messages)
    if not turns:
        raise InvalidInputError("nothing to remember: send messages or a manualSummary")
    chat = await engine.chat_model()
    draft = await summarize(turns, chat, timeout=settings.llm.timeout_s) if chat else None
    if draft is None or draft.method == "fallback":
        raw = fallback_episode(turns, draft.failures if draft else ())
        return raw, "raw", "LLM_SUMMARY_FAILED" if draft is not None else None
    return draft, "llm", None


async def _active_episodes(engine: AsyncMemory, scope: Scope) -> set[str] | None:
    """The persona's active memory ids when the next one may not fit (None when it fits).
    The settings and the count are asked at once: under load each store call waits its turn,
    and two calls queued together wait once (docs/benchmarks.md, session 12)."""
    episodic = {"layer": Layer.EPISODIC.value}
    settings, first = await asyncio.gather(
        engine.get_settings(scope=scope), engine.list(scope=scope, filters=episodic, limit=1))
    limit = limit_for(Layer.EPISODIC, settings, engine.settings.write)
    if limit is None or first.total < limit:
        return None
    page = await engine.list(scope=scope, filters=episodic, limit=min(limit + 10, 10_000))
    return {r.id for r in page.items}


@router.post("/create", summary="메모리 저장 (store a session memory)")
async def create(body: CreateRequest, engine: EngineDep, principal: PrincipalDep,
                 settings: SettingsDep) -> CreateResponse:
    scope = _user_scope(principal, body.personaId)
    draft, method, warning = await _draft(body, engine, settings)
    before = await _active_episodes(engine, scope)
    importance = body.importance / 10 if body.importance else \
        (draft.importance if method == "llm" else 0.5)
    record = await engine.remember(
        draft.summary, scope=scope, layer=Layer.EPISODIC, type=MemoryType.EPISODE,
        source={"manual": Source.EXPLICIT, "llm": Source.INFERRED}.get(method, Source.SYSTEM),
        importance=importance, source_session=body.sessionId, tags=draft.topics[:8],
        emotion=draft.emotion if method == "llm" else None,
        metadata={"summary_method": "raw_fallback" if method == "raw" else method,
                  **({"failures": draft.failures[:5]} if draft.failures else {})},
    )
    archived: list[MemoryRecord] = []
    if before is not None:
        gone = before - {r.id for r in (await engine.list(
            scope=scope, filters={"layer": Layer.EPISODIC.value}, limit=len(before) + 1)).items}
        archived = sorted([await engine.get(i, scope=scope) for i in gone],
                          key=lambda r: (r.importance, r.created_at))
    return CreateResponse(memory=Memory.of(record), summaryMethod=method,  # type: ignore[arg-type]
                          warning=warning, memoryFull=before is not None,  # type: ignore[arg-type]
                          archived=[Memory.of(r) for r in archived],
                          message=MEMORY_FULL if before is not None else None)


@router.post("/summarize", summary="대화 요약 생성 (summarise a conversation and store it)")
async def summarize_session(body: SummarizeRequest, engine: EngineDep, principal: PrincipalDep,
                            settings: SettingsDep) -> SummarizeResponse:
    scope = _user_scope(principal, body.personaId)
    turns = _turns(body.messages)
    if not turns:
        raise InvalidInputError("nothing to summarise: every message is empty")
    draft = await summarize(turns, await engine.chat_model(), timeout=settings.llm.timeout_s)
    warning = None
    if draft is None:  # greetings only: keep what was said, as the seed's fallback does
        draft, method = fallback_episode(turns), "raw"
    elif draft.method == "fallback":
        if not body.fallback:
            raise LLMError("the summary model failed after its retries; nothing was stored",
                           code="LLM_SUMMARY_FAILED", details={"failures": draft.failures})
        method, warning = "raw", "LLM_SUMMARY_FAILED"
    else:
        method = "llm" if draft.method.startswith("llm") else "extractive"
    record = await _store_summary(engine, scope, body.sessionId, draft, method)
    return SummarizeResponse(memory=Memory.of(record), summaryMethod=method, warning=warning)


async def _store_summary(engine: AsyncMemory, scope: Scope, session: str | None,
                         draft: EpisodeDraft, method: str) -> MemoryRecord:
    return await engine.remember(
        draft.summary, scope=scope, layer=Layer.EPISODIC, type=MemoryType.EPISODE,
        source=Source.SYSTEM if method == "raw" else Source.INFERRED,
        importance=draft.importance, tags=draft.topics, emotion=draft.emotion,
        source_session=session,
        metadata={"summary_method": method,
                  **({"failures": draft.failures[:5]} if draft.failures else {})},
    )


@router.get("/list", summary="메모리 조회 (list)")
async def list_memories(
    engine: EngineDep, principal: PrincipalDep, settings: SettingsDep,
    persona_id: PersonaQuery = None,
    include_archived: Annotated[bool, Query(alias="includeArchived")] = False,
    limit: Annotated[int, Query(ge=1, le=10_000)] = 10,
    offset: Annotated[int, Query(ge=0, le=1_000_000_000)] = 0,
) -> ListResponse:
    _check_limit(limit, settings.api.max_page_size)
    page = await engine.list(scope=_user_scope(principal, persona_id), limit=limit,
                             offset=offset, include_archived=include_archived)
    return ListResponse(memories=[Memory.of(r) for r in page.items], total=page.total,
                        hasMore=page.has_more)


@router.get("/load", summary="대화 시작 시 메모리 로드 (load for a new conversation)")
async def load(
    engine: EngineDep, principal: PrincipalDep, settings: SettingsDep,
    persona_id: PersonaQuery = None,
    limit: Annotated[int, Query(ge=1, le=10_000)] = 5,
) -> LoadResponse:
    _check_limit(limit, settings.api.max_page_size)
    scope = _user_scope(principal, persona_id)
    if not (await engine.get_settings(scope=scope)).enabled:
        return LoadResponse(memories=[])  # memory off: nothing to load into a conversation
    window = await engine.list(scope=scope, limit=LOAD_WINDOW)
    ranked = sorted(newest_per_topic(window.items), key=lambda r: (r.importance, r.created_at),
                    reverse=True)
    return LoadResponse(memories=[Memory.of(r) for r in ranked[:limit]])


def newest_per_topic(records: Sequence[MemoryRecord]) -> list[MemoryRecord]:
    """Seed §2.2.2 step 3, "duplicate topics removed, only the newest kept": a memory stays
    when it is the newest one for at least one of its topics (or has no topics)."""
    claimed: set[str] = set()
    out = []
    for record in sorted(records, key=lambda r: (r.created_at, r.id), reverse=True):
        topics = {t.strip().casefold() for t in record.tags if t.strip()}
        if not topics or topics - claimed:
            out.append(record)
        claimed |= topics
    return out


@router.patch("/{memory_id}", summary="메모리 수정 (edit)")
async def update(
    memory_id: MemoryId, body: UpdateRequest, engine: EngineDep, principal: PrincipalDep,
) -> MemoryResponse:
    changes: dict[str, object] = {}
    if body.summary is not None:
        changes["content"] = body.summary
    if body.importance is not None:
        changes["importance"] = body.importance / 10
    if body.topics is not None:
        changes["tags"] = body.topics
    if body.emotion is not None:
        changes["emotion"] = body.emotion
    record = await engine.update(memory_id, scope=_user_scope(principal), **changes)
    return MemoryResponse(memory=Memory.of(record))


@router.delete("/{memory_id}", summary="메모리 삭제 (delete)")
async def delete(memory_id: MemoryId, engine: EngineDep, principal: PrincipalDep) -> SuccessResponse:
    await engine.delete(memory_id, scope=_user_scope(principal), hard=True)
    return SuccessResponse()


@router.post("/{memory_id}/archive", summary="메모리 아카이브 (archive)")
async def archive(memory_id: MemoryId, engine: EngineDep, principal: PrincipalDep) -> ArchiveResponse:
    record = await engine.archive(memory_id, scope=_user_scope(principal))
    return ArchiveResponse(archivedAt=record.updated_at)


def _check_limit(limit: int, max_page_size: int) -> None:
    if limit > max_page_size:
        raise InvalidInputError(f"limit is over the page size limit {max_page_size}")
