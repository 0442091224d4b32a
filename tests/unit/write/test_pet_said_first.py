"""A pet named first with no particle is the subject of what follows ("우리 노견 '할배' 15살인데 …").

Found in the session-13 work on quoted names: the age went to the user ("사용자는 15세") and the
heart medicine was lost, or was stored with the pet named twice. The sentences are written for
this test; the guards keep the user's own age and a "new" (새) thing the user's.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok.domain.turns import Turn
from gieok.write.extract.heuristic import HeuristicExtractor

AT = datetime(2026, 3, 11, 9, 0, tzinfo=UTC)


def _said(text: str) -> list[str]:
    return [c.content for c in HeuristicExtractor().extract_sync([Turn(role="user", content=text, at=AT)])]


@pytest.mark.parametrize("text, pet", [
    ("우리 노견 '할배' 15살인데 요즘 심장약 먹어요", "할배"),
    ("우리 노견 할배 15살인데 요즘 심장약 먹어요", "할배"),
    ("우리 강아지 콩이 13살인데 요즘 관절약 먹어", "콩"),
])
def test_the_age_and_the_medicine_are_the_pets(text: str, pet: str) -> None:
    said = _said(text)
    assert not any(s.startswith("사용자는") and "세" in s for s in said), said
    medicine = [s for s in said if "약" in s]
    assert medicine and all(s.count(pet) == 1 for s in medicine), said


def test_the_users_own_age_stays_the_users() -> None:
    assert any("사용자는" in s and "15" in s for s in _said("나 올해 15살인데 키가 안 커"))
