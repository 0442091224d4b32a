"""``gieok eval locomo|longmemeval`` (Q1): retrieval quality against public benchmarks;
``gieok eval pii``: the PII guard (W4) on a labelled corpus.

Each command ingests the data into a store (a throwaway SQLite file unless ``--store`` names
one), runs every question as a search, prints a table and optionally writes the JSON report.
No LLM is involved anywhere.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import anyio
import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from gieok.errors import GieokError, InvalidInputError
from gieok.evaluation import harness
from gieok.evaluation.dataset import EvalSample, IngestOptions
from gieok.settings import DEFAULT_EMBEDDER, GieokSettings

eval_app = typer.Typer(
    help="Measure retrieval quality on LoCoMo and LongMemEval (no LLM in the loop).",
    no_args_is_help=True,
)

DataOpt = Annotated[Path, typer.Option("--data", help="Path to the benchmark JSON file.")]
KOpt = Annotated[str, typer.Option("--k", help="Cut-offs, comma-separated.")]
JsonOpt = Annotated[Path | None, typer.Option("--json", help="Write the JSON report here.")]
EmbedderOpt = Annotated[str, typer.Option("--embedder", help="Embedder, e.g. hash:256.")]
StoreOpt = Annotated[
    str | None, typer.Option("--store", help="Store URL (default: a temporary SQLite file).")
]
PresetOpt = Annotated[str, typer.Option("--preset", help="Named search preset.")]
WindowOpt = Annotated[
    int, typer.Option("--window", min=0, max=10, help="Neighbouring turns indexed per side.")
]
SpeakerOpt = Annotated[bool, typer.Option("--speaker/--no-speaker", help="Prefix speaker names.")]
DateOpt = Annotated[bool, typer.Option("--date/--no-date", help="Index the session date.")]
PathOpt = Annotated[str, typer.Option(
    "--path", help="How turns reach the engine: 'add' (one add() call per session, what an "
    "application does) or 'import' (each turn written as a memory with its neighbours: an "
    "ablation).")]
SplitOpt = Annotated[str, typer.Option(
    "--split", help="LoCoMo conversations to use: all, dev (even positions) or test (odd).")]
UserTurnsOpt = Annotated[bool, typer.Option(
    "--user-turns-only/--every-turn",
    help="Send only user turns, as LongMemEval's official protocol indexes them.")]
CacheOpt = Annotated[Path | None, typer.Option(
    "--embed-cache", help="Keep embeddings in this file and reuse them on the next run "
    "(quick tuning runs; report final numbers without it).")]
ExtractOpt = Annotated[bool, typer.Option(
    "--extract/--no-extract", help="Extract facts from the turns, as add() does by default.")]
ReuseOpt = Annotated[bool, typer.Option(
    "--reuse", help="With --store: search a store an earlier run ingested (its harness map "
    "is kept beside it as <file>.owners.json) instead of ingesting again.")]
LimitOpt = Annotated[
    int | None, typer.Option("--limit", min=1, help="Only the first N samples (quick runs).")
]


def _parse_ks(text: str) -> tuple[int, ...]:
    try:
        ks = tuple(sorted({int(part) for part in text.split(",") if part.strip()}))
    except ValueError:
        raise typer.BadParameter("--k must be comma-separated integers, e.g. 1,5,10") from None
    if not ks or ks[0] < 1 or ks[-1] > 200:
        raise typer.BadParameter("--k values must be between 1 and 200")
    return ks


def _table(report: dict[str, Any], columns: Sequence[str]) -> Table:
    table = Table(title=f"{report['dataset']} — {report['n_questions']} questions")
    table.add_column("category")
    table.add_column("n", justify="right")
    for name in columns:
        table.add_column(name, justify="right")
    rows = [("overall", report["n_questions"], report["overall"])]
    rows += [(f"{cat} {body['name']}" if body["name"] != cat else cat, body["n"], body)
             for cat, body in report["by_category"].items()]
    for label, n, values in rows:
        table.add_row(label, str(n), *(f"{values.get(c, 0.0):.3f}" for c in columns))
    return table


def _columns(dataset: str, ks: Sequence[int]) -> list[str]:
    top = max(ks)
    if dataset == harness.LONGMEMEVAL:
        return [*(f"recall_all@{k}" for k in ks), f"recall_any@{top}", f"ndcg@{top}",
                f"turn_recall@{top}", "mrr"]
    return [*(f"recall@{k}" for k in ks), f"any@{top}", f"all@{top}", "mrr"]


async def _run(
    samples: list[EvalSample], run: harness.EvalRun, settings: GieokSettings, store: str,
    console: Console, cache: Path | None = None,
) -> dict[str, Any]:
    from gieok.runtime import make_embedder
    from gieok.evaluation.embed_cache import DiskCacheEmbedder
    from gieok.memory import AsyncMemory

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    with Progress(*columns, console=console, transient=False) as bars:
        ingest = bars.add_task("ingest", total=None)
        search = bars.add_task("search", total=None)
        progress = harness.Progress(
            ingest_total=lambda n: bars.update(ingest, total=n),
            ingested=lambda n: bars.advance(ingest, n),
            questions_total=lambda n: bars.update(search, total=n),
            answered=lambda: bars.advance(search),
        )
        embedder = None
        if cache is not None:
            embedder = DiskCacheEmbedder(make_embedder(settings.embedder, settings), cache)
        async with AsyncMemory(store, settings=settings, embedder=embedder) as memory:
            report = await harness.evaluate(memory, samples, run, progress)
        if embedder is not None:
            report["config"]["embed_cache"] = {"path": str(cache), "hits": embedder.hits,
                                               "misses": embedder.misses}
        return report


def _command(
    dataset: str, data: Path, k: str, json_out: Path | None, embedder: str, store: str | None,
    preset: str, ingest: IngestOptions, limit: int | None, split: str = "all",
    cache: Path | None = None, reuse: bool = False,
) -> None:
    from gieok.evaluation.locomo import CATEGORIES, HEADLINE, load_locomo, split_samples
    from gieok.evaluation.longmemeval import load_longmemeval
    from gieok.read.presets import get_preset

    console = Console()
    ks = _parse_ks(k)
    try:
        scoring = get_preset(preset)
        if ingest.path not in ("add", "import"):
            raise InvalidInputError(f"unknown --path {ingest.path!r}; use add or import")
        if dataset == harness.LOCOMO:
            samples = split_samples(load_locomo(data), split)
            run = harness.EvalRun(dataset, ks, ingest, HEADLINE, dict(CATEGORIES))
        else:
            samples = load_longmemeval(data)
            run = harness.EvalRun(dataset, ks, ingest)
        samples = samples[:limit] if limit else samples
        with tempfile.TemporaryDirectory(prefix="gieok-eval-") as tmp:
            settings = GieokSettings(data_dir=Path(tmp), embedder=embedder, scoring=scoring)
            url = store or f"sqlite:///{Path(tmp) / 'eval.db'}"
            if reuse:
                if store is None or not store.startswith("sqlite:///"):
                    raise InvalidInputError("--reuse needs --store sqlite:///FILE")
                run.owner_file = store.removeprefix("sqlite:///") + ".owners.json"
            run.config = {"embedder": embedder, "preset": preset, "split": split,
                          "store": "temporary sqlite" if store is None else store,
                          "weights": scoring.model_dump()}
            report = anyio.run(_run, samples, run, settings, url, console, cache)
    except GieokError as exc:
        console.print(f"[red]error[/red] {exc.code}: {exc.message}")
        raise typer.Exit(2) from None
    console.print(_table(report, _columns(dataset, ks)))
    console.print(
        f"ingest {report['ingest_seconds']:.1f} s · search p50 {report['search_ms_p50']:.1f} ms"
        f" · p95 {report['search_ms_p95']:.1f} ms · dropped evidence ids "
        f"{report['dropped_evidence']} · skipped questions {report['skipped_questions']}"
    )
    strict = report["overall"].get(f"strict_recall@{max(ks)}")
    if strict is not None:  # an episode credits every turn of its session in the table
        console.print(f"strict recall@{max(ks)} {strict:.3f} (an episode credits no turn)")
    if json_out is not None:
        json_out.write_text(json.dumps(report, indent=2), encoding="utf-8")
        console.print(f"wrote {json_out}")


@eval_app.command("locomo")
def locomo(
    data: DataOpt, k: KOpt = "1,5,10", json_out: JsonOpt = None,
    embedder: EmbedderOpt = DEFAULT_EMBEDDER, store: StoreOpt = None, preset: PresetOpt = "default",
    window: WindowOpt = 2, speaker: SpeakerOpt = True, date: DateOpt = True,
    limit: LimitOpt = None, path: PathOpt = "add", split: SplitOpt = "all",
    embed_cache: CacheOpt = None, reuse: ReuseOpt = False, extract: ExtractOpt = True,
) -> None:
    """LoCoMo: turn-level recall@k, any@k, all@k and MRR; overall = categories 1–4.
    (--window and --date shape the 'import' ablation only.)

    The data (10 long conversations, CC BY-NC 4.0) is data/locomo10.json of the LoCoMo
    repository:
    curl -LO https://raw.githubusercontent.com/snap-research/locomo/main/data/locomo10.json
    """
    _command(harness.LOCOMO, data, k, json_out, embedder, store, preset,
             IngestOptions(path=path, speaker=speaker, window=window, date=date,  # type: ignore[arg-type]
                           extract=extract),
             limit, split, embed_cache, reuse)


@eval_app.command("longmemeval")
def longmemeval(
    data: DataOpt, k: KOpt = "1,5,10", json_out: JsonOpt = None,
    embedder: EmbedderOpt = DEFAULT_EMBEDDER, store: StoreOpt = None, preset: PresetOpt = "default",
    window: WindowOpt = 2, date: DateOpt = True, limit: LimitOpt = None,
    path: PathOpt = "add", user_turns_only: UserTurnsOpt = False,
    embed_cache: CacheOpt = None, reuse: ReuseOpt = False, extract: ExtractOpt = True,
) -> None:
    """LongMemEval: session recall_all@k / recall_any@k / NDCG@k and turn recall@k.
    (--window and --date shape the 'import' ablation only.)"""
    _command(harness.LONGMEMEVAL, data, k, json_out, embedder, store, preset,
             IngestOptions(path=path, speaker=False, window=window, date=date,  # type: ignore[arg-type]
                           every_turn=not user_turns_only, extract=extract), limit,
             cache=embed_cache, reuse=reuse)


@eval_app.command("pii")
def pii(data: DataOpt, json_out: JsonOpt = None) -> None:
    """The PII guard on a labelled corpus (JSON Lines): share of secrets fully masked, and
    texts with nothing secret that came through changed (false positives)."""
    from gieok.evaluation.pii_corpus import evaluate, load_corpus

    console = Console()
    report = evaluate(load_corpus(data)).to_dict()
    table = Table(title=f"PII guard — {data.name}")
    for name in ("kind", "detected"):
        table.add_column(name)
    for kind, value in report["by_kind"].items():
        table.add_row(kind, value)
    table.add_row("all", f"{report['detected']}/{report['positives']} "
                         f"({report['detection_rate']:.1%})")
    console.print(table)
    console.print(f"false positives {report['false_positives']}/{report['negatives']} "
                  f"({report['false_positive_rate']:.1%}) · over-masked positives "
                  f"{report['over_masked_positives']}")
    console.print(f"missed: {', '.join(report['missed']) or 'none'}")
    console.print(f"false positive ids: {', '.join(report['false_positive_ids']) or 'none'}")
    if json_out is not None:
        json_out.write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
        console.print(f"wrote {json_out}")


def register(app: typer.Typer) -> None:
    app.add_typer(eval_app, name="eval")
