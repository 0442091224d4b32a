"""PostgreSQL ranks full text with SQLite FTS5's bm25 (``stores/postgres/bm25.py``).

A new user's trial: on the same data, PostgreSQL's plain ``ts_rank`` scored a long old turn
that mentions "live" once level with the short current fact "User lives in Mapo-gu", so the
old residence led search and the context block there and not on SQLite. Now both stores
score with the same formula; the statistics it needs (each tenant's record count and token
total) are kept by triggers on every write path, an existing database gains them in place.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import psycopg
import pytest

from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope
from gieok.stores import Store, WriteBatch, open_store
from gieok.stores.ops import LIVE
from gieok.stores.postgres.bm25 import FOLD_AT

pytestmark = [pytest.mark.anyio, pytest.mark.postgres, pytest.mark.integration]

U = Scope(user="u1")

# Plain words only (no hyphens, no contractions): the two tokenizers split them alike.
CORPUS = [
    "User lives in Mapo",
    "I live in Gangnam in Seoul and I work as a data analyst at Kakao near the station "
    "with my sister and our two cats",
    "User works as a product manager at Naver",
    "User has a dog named Kong who is three years old",
    "User likes to ride a bike along the river every weekend with friends from work",
    "User is allergic to peanuts",
    "We talked about the weather and the traffic on the way to work this morning",
    "User plays tennis at the club on Saturday mornings",
    "User reads science fiction novels before bed",
    "The user said the new office is far from the station and the commute is long",
    "User drinks oat milk in coffee",
    "User wants to visit Jeju island in spring with the dog",
]
QUERIES = ["Where do I live now?", "dog", "work station", "tennis club weekend",
           "river bike friends", "coffee milk", "what do I read before bed?"]


async def _write(store: Store, texts: list[str], scope: Scope = U) -> dict[str, str]:
    records = [MemoryRecord(scope=scope, content=t) for t in texts]
    await store.write(WriteBatch(upserts=[(r, None) for r in records]))
    return {r.id: r.content for r in records}


async def _ranked(url: str, texts: list[str], queries: list[str]
                  ) -> list[list[tuple[str, float]]]:
    store = await open_store(url)
    try:
        by_id = await _write(store, texts)
        out = []
        for query in queries:
            found = await store.fulltext(U, query, k=10, filters=None, view=LIVE)
            out.append([(by_id[c.id], c.score) for c in found])
        return out
    finally:
        await store.aclose()


async def test_postgres_scores_what_sqlite_scores(pg_url: str, tmp_path: Path) -> None:
    sqlite = await _ranked(f"sqlite:///{tmp_path / 'rank.db'}", CORPUS, QUERIES)
    postgres = await _ranked(pg_url, CORPUS, QUERIES)
    for query, a, b in zip(QUERIES, sqlite, postgres, strict=True):
        assert [t for t, _ in b] == [t for t, _ in a], query
        for (_, x), (_, y) in zip(a, b, strict=True):
            assert y == pytest.approx(x, rel=0.15), query


@pytest.mark.parametrize(("texts", "query", "first"), [
    (["I live in Gangnam-gu in Seoul and I work as a data analyst at Kakao, near the "
      "station, with my sister and our two cats.", "User lives in Mapo-gu",
      *CORPUS[2:]],
     "Where do I live now?", "User lives in Mapo-gu"),
    (["Caroline: Caroline told Caroline's friends about Caroline's week",
      "Caroline: I adopted a dog", "Caroline: hello there", "Caroline: see you soon",
      "Caroline: the weather is nice"],
     "Caroline dog", "Caroline: I adopted a dog"),
])
async def test_postgres_ranks_first_what_sqlite_ranks_first(
        pg_url: str, tmp_path: Path, texts: list[str], query: str, first: str) -> None:
    sqlite, postgres = [(await _ranked(url, texts, [query]))[0]
                        for url in (f"sqlite:///{tmp_path / 'first.db'}", pg_url)]
    assert sqlite[0][0] == first, sqlite
    assert postgres[0][0] == first, postgres


def _totals(conn: Any) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]]:
    kept = {org: (int(n), int(t)) for org, n, t in conn.execute(
        "SELECT org, sum(n), sum(tokens) FROM fts_totals GROUP BY org HAVING sum(n) <> 0")}
    actual = {org: (int(n), int(t)) for org, n, t in conn.execute(
        "SELECT org, count(*), sum(gieok_fts_len(fts)) FROM records GROUP BY org")}
    return kept, actual


async def test_every_write_path_keeps_the_totals(pg_url: str) -> None:
    other = Scope(org="acme", user="u9")
    store = await open_store(pg_url)
    try:
        ids = list(await _write(store, CORPUS))  # one statement a record
        for _ in range(5):
            await _write(store, CORPUS)
        await _write(store, [f"note number {i} about the garden" for i in range(250)],
                     other)  # COPY through a staging table
        [first] = await store.get(U.tenant, [ids[0]])
        first.content = "User lives in Mapo now, near the park and the river"
        await store.write(WriteBatch(upserts=[(first, None)]))
        await store.write(WriteBatch(hard_deletes=[ids[1]]))
        with psycopg.connect(pg_url) as conn:
            kept, actual = _totals(conn)
            assert kept == actual and set(actual) == {"", "acme"}
            assert conn.execute("SELECT count(*) FROM fts_totals").fetchone()[0] >= FOLD_AT
        # a search folds the change rows of its tenant into one, totals unchanged
        assert await store.fulltext(U, "Mapo park", k=5, filters=None, view=LIVE)
        with psycopg.connect(pg_url) as conn:
            assert conn.execute("SELECT count(*) FROM fts_totals WHERE org = ''"
                                ).fetchone()[0] == 1
            assert _totals(conn)[0] == _totals(conn)[1]
        await store.forget(other)
        with psycopg.connect(pg_url) as conn:
            kept, actual = _totals(conn)
            assert kept == actual and set(actual) == {""}
    finally:
        await store.aclose()


async def test_an_existing_database_gains_the_totals_in_place(pg_url: str) -> None:
    store = await open_store(pg_url)
    try:
        await _write(store, CORPUS)
    finally:
        await store.aclose()
    with psycopg.connect(pg_url, autocommit=True) as conn:  # back to the schema before it
        for trigger in ("ins", "upd", "del"):
            conn.execute(f"DROP TRIGGER records_fts_totals_{trigger} ON records")
        conn.execute("DROP TABLE fts_totals")
        conn.execute("DROP FUNCTION gieok_fts_totals(), gieok_fts_len(tsvector)")
        conn.execute("DELETE FROM _migrations WHERE name = '0009_fts_totals'")
    store = await open_store(pg_url)
    try:
        with psycopg.connect(pg_url) as conn:
            kept, actual = _totals(conn)
            assert kept == actual == {"": (len(CORPUS), actual[""][1])}
        found = await store.fulltext(U, "Where do I live now?", k=3, filters=None, view=LIVE)
        assert found and found[0].score > 0
    finally:
        await store.aclose()
