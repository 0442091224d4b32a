"""Direct writes (W14) as pure functions: validate input, build records and their audit events.

The engine (``gieok.memory``) does the I/O; everything here is testable without a store.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from gieok.domain.limits import MAX_TAG_CHARS, MAX_TAGS, check_json, check_text
from gieok.domain.query import parse_time
from gieok.domain.records import (
    PREVIEW_CHARS,
    Layer,
    MemoryRecord,
    MemoryType,
    Source,
    Status,
    content_hash,
    utcnow,
)
from gieok.domain.scope import Scope
from gieok.errors import InvalidInputError

# Fields a caller may set on ``remember``/``import``/``update``.
SETTABLE = frozenset({
    "content", "index_text", "layer", "type", "category", "data", "metadata", "confidence",
    "importance",
    "source", "source_session", "source_turn_ids", "tags", "emotion", "pinned", "event_time",
    "valid_from", "valid_to", "expires_at", "status", "pii_flags",
})
UPDATABLE = SETTABLE - {"source", "source_session", "status"}
MAX_METADATA_BYTES = 16_000
MAX_INDEX_CHARS = 16_000


TEXT_FIELDS = frozenset({"category", "emotion", "index_text", "source_session"})
LIST_FIELDS = frozenset({"tags", "pii_flags", "source_turn_ids"})


def check_content(text: Any, max_chars: int) -> str:
    if not isinstance(text, str):
        raise InvalidInputError(f"content must be a string, got {type(text).__name__}")
    cleaned = check_text(text, "content").strip()
    if not cleaned:
        raise InvalidInputError("content is empty: pass the text to remember")
    if len(cleaned) > max_chars:
        raise InvalidInputError(
            f"content has {len(cleaned)} characters; the limit is {max_chars}. "
            "Store a shorter, self-contained statement",
            code="CONTENT_TOO_LONG",
            details={"limit": max_chars, "length": len(cleaned)},
        )
    return cleaned


def _check_fields(fields: Mapping[str, Any], allowed: frozenset[str]) -> dict[str, Any]:
    unknown = sorted(set(fields) - allowed)
    if unknown:
        raise InvalidInputError(
            f"unknown field(s) {unknown}; settable fields are {sorted(allowed)}",
            details={"fields": unknown},
        )
    out: dict[str, Any] = {}
    for key, value in fields.items():
        if value is None:
            continue
        if key in {"event_time", "valid_from", "valid_to", "expires_at"}:
            value = parse_time(value, "timestamp")
        if key in {"confidence", "importance"}:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise InvalidInputError(f"{key} must be a number between 0 and 1")
            if not 0.0 <= value <= 1.0 or (isinstance(value, float) and math.isnan(value)):
                raise InvalidInputError(f"{key} must be between 0 and 1, got {value}")
        if key in {"metadata", "data"}:
            _check_object(key, value)
        if key in TEXT_FIELDS:
            if not isinstance(value, str):
                raise InvalidInputError(f"{key} must be a string, got {type(value).__name__}")
            check_text(value, key)
        if key == "index_text" and len(value) > MAX_INDEX_CHARS:
            raise InvalidInputError(f"index_text must be a string of at most {MAX_INDEX_CHARS} "
                                    "characters")
        if key in LIST_FIELDS:
            _check_strings(key, value)
        out[key] = value
    return out


def _check_object(key: str, value: Any) -> None:
    if not isinstance(value, dict):
        raise InvalidInputError(f"{key} must be a JSON object")
    check_json(value, key)
    size = len(json.dumps(value, ensure_ascii=False).encode("utf-8"))
    if size > MAX_METADATA_BYTES:
        raise InvalidInputError(f"{key} is {size} bytes; the limit is {MAX_METADATA_BYTES}")


def _check_strings(key: str, value: Any) -> None:
    if not isinstance(value, list | tuple) or not all(isinstance(t, str) and t for t in value):
        raise InvalidInputError(f"{key} must be a list of non-empty strings")
    if len(value) > MAX_TAGS or any(len(t) > MAX_TAG_CHARS for t in value):
        raise InvalidInputError(f"{key}: at most {MAX_TAGS} items of at most {MAX_TAG_CHARS} "
                                "characters each")
    for item in value:
        check_text(item, key)


def build_record(
    scope: Scope, content: str, fields: Mapping[str, Any], *, max_chars: int,
    default_source: Source = Source.EXPLICIT,
) -> MemoryRecord:
    """Validate and build a new record; raises INVALID_INPUT without touching any store."""
    values = _check_fields(fields, SETTABLE - {"content"})
    text = check_content(content, max_chars)
    values.setdefault("source", default_source)
    values.setdefault("source_preview", text[:PREVIEW_CHARS])
    if "event_time" not in values:
        values["event_time"] = utcnow()
    try:
        return MemoryRecord(scope=scope.require(), content=text, **values)
    except ValidationError as exc:
        raise InvalidInputError(_first_error(exc), details={"errors": _errors(exc)}) from None


def apply_update(
    record: MemoryRecord, changes: Mapping[str, Any], *, max_chars: int, now: datetime
) -> MemoryRecord:
    """Return the next version of ``record`` with ``changes`` applied (old one untouched)."""
    values = _check_fields(changes, UPDATABLE)
    if not values:
        raise InvalidInputError(f"nothing to update; pass one of {sorted(UPDATABLE)}")
    if "content" in values:
        values["content"] = check_content(values["content"], max_chars)
        values["content_hash"] = content_hash(values["content"])
        values["source_preview"] = values["content"][:PREVIEW_CHARS]
    data = record.model_dump()
    data.update(values, version=record.version + 1, updated_at=now)
    try:
        return MemoryRecord.model_validate(data)
    except ValidationError as exc:
        raise InvalidInputError(_first_error(exc), details={"errors": _errors(exc)}) from None


def coerce_enum_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """Map enum-valued strings (``"fact"``) to enums with a clear error for bad values."""
    for key, enum in (("layer", Layer), ("type", MemoryType), ("source", Source),
                      ("status", Status)):
        if key in fields and fields[key] is not None and not isinstance(fields[key], enum):
            try:
                fields[key] = enum(fields[key])
            except ValueError:
                raise InvalidInputError(
                    f"{key} {fields[key]!r} is not one of {[e.value for e in enum]}"
                ) from None
    return fields


def _errors(exc: ValidationError) -> list[dict[str, Any]]:
    return [{"loc": list(map(str, e["loc"])), "msg": e["msg"]} for e in exc.errors()]


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    loc = ".".join(map(str, err["loc"])) or "input"
    return f"{loc}: {err['msg']}"
