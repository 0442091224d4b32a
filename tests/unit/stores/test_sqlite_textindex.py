"""The in-memory copy of the full-text index (``textindex.py``) ranks exactly as FTS5 does:
same rows, order and scores (compared with ``==``), on random corpora, through every kind of
write on this and another connection, and end to end with the real model on a real
conversation. Each comparison also checks that the copy answered (not FTS5 behind it)."""

from __future__ import annotations

import random
from importlib import resources
import sqlite3
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.domain.query import Candidate, Filter, View, parse_filter
from gieok.domain.records import MemoryRecord, Status, utcnow
from gieok.domain.scope import Scope
from gieok.embedders.hashing import HashEmbedder
from gieok.errors import ConfigurationError
from gieok.evaluation.bench_corpus import memory_texts, query_texts
from gieok.stores import WriteBatch, open_store
from gieok.stores._sql import queries
from gieok.stores.sqlite.dialect import DIALECT
from gieok.stores.sqlite.postings import TOKENIZE
from gieok.stores.sqlite.search import SqliteSearch
from gieok.stores.sqlite.store import SqliteStore
from gieok.evaluation.chat_set import load_chat_set
from gieok.text.analysis import WORD_LIST_MARK, query_terms

pytestmark = pytest.mark.anyio

EMB = HashEmbedder(32)
ME = Scope(user="me")
OTHER = Scope(user="other")


async def put(store: SqliteStore, scope: Scope, texts: Sequence[str], **fields: object
              ) -> list[MemoryRecord]:
    records = [MemoryRecord(scope=scope, content=t, **fields)  # type: ignore[arg-type]
               for t in texts]
    vectors = await EMB.embed_documents(list(texts))
    await store.write(WriteBatch(upserts=list(zip(records, vectors, strict=True))))
    return records


def _zipf_texts(n: int, seed: int) -> list[tuple[str, str | None]]:
    """Texts over a skewed vocabulary (some words in most rows, repeated words, stems),
    about a third with index text."""
    r = random.Random(seed)
    vocab = [f"w{i}" for i in range(60)] + ["plan", "plans", "planning", "travel", "하다",
                                            "meet", "meeting", "call"]
    weights = [1.0 / (i + 1) for i in range(len(vocab))]
    out = []
    for _ in range(n):
        words = r.choices(vocab, weights, k=r.randint(2, 14))
        context = " ".join(r.choices(vocab, weights, k=r.randint(1, 8)))
        out.append((" ".join(words), context if r.random() < 0.35 else None))
    return out


def compare(store: SqliteStore, scope: Scope, query: str, k: int,
            filters: Filter | None = None, view: View | None = None) -> bool:
    """Assert the copy's list equals FTS5's; ``True`` if the copy answered."""
    search = store._search
    conn = store.conn
    where = queries.where(DIALECT, scope, filters, view or View(), utcnow())
    words, morphs = query_terms(query)
    answered = search._ranked(conn, [(words, morphs)])[0] is not None
    mine = search.fulltext(conn, scope, query, k, where, filters=filters)
    theirs = SqliteSearch(search.cache, None).fulltext(conn, scope, query, k, where,
                                                       filters=filters)
    assert _pairs(mine) == _pairs(theirs), (query, k, filters)
    return answered


def _pairs(hits: list[Candidate]) -> list[tuple[str, float]]:
    return [(h.id, h.score) for h in hits]


@pytest.fixture
async def pair(tmp_path: Path) -> AsyncIterator[tuple[SqliteStore, SqliteStore]]:
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    a, b = await open_store(url), await open_store(url)
    assert isinstance(a, SqliteStore) and isinstance(b, SqliteStore)
    yield a, b
    await a.aclose()
    await b.aclose()


async def test_ranking_equals_fts5_on_skewed_corpora(tmp_path: Path) -> None:
    store = await open_store(f"sqlite:///{tmp_path / 'z.db'}")
    assert isinstance(store, SqliteStore)
    try:
        for seed, scope in ((1, ME), (2, OTHER), (3, ME)):
            rows = _zipf_texts(500, seed)
            records = [MemoryRecord(scope=scope, content=t, index_text=c,
                                    category="work" if i % 7 == 0 else None)
                       for i, (t, c) in enumerate(rows)]
            vectors = await EMB.embed_documents([t for t, _ in rows])
            await store.write(WriteBatch(upserts=list(zip(records, vectors, strict=True))))
        await put(store, ME, memory_texts(300, seed=5))  # English and Korean (morphemes)
        r = random.Random(9)
        vocab = [f"w{i}" for i in range(60)] + ["planned", "meetings", "travel", "calls"]
        texts = [" ".join(r.sample(vocab, r.randint(1, 5))) for _ in range(40)]
        texts += query_texts(40, seed=8)
        answered = total = 0
        for flt in (None, parse_filter({"category": "work"})):
            for query in texts:
                for k in (1, 10, 50):
                    total += 1
                    answered += compare(store, ME, query, k, flt)
        assert answered >= 0.95 * total
    finally:
        await store.aclose()


async def test_several_queries_in_one_pass_equal_each_alone(tmp_path: Path) -> None:
    """A query and its expansion are ranked in one pass (``fulltexts``): each list has the
    ids and score bits it has alone, with a term FTS5 splits (that query on FTS5) among
    them, with filters, and when the copy is not there at all."""
    store = await open_store(f"sqlite:///{tmp_path / 'm.db'}")
    assert isinstance(store, SqliteStore)
    try:
        rows = _zipf_texts(400, 11)
        records = [MemoryRecord(scope=ME, content=t, index_text=c,
                                category="work" if i % 5 == 0 else None)
                   for i, (t, c) in enumerate(rows)]
        vectors = await EMB.embed_documents([t for t, _ in rows])
        await store.write(WriteBatch(upserts=list(zip(records, vectors, strict=True))))
        await put(store, ME, memory_texts(200, seed=3))
        r = random.Random(12)
        vocab = [f"w{i}" for i in range(60)] + ["planned", "meetings", "travel", "foo_bar"]
        own = [" ".join(r.sample(vocab, r.randint(1, 4))) for _ in range(30)]
        own += query_texts(20, seed=4)
        search, conn = store._search, store.conn
        for flt in (None, parse_filter({"category": "work"})):
            where = queries.where(DIALECT, ME, flt, View(), utcnow())
            for i, text in enumerate(own):
                extra = WORD_LIST_MARK + " ".join(r.sample(vocab, r.randint(1, 8)))
                group = [(text, None), (extra, None), (own[i - 1], None)]
                for k in (5, 40):
                    alone = [search.fulltext(conn, ME, t, k, where, filters=flt)
                             for t, _ in group]
                    together = search.fulltexts(conn, ME, group, k, where, flt)
                    assert [_pairs(h) for h in together] == [_pairs(h) for h in alone]
        bare = SqliteSearch(search.cache, None)  # no copy: each on FTS5, the same lists
        where = queries.where(DIALECT, ME, None, View(), utcnow())
        group = [(own[0], None), (own[1], None)]
        assert [_pairs(h) for h in bare.fulltexts(conn, ME, group, 10, where)] == \
            [_pairs(search.fulltext(conn, ME, t, 10, where)) for t, _ in group]
    finally:
        await store.aclose()


async def test_copy_follows_every_write_here_and_on_another_connection(
    pair: tuple[SqliteStore, SqliteStore],
) -> None:
    a, b = pair
    texts = [t for t, _ in _zipf_texts(300, 4)]
    first = await put(a, ME, texts[:200])
    others = await put(a, OTHER, texts[200:])
    probes = [" ".join(t.split()[:3]) for t in texts[::25]] + ["plan meet", "w0 w1 travel"]

    def check() -> None:
        assert all(compare(a, ME, q, 10) and compare(a, OTHER, q, 5) for q in probes)

    check()  # the copy is read here; each step below changes the file under it
    await put(b, ME, ["w0 plan travel meet", "w3 w3 w3 call"])  # added elsewhere
    check()
    edited = first[0].model_copy(update={"content": "travel travel planning w1"})
    await a.write(WriteBatch(upserts=[(edited, None)]))  # content changed here
    check()
    archived = first[1].model_copy(update={"status": Status.ARCHIVED})
    await b.write(WriteBatch(upserts=[(archived, None)]))  # status only, elsewhere
    check()
    await b.write(WriteBatch(hard_deletes=[first[2].id, others[0].id]))  # purge elsewhere
    check()
    await a.write(WriteBatch(hard_deletes=[first[3].id]))  # purge here
    check()
    soon = datetime.now(UTC) + timedelta(hours=1)
    await put(a, ME, ["w0 w0 expiring plan"], expires_at=soon)
    check()
    for q in probes:  # past the expiry the row is filtered, the statistics unchanged
        assert compare(a, ME, q, 10, view=View(now=soon + timedelta(seconds=1)))
    assert await b.forget(OTHER) == len(others) - 1  # forget elsewhere
    check()
    await put(a, OTHER, ["w0 new other row"])  # a rowid freed by the purge may come back
    check()
    copy = a._search.text._copy  # type: ignore[union-attr]
    assert copy is not None and copy.live_rows == a.conn.execute(
        "SELECT count(*) FROM records_fts").fetchone()[0]


async def test_a_copy_out_of_step_is_dropped_not_used(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    store = await open_store(f"sqlite:///{path}")
    assert isinstance(store, SqliteStore)
    try:
        await put(store, ME, [t for t, _ in _zipf_texts(200, 6)])
        assert compare(store, ME, "w0 w2 plan", 10)
        # Written behind the store's back (no seq): the totals no longer match the copy.
        raw = sqlite3.connect(path)
        raw.execute("INSERT INTO records_fts (rowid, content, morphs, context, "
                    "context_morphs) VALUES (99999, 'w0 w0 w2', '', '', '')")
        raw.commit()
        raw.close()
        assert not compare(store, ME, "w0 w2 plan", 10)  # FTS5 answers this one
        assert compare(store, ME, "w0 w2 plan", 10)  # read again, in step
    finally:
        await store.aclose()


async def test_a_term_the_tokenizer_splits_is_left_to_fts5(tmp_path: Path) -> None:
    store = await open_store(f"sqlite:///{tmp_path / 's.db'}")
    assert isinstance(store, SqliteStore)
    try:
        await put(store, ME, ["User fixed foo bar today", "User likes foo", "bar none"])
        assert compare(store, ME, "foo", 10)
        assert not compare(store, ME, "foo_bar", 10)  # one \\w+ word, two FTS5 tokens
        hits = await store.fulltext(ME, "foo_bar", k=5, filters=None, view=View())
        assert len(hits) == 1  # a phrase: "foo" then "bar"
    finally:
        await store.aclose()


async def test_a_connection_that_cannot_write_temp_tables_stays_on_fts5(tmp_path: Path) -> None:
    store = await open_store(f"sqlite:///{tmp_path / 'q.db'}")
    assert isinstance(store, SqliteStore)
    try:
        await put(store, ME, ["User likes foo", "foo bar baz"])
        store.conn.execute("PRAGMA query_only=1")  # the tokenizer's temp table cannot exist
        hits = await store.fulltext(ME, "foo", k=5, filters=None, view=View())
        assert len(hits) == 2 and store._search.text is None
    finally:
        store.conn.execute("PRAGMA query_only=0")
        await store.aclose()


async def test_a_big_file_is_read_in_the_background(tmp_path: Path) -> None:
    store = await open_store(f"sqlite:///{tmp_path / 'b.db'}")
    assert isinstance(store, SqliteStore)
    try:
        text = store._search.text
        assert text is not None
        text.inline_rows = 10
        await put(store, ME, [t for t, _ in _zipf_texts(300, 7)])
        compare(store, ME, "w1 plan", 10)  # starts the read; FTS5 meanwhile
        await put(store, ME, ["w1 w1 plan plan written during the read"])
        assert text.wait(30)
        assert compare(store, ME, "w1 plan", 10)  # the copy, caught up
        assert compare(store, ME, "written during", 10)
    finally:
        await store.aclose()


async def test_url_option_turns_the_copy_off(tmp_path: Path) -> None:
    off = await open_store(f"sqlite:///{tmp_path / 'o.db'}?fts_memory_rows=off")
    assert isinstance(off, SqliteStore) and off._search.text is None
    await off.aclose()
    small = SqliteStore.from_url(f"sqlite:///{tmp_path / 'o.db'}?fts_memory_rows=5")
    assert small._search.text is not None and small._search.text.max_rows == 5
    with pytest.raises(ConfigurationError):
        SqliteStore.from_url(f"sqlite:///{tmp_path / 'o.db'}?fts_memory_rows=many")


async def test_the_tokenizer_is_the_schemas(tmp_path: Path) -> None:
    store = await open_store(f"sqlite:///{tmp_path / 't.db'}")
    assert isinstance(store, SqliteStore)
    try:
        sql = store.conn.execute(
            "SELECT sql FROM sqlite_master WHERE name = 'records_fts'").fetchone()[0]
        assert f"tokenize = '{TOKENIZE}'" in sql
    finally:
        await store.aclose()


@pytest.mark.slow
async def test_real_model_search_is_unchanged_on_conversations(
    tmp_path: Path, make_settings,  # type: ignore[no-untyped-def]
) -> None:
    """Hand-written chats (English and Korean) through add() with the local model: search()
    with the copy returns what it returns with FTS5 alone."""
    settings: GieokSettings = make_settings(embedder="local:multilingual-e5-small")
    chat = resources.files("gieok.evaluation").joinpath("data", "chat_set.yaml")
    cases = [c for c in load_chat_set(str(chat)) if c.get("turns")][:40]
    async with AsyncMemory(f"sqlite:///{tmp_path / 'r.db'}", settings=settings) as mem:
        questions: list[str] = []
        for case in cases:
            turns = [{"role": "user" if "u" in t else "assistant",
                      "content": t.get("u", t.get("a"))} for t in case["turns"]]
            await mem.add(turns, user_id="u", timestamp=case["at"])
            questions += [t["content"] for t in turns if t["role"] == "user"][:1]
        store = mem.store
        assert isinstance(store, SqliteStore)
        text = store._search.text
        assert text is not None
        for question in questions:
            store._search.text = text
            new = await mem.search(question, user_id="u", k=10)
            store._search.text = None
            old = await mem.search(question, user_id="u", k=10)
            assert [h.record.id for h in new] == [h.record.id for h in old], question
            assert [h.parts.fulltext for h in new] == [h.parts.fulltext for h in old]
            assert [h.score for h in new] == pytest.approx([h.score for h in old], abs=1e-6)
        store._search.text = text
        answered = [compare(store, Scope(user="u"), q, 50) for q in questions]
        assert sum(answered) >= 0.9 * len(questions)
