"""``gieok eval`` through the real typer command, end to end on fixture files."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from gieok.cli.eval import eval_app, register

FIXTURES = Path(__file__).parents[2] / "fixtures"


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def main() -> None:
        """gieok (test harness)."""

    register(app)
    return app


def test_eval_locomo_writes_the_json_report(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    result = CliRunner().invoke(_app(), [
        "eval", "locomo", "--data", str(FIXTURES / "locomo_mini.json"), "--json", str(out),
        "--embedder", "hash:256", "--k", "1,5,10",
    ])
    assert result.exit_code == 0, result.output
    assert "recall@10" in result.output and "overall" in result.output
    assert "strict recall@10" in result.output  # what turns and facts found by themselves
    report = json.loads(out.read_text())
    assert report["dataset"] == "locomo"
    assert report["k"] == [1, 5, 10]
    assert report["n_questions"] == 7
    for key in ("recall@10", "all@5", "any@5", "mrr"):
        assert key in report["overall"]
    assert set(report["by_category"]) == {"1", "2", "3", "4", "5"}
    for key in ("ingest_seconds", "search_ms_p50", "search_ms_p95"):
        assert isinstance(report[key], float)
    config = report["config"]
    assert config["embedder"] == "hash:256" and config["preset"] == "default"
    assert config["weights"]["w_sim"] > 0 and config["ingest"]["window"] >= 0


def test_eval_longmemeval_with_a_store_and_preset(tmp_path: Path) -> None:
    out = tmp_path / "lme.json"
    result = CliRunner().invoke(_app(), [
        "eval", "longmemeval", "--data", str(FIXTURES / "longmemeval_mini.json"),
        "--json", str(out), "--embedder", "hash:256", "--store", f"sqlite:///{tmp_path}/s.db",
        "--preset", "fulltext", "--k", "1,3",
    ])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["dataset"] == "longmemeval" and report["n_questions"] == 2
    assert "recall_all@3" in report["overall"] and "ndcg@3" in report["overall"]
    assert report["config"]["weights"]["dense_weight"] == 0.0
    assert (tmp_path / "s.db").exists()


def test_eval_reports_bad_input_cleanly(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(_app(), ["eval", "locomo", "--data", str(tmp_path / "nope.json"),
                                     "--embedder", "hash:64"])
    assert missing.exit_code == 2 and "INVALID_INPUT" in missing.output
    preset = runner.invoke(_app(), ["eval", "locomo", "--data",
                                    str(FIXTURES / "locomo_mini.json"), "--preset", "nope"])
    assert preset.exit_code == 2 and "unknown search preset" in preset.output
    bad_k = runner.invoke(_app(), ["eval", "locomo", "--data",
                                   str(FIXTURES / "locomo_mini.json"), "--k", "x"])
    assert bad_k.exit_code != 0


def test_eval_app_is_importable_for_other_commands() -> None:
    assert isinstance(eval_app, typer.Typer)


def test_eval_split_reuse_and_import_path(tmp_path: Path) -> None:
    runner = CliRunner()
    store = f"sqlite:///{tmp_path}/r.db"
    common = ["eval", "locomo", "--data", str(FIXTURES / "locomo_mini.json"),
              "--embedder", "hash:256"]
    first = runner.invoke(_app(), [*common, "--split", "dev", "--store", store, "--reuse",
                                   "--json", str(tmp_path / "1.json")])
    assert first.exit_code == 0, first.output
    one = json.loads((tmp_path / "1.json").read_text())
    assert one["samples"] == 1 and one["config"]["split"] == "dev"
    assert one["config"]["path"] == "add" and (tmp_path / "r.db.owners.json").exists()
    again = runner.invoke(_app(), [*common, "--split", "dev", "--store", store, "--reuse",
                                   "--json", str(tmp_path / "2.json")])
    assert again.exit_code == 0, again.output
    two = json.loads((tmp_path / "2.json").read_text())
    assert two["overall"] == one["overall"] and two["ingest_seconds"] < 1.0
    test = runner.invoke(_app(), [*common, "--split", "test", "--path", "import",
                                  "--json", str(tmp_path / "3.json")])
    assert test.exit_code == 0, test.output
    three = json.loads((tmp_path / "3.json").read_text())
    assert three["samples"] == 1 and three["config"]["path"] == "import"
    bad = runner.invoke(_app(), [*common, "--split", "holdout"])
    assert bad.exit_code == 2 and "unknown split" in bad.output
    no_store = runner.invoke(_app(), [*common, "--reuse"])
    assert no_store.exit_code == 2 and "--reuse needs" in no_store.output
