"""``gieok sweep`` and ``gieok decay`` (I3 for W2 and L1): jobs to run from cron or a scheduler.

``sweep`` closes sessions idle past their timeout (seed 003: 30 min) and writes their
episodes; ``decay`` lowers the confidence of inferred memories over time (seed 000).
"""

from __future__ import annotations

from typing import Annotated

import typer

from gieok.cli._common import (
    EmbedderOpt,
    JsonOpt,
    OrgOpt,
    PersonaOpt,
    ProjectOpt,
    ScopeOpt,
    StoreOpt,
    UserOpt,
    build_scope,
    cli_errors,
    console,
    make_settings,
    open_memory,
    print_json,
)


def sweep(
    idle_minutes: Annotated[float | None, typer.Option(
        "--idle-minutes", min=0.0,
        help="Close sessions idle this long (default: each scope's idle_timeout_minutes).")] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, help="Most sessions to close.")] = 100,
    store: StoreOpt = None,
    embedder: EmbedderOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Close idle sessions: extract what is left and write each session's episode."""  # W2
    with cli_errors():
        settings = make_settings(store, embedder)
        with open_memory(settings, create=False) as mem:
            closed = mem.sweep(idle_minutes=idle_minutes, limit=limit)
        rows = [{"scope": str(scope), "memories": len(result.memories),
                 "episode": result.episode.id if result.episode else None,
                 "failures": result.failures} for scope, result in closed]
        if as_json:
            print_json({"closed": rows})
            return
        for row in rows:
            note = f", {len(row['failures'])} failure(s)" if row["failures"] else ""
            console.print(f"closed {row['scope']}: {row['memories']} memories"
                          f"{', episode ' + str(row['episode']) if row['episode'] else ''}{note}")
        console.print(f"closed {len(rows)} idle session(s)")


def decay(
    period_days: Annotated[float | None, typer.Option(
        "--period-days", min=0.001, help="Length of one decay period (default 30).")] = None,
    factor: Annotated[float | None, typer.Option(
        "--factor", min=0.0, max=1.0, help="Multiplier per period (default 0.95).")] = None,
    floor: Annotated[float | None, typer.Option(
        "--floor", min=0.0, max=1.0, help="Lowest confidence (default 0.1).")] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Report, write nothing.")] = False,
    user: UserOpt = None,
    persona: PersonaOpt = None,
    project: ProjectOpt = None,
    org: OrgOpt = None,
    scope: ScopeOpt = None,
    store: StoreOpt = None,
    embedder: EmbedderOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Decay the confidence of inferred memories, with an audit event per change."""  # L1
    with cli_errors():
        where = build_scope(scope, org=org, project=project, user=user, persona=persona,
                            required=False)
        settings = make_settings(store, embedder)
        with open_memory(settings, create=False) as mem:
            report = mem.decay(scope=where, period_days=period_days, factor=factor,
                               floor=floor, dry_run=dry_run)
        if as_json:
            print_json({"scanned": report.scanned, "decayed": report.decayed,
                        "dry_run": dry_run})
            return
        verb = "would decay" if dry_run else "decayed"
        console.print(f"{verb} {report.decayed} of {report.scanned} inferred memories")


def register(app: typer.Typer) -> None:
    app.command("sweep")(sweep)
    app.command("decay")(decay)
