"""Tenant and user isolation (X1), route by route, over a real server.

Two tenants each have a user called ``alice`` (same user id on purpose), and tenant A has a
second user ``carol``. Every route is tried against the other party's data: foreign ids are
404 exactly like unknown ids (never 403), lists, searches and exports come back without
them, and afterwards the victim's data is unchanged.
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.integration

SECRET = "Tenant B's alice keeps her diary in the blue box"


@pytest.fixture
def world(api_server: Any) -> dict[str, Any]:
    a_alice = api_server.client(api_server.token("acme", "alice"))
    a_carol = api_server.client(api_server.token("acme", "carol"))
    a_admin = api_server.client(api_server.token("acme", admin=True))
    b_alice = api_server.client(api_server.token("beta", "alice"))
    b_admin_token = api_server.token("beta", admin=True)
    b_admin = api_server.client(b_admin_token)
    b_memory = b_alice.post("/v1/memories", json={"content": SECRET}).json()
    b_persona = b_alice.post("/api/v1/memory/create", json={
        "personaId": "cat", "manualSummary": "B alice's cat summary"}).json()["memory"]
    b_alice.patch("/v1/settings", json={"max_memories": 7})
    a_alice.post("/v1/memories", json={"content": "Tenant A alice likes tea"})
    return {"a_alice": a_alice, "a_carol": a_carol, "a_admin": a_admin, "b_alice": b_alice,
            "b_admin": b_admin, "b_id": b_memory["id"], "b_persona_id": b_persona["id"]}


def _attackers(world: dict[str, Any]) -> list[Any]:
    return [world["a_alice"], world["a_carol"], world["a_admin"]]


def _assert_not_found(response: Any) -> None:
    assert response.status_code == 404, response.text
    body = response.json()
    code = body["error"] if "success" in body else body["error"]["code"]
    assert code == "MEMORY_NOT_FOUND"


def _assert_b_untouched(world: dict[str, Any]) -> None:
    b_alice = world["b_alice"]
    memory = b_alice.get(f"/v1/memories/{world['b_id']}").json()
    assert memory["content"] == SECRET and memory["version"] == 1 and memory["status"] == "active"
    persona = b_alice.get(f"/v1/memories/{world['b_persona_id']}").json()
    assert persona["status"] == "active" and persona["version"] == 1
    assert b_alice.get("/v1/memories").json()["total"] == 2
    assert b_alice.get("/v1/settings").json()["max_memories"] == 7


def test_foreign_ids_are_not_found_on_every_general_route(world: dict[str, Any]) -> None:
    for client in _attackers(world):
        for b_id in (world["b_id"], world["b_persona_id"]):
            _assert_not_found(client.get(f"/v1/memories/{b_id}"))
            _assert_not_found(client.patch(f"/v1/memories/{b_id}", json={"content": "pwned"}))
            _assert_not_found(client.get(f"/v1/memories/{b_id}/history"))
            _assert_not_found(client.post(f"/v1/memories/{b_id}/archive"))
            _assert_not_found(client.post(f"/v1/memories/{b_id}/restore"))
            _assert_not_found(client.delete(f"/v1/memories/{b_id}"))
            _assert_not_found(client.delete(f"/v1/memories/{b_id}", params={"hard": True}))
    admin = world["a_admin"]
    _assert_not_found(admin.get(f"/v1/memories/{world['b_id']}", params={"user_id": "alice"}))
    _assert_b_untouched(world)


def test_foreign_ids_look_exactly_like_unknown_ids(world: dict[str, Any]) -> None:
    client = world["a_alice"]
    foreign = client.get(f"/v1/memories/{world['b_id']}")
    unknown = client.get("/v1/memories/0123456789abcdef0123456789abcdef")
    assert foreign.status_code == unknown.status_code == 404
    assert foreign.json()["error"]["code"] == unknown.json()["error"]["code"]


def test_lists_searches_and_exports_never_show_foreign_data(world: dict[str, Any]) -> None:
    for client in _attackers(world):
        for params in ({}, {"user_id": "alice"}) if client is world["a_admin"] else ({},):
            listed = client.get("/v1/memories", params=params | {"include_archived": True})
            assert SECRET not in listed.text and "B alice" not in listed.text
            searched = client.post("/v1/search", params=params,
                                   json={"query": "diary blue box", "k": 50})
            assert searched.status_code == 200 and SECRET not in searched.text
            exported = client.get("/v1/export", params=params)
            assert exported.status_code == 200 and SECRET not in exported.text
    carol = world["a_carol"]
    assert "likes tea" not in carol.get("/v1/memories").text  # same tenant, other user
    assert "likes tea" not in carol.post("/v1/search", json={"query": "tea"}).text


def test_forget_settings_and_messages_stay_inside_the_scope(world: dict[str, Any]) -> None:
    a_alice = world["a_alice"]
    assert a_alice.patch("/v1/settings", json={"max_memories": 3}).status_code == 200
    assert a_alice.post("/v1/messages", json={"messages": [{"role": "user", "content": "hi"}]}
                        ).status_code == 200
    # alice's one memory and the archived turn "hi" (R8)
    assert a_alice.post("/v1/forget").json() == {"deleted": 2}
    admin = world["a_admin"]
    assert admin.post("/v1/forget", params={"user_id": "alice"}).json() == {"deleted": 0}
    _assert_b_untouched(world)


def test_seed_000_routes_are_isolated(world: dict[str, Any]) -> None:
    for client in (world["a_alice"], world["a_carol"]):
        listed = client.get("/api/v1/users/me/memories").json()
        assert SECRET not in str(listed)
        _assert_not_found(client.delete(f"/api/v1/users/me/memories/{world['b_id']}"))
        client.patch("/api/v1/users/me/memory-settings", json={"max_memories": 2})
        assert client.delete("/api/v1/users/me/memories").status_code == 204
    _assert_not_found(world["a_admin"].delete(f"/api/v1/users/me/memories/{world['b_id']}",
                                              params={"user_id": "alice"}))
    _assert_b_untouched(world)


def test_seed_003_routes_are_isolated(world: dict[str, Any]) -> None:
    for client in (world["a_alice"], world["a_carol"]):
        b_id = world["b_persona_id"]
        for response in (client.patch(f"/api/v1/memory/{b_id}", json={"summary": "pwned"}),
                         client.delete(f"/api/v1/memory/{b_id}"),
                         client.post(f"/api/v1/memory/{b_id}/archive")):
            assert response.status_code == 404
            assert response.json() == {"success": False, "error": "MEMORY_NOT_FOUND",
                                       "message": response.json()["message"]}
        listed = client.get("/api/v1/memory/list", params={"personaId": "cat"}).json()
        assert listed["memories"] == [] and listed["total"] == 0
        loaded = client.get("/api/v1/memory/load", params={"personaId": "cat"}).json()
        assert loaded["memories"] == []
    _assert_b_untouched(world)


def test_admins_cannot_reach_other_tenants_tokens(world: dict[str, Any], api_server: Any) -> None:
    b_tokens = world["b_admin"].get("/v1/admin/tokens").json()["items"]
    assert {t["tenant"] for t in b_tokens} == {"beta"}
    a_admin = world["a_admin"]
    assert {t["tenant"] for t in a_admin.get("/v1/admin/tokens").json()["items"]} == {"acme"}
    for token in b_tokens:
        response = a_admin.delete(f"/v1/admin/tokens/{token['id']}")
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "TOKEN_NOT_FOUND"
    assert world["b_alice"].get("/v1/memories").status_code == 200  # still valid


def test_versions_rollback_and_context_are_isolated(world: dict[str, Any]) -> None:
    for client in _attackers(world):
        _assert_not_found(client.get(f"/v1/memories/{world['b_id']}/versions"))
        _assert_not_found(client.post(f"/v1/memories/{world['b_id']}/rollback",
                                      json={"version": 1}))
        block = client.post("/v1/context", json={"query": "diary blue box"})
        assert block.status_code == 200 and SECRET not in block.text
    ended = world["a_alice"].post("/v1/sessions/end", params={"session_id": "s1"})
    assert ended.status_code == 200
    _assert_b_untouched(world)
