"""The ``gieok`` command line (I3). One module per command group; each calls the library only.

Each module exposes ``register(app)``; this file only assembles them.
"""

from __future__ import annotations

import importlib
from typing import Annotated

import typer

from gieok import __version__

COMMAND_MODULES = (
    "serve", "memories", "io", "tokens", "eval", "eval_write", "eval_context", "bench", "lifecycle", "context",
    "mcp", "migrate", "rekey",
)


def build_app() -> typer.Typer:
    app = typer.Typer(
        name="gieok",
        help="gieok — long-term memory for LLM agents. Offline by default.",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
    )
    app.callback()(_root)
    for name in COMMAND_MODULES:
        importlib.import_module(f"gieok.cli.{name}").register(app)
    return app


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"gieok {__version__}")
        raise typer.Exit()


def _root(version: Annotated[bool, typer.Option(
        "--version", callback=_print_version, is_eager=True,
        help="Print the version and exit.")] = False) -> None:
    """gieok — long-term memory for LLM agents. Offline by default."""


def main() -> None:
    build_app()()
