"""``gieok context | consolidate | expire | rollback`` on a real SQLite file, in-process."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from gieok import Memory, GieokSettings
from gieok.cli import context as context_cli
from gieok.cli import memories as memories_cli
from gieok.domain.records import utcnow

pytestmark = pytest.mark.integration


@pytest.fixture
def run(tmp_path: Path) -> Any:
    app = typer.Typer(no_args_is_help=True, pretty_exceptions_enable=False)
    memories_cli.register(app)
    context_cli.register(app)
    env = {"GIEOK_STORE_URL": f"sqlite:///{tmp_path / 'cli.db'}", "GIEOK_EMBEDDER": "hash:256",
           "COLUMNS": "200"}
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> Any:
        return runner.invoke(app, list(args), env=env, input=input, catch_exceptions=False)

    return invoke


def _json(result: Any) -> Any:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_context_prints_the_block_and_trace(run: Any, tmp_path: Path) -> None:
    run("remember", "Nabi is allergic to chicken", "--user", "u1", "--importance", "0.9",
        "--category", "health")
    run("remember", "User lives in Gangnam-gu", "--user", "u1")
    out = run("context", "where do I live", "--user", "u1", "--session", "s2", "--trace")
    assert out.exit_code == 0, out.output
    assert "[MEMORY CONTEXT]" in out.stdout and "Core facts" in out.stdout
    assert "cl100k_base" in out.stdout and "trace" in out.stdout
    history = tmp_path / "h.json"
    history.write_text(json.dumps([{"role": "user", "content": "안녕"}]), encoding="utf-8")
    data = _json(run("context", "where", "--user", "u1", "--history", str(history),
                     "--tokens", "3000", "--budget", '{"memory_tokens": 100}', "--json"))
    assert data["messages"] == [{"role": "user", "content": "안녕"}]
    assert data["text"].endswith("the current request wins.") and data["tokens"] <= 3000
    rules = tmp_path / "proj"
    (rules / "rules").mkdir(parents=True)
    (rules / "rules" / "billing.md").write_text("---\npaths: ['**/billing*']\n---\nRound "
                                                "half even.", encoding="utf-8")
    billing = run("context", "x", "--user", "u1", "--project-root", str(rules), "--entity",
                  "billing-api")
    assert "Round half even." in billing.stdout
    empty = run("context", "x", "--user", "nobody")
    assert empty.exit_code == 0 and "nothing stored here is relevant enough" in empty.stdout
    assert run("context", "x").exit_code == 2  # no scope
    assert run("context", "x", "--user", "u1", "--budget", "[1]").exit_code == 2


def test_expire_consolidate_and_rollback(run: Any, tmp_path: Path) -> None:
    stored = _json(run("remember", "Old plan", "--user", "u1", "--json"))
    assert _json(run("expire", "--dry-run", "--json")) == {
        "expired": 0, "by_reason": {}, "deleted": 0, "dry_run": True}
    with Memory(f"sqlite:///{tmp_path / 'cli.db'}",
                settings=GieokSettings(data_dir=tmp_path / "d", embedder="hash:256")) as mem:
        plan = mem.remember("Q3 plan", user_id="u2",
                            expires_at=utcnow() - timedelta(seconds=1))
    out = run("expire", "--user", "u2")
    assert out.exit_code == 0 and "expired 1 memories (expires_at: 1)" in out.stdout
    assert _json(run("history", plan.id, "--json"))[-1]["action"] == "expire"
    old = (utcnow() - timedelta(days=400)).isoformat()
    for i in range(3):
        run("remember", f"Tennis lesson number {i}", "--user", "u1", "--tag", "tennis",
            "--at", old)
    dry = _json(run("consolidate", "--user", "u1", "--dry-run", "--json"))
    assert dry["dry_run"] and len(dry["digests"]) == 1 and dry["covered"] == 3
    done = run("consolidate", "--user", "u1")
    assert done.exit_code == 0 and "wrote 1 digest(s) covering 3 memories" in done.stdout
    retention = run("expire", "--user", "u1", "--retention-days", "365")
    # the three lessons and their digest (dated like its newest lesson) are past retention
    assert retention.exit_code == 0 and "deleted 4 past retention" in retention.stdout
    back = run("rollback", stored["id"], "1")
    assert back.exit_code == 0 and "version 1" in back.stdout
    missing = run("rollback", stored["id"], "7")
    assert missing.exit_code == 1 and "VERSION_NOT_FOUND" in missing.output


def test_reindex_command(run: Any) -> None:
    run("remember", "User lives in Gangnam-gu", "--user", "u1")
    out = run("reindex", "--embedder", "hash:128")
    assert out.exit_code == 0 and "switched hash:256 → hash:128: 1 memories" in out.stdout
    assert "roll back with --embedder hash:256" in out.stdout
    same = _json(run("reindex", "--embedder", "hash:128", "--json"))
    assert same["switched"] is False and same["embedded"] == 0
    back = _json(run("reindex", "--embedder", "hash:256", "--drop-previous", "--json"))
    assert back["switched"] and back["embedded"] == 0 and back["dropped"] == 1
    bad = run("reindex", "--embedder", "nope:x")
    assert bad.exit_code == 2
