"""The README's Python blocks are executed, so the user guide cannot rot."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_readme_has_python_examples() -> None:
    assert BLOCKS, "README.md must show a library example"


@pytest.mark.parametrize("source", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_readme_block_runs(source: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(source, str(README), "exec"), {"__name__": "__readme__"})
    out = capsys.readouterr().out
    if "강남구" in source and "search" in source:
        assert "강남구" in out, "the README promises the residence fact is found"
