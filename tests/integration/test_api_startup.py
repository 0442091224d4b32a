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
