"""The "said before" reads worked out once per text (said_otherwise, said_once_more, found_in):
one text's answer never leaks into another pair's, whichever pair is asked first."""

from __future__ import annotations

import itertools

import pytest

from gieok.write.likeness import found_in
from gieok.write.repeated import said_once_more
from gieok.write.said_otherwise import opening_said_otherwise, said_otherwise

# (new, old, said_otherwise) — one new text against stored texts that do and do not state its
# relation, so the phrase set aside depends on the stored text, not on the new one alone
PAIRS = [
    ("penicillin gives me hives btw", "User is allergic to penicillin", True),
    ("penicillin gives me hives btw", "User takes penicillin", False),
    ("User doesn't eat meat", "User is vegetarian", True),
    ("User doesn't eat meat", "User eats fish on Fridays", False),
    ("사용자는 고기 안 먹어", "사용자는 채식주의자", True),
    ("사용자는 고기 안 먹어", "사용자는 고기 좋아함", False),
]


@pytest.mark.parametrize("order", list(itertools.permutations(range(len(PAIRS)), 3))[::7])
def test_each_pair_is_answered_alone_in_any_order(order: tuple[int, ...]) -> None:
    for i in order:
        new, old, same = PAIRS[i]
        assert said_otherwise(new, old) is same
        assert said_otherwise(new, old) is same  # again, from the per-text reads


def test_a_first_clause_and_a_routine_done_today() -> None:
    old = "User is allergic to penicillin"
    assert opening_said_otherwise("penicillin gives me hives, so the GP gave me clarithromycin",
                                  old)
    assert not opening_said_otherwise("penicillin gives me hives, and sulfa too", old)
    routine = "매일 아침 yoga 20분 한다"
    assert said_once_more("오늘도 아침 요가 20분 완료", routine)
    assert said_once_more("아침 6시 수영 4년째야", "매일 아침 6시에 수영해")
    assert not said_once_more("User swam at 6 again today", "User swam at 6 once")
    assert said_once_more("오늘도 아침 요가 20분 완료", routine)  # again, from the per-text reads


def test_a_word_found_in_the_other_script_or_not_at_all() -> None:
    assert found_in("요가", "요가", "User does yoga on Sundays")
    assert found_in("yoga", "yoga", "사용자는 요가를 한다")
    assert not found_in("수영", "수영", "User does yoga on Sundays")
    assert found_in("played", "played", "User plays tennis")
    assert not found_in("tennis", "tennis", "User plays badminton")
