"""How the Korean normaliser reads a word that looks like another: a quoted last word is a
name or a title, never a verb ("아기 고양이 '깨'" is a kitten called 깨, not "the kitten wakes
up"); 날 after a determiner is the day ("어느 날"), not "me"."""

from __future__ import annotations

import pytest

from gieok.write.extract.korean import to_memory


@pytest.mark.parametrize("sentence, expected", [
    ("아기 고양이 '깨'", "사용자의 아기 고양이 '깨'다"),
    ("우리 새 강아지 이름 “콩”", "사용자의 새 강아지 이름 “콩”이다"),
    ("고양이 이름은 「해」.", "사용자의 고양이 이름은 「해」다"),
])
def test_quoted_last_word_is_kept_as_a_name(sentence: str, expected: str) -> None:
    assert to_memory(sentence) == expected


@pytest.mark.parametrize("sentence, verb", [
    ("나 요즘 새벽에 자꾸 깨", "깬다"),       # unquoted: still the verb 깨다
    ("나 요즘 '파묘' 봤어", "봤다"),          # a quote inside the sentence: the verb after it stays
])
def test_unquoted_or_inner_quote_still_conjugates(sentence: str, verb: str) -> None:
    out = to_memory(sentence)
    assert out is not None and out.endswith(verb)


@pytest.mark.parametrize("sentence, expected", [
    ("어느 날 고양이가 집에 왔어요", "어느 날 고양이가 집에 왔다"),      # the day, not "me"
    ("쉬는 날 등산 가", "사용자는 쉬는 날 등산 간다"),
    ("엄마는 날 많이 도와줘", "사용자의 엄마는 사용자를 많이 도와준다"),  # "me"
])
def test_nal_is_the_day_after_a_determiner(sentence: str, expected: str) -> None:
    assert to_memory(sentence) == expected
