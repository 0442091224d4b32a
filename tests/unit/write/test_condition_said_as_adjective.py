"""A condition said as what the user is ("I'm diabetic", "I'm a type 2 diabetic", "im asthmatic")
is a pinned health memory, also when a question or a request follows it in the same turn; a
condition that is denied, someone else's, or asked about is not the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok.domain.turns import Turn
from gieok.write.extract.heuristic import HeuristicExtractor

AT = datetime(2026, 3, 2, 20, tzinfo=UTC)
EXTRACTOR = HeuristicExtractor()


def memories(text: str) -> list[tuple[str, bool]]:
    found = EXTRACTOR.extract_sync([Turn(role="user", content=text, at=AT)])
    return [(c.content, c.pinned) for c in found]


@pytest.mark.parametrize("text, said", [
    ("ok so im diabetic lol what can i eat at a korean bbq", "User is diabetic"),
    ("I'm a type 2 diabetic, any low-carb snacks?", "type 2 diabetic"),
    ("I'm epileptic, are strobe lights at concerts a problem?", "User is epileptic"),
])
def test_the_condition_is_a_pinned_memory(text: str, said: str) -> None:
    found = memories(text)
    assert any(said in content and pinned for content, pinned in found), found


@pytest.mark.parametrize("text", [
    "is a diabetic allowed to eat mango?",
    "I'm not diabetic, are these sweets ok for my guests?",
])
def test_no_condition_of_the_users(text: str) -> None:
    assert not any("User is diabetic" in content for content, _ in memories(text))
