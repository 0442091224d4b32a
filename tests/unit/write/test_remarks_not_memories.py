"""Remarks that are no statement about the user, read from how they are said
(write/extract/generic.py ``_REMARK``, the sentence's end read without laughter or stops;
write/extract/lasting.py: someone outside the family is never "a name" of a relative).
Sentences written for these tests; each is kept on main before this change unless noted."""

from __future__ import annotations

from typing import Any

import pytest

from gieok.write.extract import korean
from gieok.write.extract.generic import exclaimed, keepable, worth_keeping
from gieok.write.extract.lasting import lasting


@pytest.mark.parametrize("said", [
    "우리 과 조교님이 다음 달에 부산으로 이사 간대요.",  # hearsay, with a full stop
    "옆집 아저씨 아들이 이번에 로스쿨 붙었대 ㅋㅋ",  # someone else's son (hearsay)
    "아니 근데 왜 우리 부장님은 맨날 회의를 금요일에 잡으시지 ㅋㅋ",  # a "why"
    "올해도 고생했다 나 자신 ㅋㅋ",  # cheering
    "내일 시험 화이팅",
    "ㅋㅋ 나만 그런 줄",  # a belief cut short
    "서류는 금요일까지 주민센터에 내면 돼",  # what is enough to do for a task
    "새벽부터 택배 기다리느라 잠 못 잠 ㅠㅠ",  # since early this morning
    "my neighbour fixed my bike chain once",  # done once
    "오 그렇게 하는 거구나",  # an exclamation of what was just noticed
    "생각보다 줄이 길네 ㅋㅋ",
    "시험 날이라 그런지 지하철이 텅 비었어",  # a guess at the cause
])
def test_a_remark_is_neither_kept_nor_keepable(said: str) -> None:
    assert not worth_keeping(said)
    assert not keepable(said)


def test_an_exclamation_with_a_background_clause_is_left_to_the_other_rules() -> None:
    assert exclaimed(korean.tokens("와 벌써 금요일이네"))
    assert not exclaimed(korean.tokens("매일 새벽 5시에 일어나는 게 내 일과인데 요즘 좀 힘드네"))
    assert not exclaimed(korean.tokens("저는 매일 5시에 일어나요"))


def test_someone_elses_child_is_no_relative_of_the_user() -> None:
    assert not lasting("엄마 친구 아들이 이번에 의대 붙었어")
    assert not lasting("우리 언니 친구 딸이 작년에 결혼했어")
    # a relative's own news is still theirs, and a named child is still the user's
    assert lasting("우리 언니가 작년에 결혼했어")
    assert lasting("우리 딸 하은이가 이번에 초등학교 입학했어")


@pytest.mark.parametrize("said", [
    "나 매주 토요일 아침마다 수영 다녀",
    "우리 아빠가 작년에 은퇴하셨어",
    "I've been a nurse for ten years",
    "오늘부터 재택근무 주 3일이야",
    "우리 딸은 왜인지 당근을 엄청 좋아해",
    # an exclamation after a clause of its own, or with a habit, still says something lasting
    "버스 기사 하다 보니 무릎이 맨날 쑤시네",
    "제가 외동이라 부모님 병원은 다 제가 모셔야 하네요",
])
def test_statements_that_look_alike_are_still_kept(said: str, chat_extract: Any) -> None:
    assert chat_extract.contents(("user", said)), said


@pytest.mark.parametrize("said", [
    "우리 과 조교님이 다음 달에 부산으로 이사 간대요. 송별 선물 뭐가 좋을까요",
    "우리 엄마 친구 아들이 이번에 의대 붙었대 ㅋㅋ 엄친아 인정",
    "아침부터 지하철 놓쳐서 지각 ㅠㅠ 기분 별로",
    "ㅎㅎ 2027 화이팅",
    "ok so my cousin set up a smart speaker in my kitchen once",
])
def test_a_noise_turn_leaves_no_memory(said: str, chat_extract: Any) -> None:
    assert chat_extract.contents(("user", said)) == []
