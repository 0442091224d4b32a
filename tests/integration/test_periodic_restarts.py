"""Periodic jobs run when due, however often the service restarts (issue 15, item 5).

Before, the periodic loop slept first and then ran: a service restarted more often than an
interval never ran that job. The last run now lives in the store
(``JobQueue.claim_periodic``), so a restarted service runs an overdue task at once. (Once
per interval across replicas: tests/integration/test_replicas.py.)
"""

from __future__ import annotations

import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from gieok import GieokSettings, Memory
from gieok.domain.records import utcnow

pytestmark = [pytest.mark.integration, pytest.mark.slow]

OFF = {"sweep_interval_s": 0, "decay_interval_s": 0, "retention_interval_s": 0,
       "consolidate_interval_s": 0}


def _expired_memory(url: str, tmp_path: Path) -> str:
    with Memory(url, settings=GieokSettings(data_dir=tmp_path, embedder="hash:256")) as mem:
        return mem.remember("The coupon is valid until yesterday", user_id="u1",
                            expires_at=utcnow() - timedelta(days=1)).id


def _status(url: str, tmp_path: Path, memory_id: str) -> str:
    with Memory(url, settings=GieokSettings(data_dir=tmp_path, embedder="hash:256")) as mem:
        return mem.get(memory_id).status.value


def test_a_service_restarted_more_often_than_the_interval_still_runs_the_job(
    start_api_server: Any, tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'restarts.db'}"
    memory_id = _expired_memory(url, tmp_path)
    interval = 20.0
    first: float | None = None  # when the first service was up: its first claim
    lifetimes = []
    while first is None or time.monotonic() - first < interval + 2:
        server = start_api_server(store_url=url, jobs={"expire_interval_s": interval, **OFF})
        up = time.monotonic()
        first = first or up
        server.stop()
        lifetimes.append(time.monotonic() - up)  # each life far shorter than the interval
    assert max(lifetimes) < interval / 2
    last = start_api_server(store_url=url, jobs={"expire_interval_s": interval, **OFF})
    deadline = time.monotonic() + interval / 2  # due at once, not after another interval
    while _status(url, tmp_path, memory_id) != "archived" and time.monotonic() < deadline:
        time.sleep(0.5)
    last.stop()
    assert _status(url, tmp_path, memory_id) == "archived", lifetimes
