"""The wheel as a user meets it: built from this tree, installed with its ``local`` extra into a
fresh virtual environment outside the repository, and used through the ``gieok`` command.

This is the only test that sees what the wheel really ships (an editable install reads the
source tree, so a file missing from the wheel would pass everywhere else). pip resolves the
dependencies from the configured package index, as a user's pip would.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import gieok

pytestmark = [pytest.mark.slow, pytest.mark.integration]

ROOT = Path(__file__).resolve().parents[2]
PIP_TIMEOUT_S = 900


def _run(*args: str | Path, cwd: Path, env: dict[str, str], timeout: float = 300) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout, check=False)
    assert done.returncode == 0, f"{args} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    """(the wheel, the fresh venv's bin dir, a clean environment) — built once per run."""
    work = tmp_path_factory.mktemp("wheel")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("GIEOK_", "PYTHON", "VIRTUAL_ENV"))}
    env["GIEOK_DATA_DIR"] = str(work / "data")
    _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", work / "dist", ROOT,
         cwd=work, env=env, timeout=PIP_TIMEOUT_S)
    (wheel,) = (work / "dist").glob("gieok-*.whl")
    _run(sys.executable, "-m", "venv", work / "venv", cwd=work, env=env)
    bin_dir = work / "venv" / "bin"
    _run(bin_dir / "python", "-m", "pip", "install", "--quiet", "--no-compile",
         f"{wheel}[local]", cwd=work, env=env, timeout=PIP_TIMEOUT_S)
    return wheel, bin_dir, env


def test_the_wheel_ships_the_package_and_declares_its_extras(
        installed: tuple[Path, Path, dict[str, str]]) -> None:
    wheel, _, _ = installed
    assert wheel.name.startswith(f"gieok-{gieok.__version__}-")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        meta = archive.read(f"gieok-{gieok.__version__}.dist-info/METADATA").decode()
    assert "gieok/py.typed" in names and "gieok/cli/__init__.py" in names
    assert not any(n.startswith(("tests/", "src/")) for n in names), sorted(names)[:5]
    shipped = {p.relative_to(ROOT / "src").as_posix()
               for p in (ROOT / "src" / "gieok").rglob("*") if p.is_file()
               and "__pycache__" not in p.parts}
    assert shipped <= names, sorted(shipped - names)
    assert "Provides-Extra: local" in meta


def test_the_installed_command_runs_outside_the_repository(
        installed: tuple[Path, Path, dict[str, str]], tmp_path: Path) -> None:
    _, bin_dir, env = installed
    where = _run(bin_dir / "python", "-c", "import gieok; print(gieok.__file__)",
                 cwd=tmp_path, env=env)
    assert str(bin_dir.parent) in where and str(ROOT) not in where

    version = _run(bin_dir / "gieok", "--version", cwd=tmp_path, env=env)
    assert version.strip() == f"gieok {gieok.__version__}"

    store = f"sqlite:///{tmp_path / 'wheel.db'}"
    for fact in ("Alice feeds her cat Nabi at 7 in the morning.",
                 "Alice's office is in Pangyo and she commutes by bus."):
        _run(bin_dir / "gieok", "remember", fact, "--user", "alice", "--store", store,
             cwd=tmp_path, env=env)
    out = _run(bin_dir / "gieok", "search", "when is the cat fed?", "--user", "alice",
               "--store", store, "--json", cwd=tmp_path, env=env)
    hits = json.loads(out)
    assert len(hits) == 2 and "Nabi" in hits[0]["memory"]["content"], out
