"""Reaping PostgreSQL test servers whose pytest run was killed.

The ``postgres_server`` fixture starts a server in ``$TMP/gieok-pg-*`` and stops it at the
end of the session; a run that is killed (a timeout, ^C twice, an OOM kill) leaves the server
running and its data on disk. Each fixture writes its pid to ``owner.pid``; at start it stops
the servers of owners that are gone and deletes their directories. A directory without an
owner file (written by an older fixture) is deleted only once its server is gone and it is
an hour old: its owner cannot be told apart from a live run's.
"""

from __future__ import annotations

import os
import shutil
import signal
import time
from pathlib import Path

PREFIX = "gieok-pg-"
OWNER = "owner.pid"
UNOWNED_AGE_S = 3600.0


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _read_pid(path: Path) -> int | None:
    try:
        return int(path.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def _postmaster(data: Path) -> int | None:
    """The live postmaster serving ``data`` (checked against its command line, so a reused
    pid is never signalled), or None."""
    pid = _read_pid(data / "postmaster.pid")
    if pid is None or not _alive(pid):
        return None
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return None
    return pid if "postgres" in cmdline and str(data.resolve()) in cmdline else None


def _stop(pid: int, wait_s: float = 10.0) -> None:
    os.kill(pid, signal.SIGQUIT)  # immediate shutdown: the data is thrown away anyway
    deadline = time.monotonic() + wait_s
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    if _alive(pid):
        os.kill(pid, signal.SIGKILL)


def claim(directory: Path) -> None:
    """Mark ``directory`` as this process's server directory."""
    (directory / OWNER).write_text(f"{os.getpid()}\n")


def reap(root: Path, *, keep: Path | None = None, now: float | None = None) -> list[Path]:
    """Stop and delete the orphaned test servers under ``root``; returns what was reaped."""
    reaped = []
    now = time.time() if now is None else now
    for directory in sorted(root.glob(PREFIX + "*")):
        if directory == keep or not directory.is_dir():
            continue
        owner = _read_pid(directory / OWNER)
        if owner is not None and _alive(owner):
            continue
        postmaster = _postmaster(directory / "data")
        if owner is None and (postmaster is not None
                              or now - directory.stat().st_mtime < UNOWNED_AGE_S):
            continue
        if postmaster is not None:
            _stop(postmaster)
        shutil.rmtree(directory, ignore_errors=True)
        reaped.append(directory)
    return reaped
