"""``gieok migrate --from sqlite:///a.db --to postgresql://…``: move a store to another
backend in one command (memories with their vectors and history, settings, tokens, the
working log), with a progress bar, resumable after an interruption, and a verification
count at the end."""

from __future__ import annotations

from typing import Annotated

import anyio
import typer
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from gieok.cli._common import EXIT_FAILURE, cli_errors, console, make_settings, print_json
from gieok.stores import open_store
from gieok.stores.transfer import CopyReport, copy_store

FromOpt = Annotated[str, typer.Option("--from", help="The store to copy, e.g. sqlite:///gieok.db")]
ToOpt = Annotated[str, typer.Option(
    "--to", help="Where to copy it, e.g. postgresql://user:password@host:5432/gieok")]
BatchOpt = Annotated[int, typer.Option("--batch", min=1, max=10_000,
                                       help="Memories per transaction.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the report as JSON.")]
MergeOpt = Annotated[bool, typer.Option(
    "--merge-into-existing",
    help="Copy even when the target already holds memories of the same users, written there "
         "directly (without it the command refuses): both are kept, so a fact stored in both "
         "places is then active twice.")]


def migrate(source: FromOpt, target: ToOpt, batch: BatchOpt = 500, as_json: JsonOpt = False,
            merge: MergeOpt = False) -> None:
    """Copy every memory, vector, history, setting, token and conversation turn from one
    store to another. Safe to run again after an interruption: what was copied is skipped.
    The source is only read. Copy into a new store that no server uses yet: a PostgreSQL
    target builds its search index once, at the end. A target that already holds memories
    of the same users is refused unless --merge-into-existing is given."""
    with cli_errors():
        report = anyio.run(_run, source, target, batch, as_json, merge)
    if as_json:
        print_json(report.__dict__ | {"verified": report.verified})
    else:
        console.print(f"copied {report.records} memories ({report.skipped} already there), "
                      f"{report.audit_events} history events, {report.settings} settings, "
                      f"{report.tokens} tokens, {report.turns} turns in {report.sessions} "
                      f"sessions; verified: source {report.source_records} memories, target "
                      f"{report.target_records}")
    if not report.verified:
        console.print(f"[red]verification failed[/red]: {len(report.missing)} memories are "
                      "missing from the target; run the command again")
        raise typer.Exit(EXIT_FAILURE)


async def _run(source_url: str, target_url: str, batch: int, quiet: bool, merge: bool
               ) -> CopyReport:
    key = make_settings().master_key()  # GIEOK_ENCRYPTION_KEY opens (and seals) both ends
    source = await open_store(source_url, encryption_key=key)
    try:
        target = await open_store(target_url, encryption_key=key)
        try:
            with Progress(TextColumn("{task.description}"), BarColumn(),
                          TextColumn("{task.completed}"), TimeElapsedColumn(),
                          console=console, disable=quiet) as bar:
                tasks = {what: bar.add_task(what, total=None)
                         for what in ("records", "sessions")}
                return await copy_store(source, target, batch=batch, merge=merge,
                                        progress=lambda what, n: bar.advance(tasks[what], n))
        finally:
            await target.aclose()
    finally:
        await source.aclose()


def register(app: typer.Typer) -> None:
    app.command("migrate")(migrate)
