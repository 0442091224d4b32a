"""``gieok eval context``: what ``context()`` shows for a turn, on the context-block set
(``evaluation/context_block.py``): must-have recall, must-not inclusion and unmarked old values
at the default budget, with the default (offline) engine settings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from gieok.cli.eval import eval_app
from gieok.evaluation.context_block import load, run, summarize

console = Console(highlight=False, soft_wrap=True)


@eval_app.command("context")
def context(
    split: Annotated[str, typer.Option("--split", help="dev, test or all.")] = "dev",
    data: Annotated[Path | None, typer.Option(
        "--data", help="A file of the same format (default: the bundled set).")] = None,
    failures: Annotated[bool, typer.Option(
        "--failures", help="Print each case that missed, included or left a value unmarked."
    )] = False,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the report here.")
                        ] = None,
) -> None:
    """Score context() on the context-block set: must-have recall, must-not inclusion."""
    if split not in ("dev", "test", "all"):
        raise typer.BadParameter("--split must be dev, test or all")
    results = run(load(data), split)
    report = {"split": split, **summarize(results)}
    for lang in ("en", "ko"):
        part = [r for r in results if r.case.persona.startswith(lang + "-")]
        if part:
            report[lang] = summarize(part)
    console.print(json.dumps(report, ensure_ascii=False))
    if failures:
        for r in results:
            if r.missing or r.included or r.unmarked:
                console.print(f"[yellow]{r.case.id}[/] q={r.case.query!r} missing={r.missing} "
                              f"included={r.included} unmarked={r.unmarked}")
                for line in r.lines:
                    console.print(f"    {line}")
    if json_out is not None:
        json_out.write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")


def register(app: typer.Typer) -> None:
    """The command is attached to ``eval_app`` above; ``gieok.cli.eval`` registers the group."""
    del app
