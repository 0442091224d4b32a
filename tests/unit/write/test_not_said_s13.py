"""What a user says that is no memory of theirs, or that reads badly when kept (session 13;
discourse*.py, asides.py, framing.py, passing.py, disclosure.py): hearsay about someone outside
the family with the particle dropped, a search typed as a noun phrase, a question between two,
an idle question, a request with how it should be done after it, the character of a story
request, a sentence disowned, a complaint said as "hell", and a "..." where the speaker only
paused. Every sentence here was written for these tests; each class has look-alikes that stay.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gieok.write.extract import asides, asked_task, discourse, discourse_others, framing, passing
from gieok.write.extract.discourse_split import split_sentences


# --- hearsay about an outsider, the particle dropped ---------------------------------------------
@pytest.mark.parametrize("text", [
    "회사 선배 다음 달에 퇴사한대 ㅋㅋ",
    "우리 과장님 담배 끊으셨대요",
    "옆집 아저씨 요즘 골프 배운다는데 재밌나?",
    "동료 결혼한다고 축의금 얼마 내야 돼?",
])
def test_hearsay_of_an_outsider_is_theirs(text: str) -> None:
    assert discourse_others.about_outsider(text)


@pytest.mark.parametrize("text", [
    "동료 결혼식 가요",  # the user goes
    "동료 덕분에 나 승진했대",  # the user's news, heard
    "동료 추천으로 필라테스 시작했어요",
])
def test_without_hearsay_or_with_the_user_it_stays(text: str) -> None:
    assert not discourse_others.about_outsider(text)


def test_hearsay_before_a_question_is_no_premise(said: Callable[[str], list[str]]) -> None:
    assert said("팀 선배 이번에 마라톤 나간다는데 뭐 선물하면 좋을까?") == []
    assert said("아랫집 아줌마 고양이 세 마리 키운대요. 그래서 요즘 시끄러움") == []


# --- a search typed as a noun phrase ------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "엑셀에서 빈 칸 한 번에 지우는 법",
    "전세랑 월세 차이",
    "제주도 말고 다른 데 추천",
    "된장찌개 레시피",
])
def test_a_search_is_a_question(text: str) -> None:
    assert asides.ko_asks(text) and discourse.is_noise(text)


@pytest.mark.parametrize("text", [
    "요즘 배우는 건 요리하는 법",  # a topic makes it a statement
    "저는 매일 아침 달리는 게 저만의 방법",
    "제 취미는 베이킹",
])
def test_a_statement_ending_in_such_a_noun_stays(text: str) -> None:
    assert not asides.ko_asks(text)


# --- a question between two ---------------------------------------------------------------------
def test_a_question_between_two_is_one_sentence(said: Callable[[str], list[str]]) -> None:
    assert split_sentences("콩국수에 설탕 넣는 거 찬성이야 반대야? 난 그냥 궁금해서") == [
        "콩국수에 설탕 넣는 거 찬성이야 반대야?", "난 그냥 궁금해서"]
    assert split_sentences("이거 좋아 싫어?") == ["이거 좋아 싫어?"]
    assert said("콩국수에 설탕 넣는 거 찬성이야 반대야? 난 그냥 궁금해서") == []


def test_a_statement_then_a_question_is_still_cut() -> None:
    assert split_sentences("나 이사했어 알아?") == ["나 이사했어", "알아?"]
    assert split_sentences("어제 이사했어 집이 훨씬 넓어") == ["어제 이사했어", "집이 훨씬 넓어"]


# --- an idle question ----------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "I'm not going there, just curious",
    "난 그냥 궁금해서",
    "그냥 궁금해서요",
])
def test_an_idle_question_says_nothing(text: str) -> None:
    assert discourse.idle(text) and discourse.is_noise(text)


def test_who_the_user_is_said_with_it_stays(said: Callable[[str], list[str]]) -> None:
    assert not discourse.idle("I'm a paramedic, just curious how others sleep after nights")
    assert said("will it be windy in Lisbon on Friday? I'm not sailing, just curious") == []
    assert said("I'm a paramedic, just curious how others sleep after nights") != []


# --- a turn that says it is not about the user ------------------------------------------------
@pytest.mark.parametrize("text", [
    "이 문장 영어로 바꿔 줘: \"저 내년에 유학 가요\" 친구 대본이에요, 제 얘기 아님",
    "우리 부장님 주말마다 낚시 가신대. 아 이건 부장님 얘기임",
    "what do you feed a ferret? asking for a friend",
])
def test_a_turn_not_about_the_user(text: str, said: Callable[[str], list[str]]) -> None:
    assert discourse.retracted(text)
    assert said(text) == []


def test_a_turn_about_the_user_stays() -> None:
    assert not discourse.retracted("이건 제 얘기예요. 저 내년에 유학 가요")
    assert not discourse.retracted("제 얘기 아니고 남동생 얘기예요")  # whose it is, said next


# --- a request with how it should be done after it -----------------------------------------------
@pytest.mark.parametrize("text", ["자바로 정렬하는 코드 하나 짜줘 짧게", "사과 메일 써 주세요 정중하게"])
def test_a_request_with_its_manner_is_no_statement(text: str) -> None:
    assert discourse.is_noise(text)


def test_a_remember_request_or_a_standing_one_is_not_cut_off() -> None:
    assert not discourse.is_noise("내 결혼기념일 6월 2일이야 기억해줘 꼭")
    assert not discourse.is_noise("그냥 반말로 해줘 편하게")  # how every answer should be


# --- the character of a story request ----------------------------------------------------------
def test_the_character_of_a_story_request_is_not_the_users(said: Callable[[str], list[str]]) -> None:
    assert discourse_others.request_material("하늘이는 바다를 무서워하는 아홉 살", "하늘이라는 아이가 나오는 동화 써줘.")
    assert discourse_others.request_material("Pip is 6 and has a pet snail",
                                             "write a bedtime story about a girl called Pip.")
    assert said("보라라는 고양이가 주인공인 짧은 동화 써 줘. 보라는 겁 많은 세 살 고양이") == []


def test_the_named_one_said_to_be_the_users_stays() -> None:
    assert not discourse_others.request_material("하늘이는 제 딸이에요", "하늘이라는 아이가 나오는 동화 써줘.")
    assert not discourse_others.request_material("Pip is my niece, she's 6",
                                                 "write a bedtime story about a girl called Pip.")


# --- a sentence disowned ------------------------------------------------------------------------
def test_the_next_sentence_disowns_the_one_before(said: Callable[[str], list[str]]) -> None:
    assert framing.clarified(["the shed in my yard is leaking.",
                              "oh wait it's not mine, it's the landlord's"]) == []
    assert framing.clarified(["my kayak has a crack.", "actually the kayak isn't mine, it's Leo's"]) == []
    assert framing.clarified(["우리 집 밥솥이 고장났어", "아 잠깐 그거 내 거 아니다 언니 거"]) == []
    assert said("the shed in my yard is leaking. oh wait it's not mine, it's the "
                             "landlord's") == []


def test_a_correction_that_keeps_it_mine_stays() -> None:
    assert framing.clarified(["I live in Leeds.", "wait, I have a dog too"]) == [
        "I live in Leeds.", "wait, I have a dog too"]


@pytest.mark.parametrize("text", [
    "I have a drone from my uncle but it's not mine, how do I update it?",
    "태블릿 있는데 학교 거라 제 거 아님. 초기화해도 돼?",
])
def test_what_is_at_hand_but_not_the_users(text: str, said: Callable[[str], list[str]]) -> None:
    assert said(text) == []


def test_what_is_the_users_stays() -> None:
    assert not discourse.disowned("I have a drone and I fly it every weekend")


# --- a complaint said as hell --------------------------------------------------------------------
def test_a_complaint_said_as_hell_is_of_the_moment() -> None:
    assert passing.momentary("요즘 출근길 지옥이야") and passing.momentary("이번 주 마감 지옥임")
    assert not passing.momentary("지옥철 타고 출근해요")


# --- a "..." where the speaker paused -----------------------------------------------------------
def test_a_pause_is_no_sentence_end() -> None:
    assert split_sentences("my French is... rusty lol") == ["my French is... rusty lol"]
    assert split_sentences("제 영어는... 아직 멀었어요") == ["제 영어는... 아직 멀었어요"]
    assert split_sentences("I was wiped... went to bed early. I live in Oslo.") == [
        "I was wiped...", "went to bed early.", "I live in Oslo."]


# --- a label before the question, a question left at "-려면", what the user never said -----------
@pytest.mark.parametrize("text", [
    "rust 질문", "질문 하나만", "random question", "엑셀 매크로 하나 만들려면",
    "나 술 끊었다고 한 적 없는데?", "I never said I was moving",
])
def test_no_statement_in_a_label_or_a_question_left_short(text: str) -> None:
    assert discourse.is_noise(text)


@pytest.mark.parametrize("text", [
    "저 질문 많아요", "저는 내년에 이사 가려면 돈을 모아야 해요",
    "I have a question about my visa, I moved to Berlin in May",
])
def test_a_statement_with_such_words_stays(text: str) -> None:
    assert not discourse.is_noise(text)


def test_only_the_outsider_is_theirs() -> None:
    assert discourse_others.about_outsider("그 선배만 혼자 샐러드 먹음")
    assert not discourse_others.about_outsider("저만 혼자 샐러드 먹음")


def test_the_choice_said_as_it_is() -> None:
    asked = "Would you rather take the ferry or fly?"
    assert asides.concludes("ferry it is, I can read on deck", asked)
    assert asides.concludes("ok, the cheap flight it is", asked)
    assert not asides.concludes("I know what it is", asked)
    assert not asides.concludes("ferry it is", "")  # not after the assistant: no conclusion


def test_whose_occasion_or_which_venue_is_the_tasks() -> None:
    assert asked_task.task_question("좋아요. 누구 생일이에요?")
    assert asked_task.task_question("Which hotel?")
    assert asked_task.task_question("Whose party is it?")
    assert not asked_task.task_question("Which school do you go to?")
    assert not asked_task.task_question("어떤 일 하세요?")
