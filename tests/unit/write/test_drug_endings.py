"""A drug is recognised by its stem's ending; an ordinary word that ends the same way is not one.

Found on a private trial: "my brother is getting married next April" was pinned as a
medication because "April" ends like "lisinopril"."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from gieok.domain.turns import Turn
from gieok.write.extract import health
from gieok.write.extract.heuristic import HeuristicExtractor

AT = datetime(2026, 10, 5, 9, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("word", ["lisinopril", "atorvastatin", "prednisolone", "아목시실린",
                                  "씬지로이드", "메트포르민"])
def test_drug_names_are_medicines(word: str) -> None:
    assert health.is_medicine(word)


@pytest.mark.parametrize("word", ["April", "Caroline", "우린", "어린", "베를린", "가이드",
                                  "트램펄린", "alpine", "gasoline"])
def test_ordinary_words_with_a_drug_ending_are_not(word: str) -> None:
    assert not health.is_medicine(word)
    assert not health.health_related(f"we talked about {word} yesterday")


def test_a_month_does_not_make_a_wedding_a_core_health_fact() -> None:
    turn = Turn(role="user", content="my sister Mirae is getting married in Busan next April, "
                "I'm giving the toast haha", at=AT)
    [fact] = [c for c in HeuristicExtractor().extract_sync([turn]) if "Mirae" in c.content]
    assert not fact.pinned
    assert "health" not in fact.tags and "medication" not in fact.tags


def test_a_drug_named_in_the_same_month_is_still_pinned() -> None:
    turn = Turn(role="user", content="I've been on lisinopril since April for my blood pressure",
                at=AT)
    facts = HeuristicExtractor().extract_sync([turn])
    assert any(c.pinned and "lisinopril" in c.content for c in facts)
