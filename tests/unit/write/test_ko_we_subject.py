""""우리/저희" before a time word or an adverb is "we" (the user's household) — the subject —
and before a noun it is "our": "우리 내년에 이사 가" is the user's plan, "우리 아들은 …" is
about the son. Found in a lead's trial ("우리 이제 원주 살아" → "사용자의 이제 원주 살아")."""

from __future__ import annotations

import pytest

from gieok.write.extract import korean


@pytest.mark.parametrize(("text", "plain"), [
    ("우리 내년 봄에 결혼해", "사용자는 내년 봄에 결혼한다"),
    ("저희 드디어 텃밭 분양 받았어요", "사용자는 드디어 텃밭 분양 받았다"),
    ("울 요즘 주말마다 캠핑 다녀", "사용자는 요즘 주말마다 캠핑 다닌다"),
    ("우리 아들은 내년에 군대 가", "사용자의 아들은 내년에 군대 간다"),  # "our son": a noun
    ("저희 가게는 월요일에 쉬어요", "사용자의 가게는 월요일에 쉰다"),
])
def test_we_before_a_time_word_is_the_subject_and_before_a_noun_is_our(
        text: str, plain: str) -> None:
    assert korean.to_memory(text) == plain
