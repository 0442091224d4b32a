"""Shapes that decide a sentence before the learned judge's score does (session 15). A judge
trained on twelve writers scores some short facts just under its veto (a relative's condition
in a reason clause, an only child, a thing owned named inside a question, a name given) and a
weather clause before a question just over it; each is decided here by its structure. The
sentences are written for this test, in words of no labelled file."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok.domain.turns import Turn
from gieok.write.extract.heuristic import HeuristicExtractor
from gieok.write.extract.lasting import lasting, names
from gieok.write.extract.premise import premise

AT = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)


def said(*texts: str) -> list[str]:
    return [c.content for c in HeuristicExtractor().extract_sync(
        [Turn(role="user", content=t, at=AT) for t in texts])]


@pytest.mark.parametrize("sentence", [
    "외삼촌이 고혈압이 있으셔서",  # a prefixed condition noun (고/XPN + 혈압) in a reason clause
    "저는 고혈압이 있어요",
    "저 외동아들이에요",  # a place in the family, with the copula
    "우리 둘째가 막내라서",
    "남편이 장남이야",
    "저 돌싱이에요",  # a marital status
    "I'm an only child",
    "my wife is the youngest of four",
    "my brother is a twin",
    "I have a Vitamix",  # a thing owned, by its make
    "we have a Dyson V15",
])
def test_lasting_shapes_added_this_session(sentence: str) -> None:
    assert lasting(sentence), sentence


@pytest.mark.parametrize("sentence", [
    "이번 주는 제가 당번이야",  # a role of the week
    "팀장이 막내라서",  # someone else's place
    "외동이야?",  # a question
    "I have a Zoom call at noon",  # a capitalised word that is no thing owned
    "I don't have a Vitamix",
    "I'm the youngest on the night shift",
    "my manager is an only child",
])
def test_what_only_looks_like_them_is_not(sentence: str) -> None:
    assert not lasting(sentence), sentence


def test_a_name_given_is_a_precise_value_but_not_someone_elses() -> None:
    assert names("이름은 하람이야") and names("우리 토끼 이름은 솜이야")
    assert not names("직장 동료 이름은 태호야") and not names("이름이 뭐야?")
    assert not names("his name is Theo")  # (English names go through coref)


@pytest.mark.parametrize("text", [
    "밖에 비 엄청 오는데 빨래 걷어야 할까?",
    "눈이 많이 와서 출근 어떻게 하지?",
    "날씨가 쌀쌀한데 뭐 입을까?",
    "미세먼지 심한데 산책 가도 돼?",
])
def test_the_weather_before_a_question_is_nobodys(text: str) -> None:
    assert premise(text) is None, text
    assert said(text) == [], text


def test_what_only_looks_like_the_weather_is_still_the_users() -> None:
    assert premise("눈이 침침해서 안경 바꿔야 할까?") is not None  # the eye, not snow
    assert premise("바람 피운 여친이랑 헤어졌는데 어떻게 잊어?") is not None  # cheating, not wind
    assert said("since it's snowing, should I skip the gym?") == []


def test_the_facts_the_judge_scored_low_are_kept() -> None:
    got = said("외삼촌이 고혈압이 있으셔서 제사 음식은 싱겁게 해요")
    assert any("고혈압" in c for c in got), got
    got = said("제가 외동이라 명절마다 혼자 준비해요")
    assert any("외동" in c for c in got), got
    got = said("can my Vitamix crush ice?")
    assert "User has a Vitamix" in got, got
