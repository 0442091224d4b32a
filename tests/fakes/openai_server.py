"""A real HTTP server on 127.0.0.1 speaking the OpenAI wire protocol, scriptable per test.

``POST /v1/chat/completions`` answers from a queue of scripted behaviours (per model or for
any model), falling back to a default; ``POST /v1/embeddings`` returns deterministic vectors.
Behaviours cover what real endpoints do to clients: valid JSON, prose around JSON, malformed
JSON, non-JSON bodies, HTTP errors, slow answers (timeouts). ``dead_url()`` gives a URL with
nothing listening (connection refused).

    with FakeOpenAIServer() as server:
        server.reply_json({"memories": [...]})        # next chat completion
        server.fail(500, times=3)                      # then three 500s
        server.delay(2.0)                              # then a slow answer
        server.requests                                # what the client sent
"""

from __future__ import annotations

import hashlib
import json
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Behaviour:
    """One scripted answer. ``content`` is the assistant message text; ``status`` other than
    200 sends an error; ``raw_body`` replaces the whole HTTP body; ``delay`` sleeps first."""

    content: str | None = None
    status: int = 200
    raw_body: str | None = None
    delay: float = 0.0


@dataclass
class Received:
    path: str
    body: dict[str, Any]
    model: str | None = None
    headers: dict[str, str] = field(default_factory=dict)


def dead_url() -> str:
    """A base URL on a loopback port where nothing listens."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return f"http://127.0.0.1:{port}/v1"


def _vector(text: str, dim: int) -> list[float]:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    values = [(digest[i % len(digest)] - 127.5) / 127.5 for i in range(dim)]
    norm = sum(v * v for v in values) ** 0.5 or 1.0
    return [v / norm for v in values]


class FakeOpenAIServer:
    def __init__(self, *, embedding_dim: int = 16) -> None:
        self.embedding_dim = embedding_dim
        self.requests: list[Received] = []
        self._queues: dict[str, deque[Behaviour]] = {}
        self._lock = threading.Lock()
        self.default: Callable[[dict[str, Any]], Behaviour] = lambda _: Behaviour(
            content=json.dumps({"memories": []}))
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread: threading.Thread | None = None

    # -- lifecycle --------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def start(self) -> FakeOpenAIServer:
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.02,),
                                        daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- scripting --------------------------------------------------------------------------
    def script(self, behaviour: Behaviour, *, model: str = "*", times: int = 1) -> None:
        with self._lock:
            queue = self._queues.setdefault(model, deque())
            queue.extend(behaviour for _ in range(times))

    def reply_json(self, payload: Any, *, model: str = "*", times: int = 1) -> None:
        self.script(Behaviour(content=json.dumps(payload, ensure_ascii=False)), model=model,
                    times=times)

    def reply_text(self, text: str, *, model: str = "*", times: int = 1) -> None:
        self.script(Behaviour(content=text), model=model, times=times)

    def fail(self, status: int = 500, *, body: str = '{"error": {"message": "boom"}}',
             model: str = "*", times: int = 1) -> None:
        self.script(Behaviour(status=status, raw_body=body), model=model, times=times)

    def malformed_body(self, *, model: str = "*", times: int = 1) -> None:
        self.script(Behaviour(raw_body="<html>not json</html>"), model=model, times=times)

    def delay(self, seconds: float, *, content: str | None = None, model: str = "*",
              times: int = 1) -> None:
        self.script(Behaviour(content=content or json.dumps({"memories": []}), delay=seconds),
                    model=model, times=times)

    def chat_requests(self, model: str | None = None) -> list[Received]:
        return [r for r in self.requests if r.path.endswith("/chat/completions")
                and (model is None or r.model == model)]

    def _next(self, body: dict[str, Any]) -> Behaviour:
        model = str(body.get("model"))
        with self._lock:
            for key in (model, "*"):
                queue = self._queues.get(key)
                if queue:
                    return queue.popleft()
        return self.default(body)

    # -- HTTP -------------------------------------------------------------------------------
    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                return None

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    body = json.loads(raw or b"{}")
                except json.JSONDecodeError:
                    self._send(400, '{"error": {"message": "bad json"}}')
                    return
                fake.requests.append(Received(self.path, body, body.get("model"),
                                              dict(self.headers)))
                if self.path.endswith("/chat/completions"):
                    self._chat(body)
                elif self.path.endswith("/embeddings"):
                    self._embeddings(body)
                else:
                    self._send(404, '{"error": {"message": "not found"}}')

            def _chat(self, body: dict[str, Any]) -> None:
                behaviour = fake._next(body)
                if behaviour.delay:
                    time.sleep(behaviour.delay)
                if behaviour.raw_body is not None:
                    self._send(behaviour.status, behaviour.raw_body)
                    return
                payload = {
                    "id": "chatcmpl-fake", "object": "chat.completion", "created": 0,
                    "model": body.get("model"),
                    "choices": [{"index": 0, "finish_reason": "stop",
                                 "message": {"role": "assistant", "content": behaviour.content}}],
                    "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
                }
                self._send(behaviour.status, json.dumps(payload, ensure_ascii=False))

            def _embeddings(self, body: dict[str, Any]) -> None:
                inputs = body.get("input")
                texts = [inputs] if isinstance(inputs, str) else list(inputs or [])
                data = [{"object": "embedding", "index": i,
                         "embedding": _vector(t, fake.embedding_dim)} for i, t in enumerate(texts)]
                self._send(200, json.dumps({"object": "list", "data": data,
                                            "model": body.get("model")}))

            def _send(self, status: int, text: str) -> None:
                data = text.encode("utf-8")
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test): nothing to do

        return Handler
