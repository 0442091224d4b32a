"""Fewer wrong or garbled memories (session 18, issue 16): a Korean request said with 봐 or 좀
at its end, a need for the task and an opinion are no memory (their reason may be); a task
named as a thing ("…하는 거") is no statement; an answer to a question that steers the task
(what the user has in mind, a date range, a deadline, a head count guessed, where the user
stands now for the plan, one of two options) is no memory; a household said as a bare count
before a question is what the user has; in a forwarded chat only the user's own lines are
read. Every sentence was written for these tests; each class has look-alikes that keep their
fact.
"""

from __future__ import annotations

import pytest

from gieok.write.extract import asked_task, forwarded, fragments, generic, request_reason
from tests.support.chat_extract import chat, said


# -- a Korean request, need or opinion without 줘 at its end ----------------------------------

@pytest.mark.parametrize("text", [
    "주말에 갈 만한 데 리스트만 줘봐",
    "그동안 먹을 만한 간식 추천 좀",
    "다이어트 식단 아이디어 좀",
    "발표 자료 만들 때 쓸 양식 필요해",
    "근데 난 개인적으로 좀 이르다고 생각함",
    "regex로 이메일 주소 matching 하는 거",
])
def test_a_request_need_or_opinion_is_no_memory(text: str) -> None:
    assert said(text) == []


@pytest.mark.parametrize(("text", "kept", "dropped"), [
    ("나 간호사라서 교대 근무표 양식 필요해", "간호사", "양식"),
    ("저는 채식주의자라서 고기 없는 레시피 추천 좀", "채식주의자", "추천"),
    ("ㅇㅇ 다음 달에 Lisbon 가서 필요함", "Lisbon", "필요"),
])
def test_the_reason_of_a_request_or_need_is_kept(text: str, kept: str, dropped: str) -> None:
    got = said(text)
    assert any(kept in m for m in got)
    assert not any(dropped in m for m in got)


@pytest.mark.parametrize(("text", "kept"), [
    ("나 당뇨라서 인슐린 필요해", "당뇨"),  # a need about health stays
    ("내 취미는 사진 찍는 거", "취미"),  # a topic of its own: a statement
    ("격주 토요일마다 양로원 가서 봉사해 같이 그림 그리는 거", "양로원"),  # a habit, two clauses
    ("우리 딸 견과류 알레르기 있어서 간식 추천 좀", "알레르기"),
])
def test_look_alikes_keep_their_fact(text: str, kept: str) -> None:
    assert any(kept in m for m in said(text))


def test_a_task_named_as_a_thing_after_a_relatives_surgery() -> None:
    got = said("아빠가 허리 수술 받으셔서 보험 청구하는 거")
    assert got == ["사용자의 아빠가 허리 수술 받으셨다"]  # the surgery the claim is for happened


def test_the_request_words_are_read_by_ko_asks() -> None:
    assert request_reason.ko_asks("목록 좀")
    assert not request_reason.ko_asks("크론병 환자 도시락 추천 좀")  # says the user has it
    assert not request_reason.ko_asks("나 부산 살아")


def test_during_is_no_meal_skipped() -> None:
    """"그동안 먹을 만한": 동안 (during), not 안 먹 (does not eat)."""
    from gieok.write.extract.health import HEALTH

    assert HEALTH.search("그동안 먹을 만한 아침") is None
    assert HEALTH.search("나 고기 안 먹어") is not None


# -- an answer to a question that steers the task ------------------------------------------

@pytest.mark.parametrize("question", [
    "What games do you have in mind?", "Any date range?", "Any size preference?",
    "보고서 마감은 언제예요?", "영업 시간대는 어떻게 되나요?", "Three people?", "두 분이세요?",
    "What's your current weekly distance?", "What's your longest recent ride?",
    "지금 하루에 몇 잔 드세요?", "짜장이랑 짬뽕 중에 뭐가 좋으세요?",
])
def test_questions_that_steer_the_task(question: str) -> None:
    assert asked_task.task_question(question)


@pytest.mark.parametrize("question", [
    "Any dietary preferences?", "Electric or hybrid?", "What's your current job?",
    "지금 몇 살이에요?", "지금은 얼마 드세요?", "How old is your son?",
])
def test_questions_about_the_user_stay(question: str) -> None:
    assert not asked_task.task_question(question)


def test_an_answer_to_a_date_range_is_no_memory() -> None:
    got = chat("u: find me flights Busan to Osaka in may", "a: Sure. Any date range?",
               "u: 3rd to 9th")
    assert got == []


# -- a household said as a bare count before its question ----------------------------------

@pytest.mark.parametrize(("text", "memory"), [
    ("two dogs in a studio flat, how often should I walk them", "User has two dogs in a studio flat"),
    ("3 kids under 6, what board games should we get", "User has 3 kids under 6"),
])
def test_a_household_before_its_question_is_kept(text: str, memory: str) -> None:
    assert memory in said(text)


@pytest.mark.parametrize("text", [
    "two tickets for friday, how much should I budget",
    "three bags of flour, how long do they keep",
])
def test_a_count_of_things_is_no_household(text: str) -> None:
    assert not any("User has" in m for m in said(text))
    assert fragments.household(text.split(",")[0]) is None


# -- a forwarded chat ----------------------------------------------------------------------

def test_only_the_users_lines_of_a_forwarded_chat_are_read() -> None:
    text = "[Uncle Ben]: I'll bring the wine, just moved to Leeds. [Me]: we live in York now"
    assert forwarded.own_lines(text) == "we live in York now"
    got = said(text)
    assert not any("Leeds" in m or "wine" in m for m in got)
    assert any("York" in m for m in got)


def test_a_bracket_inside_a_sentence_is_no_speaker() -> None:
    text = "I live in York [see map] and work in Leeds"
    assert forwarded.own_lines(text) == text


def test_generic_ko_worth_keeping_reads_the_new_shapes() -> None:
    assert not generic.worth_keeping("캠핑 리스트만 줘봐")
    assert generic.worth_keeping("나 부산 살아")


# -- someone else's someone, a question asked for someone -----------------------------------

@pytest.mark.parametrize("text", [
    "my cousin's friend's cat Miso had a dental, how long is recovery",
    "my boss's neighbour's kid got into Oxford",
])
def test_someone_elses_someone_is_no_memory(text: str) -> None:
    assert said(text) == []


def test_a_question_asked_for_someone_is_no_memory() -> None:
    got = chat("u: my aunt's vet says her dog needs a scale and polish, is that normal?",
               "a: Yes, dental cleaning is routine for older dogs.",
               "u: she's also asking whether anaesthesia is risky")
    assert not any("asking" in m for m, _ in got)


@pytest.mark.parametrize(("text", "kept"), [
    ("Every thursday I walk my neighbour's dog Rex", "neighbour"),  # the user does it
    ("my brother's dog Max is a beagle", "Max"),  # a relative's pet
])
def test_look_alikes_of_someone_elses_someone_stay(text: str, kept: str) -> None:
    assert any(kept in m for m in said(text))


# -- a pet kept by a friend; a pronoun is no pet's name ---------------------------------------

def test_a_friends_pet_is_not_the_users() -> None:
    got = chat("u: 동료가 콩이라는 강아지 키우는데 다리를 다쳤대. 뭐 보내면 좋을까",
               "a: 부드러운 간식이나 쿠션은 어떠세요?", "u: 콩이 나이는 12살이래")
    assert not any("키운다" in m for m, _ in got)


def test_the_users_own_pet_named_the_same_way_stays() -> None:
    assert any("보리" in m for m in said("나 보리라는 강아지 키워"))


# -- a slip owned up to in the sentence before ----------------------------------------------

def test_a_slip_owned_up_to_before_the_right_value() -> None:
    from gieok.write.extract.correction import corrected_earlier, joined
    from gieok.write.extract.discourse import split_sentences

    got = joined(split_sentences("아 잠깐 아까 말 잘못했다. 나 회계사 아니고 세무사야. 서류 양식 좀 만들어줘"))
    assert corrected_earlier(got[0]) == ("회계사", "세무사")
