"""Train the "worth remembering" sentence model (``gieok/write/extract/memorable.py``).

Data: the labelled chat files bundled with the package. ``FILES`` (= ``SHIPPED``) is what the
shipped weights saw: the chat set, its round-2 file, round 3's additions and held-out file and
both halves of the third to fourteenth fresh files (fourteen writers, ``writer_of``, so the judge
learns what a self-disclosure is rather than one writer's words). ``LABELLED`` adds the writers
after them (``NEWER``: fresh15 both halves, the DEV halves of fresh16-19; nineteen writers) and is
what ``scripts/lofo_memorable.py`` folds; ``UNSEEN`` (fresh16-19 TEST) is trained on by nothing
(nor are fresh20, fresh21, fresh22 and fresh23, written in sessions 21 to 24 and bundled after them:
writers no fold holds yet).
A judge trained on all of ``LABELLED`` was measured in session 21 and not shipped
(docs/benchmarks.md, session 21). Each file was scored once before it became training data.
Each user turn is masked
and cut into sentences exactly as the extractor sees it; a sentence is *positive* when it
carries a labelled required fact (matched by the fact's keywords; a one-sentence turn carries
its turn's facts), *negative* when its turn states nothing (noise conversations, small talk,
questions, other turns) or when every fact of its turn is carried by another sentence;
sentences holding only optional facts, and the unmatched sentences of a turn whose fact matched
none, are left out. The assistant question a turn answers is a feature.

Model: L2-regularised logistic regression over hashed features, full-batch Adam in numpy
(deterministic: the same files give the same weights). Thresholds (``--veto-slot``,
``--veto-generic``, ``--veto-answer``, ``--keep``) are scores chosen by playing each labelled
writer's files end to end with a judge trained on the other writers
(``scripts/lofo_memorable.py``, leave-one-writer-out; docs/benchmarks.md has the grid); the
defaults are the shipped ones.

    PYTHONPATH=src python scripts/train_memorable.py --out src/gieok/write/extract/memorable.npz
    PYTHONPATH=src python scripts/train_memorable.py --split dev-train --cv   # 5-fold report

``--oof FILE`` writes the out-of-fold score of every sentence (JSON), which
``scripts/eval_chat_oof.py`` can replay to measure the extractor end to end on scores the
model never trained on.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from gieok.domain.policy import ScopeSettings
from gieok.domain.turns import Turn
from gieok.evaluation.chat_set import load_chat_set
from gieok.write.extract.discourse import split_sentences
from gieok.write.extract.followup import last_question
from gieok.write.extract.heuristic import quoted_removed
from gieok.write.extract.memorable import DIM, features, indices
from gieok.write.pipeline import guard_turns, pii_policies


@dataclass
class Example:
    case: str
    sentence: str
    question: str | None
    label: int  # 1 worth remembering, 0 not, -1 unknown (not trained on, still scored)
    family: str


def _match(fact: dict[str, Any], sentence: str) -> int:
    low = sentence.casefold()
    return sum(any(alt.casefold() in low for alt in str(k).split("|")) for k in fact["k"])


def _turn_examples(case: str, text: str, question: str | None,
                   facts: list[dict[str, Any]]) -> list[Example]:
    sentences = split_sentences(quoted_removed(text))
    if not sentences:
        return []
    carried: dict[int, list[dict[str, Any]]] = {i: [] for i in range(len(sentences))}
    unmatched = False
    for fact in facts:
        scores = [_match(fact, s) for s in sentences]
        best = max(range(len(sentences)), key=lambda i: scores[i])
        if scores[best] > 0:
            carried[best].append(fact)
        elif len(sentences) == 1:
            carried[0].append(fact)
        else:
            unmatched = True
    out = []
    for i, sentence in enumerate(sentences):
        mine = carried[i]
        required = [f for f in mine if not f.get("opt")]
        if required:
            out.append(Example(case, sentence, question, 1, required[0]["f"]))
        elif mine or unmatched:  # only optional facts, or perhaps the unmatched fact
            out.append(Example(case, sentence, question, -1, "unknown"))
        else:
            out.append(Example(case, sentence, question, 0, "none"))
    return out


# The six files the session-5 judge was trained on (the first folds of the list below).
FIRST = ("chat_set.yaml", "chat_test.yaml", "chat_more.yaml", "chat_heldout.yaml",
         "chat_fresh3_dev.yaml", "chat_fresh3_test.yaml")
# Every labelled chat file bundled with the package: the folds of
# ``scripts/lofo_memorable.py``. A judge trained on fourteen (session 9) and on sixteen
# (session 10) was measured leave-one-writer-out and NOT shipped: it scored short casual Korean
# statements ("혈압약 먹고 있어", "당뇨가 있어") below chatter, and traded recall for precision.
# lasting.py now keeps those statements by their structure; session 14 added fresh9-12
# (twenty-four files, twelve writers; fresh12: long task conversations) and shipped the judge
# trained on all of them (docs/benchmarks.md, "Round 3, session 14"); session 16 added fresh13 and
# fresh14 (twenty-eight files, fourteen writers; leave-one-writer-out AUC mean .941, worst .875).
LABELLED = (*FIRST, "chat_fresh4_dev.yaml", "chat_fresh4_test.yaml", "chat_fresh5_dev.yaml",
            "chat_fresh5_test.yaml", "chat_fresh6_dev.yaml", "chat_fresh6_test.yaml",
            "chat_fresh7_dev.yaml", "chat_fresh7_test.yaml", "chat_fresh8_dev.yaml",
            "chat_fresh8_test.yaml", "chat_fresh9_dev.yaml", "chat_fresh9_test.yaml",
            "chat_fresh10_dev.yaml", "chat_fresh10_test.yaml", "chat_fresh11_dev.yaml",
            "chat_fresh11_test.yaml", "chat_fresh12_dev.yaml", "chat_fresh12_test.yaml",
            "chat_fresh13_dev.yaml", "chat_fresh13_test.yaml", "chat_fresh14_dev.yaml",
            "chat_fresh14_test.yaml")
# Session 19 measured a judge trained on these and fresh15 (both halves), fresh16 dev and
# fresh17 dev (thirty-two files, seventeen writers; fresh16 test and fresh17 test stay unseen
# checks): leave-one-writer-out AUC on the twenty-eight .9405 → .9414 (worst .876 → .880), on the
# four new files +.001–.002 over the shipped judge that never saw them; end to end on the unseen
# fresh16 test half one more noise conversation with a memory and precision .705 → .691 — NOT
# shipped (docs/benchmarks.md, session 19).
# Session 21 adds the writers after them, DEV halves only where the test half is an unseen check:
# fresh15 (both halves: its test half was read in session 16 and is a look-alike check now),
# fresh16/17/18 dev and fresh19 dev (this session's tuning file). fresh16/17/18/19 TEST stay
# out of every training: their items are unseen, though their writer's other half is trained on.
NEWER = ("chat_fresh15_dev.yaml", "chat_fresh15_test.yaml", "chat_fresh16_dev.yaml",
         "chat_fresh17_dev.yaml", "chat_fresh18_dev.yaml", "chat_fresh19_dev.yaml")
# Never trained on: the unseen checks (aggregates only).
UNSEEN = ("chat_fresh16_test.yaml", "chat_fresh17_test.yaml", "chat_fresh18_test.yaml",
          "chat_fresh19_test.yaml")
SHIPPED = LABELLED
LABELLED = (*SHIPPED, *NEWER)
# The files the shipped weights were trained on (the default of ``--files``). Session 21 trained
# on all of LABELLED (34 files) and re-chose veto .40 / keep .80 leave-one-writer-out: precision
# up on three unseen test halves, but seven unit tests of tests/unit/write failed (a condition
# said as an adjective and a parent's residence vetoed at .37-.39, a son named inside a question,
# a pet's name in quotes kept as the whole sentence above keep .80…) — NOT shipped.
FILES = SHIPPED


def writer_of(name: str) -> str:
    """Who wrote a bundled file: both halves of a fresh file are one writer, and the three
    round-1/2 files (written beside the extractor, by its authors) are one."""
    stem = name.removesuffix(".yaml").removeprefix("chat_")
    if stem in ("set", "test", "more"):
        return "authors"
    return stem.removesuffix("_dev").removesuffix("_test")
DATA = Path(__file__).resolve().parents[1] / "src" / "gieok" / "evaluation" / "data"


def file_examples(names: list[str] | tuple[str, ...] = FILES) -> list[Example]:
    """The labelled sentences of bundled chat files (every case of each)."""
    out: list[Example] = []
    for name in names:
        out += examples_of(load_chat_set(DATA / name, split="all"))
    return out


def examples(split: str) -> list[Example]:
    """The labelled sentences of one split of the bundled dev set."""
    return examples_of(load_chat_set(split=split))


def examples_of(cases: list[dict[str, Any]]) -> list[Example]:
    """The labelled sentences of ``cases`` (any chat-set file's conversations)."""
    masking = pii_policies(ScopeSettings())
    out: list[Example] = []
    for case in cases:
        sessions = case.get("sessions") or [{"turns": case.get("turns", [])}]
        for session in sessions:
            previous: str | None = None
            for turn in session["turns"]:
                if "a" in turn:
                    previous = str(turn["a"])
                    continue
                said = guard_turns([Turn(role="user", content=str(turn["u"]),
                                         at=datetime(2026, 1, 1, tzinfo=UTC))], masking)[0]
                question = last_question(previous) if previous else None
                previous = None
                if case.get("kind") == "sequence":
                    keys = [{"k": k, "f": "sequence"} for k in case["active"] + case["inactive"]]
                    facts = [k for k in keys if _match(k, said.content) == len(k["k"])]
                    if not facts:
                        continue
                else:
                    facts = list(turn.get("facts", []))
                out.extend(_turn_examples(case["id"], said.content, question, facts))
    return out


def fold_of(case: str, k: int) -> int:
    return hashlib.sha256(f"fold:{case}".encode()).digest()[0] % k


def encode(data: list[Example]) -> tuple[list[np.ndarray], np.ndarray]:
    rows = [indices(features(e.sentence, e.question)) for e in data]
    return rows, np.array([e.label for e in data], dtype=np.float64)


def train(rows: list[np.ndarray], y: np.ndarray, *, l2: float, epochs: int = 300,
          lr: float = 0.05) -> tuple[np.ndarray, float]:
    """Full-batch Adam on the mean logistic loss + l2/2·|w|² (positives and negatives
    weighted to count equally)."""
    lengths = np.array([len(r) for r in rows])
    flat = np.concatenate(rows)
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    scale = 1.0 / np.maximum(1.0, np.sqrt(lengths))
    pos = y.sum()
    sample_w = np.where(y == 1, 0.5 / max(pos, 1), 0.5 / max(len(y) - pos, 1))
    w = np.zeros(DIM)
    b = 0.0
    m_w, v_w, m_b, v_b = np.zeros(DIM), np.zeros(DIM), 0.0, 0.0
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    for t in range(1, epochs + 1):
        z = np.add.reduceat(w[flat], starts) * scale + b
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
        g = (p - y) * sample_w
        # (bincount sums the same terms as np.add.at, many times faster)
        grad_w = np.bincount(flat, weights=np.repeat(g * scale, lengths), minlength=DIM)
        grad_w += l2 * w
        grad_b = g.sum()
        m_w = beta1 * m_w + (1 - beta1) * grad_w
        v_w = beta2 * v_w + (1 - beta2) * grad_w ** 2
        m_b = beta1 * m_b + (1 - beta1) * grad_b
        v_b = beta2 * v_b + (1 - beta2) * grad_b ** 2
        w -= lr * (m_w / (1 - beta1 ** t)) / (np.sqrt(v_w / (1 - beta2 ** t)) + eps)
        b -= lr * (m_b / (1 - beta1 ** t)) / (np.sqrt(v_b / (1 - beta2 ** t)) + eps)
    return w, b


def predict(w: np.ndarray, b: float, rows: list[np.ndarray]) -> np.ndarray:
    z = np.array([w[r].sum() / max(1.0, np.sqrt(len(r))) + b for r in rows])
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))


def auc(y: np.ndarray, p: np.ndarray) -> float:
    order = np.argsort(p)
    ranks = np.empty(len(p))
    ranks[order] = np.arange(1, len(p) + 1)
    pos = y == 1
    n_pos, n_neg = pos.sum(), (~pos).sum()
    return float((ranks[pos].sum() - n_pos * (n_pos + 1) / 2) / max(1, n_pos * n_neg))


def out_of_fold(data: list[Example], rows: list[np.ndarray], y: np.ndarray, *, l2: float,
                k: int = 5) -> np.ndarray:
    """Every sentence's score from the model trained on the other folds (by conversation);
    unknown-label sentences are scored, never trained on."""
    folds = np.array([fold_of(e.case, k) for e in data])
    oof = np.zeros(len(y))
    for f in range(k):
        tr, te = (folds != f) & (y >= 0), folds == f
        w, b = train([r for r, m in zip(rows, tr, strict=True) if m], y[tr], l2=l2)
        oof[te] = predict(w, b, [r for r, m in zip(rows, te, strict=True) if m])
    return oof


def report(y: np.ndarray, p: np.ndarray, vetoes: dict[str, float], keep: float
           ) -> dict[str, Any]:
    """AUC, and the share of positive / negative sentences each threshold cuts."""
    pos, neg = y == 1, y == 0

    def share(mask: np.ndarray, of: np.ndarray) -> float:
        return round(float((mask & of).sum() / max(1, of.sum())), 4)

    out: dict[str, Any] = {"auc": round(auc(y, p), 4)}
    for kind, t in vetoes.items():
        out[f"veto_{kind}"] = {"pos": share(p < t, pos), "neg": share(p < t, neg)}
    out["keep"] = {"pos": share(p > keep, pos), "neg": share(p > keep, neg)}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", default=",".join(FILES),
                    help="bundled labelled files to train on (comma-separated)")
    ap.add_argument("--split", default=None,
                    help="train on one split of the bundled dev set instead (dev, dev-train)")
    ap.add_argument("--check", default=None, help="a split to score the trained model on")
    ap.add_argument("--l2", type=float, default=1e-4)
    ap.add_argument("--veto-slot", type=float, default=0.0,
                    help="a slot-rule memory is dropped below this score")
    ap.add_argument("--veto-generic", type=float, default=0.36,
                    help="a whole-sentence memory is dropped below this score")
    ap.add_argument("--veto-answer", type=float, default=0.25,
                    help="an answer to the assistant's question is dropped below this score")
    ap.add_argument("--keep", type=float, default=0.86,
                    help="a sentence no rule kept is kept above this score")
    ap.add_argument("--own", type=float, default=0.6,
                    help="a clause of the user's own no rule read is kept above this (2: off)")
    ap.add_argument("--out", type=Path, default=None, help="write the weights here (.npz)")
    ap.add_argument("--oof", type=Path, default=None, help="write out-of-fold scores (JSON)")
    ap.add_argument("--cv", action="store_true", help="only report cross-validation")
    args = ap.parse_args(argv)

    files = [f for f in args.files.split(",") if f]
    data = examples(args.split) if args.split else file_examples(files)
    rows, y = encode(data)
    known = y >= 0
    print(f"{args.split or 'files'}: {len(data)} sentences, {int((y == 1).sum())} positive, "
          f"{int((y == 0).sum())} negative, {int((~known).sum())} unlabelled", file=sys.stderr)
    vetoes = {"slot": args.veto_slot, "generic": args.veto_generic, "answer": args.veto_answer}
    keep = args.keep
    cv: dict[str, Any] | None = None
    scored: list[tuple[Example, float]] = []
    if args.cv or args.oof is not None:
        oof = out_of_fold(data, rows, y, l2=args.l2)
        cv = report(y[known], oof[known], vetoes, keep)
        print(json.dumps({"cv": cv}), file=sys.stderr)
        scored = list(zip(data, oof, strict=True))
    if args.cv and args.oof is None:
        return 0
    w, b = train([r for r, m in zip(rows, known, strict=True) if m], y[known], l2=args.l2)
    if args.check:
        held = examples(args.check)
        hrows, hy = encode(held)
        hp = predict(w, b, hrows)
        print(json.dumps({"check": report(hy[hy >= 0], hp[hy >= 0], vetoes, keep)}),
              file=sys.stderr)
        scored += list(zip(held, hp, strict=True))
    if args.oof is not None:
        args.oof.write_text(json.dumps(
            [{"case": e.case, "sentence": e.sentence, "question": e.question, "label": e.label,
              "score": round(float(p), 5)} for e, p in scored],
            ensure_ascii=False, indent=0), encoding="utf-8")
    if args.cv:
        return 0
    if args.out is not None:
        info = {"bias": b, "vetoes": vetoes, "keep": keep, "own": args.own, "l2": args.l2,
                "split": args.split or "files", "files": [] if args.split else files,
                "sentences": int(known.sum()), "positives": int((y == 1).sum()), "cv": cv,
                "trained": datetime.now(UTC).date().isoformat(),
                "command": "scripts/train_memorable.py " + " ".join(argv or sys.argv[1:])}
        sparse = np.where(np.abs(w) < 1e-6, 0.0, w).astype(np.float16)
        np.savez_compressed(args.out, weights=sparse, info=np.array(json.dumps(info)))
        print(f"wrote {args.out} ({args.out.stat().st_size} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
