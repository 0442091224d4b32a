"""Korean updates across sessions (session 23, issue 16): a reason clause said after what it
explains takes the tense of an event that happened; a fast the user kept and then stopped is
ended by the stop, which is history, not a new core fact.

Sentences of our own (new-user trials), with look-alikes that must not fire.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gieok import Memory
from gieok.domain.turns import Turn
from gieok.write.extract import korean
from gieok.write.extract.heuristic import HeuristicExtractor
from gieok.write.stopped import regimen


@pytest.fixture
def mem(tmp_path) -> Iterator[Memory]:  # type: ignore[no-untyped-def]
    with Memory(f"sqlite:///{tmp_path / 'm.db'}") as m:
        yield m


def _say(mem: Memory, day: str, text: str, session: str) -> None:
    mem.add([{"role": "user", "content": text}], user_id="u", session_id=session,
            timestamp=f"{day}T10:00:00")
    mem.end_session(user_id="u", session_id=session)


def _live(mem: Memory) -> dict[str, bool]:
    return {r.content: r.pinned for r in mem.list(user_id="u", limit=100)
            if r.layer.value == "long_term"}


def _made(sentence: str) -> list[str]:
    return [c.content for c in HeuristicExtractor().extract_sync(
        [Turn(role="user", content=sentence)], context=[])]


# -- a reason clause cut off after -아서/-어서 ----------------------------------------------------
@pytest.mark.parametrize(("clause", "memory"), [
    ("시어머니가 무릎 수술하셔서", "사용자의 시어머니가 무릎 수술하셨다"),
    ("다리를 다쳐서", "사용자는 다리를 다쳤다"),
    ("아버지가 입원하셔서", "사용자의 아버지가 입원하셨다"),
    # ahead, a habit, or a state: the present stays
    ("엄마가 다음 주에 수술하셔서", "사용자의 엄마가 다음 주에 수술하신다"),
    ("요즘 야근해서", "사용자는 요즘 야근한다"),
    ("매일 운동해서", "사용자는 매일 운동한다"),
    ("허리가 아파서", "사용자는 허리가 아프다"),
    ("강아지를 좋아해서", "사용자는 강아지를 좋아한다"),
])
def test_an_event_given_as_the_reason_has_happened(clause: str, memory: str) -> None:
    assert korean.to_memory(clause) == memory


def test_the_reason_after_a_turns_statement_is_past() -> None:
    made = _made("시어머니가 다음 주부터 우리 집에 같이 사시게 됐어요 무릎 수술하셔서")
    assert "사용자의 시어머니는 무릎 수술하셨다" in made
    assert not any("수술하신다" in m for m in made)


# -- a fast stopped ----------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "kept"), [
    ("단식", True), ("간헐적 단식", True), ("intermittent fasting", True), ("16:8", True),
    ("키토", True), ("vegan", True),
    ("땅콩", False), ("약", False), ("헬스", False), ("커피", False), ("2016", False),
])
def test_a_regimen_is_a_way_of_eating_kept_by_choice(name: str, kept: bool) -> None:
    assert regimen(name) is kept


def test_a_fast_stopped_ends_the_pinned_fast_and_is_history(mem: Memory) -> None:
    _say(mem, "2026-02-14", "저는 요즘 간헐적 단식 중이라 아침은 안 먹어요", "s1")
    assert _live(mem) == {"사용자는 요즘 간헐적 단식 중이라 아침은 안 먹는다": True}
    _say(mem, "2026-05-02", "단식은 그만뒀어요 너무 힘들어서", "s2")
    live = _live(mem)
    assert not any("간헐적" in m for m in live)  # the fast is history
    stop = [m for m in live if "그만뒀다" in m]
    assert stop and not any(live[m] for m in stop)  # the stop is no core fact
    record = next(r for r in mem.list(user_id="u", limit=100)
                  if "그만뒀다" in r.content and r.layer.value == "long_term")
    assert record.is_history()
    block = str(mem.context("아침 메뉴 추천", user_id="u"))
    assert "간헐적 단식 중" not in block.split("## Core facts")[-1].split("##")[0]


def test_an_allergy_is_not_ended_by_stopping_a_food(mem: Memory) -> None:
    _say(mem, "2026-02-14", "나 땅콩 알레르기 있어", "s1")
    _say(mem, "2026-05-02", "땅콩버터 끊었어 살쪄서", "s2")
    assert any("땅콩 알레르기" in m and pinned for m, pinned in _live(mem).items())


def test_a_relatives_fast_is_not_ended_by_the_users_stop(mem: Memory) -> None:
    _say(mem, "2026-02-14", "엄마가 요즘 간헐적 단식 하셔서 아침을 안 드셔", "s1")
    before = {m for m in _live(mem) if "단식" in m}
    _say(mem, "2026-05-02", "나 단식 그만뒀어", "s2")
    assert before <= set(_live(mem))
