"""Seed 003 ``POST /api/v1/memory/summarize`` over a real server: the LLM summary (against the
fake OpenAI-compatible server), the §4.1 fallback, ``LLM_SUMMARY_FAILED`` and no-LLM mode."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.integration
ApiServer = Any

CONVERSATION = [
    {"role": "user", "content": "어제 새로 나온 영화 봤는데 진짜 재밌었어!"},
    {"role": "assistant", "content": "와 좋았겠다! 어떤 영화야?"},
    {"role": "user", "content": "SF 영화야. 다음주에 또 영화관 갈 거야. 카드 4111 1111 1111 1111로 예매했어"},
]
REQUEST = {"sessionId": "session_456", "personaId": "persona_123", "messages": CONVERSATION}


@pytest.fixture
def llm_api(start_api_server: Callable[..., ApiServer], openai_fake: Any) -> ApiServer:
    return start_api_server(llm_base_url=openai_fake.base_url, llm_models=["small-model"],
                            llm={"timeout_s": 2, "attempts": 3, "backoff_base_s": 0.0})


def _me(api: ApiServer) -> Any:
    return api.client(api.token("acme", "alice"))


def test_llm_summary_is_stored_and_loaded(llm_api: ApiServer, openai_fake: Any) -> None:
    openai_fake.reply_json({"summary": "사용자가 새로운 영화를 봤고 매우 재미있었다고 함. "
                                       "다음주에 또 영화관에 갈 예정.",
                            "topics": ["영화", "여가활동"], "emotion": "기쁨", "importance": 7})
    me = _me(llm_api)
    response = me.post("/api/v1/memory/summarize", json=REQUEST)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["success"] is True and body["summaryMethod"] == "llm" and body["warning"] is None
    memory = body["memory"]
    assert memory["summary"].startswith("사용자가 새로운 영화를 봤고")
    assert memory["topics"] == ["영화", "여가활동"] and memory["emotion"] == "joy"
    assert memory["importance"] == 7 and memory["createdAt"]
    assert memory["personaId"] == "persona_123" and memory["sessionId"] == "session_456"
    prompt = openai_fake.chat_requests()[0].body["messages"][-1]["content"]
    assert "어제 새로 나온 영화" in prompt and "4111" not in prompt  # masked before the LLM
    loaded = me.get("/api/v1/memory/load", params={"personaId": "persona_123"}).json()
    assert [m["id"] for m in loaded["memories"]] == [memory["id"]]


def test_llm_failure_stores_the_raw_fallback(llm_api: ApiServer, openai_fake: Any) -> None:
    openai_fake.fail(500, times=3)
    response = _me(llm_api).post("/api/v1/memory/summarize", json=REQUEST)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["summaryMethod"] == "raw" and body["warning"] == "LLM_SUMMARY_FAILED"
    summary = body["memory"]["summary"]
    assert summary.startswith("user: 어제 새로 나온 영화 봤는데 진짜 재밌었어!\nassistant: 와 좋았겠다!")
    assert len(summary) <= 500 and body["memory"]["importance"] == 5
    assert "4111 1111" not in summary
    assert len(openai_fake.chat_requests()) == 3  # the seed's three attempts


def test_llm_failure_without_fallback_is_an_error_and_stores_nothing(
        llm_api: ApiServer, openai_fake: Any) -> None:
    openai_fake.fail(503, times=3)
    me = _me(llm_api)
    response = me.post("/api/v1/memory/summarize", json={**REQUEST, "fallback": False})
    assert response.status_code == 503
    assert response.json()["success"] is False
    assert response.json()["error"] == "LLM_SUMMARY_FAILED"
    assert me.get("/api/v1/memory/list").json()["total"] == 0


def test_without_an_llm_the_summary_is_extractive(api_server: ApiServer) -> None:
    me = _me(api_server)
    body = me.post("/api/v1/memory/summarize", json=REQUEST).json()
    assert body["success"] is True and body["summaryMethod"] == "extractive"
    assert body["memory"]["summary"] and "4111 1111" not in body["memory"]["summary"]
    greetings = me.post("/api/v1/memory/summarize", json={
        "personaId": "persona_123", "messages": [{"role": "user", "content": "안녕"}]}).json()
    assert greetings["summaryMethod"] == "raw" and greetings["memory"]["summary"] == "user: 안녕"
    for bad in ({"personaId": "persona_123", "messages": []},
                {"personaId": "persona_123", "messages": [{"role": "user", "content": "  "}]},
                {"messages": CONVERSATION}):
        refused = me.post("/api/v1/memory/summarize", json=bad)
        assert refused.status_code == 422, bad
        assert refused.json()["success"] is False and refused.json()["error"] == "INVALID_INPUT"
