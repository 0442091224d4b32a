"""The chat-model port (M2): one async method, ``complete``.

Every LLM backend (an OpenAI-compatible endpoint, a retrying wrapper, a failover chain, a
test double) implements ``ChatModel``. The engine never needs one: with no model configured,
the write path uses its heuristic extractor and extractive summaries.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

Role = Literal["system", "user", "assistant"]


@dataclass(frozen=True)
class ChatMessage:
    role: Role
    content: str

    def to_wire(self) -> dict[str, str]:
        return {"role": self.role, "content": self.content}


@dataclass(frozen=True)
class ChatReply:
    """What a model answered; ``model`` names the one that actually answered (failover)."""

    text: str
    model: str
    attempts: int = 1
    failures: tuple[str, ...] = field(default_factory=tuple)


@runtime_checkable
class ChatModel(Protocol):
    """An async chat-completion client. Raises ``LLMError`` (``retriable`` set) on failure.

    ``json_schema`` asks for a JSON object matching the schema; backends that cannot enforce
    it still get the schema in the prompt, and callers validate the reply themselves.
    """

    @property
    def name(self) -> str: ...

    async def complete(
        self,
        messages: Sequence[ChatMessage],
        /,
        *,
        json_schema: dict[str, Any] | None = None,
        timeout: float | None = None,
    ) -> ChatReply: ...

    async def aclose(self) -> None: ...
