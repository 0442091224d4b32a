"""``gieok remember | add | search | list | get | delete | history | forget`` (I3).

Each command is one library call on ``Memory``; output is a rich table, or JSON with
``--json`` for scripts.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
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
from gieok.domain.records import MemoryRecord
from gieok.errors import InvalidInputError


def _record_table(records: list[MemoryRecord], *, title: str | None = None,
                  scores: list[float] | None = None) -> Table:
    table = Table(title=title, show_lines=False)
    if scores is not None:
        table.add_column("score", justify="right")
    # the whole id, on one line: it is what `gieok get/delete/history` take (a cut one was
    # refused with "memory not found")
    table.add_column("id", no_wrap=True, min_width=max((len(r.id) for r in records), default=2))
    for name in ("content", "type", "category", "imp.", "event time", "status"):
        table.add_column(name, overflow="fold")
    for i, r in enumerate(records):
        row = [r.id, r.content, r.type.value, r.category or "", f"{r.importance:.2f}",
               r.event_time.strftime("%Y-%m-%d %H:%M"), r.status.value]
        table.add_row(*([f"{scores[i]:.3f}"] if scores is not None else []), *row)
    return table


def remember(
    text: Annotated[str, typer.Argument(help="The memory, as a short self-contained statement.")],
    user: UserOpt = None, session: SessionOpt = None, persona: PersonaOpt = None,
    project: ProjectOpt = None, org: OrgOpt = None, scope: ScopeOpt = None,
    type: Annotated[str | None, typer.Option("--type", help="fact, preference, rule…")] = None,
    category: Annotated[str | None, typer.Option(help="location, preference…")] = None,
    importance: Annotated[float | None, typer.Option(help="0–1.")] = None,
    confidence: Annotated[float | None, typer.Option(help="0–1.")] = None,
    pinned: Annotated[bool, typer.Option("--pinned", help="Always include in context.")] = False,
    tag: Annotated[list[str] | None, typer.Option("--tag", "-t", help="Repeatable.")] = None,
    at: Annotated[str | None, typer.Option("--at", help="Event time (ISO 8601).")] = None,
    metadata: Annotated[str | None, typer.Option(help="JSON object.")] = None,
    store: StoreOpt = None, embedder: EmbedderOpt = None, as_json: JsonOpt = False,
) -> None:
    """Store one memory directly, without extraction."""  # W14
    with cli_errors():
        where = build_scope(scope, org=org, project=project, user=user, persona=persona,
                            session=session)
        fields: dict[str, Any] = {"type": type, "category": category, "importance": importance,
                                  "confidence": confidence, "tags": tag or None,
                                  "metadata": parse_json_option(metadata, "metadata")}
        if pinned:
            fields["pinned"] = True
        fields = {k: v for k, v in fields.items() if v is not None}
        with open_memory(make_settings(store, embedder)) as mem:
            record = mem.remember(text, scope=where, timestamp=at, **fields)
        if as_json:
            print_json(record.public_dict())
        else:
            console.print(f"stored [bold]{record.id}[/] in {record.scope} (version {record.version})")


def add(
    text: Annotated[str | None, typer.Argument(help="One message (or use --messages).")] = None,
    role: Annotated[str, typer.Option(help="Role of TEXT: user, assistant, system, tool.")] = "user",
    messages: Annotated[Path | None, typer.Option(
        help='A JSON file with [{"role": …, "content": …}, …] ("-" for stdin).')] = None,
    user: UserOpt = None, session: SessionOpt = None, persona: PersonaOpt = None,
    project: ProjectOpt = None, org: OrgOpt = None, scope: ScopeOpt = None,
    store: StoreOpt = None, embedder: EmbedderOpt = None, as_json: JsonOpt = False,
) -> None:
    """Add conversation turns to a session's working layer (mem0's add)."""
    with cli_errors():
        where = build_scope(scope, org=org, project=project, user=user, persona=persona,
                            session=session)
        turns = _read_messages(text, role, messages)
        with open_memory(make_settings(store, embedder)) as mem:
            result = mem.add(turns, scope=where)
        if as_json:
            print_json(result.model_dump(mode="json"))
        else:
            console.print(f"added {result.turns_added} turn(s) to {where}; "
                          f"extraction: {result.extraction}")


def _read_messages(text: str | None, role: str, path: Path | None) -> list[dict[str, Any]]:
    if (text is None) == (path is None):
        raise InvalidInputError("pass either a message TEXT or --messages FILE (not both)")
    if path is None:
        return [{"role": role, "content": text}]
    raw = typer.get_text_stream("stdin").read() if str(path) == "-" else path.read_text("utf-8")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise InvalidInputError(f"{path} is not valid JSON: {exc.msg} (line {exc.lineno})") from None
    if not isinstance(data, list):
        raise InvalidInputError(f'{path} must hold a JSON list of {{"role", "content"}} objects')
    return data


def search(
    query: Annotated[str, typer.Argument(help="What to look for.")],
    k: Annotated[int, typer.Option("-k", help="How many hits.")] = 10,
    filter: Annotated[str | None, typer.Option(
        "--filter", help='JSON filter, e.g. \'{"category": "location"}\'.')] = None,
    as_of: Annotated[str | None, typer.Option(help="Answer as of this time.")] = None,
    user: UserOpt = None, session: SessionOpt = None, persona: PersonaOpt = None,
    project: ProjectOpt = None, org: OrgOpt = None, scope: ScopeOpt = None,
    store: StoreOpt = None, embedder: EmbedderOpt = None, as_json: JsonOpt = False,
) -> None:
    """Hybrid search in a scope; shows each hit's score."""
    with cli_errors():
        where = build_scope(scope, org=org, project=project, user=user, persona=persona,
                            session=session)
        filters = parse_json_option(filter, "filter")
        with open_memory(make_settings(store, embedder), create=False) as mem:
            hits = mem.search(query, scope=where, k=k, filters=filters, as_of=as_of)
        if as_json:
            print_json([{"score": h.score, "parts": h.parts.model_dump(),
                         "memory": h.record.public_dict()} for h in hits])
        elif not hits:
            console.print(f"no memories match in {where}")
        else:
            console.print(_record_table([h.record for h in hits], scores=[h.score for h in hits],
                                        title=f"{len(hits)} hit(s) in {where}"))


def list_(
    limit: Annotated[int, typer.Option(help="Page size.")] = 50,
    offset: Annotated[int, typer.Option(help="Skip this many.")] = 0,
    archived: Annotated[bool, typer.Option("--archived", help="Include archived.")] = False,
    user: UserOpt = None, session: SessionOpt = None, persona: PersonaOpt = None,
    project: ProjectOpt = None, org: OrgOpt = None, scope: ScopeOpt = None,
    store: StoreOpt = None, embedder: EmbedderOpt = None, as_json: JsonOpt = False,
) -> None:
    """List memories of a scope, newest event first."""
    with cli_errors():
        where = build_scope(scope, org=org, project=project, user=user, persona=persona,
                            session=session)
        with open_memory(make_settings(store, embedder), create=False) as mem:
            page = mem.list(scope=where, limit=limit, offset=offset, include_archived=archived)
        if as_json:
            print_json({"items": [r.public_dict() for r in page.items], "total": page.total,
                        "has_more": page.has_more})
        else:
            title = f"{offset + 1}–{offset + len(page.items)} of {page.total} in {where}"
            console.print(_record_table(page.items, title=title) if page.items
                          else f"no memories in {where}")


def get(
    memory_id: Annotated[str, typer.Argument(help="Memory id.")],
    user: UserOpt = None, session: SessionOpt = None, persona: PersonaOpt = None,
    project: ProjectOpt = None, org: OrgOpt = None, scope: ScopeOpt = None,
    store: StoreOpt = None, embedder: EmbedderOpt = None,
) -> None:
    """Show one memory (JSON), whatever its status."""
    with cli_errors():
        where = build_scope(scope, org=org, project=project, user=user, persona=persona,
                            session=session, required=False)
        with open_memory(make_settings(store, embedder), create=False) as mem:
            record = mem.get(memory_id, scope=where)
        print_json(record.public_dict())


def delete(
    memory_id: Annotated[str, typer.Argument(help="Memory id.")],
    hard: Annotated[bool, typer.Option("--hard", help="Remove row and history content.")] = False,
    user: UserOpt = None, session: SessionOpt = None, persona: PersonaOpt = None,
    project: ProjectOpt = None, org: OrgOpt = None, scope: ScopeOpt = None,
    store: StoreOpt = None, embedder: EmbedderOpt = None,
) -> None:
    """Delete one memory (soft by default: kept in history)."""
    with cli_errors():
        where = build_scope(scope, org=org, project=project, user=user, persona=persona,
                            session=session, required=False)
        with open_memory(make_settings(store, embedder), create=False) as mem:
            mem.delete(memory_id, scope=where, hard=hard)
        console.print(f"{'hard-' if hard else ''}deleted {memory_id}")


def history(
    memory_id: Annotated[str, typer.Argument(help="Memory id.")],
    user: UserOpt = None, session: SessionOpt = None, persona: PersonaOpt = None,
    project: ProjectOpt = None, org: OrgOpt = None, scope: ScopeOpt = None,
    store: StoreOpt = None, embedder: EmbedderOpt = None, as_json: JsonOpt = False,
) -> None:
    """The audit trail of one memory."""  # W8
    with cli_errors():
        where = build_scope(scope, org=org, project=project, user=user, persona=persona,
                            session=session, required=False)
        with open_memory(make_settings(store, embedder), create=False) as mem:
            events = mem.history(memory_id, scope=where)
        if as_json:
            print_json([e.model_dump(mode="json") for e in events])
            return
        table = Table(title=f"history of {memory_id}")
        for name in ("at", "action", "trigger", "version", "content"):
            table.add_column(name, overflow="fold")
        for e in events:
            table.add_row(e.at.strftime("%Y-%m-%d %H:%M:%S"), e.action.value, e.trigger.value,
                          str(e.version or ""), e.after_content or "")
        console.print(table)


def forget(
    user: UserOpt = None, session: SessionOpt = None, persona: PersonaOpt = None,
    project: ProjectOpt = None, org: OrgOpt = None, scope: ScopeOpt = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    store: StoreOpt = None, embedder: EmbedderOpt = None,
) -> None:
    """Delete everything in a scope, history and working turns included."""  # X3
    with cli_errors():
        where = build_scope(scope, org=org, project=project, user=user, persona=persona,
                            session=session)
        if not yes and not typer.confirm(f"Delete every memory in {where}, history included?"):
            console.print("nothing deleted")
            raise typer.Exit(1)
        with open_memory(make_settings(store, embedder), create=False) as mem:
            count = mem.forget(scope=where)
        console.print(f"forgot {count} memor{'y' if count == 1 else 'ies'} in {where}")


def register(app: typer.Typer) -> None:
    for name, fn in (("remember", remember), ("add", add), ("search", search), ("list", list_),
                     ("get", get), ("delete", delete), ("history", history),
                     ("forget", forget)):
        app.command(name)(fn)
