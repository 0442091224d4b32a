"""Working-layer turns (R7): the raw messages of a session, kept FIFO."""

from __future__ import annotations

from datetime import datetime
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from gieok.domain.limits import check_text
from gieok.domain.records import new_id, utcnow
from gieok.errors import InvalidInputError

Role = Literal["user", "assistant", "system", "tool"]


class Turn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(default_factory=new_id)
    role: Role
    content: str
    at: datetime = Field(default_factory=utcnow)
    name: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)


def _check_turn_text(text: Any, max_chars: int, index: int) -> str:
    if not isinstance(text, str) or not text.strip():
        raise InvalidInputError(f"message {index} has no text: give it a non-empty content")
    check_text(text, f"message {index}")
    if len(text) > max_chars:
        raise InvalidInputError(
            f"message {index} has {len(text)} characters; the limit is {max_chars}",
            code="CONTENT_TOO_LONG", details={"limit": max_chars, "index": index},
        )
    return text.strip()


def _name(name: Any, index: int) -> str | None:
    if name is None:
        return None
    if not isinstance(name, str) or len(name) > 200:
        raise InvalidInputError(f"message {index}: name must be a string of at most 200 "
                                "characters")
    return check_text(name, f"message {index} name")


def parse_messages(
    messages: str | Sequence[Mapping[str, Any]], at: datetime, max_chars: int
) -> list[Turn]:
    """Turns from a string (one user turn) or mem0-style ``{"role", "content"}`` dicts."""
    if isinstance(messages, str):
        messages = [{"role": "user", "content": messages}]
    if not isinstance(messages, Sequence) or not messages:
        raise InvalidInputError("messages must be a string or a non-empty list of "
                                "{'role', 'content'} objects")
    turns = []
    for i, msg in enumerate(messages):
        if not isinstance(msg, Mapping) or msg.get("role") not in {"user", "assistant",
                                                                     "system", "tool"}:
            raise InvalidInputError(
                f"message {i} needs a role of user, assistant, system or tool and a content"
            )
        text = _check_turn_text(msg.get("content"), max_chars, i)
        turns.append(Turn(role=msg["role"], content=text, at=at, name=_name(msg.get("name"), i)))
    return turns
