"""Update sequences and precision on fresh text (issue 16, round 3, session 4): sentences
written fresh, not taken from any labelled file. A change said with the old value in it
("sold the Avante and bought a Tesla", "아이폰 팔고 갤럭시로 바꿨어") leaves a memory of the
new value only and supersedes the old one; earlier turns that name the old value are quoted
as past by ``context()``."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from gieok import AsyncMemory
from gieok.domain.query import View, parse_filter
from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope
from gieok.domain.turns import Turn
from gieok.settings import GieokSettings
from gieok.write.extract import slots
from gieok.write.extract.heuristic import HeuristicExtractor
from gieok.write.extract.retired import retired, without

pytestmark = pytest.mark.anyio
AT = datetime(2026, 11, 20, 1, 0, tzinfo=UTC)


def said(text: str) -> list[str]:
    return [c.content for c in HeuristicExtractor().extract_sync(
        [Turn(role="user", content=text, at=AT)])]


@pytest.mark.parametrize(("content", "expected"), [
    ("User sold the Avante last month and bought a Tesla Model 3", "User bought a Tesla Model 3"),
    ("User switched from Verizon to T-Mobile", "User switched to T-Mobile"),
    ("User quit the gym and swims now", "User swims now"),
    # a choice over something is no change from it
    ("User decided to use PostgreSQL instead of MongoDB",
     "User decided to use PostgreSQL instead of MongoDB"),
    ("사용자는 아이폰 팔고 갤럭시 S25로 바꿨다", "사용자는 갤럭시 S25로 바꿨다"),
    ("사용자는 헬스 그만두고 수영 다닌다", "사용자는 수영 다닌다"),
    # only what ended: nothing else to say, the sentence stays
    ("User finally quit Shinhan", "User finally quit Shinhan"),
    # a health change is itself a health fact
    ("User quit smoking, and started running", "User quit smoking, and started running"),
    ("User switched from lisinopril to losartan", "User switched from lisinopril to losartan"),
])
def test_a_change_keeps_what_holds_now(content: str, expected: str) -> None:
    assert without(content, retired(content)) == expected


def test_the_phone_now_is_the_one_not_left_behind() -> None:
    assert slots.phone("사용자는 아이폰 팔고 갤럭시 S25로 바꿨다") == "갤럭시 s25"
    assert slots.phone("User switched from an iPhone 13 to a Pixel 9") == "pixel 9"
    # their phone said in passing is still the phone they have
    assert slots.phone("User's iPhone 12 battery dies by noon") == "iphone 12"
    assert slots.phone("User's sister got a Galaxy S24") is None


def test_a_school_named_without_the_word_school() -> None:
    assert slots.school("User's son Leo goes to Oakwood Elementary") == (
        "leo", "oakwood elementary")
    assert slots.school("User's son Leo transferred to Riverside Middle this fall") == (
        "leo", "riverside middle")


def test_a_dropped_subject_before_sold_is_the_user() -> None:
    assert said("sold the Avante last month and bought a Tesla Model 3") == [
        "User bought a Tesla Model 3"]


async def _sessions(mem: AsyncMemory, user: str, *said: tuple[str, list[dict[str, str]]]
                    ) -> list[MemoryRecord]:
    for i, (day, turns) in enumerate(said):
        for turn in turns:
            await mem.add([turn], user_id=user, session_id=f"s{i}",
                          timestamp=f"{day}T10:00:00+09:00")
        await mem.end_session(user_id=user, session_id=f"s{i}")
    return [r for r in (await mem.list(user_id=user, limit=100)).items if r.is_live()]


def _u(text: str) -> dict[str, str]:
    return {"role": "user", "content": text}


async def test_a_change_said_with_the_old_value_supersedes_it(settings: GieokSettings,
                                                               tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        car = await _sessions(
            mem, "car", ("2026-01-15", [_u("I drive a 2015 Avante, it's getting old")]),
            ("2026-07-15", [_u("sold the Avante last month and bought a Tesla Model 3")]))
        assert [r.content for r in car if r.layer.value == "long_term"] == [
            "User bought a Tesla Model 3"]
        block = await mem.context("what car do I drive?", user_id="car", use_cache=False,
                                  track_use=False)
        # the old turn, if quoted, is quoted as past
        assert all("until" in line for line in block.text.splitlines() if "Avante" in line)
        phone = await _sessions(mem, "phone", ("2026-01-03", [_u("나 아이폰 15 써")]),
                                ("2026-04-03", [_u("아이폰 팔고 갤럭시 S25로 바꿨어")]))
        assert [r.content for r in phone if r.layer.value == "long_term"] == [
            "사용자는 갤럭시 S25로 바꿨다"]


async def test_earlier_turns_naming_a_superseded_value_are_quoted_as_past(
        settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        # the first session's request mentions the old home in passing; the assistant's
        # reply names it too — neither is the turn the residence fact came from
        await _sessions(
            mem, "home",
            ("2026-01-10", [_u("I live in Gangnam-gu, Seoul."),
                            _u("any good brunch places near Gangnam station?"),
                            {"role": "assistant", "content": "Gangnam has plenty: try ..."}]),
            ("2026-03-02", [_u("I moved to Mapo-gu last week.")]))
        turns = (await mem.store.list(Scope(user="home"), filters=parse_filter(
            {"layer": "archive"}), view=View(), limit=50, offset=0)).items
        gangnam = [t for t in turns if "Gangnam" in t.content]
        assert len(gangnam) == 3 and all(t.metadata.get("until") for t in gangnam)
        assert not any(t.metadata.get("until") for t in turns if "Mapo" in t.content)


def test_what_a_change_replaced_stays_in_the_memory_data() -> None:
    [memory] = HeuristicExtractor().extract_sync(
        [Turn(role="user", content="switched from iPhone 13 to a Pixel 9", at=AT)])
    assert memory.content == "User switched to a Pixel 9"
    assert memory.data is not None and memory.data["previous"] == ["iPhone 13"]
    assert memory.slot == "phone" and memory.retires == ("iPhone 13",)
