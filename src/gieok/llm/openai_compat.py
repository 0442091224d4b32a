"""Any OpenAI-compatible ``/v1/chat/completions`` endpoint (OpenAI, vLLM, Ollama, LM Studio…).

Every failure becomes an ``LLMError`` whose ``retriable`` flag tells ``retry.py`` whether
another attempt can help: timeouts, connection errors, 429 and 5xx are retriable; other 4xx
answers and malformed bodies are not (the next model in the failover chain may still work).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import httpx

from gieok.errors import LLMError
from gieok.llm.base import ChatMessage, ChatReply

ResponseFormat = str  # "json_object" | "json_schema" | "none"


class OpenAIChatModel:
    """``OpenAIChatModel("gpt-4o-mini", base_url="http://localhost:11434/v1")``."""

    def __init__(
        self,
        model: str,
        *,
        base_url: str = "https://api.openai.com/v1",
        api_key: str | None = None,
        timeout: float = 30.0,
        connect_timeout: float = 5.0,
        max_tokens: int | None = 1024,
        temperature: float = 0.0,
        response_format: ResponseFormat = "json_object",
        client: httpx.AsyncClient | None = None,
    ) -> None:
        self._model = model
        self._timeout = timeout
        self._connect_timeout = connect_timeout
        self._max_tokens = max_tokens
        self._temperature = temperature
        self._response_format = response_format
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._own_client = client is None
        self._client = client or httpx.AsyncClient(
            base_url=base_url.rstrip("/"), headers=headers, timeout=timeout
        )

    @property
    def name(self) -> str:
        return self._model

    def _payload(
        self, messages: Sequence[ChatMessage], json_schema: dict[str, Any] | None
    ) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self._model,
            "messages": [m.to_wire() for m in messages],
            "temperature": self._temperature,
        }
        if self._max_tokens is not None:
            body["max_tokens"] = self._max_tokens
        if json_schema is not None and self._response_format == "json_object":
            body["response_format"] = {"type": "json_object"}
        elif json_schema is not None and self._response_format == "json_schema":
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "response", "schema": json_schema},
            }
        return body

    async def complete(
        self,
        messages: Sequence[ChatMessage],
        /,
        *,
        json_schema: dict[str, Any] | None = None,
        timeout: float | None = None,
    ) -> ChatReply:
        limit = timeout if timeout is not None else self._timeout
        try:
            response = await self._client.post(
                "/chat/completions",
                json=self._payload(messages, json_schema),
                timeout=httpx.Timeout(limit, connect=min(self._connect_timeout, limit)),
            )
        except httpx.TimeoutException as exc:
            raise LLMError(f"{self._model}: no answer within {limit:g} s", code="LLM_TIMEOUT",
                           details={"model": self._model}) from exc
        except httpx.HTTPError as exc:
            raise LLMError(f"{self._model}: endpoint unreachable ({type(exc).__name__}: {exc})",
                           code="LLM_UNAVAILABLE", details={"model": self._model}) from exc
        return ChatReply(text=self._read(response), model=self._model)

    def _read(self, response: httpx.Response) -> str:
        if response.status_code != 200:
            retriable = response.status_code == 429 or response.status_code >= 500
            raise LLMError(
                f"{self._model}: endpoint answered {response.status_code}: "
                f"{response.text[:200]}",
                code="LLM_UNAVAILABLE",
                details={"model": self._model, "status": response.status_code},
                retriable=retriable,
            )
        try:
            content = response.json()["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise LLMError(f"{self._model}: malformed chat completion body: {exc!r}",
                           code="LLM_BAD_RESPONSE", details={"model": self._model},
                           retriable=False) from exc
        if not isinstance(content, str):
            raise LLMError(f"{self._model}: the completion has no text content",
                           code="LLM_BAD_RESPONSE", details={"model": self._model},
                           retriable=False)
        return content

    async def aclose(self) -> None:
        if self._own_client:
            await self._client.aclose()
