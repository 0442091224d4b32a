"""``gieok context | consolidate | expire | rollback | reindex`` (I3 for C1–C8, L2–L5, L7).

``gieok context`` prints the block a model would get for a query; ``consolidate`` and
``expire`` are the lifecycle jobs — run them from cron or a scheduler, e.g. weekly
consolidation (seed 001) and a daily expiry sweep.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import Progress
from rich.table import Table

from gieok.cli._common import (
    EmbedderOpt,
    JsonOpt,
    OrgOpt,
    PersonaOpt,
    ProjectOpt,
    ScopeOpt,
    SessionOpt,
    StoreOpt,
    UserOpt,
    build_scope,
    cli_errors,
    console,
    make_settings,
    open_memory,
    parse_json_option,
    print_json,
)
from gieok.domain.context import Context
from gieok.errors import InvalidInputError

DryRunOpt = Annotated[bool, typer.Option("--dry-run", help="Report what would change; "
                                                           "write nothing.")]


def _read_history(path: Path | None) -> list[dict[str, Any]] | None:
    if path is None:
        return None
    raw = typer.get_text_stream("stdin").read() if str(path) == "-" else path.read_text("utf-8")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise InvalidInputError(f"{path} is not valid JSON: {exc.msg} (line {exc.lineno})"
                                ) from None
    if not isinstance(data, list):
        raise InvalidInputError(f'{path} must hold a JSON list of {{"role", "content"}} objects')
    return data


def _budget(total: int | None, spec: str | None) -> Any:
    parsed = parse_json_option(spec, "budget")
    if parsed is not None and not isinstance(parsed, dict):
        raise InvalidInputError('--budget must be a JSON object like \'{"memory_tokens": 800}\'')
    if total is not None:
        parsed = {**(parsed or {}), "total_tokens": total}
    return parsed


def _trace_table(ctx: Context) -> Table:
    table = Table(title="trace", show_lines=False)
    for name in ("section", "id", "score", "tokens", "relevance / recency / importance"):
        table.add_column(name, overflow="fold")
    for use in ctx.trace.used:
        p = use.parts
        parts = f"{p.relevance:.2f} / {p.recency:.2f} / {p.importance:.2f}" if p else ""
        table.add_row(use.section.value, use.id[:24], f"{use.score:.3f}", str(use.tokens), parts)
    for cut in ctx.trace.cut:
        table.add_row(f"[dim]cut: {cut.reason.value}[/]", cut.id[:24], f"{cut.score:.3f}",
                      str(cut.tokens), "")
    return table


def context(
    query: Annotated[str, typer.Argument(help="The current request (may be empty).")] = "",
    user: UserOpt = None, session: SessionOpt = None, persona: PersonaOpt = None,
    project: ProjectOpt = None, org: OrgOpt = None, scope: ScopeOpt = None,
    history: Annotated[Path | None, typer.Option(
        help='Recent turns as a JSON file [{"role", "content"}, …] ("-" for stdin); default: '
             "the session's stored turns.")] = None,
    tokens: Annotated[int | None, typer.Option("--tokens", help="Total token budget.")] = None,
    budget: Annotated[str | None, typer.Option(
        help='Budget overrides as JSON, e.g. \'{"memory_tokens": 800}\'.')] = None,
    entity: Annotated[str | None, typer.Option(help="Current entity (selects rules).")] = None,
    path: Annotated[str | None, typer.Option(help="Current file path (selects rules).")] = None,
    project_root: Annotated[Path | None, typer.Option(
        help="Project directory holding MEMORY.md and rules/.")] = None,
    trace: Annotated[bool, typer.Option("--trace", help="Also print what was used and cut.")
                     ] = False,
    store: StoreOpt = None, embedder: EmbedderOpt = None, as_json: JsonOpt = False,
) -> None:
    """Print the [MEMORY CONTEXT] block for QUERY, within the token budget."""  # C1, C2
    with cli_errors():
        where = build_scope(scope, org=org, project=project, user=user, persona=persona,
                            session=session)
        with open_memory(make_settings(store, embedder), create=False) as mem:
            ctx = mem.context(query, scope=where, history=_read_history(history),
                              budget=_budget(tokens, budget), entity=entity, path=path,
                              project=project_root, track_use=False)
        if as_json:
            print_json(ctx.model_dump(mode="json"))
            return
        if ctx.text:
            console.print(ctx.text, markup=False)
        else:
            # the scope may hold memories that are just not relevant enough to this request
            console.print("[dim](nothing stored here is relevant enough to this request to be "
                          "shown; `gieok list` shows what is stored, `gieok search` ranks it)[/]")
        console.print(f"\n[dim]{ctx.block_tokens} block tokens, {len(ctx.messages)} recent "
                      f"turn(s), {ctx.tokens} tokens in all ({ctx.trace.counter})[/]")
        for warning in ctx.trace.warnings:
            console.print(f"[yellow]warning[/] {warning}")
        if trace:
            console.print(_trace_table(ctx))


def consolidate(
    user: UserOpt = None, session: SessionOpt = None, persona: PersonaOpt = None,
    project: ProjectOpt = None, org: OrgOpt = None, scope: ScopeOpt = None,
    dry_run: DryRunOpt = False, store: StoreOpt = None, embedder: EmbedderOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Digest old memories by topic and time window; distil stale episodes.
    Without a scope: the whole default tenant."""
    with cli_errors():
        where = build_scope(scope, org=org, project=project, user=user, persona=persona,
                            session=session, required=False)
        with open_memory(make_settings(store, embedder), create=False) as mem:
            report = mem.consolidate(scope=where, dry_run=dry_run)
        if as_json:
            print_json(report.as_dict())
            return
        verb = "would write" if dry_run else "wrote"
        console.print(f"{verb} {len(report.digests)} digest(s) covering {report.covered} "
                      f"memories; {report.episodes_promoted} episode(s) promoted")
        for digest in report.digests:
            console.print(f"  {digest['id']}  {digest['kind']:<8} {digest['topic']!s:<20} "
                          f"covers {digest['covers']}  in {digest['scope']}")


def expire(
    user: UserOpt = None, session: SessionOpt = None, persona: PersonaOpt = None,
    project: ProjectOpt = None, org: OrgOpt = None, scope: ScopeOpt = None,
    retention_days: Annotated[float | None, typer.Option(
        help="Hard-delete memories older than this (default: the scope's setting).")] = None,
    dry_run: DryRunOpt = False, store: StoreOpt = None, embedder: EmbedderOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Archive expired memories with expire events, then apply each scope's retention.
    Without a scope: the whole default tenant."""
    with cli_errors():
        where = build_scope(scope, org=org, project=project, user=user, persona=persona,
                            session=session, required=False)
        with open_memory(make_settings(store, embedder), create=False) as mem:
            report = mem.expire(scope=where, retention_days=retention_days, dry_run=dry_run)
        if as_json:
            print_json({**report.as_dict(), "dry_run": dry_run})
            return
        prefix = "would expire" if dry_run else "expired"
        reasons = ", ".join(f"{k}: {v}" for k, v in sorted(report.by_reason.items()))
        console.print(f"{prefix} {len(report.expired)} memories"
                      + (f" ({reasons})" if reasons else "")
                      + f"; {'would delete' if dry_run else 'deleted'} {len(report.deleted)} "
                        "past retention")


def rollback(
    memory_id: Annotated[str, typer.Argument(help="The memory's id.")],
    version: Annotated[int, typer.Argument(help="The version to make current again.")],
    scope: ScopeOpt = None, store: StoreOpt = None, embedder: EmbedderOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Make an earlier version of a memory current again, as a new version."""  # L5
    with cli_errors():
        with open_memory(make_settings(store, embedder), create=False) as mem:
            record = mem.rollback(memory_id, version, scope=scope)
        if as_json:
            print_json(record.public_dict())
        else:
            console.print(f"{record.id} is now version {record.version}: {record.content}")


def reindex(
    embedder: Annotated[str, typer.Option(
        "--embedder", help="The model to move to, e.g. local:multilingual-e5-small, "
                           "openai:text-embedding-3-small. The previous model to roll back.")],
    drop_previous: Annotated[bool, typer.Option(
        "--drop-previous", help="Free the replaced vectors (no cheap rollback then).")] = False,
    store: StoreOpt = None, as_json: JsonOpt = False,
) -> None:
    """Re-embed every memory with another model, then switch. Reads keep working
    meanwhile; memories written meanwhile are picked up before the switch."""
    with cli_errors():
        settings = make_settings(store)
        with open_memory(settings, create=False) as mem:
            if as_json:
                report = mem.reindex(embedder, drop_previous=drop_previous)
            else:
                with Progress(console=console, transient=True) as bar:
                    task = bar.add_task(f"embedding with {embedder}", total=None)
                    report = mem.reindex(embedder, drop_previous=drop_previous,
                                         progress=lambda n: bar.advance(task, n))
        if as_json:
            print_json(report.as_dict())
        elif not report.switched:
            console.print(f"{report.model} is already the live index; nothing to do")
        else:
            console.print(f"switched {report.previous or '(empty store)'} → {report.model}: "
                          f"{report.embedded} memories embedded in {report.rounds} round(s)"
                          + (f"; dropped {report.dropped} old vectors" if report.dropped
                             else f"; roll back with --embedder {report.previous}"
                             if report.previous else ""))


def register(app: typer.Typer) -> None:
    for name, fn in (("context", context), ("consolidate", consolidate), ("expire", expire),
                     ("rollback", rollback), ("reindex", reindex)):
        app.command(name)(fn)
