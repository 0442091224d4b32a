"""A lasting fact said in the same sentence as how this week feels is still a memory: "I'm a
paramedic in Hull, this week has been killing me" keeps the job; read whole, the passing
clause used to hide it. A sentence that is passing throughout stores nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok.domain.turns import Turn
from gieok.write.extract.heuristic import HeuristicExtractor

AT = datetime(2026, 3, 2, 20, tzinfo=UTC)
EXTRACTOR = HeuristicExtractor()


def contents(text: str) -> list[str]:
    return [c.content for c in EXTRACTOR.extract_sync([Turn(role="user", content=text, at=AT)])]


@pytest.mark.parametrize("text, word", [
    ("I'm a paramedic in Hull, this week has been killing me. any quick dinners?", "paramedic"),
    ("I'm a third year law student and exams are killing me", "law student"),
    ("my feet are killing me, I'm a postwoman so I walk all day", "postwoman"),
    ("저 청주에서 약사로 일해요, 요즘 감기 환자 때문에 죽겠어요", "약사"),
    ("I gave up dairy last year, cheese was wrecking my stomach", "dairy"),
])
def test_the_lasting_clause_is_kept(text: str, word: str) -> None:
    found = contents(text)
    assert any(word in c for c in found), found
    assert not any("killing" in c or "죽겠" in c for c in found), found


@pytest.mark.parametrize("text", [
    "I'm on call this week so I'm exhausted",
    "ugh, this week is killing me",
    "요즘 마감이라 죽겠어, 진짜 바빠",
    "today is killing me, I'm so tired today",
    "I tried the new ramen place yesterday, it was pretty good",
])
def test_a_sentence_passing_throughout_stores_nothing(text: str) -> None:
    assert contents(text) == []
