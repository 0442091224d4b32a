"""What a memory keeps of a sentence that says a fact on the way to a task (session 16,
issue 16): the request said with the fact is cut ("…, I'm coeliac so everything gluten free
please" keeps "I'm coeliac"; "…키우는데 캣타워 추천 좀" keeps "…키운다"); a Korean "-는데" that
joins a lasting clause to how the moment is, or a clause of the moment to a relative's fact,
is taken apart; material handed over for the task is no memory; and a body part only an animal has is never
a person's injury. Every sentence was written for these tests; each class has look-alikes
that keep their fact.
"""

from __future__ import annotations

import re

import pytest

from gieok.write.extract import disclosure, generic, health
from tests.support.chat_extract import said


# -- a request said with the fact -------------------------------------------------------------

@pytest.mark.parametrize(("text", "fact", "ask"), [
    ("plan a dinner for Sat, I'm coeliac so everything gluten free please", "coeliac", "please"),
    ("I'm lactose intolerant so please keep dairy out of the recipes", "lactose", "recipes"),
    ("my wife is pregnant so no raw fish in the plan please", "pregnant", "plan"),
    ("I have two kids so plan for four people please", "two kids", "four people"),
    ("make a grocery list for the week, I'm diabetic so low sugar stuff please", "diabetic",
     "sugar"),
    ("I work nights so please don't call before noon", "nights", "noon"),
])
def test_the_request_said_with_an_english_fact_is_cut(text: str, fact: str, ask: str) -> None:
    got = said(text)
    assert any(fact in c for c in got), got
    assert not any(ask in c for c in got), got


@pytest.mark.parametrize(("text", "kept"), [
    ("I moved to Leeds so I could be near my mum", "near"),  # a reason of the user's own
    ("I'm vegan so I don't eat honey", "honey"),  # the user again, not a request
])
def test_a_so_clause_of_the_users_own_stays(text: str, kept: str) -> None:
    assert any(kept in c for c in said(text))


def test_without_request_cuts_the_task_asked_first() -> None:
    assert generic.without_request("Plan a 3 day trip to Busan, my wife and I love seafood") \
        == "my wife and I love seafood"
    assert generic.without_request("I planned a trip to Busan, my wife loves it") \
        == "I planned a trip to Busan, my wife loves it"  # no request: unchanged


def test_my_wife_and_i_is_one_subject_not_a_clause() -> None:
    assert not any(c.rstrip(".") == "User's wife" or c.startswith("Plan")
                   for c in said("Plan a 3 day trip to Busan, my wife and I love seafood"))


@pytest.mark.parametrize(("text", "fact"), [
    ("고양이 세 마리 키우는데 캣타워 추천 좀", "고양이 세 마리 키운다"),
    ("저 채식하는데 회식 메뉴 좀 골라줘", "채식"),
])
def test_a_korean_request_after_a_background_clause_leaves_the_clause(text: str, fact: str) -> None:
    got = said(text)
    assert any(fact in c for c in got), got
    assert not any(w in c for c in got for w in ("추천", "골라")), got


def test_a_request_with_a_clause_of_its_own_is_not_cut_away() -> None:
    # the move is said before the request: the whole sentence still goes on
    assert disclosure._KO_OWN_CLAUSE.search("다음 달에 부산으로 이사 가서 집 좀 알아봐 줘")
    assert not disclosure._KO_OWN_CLAUSE.search("캣타워 추천 좀")


# -- "-는데" joining two things that are not one memory ------------------------------------------

@pytest.mark.parametrize(("text", "fact", "moment"), [
    ("나 여기 워홀 온 지 3개월 됐는데 병원은 처음이라 ㅋㅋ", "3개월", "병원"),
    ("저 요가 강사인데 오늘 수업이 너무 힘들었어요", "강사", "수업"),
    ("부산 사는데 이번 주 너무 바빠", "부산", "바빠"),
])
def test_a_lasting_clause_then_the_moment_keeps_the_clause(text: str, fact: str,
                                                           moment: str) -> None:
    got = said(text)
    assert any(fact in c for c in got), got
    assert not any(moment in c for c in got), got


@pytest.mark.parametrize(("text", "fact"), [
    ("우리 딸 7살인데 피아노 학원 다녀요", "피아노"),  # the rest goes on about the daughter
    ("회사 다니는데 주말엔 카페 알바해요", "카페"),  # a routine, not the moment
    ("강아지 키우는데 이름이 콩이에요", "콩이"),  # the name
])
def test_a_rest_that_lasts_stays(text: str, fact: str) -> None:
    assert any(fact in c for c in said(text))


def test_of_the_moment() -> None:
    assert generic.of_the_moment("오늘 수업이 너무 힘들었어요")
    assert generic.of_the_moment("이번 주 너무 바빠")
    assert not generic.of_the_moment("피아노 학원 다녀요")
    assert not generic.of_the_moment("주말엔 카페 알바해요")


# -- a body part only an animal has ---------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "남편이 비둘기를 구조해 왔는데요 날개를 다쳤어요",
    "아내가 길고양이를 데려왔는데요 꼬리를 다쳤어요",
])
def test_an_animals_injury_is_no_persons(text: str) -> None:
    got = said(text)
    assert not any(re.match(r"사용자의 (?:남편|아내)[은는이가] (?:날개|꼬리)", c) for c in got), got


@pytest.mark.parametrize(("text", "part"), [
    ("우리 고양이가 꼬리를 다쳤어요", "꼬리"),  # the pet's own
    ("아빠가 꼬리뼈를 다쳤어요", "꼬리뼈"),  # the tailbone is a person's
    ("남편이 허리를 다쳤어요", "허리"),
])
def test_a_pets_or_a_persons_own_injury_stays(text: str, part: str) -> None:
    assert any(part in c for c in said(text))


def test_animal_part() -> None:
    assert health.animal_part("날개를 다쳤어요") and health.animal_part("hurt its wing")
    assert not health.animal_part("꼬리뼈를 다쳤어요") and not health.animal_part("애교를 부리고")



# -- material handed over for the task ------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "here's a calendar line from our club, can you turn it into a reminder text?",
    "this is my email signature, make it shorter",
    "아래는 동호회 공지 문자예요. 좀 더 정중하게 바꿔줘",
    "이거 학원에서 온 안내문이야",
])
def test_material_handed_over_is_no_memory(text: str) -> None:
    assert said(text) == []


@pytest.mark.parametrize(("text", "fact"), [
    ("here's the thing: I'm a nurse and I work nights", "nurse"),  # the user's own, after a colon
    ("this is my dog Coco, she's a beagle", "Coco"),  # a pet, not a text
])
def test_a_statement_said_as_here_is_stays(text: str, fact: str) -> None:
    assert any(fact in c for c in said(text))


# -- a disclaimer before a question ----------------------------------------------------------------

def test_what_the_user_is_not_said_to_frame_a_question_is_no_memory() -> None:
    assert said("I'm not vegan or anything, I just wondered: is honey vegan?") == []


def test_a_fact_after_the_disclaimer_stays() -> None:
    assert any("diabetes" in c for c in said("I'm not a doctor or anything but my mom has diabetes"))


def test_a_condition_named_inside_the_request_is_not_cut_away() -> None:
    got = said("아침에 주사 맞고 출근하는 길인데 당뇨 환자 도시락 메뉴 추천 좀")
    assert any("당뇨" in c for c in got), got


def test_material_given_after_a_colon_is_read() -> None:
    # the user's own signature may say who they are: only the bare showing is dropped
    from gieok.write.extract import task_talk

    assert not task_talk.hands_over("here's my email signature: Mina Kim, researcher, typhoon centre")
    assert task_talk.hands_over("here's my email signature, can you tidy it up?")


def test_a_disease_named_inside_the_request_is_not_cut_away() -> None:
    got = said("아침에 약 먹고 출근하는 길인데 파킨슨병 환자 식단 추천 좀")
    assert any("파킨슨병" in c for c in got), got
    assert not any("물병" in c for c in said("요즘 캠핑 다니는데 물병 추천 좀"))  # a bottle
