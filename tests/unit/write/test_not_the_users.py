"""What a user says that is not a fact about them (write/extract/discourse.py, standing.py):
news about someone outside the family, the options or details handed over with a request, a
one-off "X 말고 Y" taken for a standing rule, "ok noted" read as "note …". And what must stay:
the user's own clause next to someone else's, a statement after a request's colon, a real
change of how answers go ("이제 X로 알려줘"). Sentences written for these tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from gieok.write.extract import discourse, discourse_others, standing

AT = datetime(2026, 6, 9, 20, 0, tzinfo=UTC)


@pytest.fixture
def said(chat_extract: Any) -> Callable[..., list[str]]:
    return lambda *turns: chat_extract.contents(*turns, at=AT)  # type: ignore[no-any-return]


# --- someone outside the family ------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "부장님 딸이 이번에 로스쿨 붙었대요. 축하 문자 뭐라고 보내지",
    "아빠 친구분이 요즘 통풍 때문에 고생하신대.",
    "우리 윗집 사람이 그랜드 피아노 들였는데 소리가 은근 울려",
    "제 직장 동료가 이번에 하와이로 신혼여행 간대요. 선물 뭐 사 올까요?",
    "my roommate's sister just adopted a greyhound",
    "our landlord is selling the building next spring",
])
def test_news_about_someone_outside_the_family_is_no_memory(
        said: Callable[..., list[str]], text: str) -> None:
    assert said(("user", text)) == []


def test_the_users_own_clause_next_to_someone_elses_stays(
        said: Callable[..., list[str]]) -> None:
    got = said(("user", "친구는 회계사고 저는 세무사예요"))
    assert any("세무사" in m for m in got) and not any("회계사" in m for m in got)
    got = said(("user", "my friend's cat had kittens and I adopted one of them, a tabby named Miso"))
    assert any("Miso" in m for m in got)


def test_outsider_reading_is_by_the_subject_not_by_a_word_anywhere() -> None:
    assert discourse_others.about_outsider("동료가 다음 달에 제주로 이사 간대")
    # the user is in the rest: their clause, not only the colleague's
    assert not discourse_others.about_outsider("동료가 추천해 준 병원인데 저 거기서 디스크 진단받았어요")
    # a relative is the subject; the colleague is an object
    assert not discourse_others.about_outsider("남편이 회사 동료랑 골프 치러 갔어")
    # who that person is in the user's life: a role, not their news
    assert not discourse_others.about_outsider("우리 과장님은 박지훈 과장님이에요")
    # a client's requirement is the project's
    assert not discourse_others.about_outsider("클라이언트가 로고는 무조건 남색으로 쓰래")


# --- what is handed over for a task ---------------------------------------------------------

@pytest.mark.parametrize("turn", [
    "회식 장소 정해 줘. 1번 을지로 2번 성수",
    "발표 자료 제목 좀 지어 줘: 분기별 매출 요약",
    "proofread this for me: 'Their going to the park tomorow'",
    "초대장 문구 써 주세요. 토요일 오후 두 시, 30명",
    "간식 3개 중에 하나 정해 줘. 1번 약과 2번 양갱 3번 젤리",  # "개" in "3개" is no dog
])
def test_the_material_of_a_request_is_no_memory(said: Callable[..., list[str]],
                                                 turn: str) -> None:
    assert said(("user", turn)) == []


def test_a_statement_after_the_colon_or_a_rule_after_a_request_stays(
        said: Callable[..., list[str]]) -> None:
    got = said(("user", "help me make a packing list: I'm going to Lisbon for my sister's "
                        "wedding in June"))
    assert any("Lisbon" in m for m in got)
    assert discourse_others.request_material("1번 을지로 2번 성수", "회식 장소 정해 줘.")
    assert not discourse_others.request_material("다 존댓말로요", "앞으로 답할 때 존댓말 써 주세요.")
    assert not discourse_others.request_material("저는 채식주의자예요", "메뉴 추천해 줘.")
    # what follows a request that names a relative describes them
    assert not discourse_others.request_material("열 살 남자애예요", "동생 생일 선물 골라 주세요.")


# --- standing rules: a change from now on, not a one-off ------------------------------------

@pytest.mark.parametrize("text", [
    "회사 옮겨서 이제 Slack 말고 Teams 기준으로 설명해 줘",
    "이제 미터법으로 알려줘",
])
def test_a_change_from_now_on_is_a_rule(text: str) -> None:
    rule = standing.instruction(text)
    assert rule is not None and rule.family == "rule"


@pytest.mark.parametrize("text", [
    "보고서 표지 색은 파랑 말고 초록으로 해 줘",
    "pandas 말고 polars 쓰는 법 알려줘",
])
def test_x_instead_of_y_for_the_task_at_hand_is_no_rule(
        said: Callable[..., list[str]], text: str) -> None:
    assert standing.instruction(text) is None
    assert not any(m.startswith("사용자 요청") for m in said(("user", text)))


def test_the_rule_said_with_its_reason_is_one_rule(said: Callable[..., list[str]]) -> None:
    got = said(("user", "나 이번에 캐나다로 이민 가서 이제 캐나다식 영어로 알려줘"))
    assert got and all(m.startswith("사용자 요청") for m in got)


# --- "noted" is not "note …" ----------------------------------------------------------------

@pytest.mark.parametrize("text", ["ok noted", "noted, thanks", "saved it, thanks"])
def test_an_acknowledgement_is_no_note(said: Callable[..., list[str]], text: str) -> None:
    assert said(("user", text)) == []


def test_a_request_to_note_still_is_one(said: Callable[..., list[str]]) -> None:
    assert any("allergic to eggs" in m
               for m in said(("user", "Please note that my son is allergic to eggs")))


# --- a daydream's wish, a slip of memory -----------------------------------------------------

@pytest.mark.parametrize("turn", [
    "복권 당첨되면 뭐부터 하지? 세계 일주 가야지",
    "what if I got the Berlin offer? I'd take it in a heartbeat",
])
def test_what_the_user_would_do_in_an_imagined_case_is_no_memory(
        said: Callable[..., list[str]], turn: str) -> None:
    assert said(("user", turn)) == []


def test_an_intention_after_a_real_statement_is_read_as_usual() -> None:
    assert not discourse_others.answers_a_hypothetical("세계 일주 가야지", "나 다음 달에 퇴사해.")
    # a standing rule with a condition is no daydream
    assert not discourse_others.answers_a_hypothetical(
        "일찍 자고 싶어", "혹시 내가 새벽에 말 걸면 자라고 해 줘.")


@pytest.mark.parametrize("text", ["아 또 까먹었어 ㅋㅋ", "I always mix them up lol",
                                  "yeah I keep forgetting", "주소 또 헷갈려"])
def test_a_slip_of_memory_said_as_a_remark_is_no_memory(
        said: Callable[..., list[str]], text: str) -> None:
    assert said(("user", text)) == []


def test_a_slip_after_a_clause_of_its_own_is_not_a_bare_remark() -> None:
    assert not discourse.is_noise("매주 월요일에 분리수거 하는데 자꾸 까먹어")
    assert not discourse.is_noise("I forget names easily because of my TBI")
