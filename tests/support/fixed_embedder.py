"""An embedder whose cosines the test chooses.

Ranking tests need exact similarities ("the answer is farther from the query than the other
turns"), which a real model cannot promise. Each text maps to a vector given by the test;
``unit(c)`` is a unit vector at cosine ``c`` to ``unit(1.0)``, so a query embedded as
``unit(1.0)`` sees exactly the cosines the test wrote down. Documents are looked up by their
text after any ``"speaker: "`` prefix the engine puts before a turn's words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from gieok.embedders.base import Matrix


class FixedEmbedder:
    """Declares ``similarity_range`` and ``language_offsets`` only when given, as a real
    embedder would: ``None`` reads the same as an embedder that does not declare them."""

    dim = 4

    def __init__(self, vectors: Mapping[str, Matrix], *, name: str = "test:fixed",
                 similarity_range: tuple[float, float] | None = None,
                 language_offsets: Mapping[tuple[str, str], float] | None = None) -> None:
        self.vectors = dict(vectors)
        self.name = name
        self.similarity_range = similarity_range
        self.language_offsets = language_offsets

    async def embed_documents(self, texts: Sequence[str], /) -> Matrix:
        return np.stack([self.vectors[t.split(": ", 1)[-1]] for t in texts])

    async def embed_query(self, text: str, /) -> Matrix:
        return self.vectors[text]

    async def aclose(self) -> None:
        return None


def unit(cos: float) -> Matrix:
    """A unit vector at cosine ``cos`` to ``unit(1.0)``."""
    return np.array([cos, np.sqrt(1 - cos * cos), 0, 0], np.float32)
