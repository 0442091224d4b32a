"""A correction of a value said in an earlier conversation (issue 16, session 8): "correction
from last time, it's Medford not Somerville", "저번에 하남이라고 했는데 잘못 말했어요, 남양주
다산이에요". The memory stored with the wrong value is rewritten with the right one (the
wrong one stays in history), and the correction itself is no memory beside it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gieok import AsyncMemory
from gieok.settings import GieokSettings
from gieok.write.extract.correction import corrected_earlier


@pytest.mark.parametrize(("sentence", "old", "new"), [
    ("correction from last time, it's Medford not Somerville, I always mix them up",
     "Somerville", "Medford"),
    ("I said Austin last time but it's actually Dallas", "Austin", "Dallas"),
    ("아 저번에 하남이라고 했는데 잘못 말했어요, 남양주 다산이에요.", "하남", "남양주 다산"),
])
def test_the_wrong_and_the_right_value(sentence: str, old: str, new: str) -> None:
    assert corrected_earlier(sentence) == (old, new)


@pytest.mark.parametrize("sentence", [
    "we moved from Somerville to Medford last year",  # a move, not a correction
    "I said no to the offer last time",
    "친구가 하남이라고 했는데 잘 모르겠어요",
])
def test_no_correction(sentence: str) -> None:
    assert corrected_earlier(sentence) is None


@pytest.mark.anyio
@pytest.mark.slow
async def test_the_stored_value_is_corrected_through_the_api(
        settings: GieokSettings, tmp_path: Path, sessions: Any) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        en = await sessions.live_memories(
            mem, "en", "we just moved into a place in Somerville",
            "correction from last time, it's Medford not Somerville, I always mix them up")
        assert len(en) == 1 and "Medford" in en[0] and "Somerville" not in en[0]
        ko = await sessions.live_memories(
            mem, "ko", "저희 부부 신혼집 구했어요. 하남 미사 쪽 전세예요",
            "아 저번에 하남이라고 했는데 잘못 말했어요, 남양주 다산이에요. 미사는 원래 보던 데고")
        assert any("남양주 다산" in m for m in ko)
        assert not any("하남" in m or "미사" in m for m in ko)
