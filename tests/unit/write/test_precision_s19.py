"""Fewer wrong memories and less junk (session 19, issue 16): a role-play asked for with "role
play" in two words, or a story asked for with the user in it, is fiction to its end; today's
weather and a reaction said with -라니 are of the moment; a pet said goodbye to is no pet the
user has; what the task's material looks like is no fact; "…려고 했어" alone says a plan that
did not happen. Every sentence was written for these tests; each class has look-alikes that
keep their fact.
"""

from __future__ import annotations

import pytest

from tests.support.chat_extract import chat, said


# -- a game or a story the user is cast in ------------------------------------------------------

@pytest.mark.parametrize("lines", [
    ("u: let's role play. you're a barista and I'm a customer who's allergic to everything",
     "a: Barista: Welcome! What can I get you?",
     "u: customer: a large oat latte, I'm lactose intolerant and I live upstairs"),
    ("u: role play 하자: 너는 편의점 알바, 나는 진상 손님. 나는 40대 아저씨야",
     "a: 알바: 어서오세요~",
     "u: 여기 담배 제일 싼 거 줘. 나 이 동네 20년 살았어"),
    ("u: 나를 주인공으로 동화 써줘: 나는 바다에 사는 인어고 동생이 일곱 명이야",
     "a: 깊은 바다 속, 인어 공주는 일곱 동생과 함께 …",
     "u: 좋다 ㅋㅋ 2편도"),
    ("u: write me a short story where I'm a retired astronaut living in Reykjavik with two huskies",
     "a: The aurora flickered over Reykjavik as …"),
])
def test_nothing_said_in_a_part_the_user_plays_is_about_them(lines: tuple[str, ...]) -> None:
    assert chat(*lines) == []


@pytest.mark.parametrize(("text", "kept"), [
    ("I'm a drama teacher in Leeds, we do role play exercises with year 9", "drama teacher"),
    ("I'm a nurse and I run role-play training for new staff", "nurse"),
    ("내 딸 지유가 주인공인 동화 써줘. 지유는 여섯 살이야", "여섯 살"),
])
def test_role_play_named_as_an_activity_or_a_story_about_someone_else_keeps_the_fact(
        text: str, kept: str) -> None:
    assert any(kept in m for m in said(text))


# -- the day's weather, a reaction to news --------------------------------------------------------

@pytest.mark.parametrize("text", [
    "와 오늘 날씨 진짜 미쳤다 ㅋㅋ 우박 내림",
    "오늘 미세먼지 최악이라는데 창문 열어도 돼?",
    "금요일 저녁에 야근이라니 너무 신난다 ㅋㅋ",
    "today's weather is just lovely, sideways rain again",
])
def test_the_days_weather_and_a_reaction_to_news_are_no_memory(text: str) -> None:
    assert said(text) == []


@pytest.mark.parametrize(("text", "kept"), [
    ("날씨 좋은 날엔 항상 한강에서 자전거 타", "자전거"),
    ("나 다음 달부터 야근 많은 부서로 옮겨", "부서"),
    ("우리 딸 이름은 사라니까 사라로 불러줘", "사라"),
    ("난 당뇨라니까 단 거 빼고 추천해줘", "당뇨"),
    ("I love rainy weather, always have", "rainy weather"),
])
def test_weather_as_a_taste_and_words_ending_in_ra_ni_keep_their_fact(text: str, kept: str) -> None:
    assert any(kept in m for m in said(text))


# -- a pet said goodbye to ----------------------------------------------------------------------

def test_a_pet_said_goodbye_to_is_no_pet_the_user_has() -> None:
    got = [m for m, _ in chat("u: we said goodbye to our old dog Pickle on sunday, 15 years",
                              "a: I'm so sorry for your loss.",
                              "u: thanks, the house is so quiet")]
    assert not any("has a dog named Pickle" in m for m in got)


def test_an_old_pet_still_here_is_kept() -> None:
    assert any("Pickle" in m for m in said("our old dog Pickle is 15 and still chasing squirrels"))


# -- what the task's material looks like ----------------------------------------------------------

def test_what_the_tasks_material_looks_like_is_no_memory() -> None:
    assert chat("u: can you help me clean up this csv file",
                "a: Sure, what does the file look like?",
                "u: three columns, name email and date, some rows are blank") == []


def test_what_a_pet_looks_like_is_still_an_answer_kept() -> None:
    got = [m for m, _ in chat("u: we just adopted a rescue dog!",
                              "a: Congrats! What does your dog look like?",
                              "u: a scruffy black terrier mix, about 8kg")]
    assert any("terrier" in m for m in got)


# -- a plan that did not happen -----------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "설 연휴에 오사카 가려고 했는데 cancel 됨",
    "이번 주말에 캠핑 가려고 했는데 못 가게 됐어",
    "원래 5월에 이사하려고 했어요. 근데 집주인이 연장해달래서",
])
def test_a_plan_said_with_ryeogo_haetda_did_not_happen(text: str) -> None:
    assert said(text) == []


@pytest.mark.parametrize(("text", "kept"), [
    ("다음 달에 제주도 가려고 해", "제주도"),
    ("원래 의대 가려고 했는데 지금은 간호사로 일해", "간호사"),
])
def test_a_plan_still_on_and_what_holds_now_are_kept(text: str, kept: str) -> None:
    assert any(kept in m for m in said(text))


# -- the errand of the moment said as what the user is in the middle of ---------------------------

@pytest.mark.parametrize("text", [
    "연말 파티 메뉴 짜는 중인데 아이디어 좀",
    "캠핑 장비 고르는 중이야",
    "다음 학기 시간표 세우는 중",
])
def test_the_errand_in_hand_is_no_memory(text: str) -> None:
    assert said(text) == []


@pytest.mark.parametrize(("text", "kept"), [
    ("다음 주가 결혼기념일이라 호텔 알아보는 중", "결혼기념일"),
    ("이직할 회사 알아보는 중이야", "이직"),
])
def test_a_reason_beside_the_errand_or_a_life_change_searched_for_is_kept(text: str, kept: str) -> None:
    assert any(kept in m for m in said(text))


# -- a friend's pet, today's temperature, a what-if answered, a lead-in to pasted text ----------

@pytest.mark.parametrize("text", [
    "my mate Jonno just got a husky puppy named Blizzard, what should I get him",
    "our neighbour has a tortoise called Sheldon, is it normal he sleeps all winter",
])
def test_a_pet_someone_else_got_is_not_the_users(text: str) -> None:
    assert not any(m.startswith("User has") for m in said(text))


def test_the_users_own_new_pet_is_kept() -> None:
    assert any("Blizzard" in m for m in said("we just got a husky puppy named Blizzard!"))


def test_todays_temperature_is_no_memory() -> None:
    assert said("오늘 아침 기온 5도래 이제 진짜 겨울이네") == []


def test_an_answer_to_a_what_if_is_no_memory() -> None:
    assert chat("u: if you could live in any decade which would it be",
                "a: The 1920s, for the jazz.",
                "u: ha nice. I'd be a flapper in Paris obviously") == []


def test_an_idiom_with_id_be_keeps_its_fact() -> None:
    assert any("Kindle" in m for m in said("I'd be lost without my Kindle"))


def test_a_lead_in_to_pasted_text_is_no_memory() -> None:
    assert said("the council letter asks: Full name? Date of moving in? can you help") == []


# -- a meeting later the same day -----------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "I'm meeting my cousin in Camden later, best pub near the station?",
    "we're seeing my in-laws tonight, what wine goes with lamb",
])
def test_a_meeting_later_today_is_no_memory(text: str) -> None:
    assert said(text) == []


@pytest.mark.parametrize(("text", "kept"), [
    ("I'm meeting my birth mother next month for the first time", "birth mother"),
    ("I'm seeing a therapist weekly for anxiety", "therapist"),
    ("I work in Canary Wharf and I'm meeting a friend in Soho after", "Canary Wharf"),
])
def test_a_lasting_meeting_or_the_fact_beside_it_is_kept(text: str, kept: str) -> None:
    assert any(kept in m for m in said(text))

