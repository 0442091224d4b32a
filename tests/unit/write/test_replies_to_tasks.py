"""Replies inside a task conversation that say nothing lasting about the user (session 15;
asides.tried, asides.ko_asks, asides.fiction): turning down a suggestion because it was
already done, a question typed as a bare verb with a wh-word and no question mark, and a
story's character told on in a later turn. Every sentence was written for these tests; each
class has look-alikes that stay.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gieok.write.extract import asides

_SHOWS = "'오징어 게임', '더 글로리', '무빙' 어때요?"
_PLACES = "성산일출봉이나 우도 추천해요."


@pytest.mark.parametrize(("text", "shown"), [
    ("더 글로리 이미 봤음", _SHOWS),
    ("무빙 벌써 봤어요 ㅋㅋ", _SHOWS),
    ("우도 가봤어요", _PLACES),
    ("성산일출봉은 예전에 가봤어", _PLACES),
    ("Dune 이미 읽었어요", "'Dune'이나 'Foundation' 어떠세요?"),
])
def test_a_suggestion_already_done_is_no_memory(text: str, shown: str) -> None:
    assert asides.tried(text, shown)


@pytest.mark.parametrize(("text", "shown"), [
    ("우도는 작년에 가봤는데 배멀미 심했어요", _PLACES),  # a second clause says more
    ("나 무빙 이미 봤어", _SHOWS),  # the user as the subject
    ("그 약 먹어봤는데 안 맞았어요", "메트포르민 드셔 보세요."),  # a health experience
    ("제주도 가봤어요", _PLACES),  # a place the assistant never named
    ("더 글로리 안 봤어요", _SHOWS),  # not done
])
def test_an_experience_of_its_own_is_not_that_reply(text: str, shown: str) -> None:
    assert not asides.tried(text, shown)


@pytest.mark.parametrize("text", ["한복 어디서 빌려", "사과 문자 뭐라고 써", "이 표 어떻게 정리해",
                                  "택배 언제 보내"])
def test_a_bare_verb_with_a_wh_word_asks(text: str) -> None:
    assert asides.ko_asks(text)


@pytest.mark.parametrize("text", ["팀장님이 맨날 뭐라고 해", "뭐 좀 샀어", "나 부산에서 살아",
                                  "어디서 샀는지 기억 안 나"])
def test_a_statement_with_a_wh_word_or_no_wh_word_does_not(text: str) -> None:
    assert not asides.ko_asks(text)


@pytest.mark.parametrize("text", [
    "주인공은 서른 살 간호사고 남동생이 어부예요",
    "악역은 은퇴한 형사인데 딸이 검사야",
    "the heroine is a welder whose brother runs a pub",
    "The main character lives in Hull with her twin sons",
])
def test_a_character_told_on_is_the_storys(text: str) -> None:
    assert asides.fiction(text)


@pytest.mark.parametrize("text", ["주인공은 나야", "오늘 파티 주인공은 우리 딸이야",
                                  "the villain is my old landlord lol"])
def test_the_user_or_a_real_person_named_with_it_is_not(text: str) -> None:
    assert not asides.fiction(text)


def test_a_story_told_over_two_turns_leaves_no_family(asked: Callable[..., list[str]]) -> None:
    kept = asked(("user", "단편 소설 쓰고 있는데 첫 장면 봐줄래요?"), ("assistant", "네, 보여주세요."),
                 ("user", "주인공은 스무 살 대학생이고 엄마가 해녀예요"))
    assert not any("해녀" in m for m in kept)


def test_a_suggestion_turned_down_leaves_no_memory(asked: Callable[..., list[str]]) -> None:
    kept = asked(("user", "볼 만한 드라마 추천해줘"), ("assistant", _SHOWS), ("user", "무빙 이미 봤음"))
    assert not any("무빙" in m for m in kept)


@pytest.mark.parametrize("text", ["동네에 아이랑 갈 만한 데 있을까요?", "조용히 공부할 만한 데 있어?",
                                  "주차 가능한 데?"])
def test_a_place_asked_for_is_no_premise(said: Callable[[str], list[str]], text: str) -> None:
    # "만한 데" with a space is the noun "a place", not the joint "-ㄴ데" of a premise
    assert said(text) == []


def test_a_premise_said_with_the_joint_is_still_read(said: Callable[[str], list[str]]) -> None:
    assert any("광주" in m for m in said("나 광주 사는데 근처에 갈 만한 데 있어?"))


@pytest.mark.parametrize("text", ["우리 밴드 이름이 '새벽 세시 반'인데 로고 시안 좀 봐줘"])
def test_a_name_given_before_a_request_stays(said: Callable[[str], list[str]], text: str) -> None:
    name = text.split("'")[1]
    assert any(name in m for m in said(text))


def test_a_thing_identified_by_whom_it_came_from_is_still_not_a_memory(
        said: Callable[[str], list[str]]) -> None:
    assert said("삼촌이 보내 준 사진인데 어디인지 알아?") == []


@pytest.mark.parametrize("text", ["나 커피 안 마시는 거 아니야 ㅋㅋ 오늘만 참는 거", "운동 그만둔 게 아니에요",
                                  "회사 그만두는 거 아님"])
def test_it_is_not_that_is_a_denial(text: str) -> None:
    from gieok.write.extract import discourse

    assert discourse.denial(text)


@pytest.mark.parametrize("text", ["나 이제 학생 아니야", "저 채식주의자 아니에요 그냥 고기를 덜 먹어요"])
def test_a_plain_no_is_not_that_denial(text: str) -> None:
    from gieok.write.extract import discourse

    assert not discourse._DENIAL_KO.search(text)


@pytest.mark.parametrize("question", ["Need the invoice as a PDF?", "Want it shorter?",
                                      "에러 메시지가 뭐라고 떠요?", "What error do you get?",
                                      "몇 분 정도 오시나요?"])
def test_an_offer_or_the_tasks_error_is_a_task_question(question: str) -> None:
    from gieok.write.extract import asked_task

    assert asked_task.task_question(question)


@pytest.mark.parametrize(("text", "broken"), [("the sync script isn't loading my config", True),
                                             ("our printer wasn't printing all morning", True),
                                             ("I'm not loading the van today", False)])
def test_a_thing_not_doing_its_job_is_task_talk(text: str, broken: bool) -> None:
    from gieok.write.extract import task_talk

    assert task_talk.malfunction(text) is broken


@pytest.mark.parametrize("text", ["우리 아들은 왜인지 오이를 엄청 싫어해", "동생은 어디서 살아"])
def test_a_wh_word_beside_a_topic_of_its_own_does_not_ask(text: str) -> None:
    assert not asides.ko_asks(text)
