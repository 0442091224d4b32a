"""Recall on text the extractor was not tuned on (issue 16, session 8): a quoted name or
term used inside the user's own sentence is part of it, not someone else's words ("the
band is named \"Paper Lanterns\"", "제목은 \"겨울 정거장\"", "\"e-book\"은 … \"전자책\"으로");
a quoted utterance handed over to translate or explain stays out. Sentences written fresh
for this file; each "kept" assertion failed on the code before (main 8505429), each "stays
out" assertion guards a noise look-alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


@pytest.fixture
def asked(chat_extract: Any) -> Callable[..., list[str]]:
    """One ``add`` per message, as a chat app sends them: each sees the earlier ones."""
    return chat_extract.contents  # type: ignore[no-any-return]


@pytest.fixture
def said(asked: Callable[..., list[str]]) -> Callable[[str], list[str]]:
    """What one user message leaves."""
    return lambda text: asked(("user", text))


def test_a_quoted_name_or_title_stays_in_the_sentence(said: Callable[[str], list[str]]) -> None:
    got = said('my band is named "Paper Lanterns", we play covers on Fridays')
    assert any("Paper Lanterns" in c for c in got)
    got = said('나 요즘 단편소설 쓰는 중인데 제목은 "겨울 정거장"')
    assert any("겨울 정거장" in c for c in got)
    assert not any(c.rstrip(". ").endswith("제목은") for c in got)


def test_a_quoted_term_before_a_particle_stays_in_the_sentence(
        asked: Callable[..., list[str]]) -> None:
    got = asked(("user", "출판사 전자책 교정 작업 중이야"), ("assistant", "네, 어떤 걸 도와드릴까요?"),
                ("user", '편집자가 "e-book"은 무조건 "전자책"으로 쓰래. 마감은 다음 주 금요일'))
    assert any("e-book" in c and "전자책으로" in c for c in got)
    assert not any("은 무조건 " in c and "e-book" not in c for c in got)


def test_a_quoted_utterance_to_translate_or_explain_stays_out(
        said: Callable[[str], list[str]]) -> None:
    assert said('translate "my brother lives in Toronto" into French') == []
    assert said('"저는 부산에 살아요"를 영어로 바꿔줘') == []
    assert said('"hello"를 일본어로 뭐라고 해?') == []
    assert said('what does "break a leg" mean') == []
