"""An elder's reason clause, then a verb that still honours them before an auxiliary
("… 수술 받으셔서 안약 넣으셔야 돼"): the eye drops are the elder's, never the user's.
Found in a lead's trial, where it was stored as "사용자는 안약 넣으셔야 된다" and pinned."""

from __future__ import annotations

import pytest

from tests.support.chat_extract import said


@pytest.mark.parametrize("text", [
    "할머니가 고관절 수술 받으셔서 보행기 쓰셔야 돼",
    "아버지가 당뇨가 있으셔서 인슐린 맞으셔야 돼",
    "이모가 발목 골절이 있으셔서 깁스하고 계셔야 돼",
])
def test_an_honoured_verb_before_an_auxiliary_stays_the_elders(text: str) -> None:
    texts = said(text)
    assert texts, texts
    assert not any(t.startswith(("사용자는", "사용자가")) for t in texts), texts
