"""What the user says they stopped, and the stored memories it retires (issue 16: no two
conflicting current statements after "헬스 그만두고 수영 다녀요")."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from gieok import AsyncMemory
from gieok.settings import GieokSettings
from gieok.write.extract.retired import mentions, retired

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("sentence", "names"), [
    ("요즘은 헬스 그만두고 수영 다녀요", ("헬스",)),
    ("switched from VS Code to Neovim last month", ("VS Code",)),
    ("I don't live in Busan anymore", ("Busan",)),
    ("저 이제 강남 안 살아요", ("강남",)),
    ("노션에서 옵시디언으로 갈아탔어요", ("노션",)),
    ("Just got a Galaxy S24, bye iPhone", ("iPhone",)),
    ("I gave up on Duolingo", ("Duolingo",)),
    # nothing in particular, or not a change at all
    ("I stopped at Starbucks on the way", ()),
    ("I don't do that anymore", ()),
    ("ok bye Mom", ()),
    ("I love hiking", ()),
])
def test_what_a_sentence_says_the_user_stopped(sentence: str, names: tuple[str, ...]) -> None:
    assert retired(sentence) == names


def test_a_name_is_mentioned_by_words_or_inside_a_korean_word() -> None:
    assert mentions("사용자는 주 3회 헬스한다", "헬스")
    assert mentions("User uses VS Code for everything", "VS Code")
    assert not mentions("User codes in VS", "VS Code")


async def test_a_stated_change_retires_the_old_memory_but_never_a_health_fact(
        settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        first = datetime(2026, 11, 1, tzinfo=UTC)
        await mem.add([{"role": "user", "content": "운동은 주 3회 헬스해요"}],
                      user_id="u", session_id="a", timestamp=first)
        await mem.add([{"role": "user", "content": "헬스장에서 무릎 다쳐서 재활 중이에요"}],
                      user_id="u", session_id="a", timestamp=first)
        await mem.add([{"role": "user", "content": "요즘은 헬스 그만두고 수영 다녀요"}],
                      user_id="u", session_id="b", timestamp=datetime(2026, 11, 20, tzinfo=UTC))
        live = [r.content for r in await mem.list(user_id="u", limit=50)]
    assert "사용자는 운동은 주 3회 헬스한다" not in live  # superseded
    assert any("수영" in c for c in live)
    assert any("무릎" in c for c in live)  # an injury is a health fact: it stays
