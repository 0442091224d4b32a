"""``AsyncClient``: ``AsyncMemory``'s methods over the REST service (I1 over I2).

Same names, arguments and return types, so moving an app from the embedded engine to the
service is one line (``AsyncMemory(url)`` → ``AsyncClient(base_url, token)``). Differences a
caller can meet, all explicit errors rather than silent changes:

- the tenant and user come from the token: ``org_id`` is refused, and a ``user_id`` other
  than the token's needs an admin token (the service answers ``FORBIDDEN``);
- ``list(filters=…)`` takes ``type``/``layer``/``category`` equality only;
- the engine's operator jobs (``sweep``, ``decay``, ``expire``, ``consolidate``, ``reindex``)
  run inside the service on its schedules, so they are not client methods.

A 503 (the service's back-pressure, ``QUEUE_FULL``) is retried with exponential backoff,
honouring ``Retry-After``, by ``httpx-retries``; nothing was written on a 503, so retrying a
POST is safe. Other errors raise at once as the library's ``GieokError`` subclasses.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

import httpx
from httpx_retries import Retry, RetryTransport

from gieok.client import _wire as wire
from gieok.domain.audit import AuditEvent
from gieok.domain.context import Budget, Context
from gieok.domain.policy import ScopeSettings
from gieok.domain.query import Page, ScoredMemory
from gieok.domain.records import MemoryRecord
from gieok.domain.results import AddResult
from gieok.domain.scope import Scope
from gieok.domain.turns import Turn
from gieok.errors import InvalidInputError

ScopeArg = Scope | str | None
ALL_METHODS = ["GET", "POST", "PATCH", "PUT", "DELETE"]
LIST_FILTERS = {"type", "layer", "category"}
IMPORT_CHUNK = 1000


class AsyncClient:
    """``AsyncClient("http://127.0.0.1:8420", token)``: use it like ``AsyncMemory``."""

    def __init__(self, base_url: str, token: str, *, timeout: float = 60.0, retries: int = 5,
                 backoff_factor: float = 0.5, transport: httpx.AsyncBaseTransport | None = None
                 ) -> None:
        retry = Retry(total=retries, backoff_factor=backoff_factor, status_forcelist=[503],
                      allowed_methods=ALL_METHODS, respect_retry_after_header=True)
        self._http = httpx.AsyncClient(
            base_url=base_url.rstrip("/"), timeout=timeout,
            headers={"Authorization": f"Bearer {token}", "User-Agent": "gieok-client"},
            transport=RetryTransport(transport=transport, retry=retry))

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def _call(self, method: str, path: str, *, params: Mapping[str, Any] | None = None,
                    body: Any = None) -> httpx.Response:
        response = await self._http.request(
            method, path, params={k: wire.jsonable(v) for k, v in (params or {}).items()
                                  if v is not None},
            json=None if body is None else wire.jsonable(body))
        if response.is_error:
            raise wire.error_for(response)
        return response

    # -- writes -----------------------------------------------------------------------------
    async def remember(
        self, text: str, /, *, scope: ScopeArg = None, user_id: str | None = None,
        session_id: str | None = None, persona_id: str | None = None,
        project_id: str | None = None, org_id: str | None = None,
        timestamp: datetime | str | None = None, **fields: Any,
    ) -> MemoryRecord:
        params = wire.scope_params(scope, _ids(org_id, project_id, user_id, persona_id,
                                               session_id))
        if timestamp is not None:
            fields["event_time"] = timestamp
        fields.pop("trigger", None)  # the service records its own trigger
        response = await self._call("POST", "/v1/memories", params=params,
                                    body={"content": text, **fields})
        return wire.record(response.json())

    async def import_memories(
        self, items: Iterable[Mapping[str, Any] | MemoryRecord], /, *, scope: ScopeArg = None,
        user_id: str | None = None, session_id: str | None = None,
        persona_id: str | None = None, project_id: str | None = None,
        org_id: str | None = None,
    ) -> list[MemoryRecord]:
        params = wire.scope_params(scope, _ids(org_id, project_id, user_id, persona_id,
                                               session_id))
        rows = [_import_row(item) for item in items]
        out: list[MemoryRecord] = []
        for start in range(0, len(rows), IMPORT_CHUNK):
            response = await self._call("POST", "/v1/import", params=params,
                                        body={"items": rows[start: start + IMPORT_CHUNK]})
            out.extend(wire.record(r) for r in response.json()["items"])
        return out

    async def add(
        self, messages: str | Sequence[Mapping[str, Any]], /, *, scope: ScopeArg = None,
        user_id: str | None = None, session_id: str | None = None,
        persona_id: str | None = None, project_id: str | None = None,
        org_id: str | None = None, timestamp: datetime | str | None = None,
        infer: bool = True, background: bool = False,
    ) -> AddResult:
        """Like ``AsyncMemory.add``: extraction runs before the answer, which lists its
        decisions; ``background=True`` queues it in the service instead."""
        params = wire.scope_params(scope, _ids(org_id, project_id, user_id, persona_id,
                                               session_id))
        turns = [{"role": "user", "content": messages}] if isinstance(messages, str) else [
            dict(m) for m in messages]
        response = await self._call("POST", "/v1/messages", params={**params,
                                                                   "wait": not background},
                                    body={"messages": turns, "timestamp": timestamp,
                                          "infer": infer})
        return wire.add_result(response.json())

    async def end_session(self, *, scope: ScopeArg = None, **ids: str | None) -> AddResult:
        params = wire.scope_params(scope, ids)
        return wire.add_result((await self._call("POST", "/v1/sessions/end",
                                                 params=params)).json())

    async def update(self, memory_id: str, /, *, scope: ScopeArg = None, **changes: Any
                     ) -> MemoryRecord:
        response = await self._call("PATCH", f"/v1/memories/{_id(memory_id)}",
                                    params=wire.scope_params(scope, {}), body=changes)
        return wire.record(response.json())

    async def archive(self, memory_id: str, /, *, scope: ScopeArg = None) -> MemoryRecord:
        return wire.record((await self._call("POST", f"/v1/memories/{_id(memory_id)}/archive",
                                             params=wire.scope_params(scope, {}))).json())

    async def restore(self, memory_id: str, /, *, scope: ScopeArg = None) -> MemoryRecord:
        return wire.record((await self._call("POST", f"/v1/memories/{_id(memory_id)}/restore",
                                             params=wire.scope_params(scope, {}))).json())

    async def delete(self, memory_id: str, /, *, scope: ScopeArg = None, hard: bool = False
                     ) -> None:
        await self._call("DELETE", f"/v1/memories/{_id(memory_id)}",
                         params={**wire.scope_params(scope, {}), "hard": hard})

    async def forget(self, *, scope: ScopeArg = None, user_id: str | None = None,
                     session_id: str | None = None, persona_id: str | None = None,
                     project_id: str | None = None, org_id: str | None = None) -> int:
        params = wire.scope_params(scope, _ids(org_id, project_id, user_id, persona_id,
                                               session_id))
        return int((await self._call("POST", "/v1/forget", params=params)).json()["deleted"])

    # -- reads ------------------------------------------------------------------------------
    async def get(self, memory_id: str, /, *, scope: ScopeArg = None) -> MemoryRecord:
        return wire.record((await self._call("GET", f"/v1/memories/{_id(memory_id)}",
                                             params=wire.scope_params(scope, {}))).json())

    async def history(self, memory_id: str, /, *, scope: ScopeArg = None) -> list[AuditEvent]:
        response = await self._call("GET", f"/v1/memories/{_id(memory_id)}/history",
                                    params=wire.scope_params(scope, {}))
        return [wire.event(e) for e in response.json()["items"]]

    async def versions(self, memory_id: str, /, *, scope: ScopeArg = None
                       ) -> list[MemoryRecord]:
        response = await self._call("GET", f"/v1/memories/{_id(memory_id)}/versions",
                                    params=wire.scope_params(scope, {}))
        return [wire.record(r) for r in response.json()["items"]]

    async def rollback(self, memory_id: str, version: int, /, *, scope: ScopeArg = None
                       ) -> MemoryRecord:
        response = await self._call("POST", f"/v1/memories/{_id(memory_id)}/rollback",
                                    params=wire.scope_params(scope, {}),
                                    body={"version": version})
        return wire.record(response.json())

    async def list(
        self, *, scope: ScopeArg = None, user_id: str | None = None,
        session_id: str | None = None, persona_id: str | None = None,
        project_id: str | None = None, org_id: str | None = None,
        filters: Mapping[str, Any] | None = None, limit: int = 100, offset: int = 0,
        include_archived: bool = False,
    ) -> Page[MemoryRecord]:
        params: dict[str, Any] = wire.scope_params(
            scope, _ids(org_id, project_id, user_id, persona_id, session_id))
        for key, value in (filters or {}).items():
            if key not in LIST_FILTERS or not isinstance(value, str):
                raise InvalidInputError(
                    f"list filters over HTTP are {sorted(LIST_FILTERS)} equal to a string; use "
                    "search(…, filters=…) for the full filter language", code="INVALID_FILTER")
            params[key] = value
        params.update(limit=limit, offset=offset, include_archived=include_archived)
        return wire.page((await self._call("GET", "/v1/memories", params=params)).json())

    async def search(
        self, query: str, /, *, scope: ScopeArg = None, user_id: str | None = None,
        session_id: str | None = None, persona_id: str | None = None,
        project_id: str | None = None, org_id: str | None = None, k: int = 10,
        limit: int | None = None, filters: Mapping[str, Any] | None = None,
        as_of: datetime | str | None = None, min_confidence: float | None = None,
    ) -> list[ScoredMemory]:
        if limit is not None:
            if k != 10 and k != limit:
                raise InvalidInputError("pass either k or limit (the same thing), not both")
            k = limit
        params = wire.scope_params(scope, _ids(org_id, project_id, user_id, persona_id,
                                               session_id))
        body = {"query": query, "k": k, "filters": filters, "as_of": as_of,
                "min_confidence": min_confidence}
        response = await self._call("POST", "/v1/search", params=params,
                                    body={k_: v for k_, v in body.items() if v is not None})
        return [wire.scored(h) for h in response.json()["hits"]]

    async def export(self, *, scope: ScopeArg = None, **ids: str | None
                     ) -> list[dict[str, Any]]:
        response = await self._call("GET", "/v1/export", params=wire.scope_params(scope, ids))
        return [json.loads(line) for line in response.text.splitlines() if line.strip()]

    async def context(
        self, query: str = "", /, *, scope: ScopeArg = None,
        history: Sequence[Turn | Mapping[str, Any]] | None = None,
        budget: Budget | int | Mapping[str, Any] | None = None, entity: str | None = None,
        path: str | None = None, use_cache: bool = True, track_use: bool = True,
        **ids: str | None,
    ) -> Context:
        if isinstance(budget, int) and not isinstance(budget, bool):
            budget = {"total_tokens": budget}
        elif isinstance(budget, Budget):
            budget = budget.model_dump()
        turns = None if history is None else [
            {"role": t.role, "content": t.content} if isinstance(t, Turn) else dict(t)
            for t in history]
        body = {"query": query, "history": turns, "budget": budget, "entity": entity,
                "path": path, "use_cache": use_cache, "track_use": track_use}
        response = await self._call("POST", "/v1/context", params=wire.scope_params(scope, ids),
                                    body={k: v for k, v in body.items() if v is not None})
        return Context.model_validate(response.json())

    async def add_skill(self, name: str, /, *, triggers: Sequence[str], steps: Sequence[str],
                        description: str | None = None, scope: ScopeArg = None,
                        **ids: str | None) -> MemoryRecord:
        body = {"name": name, "triggers": list(triggers), "steps": list(steps),
                "description": description}
        response = await self._call("POST", "/v1/skills", params=wire.scope_params(scope, ids),
                                    body={k: v for k, v in body.items() if v is not None})
        return wire.record(response.json())

    # -- per-scope settings (W9) ------------------------------------------------------------
    async def get_settings(self, *, scope: ScopeArg = None, **ids: str | None) -> ScopeSettings:
        return wire.settings((await self._call("GET", "/v1/settings",
                                               params=wire.scope_params(scope, ids))).json())

    async def update_settings(
        self, *, scope: ScopeArg = None, user_id: str | None = None,
        persona_id: str | None = None, project_id: str | None = None, org_id: str | None = None,
        session_id: str | None = None, **changes: Any,
    ) -> ScopeSettings:
        params = wire.scope_params(scope, _ids(org_id, project_id, user_id, persona_id,
                                               session_id))
        return wire.settings((await self._call("PATCH", "/v1/settings", params=params,
                                               body=changes)).json())


def _ids(org_id: str | None, project_id: str | None, user_id: str | None,
         persona_id: str | None, session_id: str | None) -> dict[str, str | None]:
    return {"org_id": org_id, "project_id": project_id, "user_id": user_id,
            "persona_id": persona_id, "session_id": session_id}


def _id(memory_id: str) -> str:
    if not isinstance(memory_id, str) or not memory_id or "/" in memory_id:
        raise InvalidInputError("memory id must be a non-empty string")
    return memory_id


def _import_row(item: Mapping[str, Any] | MemoryRecord) -> dict[str, Any]:
    if isinstance(item, MemoryRecord):
        row = item.model_dump(mode="json", exclude_none=True, include={
            "content", "layer", "type", "category", "index_text", "data", "metadata",
            "confidence", "importance", "tags", "emotion", "pinned", "event_time",
            "valid_from", "valid_to", "expires_at", "source_session"})
        return row
    row = dict(item)
    if "scope" in row:
        raise InvalidInputError("items sent to the service take the token's scope; drop "
                                "their own 'scope' or import them with one request per scope")
    if "text" in row and "content" not in row:
        row["content"] = row.pop("text")
    if "timestamp" in row:
        row["event_time"] = row.pop("timestamp")
    return row
