"""The request envelope on a bare ASGI app (no sockets): ids, body limit, last-resort 500."""

from __future__ import annotations

import httpx
import pytest
from starlette.types import Receive, Scope, Send

from gieok.api.middleware import RequestMiddleware
from gieok.api.observability import Metrics

pytestmark = pytest.mark.anyio


async def echo_app(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["path"] == "/boom":
        raise RuntimeError("secret internals")
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": body})


def _client(limit: int = 100) -> tuple[httpx.AsyncClient, Metrics]:
    metrics = Metrics()
    app = RequestMiddleware(echo_app, metrics=metrics, max_body_bytes=limit)
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    return httpx.AsyncClient(transport=transport, base_url="http://test"), metrics


async def test_body_under_the_limit_reaches_the_app_intact() -> None:
    client, _ = _client()
    response = await client.post("/echo", content=b"x" * 100)
    assert response.status_code == 200 and response.content == b"x" * 100


async def test_body_over_the_limit_is_413_json_declared_or_streamed() -> None:
    client, metrics = _client()
    declared = await client.post("/echo", content=b"x" * 101)
    assert declared.status_code == 413
    assert declared.json()["error"]["code"] == "BODY_TOO_LARGE"

    async def stream():  # type: ignore[no-untyped-def]
        for _ in range(5):
            yield b"y" * 30

    streamed = await client.post("/echo", content=stream())
    assert streamed.status_code == 413 and "x-request-id" in streamed.headers
    assert metrics.failures.value("BODY_TOO_LARGE") == 2


async def test_seed_003_paths_get_the_seed_error_shape() -> None:
    client, _ = _client()
    response = await client.post("/api/v1/memory/create", content=b"x" * 500)
    assert response.json() == {"success": False, "error": "BODY_TOO_LARGE",
                               "message": response.json()["message"]}


async def test_unhandled_errors_become_500_json_without_internals() -> None:
    client, metrics = _client()
    response = await client.get("/boom", headers={"X-Request-ID": "r-1"})
    assert response.status_code == 500
    assert response.json()["error"]["code"] == "INTERNAL_ERROR"
    assert "secret internals" not in response.text and "r-1" in response.text
    assert response.headers["x-request-id"] == "r-1"
    assert metrics.server_errors.value() == 1


async def test_request_ids_are_echoed_or_generated() -> None:
    client, metrics = _client()
    given = await client.get("/x", headers={"X-Request-ID": "abc.DEF-1_2"})
    assert given.headers["x-request-id"] == "abc.DEF-1_2"
    made = await client.get("/x", headers={"X-Request-ID": "x" * 200})
    assert made.headers["x-request-id"] != "x" * 200
    assert metrics.requests.value("GET", "unmatched", "200") == 2


async def test_every_response_says_the_servers_own_time() -> None:
    """``Server-Timing: app;dur=<ms>`` on answers and on refusals alike: the load bench tells
    the server's time from the client's queueing by it."""
    from gieok.evaluation.http_load import server_ms

    client, _ = _client()
    for response in (await client.get("/x"), await client.post("/x", content=b"y" * 500),
                     await client.get("/boom")):
        timing = response.headers["server-timing"]
        assert timing.startswith("app;dur=")
        served = server_ms(response)
        assert served is not None and served >= 0.0


def test_server_time_is_read_only_from_its_own_entry() -> None:
    from gieok.evaluation.http_load import server_ms

    def with_header(value: str | None) -> httpx.Response:
        return httpx.Response(200, headers={} if value is None else {"Server-Timing": value})

    assert server_ms(with_header("db;dur=3, app;dur=12.5")) == 12.5
    assert server_ms(with_header('app;desc="x";dur=7')) == 7.0
    assert server_ms(with_header("app")) is None
    assert server_ms(with_header("app;dur=abc")) is None
    assert server_ms(with_header("total;dur=4")) is None
    assert server_ms(with_header(None)) is None
