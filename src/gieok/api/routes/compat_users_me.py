"""Seed 000 §6: ``/api/v1/users/me/memories`` and ``/api/v1/users/me/memory-settings``.

The response shapes are the seed's (``UserMemoryResponse``, ``MemoryListResponse``,
``MemorySettingsResponse``). "me" is the token's user; an admin token without a user names
one with ``user_id``. Where the seed has no value for our data the mapping is explicit:

- a memory stored without a category is reported as ``"context"``, seed 000's catch-all;
- ``allowed_categories`` unset (every category allowed) is reported as all five;
- ``max_memories`` is the limit in force: the scope's own, its profile's or the process
  default (``null`` only when nothing limits it).

Deleting here is a hard delete (X3: a user deleting their memory expects it gone, history
content included).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Path, Query, Response
from pydantic import BaseModel, ConfigDict, Field

from gieok.api.deps import ID_PATTERN, EngineDep, PageDep, PrincipalDep, scope_for
from gieok.api.schemas import error_responses
from gieok.domain.policy import ScopeSettings
from gieok.domain.records import Category, Layer, MemoryRecord
from gieok.domain.scope import Scope
from gieok.errors import InvalidInputError
from gieok.security.tokens import Principal
from gieok.settings import WriteSettings
from gieok.write.capacity import limit_for

router = APIRouter(prefix="/api/v1/users/me", tags=["compatible: /api/v1/users/me"],
                   responses=error_responses(401, 403, 413, 422))
FALLBACK_CATEGORY = Category.CONTEXT.value
ALL_CATEGORIES = [c.value for c in Category]


class UserMemoryResponse(BaseModel):
    id: str
    content: str
    category: str
    confidence: float
    created_at: datetime
    last_used_at: datetime | None
    usage_count: int

    @classmethod
    def of(cls, record: MemoryRecord) -> UserMemoryResponse:
        return cls(id=record.id, content=record.content,
                   category=record.category or FALLBACK_CATEGORY, confidence=record.confidence,
                   created_at=record.created_at, last_used_at=record.last_used_at,
                   usage_count=record.usage_count)


class MemoryListResponse(BaseModel):
    memories: list[UserMemoryResponse]
    total: int


class MemorySettingsResponse(BaseModel):
    is_enabled: bool
    auto_extraction: bool
    allowed_categories: list[str]
    max_memories: int | None = Field(description="the limit in force; null: no limit")

    @classmethod
    def of(cls, settings: ScopeSettings, defaults: WriteSettings) -> MemorySettingsResponse:
        allowed = settings.allowed_categories
        return cls(is_enabled=settings.enabled, auto_extraction=settings.auto_extraction,
                   allowed_categories=ALL_CATEGORIES if allowed is None else list(allowed),
                   max_memories=limit_for(Layer.LONG_TERM, settings, defaults))


class UpdateMemorySettingsRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    is_enabled: bool | None = None
    auto_extraction: bool | None = None
    allowed_categories: list[Category] | None = Field(default=None, max_length=len(Category))
    max_memories: int | None = Field(default=None, ge=1, le=1_000_000)


UserIdQuery = Annotated[str | None, Query(
    pattern=ID_PATTERN, description="Admin tokens only: whose memories.")]


def _me(principal: Principal, user_id: str | None) -> Scope:
    scope = scope_for(principal, user_id=user_id)
    if scope.user is None:
        raise InvalidInputError("this admin token has no user of its own: pass user_id",
                                code="INVALID_SCOPE")
    return scope


@router.get("/memories", summary="내 메모리 목록 조회 (list my memories)")
async def list_my_memories(
    engine: EngineDep, principal: PrincipalDep, page: PageDep, user_id: UserIdQuery = None,
) -> MemoryListResponse:
    result = await engine.list(scope=_me(principal, user_id), limit=page.limit,
                               offset=page.offset)
    return MemoryListResponse(memories=[UserMemoryResponse.of(r) for r in result.items],
                              total=result.total)


@router.delete("/memories", status_code=204, summary="모든 메모리 삭제 (delete all)")
async def delete_all_my_memories(
    engine: EngineDep, principal: PrincipalDep, user_id: UserIdQuery = None,
) -> Response:
    await engine.forget(scope=_me(principal, user_id))
    return Response(status_code=204)


@router.delete("/memories/{memory_id}", status_code=204, responses=error_responses(404),
               summary="특정 메모리 삭제 (delete one)")
async def delete_my_memory(
    memory_id: Annotated[str, Path(min_length=1, max_length=128)],
    engine: EngineDep, principal: PrincipalDep, user_id: UserIdQuery = None,
) -> Response:
    await engine.delete(memory_id, scope=_me(principal, user_id), hard=True)
    return Response(status_code=204)


@router.get("/memory-settings", summary="메모리 설정 조회 (read settings)")
async def get_my_settings(
    engine: EngineDep, principal: PrincipalDep, user_id: UserIdQuery = None,
) -> MemorySettingsResponse:
    return MemorySettingsResponse.of(await engine.get_settings(scope=_me(principal, user_id)),
                                     engine.settings.write)


@router.patch("/memory-settings", summary="메모리 설정 변경 (change settings)")
async def update_my_settings(
    body: UpdateMemorySettingsRequest, engine: EngineDep, principal: PrincipalDep,
    user_id: UserIdQuery = None,
) -> MemorySettingsResponse:
    changes = body.model_dump(exclude_none=True, mode="json")
    if "is_enabled" in changes:
        changes["enabled"] = changes.pop("is_enabled")
    updated = await engine.update_settings(scope=_me(principal, user_id), **changes)
    return MemorySettingsResponse.of(updated, engine.settings.write)
