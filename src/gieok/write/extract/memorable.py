"""Is this sentence worth remembering? A small learned model over the user's own words (W3).

The slot rules and the keep-or-drop rules of ``generic``/``discourse`` were written for the
phrasings their authors saw, and on fresh text they kept chatter ("그냥 인사했어요" →
"사용자는 인사했다"), a relative's nagging, fragment answers to small talk ("Most days")
(issue 16). This module scores a user sentence — with the assistant's question it answers,
when there is one — by a logistic regression over hashed features that need no model:
word and morpheme n-grams (Kiwi, already loaded for full text, for Hangul; plain words
otherwise), character n-grams, the sentence's final ending and the question's words. It is
trained on every labelled chat file bundled with the package (``scripts/train_memorable.py``:
twenty-eight files, fourteen writers — each file joined only after it was scored once), and its
weights ship with the package (``memorable.npz``, about 320 kB); running it is numpy and a
dictionary lookup per feature, well under a millisecond per sentence.

Trained on one writer's files, n-grams fit that writer's words: a writer left out of training
is where the judge has to work, so thresholds are chosen leave-one-WRITER-out
(``scripts/lofo_memorable.py``: train on thirteen writers, play the fourteenth end to end). The
local e5 model's sentence vector ranks sentences of a left-out writer better still (AUC +0.02) but
costs ~35 ms of CPU per sentence against < 1 ms, so it is not used here (docs/benchmarks.md,
"a judge trained across writers"). Judges trained on fourteen and sixteen files (sessions 9
and 10) were not shipped: they scored short casual Korean statements ("혈압약 먹고 있어") as low
as chatter, which ``lasting`` now keeps by their structure. Features of the conversation's
shape (the kind of question the assistant asked, the length of its turn, whether the user's
turn before was a request) were measured in session 14 and add nothing leave-one-writer-out
(AUC +0.001), so the judge reads the sentence and the question it answers only.

The extractor uses the score as a **veto** (a candidate from a sentence scored below
``veto`` is dropped: chatter, passing states, requests) and as a **keep** (a self-disclosure
no rule kept, scored above ``keep``, is stored as the user's sentence in the third person).
The thresholds were chosen leave-one-writer-out end to end and are recorded in the weight
file: veto 0.36 for a whole sentence, 0.25 for a fragment answering the assistant's question
("4인분", "two adults" after "How many people?"), none for a precise slot, keep 0.86. ``own``
(0.6, session 19) is the score above which a clause of the user's own that nothing else made a
candidate of is kept (``own_clauses``: a statement with a first-person anchor); it was chosen end
to end on the three writers this judge never saw (fresh15-17).
"""

from __future__ import annotations

import json
import re
import zlib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

from gieok.text.hangul import HANGUL as _HANGUL

DIM = 1 << 18
WEIGHTS = "memorable.npz"
_EN_WORD = re.compile(r"[a-z]+(?:['’][a-z]+)?|\d+|[?!]")
_SPACE = re.compile(r"\s+")


def _words(text: str) -> list[str]:
    """Words of ``text``: Kiwi morphemes (form/tag) for Hangul runs, lowercased words else."""
    low = text.casefold()
    out: list[str] = []
    if _HANGUL.search(text):
        from gieok.write.extract.korean import tokens

        for tok in tokens(text):
            tag = tok.tag.split("-")[0]
            if tag in ("SL",):
                out.append(tok.form.casefold())
            elif tag == "SN":
                out.append("0")
            elif tag.startswith("S") and tok.form not in "?!":
                continue
            else:
                out.append(f"{tok.form}/{tag[:2] if tag[0] in 'NVJE' else tag}")
        return out
    for w in _EN_WORD.findall(low):
        out.append("0" if w.isdigit() else w)
    return out


def _final(text: str) -> list[str]:
    """The sentence's last morphemes (how it ends: -어요, -ㄹ게, -했어, "?")."""
    if not _HANGUL.search(text):
        return []
    from gieok.write.extract.korean import tokens

    toks = [t for t in tokens(text) if t.tag not in ("SF", "SE", "SW", "SP", "SS")]
    out = [f"ef:{t.form}" for t in toks[-3:] if t.tag in ("EF", "EC", "EP")]
    if toks:
        out.append(f"lastpos:{toks[-1].tag}")
    return out


def in_first_person(resolved: str) -> str:
    """A resolved sentence as the user would have said it ("User's cat Nabi …" → "my cat
    Nabi …", "사용자의 고양이 나비는" → "우리 고양이 나비는"): the judge learned from users' words."""
    text = re.sub(r"\bUser['’]s\b", "my", resolved)
    return re.sub(r"사용자의(?=\s)", "우리", text)


def features(sentence: str, question: str | None = None) -> list[str]:
    """The named features of one sentence (hashed by ``indices``)."""
    text = _SPACE.sub(" ", sentence.strip())
    words = _words(text)
    feats = [f"w:{w}" for w in words]
    feats += [f"b:{a} {b}" for a, b in zip(words, words[1:], strict=False)]
    if words:
        feats += [f"first:{words[0]}", f"last:{words[-1]}"]
    low = re.sub(r"\d", "0", text.casefold())
    padded = f" {low} "
    for n in (2, 3, 4):
        feats += [f"c{n}:{padded[i:i + n]}" for i in range(len(padded) - n + 1)]
    feats += _final(text)
    feats.append(f"len:{min(len(words) // 3, 8)}")
    feats.append("lang:ko" if _HANGUL.search(text) else "lang:en")
    if text.endswith(("?", "？")):
        feats.append("ends:?")
    if question:
        feats.append("q:yes")
        feats += [f"q:{w}" for w in _words(question)]
    else:
        feats.append("q:none")
    return feats


def indices(feats: list[str]) -> np.ndarray:
    """Hashed feature indices (crc32: stable across processes, unlike ``hash``)."""
    return np.fromiter((zlib.crc32(f.encode("utf-8")) % DIM for f in feats), dtype=np.int64,
                       count=len(feats))


@dataclass(frozen=True)
class Model:
    """The shipped weights and the thresholds chosen by cross-validation: ``vetoes`` per kind
    of memory a sentence became ("slot": a precise slot rule; "generic": the whole sentence;
    "answer": a fragment answering the assistant's question), ``keep`` for a sentence no rule
    kept, ``own`` for a clause of the user's own that nothing else made a candidate of."""

    weights: np.ndarray
    bias: float
    vetoes: dict[str, float]
    keep: float
    info: dict[str, Any]
    own: float = 2.0  # a clause of the user's own no rule read (``own_clauses``); 2.0: off

    def score(self, sentence: str, question: str | None = None) -> float:
        """P(worth remembering) for one user sentence (and the question it answers)."""
        z = raw_score(self.weights, self.bias, indices(features(sentence, question)))
        return 1.0 / (1.0 + float(np.exp(-max(-30.0, min(30.0, z)))))

    def veto(self, kind: str) -> float:
        return self.vetoes.get(kind, self.vetoes.get("generic", 0.0))


def raw_score(weights: np.ndarray, bias: float, idx: np.ndarray) -> float:
    """The logit for hashed features (the training script uses the same formula)."""
    return float(weights[idx].sum()) / max(1.0, float(np.sqrt(len(idx)))) + bias


@lru_cache(maxsize=1)
def model() -> Model | None:
    """The shipped model, or None when the weight file is missing (rules only)."""
    try:
        ref = resources.files("gieok.write.extract").joinpath(WEIGHTS)
        with ref.open("rb") as fh:
            data = np.load(fh, allow_pickle=False)
            weights = data["weights"].astype(np.float32)
            info = json.loads(str(data["info"]))
    except (FileNotFoundError, OSError, KeyError, ValueError):
        return None
    if weights.shape != (DIM,):
        return None
    return Model(weights=weights, bias=float(info["bias"]),
                 vetoes={k: float(v) for k, v in info["vetoes"].items()},
                 keep=float(info["keep"]), info=info, own=float(info.get("own", 2.0)))
