"""Re-embedding (L7): move a store to another embedding model without mixing two models.

The job embeds every stored memory (every status and version, so ``as_of`` search keeps
working) with the new model into a second vector set, while reads keep using the live one;
then the store switches both sets in one transaction. Memories written meanwhile lack a new
vector, so the switch refuses and the job embeds them and tries again. The replaced vectors
are kept under the old model's name, so rolling back is another reindex to the old model
that only embeds what was written since; ``drop_previous`` frees them instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gieok.domain.records import embedding_text
from gieok.embedders.base import Embedder
from gieok.errors import ConfigurationError, StoreError
from gieok.stores.base import IndexInfo, Reindexable, Store

BATCH = 64
MAX_ROUNDS = 20


@dataclass
class ReindexReport:
    model: str
    previous: str | None
    embedded: int = 0
    rounds: int = 0
    switched: bool = False
    dropped: int = 0

    def as_dict(self) -> dict[str, object]:
        return {"model": self.model, "previous": self.previous, "embedded": self.embedded,
                "rounds": self.rounds, "switched": self.switched, "dropped": self.dropped}


def _text(content: str, index_text: str | None) -> str:
    return embedding_text(content, index_text)  # what MemoryRecord.embedding_text embeds


async def run_reindex(
    store: Store, embedder: Embedder, *, batch: int = BATCH, drop_previous: bool = False,
    progress: Callable[[int], None] | None = None,
) -> ReindexReport:
    """Embed everything with ``embedder`` beside the live vectors, then switch (L7)."""
    if not isinstance(store, Reindexable):
        raise ConfigurationError(f"{type(store).__name__} cannot re-embed in place; export "
                                 "and import into a store opened with the new embedder",
                                 code="CONFIG_INVALID")
    current = await store.index_info()
    report = ReindexReport(model=embedder.name, previous=current.model if current else None)
    if current is not None and current.model == embedder.name:
        return report  # already live: nothing to do
    for _ in range(MAX_ROUNDS):
        report.rounds += 1
        while todo := await store.unindexed(embedder.name, limit=batch):
            vectors = await embedder.embed_documents([_text(c, i) for _, c, i in todo])
            await store.put_model_vectors(embedder.name,
                                          [(rid, v) for (rid, _, _), v in zip(todo, vectors,
                                                                              strict=True)])
            report.embedded += len(todo)
            if progress is not None:
                progress(len(todo))
        if await store.switch_index(IndexInfo(model=embedder.name, dim=embedder.dim)) == 0:
            report.switched = True
            break
    else:
        raise StoreError("memories keep arriving faster than they are re-embedded; pause "
                         "writers and run the reindex again (nothing was switched)")
    if drop_previous and report.previous:
        report.dropped = await store.drop_model_vectors(report.previous)
    return report
