"""``POST /v1/messages``: append conversation turns (mem0's ``add``; W1)."""

from __future__ import annotations

from fastapi import APIRouter

from mnemo.api.deps import EngineDep, ScopeDep
from mnemo.api.schemas import AddResultPublic, MessagesCreate, error_responses

router = APIRouter(prefix="/v1", tags=["messages"], responses=error_responses(401, 403, 413, 422))


@router.post("/messages", summary="Add conversation turns to the working layer")
async def add_messages(body: MessagesCreate, engine: EngineDep, scope: ScopeDep) -> AddResultPublic:
    """Turns go to the session's working layer (pass ``session_id``); when the write path is
    configured, extraction decides what becomes long-term memory and the result lists it."""
    messages = [m.model_dump(exclude_none=True) for m in body.messages]
    result = await engine.add(messages, scope=scope, timestamp=body.timestamp, infer=body.infer)
    return AddResultPublic.of(result)
