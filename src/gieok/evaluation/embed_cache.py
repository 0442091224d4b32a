"""An on-disk cache of embeddings for quick evaluation runs (``gieok eval --embed-cache``).

Embedding all of LoCoMo with the local model takes a quarter of an hour on a shared 2-core
machine; tuning search needs many runs over the same texts. This wrapper keys each vector by
(model, role, text) in a small SQLite file, so a second run embeds only what changed.

It lives in ``evaluation/`` on purpose: the engine never caches documents this way, and the
final numbers in docs/benchmarks.md come from runs without it (its report says when it was
used). Same ``name``/``dim``/``count_tokens`` as the wrapped embedder, so stores and passage
sizes see no difference.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from gieok.embedders.base import Embedder, Matrix
from gieok.embedders.wrapped import WrappedEmbedder


class DiskCacheEmbedder(WrappedEmbedder):
    def __init__(self, inner: Embedder, path: str | Path) -> None:
        super().__init__(inner)
        self._conn = sqlite3.connect(str(path), check_same_thread=False)
        self._conn.execute("CREATE TABLE IF NOT EXISTS vectors (key TEXT PRIMARY KEY, v BLOB)")
        self.hits = 0
        self.misses = 0
        count = getattr(inner, "count_tokens", None)
        if callable(count):
            self.count_tokens = count

    def _key(self, role: str, text: str) -> str:
        raw = f"{self.inner.name}\x00{role}\x00{text}".encode()
        return hashlib.blake2b(raw, digest_size=20).hexdigest()

    async def _get(self, role: str, texts: Sequence[str]) -> Matrix:
        keys = [self._key(role, t) for t in texts]
        found: dict[str, bytes] = {}
        for start in range(0, len(keys), 500):
            part = keys[start:start + 500]
            marks = ",".join("?" for _ in part)
            found.update(self._conn.execute(
                f"SELECT key, v FROM vectors WHERE key IN ({marks})", part).fetchall())
        missing = [i for i, k in enumerate(keys) if k not in found]
        self.hits += len(keys) - len(missing)
        self.misses += len(missing)
        if missing:
            todo = [texts[i] for i in missing]
            vectors = (await self.inner.embed_documents(todo) if role == "passage"
                       else np.stack([(await self.inner.embed_query(t)).reshape(-1)
                                      for t in todo]))
            rows = [(keys[i], np.asarray(v, np.float32).tobytes())
                    for i, v in zip(missing, vectors, strict=True)]
            self._conn.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?)", rows)
            self._conn.commit()
            found.update(rows)
        out = np.stack([np.frombuffer(found[k], np.float32) for k in keys]) if keys else \
            np.zeros((0, self.dim), np.float32)
        return out.astype(np.float32)

    async def embed_documents(self, texts: Sequence[str], /) -> Matrix:
        return await self._get("passage", texts)

    async def embed_query(self, text: str, /) -> Matrix:
        return (await self._get("query", [text]))[0]

    async def aclose(self) -> None:
        self._conn.close()
        await self.inner.aclose()
