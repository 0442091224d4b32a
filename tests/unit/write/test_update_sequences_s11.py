"""Update sequences, session 11 (issue 16): a value said outright not to hold ("X 아니고 Y",
"Y, not X", "X에서 Y로 바꿨다"), a measured value of the same holder said anew (a grade, an
age, a weight), a partner's later stage, and one fact said again in other words. Sentences
written for these tests, in both languages, with the guards that keep many-valued things
apart."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from gieok import AsyncMemory
from gieok.domain.records import MemoryRecord
from gieok.domain.results import DecisionKind
from gieok.domain.scope import Scope
from gieok.settings import GieokSettings
from gieok.write.extract.base import Candidate
from gieok.write.reconcile import reconcile
from gieok.write.contrast import contrast
from gieok.write.likeness import contained
from tests.support.sessions import live_memories


@pytest.mark.parametrize(("content", "old", "current"), [
    ("사용자는 정정할게요, 회의 수요일 아니고 금요일이다", "수요일", "사용자는 정정할게요, 회의 금요일이다"),
    ("사용자는 두유 말고 오트밀크 넣는다", "두유", "사용자는 오트밀크 넣는다"),
    ("사용자의 엄마 당뇨약이 다이아벡스에서 자누비아로 바뀌었다", "다이아벡스",
     "사용자의 엄마 당뇨약이 자누비아로 바뀌었다"),
    ("사용자는 필라테스를 저녁 7시에서 아침 7시로 옮겼다", "저녁 7시", "사용자는 필라테스를 아침 7시로 옮겼다"),
    ("우리 팀 Jenkins 버리고 GitHub Actions로 갈아탔다", "Jenkins", "우리 팀 GitHub Actions로 갈아탔다"),
    ("User's parrot Kiwi eats millet, not sunflower seeds", "sunflower seeds",
     "User's parrot Kiwi eats millet"),
    ("The book club moved from Thursdays to Mondays", "Thursdays", "The book club moved to Mondays"),
])
def test_the_old_value_said_not_to_hold(content: str, old: str, current: str) -> None:
    said = contrast(content)
    assert said is not None and said.old == old and said.current == current


@pytest.mark.parametrize("content", [
    "사용자는 밤에 먹지 말고 자라고 했다",  # a verb, not a value
    "User's standup is not at 9",  # a negated statement, no new value
    "User wants answers that are not really long",
    "사용자는 서울에 산다",
])
def test_no_old_value_is_read_where_none_is_said(content: str) -> None:
    assert contrast(content) is None


def test_one_fact_said_again_is_contained_in_the_other() -> None:
    assert contained("사용자는 보리차만 마신다", "사용자는 카페인이 안 맞아서 보리차만 마신다")
    assert contained("사용자는 떡볶이를 좋아함", "사용자는 떡볶이 좋아하는 사람이다")
    assert contained("User rides a road bike to work", "User rides a road bike to work every day")
    # a word the other negates is another fact
    assert not contained("사용자는 오이 좋아한다", "사용자는 오이 안 좋아한다")
    assert not contained("User likes olives", "User doesn't like olives anymore")


@pytest.mark.anyio
async def test_the_old_value_said_not_to_hold_is_superseded(settings: GieokSettings,
                                                            tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        exam = await live_memories(mem, "exam", "다음 달에 HSK 5급 시험 봐요",
                                   "아 잘못 말함, HSK 아니고 JLPT N2예요. 일본어 시험")
        assert any("JLPT" in m for m in exam) and not any("HSK" in m for m in exam)
        pet = await live_memories(mem, "pet", "my parrot Kiwi eats sunflower seeds every day",
                                  "my parrot Kiwi eats millet now, not sunflower seeds")
        assert any("millet" in m for m in pet) and not any("sunflower" in m for m in pet)
        # another thing on the old value's day is not about the same thing: it stays
        both = await live_memories(mem, "both", "매주 수요일에 요가 다녀요",
                                   "이번 이사 수요일 아니고 금요일이에요")
        assert any("요가" in m and "수요일" in m for m in both)


@pytest.mark.anyio
async def test_a_measured_value_of_the_same_holder_is_renewed(settings: GieokSettings,
                                                              tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        grade = await live_memories(mem, "grade", "우리 딸 서윤이는 초2예요",
                                    "서윤이 이제 초3이에요. 새 학년 적응 중")
        assert any("초3" in m for m in grade) and not any("초2" in m for m in grade)
        age = await live_memories(mem, "age", "my son Theo is 6 and obsessed with trains",
                                  "Theo is 7 now, trains still")
        assert any("7" in m for m in age) and not any("is 6" in m for m in age)
        # two children's ages are two facts: no shared name, nothing superseded
        two = await live_memories(mem, "two", "my son Theo is 6", "my daughter Ruby is 9")
        assert any("Theo" in m for m in two) and any("Ruby" in m for m in two)
        stage = await live_memories(mem, "stage", "여자친구 하린이랑 100일이에요",
                                    "하린이랑 결혼했어요!")
        assert not any("여자친구" in m for m in stage) and any("결혼" in m for m in stage)


@pytest.mark.anyio
async def test_one_fact_said_again_is_one_memory(settings: GieokSettings,
                                                 tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        tea = await live_memories(mem, "tea", "저는 위가 약해서 매운 건 안 먹고 보리차만 마셔요",
                                  "저는 보리차만 마셔요. 카페에서 뭐 시키죠?")
        assert sum("보리차" in m for m in tea) == 1
        cats = await live_memories(mem, "cats", "I'm allergic to dogs, so cat cafés only please",
                                   "I'm allergic to dogs so I guess no dog sitting for me")
        assert sum("allergic" in m for m in cats) == 1
        # two likes are two memories; a like and a dislike of one thing are not merged
        likes = await live_memories(mem, "likes", "저는 떡볶이 엄청 좋아해요",
                                    "저는 순대도 좋아해요")
        assert any("떡볶이" in m for m in likes) and any("순대" in m for m in likes)


def _decide(new: str, old: str, *, tags: list[str] | None = None) -> list[DecisionKind]:
    at, now = datetime(2026, 1, 5, tzinfo=UTC), datetime(2026, 5, 5, tzinfo=UTC)
    stored = MemoryRecord(scope=Scope(user="u"), content=old, event_time=at, created_at=at,
                          updated_at=at, tags=tags or [])

    def make(c: Candidate) -> MemoryRecord:
        return MemoryRecord(scope=Scope(user="u"), content=c.content, event_time=now)

    plan = reconcile([Candidate(content=new, at=now, turn_ids=("t1",))], [stored],
                     make_record=make, now=now)
    return [d.kind for d in plan.decisions]


def test_a_dose_of_the_same_medicine_said_anew_supersedes_the_old_dose() -> None:
    assert _decide("사용자는 의사가 gabapentin 600mg 하루 세 번으로 올렸다",
                   "사용자는 gabapentin 300mg 하루 두 번 먹는다",
                   tags=["health", "medication"]) == [DecisionKind.SUPERSEDE]
    # another medicine's dose is another fact
    assert _decide("User takes sertraline 100mg", "User takes gabapentin 300mg") == \
        [DecisionKind.ADD]
    # an allergy is never retired by a value said anew
    assert _decide("User's son Leo is 7 and allergic to peanuts", "User's son Leo is 6 and "
                   "allergic to peanuts", tags=["allergy"]) != [DecisionKind.SUPERSEDE]


def test_a_diet_left_for_another_supersedes_it_in_either_script() -> None:
    said = contrast("사용자는 키토 하다가 속이 안 좋아서 지중해식으로 바꿨다")
    assert said is not None and (said.old, said.new) == ("키토", "지중해식")
    assert _decide("사용자는 비건 하다가 철분이 부족해서 이제 pescatarian으로 바꿨다",
                   "사용자는 vegan 된 지 한 달이다") == [DecisionKind.SUPERSEDE]
    # what the user did before that is no diet, and nothing shared: kept
    assert _decide("사용자는 회사 다니다가 프리랜서로 바꿨다",
                   "사용자는 회사 근처 헬스장 다닌다") != [DecisionKind.SUPERSEDE]
