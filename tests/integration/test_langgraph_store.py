"""``GieokStore`` against LangGraph's documented ``BaseStore`` semantics (its docstrings and
its own InMemoryStore tests), on the in-process and SQLite stores, with the real langgraph."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from langchain_core.embeddings import DeterministicFakeEmbedding
from langgraph.store.base import (
    BaseStore,
    GetOp,
    InvalidNamespaceError,
    ListNamespacesOp,
    MatchCondition,
    PutOp,
    SearchOp,
)

from gieok import AsyncMemory, ConfigurationError, GieokSettings, Memory, PolicyError
from gieok.integrations.langgraph import GieokStore

pytestmark = pytest.mark.integration
INDEX = {"dims": 256, "fields": ["text"]}


@pytest.fixture
def mem(store_url: str, settings: GieokSettings) -> Iterator[Memory]:
    memory = Memory(store_url, settings=settings)
    yield memory
    memory.close()


@pytest.fixture
def store(mem: Memory) -> GieokStore:
    return GieokStore(mem, index=INDEX)  # type: ignore[arg-type]


def test_is_a_langgraph_base_store(store: GieokStore) -> None:
    assert isinstance(store, BaseStore)
    assert store.supports_ttl


def test_put_get_overwrite_delete(store: GieokStore) -> None:
    assert store.get(("u1", "memories"), "missing") is None
    store.put(("u1", "memories"), "home", {"text": "Lives in Gangnam-gu", "tags": ["a", 1]})
    first = store.get(("u1", "memories"), "home")
    assert first is not None
    assert first.namespace == ("u1", "memories") and first.key == "home"
    assert first.value == {"text": "Lives in Gangnam-gu", "tags": ["a", 1]}
    time.sleep(0.01)
    store.put(("u1", "memories"), "home", {"text": "Moved to Mapo-gu"})
    second = store.get(("u1", "memories"), "home")
    assert second is not None and second.value == {"text": "Moved to Mapo-gu"}
    assert second.created_at == first.created_at and second.updated_at > first.updated_at
    # Same key in another namespace is another item.
    store.put(("u1", "other"), "home", {"text": "x"})
    assert store.get(("u1", "memories"), "home").value == {"text": "Moved to Mapo-gu"}  # type: ignore[union-attr]
    store.delete(("u1", "memories"), "home")
    assert store.get(("u1", "memories"), "home") is None
    assert store.get(("u1", "other"), "home") is not None
    store.delete(("u1", "memories"), "never-existed")  # deleting nothing is not an error


def test_pii_in_an_item_is_masked_or_refused_like_any_memory(mem: Memory,
                                                             store: GieokStore) -> None:
    card, secret = "4111 1111 1111 1111", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
    store.put(("u1", "memories"), "pay",
              {"text": f"card {card}", "note": {"body": f"aws secret {secret}"}})
    item = store.get(("u1", "memories"), "pay")
    assert item is not None
    assert card not in str(item.value) and secret not in str(item.value)
    assert item.value["text"].startswith("card [")  # masked, the rest kept
    [hit] = store.search(("u1",), query="card")
    assert card not in str(hit.value)
    mem.update_settings(user_id="u2", pii_policy="refuse")
    with pytest.raises(PolicyError) as refused:
        store.batch([PutOp(("u2", "memories"), "ok", {"text": "fine"}),
                     PutOp(("u2", "memories"), "pay", {"text": f"card {card}"})])
    assert refused.value.code == "PII_REJECTED"
    assert store.get(("u2", "memories"), "ok") is None  # nothing of the batch was written


def test_invalid_namespaces_are_refused(mem: Memory, store: GieokStore) -> None:
    for bad in [(), ("the", "thing.about"), ("some", "fun", ""), ("langgraph", "foo")]:
        with pytest.raises(InvalidNamespaceError):
            store.put(bad, "k", {"text": "x"})
    with pytest.raises(InvalidNamespaceError, match="user id"):
        store.put(("has space", "memories"), "k", {"text": "x"})
    by_second = GieokStore(mem, levels=(None, "user"))
    with pytest.raises(InvalidNamespaceError, match="names no scope"):
        by_second.put(("docs",), "k", {"text": "x"})
    with pytest.raises(ConfigurationError):
        GieokStore(mem, levels=("galaxy",))
    assert store.get(("some", "fun"), "k") is None  # nothing was half-written


def test_list_namespaces_prefix_suffix_wildcards_depth_paging(store: GieokStore) -> None:
    namespaces = [("a", "b", "c"), ("a", "b", "d", "e"), ("a", "b", "d", "i"), ("a", "b", "f"),
                  ("a", "c", "f"), ("b", "a", "f"), ("users", "123"),
                  ("users", "456", "settings"), ("admin", "users", "789")]
    for i, ns in enumerate(namespaces):
        store.put(ns, f"id_{i}", {"text": f"value {i}"})
    assert store.list_namespaces(prefix=("a", "b")) == [
        ("a", "b", "c"), ("a", "b", "d", "e"), ("a", "b", "d", "i"), ("a", "b", "f")]
    assert store.list_namespaces(suffix=("f",)) == [("a", "b", "f"), ("a", "c", "f"),
                                                    ("b", "a", "f")]
    assert store.list_namespaces(prefix=("a",), suffix=("f",)) == [("a", "b", "f"),
                                                                  ("a", "c", "f")]
    assert store.list_namespaces(prefix=("a", "b"), max_depth=3) == [
        ("a", "b", "c"), ("a", "b", "d"), ("a", "b", "f")]
    assert store.list_namespaces(prefix=("a", "b"), limit=2) == [("a", "b", "c"),
                                                                ("a", "b", "d", "e")]
    assert store.list_namespaces(prefix=("a", "b"), offset=2) == [("a", "b", "d", "i"),
                                                                 ("a", "b", "f")]
    assert store.list_namespaces(prefix=("a", "*", "f")) == [("a", "b", "f"), ("a", "c", "f")]
    assert store.list_namespaces(suffix=("*", "f")) == [("a", "b", "f"), ("a", "c", "f"),
                                                        ("b", "a", "f")]
    assert store.list_namespaces(prefix=("nonexistent",)) == []
    assert store.list_namespaces(prefix=("users", "123")) == [("users", "123")]
    assert store.list_namespaces(max_depth=1) == [("a",), ("admin",), ("b",), ("users",)]
    assert len(store.list_namespaces()) == len(namespaces)


def test_search_filters_and_pagination(store: GieokStore) -> None:
    for i in range(7):
        store.put(("u1", "docs"), f"d{i}", {"text": f"doc {i}", "n": i,
                                             "meta": {"kind": "even" if i % 2 == 0 else "odd"}})
    store.put(("u2", "docs"), "other", {"text": "someone else's", "n": 3})
    assert {i.key for i in store.search(("u1",), filter={"n": 3})} == {"d3"}
    assert {i.key for i in store.search(("u1",), filter={"n": {"$gt": 4}})} == {"d5", "d6"}
    assert {i.key for i in store.search(("u1",), filter={"n": {"$gte": 2, "$lt": 4}})} == {
        "d2", "d3"}
    assert {i.key for i in store.search(("u1",), filter={"n": {"$ne": 0},
                                                         "meta": {"kind": "even"}})} == {
        "d2", "d4", "d6"}
    page1 = store.search(("u1", "docs"), limit=3)
    page2 = store.search(("u1", "docs"), limit=3, offset=3)
    page3 = store.search(("u1", "docs"), limit=3, offset=6)
    keys = [i.key for i in page1 + page2 + page3]
    assert len(keys) == 7 and set(keys) == {f"d{i}" for i in range(7)}
    assert all(i.score is None for i in page1)
    assert {i.key for i in store.search((), filter={"n": 3})} == {"d3", "other"}


def test_semantic_search_honours_index_fields_and_index_false(store: GieokStore) -> None:
    store.put(("u1", "m"), "pizza", {"text": "User loves pepperoni pizza", "other": "zzz"})
    store.put(("u1", "m"), "home", {"text": "User lives in Gangnam-gu, Seoul"})
    store.put(("u1", "m"), "secret", {"text": "pepperoni pizza every friday"}, index=False)
    store.put(("u1", "m"), "by-title", {"title": "pepperoni pizza recipe", "text": "-"},
              index=["title"])
    hits = store.search(("u1",), query="pepperoni pizza", limit=10)
    ranked = [h.key for h in hits if h.score is not None]
    assert ranked[:2] == ["pizza", "by-title"] or ranked[:2] == ["by-title", "pizza"]
    assert "secret" not in ranked  # index=False: found by listing, never by the query
    assert [h.key for h in hits if h.score is None] == ["secret"]
    assert hits[0].score >= hits[1].score  # type: ignore[operator]
    # Only the configured field is indexed: the "other" field's text is not searchable.
    assert [h.key for h in store.search(("u1",), query="zzz", limit=1) if h.score] != ["pizza"]
    # A filter narrows a semantic search.
    assert [h.key for h in store.search(("u1",), query="pizza",
                                        filter={"title": "pepperoni pizza recipe"})] == ["by-title"]


def test_without_index_config_the_query_is_ignored(mem: Memory) -> None:
    plain = GieokStore(mem)
    plain.put(("u1", "m"), "a", {"text": "apples"})
    plain.put(("u1", "m"), "b", {"text": "bananas"})
    hits = plain.search(("u1",), query="bananas")
    assert {h.key for h in hits} == {"a", "b"} and all(h.score is None for h in hits)


def test_batch_reads_see_the_state_before_its_puts_and_last_put_wins(store: GieokStore) -> None:
    ns = ("u1", "batch")
    results = store.batch([
        PutOp(ns, "k", {"text": "one"}),
        GetOp(ns, "k"),
        PutOp(ns, "k", {"text": "two"}),
        SearchOp(ns),
        ListNamespacesOp(match_conditions=(MatchCondition("prefix", ns),)),
    ])
    assert results == [None, None, None, [], []]
    item = store.get(ns, "k")
    assert item is not None and item.value == {"text": "two"}


def _expiry(mem: Memory, key: str) -> Any:
    return next(r.expires_at for r in mem.list(user_id="u1", limit=1000).items
                if r.metadata.get("lg_key") == key)


def test_ttl_expires_refreshes_and_sweeps(mem: Memory) -> None:
    store = GieokStore(mem, ttl={"refresh_on_read": True})
    store.put(("u1", "t"), "kept", {"text": "stays"})
    store.put(("u1", "t"), "refreshed", {"text": "read often"}, ttl=10)
    first = _expiry(mem, "refreshed")
    time.sleep(0.05)
    assert store.get(("u1", "t"), "refreshed") is not None  # a read pushes the expiry out
    second = _expiry(mem, "refreshed")
    assert second > first
    store.get(("u1", "t"), "refreshed", refresh_ttl=False)
    assert _expiry(mem, "refreshed") == second
    assert _expiry(mem, "kept") is None

    store.put(("u1", "t"), "short", {"text": "soon gone"}, ttl=0.3 / 60)  # 0.3 seconds
    deadline = time.monotonic() + 60
    while store.get(("u1", "t"), "short", refresh_ttl=False) is not None:
        assert time.monotonic() < deadline, "the item never expired"
        time.sleep(0.1)
    assert {i.key for i in store.search(("u1",), refresh_ttl=False)} == {"kept", "refreshed"}
    assert mem.list(user_id="u1", limit=1000).total == 2  # gieok's own reads hide it too
    assert asyncio.run(store.sweep_ttl()) == 1
    assert {i.key for i in store.search(("u1",))} == {"kept", "refreshed"}


def test_items_are_the_users_gieok_memories_and_tenants_are_apart(mem: Memory) -> None:
    acme = GieokStore(mem, org_id="acme", index=INDEX)
    other = GieokStore(mem, org_id="globex", index=INDEX)
    acme.put(("alice", "memories"), "home", {"text": "Alice lives in Gangnam-gu"})
    other.put(("alice", "memories"), "home", {"text": "Another Alice lives in Busan"})
    assert acme.get(("alice", "memories"), "home").value["text"].startswith("Alice")  # type: ignore[union-attr]
    assert [i.value["text"] for i in other.search(("alice",))] == [
        "Another Alice lives in Busan"]
    hits = mem.search("where does alice live", org_id="acme", user_id="alice")
    assert [h.record.content for h in hits] == ["Alice lives in Gangnam-gu"]
    block = mem.context("where do I live?", org_id="acme", user_id="alice")
    assert "Gangnam-gu" in block.text and "Busan" not in block.text
    # gieok's own memories of that user are not LangGraph items.
    mem.remember("Alice prefers tea", org_id="acme", user_id="alice")
    assert [i.key for i in acme.search(("alice",))] == ["home"]


def test_items_persist_across_reopen(tmp_path: Path, settings: GieokSettings) -> None:
    url = f"sqlite:///{tmp_path / 'lg.db'}"
    with Memory(url, settings=settings) as first:
        GieokStore(first).put(("u1", "m"), "k", {"text": "durable"})
    with Memory(url, settings=settings) as second:
        item = GieokStore(second).get(("u1", "m"), "k")
        assert item is not None and item.value == {"text": "durable"}


def test_async_api_over_async_memory(db_url: str, settings: GieokSettings) -> None:
    async def scenario() -> None:
        async with AsyncMemory(db_url, settings=settings) as engine:
            store = GieokStore(engine, index=INDEX)
            await asyncio.gather(*(store.aput(("u1", "a"), f"k{i}", {"text": f"note {i}"})
                                   for i in range(5)))
            assert (await store.aget(("u1", "a"), "k3")).value == {"text": "note 3"}  # type: ignore[union-attr]
            assert len(await store.asearch(("u1",), query="note 2")) == 5
            assert await store.alist_namespaces() == [("u1", "a")]
            with pytest.raises(asyncio.InvalidStateError, match="async API"):
                store.get(("u1", "a"), "k1")  # sync call on the engine's own loop
            # From a worker thread, a sync call is sent to the engine's loop.
            item = await asyncio.to_thread(store.get, ("u1", "a"), "k1")
            assert item is not None and item.value == {"text": "note 1"}
            await store.adelete(("u1", "a"), "k1")
            assert await store.aget(("u1", "a"), "k1") is None

    asyncio.run(scenario())


def test_from_url_embeds_with_the_index_embed(tmp_path: Path,
                                              make_settings: Callable[..., GieokSettings]
                                              ) -> None:
    url = f"sqlite:///{tmp_path / 'embed.db'}"
    index = {"dims": 64, "embed": DeterministicFakeEmbedding(size=64), "fields": ["text"]}
    with GieokStore.from_url(url, index=index, settings=make_settings()) as store:  # type: ignore[arg-type]
        store.put(("u1", "m"), "a", {"text": "alpha"})
        store.put(("u1", "m"), "b", {"text": "beta"})
        hits = store.search(("u1",), query="alpha")
        assert hits[0].key == "a" and hits[0].score is not None
    with Memory(url, settings=make_settings()) as other_model, pytest.raises(
            ConfigurationError, match="DeterministicFakeEmbedding"):
        other_model.search("alpha", user_id="u1")  # L7: the store knows its index model
    with pytest.raises(ConfigurationError, match="from_url"):
        GieokStore(Memory(url, settings=make_settings()), index=index)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="dims"):
        GieokStore.from_url(url, index={"embed": DeterministicFakeEmbedding(size=8)})  # type: ignore[typeddict-item]


def test_a_query_returns_no_item_below_the_relevance_floor(
        store_url: str, make_settings: Callable[..., GieokSettings]) -> None:
    """A new-user trial: ``search(ns, query=…)`` filled ``limit`` with unrelated items at the
    floor's score. Items the query finds unrelated stay out (the context floor), items put
    with ``index=False`` still come after the ranked ones, and a search without a query
    still lists every item."""
    with Memory(store_url, settings=make_settings(context={"min_relevance": 0.3})) as mem:
        store = GieokStore(mem, index=INDEX)  # type: ignore[arg-type]
        store.put(("u1", "m"), "pizza", {"text": "User loves pepperoni pizza"})
        store.put(("u1", "m"), "home", {"text": "User lives in Gangnam-gu, Seoul"})
        store.put(("u1", "m"), "bike", {"text": "User cycles to work on a road bike"})
        store.put(("u1", "m"), "secret", {"text": "a note"}, index=False)
        hits = store.search(("u1",), query="pepperoni pizza", limit=10)
        assert [h.key for h in hits if h.score is not None] == ["pizza"], \
            [(h.key, h.score) for h in hits]
        assert [h.key for h in hits if h.score is None] == ["secret"]
        assert {h.key for h in store.search(("u1",), limit=10)} == {"pizza", "home", "bike",
                                                                   "secret"}
