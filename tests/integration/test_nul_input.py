"""A NUL character (U+0000) is refused alike on every store, over HTTP and in the library.

PostgreSQL cannot keep a NUL in a text or JSON value: before this rule, any text holding one
answered 503 STORE_UNAVAILABLE on PostgreSQL (``gieok.Client`` then retried it for 24 s)
while SQLite stored it, and ``POST /v1/messages`` answered 200 with the turn in working
memory but not in the archive. Now ``gieok.domain.limits.check_text`` refuses it at the
input boundary with a 422 (``INVALID_INPUT`` or, in a filter, ``INVALID_FILTER``) whose
message says what to do, and nothing is written. Each case here is an entry point a new
user's trial found failing on PostgreSQL.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from gieok import Memory
from gieok.errors import InvalidInputError

pytestmark = pytest.mark.integration

NUL = "\u0000"

# (method, path, query params, JSON body)
CASES: dict[str, tuple[str, str, dict[str, str], Any]] = {
    "content": ("POST", "/v1/memories", {}, {"content": f"nul {NUL} byte"}),
    "metadata value": ("POST", "/v1/memories", {}, {"content": "ok", "metadata": {"k": f"v{NUL}"}}),
    "metadata key": ("POST", "/v1/memories", {}, {"content": "ok", "metadata": {f"k{NUL}": "v"}}),
    "tag": ("POST", "/v1/memories", {}, {"content": "ok", "tags": [f"a{NUL}b"]}),
    "category": ("POST", "/v1/memories", {}, {"content": "ok", "category": f"x{NUL}"}),
    "data": ("POST", "/v1/memories", {}, {"content": "ok", "data": {"a": NUL}}),
    "search query": ("POST", "/v1/search", {}, {"query": f"where {NUL} live"}),
    "context query": ("POST", "/v1/context", {}, {"query": f"where {NUL} live"}),
    "message": ("POST", "/v1/messages", {"session_id": "s1", "wait": "true"},
                {"messages": [{"role": "user", "content": f"I live in {NUL} Paris"}]}),
    "message name": ("POST", "/v1/messages", {"session_id": "s2"},
                     {"messages": [{"role": "user", "content": "hi", "name": f"a{NUL}b"}]}),
    "filter value": ("POST", "/v1/search", {}, {"query": "x", "filters": {"metadata.k": NUL}}),
    "filter field": ("POST", "/v1/search", {}, {"query": "x", "filters": {f"metadata.a{NUL}": "v"}}),
    "list category": ("GET", "/v1/memories", {"category": NUL}, None),
    "import item": ("POST", "/v1/import", {},
                    {"items": [{"content": "ok1"}, {"content": f"a{NUL}"}]}),
    "update content": ("PATCH", "/v1/memories/{id}", {}, {"content": f"new {NUL}"}),
    "memory id": ("GET", "/v1/memories/a%00b", {}, None),
    "next-turn id": ("POST", "/v1/next-turn", {"session_id": "s3"}, {"memory_ids": [NUL]}),
    "allowed category": ("PATCH", "/v1/settings", {}, {"allowed_categories": [NUL]}),
}


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    if request.param == "postgres":
        return request.getfixturevalue("pg_url")  # type: ignore[no-any-return]
    if request.param == "memory":
        return "memory://"
    return f"sqlite:///{tmp_path / 'nul.db'}"


@pytest.fixture
def client_and_id(store_url: str, start_api_server: Callable[..., Any]) -> tuple[Any, str]:
    server = start_api_server(store_url=store_url)
    client = server.client(server.token("acme", "alice"))
    created = client.post("/v1/memories", json={"content": "I live in Mapo-gu"})
    assert created.status_code == 201, created.text
    return client, created.json()["id"]


def _code(response: Any) -> str:
    return response.json()["error"]["code"]  # type: ignore[no-any-return]


def test_every_entry_point_refuses_nul_with_422(client_and_id: tuple[Any, str]) -> None:
    client, memory_id = client_and_id
    answers = {}
    for name, (method, path, params, body) in CASES.items():
        content = None if body is None else json.dumps(body)
        response = client.request(method, path.replace("{id}", memory_id), params=params,
                                  content=content, headers={"Content-Type": "application/json"})
        answers[name] = (response.status_code, response.text[:200])
    wrong = {k: v for k, v in answers.items() if v[0] != 422}
    assert not wrong, wrong
    assert "U+0000" in answers["content"][1] and "remove it" in answers["content"][1]
    # nothing was written: the one memory, unchanged, no turn archived, settings untouched
    listed = client.get("/v1/memories").json()
    assert listed["total"] == 1 and listed["items"][0]["content"] == "I live in Mapo-gu"
    hits = client.post("/v1/search", json={"query": "Paris", "k": 50}).json()["hits"]
    assert not [h for h in hits if "Paris" in json.dumps(h)]
    assert client.post("/v1/memories", json={"content": "I like tea"}).status_code == 201
    # history given to context() is read, never stored: every store answers it alike
    history = {"query": "x", "history": [{"role": "user", "content": f"a{NUL}b"}]}
    assert client.post("/v1/context", json=history).status_code == 200


def test_nul_in_allowed_categories_does_not_stop_writes(client_and_id: tuple[Any, str]) -> None:
    client, _ = client_and_id
    for bad in ([NUL], ["locaton"]):
        response = client.patch("/v1/settings", json={"allowed_categories": bad})
        assert response.status_code == 422, response.text
        assert _code(response) == "INVALID_INPUT"
    assert client.post("/v1/memories", json={"content": "I like green tea"}).status_code == 201


@pytest.mark.parametrize("kind", ["sqlite", "postgres", "memory"])
def test_library_refuses_nul_on_every_store(kind: str, request: pytest.FixtureRequest,
                                            tmp_path: Any, settings: Any) -> None:
    url = {"sqlite": f"sqlite:///{tmp_path / 'lib.db'}", "memory": "memory://"}.get(kind)
    with Memory(url or request.getfixturevalue("pg_url"), settings=settings) as mem:
        with pytest.raises(InvalidInputError, match="U\\+0000"):
            mem.remember(f"a{NUL}b", user_id="u1")
        with pytest.raises(InvalidInputError):
            mem.add([{"role": "user", "content": f"I live in {NUL} Paris"}], user_id="u1",
                     session_id="s1")
        with pytest.raises(InvalidInputError):
            mem.search(f"a{NUL}", user_id="u1")
        with pytest.raises(InvalidInputError):
            mem.update_settings(user_id="u1", allowed_categories=["locaton"])
        assert mem.list(user_id="u1").total == 0


def test_a_value_postgresql_refuses_is_a_422_store_data_error(pg_url: str) -> None:
    """The net behind the input checks: a psycopg DataError reaching the store boundary is
    a ``StoreDataError`` (422, not retriable), never STORE_UNAVAILABLE."""
    import anyio

    from gieok.api.errors import status_for
    from gieok.domain.records import MemoryRecord
    from gieok.domain.scope import Scope
    from gieok.errors import StoreDataError
    from gieok.stores import open_store
    from gieok.stores.base import WriteBatch

    async def probe() -> StoreDataError:
        store = await open_store(pg_url)
        try:
            with pytest.raises(StoreDataError) as err:
                await store.write(WriteBatch(upserts=[(MemoryRecord(
                    scope=Scope.of(user_id="u1"), content=f"a{NUL}b"), None)]))
            return err.value
        finally:
            await store.aclose()

    error = anyio.run(probe)
    assert error.code == "STORE_DATA_REJECTED" and not error.retriable
    assert status_for(error) == 422
