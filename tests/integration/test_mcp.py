"""The MCP server through the official ``mcp`` SDK client, over both transports: ``gieok mcp``
as a stdio subprocess, and the service's ``/mcp`` streamable-HTTP endpoint on a live uvicorn
server with bearer tokens (tenant and user from the token, never from tool arguments)."""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

pytestmark = pytest.mark.integration
TOOLS = {"remember", "search", "context", "list", "forget"}
Connect = Callable[[], AbstractAsyncContextManager[Client]]


def _data(result: Any) -> Any:
    assert not result.is_error, result.content
    if result.structured_content is not None:
        data = result.structured_content
        return data.get("result", data) if set(data) == {"result"} else data
    return json.loads(result.content[0].text)


def _error_text(result: Any) -> str:
    assert result.is_error
    return " ".join(getattr(block, "text", "") for block in result.content)


async def _exercise(connect: Connect) -> None:
    """The behaviour both transports must show: tools, results, resources and errors."""
    async with connect() as client:
        tools = await client.list_tools()
        assert {t.name for t in tools.tools} == TOOLS
        forget_schema = next(t for t in tools.tools if t.name == "forget").input_schema
        assert "confirm" in forget_schema["properties"]
        assert all("user_id" not in t.input_schema.get("properties", {}) for t in tools.tools)

        home = _data(await client.call_tool("remember", {
            "content": "User lives in Gangnam-gu, Seoul", "type": "fact",
            "category": "location", "importance": 0.8}))
        assert home["content"] == "User lives in Gangnam-gu, Seoul" and home["version"] == 1
        _data(await client.call_tool("remember", {"content": "Prefers oat milk",
                                                  "type": "preference", "session_id": "s1"}))
        hits = _data(await client.call_tool("search", {"query": "where does the user live?",
                                                       "k": 5}))
        assert hits[0]["id"] == home["id"] and hits[0]["score"] > 0
        in_session = _data(await client.call_tool("search", {"query": "milk",
                                                             "session_id": "s1"}))
        assert in_session[0]["content"] == "Prefers oat milk"
        assert in_session[0]["scope"].endswith("/session:s1")  # remembered in that session
        block = _data(await client.call_tool("context", {"query": "plastic recycling near home"}))
        assert "Gangnam-gu" in block["text"] and home["id"] in block["used"]
        listed = _data(await client.call_tool("list", {"limit": 1}))
        assert listed["total"] == 2 and listed["has_more"] is True

        memory = await client.read_resource(f"gieok://memories/{home['id']}")
        assert json.loads(memory.contents[0].text)["content"] == home["content"]
        history = await client.read_resource(f"gieok://memories/{home['id']}/history")
        assert [e["action"] for e in json.loads(history.contents[0].text)] == ["create"]
        with pytest.raises(MCPError, match="MEMORY_NOT_FOUND"):
            await client.read_resource("gieok://memories/no-such-id")

        # Bad arguments are MCP tool errors, and nothing is written.
        assert "content" in _error_text(await client.call_tool("remember", {"content": ""}))
        assert _error_text(await client.call_tool("search", {"query": "x", "k": 0}))
        assert _error_text(await client.call_tool("search", {"query": "x",
                                                             "filters": {"colour": "red"}}))
        assert "INVALID" in _error_text(await client.call_tool("remember", {
            "content": "x", "type": "gossip"}))
        assert _error_text(await client.call_tool("list", {"session_id": "bad id!"}))
        assert "CONFIRMATION_REQUIRED" in _error_text(await client.call_tool("forget", {}))
        assert "NOT_FOUND" in _error_text(await client.call_tool("forget", {
            "confirm": True, "memory_id": "nope"}))
        assert _data(await client.call_tool("list", {}))["total"] == 2

        gone = _data(await client.call_tool("forget", {"confirm": True,
                                                       "memory_id": home["id"]}))
        assert gone == {"deleted": 1, "memory_id": home["id"]}
        with pytest.raises(MCPError):
            await client.read_resource(f"gieok://memories/{home['id']}")
        assert _data(await client.call_tool("forget", {"confirm": True}))["deleted"] == 1
        assert _data(await client.call_tool("list", {}))["total"] == 0


def test_stdio_transport(tmp_path: Path) -> None:
    gieok = Path(sys.executable).parent / "gieok"
    params = StdioServerParameters(
        command=str(gieok), args=["mcp", "--user", "alice", "--org", "acme"],
        env={"GIEOK_STORE_URL": f"sqlite:///{tmp_path / 'mcp.db'}",
             "GIEOK_EMBEDDER": "hash:256", "GIEOK_DATA_DIR": str(tmp_path)})

    @asynccontextmanager
    async def connect() -> AsyncIterator[Client]:
        async with Client(params, read_timeout_seconds=120) as client:
            yield client

    anyio.run(_exercise, connect)


def test_stdio_refuses_to_start_without_a_scope(tmp_path: Path, cli: Any) -> None:
    result = cli("mcp")
    assert result.exit_code == 2 and "INVALID_SCOPE" in result.output


def _http(url: str, token: str | None) -> Connect:
    @asynccontextmanager
    async def connect() -> AsyncIterator[Client]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        async with httpx2.AsyncClient(headers=headers, timeout=60) as http:
            async with Client(streamable_http_client(f"{url}/mcp", http_client=http)) as client:
                yield client

    return connect


def test_http_transport_behind_bearer_tokens(api_server: Any) -> None:
    alice = api_server.token("acme", "alice")
    anyio.run(_exercise, _http(api_server.url, alice))


def test_http_tenants_and_users_see_only_their_own(api_server: Any) -> None:
    alice, bob = api_server.token("acme", "alice"), api_server.token("acme", "bob")
    intruder = api_server.token("globex", "alice")  # same user id, another tenant

    async def scenario() -> None:
        async with _http(api_server.url, alice)() as client:
            secret = _data(await client.call_tool("remember", {"content": "Alice's door code"
                                                                          " is in the blue book"}))
        for token in (bob, intruder):
            async with _http(api_server.url, token)() as client:
                hits = _data(await client.call_tool("search", {"query": "door code blue book"}))
                assert hits == []
                # A user_id argument cannot widen the scope: it is refused or ignored.
                sneaky = await client.call_tool("search", {"query": "door code",
                                                           "user_id": "alice"})
                assert sneaky.is_error or _data(sneaky) == []
                assert _data(await client.call_tool("list", {}))["total"] == 0
                with pytest.raises(MCPError, match="NOT_FOUND"):
                    await client.read_resource(f"gieok://memories/{secret['id']}")
                refused = await client.call_tool("forget", {"confirm": True,
                                                            "memory_id": secret["id"]})
                assert "NOT_FOUND" in _error_text(refused)
        # The REST API agrees: the memory is still there for Alice.
        got = api_server.client(alice).get(f"/v1/memories/{secret['id']}")
        assert got.status_code == 200 and got.json()["scope"] == "org:acme/user:alice"

    anyio.run(scenario)


def test_http_without_a_valid_token_is_401(api_server: Any) -> None:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    for headers in ({}, {"Authorization": "Bearer not-a-token"}):
        response = httpx.post(f"{api_server.url}/mcp", json=body, timeout=30, headers={
            "Accept": "application/json, text/event-stream", **headers})
        assert response.status_code == 401
        assert response.json()["error"]["code"] == "UNAUTHORIZED"

    async def connect_without_token() -> None:
        async with _http(api_server.url, None)() as client:
            await client.list_tools()

    with pytest.raises(Exception):  # noqa: B017 - the SDK's own connection error
        anyio.run(connect_without_token)
