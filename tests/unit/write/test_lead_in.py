"""A chat lead-in before a dash or colon ("quick one — I'm a nurse", "update: I moved …") is
not part of the fact: the memory starts where the statement about the user does."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from gieok import Memory

T = datetime(2026, 9, 14, 9, 10, tzinfo=timezone.utc)


def _stored(tmp_path: Path, text: str) -> list[str]:
    with Memory(f"sqlite:///{tmp_path}/m.db", embedder="hash:64") as mem:
        mem.add([{"role": "user", "content": text}], user_id="u", session_id="s", timestamp=T)
        return [r.content for r in mem.list(user_id="u")]


@pytest.mark.parametrize(("text", "starts"), [
    ("hi! quick one — I'm a paramedic in Dundee so my hours are all over the place. any tips?",
     "User is a paramedic in Dundee"),
    ("random thought: I've been vegetarian since university", "User has been vegetarian"),
])
def test_a_lead_in_before_a_dash_or_colon_is_dropped(tmp_path: Path, text: str,
                                                     starts: str) -> None:
    got = _stored(tmp_path, text)
    assert any(m.startswith(starts) for m in got), got
    assert not any(m.lower().startswith(("quick one", "random thought")) for m in got)

