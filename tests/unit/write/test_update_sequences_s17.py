"""Update sequences, session 17 (issue 16): a home said in a memory's own words. A residence
kept whole as the user said it ("사용자는 일산 호수공원 근처 산다", "User commutes from Belper")
holds the residence as much as a slot does: a move ends it, and a home said without a slot
("김포 와서 첫 겨울인데", "요즘 경주에서 출퇴근하는데") is a move. Sentences written for these
tests, in both languages, each with the guard that keeps a relative's home, a wish, a past
home, two homes, a stay with an end, and the same home said again."""

from __future__ import annotations

from pathlib import Path

import pytest

from gieok import AsyncMemory
from gieok.settings import GieokSettings
from gieok.write.extract.dwelling import home_in
from tests.support.sessions import monthly_turns as _turns

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("content", "home"), [
    ("사용자는 일산 호수공원 근처 산다", "일산 호수공원"),
    ("사용자는 대전 둔산동 살면 주말마다 갑천 간다", "대전 둔산동"),
    ("사용자는 요즘 경주 황성동에서 출퇴근하는데 길이 막힌다", "경주 황성동"),
    ("사용자는 김포 와서 첫 겨울이다", "김포"),
    ("사용자는 청라로 이사 와서 좋다", "청라"),
    ("사용자는 부천 상동에 거주", "부천 상동"),
    ("사용자의 집 울산 삼산동 근처다", "울산 삼산동"),
    ("사용자의 집은 마포 망원동이다", "마포 망원동"),
    ("User lives in Derby, near the arboretum", "derby"),
    ("User commutes from Belper to Derby every day", "belper"),
    ("User's commute is the 7:10 bus from Otley", "otley"),
    ("User is based in Swindon", "swindon"),
    ("User and their wife live in Hexham", "hexham"),
])
def test_a_home_is_read_from_the_memory_words(content: str, home: str) -> None:
    assert home_in(content) == home


@pytest.mark.parametrize("content", [
    "사용자의 엄마는 대구 산다",  # the mother's home
    "사용자의 언니는 부산 산다",
    "사용자는 제주 살고 싶다",  # a wish
    "사용자는 강릉 살면 좋겠다",
    "사용자는 대구 살았다",  # the past
    "사용자는 평일엔 서울 살고 주말엔 강릉 간다",  # two homes
    "사용자는 친구 집에서 산다",  # someone else's house
    "사용자는 혼자 산다",  # no place
    "사용자는 코스트코에서 고기 산다",  # 사다, to buy
    "사용자는 회사 근처 산다",  # near work: no place named
    "사용자의 집은 전세다",  # how the home is held
    "사용자의 집은 엄마네 옆이다",
    "User's sister lives in York",
    "User used to live in York",
    "User lives in London on weekdays",
    "User is in Leeds till june, then heading back to Seoul",  # a stay with an end
    "User lives with their partner",
    "User is in Paris this week for work",
])
def test_what_is_no_home_of_the_user(content: str) -> None:
    assert home_in(content) is None


def _has(memories: list[str], word: str) -> bool:
    return any(word in m for m in memories)


async def test_a_move_ends_a_home_said_without_a_slot(settings: GieokSettings,
                                                      tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        # the old home kept whole ("사용자의 집 … 근처다"), the move a slot
        house = await _turns(mem, "house", ["우리 집 울산 삼산동 근처인데 수영장 추천해줘"],
                             ["양산으로 이사 왔어"])
        assert _has(house, "양산") and not _has(house, "삼산동")
        # the new home said without a slot: commuting from it, a first season in it
        commute = await _turns(mem, "commute", ["안산 고잔동 사는데 근처에 갈 만한 공원 있어?"],
                               ["요즘 화성 동탄에서 출퇴근하는데 길이 너무 막혀"])
        assert _has(commute, "동탄") and not _has(commute, "고잔동")
        season = await _turns(mem, "season", ["저 부천 상동 살아요"],
                              ["김포 와서 첫 겨울인데 너무 춥다. 난방비 아끼는 법"])
        assert _has(season, "김포") and not _has(season, "상동")
        belper = await _turns(mem, "belper",
                              ["I commute from Belper to Derby every day, podcast ideas?"],
                              ["We moved to Matlock last month, loving it"])
        assert _has(belper, "Matlock") and not _has(belper, "Belper")


async def test_what_a_move_leaves_alone(settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        mother = await _turns(mem, "mother", ["우리 엄마는 대구 사셔. 생신 선물 추천"],
                              ["나 광주로 이사했어"])
        assert _has(mother, "대구") and _has(mother, "광주")
        sister = await _turns(mem, "sister", ["요즘 경주 황성동에서 출퇴근하는데 길 막혀"],
                              ["우리 언니는 부산 살아. 놀러 갈 건데 뭐 사가지?"])
        assert _has(sister, "황성동")
        same = await _turns(mem, "same", ["요즘 경주 황성동에서 출퇴근하는데 길 막혀"],
                            ["경주 황성동 살면 어디로 산책 가?"], ["저 경주 황성동 살아요"])
        assert _has(same, "황성동")
        trip = await _turns(mem, "trip", ["I live in Leeds with my wife."],
                            ["I'm in Paris this week for work, any dinner spots?"])
        assert _has(trip, "Leeds")


# -- a date moved with no event named ----------------------------------------------------------
async def test_a_date_moved_without_its_event_moves_the_one_dated_plan(
        settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        dentist = await _turns(mem, "dentist", ["치과 예약 5월 3일이야"],
                               ["병원 사정으로 5월 10일로 밀림"])
        assert _has(dentist, "5월 10일") and not _has(dentist, "5월 3일")
        moving = await _turns(mem, "moving", ["이사 날짜 4월 20일로 잡았어"],
                              ["집주인 사정으로 4월 27일로 미뤄졌어"])
        assert _has(moving, "4월 27일") and not _has(moving, "4월 20일")
        # a pinned plan (a surgery) moves too, named or not
        surgery = await _turns(mem, "surgery", ["손목 수술 날짜 6월 2일로 잡았어. 뭐 챙겨가?"],
                               ["수술 6월 16일로 밀림"])
        assert _has(surgery, "6월 16일") and not _has(surgery, "6월 2일")


async def test_a_date_moved_without_its_event_leaves_two_plans_alone(
        settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        two = await _turns(mem, "two", ["치과 예약 5월 3일이야", "엄마 생신 5월 8일이라 선물 고민"],
                           ["병원 사정으로 5월 10일로 밀림"])
        assert _has(two, "5월 3일") and _has(two, "5월 8일")
