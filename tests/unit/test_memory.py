"""The engine through its public API, on a real SQLite file with the hash embedder."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from gieok import (
    AuditAction,
    ConfigurationError,
    InvalidInputError,
    Memory,
    GieokSettings,
    NotFoundError,
    Status,
)


def test_remember_search_roundtrip(memory: Memory) -> None:
    home = memory.remember("User lives in Gangnam-gu, Seoul", user_id="u1",
                           category="location", importance=0.9)
    memory.remember("User's cat Nabi is allergic to chicken", user_id="u1", pinned=True)
    memory.remember("User lives in Busan", user_id="u2")
    hits = memory.search("where does the user live", user_id="u1", k=5)
    assert hits[0].record.id == home.id
    assert all(h.record.scope.user == "u1" for h in hits)
    parts = hits[0].parts
    assert 0 < parts.relevance <= 1 and parts.importance == 0.9 and parts.recency > 0.99


def test_exact_duplicate_bumps_instead_of_storing_twice(memory: Memory) -> None:
    first = memory.remember("Likes green tea", user_id="u1", confidence=0.6)
    again = memory.remember("  likes GREEN tea ", user_id="u1", confidence=0.9)
    assert again.id == first.id and again.usage_count == 1 and again.confidence == 0.9
    assert memory.list(user_id="u1").total == 1
    same_in_batch = memory.import_memories([{"content": "x y"}, {"content": "X  Y"}],
                                           user_id="u3")
    assert same_in_batch[0].id == same_in_batch[1].id
    assert memory.list(user_id="u3").total == 1


def test_update_keeps_old_version_in_history(memory: Memory) -> None:
    rec = memory.remember("Works at a bakery", user_id="u1")
    new = memory.update(rec.id, content="Works at a hospital", importance=0.8)
    assert new.version == 2 and new.id == rec.id
    events = memory.history(rec.id)
    assert [e.action for e in events] == [AuditAction.CREATE, AuditAction.UPDATE]
    assert events[1].before_content == "Works at a bakery"
    assert events[1].details["snapshot"]["content"] == "Works at a bakery"
    assert memory.search("hospital", user_id="u1")[0].record.content == "Works at a hospital"


def test_archive_restore_soft_and_hard_delete(memory: Memory, db_url: str) -> None:
    rec = memory.remember("Secret plan zebra", user_id="u1")
    memory.archive(rec.id)
    assert memory.search("zebra", user_id="u1") == []
    assert memory.list(user_id="u1", include_archived=True).total == 1
    assert memory.restore(rec.id).status is Status.ACTIVE
    memory.delete(rec.id)
    assert memory.get(rec.id).status is Status.DELETED
    memory.delete(rec.id, hard=True)
    with pytest.raises(NotFoundError):
        memory.get(rec.id)
    events = memory.history(rec.id)
    assert [e.action for e in events] == [AuditAction.DELETE]
    assert events[0].before_content is None and events[0].after_content is None
    path = db_url.removeprefix("sqlite:///")
    rows = sqlite3.connect(path).execute(
        "SELECT count(*) FROM audit_events WHERE body LIKE '%zebra%'").fetchone()
    assert rows[0] == 0


def test_scope_is_required_and_enforced(memory: Memory) -> None:
    with pytest.raises(InvalidInputError) as err:
        memory.remember("orphan")
    assert err.value.code == "INVALID_SCOPE"
    rec = memory.remember("mine", user_id="u1")
    with pytest.raises(NotFoundError):
        memory.get(rec.id, scope="user:u2")
    with pytest.raises(NotFoundError):
        memory.get(rec.id, scope="org:other/user:u1")
    with pytest.raises(NotFoundError):
        memory.delete(rec.id, scope="user:u2")
    assert memory.get(rec.id, scope="user:u1").id == rec.id


@pytest.mark.parametrize(
    ("text", "fields", "code"),
    [
        ("", {}, "INVALID_INPUT"),
        ("x" * 8001, {}, "CONTENT_TOO_LONG"),
        ("ok", {"importance": 2}, "INVALID_INPUT"),
        ("ok", {"importance": float("nan")}, "INVALID_INPUT"),
        ("ok", {"colour": "red"}, "INVALID_INPUT"),
        ("ok", {"type": "gossip"}, "INVALID_INPUT"),
        ("ok", {"timestamp": "yesterday-ish"}, "INVALID_INPUT"),
        ("ok", {"metadata": {"x": float("inf")}}, "INVALID_INPUT"),
    ],
)
def test_bad_input_is_refused_and_nothing_written(
    memory: Memory, text: str, fields: dict[str, object], code: str
) -> None:
    with pytest.raises(InvalidInputError) as err:
        memory.remember(text, user_id="u1", **fields)
    assert err.value.code == code
    assert memory.list(user_id="u1").total == 0


def test_import_validates_everything_before_writing(memory: Memory) -> None:
    with pytest.raises(InvalidInputError) as err:
        memory.import_memories([{"content": "fine"}, {"content": ""}], user_id="u1")
    assert err.value.details["index"] == 1
    assert memory.list(user_id="u1").total == 0


def test_event_time_drives_recency_and_filters(memory: Memory) -> None:
    memory.remember("Adopted a cat", user_id="u1", timestamp="2015-03-01")
    memory.remember("Adopted a dog", user_id="u1", timestamp=datetime(2023, 3, 1, tzinfo=UTC))
    hits = memory.search("adopted", user_id="u1", filters={"event_time": {"lt": 2020}})
    assert [h.record.content for h in hits] == ["Adopted a cat"]
    both = memory.search("adopted", user_id="u1")
    recency = {h.record.content: h.parts.recency for h in both}
    assert recency["Adopted a dog"] > recency["Adopted a cat"]


def test_as_of_sees_what_was_true_then(memory: Memory) -> None:
    rec = memory.remember("Lives in Gangnam-gu", user_id="u1", timestamp="2020-01-01",
                          valid_to="2022-01-01")
    assert memory.search("lives", user_id="u1") != []
    assert [h.record.id for h in memory.search("lives", user_id="u1", as_of="2021-06-01")] == [
        rec.id]
    assert memory.search("lives", user_id="u1", as_of="2019-06-01") == []


def test_expired_memories_never_come_back(memory: Memory) -> None:
    memory.remember("Temporary code word", user_id="u1", expires_at="2001-01-01")
    assert memory.search("code word", user_id="u1") == []
    assert memory.list(user_id="u1").total == 0


def test_forget_and_export(memory: Memory) -> None:
    memory.remember("a fact", user_id="u1", session_id="s1")
    memory.remember("b fact", user_id="u1")
    keep = memory.remember("c fact", user_id="u2")
    exported = memory.export(user_id="u1")
    assert {e["content"] for e in exported} == {"a fact", "b fact"}
    assert exported[0]["scope"].startswith("user:u1")
    assert memory.forget(user_id="u1") == 2
    assert memory.export(user_id="u1") == []
    assert memory.get(keep.id).content == "c fact"


def test_add_appends_working_turns(memory: Memory) -> None:
    result = memory.add([{"role": "user", "content": "hi"},
                         {"role": "assistant", "content": "hello"}],
                        user_id="u1", session_id="s1")
    assert result.turns_added == 2
    turns = memory.recent_turns(user_id="u1", session_id="s1")
    assert [t.role for t in turns] == ["user", "assistant"]
    with pytest.raises(InvalidInputError):
        memory.add([{"role": "robot", "content": "x"}], user_id="u1")


def test_settings_per_scope(memory: Memory) -> None:
    assert memory.get_settings(user_id="u1").enabled is True
    updated = memory.update_settings(user_id="u1", enabled=False, max_memories=5)
    assert updated.max_memories == 5
    assert memory.get_settings(user_id="u1").enabled is False
    assert memory.get_settings(user_id="u2").enabled is True
    with pytest.raises(InvalidInputError):
        memory.update_settings(user_id="u1", max_memories=-3)


def test_store_refuses_a_second_embedding_model(db_url: str, tmp_path: Path) -> None:
    with Memory(db_url, settings=GieokSettings(embedder="hash:64", data_dir=tmp_path)) as mem:
        mem.remember("written by hash:64", user_id="u1")
    with Memory(db_url, settings=GieokSettings(embedder="hash:32", data_dir=tmp_path)) as mem:
        with pytest.raises(ConfigurationError) as err:
            mem.search("anything", user_id="u1")
    assert err.value.code == "EMBEDDER_MISMATCH"


def test_filters_and_k_are_validated(memory: Memory) -> None:
    with pytest.raises(InvalidInputError) as err:
        memory.search("x", user_id="u1", filters={"nope": 1})
    assert err.value.code == "INVALID_FILTER"
    with pytest.raises(InvalidInputError):
        memory.search("x", user_id="u1", k=0)
    with pytest.raises(InvalidInputError):
        memory.search("   ", user_id="u1")


def test_default_memory_opens_under_user_data_dir(tmp_path: Path) -> None:
    with Memory(settings=GieokSettings(embedder="hash:16")) as mem:
        mem.remember("hello", user_id="u1")
    assert (tmp_path / "data" / "gieok.db").exists()


def test_an_empty_user_id_does_not_widen_a_read_to_the_org(memory: Memory) -> None:
    """Issue 15 item 7: ``list(org_id=…, user_id="")`` used to list every user's memories."""
    memory.remember("alice's note", org_id="acme", user_id="alice")
    memory.remember("bob's note", org_id="acme", user_id="bob")
    for call in (lambda: memory.list(org_id="acme", user_id=""),
                 lambda: memory.search("note", org_id="acme", user_id=""),
                 lambda: memory.export(org_id="acme", user_id=""),
                 lambda: memory.forget(org_id="acme", user_id="")):
        with pytest.raises(InvalidInputError) as err:
            call()
        assert err.value.code == "INVALID_SCOPE"
    assert len(memory.list(org_id="acme").items) == 2  # forget("") deleted nothing
