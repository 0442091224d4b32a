"""Concurrent queries gathered into one model call (``embedders/gather.py``): each caller gets
its own text's row, a lone call runs alone, no more passes run at once than allowed, a failed
pass fails every caller in it, and the local model's vectors are the same as one by one."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

import anyio
import numpy as np
import pytest

from gieok.embedders.gather import Gatherer
from gieok.embedders.local import LocalEmbedder

pytestmark = pytest.mark.anyio


class _Model:
    """Rows that name their text; the first pass blocks until released."""

    def __init__(self, fail_on: str | None = None) -> None:
        self.calls: list[list[str]] = []
        self.release = threading.Event()
        self.running = 0
        self.most_running = 0
        self.fail_on = fail_on
        self._lock = threading.Lock()

    def __call__(self, texts: Sequence[str]) -> np.ndarray:
        with self._lock:
            self.calls.append(list(texts))
            self.running += 1
            self.most_running = max(self.most_running, self.running)
        try:
            self.release.wait(5)
            if self.fail_on in texts:
                raise RuntimeError("model failed")
            return np.asarray([[float(len(t)), float(hash(t) % 997)] for t in texts],
                              dtype=np.float32)
        finally:
            with self._lock:
                self.running -= 1


def _call_all(gather: Gatherer, texts: Sequence[str]) -> dict[str, object]:
    out: dict[str, object] = {}

    def one(text: str) -> None:
        try:
            out[text] = gather(text)
        except RuntimeError as exc:
            out[text] = exc

    threads = [threading.Thread(target=one, args=(t,)) for t in texts]
    for thread in threads:
        thread.start()
        time.sleep(0.01)  # arrive one after another, while the first pass is blocked
    return {"threads": threads, "out": out}


def test_a_lone_call_runs_at_once_alone() -> None:
    model = _Model()
    model.release.set()
    gather = Gatherer(model, passes=1)
    row = gather("hello")
    assert model.calls == [["hello"]] and row.shape == (1, 2) and row[0, 0] == 5.0


def test_callers_waiting_for_a_pass_go_in_one_call_each_with_its_own_row() -> None:
    model = _Model()
    gather = Gatherer(model, passes=1)
    texts = ["a", "bb", "ccc", "dddd", "eeeee"]
    run = _call_all(gather, texts)
    model.release.set()
    for thread in run["threads"]:  # type: ignore[attr-defined]
        thread.join(5)
    out = run["out"]
    assert model.calls[0] == ["a"] and sorted(model.calls[1]) == ["bb", "ccc", "dddd", "eeeee"]
    assert len(model.calls) == 2 and model.most_running == 1
    for text in texts:
        assert out[text][0, 0] == float(len(text))  # type: ignore[index]
    assert (gather.batches, gather.texts) == (2, 5)


def test_no_more_passes_at_once_than_allowed_and_a_batch_is_bounded() -> None:
    model = _Model()
    gather = Gatherer(model, passes=2, most=3)
    texts = [f"t{i}" for i in range(9)]
    run = _call_all(gather, texts)
    model.release.set()
    for thread in run["threads"]:  # type: ignore[attr-defined]
        thread.join(5)
    assert model.most_running <= 2 and max(len(c) for c in model.calls) <= 3
    assert sorted(t for c in model.calls for t in c) == sorted(texts)
    assert all(run["out"][t][0, 0] == 2.0 for t in texts)  # type: ignore[index]


def test_a_failed_pass_fails_every_caller_in_it_and_the_next_pass_runs() -> None:
    model = _Model(fail_on="bad")
    gather = Gatherer(model, passes=1)
    run = _call_all(gather, ["first", "bad", "other"])
    model.release.set()
    for thread in run["threads"]:  # type: ignore[attr-defined]
        thread.join(5)
    out = run["out"]
    assert isinstance(out["bad"], RuntimeError) and isinstance(out["other"], RuntimeError)
    assert out["first"][0, 0] == 5.0  # type: ignore[index]
    model.fail_on = None
    assert gather("again")[0, 0] == 5.0


async def test_the_local_model_gives_the_same_vectors_gathered_as_one_by_one() -> None:
    embedder = LocalEmbedder(threads=1)
    texts = ["사용자의 남동생은 어디에 살아?", "Where does my sister live?", "강아지 이름이 뭐야?",
             "what did I say about the trip to Paris", "ok", "운동 뭐 해?"] * 3
    alone = [await embedder.embed_query(t) for t in texts]
    together: dict[int, np.ndarray] = {}

    async def one(i: int) -> None:
        together[i] = await embedder.embed_query(texts[i])

    async with anyio.create_task_group() as tg:
        for i in range(len(texts)):
            tg.start_soon(one, i)
    for i, row in enumerate(alone):
        assert row.shape == (1, 384) and np.array_equal(row, together[i])
    assert embedder._queries.texts == 2 * len(texts)
    await embedder.aclose()
