"""Background work in the service over a real uvicorn server: extraction off the request
path (queued, bounded, durable across a restart, drained on shutdown), retries and the
failure count, and the periodic lifecycle tasks."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import anyio
import pytest

from gieok.stores import open_store
from gieok.stores.queue import Job, JobStatus

pytestmark = pytest.mark.integration
ApiServer = Any
T = TypeVar("T")
WAIT_S = 30.0


def wait_for(probe: Callable[[], T], what: str, timeout: float = WAIT_S) -> T:
    """Poll until ``probe()`` is truthy (background work has no completion callback)."""
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.05)


def store_jobs(url: str) -> tuple[dict[JobStatus, int], list[Job]]:
    async def read() -> tuple[dict[JobStatus, int], list[Job]]:
        store = await open_store(url)
        try:
            return await store.queue.job_counts(), await store.queue.list_jobs(JobStatus.FAILED, limit=10)
        finally:
            await store.aclose()

    return anyio.run(read)


def metric(text: str, name: str, **labels: str) -> float:
    """One sample of a Prometheus text page (0 when absent)."""
    for line in text.splitlines():
        if line.startswith("#") or not line.startswith(name):
            continue
        series, _, value = line.rpartition(" ")
        found = dict(re.findall(r'(\w+)="([^"]*)"', series))
        if series.split("{")[0] == name and found == labels:
            return float(value)
    return 0.0


def wait_metric(client, name: str, at_least: float, **labels: str) -> str:  # type: ignore[no-untyped-def]
    """The /metrics page once ``name{labels}`` has reached ``at_least``."""
    def probe() -> str | None:
        page: str = client.get("/metrics").text
        return page if metric(page, name, **labels) >= at_least else None

    return wait_for(probe, f"{name}{labels} >= {at_least}")


def say(client, text: str, session: str, **extra: Any):  # type: ignore[no-untyped-def]
    return client.post("/v1/messages", params={"session_id": session},
                       json={"messages": [{"role": "user", "content": text}], **extra})


def test_extraction_is_queued_and_done_in_the_background(api_server: ApiServer) -> None:
    alice = api_server.client(api_server.token("acme", "alice"))
    response = say(alice, "I live in Gangnam-gu, Seoul.", "s1")
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["turns_added"] == 1 and body["extraction"] == "queued" and body["job_id"]
    assert body["decisions"] == []
    items = wait_for(lambda: alice.get("/v1/memories").json()["items"], "extracted memory")
    assert any("Gangnam" in m["content"] for m in items)
    assert items[0]["source_session"] == "s1" and items[0]["scope"] == "org:acme/user:alice"
    metrics = wait_metric(alice, "gieok_jobs_total", 1, kind="extract", outcome="done")
    assert metric(metrics, "gieok_jobs_total", kind="extract", outcome="enqueued") == 1
    assert metric(metrics, "gieok_extraction_queue_depth") == 0
    off = say(alice, "I also like jazz.", "s1", infer=False).json()
    assert off["extraction"] == "off" and off["job_id"] is None


def test_full_queue_answers_503_with_retry_after_and_stores_nothing(
        start_api_server: Callable[..., ApiServer]) -> None:
    api = start_api_server(jobs={"workers": 0, "queue_max": 1, "retry_after_s": 7})
    alice = api.client(api.token("acme", "alice"))
    assert say(alice, "I live in Busan.", "s1").status_code == 200
    again = say(alice, "I have a dog named Coco.", "s1")  # same scope: coalesced, but full
    refused = say(alice, "I have a cat named Nabi.", "s2")
    for response in (again, refused):
        assert response.status_code == 503, response.text
        assert response.headers["retry-after"] == "7"
        assert response.json()["error"]["code"] == "QUEUE_FULL"
    turns = alice.post("/v1/context", params={"session_id": "s2"}, json={"query": "cat"}).json()
    assert not any("Nabi" in m["content"] for m in turns["messages"])
    assert say(alice, "Noted without extraction.", "s2", infer=False).status_code == 200
    page = alice.get("/metrics").text
    assert metric(page, "gieok_extraction_queue_depth") == 1
    assert metric(page, "gieok_jobs_total", kind="extract", outcome="rejected") == 2


def test_acknowledged_work_survives_a_restart(
        start_api_server: Callable[..., ApiServer], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'restart.db'}"
    first = start_api_server(store_url=url, jobs={"workers": 0})
    token = first.token("acme", "alice")
    assert say(first.client(token), "I live in Gangnam-gu, Seoul.", "s1").json()[
        "extraction"] == "queued"
    first.stop()  # before any worker ran
    counts, _ = store_jobs(url)
    assert counts[JobStatus.PENDING] == 1

    second = start_api_server(store_url=url)
    alice = second.client(token)
    items = wait_for(lambda: alice.get("/v1/memories").json()["items"], "memory after restart")
    assert any("Gangnam" in m["content"] for m in items)
    wait_for(lambda: store_jobs(url)[0][JobStatus.PENDING] == 0, "queue emptied")


def _slow_llm(make: Callable[..., ApiServer], fake: Any, url: str, **jobs: Any) -> ApiServer:
    return make(store_url=url, llm_base_url=fake.base_url, llm_models=["small-model"],
                llm={"timeout_s": 10, "attempts": 1, "backoff_base_s": 0.0},
                write={"extractor": "llm"}, jobs={"poll_interval_s": 0.05, **jobs})


def test_shutdown_drains_the_queue(start_api_server: Callable[..., ApiServer],
                                   openai_fake: Any, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'drain.db'}"
    openai_fake.delay(0.3, times=3)
    api = _slow_llm(start_api_server, openai_fake, url, drain_timeout_s=60)
    alice = api.client(api.token("acme", "alice"))
    for n in range(3):
        assert say(alice, f"My favourite number is {n}.", f"s{n}").status_code == 200
    api.stop()
    counts, _ = store_jobs(url)
    assert counts == dict.fromkeys(JobStatus, 0)
    assert len(openai_fake.chat_requests()) == 3


def test_drain_is_bounded_and_leftovers_wait_for_the_next_start(
        start_api_server: Callable[..., ApiServer], openai_fake: Any, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'bounded.db'}"
    openai_fake.delay(5.0, times=3)
    api = _slow_llm(start_api_server, openai_fake, url, drain_timeout_s=0.2)
    alice = api.client(api.token("acme", "alice"))
    for n in range(3):
        say(alice, f"My favourite colour is number {n}.", f"s{n}")
    wait_for(lambda: openai_fake.chat_requests(), "the first job to start")
    api.stop()
    counts, _ = store_jobs(url)
    assert counts[JobStatus.PENDING] == 3 and counts[JobStatus.RUNNING] == 0


def test_failing_jobs_are_retried_then_kept_and_counted(
        start_api_server: Callable[..., ApiServer], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'failing.db'}"

    async def seed() -> None:
        store = await open_store(url)
        await store.queue.enqueue_job("extract", {"scope": "not a scope"})
        await store.aclose()

    anyio.run(seed)
    api = start_api_server(store_url=url, jobs={"max_attempts": 2, "retry_backoff_s": 0.0,
                                                "poll_interval_s": 0.05})
    client = api.client(api.token("acme", "ops"))  # /metrics needs a token
    page = wait_metric(client, "gieok_jobs_failed", 1)
    assert metric(page, "gieok_job_failures_total", kind="extract") == 2
    assert metric(page, "gieok_jobs_total", kind="extract", outcome="retry") == 1
    assert metric(page, "gieok_jobs_total", kind="extract", outcome="gave_up") == 1
    _, failed = store_jobs(url)
    assert failed[0].attempts == 2 and "INVALID_SCOPE" in (failed[0].last_error or "")


def _ago(**delta: float) -> str:
    return (datetime.now(UTC) - timedelta(**delta)).isoformat()


def test_periodic_lifecycle_tasks_run(start_api_server: Callable[..., ApiServer]) -> None:
    every = 0.2
    api = start_api_server(jobs={"poll_interval_s": 0.05, **{
        f"{task}_interval_s": every
        for task in ("sweep", "decay", "expire", "retention", "consolidate")}})
    alice = api.client(api.token("acme", "alice"))
    bob = api.client(api.token("acme", "bob"))
    # W2 + L1: a year-old session: extracted (queue), closed by the sweeper, decayed
    said = alice.post("/v1/messages", params={"session_id": "old"}, json={
        "timestamp": _ago(days=400),
        "messages": [{"role": "user", "content": "I started learning the cello."},
                     # a feeling: the episode says more than the fact (issue 16)
                     {"role": "user", "content": "Honestly I'm so excited about it!"}]})
    assert said.status_code == 200
    # L2: already expired
    gone = alice.post("/v1/memories", json={"content": "Parking spot B2 until Friday",
                                            "event_time": _ago(days=3),
                                            "expires_at": _ago(days=1)}).json()
    # L4: three old memories on one topic
    for food in ("kimchi stew", "bibimbap", "cold noodles"):
        assert alice.post("/v1/memories", json={
            "content": f"Likes {food}", "tags": ["food"],
            "event_time": _ago(days=90)}).status_code == 201
    # L3: bob keeps one day
    assert bob.patch("/v1/settings", json={"retention_days": 1}).status_code == 200
    old = bob.post("/v1/memories", json={"content": "Old note",
                                         "event_time": _ago(days=10)}).json()

    def episodic() -> list[dict[str, Any]]:
        return alice.get("/v1/memories", params={"layer": "episodic"}).json()["items"]

    wait_for(episodic, "the sweeper's episode")
    decayed = wait_for(lambda: [m for m in alice.get("/v1/memories").json()["items"]
                                if "decayed_to" in m["metadata"]], "decay")
    assert any("cello" in m["content"].lower() for m in decayed)
    wait_for(lambda: alice.get(f"/v1/memories/{gone['id']}").json()["status"] == "archived",
             "expiry")
    wait_for(lambda: bob.get(f"/v1/memories/{old['id']}").status_code == 404, "retention")
    wait_for(lambda: alice.get("/v1/memories", params={"type": "digest"}).json()["items"],
             "consolidation digest")
    page = alice.get("/metrics").text
    for task in ("sweep", "decay", "expire", "retention", "consolidate"):
        assert metric(page, "gieok_scheduled_runs_total", task=task, outcome="ok") >= 1, task
        assert metric(page, "gieok_scheduled_runs_total", task=task, outcome="error") == 0


def test_context_counts_tokens_injected(api_server: ApiServer) -> None:
    alice = api_server.client(api_server.token("acme", "alice"))
    alice.post("/v1/memories", json={"content": "사용자는 서울 강남구에 살고 있다"})
    block = alice.post("/v1/context", json={"query": "어디 살아?"}).json()
    assert block["tokens"] > 0
    page = alice.get("/metrics").text
    assert metric(page, "gieok_context_tokens_injected_total") == block["tokens"]
    assert metric(page, "gieok_context_tokens_count") == 1
