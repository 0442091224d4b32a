"""The REST wire format ↔ gieok's domain types and errors, as pure functions.

Responses become the very types ``Memory`` returns (``MemoryRecord``, ``ScoredMemory``,
``Page``, ``AddResult``, ``Context``…), and error bodies ``{"error": {"code", "message",
"details"}}`` become the same ``GieokError`` subclasses the library raises, by code first and
HTTP status second — the inverse of ``gieok.api.errors``.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

import httpx

from gieok.domain.audit import AuditEvent
from gieok.domain.policy import ScopeSettings
from gieok.domain.query import Page, ScoredMemory, ScoreParts
from gieok.domain.records import MemoryRecord
from gieok.domain.results import AddResult, Decision
from gieok.domain.scope import Scope, resolve_scope
from gieok.errors import (
    AuthError,
    BackendError,
    ConflictError,
    GieokError,
    InvalidInputError,
    LLMError,
    NotFoundError,
    PolicyError,
)

CLASS_BY_CODE: dict[str, type[GieokError]] = {
    "UNAUTHORIZED": AuthError, "FORBIDDEN": AuthError,
    "PII_REJECTED": PolicyError, "MEMORY_LIMIT_REACHED": PolicyError,
    "MEMORY_DISABLED": PolicyError, "VERSION_CONFLICT": ConflictError,
    "LLM_TIMEOUT": LLMError, "LLM_UNAVAILABLE": LLMError, "LLM_SUMMARY_FAILED": LLMError,
}
CLASS_BY_STATUS: dict[int, type[GieokError]] = {
    400: InvalidInputError, 401: AuthError, 403: AuthError, 404: NotFoundError,
    405: InvalidInputError, 409: PolicyError, 413: InvalidInputError, 415: InvalidInputError,
    422: InvalidInputError, 503: BackendError, 504: BackendError,
}


def error_for(response: httpx.Response) -> GieokError:
    """The library error a failed response stands for."""
    try:
        body = response.json()
        error = body.get("error") if isinstance(body, dict) else None
    except ValueError:
        error = None
    if not isinstance(error, dict):
        error = {"code": f"HTTP_{response.status_code}",
                 "message": f"the service answered {response.status_code}: "
                            f"{response.text[:200] or response.reason_phrase}"}
    code = str(error.get("code") or f"HTTP_{response.status_code}")
    cls = CLASS_BY_CODE.get(code) or CLASS_BY_STATUS.get(response.status_code, GieokError)
    details = error.get("details") if isinstance(error.get("details"), dict) else {}
    details = {**details, "status": response.status_code}
    return cls(str(error.get("message") or code), code=code, details=details)


def scope_params(scope: Scope | str | None, ids: Mapping[str, str | None]) -> dict[str, str]:
    """Query parameters for a scope. The tenant is the token's, so an ``org_id`` is refused
    rather than silently ignored."""
    if scope is None and not any(ids.values()):
        return {}
    where = resolve_scope(scope, **ids) if scope is not None else Scope.model_construct(
        **{k.removesuffix("_id"): v for k, v in ids.items()})
    if where.org is not None:
        raise InvalidInputError(
            "the service takes the tenant (org) from the token: drop org_id/org: from the "
            "scope, or use a token of that organisation", code="INVALID_SCOPE")
    return {f"{level}_id": value for level, value in where.levels().items()}


def record(data: Mapping[str, Any]) -> MemoryRecord:
    values = dict(data)
    values["scope"] = Scope.parse(values["scope"])
    return MemoryRecord.model_validate(values)


def scored(hit: Mapping[str, Any]) -> ScoredMemory:
    return ScoredMemory(record=record(hit["memory"]), score=hit["score"],
                        parts=ScoreParts.model_validate(hit["parts"]))


def page(data: Mapping[str, Any]) -> Page[MemoryRecord]:
    return Page(items=[record(r) for r in data["items"]], total=data["total"],
                limit=data["limit"], offset=data["offset"])


def event(data: Mapping[str, Any]) -> AuditEvent:
    values = dict(data)
    values["scope"] = Scope.parse(values["scope"])
    return AuditEvent.model_validate(values)


def add_result(data: Mapping[str, Any]) -> AddResult:
    decisions = [Decision(kind=d["kind"], memory=record(d["memory"]), replaced=d["replaced"],
                          reason=d["reason"]) for d in data["decisions"]]
    return AddResult(turns_added=data["turns_added"], decisions=decisions,
                     extraction=data["extraction"], failures=data["failures"])


def settings(data: Mapping[str, Any]) -> ScopeSettings:
    return ScopeSettings.model_validate(data)


def jsonable(value: Any) -> Any:
    """Request values as JSON: datetimes as ISO strings, enums as their values."""
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {k: jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    return getattr(value, "value", value)
