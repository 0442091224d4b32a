"""Requests first (``gieok.priority``): the SQLite connection serves background work's calls
after requests that arrive within the slack, and ranking scans after short calls that arrive
within theirs; the local model runs background calls on a thread with a lower OS priority;
the service's jobs run in background."""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import AsyncIterator
from functools import partial
from pathlib import Path
from typing import Any

import anyio
import numpy as np
import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.api.jobs import BackgroundJobs
from gieok.api.observability import Metrics
from gieok.domain.scope import Scope
from gieok.embedders.local import BACKGROUND_NICE, LocalEmbedder
from gieok import priority
from gieok.priority import (
    BACKGROUND_SLACK_S,
    SCAN_SLACK_S,
    in_background,
    is_background,
    priority_key,
)
from gieok.stores.base import WriteBatch
from gieok.stores.ops import DenseOp, FulltextOp, GetOp
from gieok.write.direct import build_record
from gieok.settings import JobSettings
from gieok.stores.sqlite.db import SqliteDb

pytestmark = pytest.mark.anyio


def test_keys_order_requests_by_arrival_and_background_after_a_slack() -> None:
    now = time.monotonic()
    assert abs(priority_key() - now) < 0.5  # nothing set: the time it asks
    assert priority_key(scan=True) >= now + SCAN_SLACK_S
    with in_background():
        assert is_background()
        assert priority_key() >= now + BACKGROUND_SLACK_S
        assert priority_key(scan=True) >= now + BACKGROUND_SLACK_S + SCAN_SLACK_S
    assert not is_background()
    assert BACKGROUND_SLACK_S > SCAN_SLACK_S  # a job yields to a request's scan too


async def test_short_calls_pass_a_queued_scan_for_a_bounded_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = SqliteDb(str(tmp_path / "s.db"))
    await db.open([])
    gate = threading.Event()
    ran: list[str] = []

    async def queue(*calls: tuple[str, bool], gap: float = 0.01) -> None:
        """Each call queued while the connection is busy, then the connection freed."""
        gate.clear()
        async with anyio.create_task_group() as tg:
            tg.start_soon(db.run, gate.wait)
            await anyio.sleep(0.05)
            for name, scan in calls:
                tg.start_soon(partial(db.run, ran.append, name, scan=scan))
                await anyio.sleep(gap)
            await anyio.sleep(0.05)
            gate.set()

    try:
        monkeypatch.setattr(priority, "SCAN_SLACK_S", 3600.0)  # however slow this machine is
        await queue(("scan 1", True), ("save", False), ("scan 2", True), ("load", False))
        # the short calls first, each kind in arrival order
        assert ran == ["save", "load", "scan 1", "scan 2"]
        ran.clear()
        monkeypatch.setattr(priority, "SCAN_SLACK_S", 0.2)  # a short bound, to wait it out
        await queue(("scan", True), ("late save", False), gap=0.3)
        assert ran == ["scan", "late save"]  # a scan waits at most its slack
        ran.clear()
        monkeypatch.setattr(priority, "SCAN_SLACK_S", SCAN_SLACK_S)  # the real slacks
        gate.clear()
        async with anyio.create_task_group() as tg:
            tg.start_soon(db.run, gate.wait)
            await anyio.sleep(0.05)
            with in_background():  # the task keeps the context it was started in
                tg.start_soon(partial(db.run, ran.append, "job"))
            await anyio.sleep(0.01)
            tg.start_soon(partial(db.run, ran.append, "search", scan=True))
            await anyio.sleep(0.05)
            gate.set()
        assert ran == ["search", "job"]  # background work yields to a request's scan
    finally:
        await db.close()


async def test_the_store_serves_point_reads_and_a_save_before_queued_scans(
        tmp_path: Path, settings: GieokSettings, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a real SQLite file: ranking reads (dense, full text) queued behind a busy
    connection are served after the point reads and the save transaction queued after them;
    the scans then see the save. (One connection: a call cannot pass one that is running.)"""
    monkeypatch.setattr(priority, "SCAN_SLACK_S", 3600.0)  # however slow this machine is
    scope = Scope(org="acme", user="alice")
    done: list[str] = []
    async with AsyncMemory(f"sqlite:///{tmp_path / 'm.db'}", settings=settings) as mem:
        first = await mem.remember("I play tennis on Mondays.", scope=scope)
        store = mem.store
        vector = (await mem.runtime.embedder.embed_query("tennis"))[0]
        gate = threading.Event()

        async def read(name: str, op: Any) -> None:
            [answer] = await store.read([op])
            done.append(f"{name} {len(answer)}")

        async def save() -> None:
            await store.write(WriteBatch(upserts=[(build_record(
                scope, "I swim on Fridays.", {}, max_chars=1000), vector)]))
            done.append("save")

        async with anyio.create_task_group() as tg:
            tg.start_soon(partial(store._db.run, gate.wait))  # type: ignore[attr-defined]
            await anyio.sleep(0.05)
            tg.start_soon(read, "dense", DenseOp(scope, vector, 10))
            tg.start_soon(read, "fulltext", FulltextOp(scope, "Mondays Fridays", 10))
            await anyio.sleep(0.05)
            tg.start_soon(read, "get", GetOp(scope.tenant, (first.id,)))
            await anyio.sleep(0.01)
            tg.start_soon(save)
            await anyio.sleep(0.05)
            gate.set()
    assert done == ["get 1", "save", "dense 2", "fulltext 2"]


async def test_the_store_serves_requests_before_background_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(priority, "BACKGROUND_SLACK_S", 0.5)  # a short bound, to wait it out
    db = SqliteDb(str(tmp_path / "p.db"))
    await db.open([])
    gate = threading.Event()
    ran: list[str] = []

    async def call(name: str, background: bool = False) -> None:
        if background:
            with in_background():
                await db.run(ran.append, name)
        else:
            await db.run(ran.append, name)

    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(db.run, gate.wait)  # the connection is busy
            await anyio.sleep(0.05)
            tg.start_soon(call, "job", True)
            await anyio.sleep(0.01)
            tg.start_soon(call, "request 1")
            await anyio.sleep(0.01)
            tg.start_soon(call, "request 2")
            await anyio.sleep(0.05)
            gate.set()
        assert ran == ["request 1", "request 2", "job"]  # arrival order, the job after
        # ... but a job waits at most the slack behind requests
        ran.clear()
        gate.clear()
        async with anyio.create_task_group() as tg:
            tg.start_soon(db.run, gate.wait)
            await anyio.sleep(0.05)
            tg.start_soon(call, "job", True)
            await anyio.sleep(0.6)
            tg.start_soon(call, "late request")
            await anyio.sleep(0.05)
            gate.set()
        assert ran == ["job", "late request"]
    finally:
        await db.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread nice is Linux's")
async def test_background_model_calls_run_on_a_lower_priority_thread() -> None:
    emb = LocalEmbedder(threads=1, workers=2)
    model = emb._load()
    passage, query = model.passage, model.query
    seen: list[tuple[str, int]] = []

    def spy(inner: Any) -> Any:
        def run(texts: Any) -> Any:
            me = threading.current_thread()
            seen.append((me.name, os.getpriority(os.PRIO_PROCESS, threading.get_native_id())))
            return inner(texts)
        return run

    model.passage, model.query = spy(passage), spy(query)
    texts = ["I adopted a dog named Bori.", "우리 강아지 이름은 보리야."] * 4
    try:
        normal = await emb.embed_documents(texts)
        assert all(nice == os.getpriority(os.PRIO_PROCESS, 0) for _, nice in seen)
        seen.clear()
        with in_background():
            quiet = await emb.embed_documents(texts)
            await emb.embed_query("what is the dog called?")
        assert seen and all(name.startswith("gieok-e5-background") for name, _ in seen)
        assert all(nice >= BACKGROUND_NICE for _, nice in seen)
        assert np.array_equal(normal, quiet)
    finally:
        model.passage, model.query = passage, query
        await emb.aclose()


@pytest.fixture
async def engine(settings: GieokSettings) -> AsyncIterator[AsyncMemory]:
    async with AsyncMemory("memory://", settings=settings) as mem:
        yield mem


async def test_extraction_jobs_run_in_background(engine: AsyncMemory,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    original = engine.extract_pending

    async def spy(**kwargs: Any) -> Any:
        seen.append(is_background())
        return await original(**kwargs)

    monkeypatch.setattr(engine, "extract_pending", spy)
    scope = Scope(org="acme", user="alice", session="s1")
    await engine.add("I live in Gangnam-gu, Seoul.", scope=scope, infer=False)
    off = {f"{t}_interval_s": 0 for t in ("sweep", "decay", "expire", "retention",
                                          "consolidate")}
    async with BackgroundJobs(engine, JobSettings(**off, workers=1, poll_interval_s=3600),
                              Metrics()) as jobs:
        await jobs.enqueue_extraction(scope)
    assert seen == [True]
    assert not is_background()  # only inside the job
