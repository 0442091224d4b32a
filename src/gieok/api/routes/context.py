"""``/v1/context``, ``/v1/next-turn``, ``/v1/sessions/end`` and ``/v1/skills``: what the
engine hands the model each turn (C1–C8), memories a person chose for the next turn (seed
001), closing a session (W2/W11), and procedural skills (C4)."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from gieok.api.deps import EngineDep, JobsDep, ScopeDep
from gieok.api.schemas import (
    AddResultPublic,
    ContextRequest,
    MemoryPublic,
    NextTurnPublic,
    NextTurnSelect,
    SkillCreate,
    error_responses,
)
from gieok.domain.context import Context
from gieok.domain.scope import Scope
from gieok.errors import InvalidInputError

router = APIRouter(prefix="/v1", tags=["context"], responses=error_responses(401, 403, 413, 422))


@router.post("/context", summary="The memory block for the next model call")
async def context(body: ContextRequest, engine: EngineDep, scope: ScopeDep,
                  request: Request) -> Context:
    """Relevant memories, pinned facts, recent episodes, skills and project rules within the
    budget, as one block of text, plus the recent turns; ``trace`` says what was used or cut
    and why. Pass ``session_id`` so the session's own turns come along."""
    history = None if body.history is None else [m.model_dump(exclude_none=True)
                                                 for m in body.history]
    async with request.app.state.ranking_gate.slot():  # saves pass it (api/gate.py)
        block = await engine.context(
            body.query, scope=scope, history=history, budget=body.budget, entity=body.entity,
            path=body.path, use_cache=body.use_cache, track_use=body.track_use)
    metrics = request.app.state.metrics
    metrics.tokens_injected.inc(amount=block.tokens)
    metrics.context_tokens.observe(block.tokens)
    return block


def _session(scope: Scope) -> str:
    if scope.session is None:
        raise InvalidInputError("pass session_id=… to say which session's next turn",
                                code="INVALID_SCOPE")
    return scope.session


@router.get("/next-turn", summary="Memories waiting for the session's next turn")
async def next_turn(engine: EngineDep, scope: ScopeDep) -> NextTurnPublic:
    session = _session(scope)
    return NextTurnPublic(session_id=session,
                          memory_ids=await engine.next_turn_selection(scope=scope))


@router.post("/next-turn", responses=error_responses(404, 409),
             summary="Use these memories in the session's next turn")
async def use_in_next_turn(body: NextTurnSelect, engine: EngineDep,
                           scope: ScopeDep) -> NextTurnPublic:
    """The next ``/v1/context`` call of this session shows them whatever the query, reports
    them in ``trace.selected`` and, unless it is a preview (``track_use: false``), consumes
    them. Archived or deleted memories are refused (409 ``MEMORY_NOT_LIVE``)."""
    session = _session(scope)
    ids = await engine.use_in_next_turn(body.memory_ids, scope=scope, replace=body.replace)
    return NextTurnPublic(session_id=session, memory_ids=ids)


@router.delete("/next-turn", status_code=204, summary="Clear the session's next-turn selection")
async def clear_next_turn(engine: EngineDep, scope: ScopeDep) -> Response:
    _session(scope)
    await engine.use_in_next_turn([], scope=scope, replace=True)
    return Response(status_code=204)


@router.post("/sessions/end", summary="Close a session (pass session_id): extract, summarise")
async def end_session(engine: EngineDep, scope: ScopeDep, jobs: JobsDep) -> AddResultPublic:
    """Runs the session-end work for the ``session_id`` given: extraction of what
    is not extracted yet and the session's episode. Model failures are reported in
    ``failures``, never raised."""
    if scope.session is None:
        raise InvalidInputError("pass session_id=… to say which session ends",
                                code="INVALID_SCOPE")
    async with jobs.scope_lock(scope.key()):  # never beside a queued extraction of it
        return AddResultPublic.of(await engine.end_session(scope=scope))


@router.post("/skills", status_code=201, summary="Store or replace (by name) a skill")
async def add_skill(body: SkillCreate, engine: EngineDep, scope: ScopeDep) -> MemoryPublic:
    record = await engine.add_skill(body.name, triggers=body.triggers, steps=body.steps,
                                    description=body.description, scope=scope)
    return MemoryPublic.of(record)
