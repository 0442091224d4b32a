"""The Embedder port (M1): batch-first, with separate query and passage roles.

Models such as e5 embed a question differently from a stored passage; callers always say
which one they need. Vectors come back L2-normalised as a float32 matrix (n × dim).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float32]


@runtime_checkable
class Embedder(Protocol):
    """Anything that turns texts into unit vectors. ``name`` is recorded by stores (L7)."""

    @property
    def name(self) -> str: ...

    @property
    def dim(self) -> int: ...

    async def embed_documents(self, texts: Sequence[str], /) -> Matrix: ...

    async def embed_query(self, text: str, /) -> Matrix: ...

    async def aclose(self) -> None: ...


def normalise_rows(matrix: npt.ArrayLike) -> Matrix:
    """Return a float32 copy with every row scaled to unit length (zero rows stay zero)."""
    arr = np.asarray(matrix, dtype=np.float32)
    if arr.ndim == 1:
        arr = arr[None, :]
    norms = np.linalg.norm(arr, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return arr / norms


def token_counter(embedder: object) -> Callable[[str], int]:
    """How many tokens the embedder's model reads for a text, without its special tokens:
    the embedder's own ``count_tokens`` when it has one (the local model's tokenizer),
    otherwise an estimate of one token per four UTF-8 bytes (about 4 characters of English,
    1.3 of Korean), which errs towards shorter passages. Used to size archive passages (R8)
    to what the model reads well."""
    count = getattr(embedder, "count_tokens", None)
    if callable(count):
        return count  # type: ignore[no-any-return]
    return lambda text: math.ceil(len(text.encode("utf-8")) / 4)


def similarity_range(embedder: object) -> tuple[float, float] | None:
    """The cosines that mean "unrelated" and "the same thing" for this embedder's model, if
    it declares them (``similarity_range``). Relevance is calibrated on them, and a default
    relevance floor only makes sense for a model that has them (read/fusion.py)."""
    found = getattr(embedder, "similarity_range", None)
    if found is None:
        return None
    low, high = found
    return float(low), float(high)
