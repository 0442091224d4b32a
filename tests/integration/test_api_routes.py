"""The general ``/v1`` API over a real uvicorn server: every route, its shapes and its errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

ApiServer = Any

pytestmark = pytest.mark.integration


@pytest.fixture
def alice(api_server: ApiServer):  # type: ignore[no-untyped-def]
    return api_server.client(api_server.token("acme", "alice"))


def _create(client, content: str, **fields):  # type: ignore[no-untyped-def]
    response = client.post("/v1/memories", json={"content": content, **fields})
    assert response.status_code == 201, response.text
    return response.json()


def test_health_needs_no_token_and_echoes_request_id(api_server: ApiServer) -> None:
    client = api_server.client()
    response = client.get("/healthz", headers={"X-Request-ID": "trace-123"})
    assert response.status_code == 200
    assert response.json()["status"] == "ok"
    assert response.headers["x-request-id"] == "trace-123"
    generated = client.get("/healthz", headers={"X-Request-ID": "bad id with spaces"})
    assert generated.headers["x-request-id"] != "bad id with spaces"
    assert len(generated.headers["x-request-id"]) == 32


def test_create_get_list_update_history(alice) -> None:  # type: ignore[no-untyped-def]
    created = _create(alice, "사용자는 서울 강남구에 살고 있다", category="location",
                      importance=0.8, tags=["home"], event_time="2024-03-01T09:00:00+09:00")
    assert created["scope"] == "org:acme/user:alice"
    assert created["event_time"].startswith("2024-03-01T00:00:00")
    assert created["version"] == 1 and created["status"] == "active"

    got = alice.get(f"/v1/memories/{created['id']}").json()
    assert got["content"] == "사용자는 서울 강남구에 살고 있다"

    _create(alice, "Prefers oat milk", type="preference")
    page = alice.get("/v1/memories", params={"limit": 1}).json()
    assert page["total"] == 2 and page["has_more"] is True and len(page["items"]) == 1
    page2 = alice.get("/v1/memories", params={"limit": 1, "offset": 1}).json()
    assert page2["has_more"] is False
    assert page["items"][0]["id"] != page2["items"][0]["id"]
    only_prefs = alice.get("/v1/memories", params={"type": "preference"}).json()
    assert [m["content"] for m in only_prefs["items"]] == ["Prefers oat milk"]

    updated = alice.patch(f"/v1/memories/{created['id']}",
                          json={"content": "사용자는 서울 마포구로 이사했다"}).json()
    assert updated["version"] == 2 and updated["id"] == created["id"]
    history = alice.get(f"/v1/memories/{created['id']}/history").json()["items"]
    assert [e["action"] for e in history] == ["create", "update"]
    assert history[1]["before_content"] == "사용자는 서울 강남구에 살고 있다"


def test_archive_restore_and_delete(alice) -> None:  # type: ignore[no-untyped-def]
    memory = _create(alice, "Has a cat named Nabi")
    archived = alice.post(f"/v1/memories/{memory['id']}/archive").json()
    assert archived["status"] == "archived"
    assert alice.get("/v1/memories").json()["total"] == 0
    assert alice.get("/v1/memories", params={"include_archived": True}).json()["total"] == 1
    assert alice.post("/v1/search", json={"query": "cat Nabi"}).json()["hits"] == []
    assert alice.post(f"/v1/memories/{memory['id']}/restore").json()["status"] == "active"

    assert alice.delete(f"/v1/memories/{memory['id']}").status_code == 204
    assert alice.get(f"/v1/memories/{memory['id']}").json()["status"] == "deleted"
    assert alice.delete(f"/v1/memories/{memory['id']}", params={"hard": True}).status_code == 204
    gone = alice.get(f"/v1/memories/{memory['id']}")
    assert gone.status_code == 404 and gone.json()["error"]["code"] == "MEMORY_NOT_FOUND"
    history = alice.get(f"/v1/memories/{memory['id']}/history")
    assert "Nabi" not in history.text


def test_search_returns_score_parts_and_honours_filters(alice) -> None:  # type: ignore[no-untyped-def]
    _create(alice, "사용자는 서울 강남구에 살고 있다", category="location")
    _create(alice, "User is allergic to peanuts", category="context", importance=0.9)
    hits = alice.post("/v1/search", json={"query": "강남구", "k": 5}).json()["hits"]
    assert hits[0]["memory"]["content"] == "사용자는 서울 강남구에 살고 있다"
    assert set(hits[0]["parts"]) >= {"relevance", "recency", "importance"}
    filtered = alice.post("/v1/search", json={"query": "강남구",
                                              "filters": {"category": "context"}}).json()
    assert [h["memory"]["category"] for h in filtered["hits"]] == ["context"]
    past = alice.post("/v1/search", json={"query": "강남구", "as_of": "2000-01-01"}).json()
    assert past["hits"] == []
    bad = alice.post("/v1/search", json={"query": "x", "filters": {"colour": "red"}})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "INVALID_FILTER"


def test_messages_append_turns(alice) -> None:  # type: ignore[no-untyped-def]
    response = alice.post("/v1/messages", params={"session_id": "s1"}, json={
        "messages": [{"role": "user", "content": "나 강남구 살아"},
                     {"role": "assistant", "content": "알겠어요"}]})
    assert response.status_code == 200, response.text
    assert response.json()["turns_added"] == 2
    bad = alice.post("/v1/messages", json={"messages": [{"role": "robot", "content": "x"}]})
    assert bad.status_code == 422


def test_export_forget_and_settings(alice) -> None:  # type: ignore[no-untyped-def]
    _create(alice, "Likes hiking")
    _create(alice, "Works at a bakery", )
    export = alice.get("/v1/export")
    assert export.status_code == 200
    assert export.headers["content-type"].startswith("application/x-ndjson")
    assert "attachment" in export.headers["content-disposition"]
    rows = [json.loads(line) for line in export.text.splitlines()]
    assert {r["content"] for r in rows} == {"Likes hiking", "Works at a bakery"}

    assert alice.get("/v1/settings").json()["enabled"] is True
    changed = alice.patch("/v1/settings", json={"max_memories": 50,
                                                "allowed_categories": ["location"]}).json()
    assert changed["max_memories"] == 50 and changed["allowed_categories"] == ["location"]
    assert alice.get("/v1/settings").json()["max_memories"] == 50
    assert alice.patch("/v1/settings", json={"max_memories": -1}).status_code == 422
    assert alice.patch("/v1/settings", json={"max_memories": 0}).json()["max_memories"] == 0
    reset = alice.patch("/v1/settings", json={"max_memories": None}).json()  # back to default
    assert reset["max_memories"] is None and reset["allowed_categories"] == ["location"]
    assert alice.patch("/v1/settings", json={"profile": "nope"}).json()["error"]["code"] == \
        "PROFILE_UNKNOWN"
    assert alice.patch("/v1/settings", json={"profile": "eco2"}).json()["max_memories"] == 50

    assert alice.post("/v1/forget").json() == {"deleted": 2}
    assert alice.get("/v1/memories").json()["total"] == 0
    assert alice.get("/v1/export").text == ""


def test_persona_and_session_narrow_the_scope(alice) -> None:  # type: ignore[no-untyped-def]
    alice.post("/v1/memories", params={"persona_id": "cat"}, json={"content": "Nabi is 3"})
    alice.post("/v1/memories", params={"persona_id": "dog"}, json={"content": "Bori is 5"})
    cat = alice.get("/v1/memories", params={"persona_id": "cat"}).json()
    assert [m["content"] for m in cat["items"]] == ["Nabi is 3"]
    assert cat["items"][0]["scope"] == "org:acme/user:alice/persona:cat"
    assert alice.get("/v1/memories").json()["total"] == 2


def test_auth_errors_are_401_json(api_server: ApiServer) -> None:
    anonymous = api_server.client()
    for method, path in [("GET", "/v1/memories"), ("POST", "/v1/search"), ("GET", "/v1/export"),
                         ("POST", "/v1/forget"), ("GET", "/v1/settings")]:
        response = anonymous.request(method, path, json={"query": "x"})
        assert response.status_code == 401, (method, path)
        assert response.json()["error"]["code"] == "UNAUTHORIZED"
        assert response.headers["www-authenticate"] == "Bearer"
    unknown = api_server.client("gieok_not-a-real-token").get("/v1/memories")
    assert unknown.status_code == 401
    basic = anonymous.get("/v1/memories", headers={"Authorization": "Basic dXNlcjpwdw=="})
    assert basic.status_code == 401


def test_revoked_token_is_rejected(api_server: ApiServer) -> None:
    admin = api_server.client(api_server.token("acme", admin=True))
    created = admin.post("/v1/admin/tokens", json={"user": "bob", "name": "bob's app"})
    assert created.status_code == 201
    secret, token_id = created.json()["secret"], created.json()["id"]
    bob = api_server.client(secret)
    assert bob.get("/v1/memories").status_code == 200
    listed = admin.get("/v1/admin/tokens").json()["items"]
    assert token_id in {t["id"] for t in listed}
    assert all("secret" not in t and "token_hash" not in t for t in listed)
    assert admin.delete(f"/v1/admin/tokens/{token_id}").json()["revoked_at"] is not None
    revoked = bob.get("/v1/memories")
    assert revoked.status_code == 401 and "revoked" in revoked.json()["error"]["message"]


def test_admin_routes_need_an_admin_token(alice) -> None:  # type: ignore[no-untyped-def]
    response = alice.get("/v1/admin/tokens")
    assert response.status_code == 403 and response.json()["error"]["code"] == "FORBIDDEN"


def test_admin_addresses_users_of_its_tenant(api_server: ApiServer) -> None:
    alice = api_server.client(api_server.token("acme", "alice"))
    admin = api_server.client(api_server.token("acme", admin=True))
    _create(alice, "Alice's secret plan")
    seen = admin.get("/v1/memories", params={"user_id": "alice"}).json()
    assert [m["content"] for m in seen["items"]] == ["Alice's secret plan"]
    made = admin.post("/v1/memories", params={"user_id": "carol"}, json={"content": "For Carol"})
    assert made.json()["scope"] == "org:acme/user:carol"
    forbidden = alice.get("/v1/memories", params={"user_id": "carol"})
    assert forbidden.status_code == 403 and forbidden.json()["error"]["code"] == "FORBIDDEN"
    whole = admin.post("/v1/forget")
    assert whole.status_code == 422 and whole.json()["error"]["code"] == "INVALID_SCOPE"


def test_bad_input_is_4xx_json_never_500(alice, api_server: ApiServer) -> None:  # type: ignore[no-untyped-def]
    cases = [
        ("POST", "/v1/memories", {"json": {"content": ""}}),
        ("POST", "/v1/memories", {"json": {"content": "x" * 9000}}),
        ("POST", "/v1/memories", {"json": {"content": "x", "importance": 2}}),
        ("POST", "/v1/memories", {"json": {"content": "x", "colour": "red"}}),
        ("POST", "/v1/memories", {"json": {"content": "x", "type": "poem"}}),
        ("POST", "/v1/memories", {"content": b'{"content": "x", "importance": NaN}',
                                  "headers": {"content-type": "application/json"}}),
        ("POST", "/v1/memories", {"content": b"{not json",
                                  "headers": {"content-type": "application/json"}}),
        ("POST", "/v1/memories", {"json": {"content": "x", "event_time": "0001-01-01T00:00:00+05:00"}}),
        ("POST", "/v1/memories", {"params": {"session_id": "bad id"}, "json": {"content": "x"}}),
        ("GET", "/v1/memories", {"params": {"limit": 0}}),
        ("GET", "/v1/memories", {"params": {"limit": 5000}}),
        ("GET", "/v1/memories", {"params": {"limit": "ten"}}),
        ("POST", "/v1/search", {"json": {"query": "x", "k": 0}}),
        ("POST", "/v1/search", {"json": {"query": "x", "filters": {"importance": {"gte": "high"}}}}),
        ("POST", "/v1/search", {"json": {"query": "x", "filters": {"OR": "nope"}}}),
        ("PATCH", "/v1/memories/whatever", {"json": {}}),
        ("POST", "/v1/messages", {"json": {"messages": []}}),
    ]
    for method, path, kwargs in cases:
        response = alice.request(method, path, **kwargs)
        assert 400 <= response.status_code < 500, (path, kwargs, response.text)
        body = response.json()
        assert body["error"]["code"] and body["error"]["message"], body
    missing_route = alice.get("/v1/nope")
    assert missing_route.status_code == 404 and missing_route.json()["error"]["code"] == "NOT_FOUND"
    wrong_method = alice.put("/v1/memories")
    assert wrong_method.status_code == 405
    too_long = alice.post("/v1/memories", json={"content": "x" * 9000}).json()
    assert too_long["error"]["code"] == "CONTENT_TOO_LONG"
    page = alice.get("/v1/memories", params={"limit": 5000}).json()
    assert "page size" in page["error"]["message"]


def test_body_size_limit_is_413_json(start_api_server) -> None:  # type: ignore[no-untyped-def]
    server = start_api_server(api={"max_body_bytes": 4096})
    client = server.client(server.token("acme", "alice"))
    response = client.post("/v1/memories", json={"content": "x" * 5000})
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "BODY_TOO_LARGE"
    assert client.get("/v1/memories").json()["total"] == 0

    def chunks():  # type: ignore[no-untyped-def]
        yield b'{"content": "'
        yield b"y" * 5000
        yield b'"}'

    streamed = client.post("/v1/memories", content=chunks(),
                           headers={"content-type": "application/json"})
    assert streamed.status_code == 413
    assert client.post("/v1/memories", json={"content": "small"}).status_code == 201


def test_metrics_count_requests_search_and_failures(alice, api_server: ApiServer) -> None:  # type: ignore[no-untyped-def]
    _create(alice, "metric me")
    alice.post("/v1/search", json={"query": "metric"})
    alice.get("/v1/memories/unknown-id")
    text = alice.get("/metrics").text
    assert 'gieok_http_requests_total{method="POST",route="/v1/memories",status="201"} 1' in text
    assert 'gieok_http_request_duration_seconds_bucket{method="POST",route="/v1/search",le="+Inf"} 1' in text
    assert "gieok_search_duration_seconds_count 1" in text
    assert 'gieok_http_failures_total{code="MEMORY_NOT_FOUND"} 1' in text
    assert 'route="/v1/memories/{memory_id}"' in text  # templates, not raw ids


def test_openapi_documents_bearer_auth_and_error_bodies(api_server: ApiServer) -> None:
    spec = api_server.client().get("/openapi.json").json()
    assert "HTTPBearer" in spec["components"]["securitySchemes"]
    post = spec["paths"]["/v1/memories"]["post"]
    assert post["responses"]["422"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/ErrorBody")
    assert "/api/v1/users/me/memories" in spec["paths"]
    assert "/api/v1/memory/create" in spec["paths"]


def test_versions_and_rollback(alice) -> None:  # type: ignore[no-untyped-def]
    memory = _create(alice, "Lives in Gangnam-gu")
    alice.patch(f"/v1/memories/{memory['id']}", json={"content": "Lives in Mapo-gu"})
    versions = alice.get(f"/v1/memories/{memory['id']}/versions").json()["items"]
    assert [v["content"] for v in versions] == ["Lives in Gangnam-gu", "Lives in Mapo-gu"]
    rolled = alice.post(f"/v1/memories/{memory['id']}/rollback", json={"version": 1}).json()
    assert rolled["content"] == "Lives in Gangnam-gu" and rolled["version"] == 3
    bad = alice.post(f"/v1/memories/{memory['id']}/rollback", json={"version": 99})
    assert 400 <= bad.status_code < 500


def test_context_session_end_and_skills(alice) -> None:  # type: ignore[no-untyped-def]
    _create(alice, "사용자는 서울 강남구에 살고 있다", category="location", importance=0.9)
    alice.post("/v1/messages", params={"session_id": "s1"}, json={"messages": [
        {"role": "user", "content": "플라스틱 분리수거 어디서 해?"}]})
    block = alice.post("/v1/context", params={"session_id": "s1"},
                       json={"query": "플라스틱 분리수거 어디서 해?"}).json()
    assert "강남구" in block["text"] and block["tokens"] > 0
    assert block["messages"][-1]["content"] == "플라스틱 분리수거 어디서 해?"
    assert block["trace"]["used"]
    small = alice.post("/v1/context", json={"query": "x", "budget": {"memory_tokens": 0}})
    assert small.status_code == 200
    bad = alice.post("/v1/context", json={"budget": {"memory_tokens": -1}})
    assert bad.status_code == 422

    ended = alice.post("/v1/sessions/end", params={"session_id": "s1"})
    assert ended.status_code == 200, ended.text
    assert set(ended.json()) == {"turns_added", "decisions", "extraction", "failures"}

    skill = alice.post("/v1/skills", json={"name": "recycle", "triggers": ["분리수거"],
                                           "steps": ["Check the district", "Sort plastics"]})
    assert skill.status_code == 201 and skill.json()["layer"] == "procedural"
    assert alice.post("/v1/skills", json={"name": "x", "triggers": [], "steps": ["a"]}
                      ).status_code == 422
    no_session = alice.post("/v1/sessions/end")
    assert no_session.status_code == 422 and no_session.json()["error"]["code"] == "INVALID_SCOPE"


def test_next_turn_selection_over_http(api_server: ApiServer, alice) -> None:  # type: ignore[no-untyped-def]
    note = _create(alice, "나비는 닭고기 알레르기가 있다", category="health")
    other = api_server.client(api_server.token("acme", "bob"))
    s1 = {"session_id": "s1"}
    missing = alice.get("/v1/next-turn")
    assert missing.status_code == 422 and missing.json()["error"]["code"] == "INVALID_SCOPE"
    chosen = alice.post("/v1/next-turn", params=s1, json={"memory_ids": [note["id"]]})
    assert chosen.status_code == 200, chosen.text
    assert chosen.json() == {"session_id": "s1", "memory_ids": [note["id"]]}
    foreign = other.post("/v1/next-turn", params=s1, json={"memory_ids": [note["id"]]})
    assert foreign.status_code == 404 and foreign.json()["error"]["code"] == "MEMORY_NOT_FOUND"
    preview = alice.post("/v1/context", params=s1, json={"query": "산책", "track_use": False})
    assert preview.json()["trace"]["selected"] == [note["id"]]
    assert alice.get("/v1/next-turn", params=s1).json()["memory_ids"] == [note["id"]]
    turn = alice.post("/v1/context", params=s1, json={"query": "산책"}).json()
    assert turn["trace"]["selected"] == [note["id"]]
    assert any(s["kind"] == "selected" for s in turn["sections"])
    assert alice.get("/v1/next-turn", params=s1).json()["memory_ids"] == []
    alice.post("/v1/next-turn", params=s1, json={"memory_ids": [note["id"]]})
    assert alice.delete("/v1/next-turn", params=s1).status_code == 204
    assert alice.get("/v1/next-turn", params=s1).json()["memory_ids"] == []
    alice.post(f"/v1/memories/{note['id']}/archive")
    archived = alice.post("/v1/next-turn", params=s1, json={"memory_ids": [note["id"]]})
    assert archived.status_code == 409 and archived.json()["error"]["code"] == "MEMORY_NOT_LIVE"
