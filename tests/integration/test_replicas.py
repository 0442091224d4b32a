"""Two ``gieok serve`` replicas on one PostgreSQL database under concurrent load: every
request is served, every queued extraction runs once (jobs are claimed with ``FOR UPDATE
SKIP LOCKED``), nothing is extracted twice, and a periodic task runs once per interval
across both replicas."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import anyio
import httpx
import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.domain.audit import AuditAction
from gieok.domain.scope import Scope
from gieok.evaluation.http_load import ServerProcess
from gieok.security.tokens import TokenService
from gieok.stores import open_store
from gieok.stores.queue import JobStatus

pytestmark = [pytest.mark.integration, pytest.mark.postgres, pytest.mark.slow]

USERS = 6
TURNS = 5
SWEEP_S = 1.0
CITIES = ["Busan", "Seoul", "Incheon", "Daegu", "Gwangju", "Ulsan", "Suwon", "Jeju"]


async def _tokens(url: str, settings: GieokSettings) -> list[str]:
    async with AsyncMemory(url, settings=settings) as mem:
        await mem.remember("warm-up", org_id="acme", user_id="admin")  # records the model
        service = TokenService(mem.store.tokens)
        return [(await service.create(tenant="acme", user=f"u{n}"))[1] for n in range(USERS)]


async def _talk(bases: list[str], token: str, n: int, codes: Counter[int]) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    for t in range(TURNS):
        base = bases[(n + t) % 2]  # every user alternates between the replicas
        text = f"I live in {CITIES[(n + t) % len(CITIES)]}. I work as engineer number {n}{t}."
        async with httpx.AsyncClient(base_url=base, timeout=60.0, headers=headers) as client:
            r = await client.post("/v1/messages", params={"session_id": f"s{n}"},
                                  json={"messages": [{"role": "user", "content": text}]})
            codes[r.status_code] += 1


async def _scenario(url: str, tmp: Path, settings: GieokSettings) -> None:
    tokens = await _tokens(url, settings)
    env = {"GIEOK_JOBS__SWEEP_INTERVAL_S": str(SWEEP_S), "GIEOK_JOBS__WORKERS": "2"}
    servers = []
    for i in range(2):
        (tmp / f"r{i}").mkdir()
        servers.append(ServerProcess(url, "hash:256", tmp / f"r{i}", env=env))
    try:
        for server in servers:
            await server.wait_ready()
        started = time.monotonic()
        codes: Counter[int] = Counter()
        async with anyio.create_task_group() as tg:
            for n, token in enumerate(tokens):
                tg.start_soon(_talk, [s.base_url for s in servers], token, n, codes)
        assert set(codes) <= {200, 201, 202} and sum(codes.values()) == USERS * TURNS, codes
        await _drained(url)
        await anyio.sleep(2 * SWEEP_S)
        elapsed = time.monotonic() - started
        sweeps = 0.0
        auth = {"Authorization": f"Bearer {tokens[0]}"}  # /metrics needs a token
        async with httpx.AsyncClient(timeout=10.0, headers=auth) as client:
            for server in servers:
                response = await client.get(server.base_url + "/metrics")
                assert response.status_code == 200, response.text
                page = response.text
                sweeps += sum(float(line.rsplit(" ", 1)[1]) for line in page.splitlines()
                              if line.startswith("gieok_scheduled_runs_total{")
                              and 'task="sweep"' in line and 'outcome="ok"' in line)
        # once per interval across both replicas (each alone would reach ~elapsed/SWEEP_S)
        assert 1 <= sweeps <= elapsed / SWEEP_S + 2, (sweeps, elapsed)
    finally:
        for server in servers:
            server.stop()
    await _check_extracted_once(url, settings)


async def _drained(url: str) -> None:
    store = await open_store(url)
    try:
        with anyio.fail_after(180):
            while True:
                counts = await store.queue.job_counts()
                if counts[JobStatus.PENDING] + counts[JobStatus.RUNNING] == 0:
                    assert counts[JobStatus.FAILED] == 0
                    return
                await anyio.sleep(0.3)
    finally:
        await store.aclose()


async def _check_extracted_once(url: str, settings: GieokSettings) -> None:
    async with AsyncMemory(url, settings=settings) as mem:
        for n in range(USERS):
            state = await mem.runtime.working.state(
                Scope(org="acme", user=f"u{n}", session=f"s{n}"))
            assert state is not None and state.turn_count == TURNS
            assert state.extracted_count == TURNS  # every turn extracted
            page = await mem.list(org_id="acme", user_id=f"u{n}", limit=100)
            contents = [r.content for r in page.items]
            assert contents and len(contents) == len(set(contents)), contents
            for record in page.items:
                events = await mem.history(record.id, scope=f"org:acme/user:u{n}")
                creates = [e for e in events if e.action is AuditAction.CREATE]
                assert len(creates) == 1, (record.content, events)


def test_two_replicas_share_one_database(pg_url: str, tmp_path: Path,
                                         make_settings: Callable[..., GieokSettings]) -> None:
    anyio.run(_scenario, pg_url, tmp_path, make_settings(embedder="hash:256"))
