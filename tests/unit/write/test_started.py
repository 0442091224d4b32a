"""A first day somewhere new (issue 16, session 8): "first day at Costco today", "오늘 카카오
첫 출근!", "first day at Lincoln Elementary today for my daughter" start a new value of the
place the holder works at or attends — the older workplace or school stops being current —
while a relative's first day never touches the user's job, and a first day to come is no
change. Pure checks of ``started`` and the school slot, then the public API over sessions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gieok import AsyncMemory
from gieok.settings import GieokSettings
from gieok.write.extract.changes import change, replaced
from gieok.write.extract.slots import school
from gieok.write.extract.new_value import new_value
from gieok.write.extract.new_value import replaced as new_value_replaced
from gieok.write.extract.started import started


@pytest.mark.parametrize(("sentence", "whose", "place", "is_school"), [
    ("first day at Costco today, wish me luck", "user", "Costco", False),
    ("First day at Amazon warehouse in Fresno today, 10 hour shifts", "user",
     "Amazon warehouse in Fresno", False),
    ("first day at Lincoln Elementary today for my daughter, fingers crossed",
     "daughter", "Lincoln Elementary", True),
    ("my wife started a new job at Meta", "wife", "Meta", False),
    ("오늘 카카오 첫 출근! 여기서도 UX 해", "user", "카카오", False),
    ("동생이 오늘 카카오 첫 출근했어", "동생", "카카오", False),
    ("우리 딸 오늘 햇살유치원 첫 등교", "딸", "햇살유치원", True),
    # resolved by coreference: the holder as the memory names them
    ("사용자의 아들 지호 오늘 새 학교 첫 등교했어, 푸른초등학교", "지호", "푸른초등학교", True),
])
def test_who_started_where(sentence: str, whose: str, place: str, is_school: bool) -> None:
    found = started(sentence)
    assert found is not None
    assert (found.whose, found.place, found.school) == (whose, place, is_school)


@pytest.mark.parametrize("sentence", [
    "my first day at the new job is next Monday", "내일 첫 출근이라 떨려",
    "what should I wear on my first day at Google?", "I started at the gym lol",
])
def test_a_first_day_to_come_or_asked_about_is_no_start(sentence: str) -> None:
    found = started(sentence)
    assert found is None or found.place.casefold() != "the"


def test_a_grade_at_a_school_names_the_school_and_whose() -> None:
    assert school("User's daughter's in 2nd grade at Maple Grove Elementary") == (
        "daughter", "maple grove elementary")
    assert school("사용자의 아들 지호는 햇살초등학교 3학년이다") == ("지호", "햇살초등학교")
    assert school("User's son is in kindergarten") is None  # which one is not said


@pytest.mark.anyio
@pytest.mark.slow
async def test_a_first_day_supersedes_the_old_place_through_the_api(
        settings: GieokSettings, tmp_path: Path, sessions: Any) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        job = await sessions.live_memories(mem, "job", "I work at Target as a cashier",
                                           "first day at Costco today, wish me luck")
        assert any("Costco" in m for m in job) and not any("Target" in m for m in job)
        ko = await sessions.live_memories(mem, "ko", "나 Samsung에서 UX designer로 일해",
                                          "오늘 카카오 첫 출근! 여기서도 UX 해")
        assert any("카카오" in m for m in ko) and not any("Samsung" in m for m in ko)
        kid = await sessions.live_memories(
            mem, "kid", "my daughter's in 2nd grade at Maple Grove Elementary",
            "first day at Lincoln Elementary today for my daughter, fingers crossed")
        assert any("Lincoln" in m for m in kid) and not any("Maple" in m for m in kid)
        # a relative's first day: the user's own job stays
        both = await sessions.live_memories(mem, "both", "나 삼성에서 일해",
                                            "동생이 오늘 카카오 첫 출근했어")
        assert any("삼성" in m for m in both) and any("카카오" in m for m in both)


@pytest.mark.parametrize(("new", "old", "replaces"), [
    ("사용자의 남편이 이번에 기아로 이직했다", "사용자의 남편은 현대차 다닌다", True),
    ("User's husband started working at Mercy Clinic",
     "User's husband works nights at the hospital", True),
    ("사용자의 동생은 카카오에 첫 출근했다", "사용자의 동생은 삼성에서 일한다", True),
    # another person's job, or a school someone attends: never
    ("User's wife started working at Meta", "User works at Google as a data scientist", False),
    ("사용자의 동생은 카카오에 첫 출근했다", "사용자는 삼성에서 근무", False),
    ("사용자의 남편이 이번에 기아로 이직했다", "사용자의 남편은 주말마다 헬스장 다닌다", False),
])
def test_a_relatives_new_job_replaces_only_their_job(new: str, old: str, replaces: bool) -> None:
    said = change(new)
    assert said is not None and "job" in said.kinds
    assert bool(replaced(old, said)) is replaces


@pytest.mark.parametrize(("new", "old", "renews"), [
    ("사용자의 고양이 나비 사료 결국 오리젠으로 바꾼다", "사용자의 고양이 나비는 로얄캐닌 먹는다", True),
    # nothing named but the new food, then eating it: the one pet's food (IF_ALONE)
    ("사용자는 결국 Acana 연어로 바꾼다. 잘 먹는다", "사용자의 강아지 밥은 Orijen 먹인다", True),
    ("사용자의 고양이 나비 사료 결국 오리젠으로 바꾼다", "사용자의 강아지 두부는 로얄캐닌 먹는다", False),
    ("사용자는 결국 Acana 연어로 바꾼다. 잘 먹는다", "사용자는 매일 아침 7시에 산책한다", False),
    ("사용자는 간식도 츄르로 바꿨다", "사용자의 고양이 나비는 로얄캐닌 먹는다", False),
])
def test_food_is_named_by_eating(new: str, old: str, renews: bool) -> None:
    said = new_value(new)
    assert said is not None
    assert bool(new_value_replaced(old, said)) is renews
