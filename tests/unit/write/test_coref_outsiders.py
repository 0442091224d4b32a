"""Who a pronoun is, when the user has just talked about someone outside the family.

A private trial (a grandfather, two sessions): after "손주 생일 선물 … 이름은 Noah고요" in one
session, the next one said "can you write a thank-you card for the vet? her name is Dr.
Patel … she was very patient with him" and then, in Korean with no subject, "이제 와파린 말고
엘리퀴스로 바꿨어요". The vet's name became the grandson's ("User's 손주 Noah다's name is Dr.
Patel"), "him" became the grandson, and so the user's own blood thinner became the grandson's
medicine. A she/he right after someone outside the family (the vet, a teacher, a boss) is that
person; a name stored after a Korean copula is the name without it ("Noah다" → "Noah")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok import AsyncMemory
from gieok.settings import GieokSettings


async def _contents(settings: GieokSettings, tmp_path, *sessions: list[tuple[str, str]]
                    ) -> list[str]:
    mem = AsyncMemory(f"sqlite:///{tmp_path / 'g.db'}", settings=settings)
    try:
        for i, turns in enumerate(sessions):
            at = datetime(2026, 3 + 3 * i, 2, 15, tzinfo=UTC)
            await mem.add([{"role": r, "content": c} for r, c in turns], user_id="u",
                          session_id=f"s{i}", timestamp=at)
            await mem.end_session(user_id="u", session_id=f"s{i}")
        return [r.content for r in await mem.list(user_id="u", limit=100)]
    finally:
        await mem.aclose()


GRANDSON = [("user", "손주 생일 선물 좀 추천해 주세요. 7살 남자애요"),
            ("assistant", "어떤 걸 좋아하나요?"), ("user", "공룡을 엄청 좋아해요. 이름은 Noah고요")]


@pytest.mark.anyio
async def test_her_after_the_vet_is_the_vet(settings: GieokSettings, tmp_path) -> None:
    got = await _contents(settings, tmp_path, GRANDSON, [
        ("user", "can you write a short thank-you card for the vet? her name is Dr. Patel"),
        ("assistant", "Of course! Anything special to mention?"),
        ("user", "just that she was very patient with him"),
        ("user", "아 그리고 이제 와파린 말고 엘리퀴스로 바꿨어요. 의사가 바꾸자고 해서")])
    assert not any("Patel" in c for c in got), got
    assert not any("Noah다" in c and not c.endswith("Noah다") for c in got), got  # as a name
    eliquis = [c for c in got if "엘리퀴스" in c]
    assert eliquis and all(c.startswith("사용자는") for c in eliquis), got


@pytest.mark.anyio
async def test_a_name_stored_before_a_copula_names_the_relative(settings: GieokSettings,
                                                                tmp_path) -> None:
    got = await _contents(settings, tmp_path, GRANDSON,
                          [("user", "Noah turned 8, now he's into space instead of dinosaurs")])
    turned = [c for c in got if "turned 8" in c]
    assert turned and "Noah다" not in turned[0] and "손주" in turned[0], got  # whose Noah


@pytest.mark.anyio
async def test_a_relative_is_still_she_when_no_outsider_came_between(settings: GieokSettings,
                                                                     tmp_path) -> None:
    got = await _contents(settings, tmp_path, [
        ("user", "my daughter Jiwoo starts elementary school in March"),
        ("user", "she is allergic to peanuts")])
    assert any("Jiwoo" in c and "peanut" in c for c in got), got


@pytest.mark.anyio
async def test_she_after_a_person_named_beside_the_user_is_not_the_pet(settings: GieokSettings,
                                                                       tmp_path) -> None:
    # a private trial: a cat named a session before became who "she" is, though the sentence
    # before named a person beside the user ("for me and 서윤"); the same with "with"
    got = await _contents(settings, tmp_path, [
        ("user", "우리 고양이 보리가 요즘 사료를 잘 안 먹어요")], [
        ("user", "can you plan a weekend brunch for me and 하린? she hates olives"),
        ("user", "I had coffee with Marisol today. she is moving to Lisbon")])
    assert not any("보리" in c and ("olive" in c or "Lisbon" in c) for c in got), got


@pytest.mark.anyio
async def test_a_known_pet_named_beside_the_user_is_still_she(settings: GieokSettings,
                                                              tmp_path) -> None:
    got = await _contents(settings, tmp_path, [
        ("user", "my dog Luna is 4 years old")], [
        ("user", "I went on a long hike with Luna today. she is on a new joint supplement")])
    assert any("Luna" in c and "supplement" in c for c in got), got
