"""Recall by structure, session 22 (issue 16).

- a Korean background clause ("-는데") kept although the sentence as a whole can be said by
  no rule and no memory ("주 3회 크로스핏 다니는데 벌써 1년째") (``disclosure``).

Sentences written for this file (not copied from a labelled file), with look-alikes that must
store nothing of the kind."""

from __future__ import annotations

from typing import Any


def _said(chat_extract: Any, *texts: str) -> list[str]:
    return chat_extract.contents(*[("user", t) for t in texts])


# -- a background clause whose sentence says nothing whole -----------------------------------------

def test_a_background_clause_is_kept_when_the_whole_sentence_cannot_be_said(chat_extract: Any) -> None:
    for text, want in [("주 3회 크로스핏 다니는데 벌써 1년째", "사용자는 주 3회 크로스핏 다닌다 (벌써 1년째)"),
                       ("매일 밤 일본어 단어 외우는데 오늘로 100일째!", "일본어 단어 외운다"),
                       ("우리 서비스 백엔드가 rails 7에 mysql 8 쓰는데 배포가 자꾸 충돌나", "rails 7에 mysql 8 쓴다")]:
        got = _said(chat_extract, text)
        assert any(want in c for c in got), (text, got)


def test_no_background_clause_of_a_day_or_of_someone_else(chat_extract: Any) -> None:
    for text in ["어제 친구랑 술 마셨는데 완전 취함 ㅋㅋ", "아까 라면 먹었는데 또 배고파",
                 "회사 동료가 요즘 테니스 치는데 재밌대", "우리 옆집 사람이 Tesla 샀는데 완전 부러움"]:
        assert _said(chat_extract, text) == [], (text, _said(chat_extract, text))
