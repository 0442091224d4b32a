"""Session 24: gates in front of the judge opened for the own-clause path (``own_clauses``) —
a clause whose subject chat left out, a standing "no", a request typed on into a statement, a
Korean adjective of taste. Scores are stand-ins: the tests read the gates, not the weights."""

from __future__ import annotations

import pytest

from gieok.write.extract import own_clauses


def always(_: str) -> float:
    return 0.99


@pytest.mark.parametrize("sentence,content", [
    # the subject chat leaves out, put back at a later clause
    ("gdansk for now, moving to rotterdam in march for work", "rotterdam"),
    ("I lived in Tokyo for years, now living in Phoenix with a car for everything",
     "Phoenix"),
    # a request typed on into a statement with no stop
    ("애들 학원 스케줄 짜는 거 도와줘 첫째 도윤이 초4 둘째 서아 일곱살", "도윤"),
])
def test_clause_kept(sentence: str, content: str) -> None:
    got = own_clauses.hits(sentence, always, 0.5, whole=False)
    assert any(content in hit.content for hit, _ in got), got


@pytest.mark.parametrize("sentence", [
    "애들 학원 스케줄 짜는 거 도와줘 빨리",  # the request alone
    "can you help, what do you think",
])
def test_nothing_kept(sentence: str) -> None:
    got = own_clauses.hits(sentence, always, 0.5, whole=False)
    assert not [h for h, _ in got if "도와" in h.content or "think" in h.content], got


@pytest.mark.parametrize("clause", [
    "I can't stand jazz",
    "we never eat out",
    "I don't work weekends",
    "공포는 절대 안 보고",
    "나 단 거 별로 안 좋아함",
])
def test_standing_no(clause: str) -> None:
    assert own_clauses.standing_no(clause)
    assert own_clauses.statement(clause)


@pytest.mark.parametrize("clause", [
    "I don't know",
    "I don't think so",
    "I don't live in Busan anymore",  # a change: the update path reads it
    "I didn't go",
    "I don't want pizza tonight",
    "오늘은 안 먹을래",  # this once
    "나 어제 술 안 마셨어",  # the past
    "이제 커피 안 마셔",  # a change
    "내일은 안 갈 거야",
])
def test_not_standing_no(clause: str) -> None:
    assert not own_clauses.standing_no(clause)


def test_request_cut_from_the_statement() -> None:
    assert own_clauses.clauses("애들 학원 스케줄 짜는 거 도와줘 첫째 도윤이 초4 둘째 서아 일곱살") == [
        "애들 학원 스케줄 짜는 거 도와줘", "첫째 도윤이 초4 둘째 서아 일곱살"]
    # an ending inside a word is no request ("줘" only after a verb, before more words)
    assert own_clauses.clauses("추천해줘") == ["추천해줘"]
