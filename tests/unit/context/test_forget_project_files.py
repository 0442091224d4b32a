"""Forgetting a project (or a whole organisation) removes its file memory — MEMORY.md,
rules and write-back insights — from gieok's own directory, on every store, so context()
no longer shows them. A user's or a session's forget leaves the project's files alone, and
a folder the team configured as a project root is theirs and stays."""

from __future__ import annotations

from pathlib import Path

import pytest

from gieok import AsyncMemory, GieokSettings

pytestmark = pytest.mark.anyio


def _seed(mem: AsyncMemory, project: str) -> None:
    files = mem.project_memory(project, org_id="zz")
    files.write_memory(f"# {project}\nClient: Samsung, budget 3bn")
    files.write_rule("tone", f"{project} reports are formal.")


async def _block(mem: AsyncMemory, project: str) -> str:
    ctx = await mem.context("client budget", org_id="zz", project_id=project, session_id="s",
                            use_cache=False)
    return ctx.text


async def test_forgetting_a_project_removes_its_memory_md_rules_and_insights(
    store_url: str, tmp_path: Path
) -> None:
    mine = tmp_path / "team-repo"
    settings = GieokSettings(embedder="hash:64", data_dir=tmp_path / "data",
                             context={"project_roots": {"zz/mine": str(mine)}})
    async with AsyncMemory(store_url, settings=settings) as mem:
        for project in ("secretproj", "kept", "mine"):
            _seed(mem, project)
        report = await mem.pipeline_end({"entity_name": "galaxy", "tier": "S",
                                         "summary": "galaxy is tier S"},
                                        project_id="secretproj", org_id="zz")
        assert report.skipped is None, report
        await mem.remember("The project's code name is Nova", org_id="zz",
                           project_id="secretproj")
        assert "Samsung" in await _block(mem, "secretproj")

        await mem.forget(org_id="zz", project_id="secretproj", user_id="u1")  # a user's only
        assert "Samsung" in await _block(mem, "secretproj")

        await mem.forget(org_id="zz", project_id="secretproj")
        gone = mem.project_memory("secretproj", org_id="zz")
        assert gone.read_memory() == "" and gone.rules() == []
        block = await _block(mem, "secretproj")
        assert "Samsung" not in block and "galaxy" not in block and "formal" not in block
        assert "Samsung" in await _block(mem, "kept")  # another project keeps its files

        await mem.forget(org_id="zz")  # the whole organisation
        assert mem.project_memory("kept", org_id="zz").read_memory() == ""
        assert "Samsung" not in await _block(mem, "kept")
        # the folder the team configured is their own: it stays
        assert "Samsung" in (mine / "MEMORY.md").read_text(encoding="utf-8")
