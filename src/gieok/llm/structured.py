"""JSON replies from models that do not always produce JSON (W3).

Local models wrap JSON in code fences, add a sentence before it, leave trailing commas or
use Python literals. ``parse_json_reply`` repairs what can be repaired safely; when the
result still fails validation, ``complete_structured`` asks once more with the error shown,
and then gives up with an ``LLMError`` the caller turns into a fallback.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from gieok.errors import LLMError
from gieok.llm.base import ChatMessage, ChatModel

M = TypeVar("M", bound=BaseModel)

_FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.DOTALL)
_TRAILING_COMMA = re.compile(r",\s*([}\]])")
_PY_LITERALS = {r"\bTrue\b": "true", r"\bFalse\b": "false", r"\bNone\b": "null"}


def _outer_object(text: str) -> str | None:
    """The first balanced ``{…}`` block, honouring strings."""
    start = text.find("{")
    while start != -1:
        depth, in_str, escape = 0, False, False
        for i in range(start, len(text)):
            ch = text[i]
            if in_str:
                if escape:
                    escape = False
                elif ch == "\\":
                    escape = True
                elif ch == '"':
                    in_str = False
            elif ch == '"':
                in_str = True
            elif ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    return text[start : i + 1]
        start = text.find("{", start + 1)
    return None


def parse_json_reply(text: str) -> Any:
    """Parse a model's JSON answer, repairing fences, prose around it, trailing commas and
    Python literals. Raises ``ValueError`` with a short reason when nothing parses."""
    candidates = [text.strip()]
    fenced = _FENCE.search(text)
    if fenced:
        candidates.append(fenced.group(1).strip())
    block = _outer_object(text)
    if block:
        candidates.append(block)
    last_error = "empty reply"
    for raw in candidates:
        for attempt in (raw, _repair(raw)):
            if not attempt:
                continue
            try:
                return json.loads(attempt)
            except json.JSONDecodeError as exc:
                last_error = f"{exc.msg} at line {exc.lineno} column {exc.colno}"
    raise ValueError(f"the reply is not valid JSON: {last_error}")


def _repair(raw: str) -> str:
    fixed = _TRAILING_COMMA.sub(r"\1", raw)
    for pattern, value in _PY_LITERALS.items():
        fixed = re.sub(pattern, value, fixed)
    if "'" in fixed and '"' not in fixed:
        fixed = fixed.replace("'", '"')
    return fixed


@dataclass(frozen=True)
class StructuredReply(Generic[M]):
    value: M
    model: str
    repaired: bool
    failures: tuple[str, ...]


def _validate(text: str, response_model: type[M]) -> M:
    data = parse_json_reply(text)
    return response_model.model_validate(data)


async def complete_structured(
    chat: ChatModel,
    messages: Sequence[ChatMessage],
    response_model: type[M],
    *,
    timeout: float | None = None,
) -> StructuredReply[M]:
    """Ask for JSON matching ``response_model``; one retry with the validation error shown.

    Raises ``LLMError`` (``LLM_BAD_RESPONSE``) when both answers are unusable, and lets the
    chat model's own ``LLMError`` (timeouts, dead endpoints) through unchanged.
    """
    schema = response_model.model_json_schema()
    reply = await chat.complete(messages, json_schema=schema, timeout=timeout)
    failures = list(reply.failures)
    try:
        return StructuredReply(_validate(reply.text, response_model), reply.model, False,
                               tuple(failures))
    except (ValueError, ValidationError) as exc:
        error = _short(exc)
        failures.append(f"{reply.model}: unusable JSON ({error})")
    retry = [
        *messages,
        ChatMessage("assistant", reply.text[:4000]),
        ChatMessage("user", "Your answer could not be used: " + error + ". Answer again with "
                    "only one JSON object that matches the schema, and nothing else."),
    ]
    second = await chat.complete(retry, json_schema=schema, timeout=timeout)
    failures.extend(second.failures)
    try:
        return StructuredReply(_validate(second.text, response_model), second.model, True,
                               tuple(failures))
    except (ValueError, ValidationError) as exc:
        failures.append(f"{second.model}: unusable JSON after retry ({_short(exc)})")
        raise LLMError("the model did not return usable JSON twice", code="LLM_BAD_RESPONSE",
                       retriable=False, details={"failures": failures}) from exc


def _short(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        err = exc.errors()[0]
        loc = ".".join(map(str, err["loc"])) or "root"
        return f"{loc}: {err['msg']}"
    return str(exc)[:300]
