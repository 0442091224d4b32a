"""The seeds' own routes over a real server: seed 000 ``/api/v1/users/me/…`` and seed 003
``/api/v1/memory/…``, with the response shapes and error codes their apps expect."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.integration

USER_MEMORY_KEYS = {"id", "content", "category", "confidence", "created_at", "last_used_at",
                    "usage_count"}
SEED_003_MEMORY_KEYS = {"id", "summary", "topics", "emotion", "importance", "createdAt",
                        "archivedAt", "personaId", "sessionId"}


@pytest.fixture
def me(api_server: Any) -> Any:
    return api_server.client(api_server.token("acme", "alice"))


def test_seed_000_memories_list_and_delete(me: Any) -> None:
    kept = me.post("/v1/memories", json={"content": "사용자는 강남구에 거주",
                                         "category": "location", "confidence": 0.95}).json()
    other = me.post("/v1/memories", json={"content": "친환경 제품에 관심이 많음"}).json()
    listed = me.get("/api/v1/users/me/memories").json()
    assert set(listed) == {"memories", "total"} and listed["total"] == 2
    first = next(m for m in listed["memories"] if m["id"] == kept["id"])
    assert set(first) == USER_MEMORY_KEYS
    assert first["category"] == "location" and first["confidence"] == 0.95
    uncategorised = next(m for m in listed["memories"] if m["id"] == other["id"])
    assert uncategorised["category"] == "context"

    assert me.delete(f"/api/v1/users/me/memories/{kept['id']}").status_code == 204
    assert me.get(f"/v1/memories/{kept['id']}").status_code == 404  # hard delete
    assert me.delete(f"/api/v1/users/me/memories/{kept['id']}").status_code == 404
    assert me.delete("/api/v1/users/me/memories").status_code == 204
    assert me.get("/api/v1/users/me/memories").json() == {"memories": [], "total": 0}


def test_seed_000_memory_settings(me: Any) -> None:
    default = me.get("/api/v1/users/me/memory-settings").json()
    assert set(default) == {"is_enabled", "auto_extraction", "allowed_categories",
                            "max_memories"}
    assert default["is_enabled"] is True and default["auto_extraction"] is True
    patched = me.patch("/api/v1/users/me/memory-settings", json={
        "is_enabled": False, "allowed_categories": ["location", "preference"],
        "max_memories": 50}).json()
    assert patched == {"is_enabled": False, "auto_extraction": True,
                       "allowed_categories": ["location", "preference"], "max_memories": 50}
    assert me.get("/api/v1/users/me/memory-settings").json() == patched
    assert me.get("/v1/settings").json()["enabled"] is False  # the same per-scope settings
    bad = me.patch("/api/v1/users/me/memory-settings", json={"allowed_categories": ["music"]})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "INVALID_INPUT"


def test_seed_000_admin_without_user_must_name_one(api_server: Any) -> None:
    admin = api_server.client(api_server.token("acme", admin=True))
    response = admin.get("/api/v1/users/me/memories")
    assert response.status_code == 422 and response.json()["error"]["code"] == "INVALID_SCOPE"
    assert admin.get("/api/v1/users/me/memories", params={"user_id": "alice"}).status_code == 200


def test_seed_003_create_with_manual_summary_and_fallback(me: Any) -> None:
    manual = me.post("/api/v1/memory/create", json={
        "personaId": "persona_123", "sessionId": "session_456", "messages": [],
        "manualSummary": "사용자가 IT 스타트업 면접을 앞두고 있음.", "importance": 7}).json()
    assert manual["success"] is True and set(manual["memory"]) == SEED_003_MEMORY_KEYS
    assert manual["memory"]["importance"] == 7
    assert manual["memory"]["personaId"] == "persona_123"
    assert manual["memory"]["sessionId"] == "session_456"

    long_turn = "회사 일이 너무 많아서 " * 60
    fallback = me.post("/api/v1/memory/create", json={
        "personaId": "persona_123", "sessionId": "session_789",
        "messages": [{"role": "user", "content": "요즘 스트레스 받아"},
                     {"role": "assistant", "content": "무슨 일 있어?"},
                     {"role": "user", "content": long_turn}]}).json()["memory"]
    assert fallback["summary"].startswith("user: 요즘 스트레스 받아\nassistant: 무슨 일 있어?")
    assert len(fallback["summary"]) <= 500 and fallback["importance"] == 5
    stored = me.get(f"/v1/memories/{fallback['id']}").json()
    assert stored["layer"] == "episodic" and stored["type"] == "episode"
    assert stored["scope"] == "org:acme/user:alice/persona:persona_123"

    empty = me.post("/api/v1/memory/create", json={"personaId": "persona_123"})
    assert empty.status_code == 422
    assert empty.json()["success"] is False and empty.json()["error"] == "INVALID_INPUT"


def test_seed_003_list_load_patch_archive_delete(me: Any) -> None:
    ids = []
    for importance, text in [(3, "low"), (9, "high"), (6, "mid")]:
        body = {"personaId": "p1", "manualSummary": f"{text} importance", "importance": importance}
        ids.append(me.post("/api/v1/memory/create", json=body).json()["memory"]["id"])
    me.post("/api/v1/memory/create", json={"personaId": "p2", "manualSummary": "other persona"})

    page = me.get("/api/v1/memory/list", params={"personaId": "p1", "limit": 2}).json()
    assert page["success"] is True and page["total"] == 3 and page["hasMore"] is True
    everything = me.get("/api/v1/memory/list").json()
    assert everything["total"] == 4 and everything["hasMore"] is False

    loaded = me.get("/api/v1/memory/load", params={"personaId": "p1", "limit": 2}).json()
    assert [m["summary"] for m in loaded["memories"]] == ["high importance", "mid importance"]

    patched = me.patch(f"/api/v1/memory/{ids[0]}", json={
        "summary": "수정된 요약", "importance": 10, "topics": ["영화"], "emotion": "기쁨"}).json()
    assert patched["success"] is True
    assert patched["memory"]["summary"] == "수정된 요약" and patched["memory"]["importance"] == 10
    assert patched["memory"]["topics"] == ["영화"] and patched["memory"]["emotion"] == "기쁨"

    archived = me.post(f"/api/v1/memory/{ids[1]}/archive").json()
    assert archived["success"] is True and archived["archivedAt"]
    active = me.get("/api/v1/memory/list", params={"personaId": "p1"}).json()
    assert active["total"] == 2
    with_archived = me.get("/api/v1/memory/list",
                           params={"personaId": "p1", "includeArchived": True}).json()
    assert with_archived["total"] == 3
    assert any(m["archivedAt"] for m in with_archived["memories"])

    assert me.delete(f"/api/v1/memory/{ids[2]}").json() == {"success": True}
    missing = me.delete(f"/api/v1/memory/{ids[2]}")
    assert missing.status_code == 404 and missing.json()["error"] == "MEMORY_NOT_FOUND"


def test_seed_003_errors_use_the_seed_shape(api_server: Any, me: Any) -> None:
    anonymous = api_server.client().get("/api/v1/memory/list")
    assert anonymous.status_code == 401
    assert anonymous.json()["success"] is False and anonymous.json()["error"] == "UNAUTHORIZED"
    bad = me.get("/api/v1/memory/list", params={"limit": 0})
    assert bad.status_code == 422 and bad.json()["error"] == "INVALID_INPUT"
    nothing = me.patch("/api/v1/memory/some-id", json={})
    assert nothing.status_code in {404, 422} and nothing.json()["success"] is False


def test_seed_003_free_plan_limit_archives_then_refuses(me: Any) -> None:
    """Seed 003 §6.2: with 5 memories allowed, a 6th archives the least important one; under
    the "refuse" policy the seed's MEMORY_LIMIT_REACHED comes back in the seed's shape."""
    assert me.patch("/v1/settings", json={"max_episodes": 5}).status_code == 200
    for importance in (5, 2, 8, 6, 7, 9):
        created = me.post("/api/v1/memory/create", json={
            "personaId": "p1", "manualSummary": f"summary at importance {importance}",
            "importance": importance})
        assert created.status_code == 200, created.text
    active = me.get("/api/v1/memory/list", params={"personaId": "p1"}).json()
    assert active["total"] == 5
    assert 2 not in {m["importance"] for m in active["memories"]}
    archived = me.get("/api/v1/memory/list",
                      params={"personaId": "p1", "includeArchived": True}).json()
    assert archived["total"] == 6

    assert me.patch("/v1/settings", json={"capacity_policy": "refuse"}).status_code == 200
    refused = me.post("/api/v1/memory/create", json={"personaId": "p1",
                                                     "manualSummary": "one too many"})
    assert refused.status_code == 409
    assert refused.json()["success"] is False
    assert refused.json()["error"] == "MEMORY_LIMIT_REACHED"
    assert me.get("/api/v1/memory/list", params={"personaId": "p1"}).json()["total"] == 5


def test_disabled_memory_is_refused_with_a_code(me: Any) -> None:
    me.patch("/api/v1/users/me/memory-settings", json={"is_enabled": False})
    response = me.post("/v1/memories", json={"content": "should not be stored"})
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "MEMORY_DISABLED"
    assert me.get("/api/v1/users/me/memories").json()["total"] == 0
