"""Answers that only size or place the task at hand (session 15; asked_task.task_question,
followup.steers, framing's quotes): how long the stay being planned is, which nights, how many
come to the meal, how much time the user can give the plan, and a noun phrase with a verb
inside it that answers such a question ("방 따로 있는 데"). Lasting answers to the same shapes
stay. Every sentence was written for these tests.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gieok.write.extract import asked_task, followup, generic, korean
from gieok.write.extract.framing import quoted_removed


@pytest.mark.parametrize("question", [
    "일정은 며칠이세요?", "입원은 며칠 하시나요?", "출장은 며칠인가요?",
    "Which nights?", "What dates?", "which dates?",
    "몇 분 드실 예정인가요?", "몇 분 오세요?", "몇 분 참석하세요?",
    "하루에 몇 시간 공부 가능하세요?", "일주일에 몇 번 운동 가능하세요?",
    "How many hours a week can you put in?", "How much time can you give it?",
])
def test_the_size_or_time_of_the_task_is_a_task_question(question: str) -> None:
    assert asked_task.task_question(question)


@pytest.mark.parametrize("question", [
    "생일이 몇 월 며칠이에요?",  # a date of the user's own
    "Which days do you work from home?",  # a routine: the question has a verb of its own
    "가족이 몇 분이세요?",  # the family
    "How many hours a week do you work?",  # a job, not what the plan can take
    "강아지는 하루에 몇 번 산책 가능하세요?",  # the pet's routine
])
def test_a_question_about_the_users_life_is_not(question: str) -> None:
    assert not asked_task.task_question(question)


@pytest.mark.parametrize("text", ["22명, 방 따로 있는 데", "역 가까운 조용한 곳으로",
                                  "창가 자리 있는 식당", "매운 거 없는 메뉴로"])
def test_a_noun_phrase_with_a_verb_inside_is_a_fragment(text: str) -> None:
    assert followup._noun_phrase(korean.tokens(text))


@pytest.mark.parametrize("text", ["보호자는 남편이 와요", "응 채식이라 고기 빼줘", "오른쪽 무릎 바깥쪽",
                                  "방 따로 있는 데 찾았어"])
def test_a_clause_or_a_bare_noun_is_not_that_fragment(text: str) -> None:
    assert not followup._noun_phrase(korean.tokens(text))


@pytest.mark.parametrize("turns", [
    (("user", "엄마 환갑 식당 찾아줘"), ("assistant", "좋아요. 인원은요?"), ("user", "12명, 룸 있는 데")),
    (("user", "장모님 생신상 차리려는데 메뉴 추천해줘"), ("assistant", "몇 분 드실 예정인가요?"),
     ("user", "10인분")),
    (("user", "토익 공부 계획 짜줘"), ("assistant", "하루에 몇 시간 공부 가능하세요?"),
     ("user", "출근 전 1시간")),
    (("user", "book us a family room in York"), ("assistant", "Sure. Which nights?"),
     ("user", "the 3rd to the 5th")),
    (("user", "아버지 모시고 부산 가요"), ("assistant", "일정은 며칠이세요?"), ("user", "2박 3일이요")),
])
def test_an_answer_that_sizes_the_task_leaves_no_memory(
        asked: Callable[..., list[str]], turns: tuple[tuple[str, str], ...]) -> None:
    last = turns[-1][1]
    assert not any(last.split(",")[0].split()[0] in m for m in asked(*turns))


def test_a_lasting_answer_to_a_task_question_stays(asked: Callable[..., list[str]]) -> None:
    kept = asked(("user", "저녁 메뉴 추천해줘"), ("assistant", "몇 분 드실 예정인가요?"),
                 ("user", "셋이요. 근데 저는 채식이라 고기는 빼주세요"))
    assert any("채식" in m for m in kept)
    kept = asked(("user", "plan a weekend in Bath for us"), ("assistant", "Which nights?"),
                 ("user", "Friday and Saturday. yes, we're bringing our two dogs"))
    assert any("dogs" in m for m in kept)


def test_a_quoted_title_before_a_particle_is_kept_as_a_name() -> None:
    text = "지금 쓰는 웹소설 제목이 '바다의 편지'예요"
    assert quoted_removed(text) == "지금 쓰는 웹소설 제목이 바다의 편지예요"
    assert generic.worth_keeping(quoted_removed(text))
    # someone else's words in quotes still go
    assert "못 가요" not in quoted_removed("동생이 '오늘은 못 가요'라고 했어")
