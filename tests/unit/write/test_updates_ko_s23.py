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
from tests.support.sessions import say as _say


@pytest.fixture
def mem(tmp_path) -> Iterator[Memory]:  # type: ignore[no-untyped-def]
    with Memory(f"sqlite:///{tmp_path / 'm.db'}") as m:
        yield m


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


# -- a condition narrowed to one thing it covered -------------------------------------------------
@pytest.mark.parametrize(("sentence", "kept", "of"), [
    ("서윤이 알레르기 검사 다시 했는데 호두만 남았대요! 다른 견과류는 괜찮대요", "호두", "견과류"),
    ("호두 빼고 다 괜찮대", "호두", None),
    ("이제 땅콩 알레르기만 있대", "땅콩", None),
    ("retested, she's only allergic to walnuts now, the other nuts are fine", "walnuts", "nuts"),
])
def test_a_narrowing_names_what_remains(sentence: str, kept: str, of: str | None) -> None:
    from gieok.write.narrowing import narrowing

    n = narrowing(sentence)
    assert n is not None and (n.kept, n.of) == (kept, of)


@pytest.mark.parametrize("sentence", ["only two left", "사과만 먹어", "이번 달은 호두만 샀어",
                                      "호두만 먹고 싶다", "just Bori now"])
def test_no_narrowing(sentence: str) -> None:
    from gieok.write.narrowing import narrowing

    assert narrowing(sentence) is None


def test_a_nut_allergy_narrowed_to_walnuts(mem: Memory) -> None:
    _say(mem, "2026-02-14", "딸이 견과류 알레르기가 있어요", "s1")
    _say(mem, "2026-05-02", "딸 알레르기 검사 다시 했는데 호두만 남았대요! 다른 견과류는 괜찮대요", "s2")
    live = _live(mem)
    assert not any("견과류 알레르기가" in m for m in live)
    assert [m for m in live if "호두" in m] == ["사용자의 딸은 호두 알레르기만 있다 (다른 견과류는 괜찮다)"]
    assert live["사용자의 딸은 호두 알레르기만 있다 (다른 견과류는 괜찮다)"]  # still a core fact


def test_a_member_of_another_class_narrows_nothing(mem: Memory) -> None:
    _say(mem, "2026-02-14", "딸이 견과류 알레르기가 있어요", "s1")
    _say(mem, "2026-05-02", "남편은 새우만 남았대", "s2")
    assert any("견과류 알레르기" in m for m in _live(mem))


def test_an_english_allergy_narrowed(mem: Memory) -> None:
    _say(mem, "2026-02-14", "My daughter Mia is allergic to tree nuts", "s1")
    _say(mem, "2026-05-02", "Mia got retested, turns out she's only allergic to walnuts now", "s2")
    live = _live(mem)
    assert not any("tree nuts" in m and "fine" not in m for m in live)
    assert any("walnuts" in m and pinned for m, pinned in live.items())


# -- a standing request moved by a request --------------------------------------------------------
@pytest.mark.parametrize(("sentence", "clause"), [
    ("출근 시간 바뀌어서 브리핑 6시 반으로 당겨줘", "브리핑 6시 반으로 당겨줘"),
    ("아 그리고 요약은 9시로 미뤄주세요", "아 그리고 요약은 9시로 미뤄주세요"),
    ("my shift changed. can you move my daily summary to 7am", "move my daily summary to 7am"),
])
def test_a_request_that_moves_a_value(sentence: str, clause: str) -> None:
    from gieok.write.moved_request import request_clause

    assert request_clause(sentence) == clause


@pytest.mark.parametrize("sentence", ["브리핑 6시 반으로 당길까?", "영어로 바꿔줘", "이거 좀 짧게 바꿔줘",
                                      "\"저는 부산에 살아요\"를 영어로 바꿔줘", "change the date to friday",
                                      "브리핑 6시 반으로 당겼어요?"])
def test_no_moved_request(sentence: str) -> None:
    from gieok.write.moved_request import request_clause

    assert request_clause(sentence) is None


def test_the_briefing_request_moves_to_its_new_time(mem: Memory) -> None:
    _say(mem, "2026-03-11", "앞으로 아침 브리핑은 8시에 보내줘", "s1")
    _say(mem, "2026-06-01", "출근 시간 바뀌어서 브리핑 6시 반으로 당겨줘", "s2")
    live = _live(mem)
    assert "사용자 요청: 앞으로 아침 브리핑은 6시 반에 보내줘" in live
    assert not any("8시" in m for m in live)
    block = str(mem.context("브리핑 몇 시에 보내?", user_id="u"))
    assert "6시 반" in block


def test_a_moved_request_moves_no_fact(mem: Memory) -> None:
    _say(mem, "2026-03-11", "팀 회의는 매주 월요일 2시야", "s1")
    _say(mem, "2026-06-01", "회의 3시로 바꿔줘", "s2")
    live = _live(mem)
    assert any("2시" in m for m in live)
    assert not any("3시" in m for m in live)


def test_a_moved_request_with_nothing_stored_keeps_nothing(mem: Memory) -> None:
    _say(mem, "2026-06-01", "브리핑 6시 반으로 당겨줘", "s1")
    assert _live(mem) == {}


# -- a Korean standing request cancelled by name, or its other pole permitted from now on -----------
@pytest.mark.parametrize(("sentence", "words"), [
    ("짧게 하라는 거 취소할게.", ("짧게",)),
    ("영어 요약 붙이라고 한 거 없던 걸로 해줘", ("영어", "요약")),
    ("존댓말 규칙 그만", ("존댓말",)),
    # a cancelling of something else: no request named
    ("그거 취소해줘", ()), ("예약 취소할게", ()), ("회의 취소됐어", ()),
])
def test_a_request_cancelled_by_name(sentence: str, words: tuple[str, ...]) -> None:
    from gieok.write.revoked_ko import cancelled

    assert cancelled(sentence) == words


@pytest.mark.parametrize(("taken_back", "ended"), [
    ("이제 답변 길게 해도 돼.", True),
    ("짧게 하라는 거 취소할게.", True),
    ("이번엔 길게 써도 돼", False),  # this once
    ("길게 해도 돼?", False),
])
def test_the_short_answers_request_taken_back(mem: Memory, taken_back: str, ended: bool) -> None:
    _say(mem, "2026-03-11", "앞으로 답변은 짧게 해줘.", "s1")
    _say(mem, "2026-06-01", taken_back, "s2")
    rules = [r for r in mem.list(user_id="u", limit=100)
             if r.layer.value == "long_term" and r.type.value == "rule"]
    assert (not rules) is ended


# -- an event moved, its new date said apart from it -------------------------------------------------
@pytest.mark.parametrize(("sentence", "moved"), [
    ("상견례 미뤄졌어요, 예비 시아버님이 입원하셔서 4월 11일로 바꿨다", ("상견례", "4월 11일")),
    ("결혼식 연기됐어. 10월 10일로", ("결혼식", "10월 10일")),
    ("사용자는 이사 날짜 미뤄졌다. 5월 9일로", ("이사", "5월 9일")),
    # no date with 로, a question, a date of something else
    ("마감 미뤄졌어 다행이다", None), ("상견례 미뤄졌어? 4월 11일로?", None), ("4월 11일에 병원 가", None),
])
def test_an_event_moved_and_its_date_said_apart(sentence: str, moved: tuple[str, str] | None) -> None:
    from gieok.write.extract.moved_event import postponed

    assert postponed(sentence) == moved


def test_the_meeting_of_the_families_moved_with_a_reason_between(mem: Memory) -> None:
    _say(mem, "2026-02-03", "3월 14일에 상견례 잡았어요. 강남 한정식집에서", "s1")
    _say(mem, "2026-03-05", "상견례 미뤄졌어요ㅠ 예비 시아버님이 입원하셔서 4월 11일로 바꿨어요", "s2")
    live = _live(mem)
    assert any("4월 11일" in m for m in live)
    assert not any("3월 14일" in m for m in live)


# -- a trip moved by a week: the old memory at the new date (the t6 trial) ------------------------
def test_a_trip_moved_by_a_week_keeps_what_it_said() -> None:
    from gieok.write.partial import rewritten

    assert rewritten("사용자는 다음 달 15일에 제주도 가족여행 가 3박 4일이다",
                     "사용자는 제주도 여행 일주일 미뤘다. 22일로", "22일") == (
        "사용자는 22일에 제주도 가족여행 가 3박 4일이다", "다음 달 15일")
    # the days of a stay are no date; a change that says more stays its own words
    assert rewritten("사용자는 3박 4일 제주도 간다", "사용자는 제주도 5일로 바꿨다", "5일") is None
    assert rewritten("사용자는 다음 달 15일에 제주도 가족여행 간다",
                     "사용자는 제주도 여행 일주일 미뤘다. 22일로, 친구랑 같이", "22일") is None


def test_the_family_trip_moved(mem: Memory) -> None:
    _say(mem, "2026-04-10", "다음 달 15일에 제주도 가족여행 가 3박 4일", "s1")
    _say(mem, "2026-05-20", "제주도 여행 일주일 미뤘어 22일로", "s2")
    live = _live(mem)
    assert "사용자는 22일에 제주도 가족여행 가 3박 4일이다" in live
    assert not any("15일" in m for m in live)


def test_a_state_given_as_the_reason_for_a_stop_is_kept_as_said(mem: Memory) -> None:
    _say(mem, "2026-03-01", "나 헬스 다녀 주 3회", "s1")
    _say(mem, "2026-06-01", "헬스 끊었어 너무 바빠서", "s2")
    records = [r for r in mem.list(user_id="u", limit=100) if r.layer.value == "long_term"]
    assert [r.content for r in records] == ["사용자는 헬스 끊었다. 너무 바빠서"]
    assert records[0].is_history()  # the stop, with why: no current "너무 바쁘다"
