"""A session's episode folds nothing under it (read/search.py ``_hydrate_folded``).

An episode names every turn of its session as a source. When folding counted those turns as
shown, an episode ranked first hid every later turn of its session, though it shows none of
their words: the summary "Ana painted, baked and went camping" stood in for the turn that
says which lake and when.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok.domain.query import View
from gieok.domain.records import Layer, MemoryRecord
from gieok.domain.scope import Scope
from gieok.embedders.hashing import HashEmbedder
from gieok.read.search import hybrid_search
from gieok.settings import ScoringSettings
from gieok.stores import open_store
from gieok.stores.base import WriteBatch

pytestmark = pytest.mark.anyio

_TURNS = {"t0": "I painted the lake at sunrise from the north shore",
          "t1": "we baked rye bread on Sunday morning",
          "t2": "then we went camping by the lake with the kids"}
_SUMMARY = "Ana painted the lake at sunrise, baked bread and went camping by the lake"


@pytest.mark.parametrize("layer", [Layer.EPISODIC, Layer.LONG_TERM])
async def test_an_episode_does_not_hide_its_sessions_turns(store_url: str,
                                                           layer: Layer) -> None:
    embedder = HashEmbedder(64)
    store = await open_store(store_url)
    scope = Scope(user="u1")
    now = datetime(2024, 6, 1, tzinfo=UTC)
    records = [MemoryRecord(scope=scope, content=text, source_turn_ids=[tid],
                            layer=Layer.ARCHIVE, event_time=now) for tid, text in _TURNS.items()]
    summary = MemoryRecord(scope=scope, content=_SUMMARY, source_turn_ids=list(_TURNS),
                           layer=layer, importance=0.9, event_time=now)
    records.append(summary)
    vectors = await embedder.embed_documents([r.content for r in records])
    await store.write(WriteBatch(upserts=list(zip(records, vectors, strict=True))))
    try:
        hits = await hybrid_search(store, embedder, scope, "painted the lake sunrise camping",
                                   k=3, filters=None, view=View(), weights=ScoringSettings(),
                                   now=now, fold=True)
    finally:
        await store.aclose()
    ids = [h.record.id for h in hits]
    assert ids[0] == summary.id, [h.record.content for h in hits]
    if layer == Layer.EPISODIC:  # the turns stay: the summary shows none of their words
        assert len(hits) == 3 and records[0].id in ids
    else:  # a memory that says what its turns say still stands for them
        assert ids == [summary.id]
