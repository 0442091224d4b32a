"""Any OpenAI-compatible ``/v1/embeddings`` endpoint (OpenAI, vLLM, Ollama, LM Studio…)."""

from __future__ import annotations

from collections.abc import Sequence

import httpx
import numpy as np

from gieok.embedders.base import Matrix, normalise_rows
from gieok.errors import EmbedderError

_BATCH = 128


class OpenAIEmbedder:
    """``openai:<model>``. ``dim`` is learned from the first response unless given."""

    def __init__(
        self,
        model: str,
        *,
        base_url: str = "https://api.openai.com/v1",
        api_key: str | None = None,
        dim: int | None = None,
        timeout: float = 30.0,
        query_prefix: str = "",
        passage_prefix: str = "",
    ) -> None:
        self._model = model
        self._dim = dim
        self._query_prefix = query_prefix
        self._passage_prefix = passage_prefix
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.AsyncClient(
            base_url=base_url.rstrip("/"), headers=headers, timeout=timeout
        )

    @property
    def name(self) -> str:
        return f"openai:{self._model}"

    @property
    def dim(self) -> int:
        if self._dim is None:
            raise EmbedderError(
                "dimension unknown until the first call; pass dim= to OpenAIEmbedder",
                retriable=False,
            )
        return self._dim

    async def _post(self, texts: list[str]) -> Matrix:
        try:
            response = await self._client.post(
                "/embeddings", json={"model": self._model, "input": texts}
            )
        except httpx.HTTPError as exc:
            raise EmbedderError(f"embeddings endpoint unreachable: {exc}") from exc
        if response.status_code != 200:
            raise EmbedderError(
                f"embeddings endpoint answered {response.status_code}: {response.text[:200]}",
                retriable=response.status_code >= 500 or response.status_code == 429,
            )
        try:
            rows = sorted(response.json()["data"], key=lambda row: row["index"])
            matrix = np.asarray([row["embedding"] for row in rows], dtype=np.float32)
        except (KeyError, TypeError, ValueError) as exc:
            raise EmbedderError(f"malformed embeddings response: {exc}", retriable=False) from exc
        if matrix.shape[0] != len(texts):
            raise EmbedderError("embeddings response has the wrong number of rows", retriable=False)
        if self._dim is None:
            self._dim = int(matrix.shape[1])
        elif matrix.shape[1] != self._dim:
            raise EmbedderError(
                f"endpoint returned dimension {matrix.shape[1]}, expected {self._dim}",
                retriable=False,
            )
        return normalise_rows(matrix)

    async def embed_documents(self, texts: Sequence[str], /) -> Matrix:
        if not texts:
            return np.zeros((0, self._dim or 0), dtype=np.float32)
        items = [self._passage_prefix + t for t in texts]
        parts = [await self._post(items[i : i + _BATCH]) for i in range(0, len(items), _BATCH)]
        return np.concatenate(parts)

    async def embed_query(self, text: str, /) -> Matrix:
        return await self._post([self._query_prefix + text])

    async def aclose(self) -> None:
        await self._client.aclose()
