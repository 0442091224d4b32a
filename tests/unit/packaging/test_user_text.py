"""User-facing text says what a thing does, not which internal feature id it implements.

Feature ids ("W14", "L5", "seed 003") belong in code comments and tests. This scans what a user
reads: the OpenAPI document (summaries, descriptions, titles), the help of every CLI command and
option, the README, and the messages of errors raised in the library.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer

from gieok import GieokSettings
from gieok.api.app import create_app
from gieok.cli import build_app

ROOT = Path(__file__).resolve().parents[3]
FEATURE_ID = re.compile(r"\b[A-Z]\d{1,2}\b|(?i:\bseed\s*\d+|\bissue\s*\d+)")


def _assert_none(texts: Iterator[tuple[str, str]]) -> None:
    found = [f"{where}: {match.group()!r} in {text[:100]!r}"
             for where, text in texts for match in FEATURE_ID.finditer(text)]
    assert not found, "feature ids in user-facing text:\n" + "\n".join(found)


def _openapi_texts(node: Any, path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in {"summary", "description", "title"} and isinstance(value, str):
                yield f"{path}/{key}", value
            elif key == "tags" and isinstance(value, list):  # group headings in /docs
                yield from ((f"{path}/tags", str(tag)) for tag in value)
            else:
                yield from _openapi_texts(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _openapi_texts(value, f"{path}[{i}]")


def _cli_texts(command: Any, name: str) -> Iterator[tuple[str, str]]:
    yield name, command.help or ""
    for param in command.params:
        yield f"{name} {param.name}", getattr(param, "help", None) or ""
    for sub, child in getattr(command, "commands", {}).items():
        yield from _cli_texts(child, f"{name} {sub}")


def test_the_feature_id_pattern_catches_ids_and_spares_plain_words() -> None:
    hits = [t for t in ("Store a memory (W14)", "rollback (L5)", "seed 003's budgets",
                        "see issue 9") if FEATURE_ID.search(t)]
    assert len(hits) == 4
    assert not FEATURE_ID.search("POST /v1/search with UTF-8 text, p95 latency, e5 model")


def test_openapi_document_names_no_feature_ids() -> None:
    document = create_app(GieokSettings(embedder="hash:8", store_url="memory://")).openapi()
    _assert_none(_openapi_texts(document))


def test_cli_help_names_no_feature_ids() -> None:
    command = typer.main.get_command(build_app())
    texts = list(_cli_texts(command, "gieok"))
    assert len(texts) > 50  # every command and option was walked
    _assert_none(iter(texts))


def test_readme_names_no_feature_ids() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    _assert_none((f"README.md:{i}", line) for i, line in enumerate(lines, 1))


def _error_messages(path: Path) -> Iterator[tuple[str, str]]:
    """The literal parts of the first argument of every ``raise SomethingError(...)``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
                and node.exc.args):
            continue
        func = node.exc.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if not name.endswith("Error"):
            continue
        parts = [n.value for n in ast.walk(node.exc.args[0])
                 if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        yield f"{path.relative_to(ROOT)}:{node.lineno}", " ".join(parts)


@pytest.mark.parametrize("path", sorted((ROOT / "src" / "gieok").rglob("*.py")),
                         ids=lambda p: p.relative_to(ROOT / "src").as_posix())
def test_error_messages_name_no_feature_ids(path: Path) -> None:
    _assert_none(_error_messages(path))
