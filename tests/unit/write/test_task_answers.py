"""When an answer to the assistant's question is a memory (write/extract/followup.py): a
question about the user's lasting attributes (home, work, family, pets, health, things) gets
a durable answer; a question about the task at hand (its size, deadline, moment, addressee, a
choice the user makes for it, an offer) gets an answer that only steers the task. Also no
answer: a fragment after the turn's own statement, a reply to the assistant's joke or to a
bare "You?", and a yes said in the question's words. Sentences written for these tests."""

from __future__ import annotations

from typing import Any

import pytest

from gieok.write.extract.asked_task import task_question
from gieok.write.extract.followup import last_question


@pytest.mark.parametrize("question", [
    "How many guests?", "How many people are coming?", "몇 인분 만들 거예요?", "몇 명 오세요?",
    "Sure — by when do you need it?", "오늘 몇 시까지 필요하세요?", "Who is it for?",
    "What tone do you want?", "Where is the package now?", "쿠폰은 이번에 쓰실 건가요?",
    "누구한테 보내실 거예요?", "Want a shorter version?", "예산은 어느 정도예요?",
    "What's your budget?", "몇 개 주문하세요?", "몇 분이세요?",
])
def test_a_question_about_the_task_at_hand(question: str) -> None:
    assert task_question(question)


@pytest.mark.parametrize("question", [
    "How many kids do you have?", "What do you do for a living?", "지금 어디 사세요?",
    "몇 살이에요?", "Which model is your phone?", "How many km do you run per week now?",
    "What breed is he?", "어떤 약 드세요?", "Electric or hybrid?", "When is the wedding?",
    "이번에 이사 가는 동네가 어디예요?", "고양이 몇 마리 키우세요?", "출근하는 데 몇 분 걸려요?",
])
def test_a_question_about_the_user_is_not_about_the_task(question: str) -> None:
    assert not task_question(question)


@pytest.mark.parametrize("said", [
    [("user", "can you plan a dinner party menu for saturday?"),
     ("assistant", "Happy to. How many guests?"), ("user", "eight, maybe ten")],
    [("user", "김치찌개 레시피 알려줘"), ("assistant", "좋아요! 몇 인분 만들 거예요?"),
     ("user", "4인분")],
    [("user", "help me write an email to my landlord about the leak"),
     ("assistant", "Sure, by when do you need it?"), ("user", "tomorrow morning")],
    [("user", "발표 자료 요약해 줄 수 있어요?"), ("assistant", "네. 오늘 몇 시까지 필요하세요?"),
     ("user", "3시까지요")],
    [("user", "Can you write a short thank-you note?"), ("assistant", "Of course. Who is it for?"),
     ("user", "the neighbour who watered our plants")],
    [("user", "무릎 때문에 점프는 빼줘"), ("assistant", "알겠어요. 오늘은 어떤 부위 할까요?"),
     ("user", "하체 위주로 20분")],  # "위주로" is no "주로" (mostly, a habit)
    [("user", "i need an instagram caption"),
     ("assistant", "Sure. What caption do you need today?"),
     ("user", "one for a bakery called Crumb and Co")],
    [("user", "쿠폰 적용하는 법 알려줘"), ("assistant", "쿠폰은 이번 주문에 쓰실 건가요?"),
     ("user", "네 이번 주문에요")],
])
def test_an_answer_that_steers_the_task_leaves_no_memory(chat_extract: Any,
                                                         said: list[tuple[str, str]]) -> None:
    assert chat_extract.contents(*said) == []


def test_an_answer_about_the_user_is_kept_even_inside_a_task(chat_extract: Any) -> None:
    kept = chat_extract.contents(("user", "I need a birthday gift idea"),
                                 ("assistant", "Sure! How old is your son turning?"),
                                 ("user", "seven, next Thursday"))
    assert any("seven" in c for c in kept), kept
    # an offer answered with what lasts ("수술 후 재활"): said anyway
    kept = chat_extract.contents(("user", "허리 아플 때 하는 운동 있어?"),
                                 ("assistant", "집에서 할 수 있는 스트레칭 알려드릴까요?"),
                                 ("user", "응 허리 디스크 수술 후 재활 중이야"))
    assert any("디스크" in c for c in kept), kept
    # a statement with a topic of its own after an offer is no fragment
    kept = chat_extract.contents(("user", "신입생 세미나 강의계획서 만드는 중이에요"),
                                 ("assistant", "주차별 주제도 같이 구성해 드릴까요?"),
                                 ("user", "네, 그리고 발표는 총 4회입니다"))
    assert any("4회" in c for c in kept), kept


@pytest.mark.parametrize("said", [
    # a yes in the question's own words
    [("user", "how do I tell my kid that grandma is sick"),
     ("assistant", "That's hard. Is this your mom?"), ("user", "yeah my mom")],
    # the assistant's own joke, answered by the assistant
    [("user", "tell me a joke"),
     ("assistant", "Why did the scarecrow win an award? Because he was outstanding in his field."),
     ("user", "haha nice one")],
    [("user", "넌센스 퀴즈 내줘"), ("assistant", "세상에서 가장 빠른 닭은? 후다닭!"),
     ("user", "ㅋㅋ 아 진짜 최악 퀴즈")],
    # "You?" after the assistant's own pick: the reply is to its remark
    [("user", "which season is the best in your opinion"),
     ("assistant", "I'd pick autumn, crisp air and colours. You?"), ("user", "summer for sure")],
])
def test_no_answer_memory_where_nothing_was_asked_of_the_user(
        chat_extract: Any, said: list[tuple[str, str]]) -> None:
    assert chat_extract.contents(*said) == []


def test_a_fragment_after_the_turns_own_statement_answers_nothing(chat_extract: Any) -> None:
    kept = chat_extract.contents(("user", "spilled tea on my keyboard"),
                                 ("assistant", "Oh no, is the keyboard okay?"),
                                 ("user", "yeah it still works. I'm just annoyed. bedtime soon"))
    assert not any("answer to" in c or "bedtime" in c for c in kept), kept
    kept = chat_extract.contents(("user", "점심 뭐 먹지"), ("assistant", "회사 근처예요?"),
                                 ("user", "ㅇㅇ 근데 부장님이 또 국밥 먹자고 할 듯 ㅋㅋ 부장님 국밥 성애자"))
    assert not any("질문" in c for c in kept), kept


def test_a_joke_question_is_no_question_to_the_user() -> None:
    assert last_question("Why did the scarecrow win an award? Because he was outstanding.") is None
    assert last_question("세상에서 가장 빠른 닭은? 후다닭!") is None
    # a question to the user stays one, even with advice after it
    assert last_question("보리가 몇 살이에요? 식욕이 떨어졌다면 병원에 가 보세요.") == "보리가 몇 살이에요?"
    assert last_question("Congrats! What role?") == "What role?"


@pytest.mark.parametrize(("said", "kept_words"), [
    ([("assistant", "Nice to meet you! Anything I should keep in mind when helping you?"),
      ("user", "keep answers short pls, I'm usually on my phone between classes")], "short"),
    ([("assistant", "Anything I should keep in mind?"), ("user", "don't use emojis")], "emoji"),
    ([("assistant", "혹시 참고할 점 있을까요?"), ("user", "답변은 항상 짧게 해줘")], "짧게"),
])
def test_a_standing_instruction_is_no_steer_whatever_was_asked(
        chat_extract: Any, said: list[tuple[str, str]], kept_words: str) -> None:
    """The onboarding question "anything I should keep in mind?" reads as a task question (its
    answer to "What chores do you have in mind?" sizes the task), and an imperative fragment
    after it was dropped as steering — the rule with it (the lead's trial, session 21)."""
    kept = chat_extract.contents(*said)
    assert any(kept_words in c.casefold() for c in kept), kept


@pytest.mark.parametrize("said", [
    [("assistant", "Any preferences for the email?"), ("user", "keep it short")],
    [("assistant", "이번 이메일은 어떤 톤으로 쓸까요?"), ("user", "짧게 써줘")],
])
def test_how_this_one_task_should_go_stays_a_steer(chat_extract: Any,
                                                  said: list[tuple[str, str]]) -> None:
    assert chat_extract.contents(*said) == []
