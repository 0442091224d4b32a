"""A sentence that only says something ended ("I'm not a vegetarian anymore", "나 이제 커피 안
마셔") retires what is stored about it and is no memory of its own (write/extract/lasting.py
``lapsed``, Candidate.lapse, reconcile): with nothing stored it leaves nothing; after an
earlier session stated it, the old memory is no longer live. Sentences written for these
tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from gieok import AsyncMemory
from gieok.domain.records import Layer, MemoryRecord
from gieok.settings import GieokSettings
from gieok.write.extract.lasting import lapsed
from tests.support.sessions import dated_sessions

pytestmark = pytest.mark.anyio


async def sessions(mem: AsyncMemory, user: str, *said: tuple[str, str]) -> list[MemoryRecord]:
    """What is live after the sessions, episodes left out."""
    records = await dated_sessions(mem, user, *said)
    return [r for r in records if r.layer is not Layer.EPISODIC]


@pytest.mark.parametrize("text", [
    "I'm not a pescatarian anymore", "I no longer smoke", "저 이제 홍차 안 마셔요",
    "나 더 이상 채식 안 해", "이젠 헬스장 안 다녀요"])
def test_an_ending_said_alone_is_a_lapse(text: str) -> None:
    assert lapsed(text)


@pytest.mark.parametrize("text", [
    "I don't eat meat anymore, I'm pescatarian now",   # what holds instead
    "이제 야간 안 하고 주간 고정이에요",                  # ditto ("주간 고정" after 하고)
    "I'm allergic to walnuts",                          # no ending at all
    "요가 그만두고 이제 필라테스로 바꿨어요",             # a change, not a lapse
    "I don't eat pork"])                                # a standing restriction
def test_a_change_or_a_restriction_is_not(text: str) -> None:
    assert not lapsed(text)


async def test_a_lapse_with_nothing_stored_leaves_no_memory(settings: GieokSettings,
                                                            tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        assert await sessions(mem, "a", ("2026-04-02", "I'm not a pescatarian anymore")) == []
        assert await sessions(mem, "b", ("2026-04-02", "저 이제 담배 안 피워요")) == []


async def test_a_lapse_retires_what_an_earlier_session_stored(settings: GieokSettings,
                                                              tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        live = await sessions(mem, "v", ("2026-01-10", "I'm vegetarian btw"),
                              ("2026-05-10", "I'm not a vegetarian anymore"))
        assert not any(r.content == "User is vegetarian" for r in live)


def test_an_ending_said_with_how_long_ago_is_an_event(chat_extract: object) -> None:
    got = chat_extract.candidates(  # type: ignore[attr-defined]
        ("user", "저 이제 전자담배도 안 펴요. 끊은 지 두 달 됐어요"))
    assert [c.lapse for c in got if "전자담배" in c.content] == [False]
    assert [c.lapse for c in chat_extract.candidates(  # type: ignore[attr-defined]
        ("user", "저 이제 전자담배도 안 펴요"))] == [True]
