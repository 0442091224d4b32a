"""Score the chat set with every sentence judged OUT OF FOLD by the learned sentence model.

The shipped model (``write/extract/memorable.npz``) was trained on dev-train, so scoring
dev-train with it is in-sample. ``scripts/train_memorable.py --oof oof.json`` writes, for every
dev sentence, the score of the fold model that never saw its conversation (and, with
``--check dev-check``, the dev-check scores of the dev-train model); this script plays the chat
set through the write path with those scores in place of the model's, so the dev-train numbers
it prints are honest too.

    PYTHONPATH=src python scripts/train_memorable.py --split dev-train --check dev-check --oof oof.json
    PYTHONPATH=src python scripts/eval_chat_oof.py --oof oof.json --json report.json

Thresholds default to the shipped model's; ``--generic``/``--answer``/``--keep`` try others.
A sentence missing from the file (none, when the file comes from the same tree) falls back to
the shipped model and is counted.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import anyio

from gieok.evaluation.chat_set import evaluate_chat_set, load_chat_set
from gieok.settings import GieokSettings
from gieok.write.extract import memorable


class Replay:
    """A stand-in for ``memorable.Model``: scores from a file, thresholds as given."""

    def __init__(self, table: dict[tuple[str, str | None], float], vetoes: dict[str, float],
                 keep: float, fallback: memorable.Model | None) -> None:
        self.table, self.vetoes, self.keep, self.fallback = table, vetoes, keep, fallback
        self.missing = 0

    def score(self, sentence: str, question: str | None = None) -> float:
        if (sentence, question) in self.table:
            return self.table[(sentence, question)]
        self.missing += 1
        return self.fallback.score(sentence, question) if self.fallback else 0.5

    def veto(self, kind: str) -> float:
        return self.vetoes.get(kind, self.vetoes.get("generic", 0.0))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--oof", type=Path, required=True, help="train_memorable.py --oof output")
    ap.add_argument("--split", default="dev")
    shipped = memorable.model()
    defaults: dict[str, Any] = shipped.info if shipped else {"vetoes": {}, "keep": 2.0}
    ap.add_argument("--generic", type=float, default=defaults["vetoes"].get("generic", 0.0))
    ap.add_argument("--answer", type=float, default=defaults["vetoes"].get("answer", 0.0))
    ap.add_argument("--slot", type=float, default=defaults["vetoes"].get("slot", 0.0))
    ap.add_argument("--keep", type=float, default=defaults["keep"])
    ap.add_argument("--json", type=Path, default=None, help="write the full report here")
    args = ap.parse_args(argv)

    rows = json.loads(args.oof.read_text(encoding="utf-8"))
    table = {(r["sentence"], r["question"]): float(r["score"]) for r in rows}
    replay = Replay(table, {"slot": args.slot, "generic": args.generic, "answer": args.answer},
                    args.keep, shipped)
    memorable.model = lambda: replay  # type: ignore[assignment,return-value]
    settings = GieokSettings(embedder="hash:256", llm_base_url=None,
                             write={"extractor": "heuristic"})  # type: ignore[arg-type]
    cases = load_chat_set(split=args.split)
    report = anyio.run(lambda: evaluate_chat_set(cases, settings=settings)).as_dict()
    for name, row in report["splits"].items():
        print(f"{name:10s} recall {row['recall']:.3f} ({row['found_facts']}/{row['expected_facts']})"
              f"  precision {row['precision']:.3f} ({row['memories']})"
              f"  junk {row['junk_rate']:.3f} ({row['noise_with_memory']}/"
              f"{row['noise_conversations']})  sequences {row['sequences_ok']}/{row['sequences']}")
    print(f"sentences scored by the shipped model (not in the file): {replay.missing}")
    if args.json is not None:
        args.json.write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
