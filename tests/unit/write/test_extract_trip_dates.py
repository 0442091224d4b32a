"""A trip's dates said bare in reply to "when" (issue 16, a new-user trial, ``trip_dates``):
"When are you going to Lisbon?" → "sept 14-21" is the trip with its dates, not only a reply.
Sentences written for this file (not copied from a labelled file), with look-alikes that must
store no trip."""

from __future__ import annotations

from typing import Any


def test_bare_dates_in_reply_to_when_are_the_trip(chat_extract: Any) -> None:
    cases = [
        (("u: I'm planning a trip to Lisbon", "a: Nice! When are you going to Lisbon?",
          "u: sept 14-21"), "User is traveling to Lisbon sept 14-21"),
        (("u: I'm heading to Tokyo for work", "a: Oh nice. When is the trip?",
          "u: oct 3rd to the 9th"), "User is traveling to Tokyo oct 3rd to the 9th"),
        (("a: When's your Rome trip?", "u: next month"), "User is traveling to Rome next month"),
        (("u: 오사카 여행 가려고", "a: 좋네요! 언제 오사카 가요?", "u: 3월 2일부터 5일까지"),
         "사용자는 3월 2일부터 5일까지 오사카 여행 간다"),
    ]
    for lines, want in cases:
        got = chat_extract.chat_contents(*lines)
        assert want in got, (lines, got)
        assert not any(c.startswith(("User's answer to", "질문 ")) for c in got), (lines, got)


def test_no_trip_from_a_reply_that_is_not_its_dates(chat_extract: Any) -> None:
    cases = [
        ("u: my sister is going to Paris", "a: When is she going to Paris?", "u: sept 14-21"),
        ("a: When are you going to Lisbon?", "u: maybe in march"),
        ("a: When are you going to Lisbon?", "u: not sure yet"),
        ("a: When did you start your new job?", "u: sept 14"),
        ("a: When are you going to Lisbon?", "u: why do you ask?"),
        ("a: 언제 가요?", "u: 다음 주"),
    ]
    for lines in cases:
        got = chat_extract.chat_contents(*lines)
        assert not any(c.startswith(("User is traveling to", "사용자는")) and "여행" in c
                       or c.startswith("User is traveling to") for c in got), (lines, got)
