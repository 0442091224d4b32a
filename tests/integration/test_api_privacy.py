"""User control over HTTP: what a hard delete and "memory off" leave readable. A deleted fact
said in two sessions must leave no turn behind; with memory off no read route may hand
memories to a new conversation."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

pytestmark = pytest.mark.integration

T = TypeVar("T")


def _wait(probe: Callable[[], T | None], what: str, timeout: float = 30.0) -> T:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = probe()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def _extracted(client: Any, count: int) -> bool:
    page: str = client.get("/metrics").text
    done = re.findall(r'gieok_jobs_total\{[^}]*kind="extract"[^}]*outcome="done"[^}]*\} (\S+)',
                      page)
    return sum(float(v) for v in done) >= count


@pytest.fixture
def me(api_server: Any) -> Any:
    return api_server.client(api_server.token("acme", "alice"))


def test_deleting_a_fact_said_in_two_sessions_removes_both_turns(me: Any) -> None:
    for jobs, session in enumerate(("mon", "sun"), start=1):
        said = me.post("/v1/messages", params={"session_id": session}, json={
            "messages": [{"role": "user", "content": "I take sertraline for my depression."}]})
        assert said.status_code == 200, said.text
        _wait(lambda jobs=jobs: _extracted(me, jobs), f"extraction {jobs}")
    memories = me.get("/api/v1/users/me/memories").json()["memories"]
    victims = [m for m in memories if "sertraline" in m["content"]]
    assert victims, memories
    for memory in victims:
        assert me.delete(f"/api/v1/users/me/memories/{memory['id']}").status_code == 204
    hits = me.post("/v1/search", json={"query": "sertraline depression"}).json()["hits"]
    assert not any("sertraline" in h["memory"]["content"] for h in hits), hits
    assert "sertraline" not in me.get("/v1/export").text


def test_memory_off_empties_search_and_load_but_not_the_users_own_list(me: Any) -> None:
    me.post("/v1/memories", json={"content": "사용자는 마포구 망원동에 거주", "category": "location"})
    me.post("/api/v1/memory/create", json={"personaId": "p1", "manualSummary": "좋아하는 색은 초록"})

    def reads() -> tuple[list[Any], list[Any], list[Any], int]:
        search = me.post("/v1/search", json={"query": "마포구 어디 살아"})
        assert search.status_code == 200, search.text
        load = me.get("/api/v1/memory/load")
        persona = me.get("/api/v1/memory/load", params={"personaId": "p1"})
        assert load.status_code == persona.status_code == 200, load.text
        listed = me.get("/api/v1/users/me/memories").json()["total"]
        return (search.json()["hits"], load.json()["memories"], persona.json()["memories"],
                listed)

    hits, loaded, persona, listed = reads()
    assert hits and loaded and persona and listed == 2
    off = me.patch("/api/v1/users/me/memory-settings", json={"is_enabled": False})
    assert off.status_code == 200, off.text
    assert reads() == ([], [], [], 2)
    block = me.post("/v1/context", params={"session_id": "s9"}, json={"query": "마포구"})
    assert block.json()["text"] == ""
    me.patch("/api/v1/users/me/memory-settings", json={"is_enabled": True})
    hits, loaded, persona, listed = reads()
    assert hits and loaded and persona and listed == 2
