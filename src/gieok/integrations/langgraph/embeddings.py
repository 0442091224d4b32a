"""A LangChain ``Embeddings`` (or a LangGraph embedding function) as a gieok ``Embedder``.

This is how ``GieokStore.from_url(url, index={"embed": …, "dims": …})`` honours the
``embed`` of LangGraph's ``IndexConfig``: the engine then embeds with it, and the store
records its name so that no other model's vectors are ever mixed in (L7).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.embeddings import Embeddings
from langgraph.store.base.embed import ensure_embeddings

from gieok.embedders.base import Matrix, normalise_rows
from gieok.errors import EmbedderError


class LangChainEmbedder:
    """Adapts ``embed`` (an ``Embeddings``, a function, or an async function)."""

    def __init__(self, embed: Any, *, dims: int, name: str | None = None) -> None:
        self._embeddings: Embeddings = ensure_embeddings(embed)
        self._dim = int(dims)
        self._name = name or f"langchain:{type(self._embeddings).__name__}:{self._dim}"

    @property
    def name(self) -> str:
        return self._name

    @property
    def dim(self) -> int:
        return self._dim

    async def embed_documents(self, texts: Sequence[str], /) -> Matrix:
        return self._check(await self._embeddings.aembed_documents(list(texts)), len(texts))

    async def embed_query(self, text: str, /) -> Matrix:
        return self._check([await self._embeddings.aembed_query(text)], 1)

    async def aclose(self) -> None:
        return None

    def _check(self, rows: list[list[float]], expected: int) -> Matrix:
        matrix = normalise_rows(rows) if rows else normalise_rows([[0.0] * self._dim])[:0]
        if matrix.shape != (expected, self._dim):
            raise EmbedderError(
                f"the index embedder returned vectors of shape {matrix.shape}, expected "
                f"({expected}, {self._dim}); set index['dims'] to its dimension",
                retriable=False)
        return matrix
