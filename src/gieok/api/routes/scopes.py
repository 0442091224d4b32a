"""Whole-scope operations: export (JSONL download), forget (X3) and per-scope settings (W9)."""

from __future__ import annotations

import json

from fastapi import APIRouter, Response

from gieok.api.deps import EngineDep, ScopeDep
from gieok.api.schemas import (
    ForgetResult,
    MemoriesImport,
    MemoriesImported,
    MemoryPublic,
    SettingsPublic,
    SettingsUpdate,
    error_responses,
)
from gieok.domain.scope import Scope
from gieok.errors import InvalidInputError

router = APIRouter(prefix="/v1", tags=["scope"], responses=error_responses(401, 403, 413, 422))
JSONL = "application/x-ndjson"


@router.get(
    "/export",
    response_class=Response,
    responses={200: {"content": {JSONL: {}}, "description": "One memory per line."}},
    summary="Download everything in the scope as JSONL",
)
async def export(engine: EngineDep, scope: ScopeDep) -> Response:
    """Every record of the scope, whatever its status, one JSON object per line; the file
    ``gieok import`` reads back."""
    rows = await engine.export(scope=scope)
    body = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    return Response(body.encode("utf-8"), media_type=JSONL, headers={
        "Content-Disposition": 'attachment; filename="gieok-export.jsonl"'})


@router.post("/import", status_code=201, summary="Store many memories as given, all or none")
async def import_memories(body: MemoriesImport, engine: EngineDep, scope: ScopeDep
                          ) -> MemoriesImported:
    """Up to 1,000 memories per request, each like ``POST /v1/memories``; every item is
    validated before anything is written (``gieok import`` does the same from a file)."""
    items = [item.model_dump(exclude_none=True) for item in body.items]
    records = await engine.import_memories(items, scope=scope)
    return MemoriesImported(items=[MemoryPublic.of(r) for r in records])


def _not_whole_tenant(scope: Scope) -> Scope:
    if set(scope.levels()) <= {"org"}:
        raise InvalidInputError(
            "refusing to forget a whole tenant: pass user_id (or project_id) to say whose "
            "memories to delete", code="INVALID_SCOPE")
    return scope


@router.post("/forget", summary="Delete everything in the scope, history included")  # X3
async def forget(engine: EngineDep, scope: ScopeDep) -> ForgetResult:
    return ForgetResult(deleted=await engine.forget(scope=_not_whole_tenant(scope)))


@router.get("/settings", summary="Per-scope settings")  # W9
async def get_settings(engine: EngineDep, scope: ScopeDep) -> SettingsPublic:
    current = await engine.get_settings(scope=scope)
    return SettingsPublic.model_validate(current.model_dump())


@router.patch("/settings", summary="Change per-scope settings")  # W9
async def update_settings(
    body: SettingsUpdate, engine: EngineDep, scope: ScopeDep  # type: ignore[valid-type]
) -> SettingsPublic:
    """Only the fields sent change; ``null`` resets a nullable setting (``max_memories``)."""
    changes = body.model_dump(exclude_unset=True)  # type: ignore[attr-defined]
    updated = await engine.update_settings(scope=scope, **changes)
    return SettingsPublic.model_validate(updated.model_dump())
