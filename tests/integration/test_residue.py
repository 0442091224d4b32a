"""A hard delete or a forget leaves no trace of the text in the store's files (issue 15,
item 9; X3).

The byte scan reads the SQLite file, its ``-wal`` and its ``-shm`` right after the call
returns (the engine still open) and looks for the deleted words in UTF-8, Korean and
English. On main the words stayed in the full-text index's segments (``records_fts_data``)
after a hard delete, and in the ``-wal`` file until some later ``forget()``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gieok import GieokSettings, Memory

pytestmark = pytest.mark.integration

EN = ("Quokkaberryfield", "Zanzibarlantern")
KO = ("쿼카베리나무숲", "잔지바르등불골목")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[tuple[Memory, Path]]:
    db = tmp_path / "residue.db"
    mem = Memory(f"sqlite:///{db}", settings=GieokSettings(data_dir=tmp_path,
                                                           embedder="hash:64"))
    mem.remember("I like green tea", user_id="keeper")  # the file is not empty afterwards
    yield mem, db
    mem.close()


def _residue(db: Path, words: tuple[str, ...]) -> list[str]:
    blobs = {p.name: p.read_bytes() for p in db.parent.glob(db.name + "*")}
    assert db.name in blobs
    return [f"{word} in {name}" for word in words for name, blob in blobs.items()
            if word.encode("utf-8") in blob]


def test_hard_delete_after_an_update_leaves_no_trace(store: tuple[Memory, Path]) -> None:
    mem, db = store
    first = mem.remember(f"My garden is behind the {EN[0]} gate", user_id="u1")
    mem.update(first.id, content=f"My garden is behind the {EN[1]} gate")
    korean = mem.remember(f"우리 집은 {KO[0]} 옆이야", user_id="u1")
    mem.update(korean.id, content=f"우리 집은 {KO[1]} 옆이야")
    assert _residue(db, EN + KO)  # the scan sees the words while they are stored
    mem.delete(first.id, hard=True)
    mem.delete(korean.id, hard=True)
    assert _residue(db, EN + KO) == []
    assert [r.content for r in mem.list(user_id="keeper").items] == ["I like green tea"]


def test_forget_leaves_no_trace(store: tuple[Memory, Path]) -> None:
    mem, db = store
    mem.remember(f"My garden is behind the {EN[0]} gate", user_id="u2", tags=[EN[1]])
    mem.remember(f"우리 집은 {KO[0]} 옆이야", user_id="u2", metadata={"note": KO[1]})
    mem.add([{"role": "user", "content": f"{EN[0]} and {KO[0]} again"}], user_id="u2",
            session_id="s1")
    assert _residue(db, EN + KO)
    mem.forget(user_id="u2")
    assert _residue(db, EN + KO) == []
    assert mem.list(user_id="keeper").total == 1


def test_hard_delete_removes_the_chat_turn_the_fact_came_from(
    store: tuple[Memory, Path],
) -> None:
    mem, db = store
    en = mem.add([{"role": "user", "content": f"I live in {EN[0]} now."}], user_id="u3",
                 session_id="s1")
    ko = mem.add([{"role": "user", "content": f"나는 {KO[0]}에 살아"}], user_id="u3",
                 session_id="s2")
    mem.add([{"role": "user", "content": "I like green tea a lot"}], user_id="u3",
            session_id="s1")
    facts = [d.memory for d in en.decisions + ko.decisions]
    assert facts and all(f.source_turn_ids for f in facts)
    assert _residue(db, (EN[0], KO[0]))
    for fact in facts:
        mem.delete(fact.id, hard=True)
    assert _residue(db, (EN[0], KO[0])) == []
    assert [t.content for t in mem.recent_turns(user_id="u3", session_id="s1")] == [
        "I like green tea a lot"]
