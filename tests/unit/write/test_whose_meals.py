"""A meal the user skips is a routine, not a food to avoid.

The lead's trial: "저 그리고 매주 목요일엔 실험실 회식이라 저녁 안 먹어요" was stored as a pinned
health constraint (and kept the filler "그리고"): "안 먹" read as a food the user must not eat.
When the thing not eaten is a meal (아침, 점심, 저녁, 밥, 끼니), the sentence says when the user
eats: kept as an unpinned note. A food not eaten stays a health or diet fact. Every sentence
here is written for the test.
"""

from __future__ import annotations

from datetime import UTC, datetime

from gieok.domain.turns import Turn
from gieok.write.extract.health import HEALTH, MEAL_SKIPPED
from gieok.write.extract.heuristic import HeuristicExtractor
from gieok.write.extract.korean import unfilled


def _said(text: str) -> list[tuple[str, bool]]:
    turn = Turn(role="user", content=text, at=datetime(2026, 11, 4, 8, 0, tzinfo=UTC))
    return [(c.content, c.pinned) for c in HeuristicExtractor().extract_sync([turn])]


def test_a_meal_skipped_is_a_routine_by_its_object() -> None:
    assert MEAL_SKIPPED.search("화요일엔 점심 안 먹어요")
    assert MEAL_SKIPPED.search("저 아침은 잘 안 먹어요")
    assert MEAL_SKIPPED.search("I never have breakfast on weekdays")
    assert not HEALTH.search("화요일엔 점심 안 먹어요")
    assert not HEALTH.search("아침은 잘 안 먹어요")
    # a food not eaten is still one to avoid
    assert HEALTH.search("저 오이 안 먹어요")
    assert not MEAL_SKIPPED.search("저 오이 안 먹어요")


def test_skipping_a_meal_is_kept_unpinned_and_a_food_stays_pinned() -> None:
    said = _said("매주 화요일엔 동아리 모임이라 점심 안 먹어요")
    assert said and not any(pinned for _, pinned in said), said
    assert any("점심 안 먹는다" in c for c, _ in said), said
    assert any(pinned for _, pinned in _said("저 오이 안 먹어요"))


def test_a_conjunction_after_the_speaker_is_a_filler() -> None:
    assert unfilled("저 그리고 주말엔 늦잠 자요") == "저 주말엔 늦잠 자요"
    assert unfilled("나 근데 요즘 테니스 배워") == "나 요즘 테니스 배워"
    # "그리고 싶어요" is the verb 그리다 (to draw), not a conjunction
    assert unfilled("저 그리고 싶은 게 많아요") == "저 그리고 싶은 게 많아요"
