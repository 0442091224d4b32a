"""Which category an extracted memory is filed under (write/extract/categories.py).

The eco2 profile stores only location and preference memories; a fact about where the user
lives or what they like that came out as the catch-all "context" was dropped there."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from gieok import GieokSettings, Memory
from gieok.domain.turns import Turn
from gieok.write.extract.categories import category_of
from gieok.write.extract.heuristic import HeuristicExtractor


@pytest.mark.parametrize(("content", "family", "expected"), [
    ("User used to live in Leeds but moved to Bristol in 2023", "note", "location"),
    ("User grew up in Gwangju", "note", "location"),
    ("사용자는 수원에서 자취한다", "note", "location"),
    ("사용자는 지난달에 이사했다", "note", "location"),
    ("사용자는 분당에 살고 남편이랑 고양이 두 마리 키운다", "note", "location"),  # (a trial)
    ("사용자는 서울에 살면서 회사에 다닌다", "note", "location"),
    ("User likes true crime but not the gory ones", "note", "preference"),
    ("User is not a fan of horror movies", "note", "preference"),
    ("사용자는 고수 진짜 싫어한다", "note", "preference"),
    ("User is vegetarian", "diet", "preference"),
    ("사용자는 채식한 지 3년 됐다", "health", "preference"),
    ("User does a 24-hour fast every Thursday", "note", "behavior"),
    ("User works from home on Mondays and Fridays", "note", "behavior"),
    ("사용자는 격주 토요일마다 요양원에 봉사 간다", "note", "behavior"),
    ("사용자는 요즘 매일 아침 6시에 러닝한다", "habit", "behavior"),
])
def test_a_memory_about_the_user_is_filed_by_what_it_says(content: str, family: str,
                                                          expected: str) -> None:
    assert category_of(content, family, "context") == expected


@pytest.mark.parametrize(("content", "family", "category"), [
    # someone else's place, taste or habit is a fact about them
    ("User's sister lives in Busan", "family", "context"),
    ("User's partner Alex works night shifts every week", "note", "context"),
    ("사용자의 엄마가 순천에 산다", "note", "context"),
    ("사용자는 살고 싶은 도시가 있다", "note", "context"),
    # health facts stay health facts, even when taken every day
    ("User is allergic to penicillin", "health", "context"),
    ("User takes metformin every morning", "health", "context"),
    # "like" as a filler is no taste; plans and rules keep their own category
    ("User drinks like 4 flat whites", "note", "context"),
    ("User is moving to Daejeon in September", "plan", "context"),
    ("Standing instruction from the user: always answer in English", "rule", "feedback"),
    ("User switched to an iPhone 15 last month", "note", "context"),
])
def test_other_memories_keep_their_category(content: str, family: str, category: str) -> None:
    assert category_of(content, family, category) == category


def test_the_extractor_files_what_the_user_said() -> None:
    extractor = HeuristicExtractor()
    said = {
        "I used to live in Leeds but moved to Bristol in 2023.": "location",
        "I can't stand cilantro.": "preference",
        "나 요즘 매일 아침 6시에 러닝해": "behavior",
    }
    for text, expected in said.items():
        result = extractor.extract_sync([Turn(role="user", content=text)])
        assert [c.category for c in result] == [expected], (text, result)


def test_the_eco2_profile_keeps_where_the_user_moved_and_what_they_like(
        tmp_path: Path, make_settings: Callable[..., GieokSettings]) -> None:
    with Memory(f"sqlite:///{tmp_path / 'eco2.db'}", profile="eco2",
                settings=make_settings()) as mem:
        for text in ("I used to live in Leeds but moved to Bristol in 2023.",
                     "I can't stand cilantro.", "I go running every morning at 6.",
                     "My sister lives in Busan."):
            mem.add([{"role": "user", "content": text}], user_id="u1", session_id="s1")
        kept = {r.content: r.category for r in mem.list(user_id="u1", filters={"layer": "long_term"})}
    assert kept == {"User used to live in Leeds but moved to Bristol in 2023": "location",
                    "User dislikes cilantro": "preference"}

