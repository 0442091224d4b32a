"""Issue 16, round 3: chatter that reads like a statement leaves nothing; relatives beyond the
nuclear family, job changes, mixed-language slots, compound sentences and a pet's food change
in a later session are remembered so that the newest value is the one current memory. Fresh
sentences (none is in the chat set), through the public API on a real SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from gieok import GieokSettings, Memory
from gieok.domain.records import MemoryRecord

pytestmark = pytest.mark.integration
T0 = datetime(2026, 6, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Memory]:
    memory = Memory(f"sqlite:///{tmp_path / 'x.db'}",
                    settings=GieokSettings(data_dir=tmp_path, embedder="hash:256"))
    yield memory
    memory.close()


def chat(mem: Memory, *turns: tuple[str, str], session: str = "s1", at: datetime = T0) -> None:
    for i, (role, text) in enumerate(turns):
        mem.add([{"role": role, "content": text}], user_id="u1", session_id=session,
                timestamp=at + timedelta(minutes=i))
    mem.end_session(user_id="u1", session_id=session)


def live(mem: Memory) -> list[MemoryRecord]:
    return list(mem.list(user_id="u1").items)


def facts(mem: Memory) -> list[str]:
    return [r.content for r in live(mem) if r.layer.value == "long_term"]


@pytest.mark.parametrize("turns", [
    [("user", "오늘은 그냥 인사하러 왔어요 ㅎㅎ")],
    [("user", "덕분에 잘 해결됐어요!")],
    [("user", "그럼 이따 다시 얘기해")],
    [("user", "이모가 자꾸 취직하라고 잔소리하셔")],
    [("assistant", "How was the trip?"), ("user", "Exhausting but fun")],
    [("assistant", "Do you like it there?"), ("user", "Mostly, yeah")],
    [("user", "Thank you, that explanation really helped.")],
], ids=["greeting", "thanks", "promise", "nagging", "small-talk", "yes-no", "thanks-en"])
def test_chatter_that_reads_like_a_statement_leaves_nothing(mem: Memory,
                                                            turns: list[tuple[str, str]]) -> None:
    chat(mem, *turns)
    assert live(mem) == []


def test_an_aunt_named_before_is_who_she_is(mem: Memory) -> None:
    chat(mem, ("user", "My aunt Lena is visiting next week."),
         ("user", "She's allergic to shellfish."))
    [allergy] = [r for r in live(mem) if "shellfish" in r.content]
    assert "aunt Lena" in allergy.content and allergy.pinned


def test_korean_extended_family_is_not_the_user(mem: Memory) -> None:
    chat(mem, ("user", "외삼촌이 부산에서 치과 하셔"))
    assert facts(mem) and all(f.startswith("사용자의 외삼촌") for f in facts(mem))


def test_a_compound_sentence_gives_two_clean_memories(mem: Memory) -> None:
    chat(mem, ("user", "I'm allergic to shellfish."))
    chat(mem, ("user", "My hamster Dotty is 2 years old and I'm allergic to shellfish."),
         session="s2", at=T0 + timedelta(days=3))
    stored = facts(mem)
    assert "User is allergic to shellfish" in stored  # the clean fact stays, once
    assert stored.count("User is allergic to shellfish") == 1
    assert any("Dotty" in f and "2 years" in f for f in stored)
    assert not any("Dotty" in f and "shellfish" in f for f in stored)


@pytest.mark.parametrize(("first", "then", "new", "old"), [
    ("I work at Doosan as a welder.", "I left Doosan and joined Hanwha last month.",
     "Hanwha", "Doosan"),
    ("My company is 라인.", "요즘 쿠팡에서 근무해요", "쿠팡", "라인"),
    ("우리 강아지 초코는 사료를 오리젠으로 먹어", "초코 사료를 나우로 바꿨어", "나우", "오리젠"),
    ("My cat Mochi eats Orijen.", "We switched Mochi to Royal Canin.", "Royal Canin", "Orijen"),
], ids=["left-and-joined", "mixed-language-employer", "pet-food-ko", "pet-food-en"])
def test_the_newer_value_in_a_later_session_is_the_only_current_one(
        mem: Memory, first: str, then: str, new: str, old: str) -> None:
    chat(mem, ("user", first))
    chat(mem, ("user", then), session="s2", at=T0 + timedelta(days=40))
    stored = facts(mem)
    assert sum(new in f for f in stored) == 1 and not any(old in f for f in stored), stored
    block = mem.context(f"{new} {old}", user_id="u1", use_cache=False).text
    for line in block.splitlines():
        if old in line:
            assert "until" in line, block  # an old value is only ever quoted as past
