"""``gieok rekey --new-key KEY``: re-encrypt the store under a new encryption key (or encrypt
a store written in clear), resumable; ``gieok rekey --generate`` prints a new key."""

from __future__ import annotations

from typing import Annotated

import anyio
import typer
from rich.progress import Progress, TextColumn, TimeElapsedColumn

from gieok.cli._common import (
    EXIT_USAGE,
    cli_errors,
    console,
    make_settings,
    print_json,
    require_existing_store,
)
from gieok.security.crypto import generate_key
from gieok.stores import open_raw_store, redact_url
from gieok.stores.encrypted.rekey import RekeyReport, check_new_key, rekey

NewKeyOpt = Annotated[str | None, typer.Option(
    "--new-key", help="The new key: 32 bytes in base64 (make one with --generate).")]
GenerateOpt = Annotated[bool, typer.Option("--generate", help="Print a new random key and exit.")]
StoreOpt = Annotated[str | None, typer.Option("--store", help="Store URL (default: "
                                                               "GIEOK_STORE_URL).")]
BatchOpt = Annotated[int, typer.Option("--batch", min=1, max=10_000,
                                       help="Memories per transaction.")]
WaitOpt = Annotated[float, typer.Option(
    "--wait", min=0.0, help="Seconds to let running servers switch to the new key before "
                            "re-encrypting.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the report as JSON.")]


def rekey_command(new_key: NewKeyOpt = None, generate: GenerateOpt = False,
                  store: StoreOpt = None, batch: BatchOpt = 200, wait: WaitOpt = 20.0,
                  as_json: JsonOpt = False) -> None:
    """Re-encrypt every memory and its history under a new key while the store stays in
    use: servers holding the current key (GIEOK_ENCRYPTION_KEY) or the new one keep working
    until it is done; then only the new key opens the store — restart them with it. Run it
    again after an interruption to continue. On a store written without encryption (no
    GIEOK_ENCRYPTION_KEY set) it encrypts everything: stop the servers first."""
    if generate:
        typer.echo(generate_key())
        return
    if new_key is None:
        console.print("give the new key with --new-key (make one with --generate)")
        raise typer.Exit(EXIT_USAGE)
    with cli_errors():
        settings = make_settings(store)
        url = settings.resolved_store_url()
        require_existing_store(url)
        report = anyio.run(_run, url, settings.master_key(), check_new_key(new_key), batch,
                           wait, as_json)
    if as_json:
        print_json(report.__dict__)
        return
    console.print(f"re-encrypted {report.records} memories and {report.events} history events "
                  f"in {redact_url(url)} ({report.passes} passes"
                  f"{', resumed' if report.resumed else ''}). Only the new key opens it now: "
                  "set GIEOK_ENCRYPTION_KEY to it and restart running servers.")


async def _run(url: str, old: bytes | None, new: bytes, batch: int, wait: float,
               quiet: bool) -> RekeyReport:
    raw = await open_raw_store(url)
    try:
        with Progress(TextColumn("{task.description}"), TextColumn("{task.completed}"),
                      TimeElapsedColumn(), console=console, disable=quiet) as bar:
            task = bar.add_task("memories checked", total=None)
            return await rekey(raw, old, new, batch=batch, wait_s=wait,
                               progress=lambda n: bar.advance(task, n))
    finally:
        await raw.aclose()


def register(app: typer.Typer) -> None:
    app.command("rekey")(rekey_command)
