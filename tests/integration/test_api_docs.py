"""``/docs`` and ``/redoc`` work with no network: the pages and every asset they reference come
from the local server (Swagger UI and ReDoc ship in an installed package, not a CDN)."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.integration

# src="…", href="…" and the quoted URLs the inline script hands Swagger UI / ReDoc.
REFERENCE = re.compile(r"""(?:src|href|url|spec-url)\s*[=:]\s*["']([^"']+)["']""")


@pytest.mark.parametrize(("page", "marker"), [("/docs", "SwaggerUIBundle"),
                                               ("/redoc", "Redoc")])
def test_docs_page_and_every_asset_it_references_come_from_the_local_server(
        api_server: Any, page: str, marker: str) -> None:
    client = api_server.client()
    html = client.get(page)
    assert html.status_code == 200 and html.headers["content-type"].startswith("text/html")
    references = set(REFERENCE.findall(html.text))
    assert references, html.text
    external = {r for r in references if re.match(r"^(?:[a-z]+:)?//", r)}
    assert not external, f"{page} loads from the network: {sorted(external)}"
    bodies = ""
    for ref in sorted(references):
        asset = client.get(ref)
        assert asset.status_code == 200 and asset.content, (ref, asset.status_code)
        if ref.endswith(".js"):
            bodies += asset.text
    assert marker in bodies  # the real Swagger UI / ReDoc bundle, not an empty file
    assert "/openapi.json" in references
