"""What the user says about the task at hand, not about their life (session 14; task_talk.py,
discourse_others.done_as_told): the one-off text being written for the task, what the thing
being fixed does wrong (or that it works again), and a step the assistant just told the user
to take, reported done. Every sentence here was written for these tests; each class has
look-alikes that stay.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gieok.write.extract import asides, asked_task, discourse, discourse_others, task_talk


# --- the one-off text being written ---------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "I'm writing a thank-you card for my piano teacher",
    "drafting an email to the landlord about the boiler",
    "we're putting together a newsletter for the residents",
    "I need to write a reply to a complaint",
    "so I'm translating a menu for my in-laws",
    "집들이 초대장 만드는 중인데",
    "회사 공지문 작성 중이야",
    "동창회 일정 짜는데 도와줘",
    "교수님께 메일 쓰는 중",
])
def test_a_one_off_text_being_written_is_task_talk(text: str) -> None:
    assert task_talk.composing(text)


@pytest.mark.parametrize("text", [
    "I'm writing a novel set in Busan",  # a work that lasts: a project
    "I'm writing my thesis on tidal energy",
    "I'm writing a cover letter for a nursing job",  # looking for work: not in the class
    "I'm making a list of things to pack for our move to Lisbon next month",  # says more
    "I'm writing a card to my aunt who lives in Perth",  # introduces someone
    "I'm preparing for my driving test",
    "저 회사에서 보고서 쓰는 일 해요",  # a job
    "웹툰 그리는 중이에요",
])
def test_a_work_or_more_than_the_text_stays(text: str) -> None:
    assert not task_talk.composing(text)


def test_the_text_before_a_request_leaves_no_memory(said: Callable[[str], list[str]]) -> None:
    assert said("I'm writing a farewell speech for a coworker, can you make it funnier?") == []
    assert said("아파트 관리실에 보낼 민원 서류 작성 중인데 이렇게 쓰면 돼?") == []


def test_a_fact_said_next_to_the_text_stays(said: Callable[[str], list[str]]) -> None:
    kept = said("I'm writing a cover letter for a library job. I'm a barista in Leeds")
    assert any("barista" in m for m in kept)


# --- what the thing being fixed does ------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "근데 iOS에서만 앱이 튕겨",
    "로그인 버튼이 안 먹혀요",
    "엑셀 매크로 돌리면 에러 나",
    "the cron job stopped running. any idea?",
    "my printer won't connect to the wifi",
    "the build keeps crashing on CI",
    "my dishwasher is making a grinding noise",
    "이제 본문은 됐는데 표가 이상해",
    "ok it works now",
])
def test_what_the_thing_being_fixed_does_is_task_talk(text: str) -> None:
    assert task_talk.malfunction(text)


@pytest.mark.parametrize("text", [
    "my knee doesn't work like it used to",  # the body
    "허리가 안 돌아가",
    "나 매운 거 안 돼",  # a diet
    "이제 엄마 됐어",  # a life event
    "it works for me",
    "I work at a print shop",
])
def test_the_body_a_diet_or_a_life_event_stays(text: str) -> None:
    assert not task_talk.malfunction(text)


def test_a_bug_report_leaves_no_memory(said: Callable[[str], list[str]]) -> None:
    assert said("frontend는 React. 근데 사파리에서만 터져") == [] or all(
        "터" not in m for m in said("frontend는 React. 근데 사파리에서만 터져"))
    assert said("our team bot stopped posting") == []


@pytest.mark.parametrize("text", ["my 2011 Honda Jazz is making a rattling noise",
                                  "우리 집 Dyson이 자꾸 멈춰"])
def test_a_fault_of_a_thing_named_by_its_model_keeps_the_thing(text: str) -> None:
    assert not task_talk.malfunction(text)  # a possession said


# --- a step the assistant told the user to take, reported done ---------------------------------
_TOLD = "node 22에서 깨지면 node 20을 쓰세요. nvm으로 바꾸면 돼요."


@pytest.mark.parametrize("text", ["ok node 20으로 바꿈", "nvm으로 바꿨어", "node 20 깔게"])
def test_a_step_done_as_told_is_task_talk(text: str) -> None:
    assert discourse_others.done_as_told(text, _TOLD)


@pytest.mark.parametrize("text, shown", [
    ("매일 스트레칭 해요", "자기 전에 스트레칭 해보세요."),  # a habit
    ("스트레칭 안 했어", "자기 전에 스트레칭 해보세요."),  # not done
    ("요가 학원 다녔어", "요가 해보셨어요?"),  # an answer to a question, not a step told
    ("제가 node 20 쓰는 팀이에요", _TOLD),  # the user as subject
])
def test_a_habit_a_no_or_an_answer_stays(text: str, shown: str) -> None:
    assert not discourse_others.done_as_told(text, shown)


def test_a_step_done_leaves_no_memory(asked: Callable[..., list[str]]) -> None:
    assert asked(("user", "pandas 설치가 안 돼"), ("assistant", "pip 대신 conda로 설치해보세요."),
                    ("user", "conda로 했어")) == []


# --- a pronoun for someone outside the family -----------------------------------------------------
@pytest.mark.parametrize("before, text", [
    ("친구 Mark가 다음 달에 Seoul 온대", "걔 채식주의자고 견과류 알러지 있음"),
    ("회사 동료가 우리 동네로 이사 온대", "그분 고양이 알레르기 있어서 우리 집엔 못 와"),
    ("옆집 언니가 이사 간대", "그 사람 남편이 의사래"),
])
def test_a_pronoun_after_an_outsider_is_theirs(before: str, text: str) -> None:
    assert discourse_others.pronoun_of_outsider(text, before)


@pytest.mark.parametrize("before, text", [
    ("우리 딸이 다음 주에 유치원 가", "걔 땅콩 알레르기 있어서 걱정이야"),  # the daughter's
    ("친구랑 캠핑 갔는데", "걔 말고 나는 갑각류 알레르기 있어"),  # the user is a subject
    ("친구가 놀러 온대", "나 요즘 채식해"),  # no pronoun
])
def test_a_pronoun_for_kin_or_the_user_as_subject_stays(before: str, text: str) -> None:
    assert not discourse_others.pronoun_of_outsider(text, before)


def test_an_outsiders_allergy_is_not_pinned_as_the_users(said: Callable[[str], list[str]]) -> None:
    assert said("동기 Jisoo가 다음 주에 부산 온대. 걔 갑각류 알레르기 있음") == []
    assert any("땅콩" in m for m in said("우리 아들이 캠프 가. 걔 땅콩 알레르기 있어서 걱정"))


def test_an_outsiders_news_in_two_clauses_is_theirs() -> None:
    assert discourse_others.about_outsider("회사 동기가 결혼하는데 걔 신혼집이 판교래")
    assert not discourse_others.about_outsider("저희 팀장님은 이민수 팀장님이에요")


# --- what the turn is for, a slip of memory, a thing that is someone else's ---------------------
@pytest.mark.parametrize("text", ["I need to vent", "ugh I really need to rant for a sec",
                                  "rant incoming", "푸념 좀 할게"])
def test_what_the_turn_is_for_is_no_statement(text: str) -> None:
    assert discourse.is_noise(text)


def test_a_slip_of_memory_after_a_fact_leaves_the_fact(said: Callable[[str], list[str]]) -> None:
    kept = said("my physio writes everything in cm and I never remember")
    assert not any("never remember" in m for m in kept)


@pytest.mark.parametrize("text", ["it's not mine, it's my sister's", "it's my roommate's, lol",
                                  "they're my parents'"])
def test_a_thing_said_to_be_someone_elses_is_theirs(text: str) -> None:
    assert discourse.disowned(text)


@pytest.mark.parametrize("text", ["it's my mom's 60th next week", "it's my wife's car",
                                  "it's my birthday."])
def test_an_occasion_or_a_thing_named_stays(text: str) -> None:
    assert not discourse.disowned(text)


# --- the size of the trip or parcel being planned -----------------------------------------------
@pytest.mark.parametrize("question", ["며칠 가세요?", "몇 박으로 가요?", "며칠 계세요?",
                                      "How heavy are the boxes?", "How many nights?"])
def test_the_size_of_what_is_planned_is_a_task_question(question: str) -> None:
    assert asked_task.task_question(question)


@pytest.mark.parametrize("question", ["생일이 몇 월 며칠이에요?", "How heavy is your dog?",
                                      "How big is your apartment?"])
def test_a_date_or_a_size_of_the_users_own_is_not(question: str) -> None:
    assert not asked_task.task_question(question)


def test_a_trip_length_answer_leaves_no_memory(asked: Callable[..., list[str]]) -> None:
    assert asked(("user", "제주도 여행 코스 짜줘"), ("assistant", "좋아요! 며칠 가세요?"),
                 ("user", "2박 3일")) == []
    kept = asked(("user", "오사카 맛집 알려줘"), ("assistant", "몇 박으로 가세요?"),
                 ("user", "3박이요. 아내랑 둘이서요"))
    assert any("아내" in m for m in kept)


# --- the task's budget or head count said as a statement; a choice said with ㄱㄱ ---------------
@pytest.mark.parametrize("text", ["인원은 열두 명이에요", "예산 30만원 정도", "budget은 숙소 빼고 80만원",
                                  "our budget is around $3k", "budget: 400 euros"])
def test_the_tasks_budget_or_head_count_is_no_fact(text: str) -> None:
    assert task_talk.parameter(text)


@pytest.mark.parametrize("text", ["제 월급은 250만원이에요", "I built a budget tracker in Rust",
                                  "우리 집은 한 달 외식 예산이 40만원", "my grocery budget is $90 a week",
                                  "we have 2 kids and a dog"])
def test_what_the_user_earns_or_builds_stays(text: str) -> None:
    assert not task_talk.parameter(text)


@pytest.mark.parametrize("text", ["부산-제주 ㄱㄱ", "저녁으로 ㄱ", "비빔밥 콜 ㅋㅋ"])
def test_a_choice_said_with_go_concludes(text: str) -> None:
    assert asides.concludes(text, "A랑 B 중에 어떤 게 좋으세요?")


def test_the_users_news_said_with_go_stays() -> None:
    assert not asides.concludes("나 다음 달 이사 ㄱㄱ", "좋네요!")
