"""Memories nobody should keep (session 12, issue 16; write/extract/asides.py, passing.py,
discourse.py, disclosure.py): a state of the moment said as a figure of speech or after a
bounded event, a deliberation or an intention said to be absent, a conclusion drawn from the
assistant's answer, an errand that takes up its suggestion, an acquaintance's fact, what the
thing asked about is, and a Korean question whose last -나 Kiwi reads as a joint. Each class
is tested with a look-alike that must stay. Sentences written for these tests, in both
languages."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from gieok.write.extract import asides, discourse, discourse_others
from gieok.write.extract.passing import momentary, passing

AT = datetime(2026, 9, 3, 19, 0, tzinfo=UTC)


@pytest.fixture
def said(chat_extract: Any) -> Callable[..., list[str]]:
    return lambda *turns: chat_extract.contents(*turns, at=AT)  # type: ignore[no-any-return]


# --- a state of the moment ------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "this migration script is melting my brain",
    "my brain is fried after a 9 hour exam",
    "I'm wrecked after a 6 hour drive from Inverness",
    "my feet are killing me after a 30k hike",
    "the new rota is driving me up the wall",
    "회의 자료 만드느라 머리 터질 것 같아",
    "배고파 죽겠다 ㅠㅠ",
])
def test_a_state_of_the_moment_is_passing(text: str) -> None:
    assert momentary(text) and passing(text)


@pytest.mark.parametrize("text", [
    "I moved to Porto after a 2 year contract in Lyon",
    "my knee has been killing me since the surgery",
    "my son is killing it at chess club",
    "I work 12 hour shifts at the hospital",
    "I have a 14 hour flight to Santiago next month",
    "저 요즘 매일 아침 수영해요",
])
def test_what_lasts_is_no_moment(text: str) -> None:
    assert not momentary(text)


def test_the_moment_goes_and_the_fact_before_it_stays(said: Callable[..., list[str]]) -> None:
    got = said(("user", "I drive a tram in Sheffield"),
               ("assistant", "That sounds like a demanding job. How can I help?"),
               ("user", "the new timetable is melting my brain"))
    assert any("tram" in m for m in got)
    assert not any("brain" in m for m in got)


# --- a deliberation, or an intention said to be absent ----------------------------------------

@pytest.mark.parametrize("text", [
    "이사를 가야 하나 고민했다",
    "회사를 그만둘까 고민 중이에요",
    "이직할지 말지 고민돼",
    "차를 바꿀까 망설이고 있어요",
    "실제로 갈 생각은 없어",
    "애 낳을 계획은 없어요",
    "I'm wondering if I should switch to a standing desk",
    "we're torn between a corgi and a shiba",
    "still can't decide whether to take the Berlin offer",
    "no plans to have kids, we just want to travel",
])
def test_weighing_it_is_no_decision(text: str) -> None:
    assert asides.deliberates(text) and discourse.is_noise(text)


@pytest.mark.parametrize("text", [
    "이사 갈까 고민하다가 결국 서귀포로 이사했어요",
    "저는 고민 상담 일을 해요",
    "요즘 생각이 많아요",
    "I was wondering about a standing desk for weeks but I bought one",
    "I'm a nurse in Leeds",
    "we decided to move to Glasgow in May",
])
def test_a_decision_or_a_statement_is_no_deliberation(text: str) -> None:
    assert not asides.deliberates(text)


def test_the_decision_after_the_weighing_is_read(said: Callable[..., list[str]]) -> None:
    got = said(("user", "전세 연장할까 고민하다가 결국 성수동으로 이사했어요. 근처 빨래방 있어요?"))
    assert any("성수동" in m for m in got)
    assert not said(("user", "캠핑카 살까 고민 중이에요. 유지비 얼마나 들어요?"))


# --- a conclusion drawn from the answer, an errand that takes up the suggestion ---------------

def test_a_conclusion_with_then_is_no_fact(said: Callable[..., list[str]]) -> None:
    shown = "Botanically it's a fruit; in cooking it's treated as a vegetable."
    assert asides.concludes("ha, my sister owes me a coffee then", shown)
    assert said(("user", "is a tomato a fruit? settling an argument"), ("assistant", shown),
                ("user", "ha, my sister owes me a coffee then")) == []


@pytest.mark.parametrize("text", [
    "I lived in Osaka back then",
    "I've been vegetarian since then",
    "my daughter was born in 2019 and I quit smoking right then",
])
def test_then_as_a_time_is_no_conclusion(text: str) -> None:
    assert not asides.concludes(text, "Anything else?")


def test_taking_up_a_suggestion_is_an_errand(said: Callable[..., list[str]]) -> None:
    shown = "Blackout curtains and a white noise machine can help a lot."
    assert asides.adopts("ok we're getting blackout curtains", shown)
    assert asides.adopts("I'll try the white noise machine", shown)
    got = said(("user", "my dad can't sleep since his knee operation"), ("assistant", shown),
               ("user", "ok we're getting blackout curtains"))
    assert not any("curtain" in m for m in got)


def test_something_new_after_a_suggestion_is_kept(said: Callable[..., list[str]]) -> None:
    shown = "Blackout curtains and a white noise machine can help a lot."
    assert not asides.adopts("we got a beagle puppy last month", shown)
    assert not asides.adopts("I use a CPAP machine every night", shown)


# --- someone else's fact, said by the user ----------------------------------------------------

@pytest.mark.parametrize("text", [
    "a friend's husband is allergic to cats and she just got a kitten",
    "one of my friends is moving to Lisbon in March",
    "아는 사람 남편이 소방관인데 교대 근무가 힘들대",
    "아는 언니가 이번에 카페를 차렸어",
])
def test_an_acquaintances_fact_is_not_the_users(text: str) -> None:
    assert discourse_others.about_outsider(text)


@pytest.mark.parametrize("text", [
    "my friend Dana and I are vegan",
    "아는 사람 소개로 저 이번에 이직했어요",
    "my husband is allergic to cats",
])
def test_the_user_in_it_is_the_users(text: str) -> None:
    assert not discourse_others.about_outsider(text)


# --- what the thing asked about is -------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "우리 할머니가 예전에 불러 주시던 노래야",
    "친구가 추천해 준 책이에요",
])
def test_what_the_thing_is_has_no_subject(text: str) -> None:
    assert asides.identified(text)


@pytest.mark.parametrize("text", [
    "작년에 결혼한 새댁이에요",
    "저는 분당 사는 직장인이에요",
    "삼겹살 좋아하는 사람이에요",
])
def test_the_user_described_is_no_identification(text: str) -> None:
    assert not asides.identified(text)


def test_a_question_about_a_song_leaves_nothing(said: Callable[..., list[str]]) -> None:
    assert said(("user", '엄마가 자주 부르시던 노래인데 "고향의 봄" 2절 가사가 뭐였지?')) == []
    got = said(("user", "작년에 결혼한 새댁인데 시댁 명절 선물 추천해줘"))
    assert any("새댁" in m for m in got)


# --- a Korean question whose -나 Kiwi reads as a joint ----------------------------------------

@pytest.mark.parametrize("text", ["딱 맞는 말 없나", "벌써 끝났나", "이 정도 비면 우산 필요 없나"])
def test_a_question_ending_read_as_a_joint(text: str) -> None:
    assert asides.ko_asks(text)


def test_the_wondered_question_leaves_nothing(said: Callable[..., list[str]]) -> None:
    assert said(("user", "야 'déjà vu' 한국어로 뭐라 해? 딱 맞는 말 없나")) == []


# --- a relative's hometown, a rule that points at "이거", a relative's acquaintance -----------

def test_a_relatives_hometown_is_not_the_users(said: Callable[..., list[str]]) -> None:
    assert not any(m.startswith("사용자의 고향은") for m in said(("user", "외할머니 고향이 강릉이셔서 ㅎㅎ")))
    assert "사용자의 고향은 강릉" in " ".join(said(("user", "제 고향은 강릉이에요")))


def test_a_rule_that_points_at_this_keeps_what_this_is(said: Callable[..., list[str]]) -> None:
    got = said(("user", "우리 서비스는 Django 5에 MySQL 8이야. 앞으로 예시 코드 줄 때 이거 기준으로 해줘"))
    rule = next(m for m in got if "이거 기준" in m)
    assert "Django" in rule


# --- a count so far, what went on all day ---------------------

def test_counts_so_far_and_all_day_are_the_moment(said: Callable[..., list[str]]) -> None:
    assert said(("user", "지금 너무 졸린데 커피 마셔도 될까? 벌써 네 잔째야")) == []
    assert said(("user", "quick desk stretches please, I've been hunched over all day")) == []
    assert said(("user", "thanks, my arms are jelly now")) == []
    assert any("수영" in m for m in said(("user", "저 수영 3년째 하고 있어요")))


def test_a_reply_without_a_noun_is_a_fragment(said: Callable[..., list[str]]) -> None:
    assert said(("user", "라면 물 몇 ml 넣어?"), ("assistant", "보통 550ml예요."),
                ("user", "헐 난 맨날 대충 넣었는데 ㅋㅋ")) == []


def test_a_premise_before_a_question_ending_in_na_is_kept(said: Callable[..., list[str]]) -> None:
    # the question ends in -나 (now noise); the clause before it still states the event
    got = said(("user", "다음 주 금요일에 Osaka 출장 있는데 캐리어 20인치면 너무 작나"))
    assert any("Osaka 출장 있다" in m for m in got)
    assert not any("있는데다" in m for m in got)
