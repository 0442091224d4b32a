"""W3/W10/W11 end to end: ``Memory.add`` and ``end_session`` with an LLM configured, against
the fake OpenAI-compatible server. Whatever the endpoint does — valid JSON, JSON in prose,
malformed JSON, timeouts, 500s, nothing listening — the caller gets an ``AddResult`` and
never an exception, and the result says what happened."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from gieok import DecisionKind, Memory, GieokSettings

pytestmark = pytest.mark.integration

USER = {"user_id": "u1", "session_id": "s1"}
TURN = [{"role": "user", "content": "I live in Gangnam-gu, Seoul and I love hiking."},
        {"role": "assistant", "content": "Gangnam is lovely! Do you hike in Bukhansan?"}]


def llm_memory(tmp_path: Path, make_settings: Callable[..., GieokSettings], base_url: str,
               models: list[str] | None = None) -> Memory:
    settings = make_settings(
        llm_base_url=base_url, llm_models=models or ["small-model"],
        llm={"timeout_s": 0.5, "connect_timeout_s": 0.5, "attempts": 3, "backoff_base_s": 0.0},
    )
    return Memory(f"sqlite:///{tmp_path / 'llm.db'}", settings=settings)


@pytest.fixture
def mem(tmp_path: Path, make_settings: Callable[..., GieokSettings],
        openai_fake: Any) -> Iterator[Memory]:
    memory = llm_memory(tmp_path, make_settings, openai_fake.base_url)
    yield memory
    memory.close()


def contents(memory: Memory) -> list[str]:
    return [r.content for r in memory.list(user_id="u1").items]


def test_valid_json_becomes_memories(mem: Memory, openai_fake: Any) -> None:
    openai_fake.reply_json({"memories": [
        {"content": "User lives in Gangnam-gu, Seoul", "type": "fact", "category": "location",
         "confidence": 0.95, "importance": 0.7, "slot": "residence", "value": "Gangnam-gu"},
        {"content": "User loves hiking", "type": "preference", "category": "preference",
         "confidence": 0.9, "importance": 6},
    ]})
    result = mem.add(TURN, **USER)
    assert result.extraction == "llm:small-model" and result.failures == []
    assert sorted(contents(mem)) == ["User lives in Gangnam-gu, Seoul", "User loves hiking"]
    hiking = next(r for r in mem.list(user_id="u1").items if "hiking" in r.content)
    assert hiking.importance == 0.6  # a 1-10 answer is mapped onto 0-1
    prompt = openai_fake.chat_requests()[0].body["messages"][1]["content"]
    assert "--- new ---" in prompt and "I live in Gangnam-gu" in prompt


def test_json_wrapped_in_prose_is_repaired(mem: Memory, openai_fake: Any) -> None:
    openai_fake.reply_text('Here you go:\n```json\n{"memories": [{"content": '
                           '"User lives in Gangnam-gu, Seoul",}]}\n```')
    result = mem.add(TURN, **USER)
    assert result.extraction == "llm:small-model"
    assert contents(mem) == ["User lives in Gangnam-gu, Seoul"]


def test_malformed_json_twice_falls_back_to_heuristics(mem: Memory, openai_fake: Any) -> None:
    openai_fake.reply_text("I think the user lives somewhere nice {memories: [", times=2)
    result = mem.add(TURN, **USER)
    assert result.extraction == "heuristic (fallback)"
    assert any("LLM_BAD_RESPONSE" in f for f in result.failures)
    assert "User lives in Gangnam-gu, Seoul" in contents(mem)
    assert mem.write_failures == 1


def test_second_answer_after_the_error_is_used(mem: Memory, openai_fake: Any) -> None:
    openai_fake.reply_text('{"memories": [{"content": 5}]}')
    openai_fake.reply_json({"memories": [{"content": "User loves hiking"}]})
    result = mem.add(TURN, **USER)
    assert result.extraction == "llm:small-model" and contents(mem) == ["User loves hiking"]
    retry = openai_fake.chat_requests()[1].body["messages"][-1]["content"]
    assert "could not be used" in retry


def test_timeouts_fall_back_without_raising(mem: Memory, openai_fake: Any) -> None:
    openai_fake.delay(3.0, times=3)
    result = mem.add(TURN, **USER)
    assert result.extraction == "heuristic (fallback)"
    assert any("LLM_TIMEOUT" in f for f in result.failures)
    assert "User lives in Gangnam-gu, Seoul" in contents(mem)


def test_server_errors_fall_back_after_three_attempts(mem: Memory, openai_fake: Any) -> None:
    openai_fake.fail(500, times=3)
    result = mem.add(TURN, **USER)
    assert result.extraction == "heuristic (fallback)"
    assert len(openai_fake.chat_requests()) == 3
    assert "User lives in Gangnam-gu, Seoul" in contents(mem)


def test_dead_endpoint_falls_back(tmp_path: Path, make_settings: Any, openai_fake: Any) -> None:
    memory = llm_memory(tmp_path, make_settings, openai_fake.dead_url())
    try:
        result = memory.add(TURN, **USER)
        assert result.extraction == "heuristic (fallback)"
        assert any("LLM_UNAVAILABLE" in f for f in result.failures)
        assert "User lives in Gangnam-gu, Seoul" in contents(memory)
    finally:
        memory.close()


def test_failover_chain_uses_the_second_model(tmp_path: Path, make_settings: Any,
                                              openai_fake: Any) -> None:
    memory = llm_memory(tmp_path, make_settings, openai_fake.base_url, ["big", "small"])
    openai_fake.fail(503, model="big", times=3)
    openai_fake.reply_json({"memories": [{"content": "User loves hiking"}]}, model="small")
    try:
        result = memory.add(TURN, **USER)
        assert result.extraction == "llm:small" and contents(memory) == ["User loves hiking"]
        assert len(result.failures) == 3
    finally:
        memory.close()


def test_pii_in_model_output_is_masked(mem: Memory, openai_fake: Any, tmp_path: Path) -> None:
    openai_fake.reply_json({"memories": [
        {"content": "User's card number is 4111 1111 1111 1111"}]})
    mem.add([{"role": "user", "content": "my card number is 4111 1111 1111 1111"}], **USER)
    assert contents(mem) == []  # a fact whose only value is a masked secret is not kept
    turns = mem.recent_turns(**USER)
    assert turns[0].content == "my card number is [CARD]" and turns[0].metadata["pii"] == ["card"]
    mem.close()
    # the number in any spacing, or any run of it long enough to be the number's: a bare "4111"
    # also turns up by chance inside the random hex ids the file holds (one CI run in many)
    for name in ("llm.db", "llm.db-wal"):
        path = tmp_path / name
        if path.exists():
            data = path.read_bytes()
            assert not any(part in data for part in (b"4111 1111", b"41111111", b"1111 1111 1111",
                                                      b"111111111111"))


def test_model_can_say_what_a_fact_replaces(mem: Memory, openai_fake: Any) -> None:
    openai_fake.reply_json({"memories": [{"content": "User lives in Gangnam-gu, Seoul"}]})
    mem.add(TURN, **USER)
    openai_fake.reply_json({"memories": [{"content": "User lives in Mapo-gu, Seoul",
                                          "replaces": 1}]})
    result = mem.add("I moved to Mapo-gu last month.", **USER)
    assert [d.kind for d in result.decisions] == [DecisionKind.SUPERSEDE]
    assert contents(mem) == ["User lives in Mapo-gu, Seoul"]
    prompt = openai_fake.chat_requests()[1].body["messages"][1]["content"]
    assert "1. User lives in Gangnam-gu, Seoul" in prompt


def test_ungrounded_candidates_are_dropped(mem: Memory, openai_fake: Any) -> None:
    openai_fake.reply_json({"memories": [{"content": "User owns a yacht in Monaco"},
                                         {"content": "User lives in Gangnam-gu, Seoul"}]})
    result = mem.add(TURN, **USER)
    assert contents(mem) == ["User lives in Gangnam-gu, Seoul"]
    assert any("ungrounded" in f for f in result.failures)


def test_episode_summary_from_the_model(mem: Memory, openai_fake: Any) -> None:
    mem.add(TURN, infer=False, **USER)
    openai_fake.reply_json({"memories": []})
    openai_fake.reply_json({"summary": "사용자가 강남구 거주와 등산 취미를 이야기함",
                            "topics": ["거주지", "등산"], "emotion": "기쁨", "importance": 7})
    result = mem.end_session(**USER)
    assert result.failures == [] and result.episode is not None
    assert result.episode.emotion == "joy" and result.episode.importance == 0.7
    assert result.episode.tags == ["거주지", "등산"]
    assert result.episode.layer.value == "episodic" and str(result.episode.scope) == "user:u1"


def test_a_model_summary_that_only_restates_the_sessions_facts_is_not_stored(
        mem: Memory, openai_fake: Any) -> None:
    # issue 16: "User lives in Gangnam-gu, Seoul (mood: calm)" beside the fact it repeats —
    # the model named no feeling ("calm" is its default) and a memory states every sentence
    openai_fake.reply_json({"memories": [
        {"content": "User lives in Gangnam-gu, Seoul", "type": "fact", "category": "location",
         "confidence": 0.95, "importance": 0.7},
        {"content": "User loves hiking", "type": "preference", "category": "preference",
         "confidence": 0.9, "importance": 6}]})
    mem.add(TURN, **USER)
    openai_fake.reply_json({"summary": "User lives in Gangnam-gu, Seoul. User loves hiking.",
                            "topics": ["home"], "emotion": "calm", "importance": 5})
    assert mem.end_session(**USER).episode is None
    assert mem.list(user_id="u1", filters={"layer": "episodic"}).items == []


@pytest.mark.parametrize(("summary", "emotion"), [
    ("User lives in Gangnam-gu, Seoul. User loves hiking.", "기쁨"),  # a feeling: kept
    ("User lives in Gangnam-gu and is planning a hike up Bukhansan.", "calm"),  # says more
])
def test_a_model_summary_with_a_feeling_or_more_is_stored(
        mem: Memory, openai_fake: Any, summary: str, emotion: str) -> None:
    openai_fake.reply_json({"memories": [
        {"content": "User lives in Gangnam-gu, Seoul", "type": "fact", "category": "location",
         "confidence": 0.95, "importance": 0.7},
        {"content": "User loves hiking", "type": "preference", "category": "preference",
         "confidence": 0.9, "importance": 6}]})
    mem.add(TURN, **USER)
    openai_fake.reply_json({"summary": summary, "topics": [], "emotion": emotion,
                            "importance": 5})
    episode = mem.end_session(**USER).episode
    assert episode is not None and episode.content == summary


def test_episode_falls_back_to_raw_text(mem: Memory, openai_fake: Any) -> None:
    mem.add(TURN * 30, infer=False, **USER)
    openai_fake.reply_json({"memories": []})
    openai_fake.fail(500, times=3)
    result = mem.end_session(**USER)
    episode = result.episode
    assert episode is not None and episode.importance == 0.5
    assert len(episode.content) <= 500 and episode.content.startswith("user: I live in")
    assert any("LLM_SUMMARY_FAILED" in f for f in result.failures)
