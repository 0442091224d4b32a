"""Without the ``web`` extra the service still starts and ``/ui`` says how to get the page."""

from __future__ import annotations

import httpx
import pytest
from fastapi import FastAPI

import gieok.web

pytestmark = pytest.mark.anyio


async def test_missing_extra_answers_503_with_the_install_command(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gieok.web, "missing_dependencies", lambda: ["jinja2"])
    app = FastAPI()
    gieok.web.mount_inspector(app)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        for path in ("/ui", "/ui/search"):
            response = await client.get(path)
            assert response.status_code == 503
            assert "pip install 'gieok[web]'" in response.text and "jinja2" in response.text


def test_installed_extra_mounts_the_inspector() -> None:
    assert gieok.web.missing_dependencies() == []
    app = FastAPI()
    gieok.web.mount_inspector(app)
    assert any(getattr(r, "path", "") == "/ui" and getattr(r, "name", "") == "inspector"
               for r in app.routes)
