"""The request envelope, as one pure ASGI middleware (no ``BaseHTTPMiddleware``):

- a request id: the caller's ``X-Request-ID`` when it is sane, else a fresh one; echoed on
  every response and attached to the log line;
- the body limit: a body over ``max_body_bytes`` is refused with 413 JSON before any route
  sees it (the body is buffered, so a lying ``Content-Length`` cannot get past it);
- timing, metrics and one structured log line per request; the time the server took until
  it started the response rides on it as ``Server-Timing: app;dur=<ms>`` (a standard
  header), so a client under load can tell the server's time from its own queueing
  (``gieok bench --http`` reports both);
- the last line of defence: an exception nothing else handled becomes a 500 JSON body that
  carries the request id instead of a stack trace.
"""

from __future__ import annotations

import json
import logging
import re
import time
import uuid
from typing import Any

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gieok.api.errors import error_body
from gieok.api.observability import Metrics

log = logging.getLogger("gieok.api")
_REQUEST_ID = re.compile(r"^[A-Za-z0-9._\-]{1,128}$")


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return value.decode("latin-1")
    return None


class RequestMiddleware:
    def __init__(self, app: ASGIApp, *, metrics: Metrics, max_body_bytes: int) -> None:
        self.app = app
        self.metrics = metrics
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        incoming = _header(scope, b"x-request-id")
        request_id = incoming if incoming and _REQUEST_ID.fullmatch(incoming) else uuid.uuid4().hex
        scope.setdefault("state", {})["request_id"] = request_id
        started = time.perf_counter()
        outcome: dict[str, Any] = {"status": 500, "started": False}

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                outcome["status"], outcome["started"] = message["status"], True
                headers = MutableHeaders(scope=message)
                headers["X-Request-ID"] = request_id
                headers["Server-Timing"] = \
                    f"app;dur={(time.perf_counter() - started) * 1000.0:.1f}"
            await send(message)

        try:
            replay = await self._read_body(scope, receive)
            if replay is None:
                self.metrics.failures.inc("BODY_TOO_LARGE")
                await self._send_json(send_with_id, 413, error_body(
                    scope.get("path", ""), "BODY_TOO_LARGE",
                    f"request body is over {self.max_body_bytes} bytes; send less per request "
                    "(use `gieok import` for bulk loads)", {"limit": self.max_body_bytes}))
            else:
                await self.app(scope, replay, send_with_id)
        except Exception:
            log.exception("unhandled error", extra={"request_id": request_id})
            self.metrics.failures.inc("INTERNAL_ERROR")
            if not outcome["started"]:
                await self._send_json(send_with_id, 500, error_body(
                    scope.get("path", ""), "INTERNAL_ERROR",
                    f"internal error; quote request id {request_id} when reporting it"))
        finally:
            self._record(scope, request_id, outcome["status"], time.perf_counter() - started)

    async def _read_body(self, scope: Scope, receive: Receive) -> Receive | None:
        """Buffer the body up to the limit; ``None`` when it is too large."""
        declared = _header(scope, b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_body_bytes:
            return None
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                pending: list[Message] = [message]
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body_bytes:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                pending = [{"type": "http.request", "body": b"".join(chunks), "more_body": False}]
                break

        async def replay() -> Message:
            return pending.pop(0) if pending else await receive()

        return replay

    @staticmethod
    async def _send_json(send: Send, status: int, body: dict[str, Any]) -> None:
        payload = json.dumps(body).encode("utf-8")
        await send({"type": "http.response.start", "status": status, "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(payload)).encode("ascii")),
        ]})
        await send({"type": "http.response.body", "body": payload})

    def _record(self, scope: Scope, request_id: str, status: int, seconds: float) -> None:
        route = getattr(scope.get("route"), "path", None) or "unmatched"
        method = scope.get("method", "")
        self.metrics.requests.inc(method, route, str(status))
        self.metrics.latency.observe(seconds, method, route)
        if status >= 500:
            self.metrics.server_errors.inc()
        principal = scope.get("state", {}).get("principal")
        log.info("request", extra={
            "request_id": request_id, "method": method, "path": scope.get("path", ""),
            "route": route, "status": status, "duration_ms": round(seconds * 1000, 2),
            "tenant": getattr(principal, "tenant", None), "user": getattr(principal, "user", None),
        })
