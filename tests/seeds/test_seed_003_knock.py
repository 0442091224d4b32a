"""Seed 003 — Knock, a persona companion chat ("메모리 시스템 - 기능 명세서"), on gieok with
``profile="knock"`` and an OpenAI-compatible LLM (the local fake) for summaries:

* §1.1 session memory: the last 10 messages go to the model, nothing older;
* §2.1 a summary at session end, at 20 messages and on an explicit "대화 저장" — then the
  session memory is cleared;
* §2.2 the free plan keeps 5 memories: the least important is archived, and the user is told
  (§4.2); §2.2.2 priority: importance, newest, one memory per topic (the newest);
* §3.1 ``/create`` with or without ``manualSummary``; §2.3 the next day starts with
  yesterday's memory in the system prompt (§6.1's test scenario).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from gieok import GieokSettings, Memory
from gieok.domain.context import SectionKind
from gieok.domain.records import utcnow

pytestmark = pytest.mark.integration
PERSONA = {"user_id": "u1", "persona_id": "persona_123"}
INTERVIEW = {"summary": "사용자가 IT 스타트업 면접을 앞두고 있음. 매우 기대하고 있음.",
             "topics": ["면접", "취업"], "emotion": "흥분", "importance": 8}


def llm(openai_fake: Any) -> dict[str, Any]:
    return {"llm_base_url": openai_fake.base_url, "llm_models": ["gemini-flash"],
            "llm": {"timeout_s": 5, "attempts": 1, "backoff_base_s": 0.0}}


@pytest.fixture
def knock(tmp_path: Path, make_settings: Callable[..., GieokSettings],
          openai_fake: Any) -> Iterator[Memory]:
    with Memory(f"sqlite:///{tmp_path / 'knock.db'}", settings=make_settings(**llm(openai_fake)),
                profile="knock") as mem:
        yield mem


def chat(n: int, start: int = 0) -> list[dict[str, str]]:
    return [{"role": "user" if i % 2 == 0 else "assistant",
             "content": f"메시지 {i}: 요즘 회사 일이 많아서 힘들어" if i % 2 == 0
             else f"메시지 {i}: 무슨 일 있어? 들어줄게"} for i in range(start, start + n)]


def test_session_memory_summaries_and_the_next_day(knock: Memory, openai_fake: Any) -> None:
    day1 = {**PERSONA, "session_id": "day1"}
    yesterday = utcnow() - timedelta(days=1)
    # §1.1: twelve messages in, exactly the last ten to the model and no summary of the rest.
    knock.add(chat(12), timestamp=yesterday, **day1)
    ctx = knock.context("오늘 날씨 어때?", **day1)
    assert [m["content"] for m in ctx.messages] == [m["content"] for m in chat(12)[2:]]
    assert ctx.summary is None and ctx.section(SectionKind.SUMMARY) is None
    # §2.1 "사용자가 명시적으로 대화 저장 요청": summarised now, then the session is cleared.
    openai_fake.reply_json(INTERVIEW)
    saved = knock.add([{"role": "user", "content": "내일 면접이야. 이 대화 저장해줘"}],
                      timestamp=yesterday, **day1)
    assert saved.episode is not None and saved.episode.content == INTERVIEW["summary"]
    assert saved.episode.scope.session is None and saved.episode.scope.persona == "persona_123"
    assert knock.recent_turns(**day1, limit=50) == []
    assert knock.context("", **day1).messages == []
    # nor is any raw turn kept in the searchable conversation archive
    assert knock.list(**day1, filters={"kind": "turn"}).total == 0
    # §2.1 "대화 메시지 수가 20개 이상일 때": the cleared session counts afresh; its 20th
    # message triggers the next summary and clear.
    openai_fake.reply_json({"summary": "사용자가 업무 스트레스로 힘들어하고 있음.",
                            "topics": ["스트레스"], "emotion": "스트레스", "importance": 6})
    knock.add(chat(19, 13), timestamp=yesterday, **day1)
    assert len(knock.recent_turns(**day1, limit=50)) == 19
    knock.add(chat(1, 32), timestamp=yesterday, **day1)
    assert knock.recent_turns(**day1, limit=50) == []
    episodes = knock.list(**PERSONA, filters={"layer": "episodic"}).items
    assert {e.content for e in episodes} == {INTERVIEW["summary"],
                                             "사용자가 업무 스트레스로 힘들어하고 있음."}
    # §2.3/§6.1: day two starts with yesterday's memories in the prompt.
    day2 = knock.context("", **PERSONA, session_id="day2")
    section = day2.section(SectionKind.EPISODES)
    assert section is not None and INTERVIEW["summary"] in day2.text
    assert "(mood: excitement)" in day2.text and day2.messages == []
    prompts = [r.body["messages"][-1]["content"] for r in openai_fake.chat_requests()]
    assert len(prompts) == 2 and "면접" in prompts[0]


def test_session_end_and_idle_sweep_summarise_and_clear(knock: Memory,
                                                        openai_fake: Any) -> None:
    """§1.1 창 닫기 / 30분 비활성, §4.3: the session's summary, then nothing raw is left."""
    openai_fake.reply_json({"summary": "사용자가 새로운 영화를 봤고 매우 재미있었다고 함.",
                            "topics": ["영화"], "emotion": "기쁨", "importance": 7}, times=2)
    closing = {**PERSONA, "session_id": "closed"}
    knock.add([{"role": "user", "content": "어제 본 영화 진짜 재밌었어"}], **closing)
    assert knock.end_session(**closing).episode is not None
    assert knock.recent_turns(**closing, limit=10) == []
    idle = {**PERSONA, "session_id": "idle"}
    knock.add([{"role": "user", "content": "다음주에 또 영화관 갈 거야"}],
              timestamp=utcnow() - timedelta(minutes=45), **idle)
    swept = knock.sweep(now=utcnow())
    assert [s.session for s, _ in swept] == ["idle"]
    assert knock.recent_turns(**idle, limit=10) == []


def test_memory_api_free_plan_load_and_create(start_api_server: Callable[..., Any],
                                              openai_fake: Any) -> None:
    api = start_api_server(profile="knock", **llm(openai_fake))
    me = api.client(api.token("knock", "alice"))
    # §3.1 without manualSummary: the LLM summarises (seed prompt's JSON).
    openai_fake.reply_json(INTERVIEW)
    created = me.post("/api/v1/memory/create", json={
        "personaId": "p1", "sessionId": "s1",
        "messages": [{"role": "user", "content": "내일 중요한 면접이 있어"},
                     {"role": "assistant", "content": "와, 떨리겠다! 어떤 회사야?"},
                     {"role": "user", "content": "IT 스타트업인데 정말 가고 싶어"}]}).json()
    assert created["success"] is True and created["summaryMethod"] == "llm"
    assert created["memory"]["summary"] == INTERVIEW["summary"]
    assert created["memory"]["importance"] == 8 and created["memory"]["topics"] == ["면접", "취업"]
    assert created["memoryFull"] is False and created["archived"] == []
    # §2.2 free plan: 5 memories. The 6th archives the least important and says so (§4.2).
    for importance, topic in ((3, "날씨"), (9, "면접"), (5, "영화"), (6, "운동")):
        body = {"personaId": "p1", "manualSummary": f"{topic} 이야기 (중요도 {importance})",
                "importance": importance, "messages": []}
        assert me.post("/api/v1/memory/create", json=body).json()["memoryFull"] is False
    sixth = me.post("/api/v1/memory/create", json={
        "personaId": "p1", "manualSummary": "영화 이야기 두 번째 (중요도 7)", "importance": 7}
    ).json()
    assert sixth["memoryFull"] is True and "Memory is full" in sixth["message"]
    assert [m["summary"] for m in sixth["archived"]] == ["날씨 이야기 (중요도 3)"]
    active = me.get("/api/v1/memory/list", params={"personaId": "p1"}).json()
    assert active["total"] == 5
    # Topics: the manual ones carry none; tag two with the same topic, newest kept by /load.
    ids = {m["summary"]: m["id"] for m in active["memories"]}
    me.patch(f"/api/v1/memory/{ids['영화 이야기 (중요도 5)']}", json={"topics": ["영화"]})
    me.patch(f"/api/v1/memory/{ids['영화 이야기 두 번째 (중요도 7)']}", json={"topics": ["영화"]})
    me.patch(f"/api/v1/memory/{ids['면접 이야기 (중요도 9)']}", json={"topics": ["면접"]})
    loaded = me.get("/api/v1/memory/load", params={"personaId": "p1"}).json()["memories"]
    # The older 영화 memory gives way to the newer one; the interview summary stays for its
    # other topic (취업), though a newer memory took 면접.
    assert [m["summary"] for m in loaded] == [
        "면접 이야기 (중요도 9)", INTERVIEW["summary"], "영화 이야기 두 번째 (중요도 7)",
        "운동 이야기 (중요도 6)"]
    # The LLM down (§4.1): the raw conversation, cut to 500 characters, at importance 5.
    openai_fake.fail(503)
    fallback = me.post("/api/v1/memory/create", json={
        "personaId": "p2", "messages": [{"role": "user", "content": "회사 일이 너무 많아서 " * 60}]
    }).json()
    assert fallback["summaryMethod"] == "raw" and fallback["warning"] == "LLM_SUMMARY_FAILED"
    assert len(fallback["memory"]["summary"]) <= 500 and fallback["memory"]["importance"] == 5
