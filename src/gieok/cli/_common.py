"""Shared pieces of the command line: options, settings, the engine, errors that say what to do.

Every command builds ``GieokSettings`` from its options (environment and ``gieok.toml`` fill
the rest), calls the library, and turns a ``GieokError`` into one red line and an exit code
instead of a traceback: 2 for input the user can fix (bad scope, bad value, configuration),
1 for everything else (not found, backend down).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from gieok.domain.scope import Scope
from gieok.errors import (
    AuthError,
    ConfigurationError,
    GieokError,
    InvalidInputError,
    NotFoundError,
)
from gieok.memory import Memory, resolve_scope
from gieok.settings import GieokSettings
from gieok.stores import redact_url, store_exists

console = Console(highlight=False, soft_wrap=True)
err_console = Console(stderr=True, highlight=False, soft_wrap=True)

EXIT_FAILURE = 1
EXIT_USAGE = 2

StoreOpt = Annotated[str | None, typer.Option(
    "--store", envvar="GIEOK_STORE_URL", show_envvar=True,
    help="Store URL (default: the embedded SQLite file under the data dir).")]
EmbedderOpt = Annotated[str | None, typer.Option(
    "--embedder", envvar="GIEOK_EMBEDDER", show_envvar=True,
    help="Embedder: local:multilingual-e5-small (default), openai:<model>, hash:<dim>.")]
UserOpt = Annotated[str | None, typer.Option("--user", "-u", help="User id.")]
SessionOpt = Annotated[str | None, typer.Option("--session", "-s", help="Session id.")]
PersonaOpt = Annotated[str | None, typer.Option("--persona", help="Persona (agent) id.")]
ProjectOpt = Annotated[str | None, typer.Option("--project", help="Project id.")]
OrgOpt = Annotated[str | None, typer.Option("--org", help=(
    "Organisation (tenant) id. Without it: the default organisation, the same one "
    "`gieok token create` uses without --org, so an API token for the same --user sees what "
    "these commands wrote."))]
ScopeOpt = Annotated[str | None, typer.Option(
    "--scope", help='A whole scope path, e.g. "org:acme/user:alice/session:s1".')]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]

SCOPE_HINT = ("pass --user <id> (optionally with --session, --persona, --project, --org) or "
              "--scope 'user:<id>/session:<id>'")


def make_settings(store: str | None = None, embedder: str | None = None,
                  **overrides: Any) -> GieokSettings:
    """Settings from CLI options over environment over ``gieok.toml``; ``None`` means unset."""
    values: dict[str, Any] = {k: v for k, v in overrides.items() if v is not None}
    if store is not None:
        values["store_url"] = store
    if embedder is not None:
        values["embedder"] = embedder
    try:
        return GieokSettings(**values)
    except GieokError:
        raise
    except Exception as exc:  # pydantic's ValidationError: a bad environment value, say which
        raise ConfigurationError(f"invalid settings: {exc}") from None


def build_scope(
    scope: str | None = None, *, org: str | None = None, project: str | None = None,
    user: str | None = None, persona: str | None = None, session: str | None = None,
    required: bool = True,
) -> Scope | None:
    """The scope named by the options; with ``required``, none at all is an error that says
    which options to pass."""
    if scope is None and not any((org, project, user, persona, session)):
        if not required:
            return None
        raise InvalidInputError(f"no scope given: {SCOPE_HINT}", code="INVALID_SCOPE")
    return resolve_scope(scope, org_id=org, project_id=project, user_id=user,
                         persona_id=persona, session_id=session)


def require_existing_store(url: str) -> None:
    """Refuse a store that does not exist yet: a typo in ``--store`` on a read would otherwise
    create an empty database and answer "nothing found"."""
    if store_exists(url) is False:
        raise NotFoundError(
            f"no gieok store at {redact_url(url)}: check --store / GIEOK_STORE_URL for a typo. "
            "Commands that write (remember, add, import, token create, serve) create it.",
            code="STORE_NOT_FOUND", details={"store": redact_url(url)},
        )


@contextlib.contextmanager
def open_memory(settings: GieokSettings, *, create: bool = True) -> Iterator[Memory]:
    """The engine on the configured store; ``create=False`` (commands that only read or change
    existing memories) refuses a store that does not exist."""
    if not create:
        require_existing_store(settings.resolved_store_url())
    mem = Memory(settings=settings)
    try:
        yield mem
    finally:
        mem.close()


def exit_code_for(exc: GieokError) -> int:
    if isinstance(exc, InvalidInputError | ConfigurationError | AuthError):
        return EXIT_USAGE
    return EXIT_FAILURE


@contextlib.contextmanager
def cli_errors() -> Iterator[None]:
    """Print a ``GieokError`` as one line with its code and exit; never a traceback."""
    try:
        yield
    except GieokError as exc:
        err_console.print(Text.assemble(("error ", "bold red"), f"[{exc.code}] {exc.message}"))
        raise typer.Exit(exit_code_for(exc)) from None
    except OSError as exc:
        where = f": {exc.filename}" if exc.filename else ""
        err_console.print(Text.assemble(("error ", "bold red"), f"{exc.strerror or exc}{where}"))
        raise typer.Exit(EXIT_FAILURE) from None


def parse_json_option(value: str | None, name: str) -> Any:
    """A JSON value passed as an option (``--filter '{"type": "fact"}'``)."""
    if value is None:
        return None
    try:
        return json.loads(value)
    except json.JSONDecodeError as exc:
        raise InvalidInputError(f"{name} is not valid JSON ({exc.msg} at column {exc.colno}); "
                                f"quote it like --{name} '{{\"key\": \"value\"}}'") from None


def print_json(data: Any) -> None:
    console.print_json(json.dumps(data, ensure_ascii=False, default=str))
