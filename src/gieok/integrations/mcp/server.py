"""gieok as an MCP server (I5): tools remember, search, context, list, forget; resources for a
memory and its history.

``build_server(resolve)`` builds one ``MCPServer`` whose every call first asks ``resolve``
for the engine and the caller's scope: ``gieok mcp`` (stdio, ``cli/mcp.py``) resolves to the
scope given on its command line; the service's ``/mcp`` endpoint (``http.py``) resolves from
the bearer token of the HTTP request. Tenant and user therefore never come from tool
arguments — a tool can only narrow the scope (``persona_id``, ``session_id``, ``project_id``).

Library errors come back as MCP tool errors (``isError``) or resource errors with their
stable code (``[MEMORY_NOT_FOUND] …``); arguments that fail the schema are refused by the SDK.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError, ToolError
from pydantic import Field

from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope
from gieok.errors import GieokError, InvalidInputError, NotFoundError
from gieok.memory import AsyncMemory

Resolver = Callable[[Context, dict[str, str | None]], Awaitable[tuple[AsyncMemory, Scope]]]
IdArg = Annotated[str | None, Field(default=None, pattern=r"^[\w.@+\-]{1,128}$",
                                    description="Narrow to this id (optional).")]
INSTRUCTIONS = """\
Long-term memory for this user. Call `context` (or `search`) before answering to recall what
matters; call `remember` when the user states a lasting fact, preference or decision; `forget`
deletes and needs confirm=true. Memory ids and contents come from these tools only."""


def _public(record: MemoryRecord) -> dict[str, Any]:
    return {"id": record.id, "content": record.content, "scope": str(record.scope),
            "type": record.type.value, "category": record.category,
            "confidence": record.confidence, "importance": record.importance,
            "pinned": record.pinned, "status": record.status.value, "version": record.version,
            "event_time": record.event_time.isoformat(),
            "updated_at": record.updated_at.isoformat()}


def _narrow(persona_id: str | None, session_id: str | None, project_id: str | None
            ) -> dict[str, str | None]:
    return {"persona_id": persona_id, "session_id": session_id, "project_id": project_id}


class MemoryTools:
    """The tools and resources, each acting in the scope ``resolve`` gives for the call."""

    def __init__(self, resolve: Resolver) -> None:
        self._resolve = resolve

    async def _run(self, ctx: Context, narrowing: dict[str, str | None],
                   call: Callable[[AsyncMemory, Scope], Awaitable[Any]]) -> Any:
        try:
            engine, scope = await self._resolve(ctx, narrowing)
            return await call(engine, scope)
        except GieokError as exc:
            raise ToolError(str(exc)) from None

    async def _read(self, ctx: Context,
                    call: Callable[[AsyncMemory, Scope], Awaitable[Any]]) -> str:
        try:
            engine, scope = await self._resolve(ctx, {})
            return json.dumps(await call(engine, scope), ensure_ascii=False, default=str)
        except NotFoundError as exc:
            raise ResourceNotFoundError(str(exc)) from None
        except GieokError as exc:
            raise ResourceError(str(exc)) from None

    async def remember(
        self,
        content: Annotated[str, Field(min_length=1, max_length=8000)],
        ctx: Context,
        type: Annotated[str | None, Field(description="fact, preference, constraint, decision, "
                                                      "goal, rule, todo, profile or note")] = None,
        category: Annotated[str | None, Field(max_length=200)] = None,
        importance: Annotated[float | None, Field(ge=0.0, le=1.0)] = None,
        pinned: bool = False,
        persona_id: IdArg = None, session_id: IdArg = None, project_id: IdArg = None,
    ) -> dict[str, Any]:
        fields = {k: v for k, v in {"type": type, "category": category,
                                    "importance": importance, "pinned": pinned or None}.items()
                  if v is not None}

        async def call(engine: AsyncMemory, scope: Scope) -> dict[str, Any]:
            return _public(await engine.remember(content, scope=scope, **fields))

        return await self._run(ctx, _narrow(persona_id, session_id, project_id), call)  # type: ignore[no-any-return]

    async def search(
        self,
        query: Annotated[str, Field(min_length=1, max_length=8000)],
        ctx: Context,
        k: Annotated[int, Field(ge=1, le=100)] = 10,
        filters: Annotated[dict[str, Any] | None, Field(
            description='e.g. {"type": "preference", "importance": {"gte": 0.5}}')] = None,
        persona_id: IdArg = None, session_id: IdArg = None, project_id: IdArg = None,
    ) -> list[dict[str, Any]]:
        async def call(engine: AsyncMemory, scope: Scope) -> list[dict[str, Any]]:
            hits = await engine.search(query, scope=scope, k=k, filters=filters)
            return [{**_public(h.record), "score": round(h.score, 4)} for h in hits]

        return await self._run(ctx, _narrow(persona_id, session_id, project_id), call)  # type: ignore[no-any-return]

    async def context(
        self,
        ctx: Context,
        query: Annotated[str, Field(max_length=8000)] = "",
        max_tokens: Annotated[int | None, Field(ge=50, le=32_000)] = None,
        persona_id: IdArg = None, session_id: IdArg = None, project_id: IdArg = None,
    ) -> dict[str, Any]:
        budget = None if max_tokens is None else {"memory_tokens": max_tokens,
                                                  "total_tokens": max_tokens * 4}

        async def call(engine: AsyncMemory, scope: Scope) -> dict[str, Any]:
            block = await engine.context(query, scope=scope, budget=budget)
            return {"text": block.text, "tokens": block.block_tokens,
                    "used": [u.id for u in block.trace.used]}

        return await self._run(ctx, _narrow(persona_id, session_id, project_id), call)  # type: ignore[no-any-return]

    async def list(
        self,
        ctx: Context,
        limit: Annotated[int, Field(ge=1, le=200)] = 20,
        offset: Annotated[int, Field(ge=0)] = 0,
        include_archived: bool = False,
        persona_id: IdArg = None, session_id: IdArg = None, project_id: IdArg = None,
    ) -> dict[str, Any]:
        async def call(engine: AsyncMemory, scope: Scope) -> dict[str, Any]:
            page = await engine.list(scope=scope, limit=limit, offset=offset,
                                     include_archived=include_archived)
            return {"items": [_public(r) for r in page.items], "total": page.total,
                    "has_more": page.has_more}

        return await self._run(ctx, _narrow(persona_id, session_id, project_id), call)  # type: ignore[no-any-return]

    async def forget(
        self,
        ctx: Context,
        confirm: Annotated[bool, Field(description="Must be true: deleting cannot be undone.")
                           ] = False,
        memory_id: Annotated[str | None, Field(min_length=1, max_length=128)] = None,
        persona_id: IdArg = None, session_id: IdArg = None, project_id: IdArg = None,
    ) -> dict[str, Any]:
        if confirm is not True:
            raise ToolError("[CONFIRMATION_REQUIRED] nothing was deleted: ask the user, then "
                            "call forget again with confirm=true")

        async def call(engine: AsyncMemory, scope: Scope) -> dict[str, Any]:
            if memory_id is not None:
                await engine.delete(memory_id, scope=scope, hard=True)
                return {"deleted": 1, "memory_id": memory_id}
            if set(scope.levels()) <= {"org"}:
                raise InvalidInputError("refusing to forget a whole tenant: use a token bound "
                                        "to one user", code="INVALID_SCOPE")
            return {"deleted": await engine.forget(scope=scope)}

        return await self._run(ctx, _narrow(persona_id, session_id, project_id), call)  # type: ignore[no-any-return]

    async def memory(self, memory_id: str, ctx: Context) -> str:
        async def call(engine: AsyncMemory, scope: Scope) -> Any:
            return (await engine.get(memory_id, scope=scope)).public_dict()

        return await self._read(ctx, call)

    async def history(self, memory_id: str, ctx: Context) -> str:
        async def call(engine: AsyncMemory, scope: Scope) -> Any:
            events = await engine.history(memory_id, scope=scope)
            return [e.model_dump(mode="json") | {"scope": str(e.scope)} for e in events]

        return await self._read(ctx, call)


def build_server(resolve: Resolver, *, name: str = "gieok", version: str = "") -> MCPServer:
    """The MCP server; ``resolve(ctx, narrowing)`` → ``(engine, scope)`` for each call."""
    tools = MemoryTools(resolve)
    server = MCPServer(name, version=version, instructions=INSTRUCTIONS)
    server.tool(description="Store one lasting fact, preference or decision about the user, "
                            "as given. Storing the same text again does not duplicate it."
                )(tools.remember)
    server.tool(description="Search the user's memories (meaning and keywords), best first."
                )(tools.search)
    server.tool(description="The memory block to use for the next answer: relevant memories, "
                            "core facts and recent conversations, within a token budget."
                )(tools.context)
    server.tool(name="list", description="List the user's memories, newest first.")(tools.list)
    server.tool(description="Delete one memory (memory_id) or everything in the scope, "
                            "history included. Nothing is deleted unless confirm is true."
                )(tools.forget)
    server.resource("gieok://memories/{memory_id}", name="memory", mime_type="application/json",
                    description="One memory of the user, whatever its status.")(tools.memory)
    server.resource("gieok://memories/{memory_id}/history", name="memory_history",
                    mime_type="application/json",
                    description="Every change to one memory, oldest first.")(tools.history)
    return server


def fixed_scope(engine: AsyncMemory, scope: Scope) -> Resolver:
    """The resolver of a single-user server (``gieok mcp``): every call acts in ``scope``,
    narrowed by the tool's persona/session/project ids."""

    async def resolve(ctx: Context, narrowing: dict[str, str | None]) -> tuple[AsyncMemory, Scope]:
        extra = {k.removesuffix("_id"): v for k, v in narrowing.items() if v is not None}
        return engine, (scope.with_(**extra) if extra else scope)

    return resolve
