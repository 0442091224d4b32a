"""An embedder that answers known queries from vectors computed in advance.

Used where a caller must embed a query once but search with it several times (context
assembly), and by benchmarks that time search without the query's embedding. Everything it
does not know goes to ``inner``; documents go to ``documents`` when one is given (benchmarks
fill stores with cheap vectors under the real model's name).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gieok.embedders.base import Embedder, Matrix
from gieok.embedders.wrapped import WrappedEmbedder


class QueryCacheEmbedder(WrappedEmbedder):
    """Same ``name`` and ``dim`` as ``inner``, so a store's model check passes."""

    def __init__(
        self,
        inner: Embedder,
        *,
        documents: Embedder | None = None,
        queries: Mapping[str, Matrix] | None = None,
    ) -> None:
        super().__init__(inner)
        self._documents = documents or inner
        self.query_cache: dict[str, Matrix] = dict(queries or {})
        self.use_cache = True

    async def precompute(self, queries: Sequence[str]) -> None:
        for query in queries:
            self.query_cache[query] = await self.inner.embed_query(query)

    async def embed_documents(self, texts: Sequence[str], /) -> Matrix:
        return await self._documents.embed_documents(texts)

    async def embed_query(self, text: str, /) -> Matrix:
        if self.use_cache and text in self.query_cache:
            return self.query_cache[text]
        return await self.inner.embed_query(text)

    async def aclose(self) -> None:
        return None  # ``inner`` belongs to whoever made it
