"""M2: a failover chain of models — the first one that answers wins.

Each link is usually a ``RetryingChatModel`` so a flaky endpoint is retried before the chain
moves on. When every link fails, one ``LLMError`` carries all the failures, so the caller can
report exactly what happened (W10: "logged and visible").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gieok.errors import LLMError
from gieok.llm.base import ChatMessage, ChatModel, ChatReply


class FailoverChatModel:
    def __init__(self, models: Sequence[ChatModel]) -> None:
        if not models:
            raise ValueError("a failover chain needs at least one model")
        self._models = list(models)

    @property
    def name(self) -> str:
        return " > ".join(m.name for m in self._models)

    @property
    def models(self) -> list[ChatModel]:
        return list(self._models)

    async def complete(
        self,
        messages: Sequence[ChatMessage],
        /,
        *,
        json_schema: dict[str, Any] | None = None,
        timeout: float | None = None,
    ) -> ChatReply:
        failures: list[str] = []
        last: LLMError | None = None
        for model in self._models:
            try:
                reply = await model.complete(messages, json_schema=json_schema, timeout=timeout)
            except LLMError as exc:
                last = exc
                failures.extend(exc.details.get("failures") or
                                [f"{model.name}: [{exc.code}] {exc.message}"])
                continue
            return ChatReply(reply.text, reply.model, attempts=reply.attempts,
                             failures=(*failures, *reply.failures))
        assert last is not None
        raise LLMError(
            f"every model failed ({self.name}); last error: {last.message}",
            code=last.code,
            retriable=last.retriable,
            details={"failures": failures},
        )

    async def aclose(self) -> None:
        for model in self._models:
            await model.aclose()
