"""A verbless fragment goes on about the memory the sentence before it made (write/extract/
fragments.py): the model, the name, the kind said after the statement is kept with it.
Sentences written for this test, Korean, English and mixed, with look-alikes that stay out."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok.domain.turns import Turn
from gieok.write.extract.fragments import elaborated, is_fragment
from gieok.write.extract.heuristic import HeuristicExtractor

AT = datetime(2026, 5, 4, 19, 30, tzinfo=UTC)


def _said(*user: str) -> list[str]:
    turns = [Turn(role="user", content=text, at=AT) for text in user]
    return [c.content for c in HeuristicExtractor().extract_sync(turns)]


@pytest.mark.parametrize("text", [
    "Galaxy Tab S9", "A Brompton, the folding one.", "Grey tabby, three years old.",
    "it's a £300 Fjällräven", "Mostly Chopin nocturnes", "갤럭시 워치 6", "테슬라 모델 Y",
    "흰색 말티즈 두 마리", "the 2019 model",
])
def test_noun_phrases_are_fragments(text: str) -> None:
    assert is_fragment(text), text


@pytest.mark.parametrize("text", [
    "thanks!", "lol", "ㅋㅋㅋ", "wild", "so annoying", "Steve moved to the sales team",
    "she's in Dubai", "he's 3", "7살 푸들이야", "이름은 콩이", "진짜 좋아", "어디서 사?",
    "hosting: Fly.io", "named her Mochi", "yes, two", "응 맞아", "what's the weather",
    "I love it", "너무 비싸",
])
def test_clauses_replies_and_exclamations_are_not(text: str) -> None:
    assert not is_fragment(text), text


def test_the_fragment_keeps_its_dots_and_loses_its_laughter() -> None:
    assert elaborated("User bought a laptop", "A MacBook Air 13.6 inch!") == \
        "User bought a laptop (A MacBook Air 13.6 inch)"
    assert elaborated("사용자는 새 차 뽑았다", "아이오닉 6 ㅋㅋㅋ") == "사용자는 새 차 뽑았다 (아이오닉 6)"


def test_a_second_fragment_joins_the_first() -> None:
    first = elaborated("사용자는 새 노트북 샀다", "맥북 에어 M3")
    assert first == "사용자는 새 노트북 샀다 (맥북 에어 M3)"
    assert elaborated(first, "15인치") == "사용자는 새 노트북 샀다 (맥북 에어 M3, 15인치)"


@pytest.mark.parametrize(("turn", "words"), [
    ("어제 전기자전거 샀어. 삼천리 팬텀 Q", ("전기자전거", "팬텀")),
    ("I finally bought a camera. A Fujifilm X100VI.", ("camera", "X100VI")),
    ("나 요즘 피아노 배워. 주로 쇼팽", ("피아노", "쇼팽")),
    ("We adopted a rescue dog on Sunday. Black lab mix, about four years old.",
     ("dog", "lab mix")),
    ("my brother wants to borrow my guitar. it's a 1998 Martin", ("guitar", "Martin")),
])
def test_the_fragment_stays_with_the_memory_it_names(turn: str, words: tuple[str, ...]) -> None:
    said = _said(turn)
    assert any(all(w in m for w in words) for m in said), said


@pytest.mark.parametrize("turn", [
    "I started a new job at the library. Wild.",
    "요즘 헬스 다녀. 진짜 힘들어",
    "I got a puppy last week. Thanks for the tips!",
])
def test_an_exclamation_or_a_thanks_is_not_kept(turn: str) -> None:
    said = _said(turn)
    assert said and not any("(" in m for m in said), said


def test_a_fragment_alone_is_no_memory() -> None:
    """With no memory before it in the turn, a bare noun phrase stays unsaid."""
    assert _said("Galaxy Tab S9") == []
