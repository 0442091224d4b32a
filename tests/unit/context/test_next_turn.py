"""Seed 001's "use in the next turn": a per-session, one-shot list of memories that the next
``context()`` shows whatever the query, reports in ``trace.selected`` and consumes."""

from __future__ import annotations

import pytest

from gieok import AsyncMemory, ConflictError, InvalidInputError, NotFoundError
from gieok.domain.context import SectionKind

pytestmark = pytest.mark.anyio
S1 = {"user_id": "u1", "session_id": "s1"}


async def test_selected_memory_is_shown_once_then_consumed(mem: AsyncMemory) -> None:
    vet = await mem.remember("나비는 2019년에 중성화 수술을 받았다", user_id="u1")
    await mem.remember("User likes hiking on weekends", user_id="u1")
    assert await mem.use_in_next_turn([vet.id], **S1) == [vet.id]
    ctx = await mem.context("what should I cook tonight?", **S1)
    section = ctx.section(SectionKind.SELECTED)
    assert section is not None and "중성화" in section.items[0].text
    assert ctx.trace.selected == [vet.id]
    assert any(u.id == vet.id and u.section is SectionKind.SELECTED for u in ctx.trace.used)
    assert await mem.next_turn_selection(**S1) == []  # one-shot: the turn consumed it
    again = await mem.context("what should I cook tonight?", **S1)
    assert again.section(SectionKind.SELECTED) is None and again.trace.selected == []


async def test_preview_leaves_the_selection_and_other_sessions_see_nothing(
        mem: AsyncMemory) -> None:
    note = await mem.remember("Prefers answers in Korean", user_id="u1")
    await mem.use_in_next_turn([note.id], **S1)
    preview = await mem.context("hello", track_use=False, **S1)
    assert preview.trace.selected == [note.id]
    assert await mem.next_turn_selection(**S1) == [note.id]
    other = await mem.context("hello", user_id="u1", session_id="s2")
    assert other.trace.selected == []
    real = await mem.context("hello", **S1)  # a cached preview must not hide the consumption
    assert real.trace.selected == [note.id]
    assert await mem.next_turn_selection(**S1) == []


async def test_selection_adds_replaces_and_clears(mem: AsyncMemory) -> None:
    a = await mem.remember("Fact A about the garden", user_id="u1")
    b = await mem.remember("Fact B about the kitchen", user_id="u1")
    await mem.use_in_next_turn([a.id], **S1)
    assert await mem.use_in_next_turn([b.id, a.id], **S1) == [a.id, b.id]
    assert await mem.use_in_next_turn([b.id], replace=True, **S1) == [b.id]
    assert await mem.use_in_next_turn([], replace=True, **S1) == []


async def test_bad_selections_are_refused_before_anything_is_stored(mem: AsyncMemory) -> None:
    mine = await mem.remember("Lives in Mapo-gu", user_id="u1")
    theirs = await mem.remember("Lives in Busan", user_id="u2")
    with pytest.raises(InvalidInputError) as no_session:
        await mem.use_in_next_turn([mine.id], user_id="u1")
    assert no_session.value.code == "INVALID_SCOPE"
    with pytest.raises(NotFoundError):
        await mem.use_in_next_turn([mine.id, theirs.id], **S1)
    await mem.archive(mine.id)
    with pytest.raises(ConflictError) as archived:
        await mem.use_in_next_turn([mine.id], **S1)
    assert archived.value.code == "MEMORY_NOT_LIVE"
    assert await mem.next_turn_selection(**S1) == []


async def test_memory_archived_after_selection_is_reported_not_shown(mem: AsyncMemory) -> None:
    keep = await mem.remember("Walks the dog at 7am", user_id="u1")
    drop = await mem.remember("Takes the bus to work", user_id="u1")
    await mem.use_in_next_turn([keep.id, drop.id], **S1)
    await mem.archive(drop.id)
    ctx = await mem.context("morning", **S1)
    assert ctx.trace.selected == [keep.id]
    assert any(drop.id in w and "archived" in w for w in ctx.trace.warnings)
    assert await mem.next_turn_selection(**S1) == []


async def test_disabled_memory_shows_no_selection(mem: AsyncMemory) -> None:
    note = await mem.remember("Birthday is 3 May", user_id="u1")
    await mem.use_in_next_turn([note.id], **S1)
    await mem.update_settings(user_id="u1", enabled=False)
    ctx = await mem.context("birthday", **S1)
    assert ctx.text == "" and ctx.trace.selected == []
