"""Why the user came to the chat ("인사하러 왔어요", "물어볼 게 있어서 들렀어") is no fact about
them; a trip they made for someone ("부모님 뵈러 부산 왔어요") and a move still are. Found by the
integration suite when the retrained judge started keeping "오늘은 그냥 인사하러 왔어요"."""

from __future__ import annotations

import pytest

from tests.support.chat_extract import said


@pytest.mark.parametrize("text", [
    "오늘은 그냥 인사하러 왔어요 ㅎㅎ",
    "심심해서 수다 떨러 왔어",
    "여쭤보러 왔어요, 시간 괜찮으세요?",
    "구경하러 들렀어요",
])
def test_why_the_user_came_to_the_chat_is_no_memory(text: str) -> None:
    assert said(text) == []


@pytest.mark.parametrize(("text", "word"), [
    ("지난달에 청주로 이사 왔어요", "청주"),
    ("할머니 뵈러 여수에 왔어요", "여수"),
])
def test_a_trip_or_a_move_is_still_kept(text: str, word: str) -> None:
    assert any(word in t for t in said(text))
