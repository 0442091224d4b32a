"""A pet's new food keeps the pet's name: "사용자의 고양이 먹물 …" then "먹물 renal 사료 안 먹어서
습식으로 바꿨어" must not become "사용자는 습식으로 바꿨다" (the old value's clause was cut with
the name in it, so the cat's diet read as the user's). Found after session 13's scoring; the
sentences here are written for the test."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from gieok import Memory

AT = datetime(2026, 4, 4, 11, 0, tzinfo=UTC)


def _live(tmp_path: Path, first: str, later: str) -> list[str]:
    with Memory(f"sqlite:///{tmp_path}/m.db") as mem:
        for sid, at, text in (("a", AT, first), ("b", AT + timedelta(days=60), later)):
            mem.add([{"role": "user", "content": text}], user_id="u", session_id=sid, timestamp=at)
            mem.end_session(user_id="u", session_id=sid)
        return [r.content for r in mem.list(user_id="u", limit=50)]


def test_the_pets_new_food_still_names_the_pet(tmp_path: Path) -> None:
    live = _live(tmp_path, "우리 고양이 '먹물' 신장병 있어서 renal diet 사료 먹여",
                 "먹물 renal 사료 안 먹어서 습식으로 바꿨어. Hill's k/d wet")
    assert any("먹물" in m and "습식" in m for m in live), live
    assert not any("renal diet" in m for m in live), live
