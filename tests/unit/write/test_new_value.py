"""A new value of a thing named before (issue 16, session 7): "the same attribute of the same
holder, changed" read by structure, not by a table of kinds — a dose, a surgery date, the
milk in a latte, a pet's food, a medicine — while a change of something else, another
holder's thing or an addition leaves the older memory current. Pure checks of
``new_value`` and ``reconcile``, then the public API over two sessions."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from gieok import AsyncMemory
from gieok.domain.records import MemoryRecord
from gieok.domain.scope import Scope
from gieok.settings import GieokSettings
from gieok.write.extract.base import Candidate
from gieok.write.extract.changes import change, narrowed
from gieok.write.extract.new_value import new_value, replaced
from gieok.write.extract.old_words import without_old
from gieok.write.pipeline import candidate_record
from gieok.write.reconcile import reconcile

RENEWED = [
    ("사용자는 엄마 수술 날짜 4월 17일로 미뤄졌다. 병원 사정 때문에",
     "사용자는 엄마 무릎 수술이 4월 3일로 잡혔다"),
    ("사용자는 요즘은 두유 말고 오트밀크로 바꿨다", "사용자는 라떼에 우유 대신 두유 넣어 마신다"),
    ("사용자는 몽이 베트메딘 하루 세 번으로 늘렸다. 수의사 선생님이",
     "사용자의 강아지 몽이는 심장약 베트메딘 하루 두 번 먹는다"),
    ("사용자는 초코 카프로펜이 위에 안 맞는지 자꾸 토해서 병원에서 온시올로 바꿔줬다",
     "사용자의 초코가 관절 때문에 카프로펜 먹는다"),
    # a loanword in the other script: the same consonants
    ("사용자의 고양이 루루가 로얄캐닌에 질렸는지 안 먹어서 Hill's로 바꿨다",
     "사용자의 고양이 루루는 Royal Canin 인도어 사료 먹는다"),
    ("User's psychiatrist bumped User's sertraline up to 100mg this week",
     "User takes 50mg of sertraline every morning"),
    ("User's mom's surgery date got pushed back to April 17",
     "User's mom has knee surgery on April 3"),
    ("사용자는 훈련 때문에 휴가가 3월 24일로 바뀌었다", "사용자는 3월 10일부터 첫 휴가 나간다"),
]
KEPT = [
    # what changed is the milk, not the coffee
    ("사용자는 커피에 넣는 우유를 오트밀크로 바꿨다", "사용자는 매일 아침 커피 두 잔 마신다"),
    # another child, another cat: another holder
    ("사용자의 작은애 서윤이는 이번에 새싹유치원으로 옮겼다", "사용자의 큰애 서준이는 해솔초 다닌다"),
    ("사용자의 고양이 까망이는 사료 힐스로 바꿨다", "사용자의 고양이 치즈는 사료 로얄캐닌 먹는다"),
    # the appointment moved, not the dentist
    ("User moved User's dentist appointment to Friday", "User's dentist is Dr. Kim on Main Street"),
    ("User switched to oat milk in User's coffee", "User drinks coffee every morning"),
    # additive: beside the old one
    ("User's doctor also switched User to a second inhaler", "User uses an albuterol inhaler"),
    # the older memory already states the new value
    ("사용자는 두유 말고 오트밀크로 바꿨다", "사용자는 오트밀크 라떼 좋아한다"),
    # the pet's dose changed, the user's own medicine is another holder's
    ("사용자의 강아지 몽이 베트메딘 하루 세 번으로 늘렸다", "사용자는 아침마다 베트메딘 사진 찍는다"),
]


@pytest.mark.parametrize(("new", "old"), RENEWED)
def test_a_new_value_replaces_the_older_statement_of_the_same_thing(new: str, old: str) -> None:
    said = new_value(new)
    assert said is not None and replaced(old, said)


@pytest.mark.parametrize(("new", "old"), KEPT)
def test_another_thing_or_holder_is_not_replaced(new: str, old: str) -> None:
    said = new_value(new)
    assert said is None or not replaced(old, said)


def test_the_new_memory_drops_the_old_value_but_keeps_what_a_quantity_measures() -> None:
    food = "사용자의 고양이 루루가 로얄캐닌에 질렸는지 안 먹어서 Hill's로 바꿨다"
    said = new_value(food)
    assert said is not None
    assert without_old(food, said, "사용자의 고양이 루루는 Royal Canin 사료 먹는다") == \
        "사용자의 고양이 루루가 안 먹어서 Hill's로 바꿨다"
    milk = "사용자는 요즘은 두유 말고 오트밀크로 바꿨다"
    said = new_value(milk)
    assert said is not None and without_old(milk, said, "사용자는 라떼에 두유 넣는다") == \
        "사용자는 요즘은 오트밀크로 바꿨다"
    dose = "사용자는 몽이 베트메딘 하루 세 번으로 늘렸다"
    said = new_value(dose)
    assert said is not None and without_old(dose, said, "몽이는 베트메딘 하루 두 번 먹는다") == dose


SCOPE = Scope(user="u1")
AT = datetime(2026, 10, 25, 15, tzinfo=UTC)
BEFORE = datetime(2026, 9, 2, 15, tzinfo=UTC)


def _record(content: str, **kw: object) -> MemoryRecord:
    return candidate_record(Candidate(content=content, at=BEFORE, **kw), SCOPE, BEFORE, {})  # type: ignore[arg-type]


def _plan(new: str, *olds: MemoryRecord):  # noqa: ANN202
    return reconcile([Candidate(content=new, at=AT)], olds, now=AT,
                     make_record=lambda c: candidate_record(c, SCOPE, AT, {}))


def test_a_dose_supersedes_the_pinned_dose_and_stays_a_core_fact() -> None:
    dose = _record("사용자의 강아지 몽이는 심장약 베트메딘 하루 두 번 먹는다",
                   tags=("medication",), pinned=True)
    walk = _record("사용자의 강아지 몽이는 아침마다 산책한다")
    plan = _plan("사용자는 몽이 베트메딘 하루 세 번으로 늘렸다", dose, walk)
    assert [c.before.id for c in plan.changes] == [dose.id]
    assert plan.changes[0].after.valid_to == AT
    (made,) = plan.creates
    assert made.pinned and "medication" in made.tags and "세 번" in made.content


def test_never_an_allergy() -> None:
    allergy = _record("User is allergic to penicillin, gets hives", tags=("allergy",),
                      pinned=True)
    plan = _plan("User's doctor switched User's penicillin to amoxicillin", allergy)
    assert plan.changes == []


def test_the_new_memory_is_stored_without_the_old_value() -> None:
    food = _record("사용자의 고양이 루루는 Royal Canin 인도어 사료 먹는다")
    plan = _plan("사용자의 고양이 루루가 로얄캐닌에 질렸는지 안 먹어서 Hill's로 바꿨다", food)
    (made,) = plan.creates
    assert [c.before.id for c in plan.changes] == [food.id]
    assert "로얄캐닌" not in made.content and "Hill's" in made.content


@pytest.mark.anyio
async def test_new_values_across_sessions_through_the_api(settings: GieokSettings,
                                                          tmp_path: Path, sessions: Any) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        surgery = await sessions.live_memories(mem, "surgery", "엄마 무릎 수술이 4월 3일로 잡혔어",
                                               "엄마 수술 날짜 4월 17일로 미뤄졌어 병원 사정 때문에")
        assert any("17일" in m for m in surgery) and not any("3일" in m for m in surgery)
        milk = await sessions.live_memories(mem, "milk", "저는 라떼에 우유 대신 두유 넣어 마셔요",
                                            "요즘은 두유 말고 오트밀크로 바꿨어요")
        assert any("오트" in m for m in milk) and not any("두유" in m for m in milk)
        coffee = await sessions.live_memories(mem, "coffee", "저 매일 아침 커피 두 잔 마셔요",
                                              "커피에 넣는 우유를 오트밀크로 바꿨어요")
        assert any("두 잔" in m for m in coffee) and any("오트" in m for m in coffee)
        dose = await sessions.live_memories(mem, "dose", "I take 50mg of sertraline every morning",
                                            "my psychiatrist bumped my sertraline up to 100mg")
        assert any("100mg" in m for m in dose) and not any("50mg" in m for m in dose)


NARROWED = [
    ("User is moving to day shift from november", "User works nights at St. Mary's, ER nurse",
     "User works at St. Mary's, ER nurse"),
    ("User is moving to day shift from november",
     "User is on the night shift at the Amazon warehouse, 10pm to 6am",
     "User is at the Amazon warehouse"),
    ("User switched teams, User is on the search team now",
     "User works at Stripe on the payments team", "User works at Stripe"),
    ("사용자는 이제 야간 안 한다", "사용자는 간호사인데 야간 근무한다", "사용자는 간호사인데 근무한다"),
]


@pytest.mark.parametrize(("new", "old", "rest"), NARROWED)
def test_a_change_of_a_part_leaves_the_rest(new: str, old: str, rest: str) -> None:
    said = change(new)
    assert said is not None and narrowed(old, said) == rest


@pytest.mark.parametrize(("new", "old"), [
    ("User switched gyms, User is at Anytime Fitness now",
     "User goes to CrossFit Gangnam three times a week"),  # the gym is the whole memory
    ("User got moved to the day shift", "User works nights"),  # nothing else to keep
    # the workplace changed with the shift: the rest is not current either
    ("User's husband switched to day shifts at a new clinic",
     "User's husband works nights at the hospital"),
])
def test_a_change_of_the_whole_leaves_nothing(new: str, old: str) -> None:
    said = change(new)
    assert said is not None and narrowed(old, said) is None


def test_reconcile_keeps_the_job_when_only_the_shift_changed() -> None:
    job = _record("User works nights at St. Mary's, ER nurse")
    plan = _plan("User is moving to day shift from november", job)
    assert [c.before.id for c in plan.changes] == [job.id] and not plan.changes[0].after.is_live()
    assert sorted(r.content for r in plan.creates) == [
        "User is moving to day shift from november", "User works at St. Mary's, ER nurse"]
    rest = next(r for r in plan.creates if r.content.startswith("User works"))
    assert rest.is_live() and rest.metadata.get("narrowed_from") == job.id


def test_a_dose_said_alone_replaces_the_one_memory_giving_a_dose() -> None:
    thyroid = _record("User takes levothyroxine 50mcg every morning", tags=("medication",),
                      pinned=True)
    walk = _record("User walks 5km every morning")
    plan = _plan("User's doctor raised User's dose to 75mcg last week", thyroid, walk)
    assert [c.before.id for c in plan.changes] == [thyroid.id]
    (made,) = plan.creates
    assert made.pinned and "75mcg" in made.content
    assert made.content.endswith("(levothyroxine)")  # whose dose, said in the new memory
    statin = _record("User takes atorvastatin 20mg at night", tags=("medication",), pinned=True)
    # two medicines with a dose: whose dose went up is not said — both stay
    assert _plan("User's doctor raised User's dose to 75mcg", thyroid, statin).changes == []


def test_the_old_value_named_as_dropped_renews_a_rule_and_dates_the_turns() -> None:
    from gieok.domain.records import MemoryType

    bullets = _record("Always answer the user in bullet points", type=MemoryType.RULE)
    plan = _plan("Scrap the bullet points, User wants short paragraphs instead", bullets)
    assert [c.before.id for c in plan.changes] == [bullets.id]
    assert plan.changes[0].details.get("names") == ["bullet points"]
    (made,) = plan.creates
    assert "bullet" not in made.content and "paragraphs" in made.content
    korean = _record("사용자 요청: 보고서는 항상 개조식으로 써 줘", type=MemoryType.RULE)
    plan = _plan("사용자 요청: 이제 개조식 말고 줄글로 써 주세요", korean)
    assert [c.before.id for c in plan.changes] == [korean.id]
    assert plan.creates[0].content == "사용자 요청: 이제 줄글로 써 주세요"
    # a rule never renews a fact: "answer in English instead of Korean" keeps the class
    learning = _record("User is learning Korean at a hagwon")
    plan = reconcile([Candidate(content="Answer in English instead of Korean", at=AT,
                                type=MemoryType.RULE)], [learning], now=AT,
                     make_record=lambda c: candidate_record(c, SCOPE, AT, {}))
    assert plan.changes == []


def test_a_value_said_not_to_hold_is_dropped_from_the_new_memory() -> None:
    hours = _record("사용자의 가게 영업시간 10시부터 8시다")
    plan = _plan("사용자는 영업 10시 아니고 11시로 바뀐다", hours)
    assert [c.before.id for c in plan.changes] == [hours.id]
    assert plan.creates[0].content == "사용자는 영업 11시로 바뀐다"
    assert plan.changes[0].details.get("names") == ["10시"]


def test_a_change_naming_no_one_takes_the_one_pets_thing_not_two_pets() -> None:
    food = _record("사용자는 고양이 사료 로얄캐닌 인도어 먹인다")
    plan = _plan("사용자는 힐스 저알러지 사료로 바꿨더니 토 안 한다", food)
    assert [c.before.id for c in plan.changes] == [food.id]
    cat = _record("사용자는 고양이 사료 로얄캐닌 먹인다")
    dog = _record("사용자는 강아지 사료 오리젠 먹인다")
    assert _plan("사용자는 힐스 사료로 바꿨다", cat, dog).changes == []
