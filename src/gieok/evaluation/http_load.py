"""``gieok bench --http``: the service under load, as users deploy it.

A real ``gieok serve`` process (uvicorn, the embedded default: SQLite file + the configured
embedder, background extraction on) is started on a loopback port; ``clients`` concurrent
virtual users, each its own ``httpx.AsyncClient`` and bearer token, send a weighted mix of

* ``search``  — ``POST /v1/search`` (query embedding + hybrid search),
* ``add``     — ``POST /v1/messages`` (turn stored; extraction queued for the worker),
* ``context`` — ``POST /v1/context`` (the memory block for the next model call),
* ``load``    — ``GET /api/v1/memory/load`` (seed 003: < 500 ms budget),
* ``save``    — ``POST /api/v1/memory/create`` (seed 003: < 1 s budget),

back to back (or with an exponential think time) for ``duration_s``. Reported: throughput,
p50/p95/p99 per operation, every non-2xx answer or transport error, the seed budgets at
p95, and what the server's background worker did meanwhile (from ``/metrics``).

Each user starts with ``seed_memories`` long-term memories and 10 persona episodes, written
before the server starts with hash vectors recorded under the real model's name (as
``gieok bench`` does: the cost of exact search does not depend on what the vectors hold);
everything the run itself writes and every query is embedded by the real model.
"""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import httpx

from gieok.domain.scope import Scope
from gieok.embedders import get_embedder
from gieok.evaluation.bench import BenchEmbedder, machine_info, summarise
from gieok.evaluation.bench_corpus import memory_texts, query_texts
from gieok.memory import AsyncMemory
from gieok.security.tokens import TokenService
from gieok.settings import DEFAULT_EMBEDDER, GieokSettings
from gieok.stores import open_store
from gieok.stores.base import LateVectors
from gieok.stores.queue import JobStatus

TENANT = "bench"
PERSONA = "persona_1"
BUDGETS_MS = {"load": 500.0, "save": 1000.0}  # seed 003 §5.1, at p95
DEFAULT_MIX = {"search": 0.3, "add": 0.3, "context": 0.2, "load": 0.1, "save": 0.1}
START_TIMEOUT_S = 120.0
_TURNS = (
    "I have a dog named {name}.", "I live in {city} now.", "I play tennis every {day}.",
    "My sister {name} is visiting next week.", "I am allergic to peanuts.",
    "I'm planning a trip to {city} in {month}.", "I started learning the piano.",
    "나 {city}에 살아.", "요즘 회사 일이 너무 많아서 스트레스 받아.", "우리 강아지 이름은 {name}야.",
    "다음 달에 {city}로 여행 가.", "매주 {day_ko}마다 수영 다녀.", "커피는 라떼만 마셔.",
)
_NAMES = ("Coco", "Nabi", "Minji", "Jisoo", "Haru", "Bori", "Leo", "Mia")
_CITIES = ("Seoul", "Busan", "Tokyo", "Paris", "Toronto", "강남구", "제주", "대전")
_DAYS = ("Monday", "Wednesday", "Saturday")
_DAYS_KO = ("월요일", "수요일", "토요일")
_MONTHS = ("May", "August", "October")


@dataclass
class LoadConfig:
    clients: int = 50
    duration_s: float = 60.0
    embedder: str = DEFAULT_EMBEDDER
    mix: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_MIX))
    think_s: float = 0.0  # mean think time between a user's requests (0: back to back)
    seed_memories: int = 100  # long-term memories per user before the run
    workdir: Path | None = None
    seed: int = 0
    timeout_s: float = 60.0
    redis_url: str | None = None  # the server keeps its working log's hot copy there


@dataclass
class Sample:
    op: str
    ms: float
    ok: bool
    status: str  # HTTP status, or the transport error's name
    at_s: float = 0.0  # when it was sent, seconds into the timed window
    server_ms: float | None = None  # the server's own time (its ``Server-Timing`` header)


def server_ms(response: httpx.Response) -> float | None:
    """The ``app;dur=`` of a response's ``Server-Timing`` header (the service's middleware
    sets it): the time from the request reaching the app to the response starting. What the
    client measured beyond it was spent in sockets and in the client's own queue — at 50
    clients on two shared cores that can be most of it (docs/benchmarks.md, session 12)."""
    for part in response.headers.get("server-timing", "").split(","):
        name, _, params = part.strip().partition(";")
        if name == "app":
            for param in params.split(";"):
                key, _, value = param.strip().partition("=")
                if key == "dur":
                    try:
                        return float(value)
                    except ValueError:
                        return None
    return None


def chat_turn(rng: random.Random) -> str:
    return rng.choice(_TURNS).format(
        name=rng.choice(_NAMES), city=rng.choice(_CITIES), day=rng.choice(_DAYS),
        day_ko=rng.choice(_DAYS_KO), month=rng.choice(_MONTHS))


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# -- preparing the store ---------------------------------------------------------------------
async def prepare(url: str, config: LoadConfig, settings: GieokSettings) -> list[str]:
    """Create one token per virtual user and seed their memories; return the tokens."""
    texts = memory_texts(config.seed_memories * config.clients, seed=config.seed)
    embedder = BenchEmbedder(get_embedder(config.embedder))
    tokens = []
    async with AsyncMemory(url, embedder=embedder, settings=settings) as mem:
        service = TokenService(mem.store.tokens)
        for n in range(config.clients):
            user = Scope(org=TENANT, user=f"u{n}")
            chunk = texts[n * config.seed_memories:(n + 1) * config.seed_memories]
            if chunk:
                await mem.import_memories([{"content": t} for t in chunk], scope=user)
            await mem.import_memories(
                [{"content": f"Session {i}: talked about {chat_turn(random.Random(i))}",
                  "layer": "episodic", "type": "episode", "importance": 0.1 * (i % 9 + 1)}
                 for i in range(10)], scope=user.with_(persona=PERSONA))
            _, secret = await service.create(tenant=TENANT, user=f"u{n}")
            tokens.append(secret)
    return tokens


# -- the server process ----------------------------------------------------------------------
class ServerProcess:
    """``gieok serve`` in a child process, on a free loopback port, logs to a file."""

    def __init__(self, url: str, embedder: str, workdir: Path,
                 env: dict[str, str] | None = None) -> None:
        """``env``: extra ``GIEOK_*`` settings for the server (the caller's are dropped)."""
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.log_path = workdir / "server.log"
        env = {k: v for k, v in os.environ.items() if not k.startswith("GIEOK_")} | (env or {})
        env["GIEOK_DATA_DIR"] = str(workdir / "data")
        self._log = self.log_path.open("wb")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "from gieok.cli import main; main()", "serve",
             "--host", "127.0.0.1", "--port", str(self.port), "--store", url,
             "--embedder", embedder, "--log-level", "warning"],
            cwd=workdir, env=env, stdout=self._log, stderr=subprocess.STDOUT)

    async def wait_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        async with httpx.AsyncClient(base_url=self.base_url, timeout=2.0) as client:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"gieok serve exited ({self.proc.returncode}):\n"
                                       f"{self.log_tail()}")
                try:
                    if (await client.get("/healthz")).status_code == 200:
                        return
                except httpx.HTTPError:
                    pass
                await anyio.sleep(0.1)
        raise RuntimeError(f"gieok serve did not answer within {START_TIMEOUT_S:.0f}s")

    def stop(self, timeout: float = 60.0) -> int | None:
        """SIGTERM (graceful: the queue drains), then kill if it hangs."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()
        return self.proc.returncode

    def log_tail(self, chars: int = 3000) -> str:
        self._log.flush()
        return self.log_path.read_text(encoding="utf-8", errors="replace")[-chars:]


# -- the virtual users -----------------------------------------------------------------------
Request = Callable[[httpx.AsyncClient, random.Random, int], Awaitable[httpx.Response]]


def operations(queries: Sequence[str]) -> dict[str, Request]:
    def search(c: httpx.AsyncClient, r: random.Random, n: int) -> Awaitable[httpx.Response]:
        return c.post("/v1/search", json={"query": r.choice(queries), "k": 10})

    def add(c: httpx.AsyncClient, r: random.Random, n: int) -> Awaitable[httpx.Response]:
        return c.post("/v1/messages", params={"session_id": f"s{n}"},
                      json={"messages": [{"role": "user", "content": chat_turn(r)}]})

    def context(c: httpx.AsyncClient, r: random.Random, n: int) -> Awaitable[httpx.Response]:
        return c.post("/v1/context", params={"session_id": f"s{n}"},
                      json={"query": r.choice(queries)})

    def load(c: httpx.AsyncClient, r: random.Random, n: int) -> Awaitable[httpx.Response]:
        return c.get("/api/v1/memory/load", params={"personaId": PERSONA, "limit": 5})

    def save(c: httpx.AsyncClient, r: random.Random, n: int) -> Awaitable[httpx.Response]:
        return c.post("/api/v1/memory/create", json={
            "personaId": PERSONA, "sessionId": f"s{n}",
            "manualSummary": f"{chat_turn(r)} ({r.randrange(1_000_000)})"})

    return {"search": search, "add": add, "context": context, "load": load, "save": save}


async def _user(n: int, base_url: str, token: str, config: LoadConfig, ops: dict[str, Request],
                start: float, out: list[Sample]) -> None:
    rng = random.Random(config.seed * 1000 + n)
    names = [op for op in ops if config.mix.get(op, 0) > 0]
    weights = [config.mix[op] for op in names]
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=base_url, headers=headers,
                                 timeout=config.timeout_s) as client:
        until = start + config.duration_s
        if config.think_s > 0:  # desynchronise the users' first requests
            await anyio.sleep(min(rng.uniform(0, config.think_s), config.duration_s))
        first = True
        while time.monotonic() < until:
            # Users start on different operations, so a short run with as many users as
            # operations still times each one; after that the mix decides.
            op = names[n % len(names)] if first else rng.choices(names, weights)[0]
            first = False
            sent = time.monotonic()
            served: float | None = None
            try:
                response = await ops[op](client, rng, n)
                ok, status = response.is_success, str(response.status_code)
                served = server_ms(response)
            except httpx.HTTPError as exc:
                ok, status = False, type(exc).__name__
            out.append(Sample(op, (time.monotonic() - sent) * 1000.0, ok, status, sent - start,
                              served))
            if config.think_s > 0:
                pause = rng.expovariate(1.0 / config.think_s)
                await anyio.sleep(max(0.0, min(pause, until - time.monotonic())))


async def drive(base_url: str, tokens: Sequence[str], config: LoadConfig) -> tuple[
        list[Sample], float]:
    """Warm every user up with one request of each kind, let the server finish the warm-up's
    background extraction, then run the timed window."""
    ops = operations(query_texts(200, seed=config.seed + 1))
    warm: list[Sample] = []
    async with anyio.create_task_group() as tg:
        for n, token in enumerate(tokens):
            tg.start_soon(_warm, n, base_url, token, config, ops, warm)
    await _queue_empty(base_url, tokens[0])
    samples: list[Sample] = []
    started = time.monotonic()
    async with anyio.create_task_group() as tg:
        for n, token in enumerate(tokens):
            tg.start_soon(_user, n, base_url, token, config, ops, started, samples)
    return samples, time.monotonic() - started


async def _warm(n: int, base_url: str, token: str, config: LoadConfig,
                ops: dict[str, Request], out: list[Sample]) -> None:
    rng = random.Random(-n - 1)
    async with httpx.AsyncClient(base_url=base_url, timeout=config.timeout_s,
                                 headers={"Authorization": f"Bearer {token}"}) as client:
        for op in ops:
            try:
                await ops[op](client, rng, n)
            except httpx.TimeoutException:  # a burst of 5×clients on a busy box: the timed
                pass                        # window (which counts every error) comes next


# -- the report ------------------------------------------------------------------------------
def summarise_samples(samples: Sequence[Sample], elapsed_s: float) -> dict[str, Any]:
    per_op: dict[str, dict[str, Any]] = {}
    for op in sorted({s.op for s in samples}):
        mine = [s for s in samples if s.op == op]
        served = [s.server_ms for s in mine if s.server_ms is not None]
        per_op[op] = {"count": len(mine), "errors": sum(not s.ok for s in mine),
                      "rps": round(len(mine) / elapsed_s, 2),
                      **summarise([s.ms for s in mine]),
                      # the server's own share of each request (None: no header came back)
                      "server": summarise(served) if served else None}
    errors: dict[str, int] = {}
    for s in samples:
        if not s.ok:
            errors[f"{s.op}:{s.status}"] = errors.get(f"{s.op}:{s.status}", 0) + 1
    budgets = {f"{op}_p95_ms": {"p95_ms": per_op[op]["p95_ms"], "limit_ms": limit,
                                "ok": per_op[op]["p95_ms"] < limit}
               for op, limit in BUDGETS_MS.items() if op in per_op}
    return {"requests": len(samples), "elapsed_s": round(elapsed_s, 2),
            "throughput_rps": round(len(samples) / elapsed_s, 2),
            "errors": sum(errors.values()), "error_kinds": errors,
            "operations": per_op, "budgets": budgets}


def _metric(page: str, name: str, **labels: str) -> float:
    want = ",".join(f'{k}="{v}"' for k, v in sorted(labels.items()))
    prefix = f"{name}{{{want}}} " if want else f"{name} "
    return sum(float(line.rsplit(" ", 1)[1]) for line in page.splitlines()
               if line.startswith(prefix))


async def server_view(base_url: str, token: str) -> dict[str, float]:
    """What the server's ``/metrics`` say (any API token may read them)."""
    async with httpx.AsyncClient(base_url=base_url, timeout=30.0,
                                 headers={"Authorization": f"Bearer {token}"}) as client:
        page = (await client.get("/metrics")).text
    return {
        "extraction_jobs_enqueued": _metric(page, "gieok_jobs_total", kind="extract",
                                            outcome="enqueued"),
        "extraction_jobs_done": _metric(page, "gieok_jobs_total", kind="extract", outcome="done"),
        "queue_depth_at_end": _metric(page, "gieok_extraction_queue_depth"),
        "job_failures": _metric(page, "gieok_job_failures_total", kind="extract"),
        "server_errors": _metric(page, "gieok_http_server_errors_total"),
        "context_tokens_injected": _metric(page, "gieok_context_tokens_injected_total"),
        "redis_up": _metric(page, "gieok_redis_up"),
        "redis_reads_hit": _metric(page, "gieok_redis_reads", result="hit"),
        "redis_reads_miss": _metric(page, "gieok_redis_reads", result="miss"),
        "redis_errors": _metric(page, "gieok_redis_errors"),
    }


async def _queue_empty(base_url: str, token: str, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and (await server_view(base_url, token))[
            "queue_depth_at_end"] > 0:
        await anyio.sleep(0.2)


async def _left_after_shutdown(url: str) -> tuple[int, int]:
    """Extraction jobs still queued, and saved memories still without their vector
    (``write.save_vectors = "background"``: shutdown should have written them all)."""
    store = await open_store(url)
    try:
        counts = await store.queue.job_counts()
        owed = await store.owed_vectors(1_000_000) if isinstance(store, LateVectors) else []
    finally:
        await store.aclose()
    return counts[JobStatus.PENDING] + counts[JobStatus.RUNNING], len(owed)


async def run_http_load(config: LoadConfig) -> dict[str, Any]:
    """Prepare a store, serve it, drive the load, stop gracefully; return the JSON report."""
    if config.clients < 1 or config.duration_s <= 0 or not any(
            config.mix.get(op, 0) > 0 for op in DEFAULT_MIX):
        raise ValueError("need clients ≥ 1, duration > 0 and a mix with a known operation")
    with tempfile.TemporaryDirectory(prefix="gieok-load-") as tmp:
        workdir = config.workdir or Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        path = workdir / "load.db"
        for leftover in (path, path.with_name(path.name + "-wal"),
                         path.with_name(path.name + "-shm")):
            leftover.unlink(missing_ok=True)
        url = f"sqlite:///{path}"
        settings = GieokSettings(data_dir=workdir / "data", embedder=config.embedder)
        tokens = await prepare(url, config, settings)
        env = {"GIEOK_REDIS_URL": config.redis_url} if config.redis_url else None
        server = ServerProcess(url, config.embedder, workdir, env=env)
        try:
            await server.wait_ready()
            samples, elapsed = await drive(server.base_url, tokens, config)
            seen = await server_view(server.base_url, tokens[0])
        finally:
            code = server.stop()
        seen["exit_code"] = code if code is not None else -1
        left, owed = await _left_after_shutdown(url)
        seen["left_in_queue_after_shutdown"] = left
        seen["vectors_owed_after_shutdown"] = owed
        report = summarise_samples(samples, elapsed)
        report["server"] = seen
        report["config"] = {"clients": config.clients, "duration_s": config.duration_s,
                            "mix": config.mix, "think_s": config.think_s,
                            "seed_memories_per_user": config.seed_memories,
                            "embedder": config.embedder, "store": "sqlite (embedded default)",
                            "redis": config.redis_url is not None,
                            "server": "gieok serve (uvicorn, 1 process, 1 extraction worker)"}
        report["machine"] = machine_info()
        return report
