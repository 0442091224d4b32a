"""Facts typed as a form, "label: value" (write/extract/forms.py).

New-user trials: "goal this year: run a half marathon and read 24 books" and "목표: 올해 토익
900 넘기기" stored nothing — a line with no verb for the sentence rules to read."""

from __future__ import annotations

import pytest

from gieok.domain.turns import Turn
from gieok.write.extract.heuristic import HeuristicExtractor


def _found(*said: str) -> list[tuple[str, bool]]:
    turns = [Turn(role="user", content=s) for s in said]
    out = HeuristicExtractor().extract_sync(turns[-1:], context=turns[:-1])
    return [(c.content, c.pinned) for c in out]


@pytest.mark.parametrize(("said", "expected"), [
    ("goal this year: run a half marathon and read 24 books",
     [("User's goal this year: run a half marathon and read 24 books", False)]),
    ("목표: 올해 토익 900 넘기기", [("사용자의 목표: 올해 토익 900 넘기기", False)]),
    ("allergies: penicillin / meds: levothyroxine 50mcg",
     [("User's allergies: penicillin", True), ("User's meds: levothyroxine 50mcg", True)]),
    ("my son's allergies: peanuts and eggs", [("User's son's allergies: peanuts and eggs", True)]),
    ("제 복용약: 씬지로이드 50mg", [("사용자의 복용약: 씬지로이드 50mg", True)]),
])
def test_a_form_line_is_a_fact_of_whom_it_names(said: str, expected: list[tuple[str, bool]]) -> None:
    found = _found(said)  # (a Korean memory may get its copula: "… 50mg다")
    assert [(c.removesuffix("다").removesuffix("이"), p) for c, p in found] == expected


@pytest.mark.parametrize("said", [
    "allergies: none", "알레르기: 없음", "Goals: ???", "what are your goals: tell me",
    "the goal: win the game tonight", "name: Bora / age: 7",
])
def test_an_empty_or_someone_elses_form_line_stores_nothing_of_its_own(said: str) -> None:
    assert not any(": " in content for content, _ in _found(said))
