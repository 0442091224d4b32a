"""A deterministic, dependency-free embedder for tests and quick demos.

Character n-grams and words are hashed into a fixed number of buckets (the "feature hashing"
trick), so texts sharing words or syllables get similar vectors. Stable across processes
(blake2b, not Python's salted ``hash``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from gieok.domain.records import normalize_text
from gieok.embedders.base import Matrix, normalise_rows

_WORD = re.compile(r"\w+", re.UNICODE)


def _bucket(token: str, dim: int) -> tuple[int, float]:
    digest = hashlib.blake2b(token.encode("utf-8"), digest_size=8).digest()
    value = int.from_bytes(digest, "little")
    return value % dim, 1.0 if (value >> 63) & 1 else -1.0


@lru_cache(maxsize=1 << 16)
def _word_buckets(word: str, dim: int) -> tuple[np.ndarray, np.ndarray]:
    """A word's buckets and signed weights: the word itself counts 2, each character
    trigram of ``#word#`` 1. Words repeat across texts, so this is memoised (a bulk load
    embeds ~3× faster)."""
    padded = f"#{word}#"
    pairs = [_bucket("w:" + word, dim)]
    pairs += [_bucket("c:" + padded[i : i + 3], dim) for i in range(len(padded) - 2)]
    idx = np.array([i for i, _ in pairs], dtype=np.intp)
    weights = np.array([sign for _, sign in pairs], dtype=np.float64)
    weights[0] *= 2.0
    return idx, weights


class HashEmbedder:
    """``hash:<dim>``: bag of words and character trigrams, hashed to ``dim`` buckets."""

    def __init__(self, dim: int = 256) -> None:
        if dim < 8:
            raise ValueError("hash embedder needs at least 8 dimensions")
        self._dim = dim

    @property
    def name(self) -> str:
        return f"hash:{self._dim}"

    @property
    def dim(self) -> int:
        return self._dim

    def _vector(self, text: str) -> np.ndarray:
        words = _WORD.findall(normalize_text(text))
        if not words:
            return np.zeros(self._dim, dtype=np.float32)
        parts = [_word_buckets(word, self._dim) for word in words]
        idx = np.concatenate([p[0] for p in parts])
        weights = np.concatenate([p[1] for p in parts])
        return np.bincount(idx, weights, minlength=self._dim).astype(np.float32)

    async def embed_documents(self, texts: Sequence[str], /) -> Matrix:
        if not texts:
            return np.zeros((0, self._dim), dtype=np.float32)
        return normalise_rows(np.stack([self._vector(t) for t in texts]))

    async def embed_query(self, text: str, /) -> Matrix:
        return await self.embed_documents([text])

    async def aclose(self) -> None:
        return None
