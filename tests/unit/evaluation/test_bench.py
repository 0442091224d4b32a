"""``gieok bench`` on tiny sizes with the hash embedder: the JSON shape, the stand-in embedder,
the synthetic corpus. Timings are never asserted."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import typer
from typer.testing import CliRunner

from gieok.cli import bench as bench_cli
from gieok.embedders import HashEmbedder
from gieok.evaluation.bench import BenchConfig, BenchEmbedder, run_bench, summarise
from gieok.evaluation.bench_corpus import memory_texts, query_texts


def app() -> typer.Typer:
    root = typer.Typer()
    bench_cli.register(root)

    @root.callback()
    def _root() -> None:  # keep "bench" a subcommand even when it is the only one
        pass

    return root


def test_cli_writes_the_report(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    result = CliRunner().invoke(app(), [
        "bench", "--sizes", "120,200", "--embedder", "hash:64", "--queries", "15",
        "--ingest-sample", "25", "--workdir", str(tmp_path / "work"), "--json", str(out),
    ])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert set(report["search"]) == {"120", "200"}
    for row in report["search"].values():
        for key in ("p50_ms", "p95_ms", "p99_ms", "p95_ms_with_embedding"):
            assert row[key] > 0
        assert row["p50_ms"] <= row["p95_ms"] <= row["p99_ms"]
        assert 0 <= row["cpu_p50_ms"] <= row["cpu_p95_ms"]
        assert set(row["stages_p50"]) == {"dense_ms", "fulltext_ms", "fetch_ms"}
        assert row["queries"] == 15
    assert report["ingest"]["memories_per_s"] > 0
    assert report["ingest"]["embedder_only_per_s"] > 0
    assert report["ingest"]["sample"] == 25
    for key in ("cpu", "cores", "python", "numpy", "sqlite"):
        assert report["machine"][key]
    assert report["machine"]["embedder"] == "hash:64"
    assert "p95 ms" in result.output  # the rich table


@pytest.mark.parametrize("on", [True, False])
def test_the_report_says_which_order_ranked_the_searches(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, on: bool) -> None:
    # the learned order adds its own cost per search: a report must say whether it ran
    monkeypatch.setenv("GIEOK_SCORING__LEARNED_ORDER", "true" if on else "false")
    out = tmp_path / "bench.json"
    result = CliRunner().invoke(app(), [
        "bench", "--sizes", "60", "--embedder", "hash:64", "--queries", "3", "--no-ingest",
        "--workdir", str(tmp_path / "work"), "--json", str(out),
    ])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["search"]["60"]["learned_order"] is on
    assert f"learned order {'on' if on else 'off'}" in " ".join(result.output.split())


def test_cli_rejects_bad_sizes() -> None:
    result = CliRunner().invoke(app(), ["bench", "--sizes", "ten", "--no-ingest"])
    assert result.exit_code == 2
    assert "--sizes" in result.output


def test_reused_workdir_grows_and_refuses_to_shrink(tmp_path: Path) -> None:
    import anyio

    def config(size: int) -> BenchConfig:
        return BenchConfig(sizes=[size], embedder="hash:32", queries=5, warmup=2,
                           workdir=tmp_path / "work", skip_ingest=True)

    assert set(anyio.run(run_bench, config(50)).search) == {"50"}
    assert set(anyio.run(run_bench, config(80)).search) == {"80"}  # the same file, grown
    with pytest.raises(ValueError, match="already holds 80"):
        anyio.run(run_bench, config(60))


@pytest.mark.anyio
async def test_bench_embedder_stands_in_for_the_real_one() -> None:
    real = HashEmbedder(48)
    stand_in = BenchEmbedder(real)
    assert (stand_in.name, stand_in.dim) == (real.name, real.dim)
    await stand_in.precompute(["where do I live?"])
    cached = stand_in.query_cache["where do I live?"]
    assert np.array_equal(await stand_in.embed_query("where do I live?"), cached)
    stand_in.query_cache["where do I live?"] = np.zeros_like(cached)
    assert not (await stand_in.embed_query("where do I live?")).any()  # served from the cache
    stand_in.use_cache = False
    assert np.allclose(await stand_in.embed_query("where do I live?"), cached)
    docs = await stand_in.embed_documents(["a", "b c"])
    assert docs.shape == (2, 48)


def test_corpus_is_unique_bilingual_and_deterministic() -> None:
    texts = memory_texts(3000, seed=4)
    assert len(set(texts)) == 3000
    assert texts == memory_texts(3000, seed=4)
    korean = sum(any("가" <= ch <= "힣" for ch in t) for t in texts)
    assert 0.4 < korean / len(texts) < 0.6
    assert all("사용자" in t or "User" in t for t in texts)
    queries = query_texts(200, seed=1)
    assert len(set(queries)) == 200


def test_korean_particles_follow_the_last_syllable() -> None:
    texts = memory_texts(2000, seed=9)
    assert any("민아는" in t for t in texts) and not any("민아은" in t for t in texts)
    assert any("서준은" in t for t in texts) and not any("서준는" in t for t in texts)
    assert not any("간호사으로" in t for t in texts)


def test_summary_percentiles_are_ordered() -> None:
    stats = summarise([1.0, 2.0, 3.0, 4.0, 100.0])
    assert stats["p50_ms"] == 3.0
    assert stats["p50_ms"] <= stats["p95_ms"] <= stats["p99_ms"] <= 100.0
