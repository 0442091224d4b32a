"""``gieok eval write`` (Q1b): write-path quality on labelled Korean/English chat.

``--set chat`` (the default) plays the chat set (``evaluation/chat_set.py``): recall of facts,
precision, junk rate from noise conversations, secrets stored, per-family figures and the
misses; the bundled dev set (``--split dev``, or its parts ``dev-train`` and
``dev-check``), the test split (``--split test``: round 3's held-out file, scored once at
the end of round 3), or ``--data FILE``, a held-out file of the same format. ``--set regression`` runs the older case file
(recall, precision, junk, PII leaks and reconciliation accuracy). Offline by default:
heuristic extractor, hash embedder, a throwaway SQLite file; ``--llm`` uses the configured
LLM (``GIEOK_LLM_BASE_URL``/``GIEOK_LLM_MODELS``) instead.
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
from gieok.evaluation.chat_set import ChatSetReport, evaluate_chat_set, load_chat_set
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


CHAT_COLUMNS = ("recall", "precision", "junk_rate", "expected_facts", "memories",
                "noise_conversations", "secrets_stored", "sequences_ok", "pinned_ok", "dated_ok",
                "tier_ok")


def _chat_tables(report: ChatSetReport) -> list[Table]:
    data = report.as_dict()
    table = Table(title=f"chat set ({report.extractor})")
    table.add_column("split")
    for column in CHAT_COLUMNS:
        table.add_column(column.replace("_", " "), justify="right")
    for split, row in data["splits"].items():
        table.add_row(split, *(f"{row.get(c, 0):.3f}" if isinstance(row.get(c), float)
                               else str(row.get(c, "")) for c in CHAT_COLUMNS))
    tables = [table]
    for split, families in data["families"].items():
        if split == "all":
            continue
        fam = Table(title=f"{split}: per family")
        for column in ("family", "expected", "recall", "stored", "precision"):
            fam.add_column(column, justify="left" if column == "family" else "right")
        for name, row in families.items():
            fam.add_row(name, str(row["expected"]), _num(row["recall"]), str(row["stored"]),
                        _num(row["precision"]))
        tables.append(fam)
    return tables


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _chat(data: Path | None, split: str, settings: GieokSettings, json_out: Path | None,
          show_failures: bool) -> None:
    cases = load_chat_set(data, split)
    report = anyio.run(lambda: evaluate_chat_set(cases, settings=settings))
    for table in _chat_tables(report):
        console.print(table)
    body = report.as_dict()
    if show_failures:
        for miss in body["misses"]:
            console.print(f"[yellow]miss[/] {miss['id']}: {miss['missed']} stored={miss['memories']}")
        for junk in body["junk"]:
            console.print(f"[red]junk[/] {junk['id']}: {junk['junk']}")
        for seq in body["sequences_failed"]:
            console.print(f"[magenta]sequence[/] {seq['id']}: {seq['notes']} {seq['memories']}")
    if json_out is not None:
        json_out.write_text(json.dumps(body, ensure_ascii=False, indent=2), encoding="utf-8")


@eval_app.command("write")
def write(
    data: Annotated[Path | None, typer.Option(
        "--data", help="Cases file (default: the bundled set chosen by --set).")] = None,
    case_set: Annotated[str | None, typer.Option(
        "--set", help="chat (the labelled chat set) or regression (the older case file); "
        "default: chat, or regression when --data is a .jsonl file.")] = None,
    split: Annotated[str, typer.Option(
        "--split", help="chat: dev (= all), dev-train, dev-check or test (the held-out "
        "file), or a --data file's own labels; regression: dev, holdout or all.")] = "all",
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
        overrides: dict[str, object] = {"embedder": embedder}
        if not llm:
            overrides.update(llm_base_url=None, write={"extractor": "heuristic"})
        settings = GieokSettings(**overrides)  # type: ignore[arg-type]
        if case_set is None:
            case_set = "regression" if data is not None and data.suffix == ".jsonl" else "chat"
        if case_set == "chat":
            _chat(data, split, settings, json_out, show_failures)
            return
        if case_set != "regression":
            raise typer.BadParameter("--set must be chat or regression")
        cases = load_cases(data, split)
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
