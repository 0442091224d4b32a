"""M2/W10 against a real HTTP server: the OpenAI-compatible client, retries with backoff,
timeouts, a dead endpoint, malformed bodies, failover, and JSON repair with one retry."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import BaseModel

from gieok import ConfigurationError, LLMError, GieokSettings
from gieok.llm import (
    ChatMessage,
    FailoverChatModel,
    OpenAIChatModel,
    RetryingChatModel,
    complete_structured,
    get_chat_model,
)

pytestmark = [pytest.mark.integration, pytest.mark.anyio]
HELLO = [ChatMessage("user", "hello")]


def chat(fake: Any, model: str = "m1", *, timeout: float = 2.0) -> OpenAIChatModel:
    return OpenAIChatModel(model, base_url=fake.base_url, api_key="sk-test", timeout=timeout)


def retrying(fake: Any, model: str = "m1", **kw: Any) -> RetryingChatModel:
    return RetryingChatModel(chat(fake, model, timeout=kw.pop("timeout", 2.0)), attempts=3,
                             base_delay=0.0, **kw)


async def test_speaks_the_chat_completions_wire_protocol(openai_fake: Any) -> None:
    openai_fake.reply_text("hi there")
    model = chat(openai_fake)
    reply = await model.complete(HELLO, json_schema={"type": "object"})
    await model.aclose()
    assert reply.text == "hi there" and reply.model == "m1"
    sent = openai_fake.chat_requests()[0]
    assert sent.body["model"] == "m1"
    assert sent.body["messages"] == [{"role": "user", "content": "hello"}]
    assert sent.body["response_format"] == {"type": "json_object"}
    assert sent.headers.get("Authorization") == "Bearer sk-test"


async def test_retries_server_errors_then_succeeds(openai_fake: Any) -> None:
    openai_fake.fail(500, times=2)
    openai_fake.reply_text("ok")
    sleeps: list[float] = []

    async def record(seconds: float) -> None:
        sleeps.append(seconds)

    model = RetryingChatModel(chat(openai_fake), attempts=3, base_delay=0.5, max_delay=8,
                              sleep=record)
    reply = await model.complete(HELLO)
    await model.aclose()
    assert reply.text == "ok" and reply.attempts == 3
    assert sleeps == [0.5, 1.0]  # exponential backoff between the three attempts
    assert len(openai_fake.chat_requests()) == 3


async def test_gives_up_after_three_attempts(openai_fake: Any) -> None:
    openai_fake.fail(503, times=5)
    model = retrying(openai_fake)
    with pytest.raises(LLMError) as info:
        await model.complete(HELLO)
    await model.aclose()
    assert info.value.details["attempts"] == 3 and len(info.value.details["failures"]) == 3
    assert len(openai_fake.chat_requests()) == 3


async def test_client_errors_are_not_retried(openai_fake: Any) -> None:
    openai_fake.fail(400, times=3)
    model = retrying(openai_fake)
    with pytest.raises(LLMError) as info:
        await model.complete(HELLO)
    await model.aclose()
    assert info.value.retriable is False and len(openai_fake.chat_requests()) == 1


async def test_timeout_is_an_llm_timeout(openai_fake: Any) -> None:
    openai_fake.delay(3.0, times=3)
    model = retrying(openai_fake, timeout=0.3)
    with pytest.raises(LLMError) as info:
        await model.complete(HELLO)
    await model.aclose()
    assert info.value.code == "LLM_TIMEOUT" and info.value.details["attempts"] == 3


async def test_dead_endpoint_is_unavailable(openai_fake: Any) -> None:
    model = OpenAIChatModel("m1", base_url=openai_fake.dead_url(), timeout=1.0)
    with pytest.raises(LLMError) as info:
        await model.complete(HELLO)
    await model.aclose()
    assert info.value.code == "LLM_UNAVAILABLE" and info.value.retriable


async def test_non_json_body_is_a_bad_response(openai_fake: Any) -> None:
    openai_fake.malformed_body()
    model = chat(openai_fake)
    with pytest.raises(LLMError) as info:
        await model.complete(HELLO)
    await model.aclose()
    assert info.value.code == "LLM_BAD_RESPONSE" and not info.value.retriable


async def test_failover_moves_to_the_next_model(openai_fake: Any) -> None:
    openai_fake.fail(500, model="big", times=3)
    openai_fake.reply_text("from small", model="small")
    model = FailoverChatModel([retrying(openai_fake, "big"), retrying(openai_fake, "small")])
    reply = await model.complete(HELLO)
    await model.aclose()
    assert reply.model == "small" and reply.text == "from small"
    assert len(reply.failures) == 3 and all("big" in f for f in reply.failures)


async def test_failover_reports_every_failure_when_all_fail(openai_fake: Any) -> None:
    openai_fake.fail(500, times=10)
    model = FailoverChatModel([retrying(openai_fake, "a"), retrying(openai_fake, "b")])
    with pytest.raises(LLMError) as info:
        await model.complete(HELLO)
    await model.aclose()
    assert len(info.value.details["failures"]) == 6


class Answer(BaseModel):
    memories: list[str]


async def test_structured_reply_repairs_fenced_json(openai_fake: Any) -> None:
    openai_fake.reply_text('Sure! ```json\n{"memories": ["a", "b",],}\n``` Hope it helps')
    model = chat(openai_fake)
    reply = await complete_structured(model, HELLO, Answer)
    await model.aclose()
    assert reply.value.memories == ["a", "b"] and not reply.repaired


async def test_structured_reply_retries_once_with_the_error_shown(openai_fake: Any) -> None:
    openai_fake.reply_text('{"memories": "not a list"}')
    openai_fake.reply_json({"memories": ["fixed"]})
    model = chat(openai_fake)
    reply = await complete_structured(model, HELLO, Answer)
    await model.aclose()
    assert reply.value.memories == ["fixed"] and reply.repaired
    second = openai_fake.chat_requests()[1].body["messages"]
    assert "could not be used" in second[-1]["content"] and "memories" in second[-1]["content"]


async def test_structured_reply_gives_up_after_two_bad_answers(openai_fake: Any) -> None:
    openai_fake.reply_text("no json here", times=2)
    model = chat(openai_fake)
    with pytest.raises(LLMError) as info:
        await complete_structured(model, HELLO, Answer)
    await model.aclose()
    assert info.value.code == "LLM_BAD_RESPONSE" and len(openai_fake.chat_requests()) == 2


def test_get_chat_model_builds_the_configured_chain(openai_fake: Any,
                                                    make_settings: Any) -> None:
    assert get_chat_model(make_settings()) is None
    single = get_chat_model(make_settings(llm_base_url=openai_fake.base_url, llm_models=["a"]))
    assert isinstance(single, RetryingChatModel) and single.name == "a"
    chain = get_chat_model(make_settings(llm_base_url=openai_fake.base_url,
                                         llm_models=["a", "b"]))
    assert isinstance(chain, FailoverChatModel) and chain.name == "a > b"
    with pytest.raises(ConfigurationError):
        get_chat_model(make_settings(llm_base_url=openai_fake.base_url))


def test_llm_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIEOK_LLM__TIMEOUT_S", "2.5")
    monkeypatch.setenv("GIEOK_LLM_MODELS", json.dumps(["x", "y"]))
    settings = GieokSettings()
    assert settings.llm.timeout_s == 2.5 and settings.llm_models == ["x", "y"]
