"""The memory inspector (I6): a server-rendered web page at ``/ui`` of ``gieok serve``.

Timeline, search with score parts, each memory's provenance, versions and history with
edit/pin/archive/restore/rollback/delete, per-scope settings with "delete everything", "use
in the next turn" and a context preview. Jinja2 templates and a small stylesheet ship inside
the package; it needs the ``web`` extra (``pip install 'gieok[web]'``).
"""

from __future__ import annotations

WEB_MODULES = ("jinja2", "itsdangerous", "multipart")


def missing_dependencies() -> list[str]:
    """The ``web`` extra's modules that are not installed (empty when the page can run)."""
    import importlib.util

    return [m for m in WEB_MODULES if importlib.util.find_spec(m) is None]


def mount_inspector(app: object, path: str = "/ui") -> None:
    """Serve the inspector at ``path`` of the service ``app`` (a FastAPI app whose state
    holds the engine and the token service). Without the ``web`` extra, ``path`` answers
    503 with the command that installs it, instead of the service failing to start."""
    from fastapi import FastAPI
    from fastapi.responses import PlainTextResponse

    assert isinstance(app, FastAPI)
    missing = missing_dependencies()
    if missing:
        async def not_installed(rest: str = "") -> PlainTextResponse:
            return PlainTextResponse(
                "The memory inspector needs the web extra: pip install 'gieok[web]' "
                f"(missing: {', '.join(missing)}), then restart `gieok serve`.", 503)

        app.add_api_route(path, not_installed, include_in_schema=False)
        app.add_api_route(path + "/{rest:path}", not_installed, include_in_schema=False)
        return
    from gieok.web.app import create_inspector

    app.mount(path, create_inspector(app), name="inspector")
