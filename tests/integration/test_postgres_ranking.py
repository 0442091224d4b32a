"""PostgreSQL's full-text order agrees with SQLite's BM25 where it used to differ.

A new user's trial: on the same data, PostgreSQL's plain ``ts_rank`` scored a long old turn
that mentions "live" once level with the short current fact "User lives in Mapo-gu", so the
old residence led search and the context block; and it weighed a word every record holds
(a speaker's name) as much as a rare one. ``stores/postgres/search.py`` now normalises by
length and weighs each term by its rarity in the scope; SQLite is the reference.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope
from gieok.stores import Store, WriteBatch, open_store
from gieok.stores.ops import LIVE

pytestmark = [pytest.mark.anyio, pytest.mark.postgres, pytest.mark.integration]

U = Scope(user="u1")


async def _order(store: Store, texts: list[str], query: str) -> list[str]:
    records = [MemoryRecord(scope=U, content=t) for t in texts]
    await store.write(WriteBatch(upserts=[(r, None) for r in records]))
    by_id = {r.id: r.content for r in records}
    found = await store.fulltext(U, query, k=10, filters=None, view=LIVE)
    return [by_id[c.id] for c in found]


@pytest.mark.parametrize(("texts", "query", "first"), [
    (["I live in Gangnam-gu in Seoul and I work as a data analyst at Kakao, near the "
      "station, with my sister and our two cats.", "User lives in Mapo-gu"],
     "Where do I live now?", "User lives in Mapo-gu"),
    (["Caroline: Caroline told Caroline's friends about Caroline's week",
      "Caroline: I adopted a dog", "Caroline: hello there", "Caroline: see you soon",
      "Caroline: the weather is nice"],
     "Caroline dog", "Caroline: I adopted a dog"),
])
async def test_postgres_ranks_first_what_sqlite_ranks_first(
        pg_url: str, tmp_path: Path, texts: list[str], query: str, first: str) -> None:
    orders = []
    for url in (f"sqlite:///{tmp_path / 'rank.db'}", pg_url):
        store = await open_store(url)
        try:
            orders.append(await _order(store, texts, query))
        finally:
            await store.aclose()
    sqlite, postgres = orders
    assert sqlite[0] == first, sqlite
    assert postgres[0] == first, postgres
