"""Update sequences, session 19 (issue 16): a change said alone that the judge finds too slight
to keep by itself ("team moved standup to 10:15", "다시 사무실 출근함", "집주인 바뀌었어") ends
the value it replaces — and is kept only then; a move ends the home, not the family the user
lives with ("I live in Portland with my wife Mei and our two kids" → "We moved to Seattle").
Sentences written for these tests, in both languages, each with look-alikes that must not
fire."""

from __future__ import annotations

from pathlib import Path

import pytest

from gieok import AsyncMemory
from gieok.settings import GieokSettings
from gieok.write.extract.correction import corrected_earlier
from gieok.write.extract.dwelling import home_in, household
from gieok.write.extract.retired import retired
from gieok.write.extract.said_alone import changed_alone
from tests.support.sessions import monthly_turns

pytestmark = pytest.mark.anyio


# -- a change said alone -------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "team moved standup to 10:15",
    "they pushed the surgery to the 21st",
    "다시 사무실 출근함",
    "집주인 바뀌었어 이제 윤미경 씨한테 보내",
    "switched dentists",
    "오메가3 끊었어",
])
def test_a_change_said_alone(text: str) -> None:
    assert changed_alone(text)


@pytest.mark.parametrize("text", [
    "should I move standup to 10:15?",      # asked
    "thinking of switching dentists",       # not happened yet
    "집주인 바뀌면 어떡하지",                   # a worry
    "오늘은 재택",                             # a day's exception
    "standup was fun today",
    "사무실 출근하기 싫다",
    '"저는 부산에 살아요"를 영어로 바꿔줘',  # a request to the assistant
    "change the date to friday",
])
def test_no_change_said(text: str) -> None:
    assert not changed_alone(text)


async def test_a_change_said_alone_ends_the_value_it_replaces(settings: GieokSettings,
                                                              tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        standup = await monthly_turns(mem, "standup", ["my standup is at 9:30 every day"],
                                      ["team moved standup to 10:15"])
        assert not any("9:30" in m for m in standup) and any("10:15" in m for m in standup), \
            standup
        office = await monthly_turns(mem, "office", ["요즘 재택근무해 회사가 정책 바꿔서"],
                                     ["다시 사무실 출근함"])
        assert not any("재택" in m for m in office) and any("사무실" in m for m in office), office
        landlord = await monthly_turns(mem, "landlord", ["우리 집주인 박정호 씨야 월세는 10일에 보내"],
                                       ["집주인 바뀌었어 이제 김수연 씨한테 보내"])
        assert not any("박정호" in m for m in landlord) and any("김수연" in m for m in landlord), \
            landlord


async def test_a_change_said_alone_with_nothing_to_end_is_no_memory(settings: GieokSettings,
                                                                    tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        assert await monthly_turns(mem, "alone", ["team moved standup to 10:15"]) == []
        other = await monthly_turns(mem, "other", ["my cat Miso is 3"],
                                    ["team moved standup to 10:15"])
        assert other == ["User's cat Miso is 3"], other


# -- a move ends the home, not who the user lives with ----------------------------------------
@pytest.mark.parametrize(("memory", "rest"), [
    ("User lives in Portland with their wife Mei and their two kids",
     "User lives with their wife Mei and their two kids"),
    ("User lives with their boyfriend in Leeds", "User lives with their boyfriend"),
    ("사용자는 부산에서 남편이랑 딸 둘이랑 산다", "사용자는 남편이랑 딸 둘이랑 산다"),
    ("사용자는 서울에서 친구랑 같이 산다", "사용자는 친구랑 같이 산다"),
])
def test_the_household_without_the_place(memory: str, rest: str) -> None:
    assert home_in(memory) is not None
    assert household(memory) == rest


@pytest.mark.parametrize("memory", [
    "User lives in Portland",
    "사용자는 부산에서 산다",
    "User's sister lives in Leeds with her kids",   # not the user's home
    "User wants to live in Lisbon with their partner",
])
def test_no_household_said(memory: str) -> None:
    assert household(memory) is None


async def test_a_move_keeps_the_family(settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        en = await monthly_turns(mem, "en", ["I live in Portland with my wife Mei and our two kids"],
                                 ["We moved to Seattle last week"])
        assert not any("Portland" in m for m in en), en
        assert any("Mei" in m and "two kids" in m for m in en) and any("Seattle" in m for m in en)
        ko = await monthly_turns(mem, "ko", ["부산에서 남편이랑 딸 둘이랑 살아"], ["대전으로 이사했어"])
        assert not any("부산" in m for m in ko), ko
        assert any("남편" in m and "딸 둘" in m for m in ko) and any("대전" in m for m in ko), ko
        along = await monthly_turns(mem, "along", ["I live in Leeds with my boyfriend Tom"],
                                    ["just moved to York with Tom"])
        assert not any("Leeds" in m for m in along) and sum("Tom" in m for m in along) == 1, along


# -- an event called off, a slip owned up to -----------------------------------------------------
@pytest.mark.parametrize(("text", "thing"), [
    ("party's off, he found out and begged me not to lol", ("party",)),
    ("the wedding is off", ("wedding",)),
    ("we called off the barbecue", ("barbecue",)),
])
def test_an_event_called_off_is_left(text: str, thing: tuple[str, ...]) -> None:
    assert retired(text) == thing


@pytest.mark.parametrize("text", [
    "I took the day off",
    "the party is off to a great start",
    "the lights are off",
    "the party's not off",
])
def test_no_event_called_off(text: str) -> None:
    assert retired(text) == ()


@pytest.mark.parametrize(("text", "pair"), [
    ("wait I typed that wrong yesterday, it's Mochi not Miso", ("Miso", "Mochi")),
    ("I spelled it wrong, it's Aoife not Eva", ("Eva", "Aoife")),
])
def test_a_slip_typed_is_corrected(text: str, pair: tuple[str, str]) -> None:
    assert corrected_earlier(text) == pair


async def test_a_slip_owned_up_to_ends_the_wrong_value(settings: GieokSettings,
                                                       tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        party = await monthly_turns(mem, "party", ["planning a surprise party for my wife on may 3"],
                                    ["party's off, she found out lol"])
        assert not any("may 3" in m for m in party) and any("off" in m for m in party), party
        cat = await monthly_turns(mem, "cat", ["my cat is named Miso"],
                                  ["wait I typed that wrong yesterday, it's Mochi not Miso"])
        assert not any("Miso" in m for m in cat) and any("Mochi" in m for m in cat), cat
        bday = await monthly_turns(mem, "bday", ["아빠 생신이 5월 2일이야"],
                                   ["아 착각했다 아빠 생신 5월 12일이야"])
        assert not any("5월 2일" in m for m in bday) and any("12일" in m for m in bday), bday
        other = await monthly_turns(mem, "other", ["아빠 생신이 5월 2일이야"],
                                    ["아 착각했다 엄마 생신은 6월 9일이야"])
        assert any("5월 2일" in m for m in other) and any("6월 9일" in m for m in other), other
        plain = await monthly_turns(mem, "plain", ["아빠 생신이 5월 2일이야"],
                                    ["아빠 생신 선물로 5만원 정도 생각 중"])
        assert any("5월 2일" in m for m in plain), plain
