"""``gieok bench --http``: a short run (5 clients, ~3 s, hash embedder) through the real
command, a real ``gieok serve`` child process and real HTTP; checks the report, not timings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration

OPERATIONS = {"search", "add", "context", "load", "save"}


def test_http_load_report(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    result = cli("bench", "--http", "--clients", "5", "--duration", "3", "--embedder",
                 "hash:256", "--seed-memories", "10", "--workdir", str(tmp_path / "work"),
                 "--json", str(out))
    assert result.exit_code == 0, result.output
    assert "gieok bench --http" in result.output and "load_p95_ms" in result.output
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["errors"] == 0 and report["error_kinds"] == {}
    assert set(report["operations"]) == OPERATIONS
    for row in report["operations"].values():
        assert row["count"] > 0 and row["errors"] == 0
        assert row["p50_ms"] <= row["p95_ms"] <= row["p99_ms"]
        # the server's own time came back on every answer and is inside the client's
        assert row["server"] is not None and row["server"]["p50_ms"] <= row["p50_ms"]
    assert report["requests"] == sum(r["count"] for r in report["operations"].values())
    assert report["throughput_rps"] > 0 and report["config"]["clients"] == 5
    assert set(report["budgets"]) == {"load_p95_ms", "save_p95_ms"}
    assert report["budgets"]["load_p95_ms"]["limit_ms"] == 500
    server = report["server"]
    assert server["server_errors"] == 0 and server["job_failures"] == 0
    assert server["extraction_jobs_enqueued"] >= 1
    assert server["left_in_queue_after_shutdown"] == 0  # drained on SIGTERM
    assert server["vectors_owed_after_shutdown"] == 0  # saves' vectors written on SIGTERM
    assert report["machine"]["cores"] >= 1


def test_http_load_refuses_bad_options(cli: Any) -> None:
    result = cli("bench", "--http", "--clients", "0")
    assert result.exit_code == 2


@pytest.mark.redis
def test_http_load_through_redis(cli: Any, tmp_path: Path, redis_server: Any) -> None:
    """``--redis``: the served working log reads from that Redis (the report shows it)."""
    out = tmp_path / "load.json"
    result = cli("bench", "--http", "--clients", "3", "--duration", "2", "--embedder",
                 "hash:256", "--seed-memories", "5", "--workdir", str(tmp_path / "work"),
                 "--redis", redis_server.url, "--json", str(out))
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["errors"] == 0 and report["config"]["redis"] is True
    server = report["server"]
    assert server["redis_up"] == 1 and server["redis_errors"] == 0
    assert server["redis_reads_hit"] > 0  # load/context read recent turns from Redis
    assert "redis: up=1" in result.output
