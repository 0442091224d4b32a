"""A plan called off in English by its name and kind ("my Tokyo trip got cancelled") or in
Korean with the English verb ("Tokyo 출장 cancel됐어"), and a diet stopped with nothing said in
its place, are history (session 24, issue 16). Sentences of our own, with look-alikes.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gieok import Memory
from gieok.write.ending import called_off
from tests.support.sessions import say


@pytest.fixture
def mem(tmp_path) -> Iterator[Memory]:  # type: ignore[no-untyped-def]
    with Memory(f"sqlite:///{tmp_path / 'm.db'}") as m:
        yield m


def _live(mem: Memory) -> list[tuple[str, bool]]:
    return [(r.content, r.is_history()) for r in mem.list(user_id="u", limit=100)
            if r.layer.value == "long_term"]


@pytest.mark.parametrize(("text", "names"), [
    ("my Tokyo trip got cancelled, budget cuts", ("Tokyo",)),
    ("the Lisbon conference was called off", ("Lisbon",)),
    ("Our Jeju trip is cancelled", ("Jeju",)),
    ("ugh the Coldplay concert got cancelled", ("Coldplay",)),
    ("Osaka 여행 cancel됐어 ㅠ", ("Osaka",)),
    ("부산 출장 cancel했어 예산 때문에", ("부산",)),
])
def test_called_off_by_name_and_kind(text: str, names: tuple[str, ...]) -> None:
    assert called_off(text) == names


@pytest.mark.parametrize("text", [
    "My flight got cancelled",            # no name: which flight is a guess
    "the trip got cancelled",
    "I cancelled Netflix",                # a subscription, no plan
    "Tokyo was amazing",
    "the Tokyo office got renovated",
])
def test_not_called_off(text: str) -> None:
    assert called_off(text) == ()


def test_english_trip_cancelled_ends_the_plan(mem: Memory) -> None:
    say(mem, "2026-02-01", "I'm going to Lisbon for work in april with my manager", "s1")
    say(mem, "2026-03-01", "my Lisbon trip got cancelled, budget cuts", "s2")
    live = _live(mem)
    assert not any("going to Lisbon" in c for c, _ in live)
    assert all(hist for c, hist in live if "Lisbon" in c)


def test_trip_cancelled_keeps_a_home_there(mem: Memory) -> None:
    say(mem, "2026-02-01", "my sister lives in Lisbon", "s1")
    say(mem, "2026-02-02", "I'm going to Lisbon for work in april", "s2")
    say(mem, "2026-03-01", "my Lisbon trip got cancelled", "s3")
    assert any("sister lives in Lisbon" in c and not hist for c, hist in _live(mem))


def test_korean_cancel_in_english_ends_the_plan(mem: Memory) -> None:
    say(mem, "2026-02-01", "5월에 Osaka 출장 가 with 팀장님", "s1")
    say(mem, "2026-03-01", "Osaka 출장 cancel됐어 예산 문제로", "s2")
    live = _live(mem)
    assert live and all(hist for c, hist in live if "Osaka" in c)


def test_diet_stopped_is_history(mem: Memory) -> None:
    say(mem, "2026-01-02", "새해부터 저탄고지 식단 시작했어. 탄수화물 하루 30g 이하", "s1")
    say(mem, "2026-03-01", "저탄고지 그만뒀어 너무 힘들어", "s2")
    live = _live(mem)
    assert live and all(hist for c, hist in live if "저탄고지" in c)
    block = str(getattr(mem.context("점심 메뉴 추천해줘", user_id="u", use_cache=False), "text", ""))
    assert "Core facts" not in block or "저탄고지" not in block.split("Core facts")[1].split("##")[0]


def test_diet_changed_stays_current(mem: Memory) -> None:
    say(mem, "2026-01-02", "I'm vegan", "s1")
    say(mem, "2026-03-01", "not vegan anymore, I eat fish now", "s2")
    assert any("fish" in c and not hist for c, hist in _live(mem))
