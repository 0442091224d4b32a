"""``import_memories`` is all or nothing (issue 15, item 2; X4/X5).

On main an import committed in chunks of 256: a process killed mid-import (5 of 20 kill -9
trials) or a bad item at position 300 left 256 of 500 stored. Now every item is validated
before the first write and the whole import is one transaction, so after any kill the store
holds all of it or none of it, never a part.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gieok import GieokError, GieokSettings, Memory

pytestmark = pytest.mark.integration

TRIAL = Path(__file__).parents[2] / "scripts" / "trial_import_kill.py"


@pytest.mark.slow
def test_kill_9_during_an_import_leaves_all_or_nothing() -> None:
    """The documented trial (docs/reliability.md) with 8 kills spread over an import."""
    done = subprocess.run([sys.executable, str(TRIAL), "--trials", "8", "--items", "1500"],
                          capture_output=True, text=True, timeout=1200, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "partial 0" in done.stdout.splitlines()[-1]


@pytest.fixture
def memory(tmp_path: Path) -> Memory:
    mem = Memory(f"sqlite:///{tmp_path / 'i.db'}",
                 settings=GieokSettings(data_dir=tmp_path, embedder="hash:64"))
    yield mem  # type: ignore[misc]
    mem.close()


@pytest.mark.parametrize("bad", [{"content": "broken \ud800"}, {"content": ""},
                                 {"content": "x", "tags": "oops"}, "not an object",
                                 {"content": "x", "metadata": {"n": 2**70}}])
def test_a_bad_item_at_position_300_writes_nothing(memory: Memory, bad: object) -> None:
    items: list[object] = [{"content": f"fact {i}"} for i in range(500)]
    items[300] = bad
    with pytest.raises(GieokError) as info:
        memory.import_memories(items, user_id="importer")
    assert info.value.details.get("index") == 300
    assert memory.list(user_id="importer").total == 0


def test_a_refused_secret_at_position_300_writes_nothing(memory: Memory) -> None:
    memory.update_settings(user_id="importer", pii_policy="refuse")
    items = [{"content": f"fact {i}"} for i in range(500)]
    items[300] = {"content": "my card is 4111 1111 1111 1111"}
    with pytest.raises(GieokError) as info:
        memory.import_memories(items, user_id="importer")
    assert info.value.code == "PII_REJECTED"
    assert memory.list(user_id="importer").total == 0


def test_progress_still_counts_every_item(memory: Memory) -> None:
    seen: list[int] = []
    items = [{"content": f"fact {i % 400}"} for i in range(600)]  # 200 duplicates
    stored = memory.import_memories(items, user_id="importer", progress=seen.append)
    assert sum(seen) == 600 and len(stored) == 600
    assert memory.list(user_id="importer").total == 400
