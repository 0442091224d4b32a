"""Seed 000 — Eco², a recycling assistant that gets ChatGPT-style memory across sessions
("Cross-Session Memory 고도화 방안"), on gieok with ``profile="eco2"`` and the real
multilingual embedder:

* §2.2 lifecycle: extraction after a conversation ("나 강남구 살아" → location, 0.95) →
  storage with deduplication and a cap of 50 per user → retrieval with the category filter →
  injection into the answer node's prompt → ``last_used_at`` updated;
* §3.3 ``memory_settings`` defaults: enabled, auto extraction, categories location and
  preference, 50 memories; §5.2 the retrieval node's ``limit=10, min_confidence=0.5``;
* §3.1 upsert on ``md5(content)``: the same memory twice keeps one row with the higher
  confidence and a use count; §6.1 the users/me routes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from gieok import GieokSettings, Memory, PolicyError
from gieok.domain.context import SectionKind

pytestmark = pytest.mark.integration
REAL_EMBEDDER = "local:multilingual-e5-small"
PREFERENCES = [
    "친환경 제품에 관심이 많음", "투명 페트병 분리배출을 꼼꼼히 하려고 함", "텀블러를 들고 다님",
    "장바구니를 선호함", "리필 스테이션을 자주 이용함", "종이 포장을 플라스틱보다 선호함",
    "중고 거래를 좋아함", "배달 음식 일회용 수저를 거절함", "유리병 음료를 선호함",
    "캔 음료보다 병 음료를 선호함", "음식물 쓰레기를 줄이려고 함", "재활용 가능한 포장을 고름",
]


@pytest.fixture
def eco(tmp_path: Path, make_settings: Callable[..., GieokSettings]) -> Iterator[Memory]:
    with Memory(f"sqlite:///{tmp_path / 'eco2.db'}", profile="eco2",
                settings=make_settings(embedder=REAL_EMBEDDER)) as mem:
        yield mem


@pytest.mark.slow
def test_cross_session_memory_as_the_document_draws_it(eco: Memory) -> None:
    settings = eco.get_settings(user_id="abc-123")  # §3.3's defaults, as the profile sets them
    assert (settings.enabled, settings.auto_extraction, settings.allowed_categories,
            settings.max_memories) == (True, True, ["location", "preference"], 50)
    assert (settings.inject_limit, settings.min_confidence) == (10, 0.5)
    # 1. EXTRACTION — session A (thread X): "나 강남구 살아".
    session_a = {"user_id": "abc-123", "session_id": "thread-X"}
    added = eco.add([{"role": "user", "content": "나 강남구 살아"},
                     {"role": "assistant", "content": "강남구 분리배출 규정 안내해드릴게요..."}],
                    **session_a)
    [home] = [d.memory for d in added.decisions if d.memory.category == "location"]
    assert "강남구" in home.content and home.source.value == "inferred"
    assert home.scope.session is None and home.source_session == "thread-X"  # user-wide
    # 2. STORAGE — categories outside the user's settings are never stored…
    with pytest.raises(PolicyError) as refused:
        eco.remember("투명 페트병을 자주 질문함", user_id="abc-123", category="behavior")
    assert refused.value.code == "CATEGORY_NOT_ALLOWED"
    # … the same content twice is one memory (ON CONFLICT md5(content)): max confidence, +1 use.
    first = eco.remember(PREFERENCES[0], user_id="abc-123", category="preference",
                         confidence=0.8)
    again = eco.remember(PREFERENCES[0], user_id="abc-123", category="preference",
                         confidence=0.9)
    assert again.id == first.id and again.confidence == 0.9 and again.usage_count == 1
    eco.import_memories([{"content": p, "category": "preference", "confidence": 0.8}
                         for p in PREFERENCES[1:]], user_id="abc-123")
    shaky = eco.remember("사용자는 서초구로 이사를 고민 중", user_id="abc-123",
                         category="location", confidence=0.3)
    # 3./4. RETRIEVAL and INJECTION — a new session (thread Y) knows where the user lives.
    question = "플라스틱 어디 버려?"
    ctx = eco.context(question, user_id="abc-123", session_id="thread-Y")
    memories = ctx.section(SectionKind.MEMORIES)
    assert memories is not None and home.id in ctx.trace.used_ids()
    assert "강남구" in ctx.text and shaky.id not in ctx.trace.used_ids()  # below 0.5
    assert len(memories.items) <= 10  # limit=10 though 14 are stored
    for use in ctx.trace.used:
        record = eco.get(use.id)
        assert record.category in ("location", "preference") and record.confidence >= 0.5
    # 5. UPDATE — the injected memory's last_used_at and use count move.
    used = eco.get(home.id)
    assert used.last_used_at is not None and used.usage_count >= 1
    # A user who turns memory off gets nothing injected and nothing stored.
    eco.update_settings(user_id="abc-123", enabled=False)
    assert eco.context(question, user_id="abc-123", session_id="thread-Z").text == ""
    assert eco.add([{"role": "user", "content": "나 마포구로 이사했어"}],
                   user_id="abc-123", session_id="thread-Z").extraction == "disabled"


def test_capacity_and_the_users_me_routes(start_api_server: Callable[..., Any]) -> None:
    """§3.3 ``max_memories`` 50 on every path, and §6.1's settings and memory routes."""
    api = start_api_server(profile="eco2")
    me = api.client(api.token("eco2", "abc-123"))
    settings = me.get("/api/v1/users/me/memory-settings").json()
    assert settings == {"is_enabled": True, "auto_extraction": True,
                        "allowed_categories": ["location", "preference"], "max_memories": 50}
    for i in range(55):  # 55 direct writes: the cap holds, the least important are archived
        response = me.post("/v1/memories", json={"content": f"선호 {i}: 분리배출 팁 {i}",
                                                 "category": "preference",
                                                 "importance": 0.1 if i < 5 else 0.6})
        assert response.status_code in (200, 201), response.text
    listed = me.get("/api/v1/users/me/memories", params={"limit": 100}).json()
    assert listed["total"] == 50
    assert not any(m["content"].startswith(("선호 0:", "선호 4:")) for m in listed["memories"])
    bad = me.post("/v1/memories", json={"content": "매일 아침 조깅", "category": "behavior"})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "CATEGORY_NOT_ALLOWED"
    changed = me.patch("/api/v1/users/me/memory-settings",
                       json={"allowed_categories": ["location", "preference", "behavior"]}).json()
    assert changed["allowed_categories"] == ["location", "preference", "behavior"]
    assert changed["max_memories"] == 50
    assert me.post("/v1/memories", json={"content": "매일 아침 조깅",
                                         "category": "behavior"}).status_code in (200, 201)
    assert me.delete("/api/v1/users/me/memories").status_code == 204
    assert me.get("/api/v1/users/me/memories").json()["total"] == 0
