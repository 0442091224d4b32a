"""What the service builds before it answers: the Korean analyser and the context block's
token counter are made at start-up on a worker thread, so the first request that needs them
does not hold the event loop (and every other request) while they load."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

import gieok.context.assemble as assemble

pytestmark = pytest.mark.integration


def test_the_context_counter_is_built_at_start_up_off_the_loop(
        start_api_server: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[threading.Thread] = []
    original = assemble.get_counter

    def get_counter(*args: Any, **kwargs: Any) -> Any:
        made.append(threading.current_thread())
        return original(*args, **kwargs)

    monkeypatch.setattr(assemble, "get_counter", get_counter)
    api = start_api_server()
    assert len(made) == 1 and made[0] is not api._thread  # not the server's event loop
    client = api.client(api.token("acme", "u1"))
    answer = client.post("/v1/context", params={"session_id": "s1"},
                         json={"query": "what do I like to eat?"})
    assert answer.status_code == 200, answer.text
    assert len(made) == 1  # the request used the counter built at start-up


def test_a_gate_of_one_still_answers_every_search_and_context_at_once(
        start_api_server: Callable[..., Any]) -> None:
    """``api.max_ranking_in_flight = 1``: concurrent searches and context calls queue at the
    gate and every one is answered; a save meanwhile does not wait at it."""
    from concurrent.futures import ThreadPoolExecutor

    api = start_api_server(api={"max_ranking_in_flight": 1})
    token = api.token("acme", "u1")
    client = api.client(token)
    saved = client.post("/v1/memories", json={"content": "I live in Busan."},
                        params={"user_id": "u1"})
    assert saved.status_code in (200, 201), saved.text

    def one(i: int) -> int:
        with api.client(token) as c:  # type: ignore[attr-defined]
            if i % 2:
                return c.post("/v1/context", params={"session_id": f"s{i}"},
                              json={"query": "where do I live?"}).status_code
            return c.post("/v1/search", json={"query": "where do I live?", "k": 5}).status_code

    with ThreadPoolExecutor(8) as pool:
        codes = list(pool.map(one, range(16)))
    assert codes == [200] * 16
    hits = client.post("/v1/search", json={"query": "where do I live?", "k": 5}).json()["hits"]
    assert any("Busan" in h["memory"]["content"] for h in hits)
