"""``gieok export`` and ``gieok import``: a scope as JSONL, one memory per line (I3, X3).

``export`` writes every record of a scope (all statuses, so nothing is lost in a move);
``import`` reads such a file (or any JSONL with ``content`` plus settable fields) and writes
it through ``import_memories``: every line is validated before the first write, then the
whole file goes in one transaction — stored whole or not at all. By default import skips records that were deleted
or superseded at export time; ``--all`` keeps them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from gieok.cli._common import (
    EmbedderOpt,
    OrgOpt,
    PersonaOpt,
    ProjectOpt,
    ScopeOpt,
    SessionOpt,
    StoreOpt,
    UserOpt,
    build_scope,
    cli_errors,
    err_console,
    make_settings,
    open_memory,
)
from gieok.errors import InvalidInputError
from gieok.write.direct import SETTABLE

IMPORTABLE = SETTABLE | {"scope"}


def _progress() -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=err_console, transient=False)


def export(
    out: Annotated[Path | None, typer.Option("--out", "-o", help="File to write (default: stdout).")] = None,
    user: UserOpt = None, session: SessionOpt = None, persona: PersonaOpt = None,
    project: ProjectOpt = None, org: OrgOpt = None, scope: ScopeOpt = None,
    store: StoreOpt = None, embedder: EmbedderOpt = None,
) -> None:
    """Write every memory of a scope as JSONL."""
    with cli_errors():
        where = build_scope(scope, org=org, project=project, user=user, persona=persona,
                            session=session)
        with open_memory(make_settings(store, embedder), create=False) as mem:
            rows = mem.export(scope=where)
        target = out.open("w", encoding="utf-8") if out is not None else sys.stdout
        try:
            with _progress() as progress:
                task = progress.add_task("exporting", total=len(rows))
                for row in rows:
                    target.write(json.dumps(row, ensure_ascii=False) + "\n")
                    progress.advance(task)
        finally:
            if out is not None:
                target.close()
        err_console.print(f"exported {len(rows)} record(s) from {where}"
                          + (f" to {out}" if out else ""))


def _read_jsonl(path: Path, keep_all: bool) -> tuple[list[dict[str, Any]], int]:
    """Parse and clean the file: (items to import, lines skipped as deleted/superseded)."""
    items: list[dict[str, Any]] = []
    skipped = 0
    text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InvalidInputError(f"{path}:{number} is not valid JSON ({exc.msg}); "
                                    "each line must be one JSON object") from None
        if not isinstance(row, dict):
            raise InvalidInputError(f"{path}:{number} must be a JSON object")
        if not keep_all and (row.get("status") == "deleted" or row.get("superseded_at")):
            skipped += 1
            continue
        item = {k: v for k, v in row.items() if k in IMPORTABLE or k in {"content", "text"}}
        if not keep_all:
            item.pop("status", None)
        items.append(item)
    return items, skipped


def import_(
    path: Annotated[Path, typer.Argument(help='A JSONL file ("-" for stdin).')],
    keep_all: Annotated[bool, typer.Option("--all", help="Also import deleted/superseded.")] = False,
    user: UserOpt = None, session: SessionOpt = None, persona: PersonaOpt = None,
    project: ProjectOpt = None, org: OrgOpt = None, scope: ScopeOpt = None,
    store: StoreOpt = None, embedder: EmbedderOpt = None,
) -> None:
    """Import memories from JSONL. Scope options override the scopes recorded in the file."""
    with cli_errors():
        target = build_scope(scope, org=org, project=project, user=user, persona=persona,
                             session=session, required=False)
        items, skipped = _read_jsonl(path, keep_all)
        if target is not None:
            for item in items:
                item.pop("scope", None)
        with open_memory(make_settings(store, embedder)) as mem, _progress() as progress:
            task = progress.add_task("importing", total=len(items))
            stored = mem.import_memories(items, scope=target,
                                         progress=lambda n: progress.advance(task, n))
        err_console.print(f"imported {len(stored)} memor{'y' if len(stored) == 1 else 'ies'}"
                          + (f", skipped {skipped} deleted/superseded" if skipped else ""))


def register(app: typer.Typer) -> None:
    app.command("export")(export)
    app.command("import")(import_)
