"""kill -9 trials for ``import_memories`` (docs/reliability.md): all or nothing, never a part.

    .venv/bin/python scripts/trial_import_kill.py --trials 20 --items 1500

Each trial starts a fresh process that imports ``--items`` memories into a new SQLite file,
kills it with SIGKILL at a point spread evenly over the time an unkilled import takes (from
the call to its return), then
reopens the file and counts what the import left. Prints one line per trial and a summary;
exits 1 if any trial left a part of the import.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from gieok import Memory

CHILD = """
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
"""


def run_child(db: Path, items: int) -> subprocess.Popen[str]:
    child = subprocess.Popen([sys.executable, "-c", CHILD, f"sqlite:///{db}", str(items)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    if child.stdout.readline().strip() != "start":
        raise SystemExit(f"the import process failed to start: {child.communicate()[1]}")
    return child


def stored(db: Path) -> int:
    with Memory(f"sqlite:///{db}", embedder="hash:64") as mem:
        return mem.list(user_id="importer", limit=1).total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--items", type=int, default=1500)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gieok-kill-") as tmp:
        baseline = run_child(Path(tmp) / "baseline.db", args.items)
        started = time.monotonic()  # from "start": the import itself, not the start-up
        assert baseline.stdout is not None
        baseline.stdout.readline()  # "done"
        duration = time.monotonic() - started
        baseline.communicate(timeout=900)
        print(f"unkilled import of {args.items}: {duration:.2f}s, "
              f"stored {stored(Path(tmp) / 'baseline.db')}")
        outcomes: Counter[str] = Counter()
        for n in range(args.trials):
            db = Path(tmp) / f"trial{n}.db"
            child = run_child(db, args.items)
            delay = duration * (n + 0.5) / args.trials
            time.sleep(delay)
            os.kill(child.pid, signal.SIGKILL)
            child.wait(timeout=60)
            count = stored(db)
            kind = "none" if count == 0 else "all" if count == args.items else "PART"
            outcomes[kind] += 1
            print(f"trial {n + 1:2d}: killed after {delay:.2f}s -> {count} stored ({kind})")
    print(f"{args.trials} trials: none {outcomes['none']}, all {outcomes['all']}, "
          f"partial {outcomes['PART']}")
    return 1 if outcomes["PART"] else 0


if __name__ == "__main__":
    sys.exit(main())
