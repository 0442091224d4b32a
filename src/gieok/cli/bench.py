"""``gieok bench``: search latency (p50/p95/p99, query embedding excluded and included) and
ingest throughput vs the bare embedder. What is measured and how the corpus is made:
``gieok.evaluation.bench`` and docs/benchmarks.md. ``gieok bench --http``: the service under
load (``gieok.evaluation.http_load``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import anyio
import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from gieok.errors import GieokError
from gieok.settings import DEFAULT_EMBEDDER

SizesOpt = Annotated[str, typer.Option(
    "--sizes", help="Memories in the one bench scope, comma-separated (e.g. 10000,100000).")]
JsonOpt = Annotated[Path | None, typer.Option("--json", help="Write the JSON report here.")]
EmbedderOpt = Annotated[str, typer.Option(
    "--embedder", help="The real embedder: query vectors, and the ingest measurement.")]
QueriesOpt = Annotated[int, typer.Option("--queries", min=1, help="Timed queries per size.")]
SampleOpt = Annotated[int, typer.Option(
    "--ingest-sample", min=1, help="Texts embedded for the ingest measurement.")]
WorkdirOpt = Annotated[Path | None, typer.Option(
    "--workdir", help="Keep the bench databases here (default: a temporary directory).")]
NoIngestOpt = Annotated[bool, typer.Option("--no-ingest", help="Skip the ingest measurement.")]
HttpOpt = Annotated[bool, typer.Option(
    "--http", help="Load-test the service instead: a real `gieok serve` and concurrent clients "
                   "mixing search, add, context, load and save.")]
ClientsOpt = Annotated[int, typer.Option("--clients", min=1, max=1000,
                                         help="--http: concurrent clients.")]
DurationOpt = Annotated[float, typer.Option("--duration", min=0.5,
                                            help="--http: seconds of timed load.")]
ThinkOpt = Annotated[float, typer.Option(
    "--think", min=0.0, help="--http: mean seconds between a client's requests (0: none).")]
SeedOpt = Annotated[int, typer.Option("--seed-memories", min=0,
                                      help="--http: memories per client before the run.")]
ConversationsOpt = Annotated[Path | None, typer.Option(
    "--conversations", help="Measure conversation ingest instead: every session of this "
    "LoCoMo or LongMemEval file through add(), against the bare embedder on the same texts.")]
LimitOpt = Annotated[int | None, typer.Option(
    "--limit", min=1, help="--conversations: only the first N conversations.")]


def parse_sizes(text: str) -> list[int]:
    try:
        sizes = sorted({int(part.replace("_", "")) for part in text.split(",") if part.strip()})
    except ValueError:
        raise typer.BadParameter("--sizes must be comma-separated integers, e.g. 10000,100000")
    if not sizes or sizes[0] < 1 or sizes[-1] > 10_000_000:
        raise typer.BadParameter("--sizes values must be between 1 and 10,000,000")
    return sizes


class RichReporter:
    """One progress bar per bench step."""

    def __init__(self, progress: Progress) -> None:
        self._progress = progress

    def task(self, label: str, total: int) -> Callable[[int], None]:
        task_id = self._progress.add_task(label, total=total)
        if total == 0:
            self._progress.update(task_id, completed=0, total=0)
        return lambda n: self._progress.advance(task_id, n)


def results_table(report: dict[str, Any]) -> Table:
    table = Table(title="gieok bench — search latency, one scope, k="
                  f"{report.get('corpus', {}).get('k', 10)}")
    table.add_column("memories", justify="right")
    columns = {"p50 ms": "p50_ms", "p95 ms": "p95_ms", "p99 ms": "p99_ms",
               "p50 CPU ms": "cpu_p50_ms", "p95 CPU ms": "cpu_p95_ms",
               "p50 ms +embed": "p50_ms_with_embedding", "p95 ms +embed": "p95_ms_with_embedding"}
    for name in columns:
        table.add_column(name, justify="right")
    for size, row in report["search"].items():
        table.add_row(f"{int(size):,}", *(f"{row[key]:.2f}" for key in columns.values()))
    return table


def http_table(report: dict[str, Any]) -> Table:
    cfg = report["config"]
    table = Table(title=f"gieok bench --http — {cfg['clients']} clients, {report['elapsed_s']}s, "
                  f"{report['throughput_rps']} req/s, {report['errors']} errors")
    for name in ("operation", "requests", "req/s", "errors", "p50 ms", "p95 ms", "p99 ms",
                 "server p50", "server p95"):
        table.add_column(name, justify="left" if name == "operation" else "right")
    for op, row in report["operations"].items():
        server = row.get("server") or {}
        table.add_row(op, str(row["count"]), f"{row['rps']:.1f}", str(row["errors"]),
                      *(f"{row[key]:.1f}" for key in ("p50_ms", "p95_ms", "p99_ms")),
                      *(f"{server[key]:.1f}" if key in server else "—"
                        for key in ("p50_ms", "p95_ms")))
    return table


def bench_http(console: Console, json_out: Path | None, **options: Any) -> None:
    from gieok.evaluation.http_load import LoadConfig, run_http_load

    config = LoadConfig(**options)
    console.print(f"preparing {config.clients} users and serving on {config.embedder} …")
    try:
        report = anyio.run(run_http_load, config)
    except (GieokError, RuntimeError, ValueError) as exc:
        console.print(f"[red]error[/red] {exc}")
        raise typer.Exit(2) from None
    console.print(http_table(report))
    for name, budget in report["budgets"].items():
        verdict = "[green]ok[/green]" if budget["ok"] else "[red]over[/red]"
        console.print(f"latency budget {name}: {budget['p95_ms']:.1f} ms "
                      f"(< {budget['limit_ms']:.0f} ms) {verdict}")
    server = report["server"]
    console.print(f"background extraction: {server['extraction_jobs_done']:.0f} of "
                  f"{server['extraction_jobs_enqueued']:.0f} jobs done during the run, "
                  f"{server['left_in_queue_after_shutdown']} left after shutdown; "
                  f"{server['server_errors']:.0f} server errors")
    if report["config"]["redis"]:
        console.print(f"redis: up={server['redis_up']:.0f}, reads {server['redis_reads_hit']:.0f} "
                      f"hit / {server['redis_reads_miss']:.0f} filled from the store, "
                      f"{server['redis_errors']:.0f} failed calls")
    if json_out is not None:
        json_out.write_text(json.dumps(report, indent=2), encoding="utf-8")
        console.print(f"wrote {json_out}")
    if report["errors"]:
        raise typer.Exit(1)


def bench_conversations(console: Console, json_out: Path | None, data: Path, embedder: str,
                        limit: int | None, workdir: Path | None) -> None:
    from gieok.evaluation.ingest_bench import (
        IngestBenchConfig,
        load_conversations,
        run_ingest_bench,
    )

    try:
        samples = load_conversations(data)
        samples = samples[:limit] if limit else samples
        config = IngestBenchConfig(samples=samples, embedder=embedder, workdir=workdir)
        total = sum(len(t.text) > 0 for s in samples for sess in s.sessions for t in sess.turns)
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), TimeRemainingColumn())
        with Progress(*columns, console=console) as progress:
            report = anyio.run(run_ingest_bench, config,
                               RichReporter(progress).task("turns through add()", total))
    except (GieokError, OSError) as exc:
        console.print(f"[red]error[/red] {exc}")
        raise typer.Exit(2) from None
    engine, bare = report["engine"], report["bare_embedder"]
    console.print(f"{report['turns']} turns in {report['sessions']} add() calls: "
                  f"{engine['seconds']} s ({engine['turns_per_s']} turns/s, CPU "
                  f"{engine['cpu_seconds']} s); bare embedder on the same "
                  f"{report['embedded_texts']} texts: {bare['seconds']} s (CPU "
                  f"{bare['cpu_seconds']} s); engine overhead {report['overhead_wall']:.1%} "
                  f"wall, {report['overhead_cpu']:.1%} CPU")
    if report.get("overhead_cpu_vs_model") is not None:
        idle = report["idle_2core_turns_per_s"]
        console.print(f"in the same run: CPU outside the model = "
                      f"{report['overhead_cpu_vs_model']:.1%} of the model's "
                      f"({engine['model_cpu_seconds']} s); an idle 2-core machine: "
                      f"{idle['low']}–{idle['high']} turns/s")
    if json_out is not None:
        json_out.write_text(json.dumps(report, indent=2), encoding="utf-8")
        console.print(f"wrote {json_out}")


StoreBenchOpt = Annotated[str | None, typer.Option(
    "--store", help="Bench this (empty) store instead of a new SQLite file, e.g. "
                    "postgresql://user:password@host/gieok_bench.")]
RedisOpt = Annotated[str | None, typer.Option(
    "--redis", help="--http: the server keeps its sessions' recent turns in this Redis "
                    "(redis://host:6379/0 or unix:///path/redis.sock), as GIEOK_REDIS_URL does.")]
TenantsOpt = Annotated[int, typer.Option(
    "--tenants", min=0, help="Also time searches over this many tenants of 100 memories.")]


def bench(
    sizes: SizesOpt = "10000,100000",
    store: StoreBenchOpt = None,
    tenants: TenantsOpt = 0,
    json_out: JsonOpt = None,
    embedder: EmbedderOpt = DEFAULT_EMBEDDER,
    queries: QueriesOpt = 300,
    ingest_sample: SampleOpt = 1000,
    workdir: WorkdirOpt = None,
    no_ingest: NoIngestOpt = False,
    http: HttpOpt = False,
    clients: ClientsOpt = 50,
    duration: DurationOpt = 60.0,
    think: ThinkOpt = 0.0,
    seed_memories: SeedOpt = 100,
    conversations: ConversationsOpt = None,
    limit: LimitOpt = None,
    redis: RedisOpt = None,
) -> None:
    """Search latency at each size (one scope, real SQLite file, real engine) and ingest
    throughput through import_memories vs the bare embedder; with --http, the service under
    concurrent load (throughput, p50/p95/p99 per operation, errors, the latency budgets:
    load under 500 ms and save under 1 s at p95)."""
    from gieok.evaluation.bench import BenchConfig, run_bench

    console = Console()
    if conversations is not None:
        bench_conversations(console, json_out, conversations, embedder, limit, workdir)
        return
    if http:
        bench_http(console, json_out, clients=clients, duration_s=duration, think_s=think,
                   seed_memories=seed_memories, embedder=embedder, workdir=workdir,
                   redis_url=redis)
        return
    config = BenchConfig(sizes=parse_sizes(sizes), embedder=embedder, queries=queries,
                         ingest_sample=ingest_sample, workdir=workdir, skip_ingest=no_ingest,
                         store=store, tenants=tenants)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TimeRemainingColumn())
    try:
        with Progress(*columns, console=console) as progress:
            result = anyio.run(run_bench, config, RichReporter(progress))
    except GieokError as exc:
        console.print(f"[red]error[/red] {exc.code}: {exc.message}")
        raise typer.Exit(2) from None
    except ValueError as exc:
        console.print(f"[red]error[/red] {exc}")
        raise typer.Exit(2) from None
    report = result.to_json()
    console.print(results_table(report))
    if report["ingest"]:
        ingest = report["ingest"]
        console.print(f"ingest ({ingest['sample']} texts, {report['machine']['embedder']}): "
                      f"{ingest['memories_per_s']:.1f} memories/s through import_memories · "
                      f"{ingest['embedder_only_per_s']:.1f} texts/s embedder only")
    machine = report["machine"]
    orders = {row.get("learned_order") for row in report["search"].values()}
    order = "" if not report["search"] else \
        f" · learned order {'on' if orders == {True} else 'off'}"
    console.print(f"{machine['cpu']} · {machine['cores']} cores · load "
                  f"{machine.get('load_avg_1m')} · Python {machine['python']} · NumPy "
                  f"{machine['numpy']} · SQLite {machine['sqlite']}{order}")
    if json_out is not None:
        json_out.write_text(json.dumps(report, indent=2), encoding="utf-8")
        console.print(f"wrote {json_out}")


def register(app: typer.Typer) -> None:
    app.command("bench")(bench)
