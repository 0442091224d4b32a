"""A Korean topic that is a thing of the user's, said to be something ("생일은 6월 3일", "차는
2015년식 아반떼", "고향은 대구야"), becomes "사용자의 생일은 …" — not "사용자는 생일은 …", two
topics in a row that read as broken Korean (the lead's trial, session 21). A time word as topic
and a topic that something is done to keep "사용자는"."""

from __future__ import annotations

import pytest

from gieok.write.extract.korean import third_person


@pytest.mark.parametrize(("said", "memory"), [
    ("생일은 6월 3일이다", "사용자의 생일은 6월 3일이다"),
    ("차는 2015년식 아반떼다", "사용자의 차는 2015년식 아반떼다"),
    ("혈액형은 A형이다", "사용자의 혈액형은 A형이다"),
    ("전공은 컴퓨터공학이다", "사용자의 전공은 컴퓨터공학이다"),
])
def test_an_owned_topic_said_to_be_something(said: str, memory: str) -> None:
    assert third_person(said) == memory


@pytest.mark.parametrize("said", [
    "커피는 안 마신다", "술은 전혀 안 마신다",  # the topic is what the user does not drink
    "오늘은 쉬는 날이다", "요즘은 야근이 많다",  # a time, not a thing of the user's
])
def test_the_user_stays_the_subject(said: str) -> None:
    assert third_person(said) == "사용자는 " + said
