"""What the turn needs beyond the relevance floor (issue 14 §2): a request about the user's
family, kids, parents or team reaches its members' memories; a history line the request is
about brings the memory that ended it; an unrelated request gets neither."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.context.groups import named_groups, names_member
from gieok.domain.context import SectionKind
from gieok.stores.base import WriteBatch

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("query", "group"), [
    ("plan a weekend for my family", "family"),
    ("ideas for a family trip this summer", "family"),
    ("이번 주말에 가족이랑 뭐 하지?", "family"),
    ("what should we do this weekend with the kids?", "kids"),
    ("아이들 간식 뭐가 좋을까?", "kids"),
    ("부모님 선물 뭐가 좋을까?", "parents"),
    ("draft the sprint plan for my team", "team"),
    ("우리 팀 회식 장소 추천해줘", "team"),
])
def test_a_request_about_the_users_own_people_names_the_group(query: str, group: str) -> None:
    assert group in named_groups(query)


@pytest.mark.parametrize("query", [
    "write a poem about a family of ducks", "what font family should I use?",
    "team building tips for managers", "suggest a dinner recipe", "가족 영화 추천해줘",
    "explain how vaccines work", "아이디어 좀 줘", "how do kids learn languages?",
])
def test_other_requests_name_no_group(query: str) -> None:
    assert not named_groups(query)


def test_members_are_read_by_their_relation_or_a_childs_age() -> None:
    family, kids, team = (frozenset({g}) for g in ("family", "kids", "team"))
    assert names_member("User's husband Dev is a nurse", family)
    assert names_member("User has a 4 yo named Kabir", kids)
    assert names_member("사용자의 딸 서연이는 7살", kids)
    assert names_member("후배 지훈이는 신입인데 엑셀을 진짜 잘해", team)
    assert not names_member("User works at Stripe", family)
    assert not names_member("사용자는 딸기를 좋아한다", kids)  # 딸기 is a strawberry
    assert not names_member("아이디어 노트를 쓴다", family)


QUERY, OTHER = "plan a weekend for my family", "suggest a dinner recipe"
HUSBAND, SON, JOB = ("User's husband Dev is a nurse", "User has a 4 yo named Kabir",
                     "User works at Stripe")


async def test_a_group_request_shows_its_members_under_the_floor(
    store_url: str, settings: GieokSettings, fixed: Any
) -> None:
    # every memory is under the floor for both requests (cosine 0.78 → relevance ≈ 0.08)
    vectors = {QUERY: fixed.unit(1.0), OTHER: fixed.unit(1.0),
               **{t: fixed.unit(0.78) for t in (HUSBAND, SON, JOB)}}
    embedder = fixed.FixedEmbedder(vectors, name="test:fixed-groups",
                                   similarity_range=(0.77, 0.90))
    async with AsyncMemory(store_url, settings=settings, embedder=embedder) as mem:
        for text in (HUSBAND, SON, JOB):
            await mem.remember(text, user_id="u1")
        ctx = await mem.context(QUERY, user_id="u1", session_id="s9", use_cache=False)
        shown = ctx.section(SectionKind.MEMORIES)
        assert shown is not None and {i.body for i in shown.items} == {HUSBAND, SON}
        other = await mem.context(OTHER, user_id="u1", session_id="s9", use_cache=False)
        assert other.section(SectionKind.MEMORIES) is None


async def test_members_are_found_among_many_memories(
    store_url: str, settings: GieokSettings, fixed: Any
) -> None:
    """More memories than the search's candidates: the members still come, by their relation
    words (one full-text search), newer unrelated memories notwithstanding."""
    fillers = [f"User bought a new plant, species {i}" for i in range(45)]
    vectors = {QUERY: fixed.unit(1.0), **{t: fixed.unit(0.78) for t in (HUSBAND, SON, *fillers)}}
    embedder = fixed.FixedEmbedder(vectors, name="test:fixed-many",
                                   similarity_range=(0.77, 0.90))
    async with AsyncMemory(store_url, settings=settings, embedder=embedder) as mem:
        await mem.remember(HUSBAND, user_id="u1", timestamp="2026-01-01T10:00:00")
        await mem.remember(SON, user_id="u1", timestamp="2026-01-01T10:01:00")
        for i, text in enumerate(fillers):
            await mem.remember(text, user_id="u1", timestamp=f"2026-03-{1 + i % 28:02d}T10:00:00")
        ctx = await mem.context(QUERY, user_id="u1", session_id="s9", use_cache=False)
        shown = ctx.section(SectionKind.MEMORIES)
        assert shown is not None and {i.body for i in shown.items} == {HUSBAND, SON}


WORK_Q = "where do I work?"
OLD_TURN, NEW_JOB, HOBBY = ("I work at Deloitte as an auditor", "User started at Stripe",
                            "User likes hiking")


async def test_a_history_line_brings_the_memory_that_ended_it(
    store_url: str, settings: GieokSettings, fixed: Any
) -> None:
    vectors = {WORK_Q: fixed.unit(1.0), OLD_TURN: fixed.unit(0.89),
               NEW_JOB: fixed.unit(0.78), HOBBY: fixed.unit(0.78)}
    embedder = fixed.FixedEmbedder(vectors, name="test:fixed-enders",
                                   similarity_range=(0.77, 0.90))
    ended = datetime(2026, 10, 20, tzinfo=timezone.utc)
    async with AsyncMemory(store_url, settings=settings, embedder=embedder) as mem:
        await mem.add([{"role": "user", "content": OLD_TURN}], user_id="u1", session_id="s1",
                      timestamp="2026-09-01T10:00:00", infer=False)
        turn = (await mem.list(user_id="u1", filters={"layer": "archive"})).items[0]
        store = (await mem._runtime()).store  # noqa: SLF001 - the write path's mark, by hand
        await store.write(WriteBatch(upserts=[(turn.model_copy(update={
            "metadata": {**turn.metadata, "until": "2026-10-20"}}), None)]))
        await mem.remember(NEW_JOB, user_id="u1", timestamp=ended, valid_from=ended,
                           metadata={"introduced": ["stripe"]})
        await mem.remember(HOBBY, user_id="u1", timestamp="2026-10-21T10:00:00")
        ctx = await mem.context(WORK_Q, user_id="u1", session_id="s9", use_cache=False)
        past = ctx.section(SectionKind.CONVERSATIONS)
        assert past is not None and "(until 2026-10-20)" in past.items[0].text
        shown = ctx.section(SectionKind.MEMORIES)
        assert shown is not None and [i.body for i in shown.items] == [NEW_JOB]


PLANTS_Q, PLANTS, OLD_HOME = ("what should I water today?", "User keeps a fig tree on the balcony",
                              "I live in Chicago, by the lake")


async def test_a_history_line_the_request_is_not_about_stays_out(
    store_url: str, settings: GieokSettings, fixed: Any
) -> None:
    """What is no longer true earns its place only when the request is about it: a dated turn
    well under the block's best line (here 0.69 against 1.0) is not shown, and brings nothing."""
    vectors = {PLANTS_Q: fixed.unit(1.0), PLANTS: fixed.unit(0.90), OLD_HOME: fixed.unit(0.86)}
    embedder = fixed.FixedEmbedder(vectors, name="test:fixed-history",
                                   similarity_range=(0.77, 0.90))
    async with AsyncMemory(store_url, settings=settings, embedder=embedder) as mem:
        await mem.add([{"role": "user", "content": OLD_HOME}], user_id="u1", session_id="s1",
                      timestamp="2026-09-01T10:00:00", infer=False)
        shown = await mem.context(PLANTS_Q, user_id="u1", session_id="s9", use_cache=False)
        past = shown.section(SectionKind.CONVERSATIONS)
        assert past is not None and [i.body for i in past.items] == [OLD_HOME]  # not history yet
        turn = (await mem.list(user_id="u1", filters={"layer": "archive"})).items[0]
        store = (await mem._runtime()).store  # noqa: SLF001 - the write path's mark, by hand
        await store.write(WriteBatch(upserts=[(turn.model_copy(update={
            "metadata": {**turn.metadata, "until": "2026-10-20"}}), None)]))
        await mem.remember(PLANTS, user_id="u1", timestamp="2026-10-21T10:00:00")
        ctx = await mem.context(PLANTS_Q, user_id="u1", session_id="s9", use_cache=False)
        assert ctx.section(SectionKind.CONVERSATIONS) is None
        memories = ctx.section(SectionKind.MEMORIES)
        assert memories is not None and [i.body for i in memories.items] == [PLANTS]
