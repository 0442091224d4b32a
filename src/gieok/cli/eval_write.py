"""``gieok eval write`` (Q1b): write-path quality on the labelled Korean/English set.

Prints recall, precision, junk rate, memories stored from noise turns, PII leaks and
reconciliation accuracy for the ``dev`` and ``holdout`` splits (and both together). Offline
by default: heuristic extractor, hash embedder, a throwaway SQLite file; ``--llm`` uses the
configured LLM (``GIEOK_LLM_BASE_URL``/``GIEOK_LLM_MODELS``) instead.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import anyio
import typer
from rich.console import Console
from rich.table import Table

from gieok.cli.eval import eval_app
from gieok.errors import GieokError
from gieok.evaluation.write_quality import WriteQualityReport, evaluate_write, load_cases
from gieok.settings import GieokSettings

console = Console(highlight=False, soft_wrap=True)
COLUMNS = ("cases", "recall", "precision", "junk_rate", "noise_memories", "pii_leaks",
           "reconciliation_accuracy")


def _table(report: WriteQualityReport) -> Table:
    table = Table(title=f"write quality ({report.extractor})")
    table.add_column("split")
    for column in COLUMNS:
        table.add_column(column.replace("_", " "), justify="right")
    for split, scores in report.by_split.items():
        row = scores.as_dict()
        table.add_row(split, *(f"{row[c]:.3f}" if isinstance(row[c], float) else str(row[c])
                               for c in COLUMNS))
    return table


@eval_app.command("write")
def write(
    data: Annotated[Path | None, typer.Option(
        "--data", help="JSONL cases (default: the bundled labelled set).")] = None,
    split: Annotated[str, typer.Option(
        "--split", help="dev, holdout, holdout2 or all.")] = "all",
    embedder: Annotated[str, typer.Option("--embedder", help="Embedder.")] = "hash:256",
    llm: Annotated[bool, typer.Option(
        "--llm/--no-llm", help="Use the configured LLM extractor.")] = False,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the JSON report here.")
                        ] = None,
    show_failures: Annotated[bool, typer.Option(
        "--failures", help="List every case that did not pass.")] = False,
) -> None:
    """Measure extraction recall/precision, junk, PII leaks and reconciliation accuracy."""
    try:
        cases = load_cases(data, split)
        overrides: dict[str, object] = {"embedder": embedder}
        if not llm:
            overrides.update(llm_base_url=None, write={"extractor": "heuristic"})
        settings = GieokSettings(**overrides)  # type: ignore[arg-type]
        report = anyio.run(lambda: evaluate_write(cases, settings=settings))
    except GieokError as exc:
        console.print(f"[bold red]error[/] [{exc.code}] {exc.message}")
        raise typer.Exit(1) from None
    console.print(_table(report))
    if show_failures:
        for result in report.results:
            if not result.passed:
                console.print(f"[yellow]{result.id}[/] missed={result.missed} "
                              f"unmatched={result.unmatched}")
    if json_out is not None:
        json_out.write_text(json.dumps(report.as_dict(), ensure_ascii=False, indent=2),
                            encoding="utf-8")


def register(app: typer.Typer) -> None:
    """The command is attached to ``eval_app`` above; ``gieok.cli.eval`` registers the group."""
    del app
