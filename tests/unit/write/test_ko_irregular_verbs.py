"""Irregular Korean verbs keep their irregular form when re-inflected in the plain -다 form:
"지었어" (짓다, ㅅ-irregular) is "지었다", never "짓었다" (found by the precision helper)."""

from __future__ import annotations

import pytest

from gieok.write.extract import korean


@pytest.mark.parametrize(("text", "plain"), [
    ("작년에 마당에 창고를 지었어", "사용자는 작년에 마당에 창고를 지었다"),  # ㅅ
    ("발목 염좌는 이제 다 나았어요", "사용자는 발목 염좌는 이제 다 나았다"),  # ㅅ
    ("요즘 출근길에 팟캐스트 들어", "사용자는 요즘 출근길에 팟캐스트 듣는다"),  # ㄷ, present
    ("주말마다 동네 텃밭 일을 도왔어", "사용자는 주말마다 동네 텃밭 일을 도왔다"),  # ㅂ
    ("어제 된장찌개 끓였어", "사용자는 어제 된장찌개 끓였다"),  # regular stays regular
])
def test_an_irregular_verb_keeps_its_form_in_the_plain_ending(text: str, plain: str) -> None:
    assert korean.to_memory(text) == plain


@pytest.mark.parametrize(("text", "ending"), [
    ("제 첫 장편 제목은 '바다의 끝'이에요", "'바다의 끝'이다"),
    ("팀 이름은 \"새벽\"이야", "\"새벽\"이다"),
    ("앨범 제목은 '여름비'야", "'여름비'다"),  # a vowel: no 이
])
def test_the_copula_after_a_quoted_name_follows_the_names_last_sound(
        text: str, ending: str) -> None:
    """'…'이에요 keeps 이 when the quoted name ends in a consonant (not "'바다의 끝'다")."""
    out = korean.to_memory(text)
    assert out is not None and out.endswith(ending), out
