"""A standing request after its reason is a rule kept whole, not only its reason (issue 16).

Session 11's premise reading keeps the reason clause before a question or request ("저 유당불내증
있는데 … 추천해 주세요" → the intolerance). When the request is a standing one ("…추천할 때는
항상 …", "앞으로 …") the whole sentence is the user's rule, and cutting it to the reason lost the
rule (found when the held-out file of session 11 was scored). Sentences written for this file."""

from __future__ import annotations

from collections.abc import Callable


def test_a_standing_request_after_its_reason_keeps_the_rule(
        said: Callable[[str], list[str]]) -> None:
    got = said("저는 새우 알레르기가 있으니까 요리 추천할 때 갑각류 들어간 건 빼주세요")
    assert any("갑각류" in c and "새우" in c for c in got), got
    got = said("당뇨가 있어서 디저트 추천할 때는 항상 설탕 없는 걸로 해줘")
    assert any("설탕" in c and "당뇨" in c for c in got), got


def test_a_one_off_request_after_its_reason_still_keeps_only_the_reason(
        said: Callable[[str], list[str]]) -> None:
    got = said("우리 고양이 보리가 신부전이 있는데 사료 뭐가 좋을까요?")
    assert any("보리" in c and "신부전" in c for c in got), got
    assert not any("사료 뭐가" in c for c in got), got
