"""Bad input to the public API raises ``GieokError`` subclasses and nothing else (X5; issue
15, item 11).

Hypothesis drives every public ``Memory`` method with arbitrary JSON-ish arguments — huge
and negative integers, NaN and infinities, lone surrogates and NULs, deep nesting, long
lists, wrong types — on a real SQLite file. A call may succeed or raise a ``GieokError``;
a pydantic ``ValidationError``, ``sqlite3`` error, ``UnicodeEncodeError``, ``TypeError`` or
``OverflowError`` is a failure. The targeted cases below are the ones found on main.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gieok import GieokError, GieokSettings, Memory

pytestmark = pytest.mark.integration

# Text with everything in it: lone surrogates, NUL, control characters, Hangul.
any_char = st.characters(blacklist_categories=())
texts = st.one_of(st.text(any_char, max_size=30), st.sampled_from(
    ["", " ", "\ud800", "a\udfffb", "\x00", "user:u1", "..", "x" * 200, "기억해줘"]))
numbers = st.one_of(st.integers(min_value=-(2**80), max_value=2**80),
                    st.floats(allow_nan=True, allow_infinity=True),
                    st.sampled_from([0, -1, 1, 2**63, -(2**63) - 1, 10**30]))
scalars = st.one_of(st.none(), st.booleans(), numbers, texts)
json_ish = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(texts, inner, max_size=4)), max_leaves=12)
ids = st.one_of(st.sampled_from(["u1", "u2", None]), texts, numbers)
filter_ops = st.sampled_from(["eq", "ne", "in", "nin", "gt", "gte", "lt", "lte", "contains",
                              "AND", "OR", "NOT", "bogus"])
filter_fields = st.sampled_from(["type", "tags", "category", "confidence", "event_time",
                                 "pinned", "metadata.k", "metadata.", "AND", "OR", "NOT",
                                 "nope"])
filters = st.recursive(
    st.dictionaries(filter_fields, st.one_of(json_ish, st.dictionaries(filter_ops, json_ish,
                                                                        max_size=2)),
                    max_size=3),
    lambda inner: st.one_of(st.dictionaries(st.sampled_from(["AND", "OR"]),
                                            st.lists(inner, max_size=3), max_size=1),
                            st.dictionaries(st.just("NOT"), inner, max_size=1)),
    max_leaves=6)
record_fields = st.dictionaries(
    st.sampled_from(["category", "emotion", "tags", "metadata", "data", "index_text",
                     "confidence", "importance", "pinned", "type", "layer", "expires_at",
                     "valid_from", "source", "status", "bogus"]), json_ish, max_size=4)
messages = st.one_of(texts, st.lists(st.one_of(
    st.fixed_dictionaries({"role": st.sampled_from(["user", "assistant", "x"]),
                           "content": json_ish}, optional={"name": json_ish}),
    json_ish), max_size=3))


def _open(path: Path) -> Memory:
    mem = Memory(f"sqlite:///{path / 'bad.db'}",
                 settings=GieokSettings(data_dir=path, embedder="hash:64"))
    mem.remember("User lives in Mapo-gu", user_id="u1")
    return mem


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Memory]:
    """One engine for the property tests (opening one per example would dominate)."""
    mem = _open(tmp_path_factory.mktemp("bad-input"))
    yield mem
    mem.close()


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = _open(tmp_path)
    yield mem
    mem.close()


def _call(memory: Memory, name: str, *args: Any, **kwargs: Any) -> None:
    try:
        getattr(memory, name)(*args, **kwargs)
    except GieokError:
        pass


CASES = settings(max_examples=60, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.function_scoped_fixture,
                                        HealthCheck.too_slow])


@CASES
@given(text=json_ish, user=ids, fields=record_fields)
def test_remember_and_update(shared: Memory, text: Any, user: Any, fields: dict[str, Any]
                             ) -> None:
    _call(shared, "remember", text, user_id=user, **fields)
    target = shared.remember("User likes tea", user_id="tea-drinker")
    _call(shared, "update", target.id, **fields)


@CASES
@given(query=json_ish, user=ids, flt=st.one_of(filters, json_ish), k=json_ish,
       as_of=json_ish)
def test_search_and_list(shared: Memory, query: Any, user: Any, flt: Any, k: Any,
                         as_of: Any) -> None:
    _call(shared, "search", query, user_id=user, filters=flt, k=k, as_of=as_of)
    _call(shared, "search", "Mapo", user_id="u1", filters=flt)
    _call(shared, "list", user_id=user, filters=flt, limit=k, offset=k)
    _call(shared, "list", user_id="u1", filters=flt)


@CASES
@given(msgs=messages, user=ids, session=ids, timestamp=json_ish)
def test_add(shared: Memory, msgs: Any, user: Any, session: Any, timestamp: Any) -> None:
    _call(shared, "add", msgs, user_id=user, session_id=session, timestamp=timestamp)


@CASES
@given(items=st.one_of(json_ish, st.lists(st.one_of(record_fields, json_ish), max_size=4)),
       user=ids)
def test_import(shared: Memory, items: Any, user: Any) -> None:
    _call(shared, "import_memories", items, user_id=user)


@CASES
@given(memory_id=json_ish, scope=json_ish, version=json_ish, hard=json_ish)
def test_by_id(shared: Memory, memory_id: Any, scope: Any, version: Any, hard: Any) -> None:
    for name in ("get", "history", "archive", "restore", "versions"):
        _call(shared, name, memory_id, scope=scope)
    _call(shared, "delete", memory_id, scope=scope, hard=hard)
    _call(shared, "rollback", memory_id, version, scope=scope)


@CASES
@given(query=json_ish, user=ids.filter(lambda u: u not in {"u1", "tea-drinker"}), budget=json_ish, history=json_ish, changes=record_fields,
       settings_changes=st.dictionaries(st.sampled_from(
           ["enabled", "max_memories", "retention_days", "pii_policy", "allowed_categories",
            "bogus"]), json_ish, max_size=3), now=json_ish)
def test_context_settings_and_lifecycle(shared: Memory, query: Any, user: Any, budget: Any,
                                        history: Any, changes: dict[str, Any],
                                        settings_changes: dict[str, Any], now: Any) -> None:
    _call(shared, "context", query, user_id=user, budget=budget, history=history)
    _call(shared, "update_settings", user_id=user, **settings_changes)
    _call(shared, "get_settings", user_id=user)
    _call(shared, "export", user_id=user)
    _call(shared, "recent_turns", user_id=user, limit=budget)
    _call(shared, "add_skill", query, triggers=history, steps=budget, user_id=user)
    for name in ("expire", "consolidate", "decay"):
        _call(shared, name, user_id=user, now=now, dry_run=True)


@pytest.mark.parametrize(("call", "kwargs"), [
    ("search", {"filters": {"OR": [{}]}}),
    ("search", {"filters": {"AND": [{}, {}]}}),
    ("list", {"filters": {"NOT": {}}}),
    ("search", {"filters": {"metadata.k": 2**70}}),
    ("search", {"filters": {"metadata.k": {"gt": -(2**64)}}}),
    ("search", {"filters": {"confidence": {"gt": 10**400}}}),
    ("list", {"filters": {"tags": {"in": [f"t{i}" for i in range(40_000)]}}}),
    ("list", {"filters": {"category": {"in": ["x"] * 40_000}}}),
    ("search", {"filters": {"tags": "\ud800"}}),
    ("search", {"filters": {"metadata.k": "a\udfff"}}),
])
def test_filters_found_on_main(memory: Memory, call: str, kwargs: dict[str, Any]) -> None:
    args = ("Mapo",) if call == "search" else ()
    with pytest.raises(GieokError) as info:
        getattr(memory, call)(*args, user_id="u1", **kwargs)
    assert info.value.code == "INVALID_FILTER"


def _nested_not(depth: int) -> dict[str, Any]:
    flt: dict[str, Any] = {"type": "fact"}
    for _ in range(depth):
        flt = {"NOT": flt}
    return flt


def test_deep_filters_are_refused_before_the_database(memory: Memory) -> None:
    with pytest.raises(GieokError) as info:
        memory.search("Mapo", user_id="u1", filters=_nested_not(100))
    assert info.value.code == "INVALID_FILTER"
    assert memory.search("Mapo", user_id="u1", filters=_nested_not(2))  # NOT NOT: same


@pytest.mark.parametrize("fields", [
    {"tags": ["ok", "\ud800"]}, {"metadata": {"\udfff": 1}}, {"metadata": {"k": "\ud83d"}},
    {"metadata": {"n": 2**70}}, {"data": {"n": float("nan")}}, {"category": "\ud800"},
    {"emotion": 12}, {"tags": "not-a-list"}, {"confidence": "high"}, {"expires_at": "soon"},
])
def test_bad_record_fields_found_on_main(memory: Memory, fields: dict[str, Any]) -> None:
    before = memory.list(user_id="u1").total
    with pytest.raises(GieokError) as info:
        memory.remember("a note", user_id="u1", **fields)
    assert info.value.code in {"INVALID_INPUT", "INVALID_FILTER"}
    assert memory.list(user_id="u1").total == before


@pytest.mark.parametrize("text", ["\ud800 lone", "a" + "\udfff"])
def test_lone_surrogates_in_text(memory: Memory, text: str) -> None:
    for call in (lambda: memory.remember(text, user_id="u1"),
                 lambda: memory.add(text, user_id="u1", session_id="s1"),
                 lambda: memory.search(text, user_id="u1"),
                 lambda: memory.import_memories([{"content": "fine"}, {"content": text}],
                                                user_id="u1")):
        with pytest.raises(GieokError) as info:
            call()
        assert info.value.code == "INVALID_INPUT"


@pytest.mark.parametrize("when", ["9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+12:00",
                                  "0001-01-01", "9999-12-31T23:59:59"])
def test_times_past_the_supported_range(memory: Memory, when: str) -> None:
    """Date arithmetic near year 1 or 9999 overflowed into a raw ValueError on main."""
    for call in (lambda: memory.remember("a note", user_id="u1", timestamp=when),
                 lambda: memory.remember("a note", user_id="u1", expires_at=when),
                 lambda: memory.search("note", user_id="u1", as_of=when),
                 lambda: memory.list(user_id="u1", filters={"event_time": {"gte": when}})):
        with pytest.raises(GieokError) as info:
            call()
        assert info.value.code in {"INVALID_INPUT", "INVALID_FILTER"}
    assert memory.remember("born", user_id="u1", timestamp="1950-05-05").event_time.year == 1950
