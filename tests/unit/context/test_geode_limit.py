"""The geode profile's 6,000-character block with a long MEMORY.md, on every store: the
document is cut to fit and the organisation's rules stay (it used to empty the block)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gieok import AsyncMemory, GieokSettings

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("lines", [116, 300])
async def test_a_long_memory_md_keeps_its_first_lines_and_the_org_rule(
    store_url: str, tmp_path: Path, lines: int
) -> None:
    settings = GieokSettings(embedder="hash:64", data_dir=tmp_path, profile="geode")
    async with AsyncMemory(store_url, settings=settings) as mem:
        await mem.remember("Org rule: reports in Korean.", org_id="o")
        mem.project_memory("p", org_id="o").write_memory(
            "\n".join(f"line {i:03d}: " + "x" * 40 for i in range(lines)))
        block = await mem.context("report language?", org_id="o", project_id="p",
                                  session_id="s", use_cache=False)
        assert 4000 < len(block.text) <= 6000, len(block.text)
        assert "reports in Korean" in block.text and "line 000" in block.text
