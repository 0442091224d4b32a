"""``POST /v1/messages``: append conversation turns (mem0's ``add``; W1).

The turns are stored before the answer; extraction into long-term memory is queued and runs
in the background (``api/jobs.py``), so a chat turn never waits for it. When the queue is
full the route answers 503 ``QUEUE_FULL`` with ``Retry-After`` and stores nothing.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from gieok.api.deps import EngineDep, JobsDep, ScopeDep
from gieok.api.schemas import MessagesAddedPublic, MessagesCreate, error_responses

router = APIRouter(prefix="/v1", tags=["messages"],
                   responses=error_responses(401, 403, 413, 422, 503))


@router.post("/messages", summary="Add conversation turns; extraction runs in the background")
async def add_messages(
    body: MessagesCreate, engine: EngineDep, scope: ScopeDep, jobs: JobsDep,
    wait: Annotated[bool, Query(description="Extract now and answer with the decisions (what "
                                            "the Python library's add does) instead of "
                                            "queueing it.")] = False,
) -> MessagesAddedPublic:
    """Turns go to the scope's working layer (pass ``session_id``). With ``infer`` (the
    default) extraction is queued: the answer says ``extraction: "queued"`` with the
    ``job_id``, and what it decides shows up in the memories shortly after. Turns sent
    with ``infer: false`` are extracted later with the session's next queued turn."""
    if wait:
        messages = [m.model_dump(exclude_none=True) for m in body.messages]
        async with jobs.scope_lock(scope.key()):  # never beside a queued extraction of it
            result = await engine.add(messages, scope=scope, timestamp=body.timestamp,
                                      infer=body.infer)
        return MessagesAddedPublic.of(result)
    if body.infer:
        await jobs.ensure_capacity()
    messages = [m.model_dump(exclude_none=True) for m in body.messages]
    result = await engine.add(messages, scope=scope, timestamp=body.timestamp, infer=False)
    public = MessagesAddedPublic.of(result)
    if body.infer and result.turns_added:
        job = await jobs.enqueue_extraction(scope)
        public.extraction, public.job_id = "queued", job.id
    return public
