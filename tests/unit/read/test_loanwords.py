"""A borrowed word in Korean is found by its English spelling and back (read/loanwords.py,
read/expansion.py): "나 첼로 언제부터 배웠지?" of "I started learning the cello". Words
written for this test."""

from __future__ import annotations

import pytest

from gieok.read.expansion import expansion
from gieok.read.loanwords import sounds_alike


@pytest.mark.parametrize(("korean", "english"), [
    ("첼로", "cello"), ("우쿨렐레", "ukulele"), ("기타", "guitar"), ("마라톤", "marathon"),
    ("필라테스", "pilates"), ("넷플릭스", "netflix"), ("스타벅스", "starbucks"),
    ("캠핑", "camping"), ("파이썬", "python"), ("멜라토닌", "melatonin"), ("요가", "yoga"),
    ("바이올린", "violin"), ("색소폰", "saxophone"),
])
def test_a_borrowed_word_sounds_like_its_english(korean: str, english: str) -> None:
    assert sounds_alike(korean, english)


@pytest.mark.parametrize(("korean", "english"), [
    ("첼로", "seoul"), ("기아", "car"), ("토요타", "audi"), ("마음", "mom"), ("차", "tea"),
    ("고양이", "cat"), ("회사", "company"),
])
def test_words_that_only_share_a_sound_or_a_meaning_are_not_one(korean: str,
                                                                 english: str) -> None:
    assert not sounds_alike(korean, english)


def test_a_borrowed_word_in_a_query_searches_its_other_spelling() -> None:
    assert "cello" in expansion("나 첼로 언제부터 배웠지?").split()
    assert "violin" in expansion("바이올린 누가 켜?").split()  # a particle-free eojeol
    assert "pilates" in expansion("요즘도 필라테스를 다녀?").split()  # with a particle
    assert "첼로" in expansion("when did I start the cello?").split()
    assert "요가" in expansion("do I still do yoga?").split()


def test_a_word_is_paired_only_with_a_spelling_of_its_own_line() -> None:
    # "서울" and "cello" share a skeleton (S-L): different lines, no pair
    assert "cello" not in expansion("서울 어디 살아?").split()
    assert "seoul" in expansion("서울 어디 살아?").split()
