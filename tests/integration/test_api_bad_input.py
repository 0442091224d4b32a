"""Bad input over HTTP is a 4xx with a stable code, never a 500 (issue 15, item 10).

Each request below returned HTTP 500 on main: an empty OR, 100 nested NOTs (SQLite's
parser stack), integers past 64 bits, a 40,000-value ``in`` list, lone surrogates in a tag
or a metadata key, times at the edge of the calendar. The limits that refuse them are in
``gieok.domain.limits`` and docs/reliability.md; the routes inherit them from the engine and
``api/errors.py``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

pytestmark = pytest.mark.integration


def _nested_not(depth: int) -> dict[str, Any]:
    flt: dict[str, Any] = {"type": "fact"}
    for _ in range(depth):
        flt = {"NOT": flt}
    return flt


SEARCH_FILTERS = {
    "empty OR": {"OR": [{}]},
    "empty AND item": {"AND": [{"type": "fact"}, {}]},
    "100 NOTs": _nested_not(100),
    "int past 64 bits": {"metadata.n": 2**70},
    "negative int past 64 bits": {"metadata.n": {"lt": -(2**64)}},
    "huge confidence": {"confidence": {"gt": 10**400}},
    "40k tags.in": {"tags": {"in": [f"t{i}" for i in range(40_000)]}},
    "surrogate tag": {"tags": "\ud800"},
    "surrogate metadata value": {"metadata.k": "a\udfff"},
    "year 9999 with offset": {"event_time": {"gte": "9999-12-31T23:59:59-12:00"}},
}
MEMORY_BODIES = {
    "surrogate tag": {"content": "a note", "tags": ["ok", "\ud800"]},
    "surrogate metadata key": {"content": "a note", "metadata": {"\udfff": 1}},
    "surrogate content": {"content": "note \ud83d"},
    "int past 64 bits": {"content": "a note", "metadata": {"n": 2**70}},
    "deep metadata": {"content": "a note", "metadata": _nested_not(40)},
    "year 0": {"content": "a note", "timestamp": "0001-01-01T00:00:00+12:00"},
}


def _post(client: Any, path: str, body: Any, **params: str) -> Any:
    """JSON with ``\\uXXXX`` escapes, as any client sends a lone surrogate."""
    return client.post(path, params=params, content=json.dumps(body),
                       headers={"Content-Type": "application/json"})


def _code(response: Any) -> str:
    body = response.json()
    return body["error"] if "success" in body else body["error"]["code"]


@pytest.fixture
def client(api_server: Any) -> Any:
    client = api_server.client(api_server.token("acme", "alice"))
    assert client.post("/v1/memories", json={"content": "I live in Mapo-gu"}).status_code == 201
    return client


@pytest.mark.parametrize("name", sorted(SEARCH_FILTERS))
def test_bad_filters_are_422(client: Any, name: str) -> None:
    response = _post(client, "/v1/search", {"query": "Mapo", "filters": SEARCH_FILTERS[name]})
    assert response.status_code == 422, response.text
    assert _code(response) == "INVALID_FILTER"


@pytest.mark.parametrize("name", sorted(MEMORY_BODIES))
def test_bad_memories_are_422_and_write_nothing(client: Any, name: str) -> None:
    before = client.get("/v1/memories").json()["total"]
    response = _post(client, "/v1/memories", MEMORY_BODIES[name])
    assert response.status_code == 422, response.text
    assert _code(response) in {"INVALID_INPUT", "INVALID_FILTER"}
    assert client.get("/v1/memories").json()["total"] == before


def test_surrogates_in_messages_and_queries(client: Any) -> None:
    for path, body in (("/v1/messages", {"messages": [{"role": "user", "content": "hi \ud800"}]}),
                       ("/v1/search", {"query": "Mapo \udfff"}),
                       ("/v1/context", {"query": "where \ud800"})):
        response = _post(client, path, body, session_id="s1")
        assert response.status_code == 422, (path, response.text)
        assert _code(response) == "INVALID_INPUT"
