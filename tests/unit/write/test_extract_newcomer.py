"""A newcomer said as news, then named (issue 16, a new-user trial, ``newcomer``): the name and
what they are said right after "룸메이트 생겼어" / "동료가 새로 왔어" are the newcomer's, never the
user's. Sentences written for this file (not copied from a labelled file), with look-alikes that
must name no newcomer."""

from __future__ import annotations

from typing import Any

from gieok.write.extract import newcomer


def test_a_name_said_after_news_of_a_newcomer_is_theirs(chat_extract: Any) -> None:
    cases = [
        (("u: 룸메이트 생겼어. 이름은 민지고 간호사야",), "사용자의 룸메이트 이름은 민지 (간호사)"),
        (("u: 룸메이트 생겼어", "a: 오 어떤 사람이야?", "u: 이름은 민지고 간호사야"),
         "사용자의 룸메이트 이름은 민지 (간호사)"),
        (("u: 동료가 새로 왔어. 걔 이름은 준호고 디자이너래",), "사용자의 동료 이름은 준호 (디자이너)"),
        (("u: 새 룸메이트 구했어. 그 친구 이름은 하은이야",), "사용자의 룸메이트 이름은 하은"),
        (("u: 우리 팀에 신입 들어왔어", "a: 그렇군요.", "u: 이름은 도윤이고 개발자래"),
         "사용자의 신입 이름은 도윤 (개발자)"),
    ]
    for lines, want in cases:
        got = chat_extract.chat_contents(*lines)
        assert want in got, (lines, got)
        assert not any(c.startswith(("사용자의 이름은", "이름은")) for c in got), (lines, got)


def test_no_newcomer_is_named_without_the_news(chat_extract: Any) -> None:
    cases = [
        ("u: 동료 딸 이름은 서윤이래",),                        # a colleague's child
        ("u: 룸메이트가 이사 나갔어", "a: 아쉽네요.", "u: 이름은 민지야"),  # one who left
        ("u: 친구랑 밥 먹었어. 내 이름은 지수고 학생이야",),      # the user's own
        ("u: 친구네 강아지 새로 왔대. 이름은 콩이래",),           # someone else's pet
        ("u: 룸메이트 생겼어?",),                               # a question
    ]
    for lines in cases:
        got = chat_extract.chat_contents(*lines)
        assert not any(c.startswith(("사용자의 룸메이트", "사용자의 동료", "사용자의 친구"))
                       for c in got), (lines, got)


def test_the_news_shape_and_what_follows_the_name() -> None:
    assert newcomer.introduced("룸메이트 생겼어.") == "룸메이트"
    assert newcomer.introduced("회사에 새 팀장님 오셨어") == "팀장님"
    assert newcomer.introduced("친구가 그러는데") is None
    assert newcomer.introduced("친구가 여자친구 생겼대") is None
    assert newcomer.introduced("동료 딸이 새로 왔어") is None
    assert newcomer.what_they_are("고 간호사야") == "간호사"
    assert newcomer.what_they_are("이고 디자이너래요") == "디자이너"
    assert newcomer.what_they_are("고 착해") is None
    assert newcomer.what_they_are("고 나랑 동갑이야") is None
    assert newcomer.what_they_are("야") is None
