"""The Embedder port (M1): batch-first, with separate query and passage roles.

Models such as e5 embed a question differently from a stored passage; callers always say
which one they need. Vectors come back L2-normalised as a float32 matrix (n × dim).
"""

from __future__ import annotations

from collections.abc import Sequence
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
