"""One batch of passages on several cores: the local model's batch is cut into parts that run
at once (``embedders/local.py``). The parts must add up to the batch, in order, and the
vectors must be exactly those of one call."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from gieok.embedders import get_embedder
from gieok.embedders.local import LocalEmbedder, split_balanced
from gieok.errors import EmbedderError
from gieok.runtime import make_embedder
from gieok.settings import GieokSettings

pytestmark = pytest.mark.anyio

TEXTS = [
    "Caroline: I went to a LGBTQ support group yesterday and it was so powerful.",
    "Melanie: That's great! What happened there?",
    "사용자는 서울 강남구에 거주한다. 매주 토요일마다 수영을 다닌다.",
    "ok",
    "The transgender stories were so inspiring! I was so happy and thankful for all the "
    "support. " * 6,
    "Tell me about your kids' pottery workshop.",
    "우리 강아지 이름은 보리야.",
]


@pytest.mark.parametrize("parts", [1, 2, 3, 4, 50])
def test_split_keeps_every_text_in_order_in_balanced_non_empty_parts(parts: int) -> None:
    texts = [t * (i % 3 + 1) for i, t in enumerate(TEXTS * 3)]
    out = split_balanced(texts, parts)
    assert [t for part in out for t in part] == texts
    assert 1 <= len(out) <= min(parts, len(texts)) and all(out)
    if len(out) > 1:
        sizes = [sum(len(t) for t in part) for part in out]
        longest = max(len(t) for t in texts)
        assert max(sizes) - min(sizes) <= 2 * longest  # about equal, to within a text


def test_short_batches_are_not_split() -> None:
    assert split_balanced(["hi", "yo", "ok"], 4) == [["hi", "yo", "ok"]]
    assert split_balanced([], 2) == [[]]
    assert split_balanced(["one long text " * 40], 4) == [["one long text " * 40]]


async def test_parts_run_at_once_and_give_the_vectors_of_one_call() -> None:
    one = LocalEmbedder(threads=1, workers=1)
    two = LocalEmbedder(threads=1, workers=3)
    seen: set[str] = set()
    model = two._load()
    passage = model.passage

    def spy(texts: list[str]) -> object:
        seen.add(threading.current_thread().name)
        return passage(texts)

    model.passage = spy
    try:
        split = await two.embed_documents(TEXTS)
    finally:
        model.passage = passage
        await two.aclose()
    whole = await one.embed_documents(TEXTS)
    assert split.shape == (len(TEXTS), 384)
    assert np.array_equal(split, whole)  # to the last bit
    assert len(seen) == 3 and any(name.startswith("gieok-e5") for name in seen)
    # a single query is one text: never split
    assert np.allclose(np.linalg.norm(await two.embed_query("수영 언제 가?"), axis=1), 1.0)


async def test_a_failing_part_is_an_embedder_error() -> None:
    emb = LocalEmbedder(threads=1, workers=2)
    model = emb._load()
    passage = model.passage

    def broken(texts: list[str]) -> object:
        if any("보리" in t for t in texts):
            raise RuntimeError("engine failure")
        return passage(texts)

    model.passage = broken
    try:
        with pytest.raises(EmbedderError):
            await emb.embed_documents(TEXTS)
    finally:
        model.passage = passage
        await emb.aclose()


def test_workers_come_from_the_settings_and_default_to_the_cores() -> None:
    assert get_embedder("local:multilingual-e5-small", threads=1, workers=3)._workers == 3
    # more than one OpenMP thread per call already uses the cores: no split on top
    assert get_embedder("local:multilingual-e5-small", threads=2)._workers == 1
    settings = GieokSettings(embedder="local:multilingual-e5-small", embedder_workers=2)
    assert make_embedder(settings.embedder, settings)._workers == 2  # type: ignore[attr-defined]
    default = make_embedder(settings.embedder, GieokSettings())
    assert 1 <= default._workers <= 4  # type: ignore[attr-defined]
