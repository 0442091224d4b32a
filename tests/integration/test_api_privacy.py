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
