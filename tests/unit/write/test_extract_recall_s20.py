"""Recall by structure, session 20 (issue 16): Korean, English and mixed turns.

- a standing request with its condition over what the user sends or says ("내가 영어 문장
  보내면 …", "내가 뭐 사고 싶다고 하면 말려줘"); "stop adding …" as a standing request; one
  more thing a rule covers said with "too" ("dairy in desserts too please");
- what the user's home costs (``housing_cost``): a raise said with the new amount, the amount
  in the sentence after the one naming the 전세;
- a parent's death counted from the time since; a grandchild born to the user's child
  (``kin_events``);
- the doctor's instruction to take a medicine, said as hearsay ("doc said take …");
- a job lost by 권고사직; a sigh or "btw" before a Korean statement is no part of it.

Sentences written for this file (not copied from a labelled file), with look-alikes that must
store nothing of the kind."""

from __future__ import annotations

from typing import Any


# -- standing requests -------------------------------------------------------------------------

def test_a_standing_request_keeps_its_condition_over_what_the_user_sends(chat_extract: Any) -> None:
    got = chat_extract.user_says("내가 일본어 문장 보내면 항상 자연스럽게 고쳐주고 설명도 해줘")
    assert any(c.startswith("사용자 요청: 사용자가 일본어 문장 보내면 항상") for c in got), got


def test_a_condition_over_what_the_user_will_say_makes_a_standing_request(chat_extract: Any) -> None:
    got = chat_extract.user_says("새벽에 내가 야식 먹고 싶다고 하면 한 번만 말려줘 ㅋㅋ")
    assert any(c.startswith("사용자 요청:") and "야식" in c for c in got), got


def test_someone_elses_condition_or_a_question_is_no_standing_request(chat_extract: Any) -> None:
    for text in ["엄마가 뭐라고 하면 어떻게 해?", "친구가 같이 가자고 하면 가줘"]:
        assert not any(c.startswith("사용자 요청") for c in chat_extract.user_says(text)), text


def test_stop_doing_a_habit_of_the_assistants_is_a_standing_request(chat_extract: Any) -> None:
    got = chat_extract.user_says("can you stop ending every reply with a question, just stop")
    assert any(c.startswith("Standing instruction from the user: Stop ending") for c in got), got
    got = chat_extract.user_says("please stop apologizing so much")
    assert any(c.startswith("Standing instruction") for c in got), got


def test_stopping_a_habit_of_ones_own_is_no_instruction(chat_extract: Any) -> None:
    for text in ["I want to stop using my credit card so much", "my son won't stop asking for a puppy",
                 "can you stop writing this email in such a formal tone"]:
        assert not any(c.startswith("Standing instruction") for c in chat_extract.user_says(text)), text


def test_one_more_thing_a_rule_covers_said_with_too(chat_extract: Any) -> None:
    got = chat_extract.chat_contents("u: never suggest recipes with peanuts, my daughter is allergic",
                "a: Got it, no peanuts.", "u: tree nuts too please, skip almond flour")
    assert "Standing instruction from the user: also no tree nuts, skip almond flour" in got, got


def test_me_too_after_a_rule_is_no_rule(chat_extract: Any) -> None:
    for reply in ["me too", "thank you too", "same here too"]:
        got = chat_extract.chat_contents("u: never suggest recipes with pork", "a: Understood.", f"u: {reply}")
        assert not any(c.startswith("Standing instruction from the user: also") for c in got), got


# -- what the home costs -----------------------------------------------------------------------

def test_a_rent_raise_said_with_the_new_amount_is_the_rent(chat_extract: Any) -> None:
    got = chat_extract.user_candidates("the landlord raised our rent again, 2,250 now. it's a tiny 1br too")
    assert any(c.slot == "rent" and "2,250" in c.content for c in got), [c.content for c in got]
    got = chat_extract.user_candidates("my landlord is raising the rent to 1900 in June")
    assert any(c.slot == "rent" and "going up to 1900" in c.content for c in got), [c.content for c in got]
    got = chat_extract.user_candidates("I pay $1,400 a month in rent")  # (kept whole: no second memory)
    assert [c.content for c in got] == ["User pays $1,400 a month in rent"], [c.content for c in got]


def test_someone_elses_or_the_markets_rent_is_not_the_users(chat_extract: Any) -> None:
    for text in ["is 2000 a lot for rent in Austin?", "my sister's rent is 2400",
                 "the rent in NYC is insane, 3000 for a studio", "if the rent goes up to 2000 we're moving",
                 "my rent was 900 back in Ohio"]:
        assert not any(c.slot == "rent" for c in chat_extract.user_candidates(text)), text


def test_the_jeonse_amount_said_in_the_next_sentence(chat_extract: Any) -> None:
    got = chat_extract.user_candidates("전세 계약이 내년 봄에 끝나는데 집주인이 보증금 올려달래ㅠ 지금 2억 8천인데. "
                         "이거 너무 한 거 아냐?")
    assert any(c.slot == "deposit" and "2억 8천" in c.content and "전세" in c.content for c in got), \
        [c.content for c in got]
    got = chat_extract.user_says("우리 집 월세가 55만 원이야")
    assert any("월세" in c and "55만" in c for c in got), got


def test_a_raise_asked_for_or_a_friends_rent_is_no_housing_cost(chat_extract: Any) -> None:
    for text in ["친구 월세는 90이래", "월세 50만원 정도면 괜찮을까?", "집주인이 보증금 5천 올려달래"]:
        assert not any(c.slot in ("rent", "deposit") for c in chat_extract.user_candidates(text)), text


# -- a relative's life event -------------------------------------------------------------------

def test_a_death_counted_from_the_time_since(chat_extract: Any) -> None:
    got = chat_extract.user_says("it's been almost two years since my mum passed away. still miss her")
    assert "User's mum passed away two years ago" in got, got
    got = chat_extract.user_says("three months since we lost grandpa")
    assert "User's grandpa passed away three months ago" in got, got


def test_time_since_something_else_is_no_death(chat_extract: Any) -> None:
    for text in ["it's been a week since my dad passed his driving test",
                 "it's been a year since my friend's dad died"]:
        assert not any("passed away" in c for c in chat_extract.user_says(text)), text


def test_a_grandchild_born_to_the_users_child(chat_extract: Any) -> None:
    got = chat_extract.user_says("my son and his wife just had a baby boy named Theo")
    assert any(c.startswith("User has a new grandson Theo") for c in got), got


def test_a_baby_still_to_come_or_asked_about_is_no_grandchild(chat_extract: Any) -> None:
    for text in ["my daughter is going to have a little girl in May", "did my son have a boy or a girl?"]:
        assert not any("grand" in c for c in chat_extract.user_says(text)), text


# -- the doctor's instruction, a lost job, leading sighs -------------------------------------

def test_the_doctors_instruction_to_take_a_medicine_is_the_users_medication(chat_extract: Any) -> None:
    got = chat_extract.chat("u: bloodwork came back low on b12. doc said take cyanocobalamin 1000 daily")
    assert ("User takes cyanocobalamin 1000 daily, prescribed by the doctor", True) in got, got


def test_the_doctor_saying_to_take_it_easy_is_no_medicine(chat_extract: Any) -> None:
    for text in ["doc said take it easy for 2 weeks", "doctor said take a week off",
                 "my friend's doctor said take zinc 50 daily"]:
        assert not any("prescribed by the doctor" in c for c in chat_extract.user_says(text)), text


def test_a_job_lost_by_recommended_resignation(chat_extract: Any) -> None:
    got = chat_extract.user_says("하 어제 권고사직 당했어. 8년 다닌 곳인데")
    assert any(c.startswith("사용자는 어제 권고사직 당했다") for c in got), got
    assert not any("권고사직" in c for c in chat_extract.user_says("권고사직 당하면 실업급여 받을 수 있어?"))


def test_btw_before_a_korean_statement_is_no_part_of_it(chat_extract: Any) -> None:
    got = chat_extract.user_says("btw 나 다음달부터 3주 출장이야")
    assert got and all("btw" not in c and "사용자는 나" not in c for c in got), got


# -- batch 2: a name in a greeting, how answers should be, who a bare name or 동생 is -----------

def test_a_name_said_in_a_greeting_is_the_users_name(chat_extract: Any) -> None:
    got = chat_extract.user_candidates("안녕! 난 하람이야")
    assert any(c.slot == "name" and c.content == "사용자의 이름은 하람" for c in got), [c.content for c in got]
    got = chat_extract.user_candidates("안녕하세요 저는 도현이에요")  # (not also "사용자는 도현이다")
    assert [c.content for c in got] == ["사용자의 이름은 도현"], [c.content for c in got]
    got = chat_extract.user_candidates("hey there, I'm Marisol")
    assert any(c.slot == "name" and c.content == "User's name is Marisol" for c in got), [c.content for c in got]


def test_what_the_user_is_after_a_greeting_is_no_name(chat_extract: Any) -> None:
    for text in ["안녕 난 대학생이야", "안녕 난 괜찮아", "hi i'm tired", "hey I'm Korean btw",
                 "난 지민이야"]:  # (no greeting: who is introduced is not said)
        assert not any(c.slot == "name" for c in chat_extract.user_candidates(text)), text


def test_liking_short_answers_is_a_standing_request(chat_extract: Any) -> None:
    for text in ["참고로 나는 대답 간단하게 해주는 게 좋아", "설명은 자세하게 해 주는 편이 좋아요",
                 "나는 짧은 답변이 좋아"]:
        assert any(c.startswith("사용자 요청:") for c in chat_extract.user_says(text)), text


def test_liking_one_answer_is_no_standing_request(chat_extract: Any) -> None:
    for text in ["이 답변이 좋아", "답변 고마워"]:
        assert not any(c.startswith("사용자 요청") for c in chat_extract.user_says(text)), text


def test_a_pet_named_bare_as_the_subject_after_the_pet_was_spoken_of(chat_extract: Any) -> None:
    got = chat_extract.chat_contents("u: 강아지 두 마리(보리, 쌀이) 키워", "a: 귀엽겠어요!",
                "u: 보리가 닭고기 알레르기 있어서 연어 사료 먹어")
    assert any(c.startswith("사용자의 강아지 보리가 닭고기 알레르기") for c in got), got


def test_a_relative_as_the_subject_keeps_being_the_relative(chat_extract: Any) -> None:
    got = chat_extract.chat_contents("u: 고양이 키워", "a: 좋네요!", "u: 엄마가 신장이 안 좋아서 약 드셔")
    assert not any("고양이 엄마" in c for c in got), got


def test_a_pet_named_with_its_age_in_a_fragment(chat_extract: Any) -> None:
    got = chat_extract.chat_contents("u: we just adopted a kitten!", "a: Congrats!",
                "u: Pepper, 12 weeks old, tuxedo")
    assert any(c.startswith("User's kitten Pepper is 12 weeks old") for c in got), got


def test_freelance_stays_with_the_occupation(chat_extract: Any) -> None:
    assert "사용자의 직업은 프리랜서 디자이너" in chat_extract.user_says("요즘 프리랜서 디자이너로 일해요")


def test_a_short_sibling_word_is_the_sibling_said_before(chat_extract: Any) -> None:
    got = chat_extract.user_says("여동생이 내년에 유학 가는데 선물 추천해줘. 동생은 지원이고 스물넷이야")
    assert any(c.startswith("사용자의 여동생은 지원이고") for c in got), got
    got = chat_extract.chat_contents("u: 남동생이랑 여동생 있어", "a: 그렇군요", "u: 동생은 대학생이야")
    assert not any("남동생은 대학생" in c or "여동생은 대학생" in c for c in got), got


# -- batch 3: the week of a pregnancy said in the next sentence --------------------------------

def test_the_week_of_the_users_pregnancy_said_next(chat_extract: Any) -> None:
    got = chat_extract.chat("u: 임신 중이라 커피를 못 마셔요. 지금 18주예요. 디카페인은 괜찮죠?")
    assert ("사용자는 임신 18주", True) in got, got
    got = chat_extract.chat("u: I'm pregnant and nothing tastes right. I'm 15 weeks along")
    assert ("User is 15 weeks pregnant", True) in got, got


def test_weeks_of_something_else_or_someone_elses_pregnancy(chat_extract: Any) -> None:
    for text in ["이직했는데 벌써 3주 됐어요", "와이프가 임신 중이야. 지금 20주야",
                 "I'm pregnant? no way. I'm 2 weeks late"]:
        assert not any(c.slot == "pregnancy_week" for c in chat_extract.user_candidates(text)), text
