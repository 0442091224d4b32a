"""``/v1/memories``: store, list, read, update (new version), archive, restore, delete, history.

Every handler is a thin call into ``AsyncMemory`` with the scope the token allows; ids of
other tenants or users are "not found", exactly like ids that never existed.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Response

from gieok.api.deps import EngineDep, PageDep, ScopeDep
from gieok.api.schemas import (
    AuditEventPublic,
    HistoryPublic,
    MemoriesPublic,
    MemoryCreate,
    MemoryPublic,
    MemoryUpdate,
    RollbackRequest,
    VersionsPublic,
    error_responses,
)
from gieok.domain.records import Layer, MemoryType

router = APIRouter(prefix="/v1/memories", tags=["memories"],
                   responses=error_responses(401, 403, 413, 422))
MemoryId = Annotated[str, Path(min_length=1, max_length=128, description="A memory id.")]
NOT_FOUND = error_responses(404)


@router.post("", status_code=201, summary="Store a memory as given")  # W14
async def create_memory(body: MemoryCreate, engine: EngineDep, scope: ScopeDep) -> MemoryPublic:
    """Stores ``content`` directly, bypassing extraction. Storing the exact same text again
    in the same scope returns the existing memory with its use count raised."""
    fields = body.model_dump(exclude={"content"}, exclude_none=True)
    record = await engine.remember(body.content, scope=scope, **fields)
    return MemoryPublic.of(record)


@router.get("", summary="List memories, newest event first")
async def list_memories(
    engine: EngineDep,
    scope: ScopeDep,
    page: PageDep,
    include_archived: bool = False,
    type: Annotated[MemoryType | None, Query(description="Only this type.")] = None,
    layer: Annotated[Layer | None, Query(description="Only this layer.")] = None,
    category: Annotated[str | None, Query(max_length=200)] = None,
) -> MemoriesPublic:
    filters: dict[str, Any] = {}
    if type is not None:
        filters["type"] = type.value
    if layer is not None:
        filters["layer"] = layer.value
    if category is not None:
        filters["category"] = category
    result = await engine.list(scope=scope, filters=filters or None, limit=page.limit,
                               offset=page.offset, include_archived=include_archived)
    return MemoriesPublic(items=[MemoryPublic.of(r) for r in result.items], total=result.total,
                          limit=result.limit, offset=result.offset, has_more=result.has_more)


@router.get("/{memory_id}", responses=NOT_FOUND, summary="Read one memory, whatever its status")
async def get_memory(memory_id: MemoryId, engine: EngineDep, scope: ScopeDep) -> MemoryPublic:
    return MemoryPublic.of(await engine.get(memory_id, scope=scope))


@router.patch("/{memory_id}", responses=NOT_FOUND, summary="Update: writes a new version")
async def update_memory(
    memory_id: MemoryId, body: MemoryUpdate, engine: EngineDep, scope: ScopeDep
) -> MemoryPublic:
    changes = body.model_dump(exclude_unset=True, exclude_none=True)
    return MemoryPublic.of(await engine.update(memory_id, scope=scope, **changes))


@router.delete("/{memory_id}", status_code=204, responses=NOT_FOUND, summary="Delete a memory")
async def delete_memory(
    memory_id: MemoryId,
    engine: EngineDep,
    scope: ScopeDep,
    hard: Annotated[bool, Query(description="Remove the row and purge its content from "
                                            "history (a content-free tombstone remains).")] = False,
) -> Response:
    await engine.delete(memory_id, scope=scope, hard=hard)
    return Response(status_code=204)


@router.get("/{memory_id}/history", responses=NOT_FOUND, summary="Audit events of a memory")
async def memory_history(memory_id: MemoryId, engine: EngineDep, scope: ScopeDep) -> HistoryPublic:
    events = await engine.history(memory_id, scope=scope)
    return HistoryPublic(items=[AuditEventPublic.of(e) for e in events])


@router.post("/{memory_id}/archive", responses=NOT_FOUND, summary="Archive (hide from search)")
async def archive_memory(memory_id: MemoryId, engine: EngineDep, scope: ScopeDep) -> MemoryPublic:
    return MemoryPublic.of(await engine.archive(memory_id, scope=scope))


@router.post("/{memory_id}/restore", responses=NOT_FOUND, summary="Restore to active")
async def restore_memory(memory_id: MemoryId, engine: EngineDep, scope: ScopeDep) -> MemoryPublic:
    return MemoryPublic.of(await engine.restore(memory_id, scope=scope))


@router.get("/{memory_id}/versions", responses=NOT_FOUND, summary="Every version")  # L5
async def memory_versions(
    memory_id: MemoryId, engine: EngineDep, scope: ScopeDep
) -> VersionsPublic:
    versions = await engine.versions(memory_id, scope=scope)
    return VersionsPublic(items=[MemoryPublic.of(v) for v in versions])


@router.post("/{memory_id}/rollback", responses=NOT_FOUND,
             summary="Make an old version current again, as a new version")  # L5
async def rollback_memory(
    memory_id: MemoryId, body: RollbackRequest, engine: EngineDep, scope: ScopeDep
) -> MemoryPublic:
    return MemoryPublic.of(await engine.rollback(memory_id, body.version, scope=scope))
