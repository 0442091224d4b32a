"""A ``Memory`` that is never closed must not hang the program (issue 15, item 1).

mem0 users never call ``close()``. Each script runs in a fresh interpreter with a timeout:
the old ``__del__`` called into the event-loop thread during interpreter teardown, when
daemon threads no longer run, and waited forever (3 of 3 runs).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gieok import Memory
from gieok.errors import ConfigurationError

pytestmark = pytest.mark.integration
EXIT_TIMEOUT_S = 60  # generous for a loaded machine; the old code never exited at all


def _run(script: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run([sys.executable, "-c", textwrap.dedent(script)], check=False,
                              cwd=cwd,
                              capture_output=True, text=True, timeout=EXIT_TIMEOUT_S)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"the interpreter did not exit within {EXIT_TIMEOUT_S}s: {exc.stdout!r}")


def test_unclosed_memory_lets_the_interpreter_exit_and_keeps_the_write(tmp_path: Path) -> None:
    done = _run("""
        from gieok import Memory
        m = Memory("sqlite:///x.db", embedder="hash:64")
        m.remember("I live in Mapo-gu", user_id="u")
        print("written")
    """, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "written"
    with Memory(f"sqlite:///{tmp_path / 'x.db'}", embedder="hash:64") as again:
        assert [r.content for r in again.list(user_id="u").items] == ["I live in Mapo-gu"]


def test_an_unclosed_mem0_compatible_memory_lets_the_interpreter_exit(tmp_path: Path) -> None:
    """The mem0 face shares the loop thread (``gieok._sync``), so it exits promptly too."""
    done = _run("""
        from gieok.compat.mem0 import Memory
        from gieok.settings import GieokSettings
        m = Memory("sqlite:///y.db", settings=GieokSettings(embedder="hash:64"))
        m.add("I live in Mapo-gu", user_id="u", infer=False)
        print("written")
    """, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "written"


def test_reassigning_unclosed_memories_in_a_loop_never_deadlocks(tmp_path: Path) -> None:
    """Each dropped engine closes on its own thread; threads do not pile up."""
    done = _run("""
        import gc, threading
        from gieok import Memory
        for i in range(25):
            m = Memory("sqlite:///x.db", embedder="hash:64")
            m.remember(f"note {i}", user_id="u")
            if i % 5 == 0:
                gc.collect()
        alive = [t for t in threading.enumerate() if t.name.startswith("gieok-")]
        print(len(m.list(user_id="u", limit=100).items), len(alive))
    """, tmp_path)
    assert done.returncode == 0, done.stderr
    count, threads = map(int, done.stdout.split())
    assert count == 25
    assert threads <= 3  # the live one, plus at most a couple still closing


def test_collecting_from_the_loop_thread_does_not_block(tmp_path: Path) -> None:
    """The finalizer may run on the loop's own thread: it only asks the loop to stop."""
    mem = Memory(f"sqlite:///{tmp_path / 'a.db'}", embedder="hash:64")
    mem.remember("x", user_id="u")

    async def stop_from_inside() -> bool:
        return mem._loop.stop(timeout=30)

    assert mem.aio is not None
    assert mem._loop.call(stop_from_inside) is False  # asked, not waited for
    mem.close()  # waits for the engine to close; idempotent
    mem.close()
    with pytest.raises(ConfigurationError) as info:
        mem.list(user_id="u")
    assert info.value.code == "MEMORY_CLOSED"
