"""Embedder wrappers speak for the model they wrap: a store's model check and the ranker's
calibration must see the inner model, or relevance silently changes under a cache."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from gieok.embedders.base import similarity_range
from gieok.embedders.cached import QueryCacheEmbedder
from gieok.embedders.hashing import HashEmbedder
from gieok.evaluation.embed_cache import DiskCacheEmbedder
from gieok.read.calibration import language_offsets


class _Calibrated(HashEmbedder):
    similarity_range = (0.7, 0.95)
    language_offsets = {("ko", "en"): -0.05}


@pytest.fixture(params=["query-cache", "disk-cache"])
def wrapper(request: pytest.FixtureRequest, tmp_path: Path):
    inner = _Calibrated(dim=32)
    if request.param == "query-cache":
        return inner, QueryCacheEmbedder(inner)
    return inner, DiskCacheEmbedder(inner, tmp_path / "vectors.sqlite")


def test_a_wrapper_has_the_inner_models_identity_and_calibration(wrapper) -> None:
    inner, wrapped = wrapper
    assert (wrapped.name, wrapped.dim) == (inner.name, inner.dim)
    assert similarity_range(wrapped) == (0.7, 0.95)
    assert language_offsets(wrapped) == language_offsets(inner)
    assert language_offsets(wrapped) is not None


def test_a_wrapper_of_an_uncalibrated_model_declares_none(tmp_path: Path) -> None:
    inner = HashEmbedder(dim=16)
    for wrapped in (QueryCacheEmbedder(inner), DiskCacheEmbedder(inner, tmp_path / "v.sqlite")):
        assert similarity_range(wrapped) is None
        assert language_offsets(wrapped) is None


@pytest.mark.anyio
async def test_a_wrapper_embeds_like_its_model(wrapper) -> None:
    inner, wrapped = wrapper
    texts = ["User has a dog named Bori", "사용자는 부산에 산다"]
    assert np.allclose(await wrapped.embed_documents(texts), await inner.embed_documents(texts))
    assert np.allclose(await wrapped.embed_query("pets?"), await inner.embed_query("pets?"))
