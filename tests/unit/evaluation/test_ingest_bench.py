"""``gieok bench --conversations``: every session through add(), then the bare embedder on
exactly the texts the engine embedded (hash embedder: checks the report, never timings)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from gieok.cli.bench import register

FIXTURES = Path(__file__).parents[2] / "fixtures"


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def main() -> None:
        """gieok (test harness)."""

    register(app)
    return app


def test_conversation_ingest_report(tmp_path: Path) -> None:
    out = tmp_path / "ingest.json"
    for data, turns, sessions in (("locomo_mini.json", 10, 3),
                                  ("longmemeval_mini.json", None, None)):
        result = CliRunner().invoke(_app(), [
            "bench", "--conversations", str(FIXTURES / data), "--embedder", "hash:256",
            "--json", str(out)])
        assert result.exit_code == 0, result.output
        report = json.loads(out.read_text())
        if turns is not None:
            assert report["turns"] == turns and report["sessions"] == sessions
        # every turn was archived (one passage each here) and is among the embedded texts
        assert report["embedded_texts"] >= report["turns"] > 0
        assert report["engine"]["seconds"] > 0 and report["bare_embedder"]["seconds"] >= 0
        assert report["config"]["infer"] is True
    # the real LoCoMo file puts a long "qa" list before each "conversation"
    samples = json.loads((FIXTURES / "locomo_mini.json").read_text())
    qa = [{"question": f"question {i} " + "x" * 200, "answer": "a", "evidence": [],
           "category": 1} for i in range(200)]
    long_qa = tmp_path / "locomo_long_qa.json"
    long_qa.write_text(json.dumps([{"qa": qa, **{k: v for k, v in s.items() if k != "qa"}}
                                   for s in samples]))
    result = CliRunner().invoke(_app(), ["bench", "--conversations", str(long_qa),
                                         "--embedder", "hash:256", "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["turns"] == 10
    missing = CliRunner().invoke(_app(), ["bench", "--conversations", str(tmp_path / "no.json"),
                                          "--embedder", "hash:256"])
    assert missing.exit_code == 2


@pytest.mark.slow
def test_the_model_cpu_is_counted_inside_the_engine_run(tmp_path: Path) -> None:
    """With the local model, the report splits the engine's CPU into the model's and the
    rest (same run) and estimates an idle 2-core machine's turns per second from them."""
    out = tmp_path / "ingest.json"
    result = CliRunner().invoke(_app(), [
        "bench", "--conversations", str(FIXTURES / "locomo_mini.json"), "--json", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    engine = report["engine"]
    assert 0 < engine["model_cpu_seconds"] <= engine["cpu_seconds"]
    # the report's seconds are rounded to 0.01 and its ratio is not: on this tiny fixture
    # (tenths of a CPU second) the rounding alone moves the ratio by a few hundredths
    cpu, model = engine["cpu_seconds"], engine["model_cpu_seconds"]
    assert report["overhead_cpu_vs_model"] == pytest.approx(
        (cpu - model) / model, rel=0.1, abs=0.006 / model * (1 + cpu / model))
    idle = report["idle_2core_turns_per_s"]
    assert 0 < idle["low"] <= idle["high"]
    assert report["embedded_tokens"] >= report["embedded_texts"] > 0
    assert "an idle 2-core machine" in " ".join(result.output.split())
