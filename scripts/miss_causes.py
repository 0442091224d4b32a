"""Where a missed required fact is lost: never a candidate, vetoed by the judge, worded so a
keyword is lost, or stored then superseded (issue 16; sizes what a candidate generator can win).

Each file is played through ``add()`` three times with the shipped judge's scores:
``base`` (shipped thresholds), ``noveto`` (no veto: what the judge's veto costs) and ``keepall``
(no veto, keep threshold 0: every sentence the existing keep path can reach is kept). A fact
missed by ``base`` is

- **b (vetoed)**: found by ``noveto``;
- **k (keep path)**: found only by ``keepall`` (a candidate the keep path holds back);
- **d (superseded)**: in ``keepall`` some candidate matched every keyword, yet no live memory;
- **c (worded)**: a candidate from the fact's turn holds some of its keywords, none all;
- **a2 (its clause never a candidate)**: the turn made other candidates, none with its keywords;
- **a (never a candidate)**: nothing was made from the fact's turn.

    PYTHONPATH=src python scripts/miss_causes.py chat_fresh17_dev.yaml:dev … --json out.json

Only for READ files: it prints the misses.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import anyio

from gieok.evaluation.chat_set import evaluate_chat_set, keyword_match, load_chat_set
from gieok.settings import GieokSettings
from gieok.write.extract import heuristic, memorable

DATA = Path(__file__).resolve().parents[1] / "src" / "gieok" / "evaluation" / "data"


class Judge:
    """The shipped judge's scores with other thresholds."""

    def __init__(self, real: memorable.Model, vetoes: dict[str, float], keep: float) -> None:
        self.real, self.vetoes, self.keep, self.info = real, vetoes, keep, real.info

    def score(self, sentence: str, question: str | None = None) -> float:
        return self.real.score(sentence, question)

    def veto(self, kind: str) -> float:
        return self.vetoes.get(kind, self.vetoes.get("generic", 0.0))


def play(cases: list[dict[str, Any]], judge: Any) -> tuple[Any, list[tuple[str, str]]]:
    """Play ``cases``; every candidate the extractor made, as (preview, content)."""
    made: list[tuple[str, str]] = []
    real_extract = heuristic.HeuristicExtractor.extract_sync
    real_model = memorable.model

    def spy(self: Any, *args: Any, **kwargs: Any) -> Any:
        out = real_extract(self, *args, **kwargs)
        made.extend((c.preview or "", c.content) for c in out)
        return out

    heuristic.HeuristicExtractor.extract_sync = spy  # type: ignore[method-assign]
    memorable.model = lambda: judge  # type: ignore[assignment]
    try:
        settings = GieokSettings(embedder="hash:256", llm_base_url=None,
                                 write={"extractor": "heuristic"})  # type: ignore[arg-type]
        played = anyio.run(lambda: evaluate_chat_set(cases, settings=settings))
    finally:
        heuristic.HeuristicExtractor.extract_sync = real_extract  # type: ignore[method-assign]
        memorable.model = real_model  # type: ignore[assignment]
    return played, made


def missed(played: Any) -> set[tuple[str, str]]:
    return {(r.id, json.dumps(f["k"], ensure_ascii=False)) for r in played.results
            for f in r.missed}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+", help="file.yaml:split")
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args(argv)
    real = memorable.model()
    assert real is not None
    rows: list[dict[str, Any]] = []
    for spec in args.files:
        name, _, split = spec.partition(":")
        cases = load_chat_set(DATA / name, split=split or "all")
        base, _ = play(cases, real)
        noveto, _ = play(cases, Judge(real, {"slot": 0, "generic": 0, "answer": 0}, real.keep))
        keepall, made = play(cases, Judge(real, {"slot": 0, "generic": 0, "answer": 0}, 0.0))
        lost_b, lost_n, lost_k = missed(base), missed(noveto), missed(keepall)
        turns = {c["id"]: c for c in cases}
        counts: dict[str, int] = {}
        for case_id, keys in sorted(lost_b):
            case = turns[case_id]
            k = json.loads(keys)
            said = next((t["u"] for t in case.get("turns", []) if "u" in t
                         for f in t.get("facts", []) if f["k"] == k), "")
            q = next((t.get("a") for i, t in enumerate(case.get("turns", []))
                      if "u" in t and any(f["k"] == k for f in t.get("facts", []))), None)
            texts = [str(t["u"]) for t in case.get("turns", []) if "u" in t]
            from_turn = [c for p, c in made if p and said.startswith(p[:40])]
            if (case_id, keys) not in lost_n:
                cause = "b"
            elif (case_id, keys) not in lost_k:
                cause = "k"
            elif any(keyword_match(k, c) for p, c in made
                     if p and any(u.startswith(p[:40]) for u in texts)):
                cause = "d"
            elif any(any(a.casefold() in c.casefold() for a in str(key).split("|"))
                     for key in k for c in from_turn):
                cause = "c"
            elif from_turn:
                cause = "a2"
            else:
                cause = "a"
            counts[cause] = counts.get(cause, 0) + 1
            score = real.score(said) if said else None
            rows.append({"file": name, "id": case_id, "k": k, "cause": cause, "said": said,
                         "made": from_turn, "score": score, "q": q})
        total = sum(counts.values())
        found = base.as_dict()["splits"]["all"]
        print(f"{name}:{split} missed {total} of {found['expected_facts']}  " + "  ".join(
            f"{c}={counts.get(c, 0)}" for c in ("a", "a2", "b", "k", "c", "d")) + f"  | noveto R "
            f"{noveto.as_dict()['splits']['all']['recall']:.3f} keepall R "
            f"{keepall.as_dict()['splits']['all']['recall']:.3f} P "
            f"{keepall.as_dict()['splits']['all']['precision']:.3f} junk "
            f"{keepall.as_dict()['splits']['all']['noise_with_memory']}", flush=True)
    if args.json is not None:
        args.json.write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
