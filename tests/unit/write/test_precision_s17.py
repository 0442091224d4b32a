"""Memories worded cleanly (session 17, issue 16): a relative's surgery or stay in hospital said
after the bare relative's word is the relative's ("아버지 수술 잘 끝났어" → "사용자의 아버지는 …",
not "사용자는 아버지 수술 …"); the conjunction "그리고" is no clause ending ("…되고, 아 그리고 나는
…" had become "아 그린다"); what would help, and a question said without its question mark, are
cut from the statement they follow; a discourse marker at a sentence's end ("btw", "fyi",
"참고로") is no part of the memory. Every sentence was written for these tests; each class has
look-alikes that keep their fact.
"""

from __future__ import annotations

import pytest

from gieok.write.extract import discourse, generic, health
from tests.support.chat_extract import said


# -- a relative's surgery, said after the bare relative's word ---------------------------------

@pytest.mark.parametrize(("text", "memory"), [
    ("아버지 수술 잘 끝났어", "사용자의 아버지는 수술 잘 끝났다"),
    ("남편 무릎 수술 받았어", "사용자의 남편은 무릎 수술 받았다"),
    ("어제 아빠 수술 받으셨어", "사용자의 아빠는 어제 수술 받으셨다"),
    ("우리 아들 맹장 수술했어", "사용자의 아들은 맹장 수술했다"),
    ("다행히 아버지 수술 잘 끝났어요", "사용자의 아버지는 다행히 수술 잘 끝났다"),
])
def test_a_relatives_surgery_is_the_relatives(text: str, memory: str) -> None:
    assert memory in said(text)


@pytest.mark.parametrize(("text", "memory"), [
    ("나 엄마 병원 모시고 갔어", "사용자는 엄마 병원 모시고 갔다"),  # the user took her
    ("나 무릎 수술 받았어", "사용자는 무릎 수술 받았다"),  # the user's own
    ("남편 회사 근처로 이사했어", "사용자는 남편 회사 근처로 이사했다"),  # no patient
])
def test_the_user_stays_the_subject_when_the_relative_is_no_patient(text: str,
                                                                   memory: str) -> None:
    assert memory in said(text)


def test_a_fee_or_a_room_is_no_patient() -> None:
    """"엄마 수술비 냈어": the user paid it; the mother is not its subject."""
    assert health.kin_patient("엄마 수술비 냈어", "사용자는 엄마 수술비 냈다") \
        == "사용자는 엄마 수술비 냈다"
    assert health.kin_patient("엄마 입원실 잡았어", "사용자는 엄마 입원실 잡았다") \
        == "사용자는 엄마 입원실 잡았다"


# -- a conjunction said as a word is no clause's end -------------------------------------------

def test_the_conjunction_is_not_read_as_a_clause_ending() -> None:
    got = discourse.split_sentences(
        "시어머니가 당뇨가 있으셔서 떡은 좀 줄여야 되고, 아 그리고 나는 새우 알레르기 있어서 새우전은 빼고")
    assert got[0] == "시어머니가 당뇨가 있으셔서 떡은 좀 줄여야 되다"
    assert got[1].startswith("나는 새우 알레르기")
    assert not any("그리" in s for s in got)


@pytest.mark.parametrize(("text", "first"), [
    ("동생은 학생이고 그리고 나는 간호사야", "동생은 학생이다"),
    ("강아지는 세 살이고 저는 땅콩 알레르기가 있어요", "강아지는 세 살이다"),  # as before
])
def test_coordinated_clauses_still_split(text: str, first: str) -> None:
    got = discourse.split_sentences(text)
    assert got[0] == first and len(got) == 2


def test_the_clause_after_the_conjunction_is_apart() -> None:
    assert discourse.split_sentences("아 그리고 나는 고양이 키워") == ["나는 고양이 키워"]
    assert discourse.split_sentences("감자탕 ㄱㄱ 아 그리고 남편은 아직 대전에 있어") \
        == ["감자탕 ㄱㄱ", "남편은 아직 대전에 있어"]


# -- what would help, and a question said without its question mark ---------------------------

@pytest.mark.parametrize(("text", "fact", "ask"), [
    ("I work nights as a nurse at St Mary's btw, so meal plans that fit that would be great",
     "nights as a nurse", "meal"),
    ("I'm training for a marathon, so a high protein plan would help", "marathon", "protein"),
    ("i'm a night shift nurse lol so like what should i eat before bed", "night shift nurse",
     "eat"),
    ("I teach yoga three days a week, any tips for sore wrists", "yoga", "tips"),
])
def test_what_is_asked_after_the_statement_is_cut(text: str, fact: str, ask: str) -> None:
    got = said(text)
    assert any(fact in c for c in got), got
    assert not any(ask in c for c in got), got


@pytest.mark.parametrize("text", [
    "I know what I should do about my knee",  # no question: the subject comes first
    "I moved to Leeds, which is where my sister lives",  # a relative clause
    "I got a bigger desk so my monitor would fit",  # the user's own reason
    "my kids love soccer, which is why we moved near a park",
])
def test_look_alikes_are_not_cut(text: str) -> None:
    assert generic.without_request(text) == text


def test_the_request_module_cuts_a_question_without_its_mark() -> None:
    assert generic.without_request("I foster kittens for a shelter lol, what food works best") \
        == "I foster kittens for a shelter"
    assert generic.without_request("I foster kittens for a shelter") \
        == "I foster kittens for a shelter"


# -- a discourse marker at the end -------------------------------------------------------------

@pytest.mark.parametrize(("text", "memory"), [
    ("we have two cats fyi", "User has two cats"),
    ("저 당뇨 있어요 참고로", "사용자는 당뇨 있다"),
    ("I work from home on Fridays btw", "User works from home on Fridays"),
])
def test_a_marker_at_the_end_is_no_part_of_the_memory(text: str, memory: str) -> None:
    assert memory in said(text), said(text)


# -- what the user needs for the task, and dictation's fillers ---------------------------------

@pytest.mark.parametrize("text", [
    "we also need a sofa that fits through a narrow door",
    "I need like a warm-up routine for my wrists",
    "I need the 3rd instead of the 10th because of a family thing",
])
def test_a_need_for_the_task_is_no_memory(text: str) -> None:
    assert not generic.worth_keeping(text)


@pytest.mark.parametrize("text", [
    "I need insulin before every meal",  # health
    "I need to stay gluten free for my coeliac disease",  # health
])
def test_a_need_about_health_is_kept(text: str) -> None:
    assert generic.worth_keeping(text)


def test_dictation_fillers_inside_the_sentence_are_dropped() -> None:
    content, _ = generic.normalise("I play the oboe with the um Leeds Youth Orchestra")
    assert content == "User plays the oboe with the Leeds Youth Orchestra"
    content, _ = generic.normalise("I work at Uhlmann Bakery")  # a name that starts like one
    assert content is not None and "Uhlmann" in content


@pytest.mark.parametrize(("text", "fact"), [
    ("I run every morning, is that bad for my knees", "I run every morning"),
    ("my mum refuses to cut sugar so I need like sneaky low sugar desserts",
     "my mum refuses to cut sugar"),
])
def test_a_yes_no_question_or_a_need_after_the_statement_is_cut(text: str, fact: str) -> None:
    assert generic.without_request(text) == fact


@pytest.mark.parametrize("text", [
    "I was diagnosed with diabetes so I need insulin before meals",  # the need is health
    "my husband loves sushi, so do I",  # no question
    "I'm vegan, so is my sister",
])
def test_a_need_about_health_and_so_do_i_are_not_cut(text: str) -> None:
    assert generic.without_request(text) == text


# -- a Korean question said without its question mark ----------------------------------------

def test_a_korean_question_without_its_mark_is_no_memory() -> None:
    assert said("수경은 어디서 사요") == []
    got = said("저 요가 다녀요. 매트는 어디서 사요")  # the fact stays, the question is not glued
    assert "사용자는 요가 다닌다" in got and not any("어디서" in c for c in got)


@pytest.mark.parametrize("text", [
    "언제든 연락 줘도 된다",  # "any time": no question
    "어느새 3년째 다니고 있어요",
])
def test_indefinite_question_words_are_no_question(text: str) -> None:
    assert not generic._ko_wh_asked(text)
