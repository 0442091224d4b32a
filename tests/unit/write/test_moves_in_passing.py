"""A residence said on the way and a program quit for a reason (issue 16, newcomer trial):
a move replaces the place a memory about something else said ("…에 사는 간호사다"), what
else it said stays current; "I quit X, <reason>" keeps the quit, not the reason alone; a
place attended named in the other language ("grad program" / "대학원") is the same place.
Sentences written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from gieok import AsyncMemory
from gieok.settings import GieokSettings
from gieok.write.extract.changes import lives_in_passing
from gieok.write.extract.retired import named_across, other_sentences, without
from tests.support.sessions import live_memories


@pytest.mark.parametrize(("content", "rest"), [
    ("사용자는 광주 북구에 사는 물리치료사다", "사용자는 물리치료사다"),
    ("사용자는 천안에 사는 대학생이다. 주말마다 알바한다", "사용자는 대학생이다. 주말마다 알바한다"),
    ("User is a welder who lives in Tulsa, loves fishing", "User is a welder, loves fishing"),
    ("사용자는 제주에 사는 교사다", None),  # the new place itself: a restatement
    ("사용자의 언니는 울산에 사는 간호사다", None),  # someone else's home
    ("사용자는 치과위생사다", None),  # no residence said
])
def test_a_residence_said_on_the_way(content: str, rest: str | None) -> None:
    assert lives_in_passing(content, "제주") == rest


@pytest.mark.parametrize(("content", "names", "kept"), [
    # a reason after the clause of the thing left is no new value: the quit stays
    ("User dropped the night class, way too tiring", ("night",),
     "User dropped the night class, way too tiring"),
    ("User quit the choir, got too busy on weekends", ("choir",),
     "User quit the choir, got too busy on weekends"),
    # a past verb says what holds now: the thing left goes
    ("User sold the scooter and bought a used Corolla", ("scooter",), "User bought a used Corolla"),
    # a clause with its own subject says what holds now: said once
    ("User quit the bakery, User is a barista at a cafe now", ("bakery",),
     "User is a barista at a cafe now"),
])
def test_a_reason_is_not_what_holds_now(content: str, names: tuple[str, ...], kept: str) -> None:
    assert without(content, names) == kept


def test_a_place_attended_in_the_other_language() -> None:
    assert named_across("grad", "사용자는 요즘 야간 대학원 다닌다")
    assert named_across("헬스", "User goes to the gym before work")
    assert not named_across("grad", "사용자는 요즘 야간 근무한다")
    assert other_sentences("사용자는 약사다. 저녁엔 대학원 수업 듣는다", ("grad",)) == "사용자는 약사다"
    assert other_sentences("사용자는 저녁엔 대학원 수업 듣는다", ("grad",)) is None


@pytest.mark.anyio
async def test_a_move_replaces_a_residence_said_on_the_way(settings: GieokSettings,
                                                           tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        live = await live_memories(mem, "pt", "저는 광주 북구에 사는 제빵사예요",
                                   "저 이사했어요, 이제 순천에 살아요")
        assert any("순천" in m for m in live)
        assert not any("광주" in m for m in live)
        assert any("제빵사" in m for m in live)  # the job still holds


@pytest.mark.anyio
async def test_quitting_a_program_said_in_english(settings: GieokSettings, tmp_path: Path) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/m.db", settings=settings) as mem:
        live = await live_memories(mem, "grad", "저는 제빵사예요. 요즘 주말 대학원 다니느라 바빠요",
                                   "so I quit the grad program, too much on my plate")
        assert any(m.startswith("User quit the grad program") for m in live)
        assert not any("대학원" in m for m in live)
        assert "사용자는 제빵사다" in live  # what else the memory said still holds
