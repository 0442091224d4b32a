"""One behaviour suite, two faces: every test runs against the embedded ``Memory`` and against
``gieok.Client`` talking to a live ``gieok serve`` (uvicorn on loopback) — same calls, same
return types, same typed errors. Then what only the client has: retries on 503 honouring
``Retry-After``, and the token's authority."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from gieok import (
    AddResult,
    AsyncClient,
    AsyncMemory,
    AuditEvent,
    AuthError,
    BackendError,
    Client,
    Context,
    GieokSettings,
    InvalidInputError,
    Memory,
    MemoryRecord,
    NotFoundError,
    Page,
    ScopeSettings,
    ScoredMemory,
)

pytestmark = pytest.mark.integration


@pytest.fixture(params=["library", "service"])
def mem(request: pytest.FixtureRequest, db_url: str, settings: GieokSettings) -> Iterator[Any]:
    if request.param == "library":
        engine: Any = Memory(db_url, settings=settings)
    else:
        server = request.getfixturevalue("api_server")
        engine = Client(server.url, server.token("acme", "alice"))
    yield engine
    engine.close()


def test_remember_get_update_history_versions_rollback(mem: Any) -> None:
    home = mem.remember("사용자는 서울 강남구에 살고 있다", user_id="alice", category="location",
                        importance=0.8, timestamp="2024-03-01T09:00:00+09:00")
    assert isinstance(home, MemoryRecord) and home.version == 1
    assert home.scope.user == "alice" and home.event_time.year == 2024
    again = mem.get(home.id)
    assert isinstance(again, MemoryRecord) and again.content == home.content
    updated = mem.update(home.id, content="사용자는 서울 마포구로 이사했다")
    assert updated.version == 2 and updated.id == home.id
    history = mem.history(home.id)
    assert all(isinstance(e, AuditEvent) for e in history)
    assert [e.action.value for e in history] == ["create", "update"]
    assert [v.version for v in mem.versions(home.id)] == [1, 2]
    rolled = mem.rollback(home.id, 1)
    assert rolled.content == "사용자는 서울 강남구에 살고 있다" and rolled.version == 3


def test_search_types_ranking_and_limit_alias(mem: Any) -> None:
    mem.remember("User lives in Gangnam-gu, Seoul", user_id="alice", category="location")
    mem.remember("User's cat Nabi is allergic to chicken", user_id="alice", pinned=True)
    mem.remember("User prefers oat milk", user_id="alice", type="preference")
    hits = mem.search("where does the user live", user_id="alice", k=2)
    assert len(hits) == 2 and all(isinstance(h, ScoredMemory) for h in hits)
    assert hits[0].record.content == "User lives in Gangnam-gu, Seoul"
    assert hits[0].score >= hits[1].score and hits[0].parts.relevance > 0
    assert len(mem.search("user", user_id="alice", limit=1)) == 1
    prefs = mem.search("milk", user_id="alice", filters={"type": "preference"})
    assert [h.record.content for h in prefs] == ["User prefers oat milk"]
    with pytest.raises(InvalidInputError):
        mem.search("user", user_id="alice", k=3, limit=1)


def test_list_archive_restore_delete(mem: Any) -> None:
    one = mem.remember("Has a cat named Nabi", user_id="alice")
    mem.remember("Prefers tea", user_id="alice", type="preference")
    page = mem.list(user_id="alice", limit=1)
    assert isinstance(page, Page) and page.total == 2 and page.has_more
    assert [r.content for r in mem.list(user_id="alice",
                                        filters={"type": "preference"}).items] == ["Prefers tea"]
    assert mem.archive(one.id).status.value == "archived"
    assert mem.list(user_id="alice").total == 1
    assert mem.list(user_id="alice", include_archived=True).total == 2
    assert mem.restore(one.id).status.value == "active"
    assert mem.delete(one.id) is None
    assert mem.get(one.id).status.value == "deleted"
    mem.delete(one.id, hard=True)
    with pytest.raises(NotFoundError) as missing:
        mem.get(one.id)
    assert missing.value.code == "MEMORY_NOT_FOUND"


def test_the_same_typed_errors(mem: Any) -> None:
    with pytest.raises(NotFoundError):
        mem.get("no-such-memory")
    with pytest.raises(NotFoundError):
        mem.update("no-such-memory", content="x")
    with pytest.raises(InvalidInputError):
        mem.remember("   ", user_id="alice")
    with pytest.raises(InvalidInputError):
        mem.search("user", user_id="alice", k=0)
    with pytest.raises(InvalidInputError) as bad_filter:
        mem.search("user", user_id="alice", filters={"colour": "red"})
    assert bad_filter.value.code == "INVALID_FILTER"
    assert mem.list(user_id="alice").total == 0  # nothing was half-written


def test_add_extracts_and_context_carries_it(mem: Any) -> None:
    result = mem.add([{"role": "user", "content": "I live in Gangnam-gu, Seoul."},
                      {"role": "assistant", "content": "Noted!"}],
                     user_id="alice", session_id="monday")
    assert isinstance(result, AddResult) and result.turns_added == 2
    assert [d.memory.content for d in result.decisions] == ["User lives in Gangnam-gu, Seoul"]
    assert result.decisions[0].kind.value == "ADD"
    block = mem.context("Where do I recycle plastic?", user_id="alice", session_id="tuesday")
    assert isinstance(block, Context) and "Gangnam-gu" in block.text
    assert block.trace.used and block.tokens > 0
    ended = mem.end_session(user_id="alice", session_id="monday")
    assert isinstance(ended, AddResult)


def test_settings_skills_import_export_forget(mem: Any) -> None:
    assert isinstance(mem.get_settings(user_id="alice"), ScopeSettings)
    changed = mem.update_settings(user_id="alice", max_memories=5)
    assert changed.max_memories == 5 and mem.get_settings(user_id="alice").max_memories == 5
    skill = mem.add_skill("deploy", triggers=["deploy"], steps=["build", "ship"],
                          user_id="alice")
    assert skill.layer.value == "procedural"
    imported = mem.import_memories([{"content": "Likes jazz"}, {"text": "Runs at dawn",
                                                                "timestamp": "2023-05-01"}],
                                   user_id="alice")
    assert [r.content for r in imported] == ["Likes jazz", "Runs at dawn"]
    assert imported[1].event_time.year == 2023
    with pytest.raises(InvalidInputError):
        mem.import_memories([{"content": "ok"}, {"content": ""}], user_id="alice")
    exported = mem.export(user_id="alice")
    assert {row["content"] for row in exported} >= {"Likes jazz", "Runs at dawn"}
    assert mem.forget(user_id="alice") == len(exported)
    assert mem.list(user_id="alice").total == 0


def test_async_client_matches_async_memory(api_server: Any, db_url: str,
                                           settings: GieokSettings) -> None:
    async def run(engine: Any) -> list[str]:
        async with engine:
            made = await engine.remember("User lives in Gangnam-gu", user_id="alice")
            with pytest.raises(NotFoundError):
                await engine.get("missing")
            hits = await engine.search("where does the user live", user_id="alice")
            return [made.content, hits[0].record.content]

    library = asyncio.run(run(AsyncMemory(db_url, settings=settings)))
    service = asyncio.run(run(AsyncClient(api_server.url, api_server.token("acme", "alice"))))
    assert library == service == ["User lives in Gangnam-gu", "User lives in Gangnam-gu"]


def test_the_token_is_the_authority(api_server: Any) -> None:
    with Client(api_server.url, api_server.token("acme", "alice")) as alice:
        with pytest.raises(AuthError) as other_user:
            alice.search("anything", user_id="bob")
        assert other_user.value.code == "FORBIDDEN"
        with pytest.raises(InvalidInputError, match="tenant"):
            alice.remember("x", org_id="globex", user_id="alice")
        secret = alice.remember("Alice's door code is in the blue book")
    with Client(api_server.url, api_server.token("globex", "alice")) as intruder:
        with pytest.raises(NotFoundError):
            intruder.get(secret.id)
        assert intruder.search("door code blue book") == []
    with Client(api_server.url, "not-a-token") as nobody, pytest.raises(AuthError):
        nobody.list()


class _Busy(BaseHTTPRequestHandler):
    """A loopback server that answers 503 + Retry-After a scripted number of times."""

    busy_left = 0
    retry_after = "1"
    seen: list[float] = []

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:  # noqa: N802
        type(self).seen.append(time.monotonic())
        if type(self).busy_left > 0:
            type(self).busy_left -= 1
            body = b'{"error": {"code": "QUEUE_FULL", "message": "busy", "details": {}}}'
            self.send_response(503)
            self.send_header("Retry-After", type(self).retry_after)
        else:
            body = b'{"items": [], "total": 0, "limit": 100, "offset": 0, "has_more": false}'
            self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def busy_server() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Busy)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def test_503_is_retried_after_retry_after(busy_server: str) -> None:
    _Busy.busy_left, _Busy.seen = 2, []
    with Client(busy_server, "t", backoff_factor=0.01) as client:
        page = client.list()
    assert page.total == 0 and len(_Busy.seen) == 3
    gaps = [b - a for a, b in zip(_Busy.seen, _Busy.seen[1:], strict=False)]
    assert all(gap >= 0.9 for gap in gaps), gaps  # waited the Retry-After second each time

    _Busy.busy_left, _Busy.seen, _Busy.retry_after = 10, [], "0"
    with Client(busy_server, "t", retries=2, backoff_factor=0.01) as client, pytest.raises(
            BackendError) as busy:
        client.list()
    assert busy.value.code == "QUEUE_FULL" and len(_Busy.seen) == 3
    _Busy.retry_after = "1"
