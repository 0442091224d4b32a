"""Issue 16: every example sentence of the issue, through the public API on a real SQLite
file — what a new user types, what gets remembered, and how it reads in context."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from gieok import GieokSettings, Memory
from gieok.domain.records import MemoryRecord

pytestmark = pytest.mark.integration
T0 = datetime(2026, 5, 12, 9, 0, tzinfo=UTC)  # a Tuesday


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Memory]:
    memory = Memory(f"sqlite:///{tmp_path / 'x.db'}",
                    settings=GieokSettings(data_dir=tmp_path, embedder="hash:256"))
    yield memory
    memory.close()


def say(mem: Memory, *texts: str, user: str = "u1", session: str = "s1",
        at: datetime = T0) -> None:
    for i, text in enumerate(texts):
        mem.add([{"role": "user", "content": text}], user_id=user, session_id=session,
                timestamp=at + timedelta(minutes=i))


def facts(mem: Memory, user: str = "u1") -> list[MemoryRecord]:
    return list(mem.list(user_id=user, filters={"layer": "long_term"}).items)


def having(mem: Memory, *words: str, user: str = "u1") -> MemoryRecord:
    found = [r for r in facts(mem, user) if all(w.casefold() in r.content.casefold()
                                                for w in words)]
    assert found, [r.content for r in facts(mem, user)]
    return found[0]


def test_daughter_starts_school_in_march_is_remembered_with_its_date(mem: Memory) -> None:
    say(mem, "My daughter Jiwoo starts elementary school in March.")
    record = having(mem, "Jiwoo", "elementary")
    assert (record.data or {})["when"] == "2027-03"
    assert (record.data or {})["when_phrase"] == "in March"


def test_wife_name(mem: Memory) -> None:
    say(mem, "아내 이름은 소라야")
    assert having(mem, "아내", "소라").content == "사용자의 아내 이름은 소라다"


def test_moved_to_busan_is_clean_korean(mem: Memory) -> None:
    say(mem, "난 부산으로 이사했어")
    record = having(mem, "부산")
    assert "부산으에" not in record.content and record.content.startswith("사용자는 부산")


def test_medication_is_kept_with_the_condition_and_pinned(mem: Memory) -> None:
    say(mem, "당뇨가 있어서 메트포르민 먹어요")
    record = having(mem, "메트포르민")
    assert record.pinned and record.importance >= 0.9


def test_pet_named_earlier_takes_medication_and_has_a_vaccination_due(mem: Memory) -> None:
    say(mem, "I have a 14-year-old cat named Nabi.", "Nabi takes methimazole twice a day.",
        "Nabi's next vaccination is due on March 10.")
    medication = having(mem, "Nabi", "methimazole")
    assert medication.pinned
    vaccination = having(mem, "Nabi", "vaccination")
    assert (vaccination.data or {})["when"] == "2027-03-10"
    block = mem.context("what does Nabi take?", user_id="u1", use_cache=False).text
    assert "methimazole" in block


def test_she_refers_to_the_pet_named_before(mem: Memory) -> None:
    say(mem, "I've got a golden retriever called Sunny.", "She has hip dysplasia.")
    assert having(mem, "Sunny", "hip dysplasia").pinned


def test_my_cat_takes_methimazole_is_a_core_fact(mem: Memory) -> None:
    say(mem, "My cat Nabi takes methimazole")
    record = having(mem, "Nabi", "methimazole")
    assert record.pinned and record.importance >= 0.9
    block = mem.context("hello", user_id="u1", use_cache=False)
    assert "methimazole" in block.text


def test_moved_last_month_is_dated_last_month(mem: Memory) -> None:
    say(mem, "I moved to Mapo-gu last month.")
    record = having(mem, "Mapo")
    assert record.valid_from is not None and record.valid_from.strftime("%Y-%m") == "2026-04"
    assert (record.data or {}).get("when") == "2026-04"


def test_no_first_clause_truncation(mem: Memory) -> None:
    say(mem, "I always carry an EpiPen because I'm allergic to bee stings.")
    assert having(mem, "EpiPen", "bee sting").pinned


def test_superseded_fact_is_not_presented_as_current(mem: Memory) -> None:
    say(mem, "I live in Gangnam-gu, Seoul.", session="s1", at=T0)
    mem.end_session(user_id="u1", session_id="s1")
    say(mem, "I moved to Mapo-gu.", session="s2", at=T0 + timedelta(days=30))
    mem.end_session(user_id="u1", session_id="s2")
    assert [r.content for r in facts(mem)] == ["User lives in Mapo-gu"]
    block = mem.context("where do I live?", user_id="u1", use_cache=False).text
    for line in block.splitlines():
        if "Gangnam" in line:
            assert "until" in line, block
    assert "mood: calm" not in block


def test_repeated_sessions_leave_one_fact_and_no_repeated_episode(mem: Memory) -> None:
    # Issue 16: an episode that only restates facts already stored (in this session or an
    # earlier one) adds no memory; the fact keeps the session as its provenance. (The old
    # contract here was "one fact and one episode".)
    for i in range(3):
        say(mem, "I love hiking.", session=f"s{i}", at=T0 + timedelta(days=7 * i))
        assert mem.end_session(user_id="u1", session_id=f"s{i}").episode is None
    [fact] = facts(mem)
    assert fact.content == "User loves hiking" and fact.source_session == "s0"
    assert mem.list(user_id="u1", filters={"layer": "episodic"}).items == []


def test_a_session_that_names_a_feeling_keeps_its_episode(mem: Memory) -> None:
    say(mem, "I love hiking.", "Work has been so stressful lately.")
    episode = mem.end_session(user_id="u1", session_id="s1").episode
    assert episode is not None and "hiking" in episode.content and episode.emotion == "stress"


def test_a_session_with_nothing_worth_remembering_leaves_nothing(mem: Memory) -> None:
    say(mem, "hi!", "ok thanks, that helps")
    result = mem.end_session(user_id="u1", session_id="s1")
    assert result.episode is None
    assert list(mem.list(user_id="u1").items) == []


@pytest.mark.parametrize("text", [
    "If I moved to Japan, would I need a visa?",
    'Can you translate this into Korean: "I live in Busan and I love my dog."',
    "My friend thinks pineapple on pizza is a crime lol",
    "I don't live in Busan anymore.",
    "친구가 그러는데 강남에 새로 생긴 파스타집 맛있대",
    "만약에 내가 고양이를 키운다면 어떤 종이 좋을까?",
])
def test_noise_leaves_no_memory(mem: Memory, text: str) -> None:
    say(mem, text)
    mem.end_session(user_id="u1", session_id="s1")
    assert list(mem.list(user_id="u1").items) == []


def test_aws_secret_after_secret_eun_is_never_remembered(mem: Memory, tmp_path: Path) -> None:
    # Extraction refuses a credential even when asked to remember it: no memory, episode or
    # full-text row holds it. (Masking the stored turn itself is the PII guard's job.)
    secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
    say(mem, f"내 AWS secret은 {secret} 야. 기억해줘")
    mem.end_session(user_id="u1", session_id="s1")
    mem.close()
    with sqlite3.connect(tmp_path / "x.db") as db:
        rows = [*db.execute("SELECT * FROM records"), *db.execute("SELECT * FROM records_fts")]
        memories = [*db.execute("SELECT * FROM records WHERE layer != 'archive'")]
        archived = [*db.execute("SELECT content FROM records WHERE layer = 'archive'")]
    assert all(secret not in str(row) for row in rows)
    assert not [row for row in memories if "AWS" in str(row)]  # nothing about it was kept
    # the searchable conversation archive keeps what was said, the value withheld
    assert archived == [("내 AWS secret은 [SECRET] 야. 기억해줘",)]  # the PII guard
