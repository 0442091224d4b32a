from __future__ import annotations

import numpy as np
import pytest

from gieok import ConfigurationError
from gieok.embedders import HashEmbedder, get_embedder, register_embedder

pytestmark = pytest.mark.anyio


async def test_hash_embedder_is_deterministic_normalised_and_similarity_aware() -> None:
    emb = get_embedder("hash:128")
    assert emb.name == "hash:128" and emb.dim == 128
    docs = await emb.embed_documents(["green tea in the morning", "green tea", "tax return"])
    again = await HashEmbedder(128).embed_documents(["green tea in the morning"])
    assert np.allclose(docs[0], again[0])
    assert np.allclose(np.linalg.norm(docs, axis=1), 1.0)
    assert docs[0] @ docs[1] > docs[0] @ docs[2]
    assert (await emb.embed_documents([])).shape == (0, 128)


def _reference_hash_vector(text: str, dim: int) -> np.ndarray:
    """The hash embedder's algorithm written out plainly (as it was before the per-word
    memo): vectors stored by earlier versions must keep matching new queries."""
    import hashlib
    import re

    from gieok.domain.records import normalize_text

    def bucket(token: str) -> tuple[int, float]:
        value = int.from_bytes(hashlib.blake2b(token.encode(), digest_size=8).digest(), "little")
        return value % dim, 1.0 if (value >> 63) & 1 else -1.0

    vec = np.zeros(dim, dtype=np.float32)
    for word in re.findall(r"\w+", normalize_text(text), re.UNICODE):
        idx, sign = bucket("w:" + word)
        vec[idx] += 2.0 * sign
        padded = f"#{word}#"
        for i in range(len(padded) - 2):
            idx, sign = bucket("c:" + padded[i : i + 3])
            vec[idx] += sign
    norm = np.linalg.norm(vec)
    return vec / norm if norm else vec


async def test_hash_vectors_are_unchanged_by_the_word_memo() -> None:
    texts = ["green tea green tea", "사용자는 강남구에 산다", "", "!!", "a", "Tea, TEA; tea."]
    docs = await HashEmbedder(64).embed_documents(texts * 2)  # second pass: from the memo
    for got, text in zip(docs, texts * 2, strict=True):
        assert np.allclose(got, _reference_hash_vector(text, 64), atol=1e-6)


@pytest.mark.parametrize("spec", ["nope:model", "local", "hash:abc", "local:no-such-model"])
def test_unknown_providers_and_models_are_configuration_errors(spec: str) -> None:
    with pytest.raises(ConfigurationError) as err:
        get_embedder(spec)
    assert err.value.code == "EMBEDDER_UNKNOWN"


def test_registered_providers_win_and_can_be_removed() -> None:
    register_embedder("fake", lambda model, **_: HashEmbedder(int(model)))
    try:
        assert get_embedder("fake:16").dim == 16
    finally:
        register_embedder("fake", None)
    with pytest.raises(ConfigurationError):
        get_embedder("fake:16")


async def test_local_embedder_runs_offline_and_ranks_korean_paraphrase() -> None:
    emb = get_embedder("local:multilingual-e5-small")
    docs = await emb.embed_documents(
        ["사용자는 서울 강남구에 거주한다", "User's cat is allergic to chicken",
         "User works as a nurse"]
    )
    assert docs.shape == (3, 384)
    query = await emb.embed_query("고양이가 닭고기 알레르기가 있어?")
    assert int(np.argmax(docs @ query[0])) == 1
