"""Retrieval through ``add()`` on synthetic multi-session users (issue 14).

tests/fixtures/retrieval_users.yaml holds users (Korean, English, mixed) who talk over
several sessions, and questions they later ask, each naming the turns that answer it. Every
user goes through ``Memory.add`` + ``end_session`` per session, like a real app; then each
question is searched (``k`` = 5) and scored: a hit counts when it is a gold turn's archive
record or a memory extracted from a gold turn (``source_turn_ids``).

Queries are split dev/test by a hash of their id (half each): tune on dev, report test once.

    PYTHONPATH=src python scripts/eval_retrieval_users.py --split dev [--show] \
        [--store /tmp/users.db --reuse]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import yaml

from gieok import Memory

DATA = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "retrieval_users.yaml"


def split_of(query_id: str) -> str:
    return "test" if int(hashlib.sha1(query_id.encode()).hexdigest(), 16) % 2 else "dev"


def load(path: Path = DATA) -> list[dict[str, Any]]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))["users"]


def ingest(mem: Memory, users: list[dict[str, Any]]) -> dict[str, list[list[str]]]:
    """Every user's sessions through add(); the turn ids per [session][turn]."""
    ids: dict[str, list[list[str]]] = {}
    for user in users:
        ids[user["id"]] = []
        for number, session in enumerate(user["sessions"]):
            day = datetime.fromisoformat(str(session["date"])).replace(hour=20,
                                                                      tzinfo=timezone.utc)
            sid = f"{user['id']}-s{number}"
            result = mem.add([{"role": r, "content": c} for r, c in session["turns"]],
                             user_id=user["id"], session_id=sid, timestamp=day)
            mem.end_session(user_id=user["id"], session_id=sid)
            ids[user["id"]].append(list(result.turn_ids))
    return ids


def score(mem: Memory, users: list[dict[str, Any]], ids: dict[str, list[list[str]]],
          split: str, k: int, show: bool) -> dict[str, Any]:
    ranks: list[int | None] = []
    for user in users:
        for query in user["queries"]:
            if split != "all" and split_of(query["id"]) != split:
                continue
            gold = {ids[user["id"]][s][t] for s, t in query["gold"]}
            hits = mem.search(query["q"], user_id=user["id"], k=k)
            rank = next((i for i, h in enumerate(hits, 1)
                         if gold & set(h.record.source_turn_ids)), None)
            ranks.append(rank)
            if show and (rank is None or rank > 1):
                print(f"{query['id']} rank={rank} q={query['q']!r}")
                for h in hits[:3]:
                    print(f"    {h.score:.3f} d={h.parts.dense and round(h.parts.dense, 3)} "
                          f"f={h.parts.fulltext_rank} {h.record.content[:70]!r}")
    n = len(ranks) or 1
    out: dict[str, Any] = {"split": split, "queries": len(ranks)}
    for at in (1, 3, 5):
        out[f"recall@{at}"] = round(sum(1 for r in ranks if r and r <= at) / n, 3)
    out["mrr"] = round(sum(1 / r for r in ranks if r) / n, 3)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=("dev", "test", "all"), default="dev")
    parser.add_argument("--store", default=None, help="SQLite file (default: a temporary one)")
    parser.add_argument("--reuse", action="store_true", help="search an already built --store")
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--show", action="store_true", help="print the misses (dev only)")
    args = parser.parse_args()
    if args.show and args.split != "dev":
        parser.error("--show is for the dev split only")
    users = load()
    path = Path(args.store or f"/tmp/retrieval_users_{os.getpid()}.db")
    ids_file = path.with_suffix(".ids.json")
    mem = Memory(f"sqlite:///{path}")
    try:
        if args.reuse and ids_file.exists():
            ids = json.loads(ids_file.read_text())
        else:
            ids = ingest(mem, users)
            ids_file.write_text(json.dumps(ids))
        print(json.dumps(score(mem, users, ids, args.split, args.k, args.show)))
    finally:
        mem.close()


if __name__ == "__main__":
    main()
