"""Chat models (M2): any OpenAI-compatible endpoint, with retries, timeouts and failover.

``get_chat_model(settings)`` builds the configured chain, or returns ``None`` when no LLM is
configured — the engine then runs fully offline (heuristic extraction, extractive episodes).
Nothing here is imported by the engine unless an LLM is configured.
"""

from __future__ import annotations

from gieok.errors import ConfigurationError
from gieok.llm.base import ChatMessage, ChatModel, ChatReply
from gieok.llm.failover import FailoverChatModel
from gieok.llm.openai_compat import OpenAIChatModel
from gieok.llm.retry import RetryingChatModel, backoff_delays
from gieok.llm.structured import StructuredReply, complete_structured, parse_json_reply
from gieok.settings import GieokSettings

__all__ = [
    "ChatMessage",
    "ChatModel",
    "ChatReply",
    "FailoverChatModel",
    "OpenAIChatModel",
    "RetryingChatModel",
    "StructuredReply",
    "backoff_delays",
    "complete_structured",
    "get_chat_model",
    "parse_json_reply",
]


def get_chat_model(settings: GieokSettings) -> ChatModel | None:
    """The configured chain (each model retried, then the next), or ``None`` without an LLM."""
    if not settings.llm_base_url:
        return None
    models = [m.strip() for m in settings.llm_models if m and m.strip()]
    if not models:
        raise ConfigurationError(
            "llm_base_url is set but llm_models is empty; set GIEOK_LLM_MODELS='[\"model\"]'",
            code="CONFIG_INVALID",
        )
    cfg = settings.llm
    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else None
    chain: list[ChatModel] = [
        RetryingChatModel(
            OpenAIChatModel(
                name,
                base_url=settings.llm_base_url,
                api_key=key,
                timeout=cfg.timeout_s,
                connect_timeout=cfg.connect_timeout_s,
                max_tokens=cfg.max_tokens,
                temperature=cfg.temperature,
                response_format=cfg.response_format,
            ),
            attempts=cfg.attempts,
            base_delay=cfg.backoff_base_s,
            max_delay=cfg.backoff_max_s,
        )
        for name in models
    ]
    return chain[0] if len(chain) == 1 else FailoverChatModel(chain)
