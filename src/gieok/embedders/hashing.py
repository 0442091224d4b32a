"""A deterministic, dependency-free embedder for tests and quick demos.

Character n-grams and words are hashed into a fixed number of buckets (the "feature hashing"
trick), so texts sharing words or syllables get similar vectors. Stable across processes
(blake2b, not Python's salted ``hash``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np

from gieok.domain.records import normalize_text
from gieok.embedders.base import Matrix, normalise_rows

_WORD = re.compile(r"\w+", re.UNICODE)


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

    def _bucket(self, token: str) -> tuple[int, float]:
        digest = hashlib.blake2b(token.encode("utf-8"), digest_size=8).digest()
        value = int.from_bytes(digest, "little")
        return value % self._dim, 1.0 if (value >> 63) & 1 else -1.0

    def _vector(self, text: str) -> np.ndarray:
        vec = np.zeros(self._dim, dtype=np.float32)
        words = _WORD.findall(normalize_text(text))
        for word in words:
            idx, sign = self._bucket("w:" + word)
            vec[idx] += 2.0 * sign
            padded = f"#{word}#"
            for i in range(len(padded) - 2):
                idx, sign = self._bucket("c:" + padded[i : i + 3])
                vec[idx] += sign
        return vec

    async def embed_documents(self, texts: Sequence[str], /) -> Matrix:
        if not texts:
            return np.zeros((0, self._dim), dtype=np.float32)
        return normalise_rows(np.stack([self._vector(t) for t in texts]))

    async def embed_query(self, text: str, /) -> Matrix:
        return await self.embed_documents([text])

    async def aclose(self) -> None:
        return None
