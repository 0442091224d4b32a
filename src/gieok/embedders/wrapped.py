"""The part every embedder wrapper shares: it speaks for the model it wraps.

A wrapper (a query cache, an on-disk evaluation cache) must look exactly like its inner
embedder to a store and to the ranker: the same ``name`` and ``dim`` (stores check the model
they were built with) and the same calibration (``similarity_range`` and
``language_offsets``, which read/calibration.py and read/fusion.py look up by attribute).
Forgetting one of them in a new wrapper silently changes relevance, so they live here once.
"""

from __future__ import annotations

from gieok.embedders.base import Embedder


class WrappedEmbedder:
    """Forwards the model's identity and calibration to ``inner``; subclasses embed."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def dim(self) -> int:
        return self.inner.dim

    @property
    def similarity_range(self) -> tuple[float, float] | None:
        return getattr(self.inner, "similarity_range", None)  # type: ignore[no-any-return]

    @property
    def language_offsets(self) -> dict[tuple[str, str], float] | None:
        return getattr(self.inner, "language_offsets", None)  # type: ignore[no-any-return]
