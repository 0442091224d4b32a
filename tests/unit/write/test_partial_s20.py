"""A change of one detail must not end the whole memory (session 20, issue 16).

A compound memory ("보리는 닭고기 알러지가 있어서 연어 사료만 먹는다", "우리 팀 백엔드는 FastAPI +
Postgres 15 쓰고 배포는 fly.io로 한다", "User is a product manager at a fintech in Toronto")
was superseded whole by a change of one of its details; what the change left alone now stays
current as a memory of its own, and the old wording stays in history.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from gieok import Memory
from gieok.write.extract.dwelling import home_in, household
from gieok.write.extract.new_value import new_value, replaced
from gieok.write.extract.old_words import without_old
from gieok.write.partial import rewritten, same_job, unchanged


@pytest.mark.parametrize(("old", "new", "names", "rest"), [
    ("사용자의 강아지 보리는 닭고기 알러지가 있어서 연어 사료만 먹는다",
     "사용자의 강아지 보리 사료를 오리로 바꿨다", (), "사용자의 강아지 보리는 닭고기 알러지가 있다"),
    ("우리 팀 백엔드는 FastAPI + Postgres 15 쓰고 배포는 fly.io로 한다",
     "이제 배포는 AWS ECS로 옮겼다", ("fly.io",), "우리 팀 백엔드는 FastAPI + Postgres 15 쓴다"),
    ("사용자의 딸 지아는 초등학교 1학년이고 매주 수요일에 피아노 학원 다닌다",
     "사용자는 지아 피아노 금요일로 옮겼다", ("수요일",), "사용자의 딸 지아는 초등학교 1학년이다"),
    ("사용자의 딸 지아는 초등학교 1학년이고 매주 수요일에 피아노 학원 다닌다. 선생님은 윤선생님이다",
     "사용자는 지아 피아노 금요일로 옮겼다", ("수요일",), "사용자의 딸 지아는 초등학교 1학년이다"),
    ("User is allergic to peanuts and takes Zyrtec daily",
     "User switched from Zyrtec to Claritin", ("Zyrtec",), "User is allergic to peanuts"),
    ("User's son Leo is in year 4; he has swimming on Tuesdays",
     "Leo's swimming moved to Thursdays", (), "User's son Leo is in year 4"),
    ("User's son Leo has swimming on Tuesdays; he is in year 4",
     "Leo's swimming moved to Thursdays", (), "User's son Leo is in year 4"),
])
def test_the_clauses_the_change_left_alone(old: str, new: str, names: tuple[str, ...],
                                           rest: str) -> None:
    assert unchanged(old, new, names) == rest


@pytest.mark.parametrize(("old", "new"), [
    ("사용자는 피아노 배우고 있다", "사용자는 기타 배운다"),             # one predicate ("-고 있다")
    ("사용자는 학원 가서 피아노 친다", "사용자는 피아노 금요일로 옮겼다"),  # "-어서" of an event
    ("사용자의 강아지 보리는 연어 사료만 먹는다", "보리 사료를 오리로 바꿨다"),  # one clause
    ("User is a nurse and works nights at St Mary's", "User moved to day shift"),  # nothing shared
    ("User's son Leo plays the cello; he has lessons on Tuesdays",
     "Leo's cello lessons moved to Thursdays"),                     # both clauses name the cello
    ("사용자는 헬스 다니고 헬스장은 집 앞이다", "사용자는 헬스 그만두고 수영 다닌다"),  # all touched
])
def test_no_clause_kept(old: str, new: str) -> None:
    assert unchanged(old, new) is None


@pytest.mark.parametrize(("old", "new", "rest"), [
    ("User is a product manager at a fintech in Toronto", "User got promoted to senior PM",
     "User works at a fintech in Toronto"),
    ("User is a nurse at St. Mary's", "User is now a senior nurse, finally",
     "User works at St. Mary's"),
    ("사용자는 토스에서 PM으로 일한다", "사용자는 시니어 PM으로 승진했다", "사용자는 토스에서 일한다"),
])
def test_the_workplace_of_a_role_changed(old: str, new: str, rest: str) -> None:
    assert same_job(old, new) == rest


@pytest.mark.parametrize(("old", "new"), [
    ("User is a product manager at a fintech in Toronto", "User got promoted to senior PM at Stripe"),
    ("User is a product manager at a fintech in Toronto", "User left for a new job as a senior PM"),
    ("User is a product manager at a fintech in Toronto", "User loves the new coffee machine"),
    ("User works from home", "User got promoted to senior PM"),
    ("사용자는 토스에서 PM으로 일한다", "사용자는 카카오로 이직하면서 승진했다"),
])
def test_no_workplace_kept(old: str, new: str) -> None:
    assert same_job(old, new) is None


def test_the_topic_stays_when_the_old_value_is_said_dropped() -> None:
    said = "이제 배포는 fly.io 말고 AWS ECS로 옮겼어"
    nv = new_value(said)
    assert nv is not None
    assert without_old(said, nv, "우리 팀 백엔드는 FastAPI 쓰고 배포는 fly.io로 한다") == \
        "이제 배포는 AWS ECS로 옮겼어"


def test_half_past_is_a_time() -> None:
    nv = new_value("standup 9시 반으로 바뀌었어")
    assert nv is not None and nv.value == "9시 반"
    assert without_old("standup 9시 반으로 바뀌었어", nv, "우리 팀 standup은 매일 10시에 한다") == \
        "standup 9시 반으로 바뀌었어"


@pytest.mark.parametrize(("memory", "home", "rest"), [
    ("사용자는 남편 준수랑 아들 은호랑 인천 송도에 산다", "인천 송도", "사용자는 남편 준수랑 아들 은호랑 산다"),
    ("사용자는 아내와 딸이랑 대전에 산다", "대전", "사용자는 아내와 딸이랑 산다"),
    ("사용자는 남편하고 분당에 산다", "분당", "사용자는 남편하고 산다"),
])
def test_the_household_said_before_the_place(memory: str, home: str, rest: str) -> None:
    assert home_in(memory) == home
    assert household(memory) == rest


@pytest.mark.parametrize("memory", [
    "사용자는 엄마랑 통화하고 서울에 산다",   # a call, not who the user lives with
    "사용자는 엄마랑 친구 집에 산다",
])
def test_no_household_before_the_place(memory: str) -> None:
    assert household(memory) is None


@pytest.fixture
def mem(tmp_path) -> Iterator[Memory]:  # type: ignore[no-untyped-def]
    with Memory(f"sqlite:///{tmp_path / 'm.db'}") as m:
        yield m


def test_an_allergy_outlives_a_change_of_food(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-05-01", "우리 강아지 보리는 닭고기 알러지가 있어서 연어 사료만 먹어요", "s0")
    sessions.say(mem, "2026-09-10", "보리 사료를 연어에서 오리로 바꿨어요", "s1")
    live = {r.content: r for r in mem.list(user_id="u", limit=100)}
    kept = [c for c in live if "알러지" in c]
    assert kept and "연어" not in kept[0] and live[kept[0]].pinned
    assert any("오리" in c for c in live)


def test_a_promotion_keeps_the_employer(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-05-01",
                 "Hi! I'm Priya, 34, product manager at a fintech in Toronto", "s0")
    sessions.say(mem, "2026-09-10", "I got promoted to senior PM!", "s1")
    live = sessions.listed(mem)
    assert any("fintech in Toronto" in c and "product manager" not in c for c in live)
    assert not any("product manager" in c for c in live)


def test_a_deploy_target_moved_keeps_the_stack(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-05-01", "우리 팀 백엔드는 FastAPI + Postgres 15 쓰고 배포는 fly.io로 해", "s0")
    sessions.say(mem, "2026-09-10", "이제 배포는 fly.io 말고 AWS ECS로 옮겼어", "s1")
    live = sessions.listed(mem)
    assert any("FastAPI" in c and "fly.io" not in c for c in live)
    assert any("배포" in c and "AWS ECS" in c for c in live)
    assert not any("fly.io" in c for c in live)


# -- a date or a time moved inside a memory that says more --------------------------------------
@pytest.mark.parametrize(("old", "new", "value", "rest", "before"), [
    ("사용자의 생일 party 4월 25일 토요일로 잡았다, 홍대 bar에서", "사용자는 party 5월 2일로 미뤘다", "5월 2일",
     "사용자의 생일 party 5월 2일로 잡았다, 홍대 bar에서", "4월 25일 토요일"),
    ("우리 팀 standup은 매일 10시, Slack huddle로 한다", "사용자는 standup 9시 반으로 바뀌었다. 여전히 slack huddle다",
     "9시 반", "우리 팀 standup은 매일 9시 반, Slack huddle로 한다", "10시"),
    ("User's dentist appointment is on April 3 at 2pm with Dr. Lee",
     "User moved the dentist appointment to April 17", "April 17",
     "User's dentist appointment is on April 17 at 2pm with Dr. Lee", "April 3"),
])
def test_the_old_memory_at_the_new_date(old: str, new: str, value: str, rest: str,
                                        before: str) -> None:
    assert rewritten(old, new, value) == (rest, before)


@pytest.mark.parametrize(("old", "new", "value"), [
    # the change says more (a reason): it stays a memory of its own words
    ("User's dentist appointment is on April 3 at 2pm with Dr. Lee",
     "User moved the dentist appointment to April 17 because of work", "April 17"),
    ("사용자는 3월 14일에 상견례 잡았다. 강남 한정식집에서",
     "상견례 미뤄졌어요, 예비 시아버님이 입원하셔서 4월 11일로 바꿨다", "4월 11일"),
    # two dates of the kind: which one moved is unknown
    ("사용자는 4월 3일 출국하고 4월 20일 귀국한다", "사용자는 출국 4월 5일로 미뤘다", "4월 5일"),
    # no date or time for a value
    ("사용자는 매일 10시에 요가 간다", "사용자는 요가 필라테스로 바꿨다", "필라테스"),
])
def test_no_rewrite(old: str, new: str, value: str) -> None:
    assert rewritten(old, new, value) is None


def test_a_move_of_the_party_keeps_the_place(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-03-07", "제 생일 party 4월 25일 토요일로 잡았어요, 홍대 bar에서", "s0")
    sessions.say(mem, "2026-04-20", "party 5월 2일로 미뤘어요", "s1")
    live = sessions.listed(mem)
    assert [c for c in live if "party" in c] == ["사용자의 생일 party 5월 2일로 잡았다, 홍대 bar에서"]


# -- a new job said by its start, beside a job memory that says more -----------------------------
def test_a_new_employer_ends_the_old_job_and_keeps_the_home(mem: Memory, sessions: Any) -> None:
    sessions.say(mem, "2026-05-01",
                 "I work at Shopify as a backend dev and live in Ottawa with my partner Alex", "s0")
    sessions.say(mem, "2026-09-10", "started at Stripe last week", "s1")
    live = sessions.listed(mem)
    assert not any("Shopify" in c for c in live)
    assert any("Stripe" in c for c in live)
    assert "User lives in Ottawa with their partner Alex" in live


def test_the_practice_said_by_its_practitioner() -> None:
    said = new_value("Therapy moved to weekly, thursdays still, but 5pm now")
    assert said is not None
    assert replaced("User's therapist appointments are every other Thursday at 4", said)
    assert not replaced("User's therapist is Dr. Kim", said)   # no time of it: not the sessions


@pytest.mark.parametrize(("old", "new", "names"), [
    # the diet's own words, said with a topic of their own: part of what ended
    ("사용자는 채식 시작했다. 고기는 안 먹고 생선은 먹는다", "사용자는 채식 식단을 그만둠", ("채식",)),
])
def test_a_clause_of_its_own_topic_is_never_kept_alone(old: str, new: str,
                                                        names: tuple[str, ...]) -> None:
    assert unchanged(old, new, names) is None


@pytest.mark.parametrize(("old", "new"), [
    # a Korean sentence after the first is no clause of its own here: an afterthought without a
    # predicate ("이번 달부터"), or the reason for what changed ("난시 심하다" for the glasses)
    ("사용자는 vegan 시작했다. 이번 달부터", "사용자는 비건 식단을 그만둠"),
    ("사용자는 안경 쓴다. 난시 심하다", "사용자는 라섹했다. 이제 안경 안 쓴다"),
])
def test_korean_sentences_are_not_split(old: str, new: str) -> None:
    assert unchanged(old, new) is None
