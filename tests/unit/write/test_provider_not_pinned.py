"""Who looks after the user's health is remembered, not pinned (write/extract/health.py).

Found in a new-user trial: "my physio is Dr. Alvarez" sat among the always-included core facts
beside the user's diet, because "physio" is a health word. Conditions, medicines and allergies
stay pinned, with or without the doctor's name beside them."""

from __future__ import annotations

import pytest

from gieok.domain.turns import Turn
from gieok.write.extract.health import provider_only
from gieok.write.extract.heuristic import HeuristicExtractor


def _pins(sentence: str) -> dict[str, bool]:
    found = HeuristicExtractor().extract_sync([Turn(role="user", content=sentence)])
    return {c.content: c.pinned for c in found}


@pytest.mark.parametrize("sentence", ["my physio is Dr. Alvarez", "my dentist is Dr. Kim on Elm St",
                                      "my therapist is called Ana"])
def test_a_providers_name_is_stored_unpinned(sentence: str) -> None:
    pins = _pins(sentence)
    assert pins and not any(pins.values())


def test_a_medicine_beside_the_doctors_name_stays_pinned() -> None:
    pins = _pins("my doctor is Dr. Patel and she put me on metformin")
    assert any(p and "metformin" in c for c, p in pins.items())


@pytest.mark.parametrize(("content", "expected"), [
    ("User's physio is Dr. Alvarez", True),
    ("사용자의 담당 의사는 김 선생님이다", True),
    ("User's doctor is worried about their blood pressure", False),
    ("User's GP is Dr. Lee and User is diabetic", False),
    ("User is allergic to penicillin", False),
])
def test_provider_only(content: str, expected: bool) -> None:
    assert provider_only(content) is expected
