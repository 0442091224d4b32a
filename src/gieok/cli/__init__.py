"""The ``gieok`` command line (I3). One module per command group; each calls the library only.

Each module exposes ``register(app)``; this file only assembles them.
"""

from __future__ import annotations

import importlib

import typer

COMMAND_MODULES = (
    "serve", "memories", "io", "tokens", "eval", "eval_write", "bench", "lifecycle", "context",
)


def build_app() -> typer.Typer:
    app = typer.Typer(
        name="gieok",
        help="gieok — long-term memory for LLM agents. Offline by default.",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
    )
    for name in COMMAND_MODULES:
        importlib.import_module(f"gieok.cli.{name}").register(app)
    return app


def main() -> None:
    build_app()()
