"""Endings end to end through ``add()`` (issue 16): a plan called off supersedes the stored
plan naming it and nothing else that names the place; the memory of the ending is history."""

from __future__ import annotations

from datetime import UTC, datetime

import anyio

from gieok import AsyncMemory
from gieok.settings import GieokSettings


async def _run(tmp_path, sessions: list[tuple[str, list[str]]]) -> tuple[list, list]:
    mem = AsyncMemory(f"sqlite:///{tmp_path / 'm.db'}",
                      settings=GieokSettings(data_dir=tmp_path, embedder="hash:256"))
    try:
        for n, (day, turns) in enumerate(sessions):
            for i, text in enumerate(turns):
                await mem.add([{"role": "user", "content": text}], user_id="u",
                              session_id=f"s{n}",
                              timestamp=datetime.fromisoformat(f"{day}T10:0{i}:00+00:00"))
            await mem.end_session(user_id="u", session_id=f"s{n}")
        live = list((await mem.list(user_id="u", limit=100)).items)
        block = await mem.context("plans this year", user_id="u", use_cache=False,
                                  track_use=False)
        return live, str(getattr(block, "text", block)).splitlines()
    finally:
        await mem.aclose()


def test_a_race_called_off_ends_the_plan_not_the_home(tmp_path) -> None:
    live, _ = anyio.run(_run, tmp_path, [
        ("2026-06-10", ["I'm planning to run the Chicago marathon in october",
                        "I live in Chicago, so it's a home race"]),
        ("2026-08-30", ["tore my calf, not running chicago this year. gutted"])])
    said = [r.content for r in live]
    assert not any("planning to run" in c for c in said), said
    assert any("lives in Chicago" in c for c in said), said
    assert any("calf" in c for c in said), said


def test_a_trip_cancelled_is_history_and_ends_the_trip(tmp_path) -> None:
    live, lines = anyio.run(_run, tmp_path, [
        ("2026-06-01", ["여름휴가 8월 첫 주에 오사카 가기로 했어"]),
        ("2026-07-10", ["오사카 여행 취소했어 회사 일 때문에 ㅠㅠ"])])
    assert not any("가기로" in r.content for r in live), [r.content for r in live]
    (cancelled,) = [r for r in live if "취소" in r.content]
    assert cancelled.is_history()
    assert all("(지난 일)" in line or "(until " in line for line in lines if "오사카" in line), lines


def test_a_routine_for_the_back_dropped_keeps_the_back(tmp_path) -> None:
    """The lead's trial: pilates taken up for back pain (pinned), then dropped for yoga."""
    live, _ = anyio.run(_run, tmp_path, [
        ("2026-03-01", ["요즘 허리가 아파서 필라테스 시작했어 화목 저녁에"]),
        ("2026-05-01", ["필라테스는 너무 비싸서 그만뒀어 대신 요가 다녀"])])
    said = {r.content: r for r in live}
    assert not any("시작했다" in c for c in said), list(said)
    back = [r for c, r in said.items() if "허리" in c]
    assert back and all(r.pinned for r in back), list(said)
    assert any("요가" in c for c in said), list(said)


def test_a_class_dropped_for_another(tmp_path) -> None:
    live, _ = anyio.run(_run, tmp_path, [
        ("2026-05-22", ["signed up for a pottery class on thursdays"]),
        ("2026-08-22", ["dropped pottery, doing salsa on thursdays now instead"])])
    said = [r.content for r in live]
    assert not any("pottery" in c for c in said), said
    assert any("salsa" in c for c in said), said
