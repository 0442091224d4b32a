"""What a Korean user goes out to do regularly is no workplace (a new user's trial, session 22):
"매주 토요일에 북한산 등산 다녀" was stored as "사용자는 북한산 등산에서 근무" — 다니다 is said of a
workplace, a class, and an outing alike."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.parametrize("text", ["매주 토요일에 북한산 등산 다녀", "주말마다 캠핑 다녀요",
                                  "한 달에 두 번 출장 다녀"])
def test_an_outing_is_no_employer(chat_extract: Any, text: str) -> None:
    got = chat_extract.user_says(text)
    assert got and not any("근무" in c for c in got), got


def test_a_company_is_still_one(chat_extract: Any) -> None:
    assert "사용자는 삼성에서 근무" in chat_extract.user_says("삼성 다녀")
