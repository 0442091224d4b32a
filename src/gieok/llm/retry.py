"""W10: retries with exponential backoff around any ``ChatModel``.

Seed 003: "재시도 (최대 3회, exponential backoff)" — three attempts, waiting ``base``,
``2·base``, … (capped at ``max_delay``) between them. Only errors marked ``retriable`` are
retried; a non-retriable one (a 400, a malformed body) fails at once so the failover chain can
move on without wasting the caller's time.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import anyio

from gieok.errors import LLMError
from gieok.llm.base import ChatMessage, ChatModel, ChatReply

log = logging.getLogger("gieok.llm")

Sleep = Callable[[float], Awaitable[None]]


def backoff_delays(attempts: int, base: float, max_delay: float) -> list[float]:
    """The waits between ``attempts`` tries: base, 2·base, 4·base… capped at ``max_delay``."""
    return [min(max_delay, base * (2**i)) for i in range(max(0, attempts - 1))]


class RetryingChatModel:
    """Wrap ``inner`` so retriable failures are retried ``attempts`` times in total."""

    def __init__(
        self,
        inner: ChatModel,
        *,
        attempts: int = 3,
        base_delay: float = 1.0,
        max_delay: float = 8.0,
        sleep: Sleep = anyio.sleep,
    ) -> None:
        if attempts < 1:
            raise ValueError("attempts must be at least 1")
        self._inner = inner
        self._delays = backoff_delays(attempts, base_delay, max_delay)
        self._sleep = sleep

    @property
    def name(self) -> str:
        return self._inner.name

    async def complete(
        self,
        messages: Sequence[ChatMessage],
        /,
        *,
        json_schema: dict[str, Any] | None = None,
        timeout: float | None = None,
    ) -> ChatReply:
        failures: list[str] = []
        for attempt, delay in enumerate([*self._delays, None], start=1):
            try:
                reply = await self._inner.complete(messages, json_schema=json_schema,
                                                   timeout=timeout)
            except LLMError as exc:
                failures.append(f"{self.name} attempt {attempt}: [{exc.code}] {exc.message}")
                log.warning("LLM call failed (%s, attempt %d): %s", self.name, attempt, exc)
                if not exc.retriable or delay is None:
                    raise LLMError(
                        exc.message, code=exc.code, retriable=exc.retriable,
                        details={**exc.details, "attempts": attempt, "failures": failures},
                    ) from exc
                await self._sleep(delay)
                continue
            return ChatReply(reply.text, reply.model, attempts=attempt,
                             failures=(*reply.failures, *failures))
        raise AssertionError("unreachable")  # pragma: no cover

    async def aclose(self) -> None:
        await self._inner.aclose()
