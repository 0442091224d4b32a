"""``import_memories`` is all or nothing (issue 15, item 2; X4/X5).

On main an import committed in chunks of 256: a process killed mid-import (5 of 20 kill -9
trials) or a bad item at position 300 left 256 of 500 stored. Now every item is validated
before the first write and the whole import is one transaction, so after any kill the store
holds all of it or none of it, never a part.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from gieok import GieokError, GieokSettings, Memory

pytestmark = pytest.mark.integration

ITEMS = 1500
KILL_FRACTIONS = (0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.9, 0.97)
CHILD = textwrap.dedent("""
    import sys
    from gieok import Memory
    m = Memory(sys.argv[1], embedder="hash:64")
    m.remember("warm up", user_id="someone-else")
    items = [{"content": f"imported fact {i} about topic {i % 37}", "tags": [f"t{i % 5}"]}
             for i in range(int(sys.argv[2]))]
    print("start", flush=True)
    m.import_memories(items, user_id="importer")
    print("done", flush=True)
    m.close()
""")


def _start(db: Path) -> subprocess.Popen[str]:
    child = subprocess.Popen([sys.executable, "-c", CHILD, f"sqlite:///{db}", str(ITEMS)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "start", child.stderr.read()  # type: ignore[union-attr]
    return child


def _stored(db: Path) -> int:
    with Memory(f"sqlite:///{db}", embedder="hash:64") as mem:
        return mem.list(user_id="importer", limit=1).total


@pytest.mark.slow
def test_kill_9_during_an_import_leaves_all_or_nothing(tmp_path: Path) -> None:
    started = time.monotonic()
    baseline = _start(tmp_path / "baseline.db")
    out, err = baseline.communicate(timeout=600)
    duration = time.monotonic() - started
    assert baseline.returncode == 0 and "done" in out, err
    assert _stored(tmp_path / "baseline.db") == ITEMS
    outcomes = []
    for n, fraction in enumerate(KILL_FRACTIONS):
        db = tmp_path / f"trial{n}.db"
        child = _start(db)
        time.sleep(duration * fraction)
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=60)
        outcomes.append(_stored(db))
    assert set(outcomes) <= {0, ITEMS}, outcomes  # never a part


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
