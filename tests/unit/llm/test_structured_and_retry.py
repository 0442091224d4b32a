"""M2/W3 pure parts: JSON repair, backoff schedule, lenient response models, grounding."""

from __future__ import annotations

import pytest

from gieok.llm import backoff_delays, parse_json_reply
from gieok.write.episodes import EpisodeReply
from gieok.write.extract.llm import LLMExtraction, grounded


@pytest.mark.parametrize(("text", "value"), [
    ('{"a": 1}', {"a": 1}),
    ('```json\n{"a": [1, 2,],}\n```', {"a": [1, 2]}),
    ('Sure! Here it is: {"a": {"b": "}"}} Hope that helps.', {"a": {"b": "}"}}),
    ("{'a': True, 'b': None}", {"a": True, "b": None}),
])
def test_parse_json_reply_repairs_what_local_models_do(text: str, value: object) -> None:
    assert parse_json_reply(text) == value


def test_parse_json_reply_says_why_it_failed() -> None:
    with pytest.raises(ValueError, match="not valid JSON"):
        parse_json_reply("the user lives in Seoul")


def test_backoff_doubles_and_caps() -> None:
    assert backoff_delays(3, 1.0, 8.0) == [1.0, 2.0]
    assert backoff_delays(6, 1.0, 8.0) == [1.0, 2.0, 4.0, 8.0, 8.0]
    assert backoff_delays(1, 1.0, 8.0) == []


def test_llm_memories_are_coerced_leniently() -> None:
    parsed = LLMExtraction.model_validate({"memories": [
        {"content": "User likes tea", "type": "Preference", "importance": 8, "confidence": "0.9",
         "replaces": "2", "extra": "ignored"},
        {"content": "User is vegan", "type": "unknown-type", "importance": 85},
    ]})
    first, second = parsed.memories
    assert (first.type, first.importance, first.confidence, first.replaces) == (
        "preference", 0.8, 0.9, 2)
    assert second.type == "fact" and second.importance == 0.85


def test_episode_reply_maps_seed_003_values() -> None:
    reply = EpisodeReply.model_validate({"summary": "면접 준비", "topics": "면접, 회사",
                                         "emotion": "스트레스", "importance": 12})
    assert reply.emotion == "stress" and reply.topics == ["면접", "회사"]
    assert reply.importance == 10.0
    assert EpisodeReply.model_validate({"summary": "ok", "emotion": "angry"}).emotion == "calm"


def test_grounding_needs_a_shared_word() -> None:
    said = "I moved to Mapo-gu last month and got a puppy"
    assert grounded("User lives in Mapo-gu", said)
    assert grounded("User has a puppy", said)
    assert not grounded("User owns a yacht", said)
    assert grounded("사용자는 마포구에 거주", "나 마포구로 이사했어")
    assert not grounded("사용자는 부산에 거주", "나 마포구로 이사했어")
