"""C1–C8 through ``AsyncMemory.context`` on the in-memory store and the hash embedder."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from gieok import AsyncMemory, GieokSettings, InvalidInputError, PolicyError
from gieok.domain.context import CLOSING_INSTRUCTION, SectionKind
from gieok.domain.records import utcnow
from gieok.stores.base import WriteBatch

pytestmark = pytest.mark.anyio


@pytest.fixture
async def mem(make_settings: Callable[..., GieokSettings]) -> AsyncIterator[AsyncMemory]:
    # no write margin: these tests check hits right after writes (see test_write_margin)
    engine = AsyncMemory("memory://", settings=make_settings(
        context={"cache_write_margin_s": 0}))
    yield engine
    await engine.aclose()


def _texts(ctx: Any, kind: SectionKind) -> list[str]:
    section = ctx.section(kind)
    return [] if section is None else [i.text for i in section.items]


async def test_block_has_pinned_memories_and_closing_instruction(mem: AsyncMemory) -> None:
    allergy = await mem.remember("Nabi the cat is allergic to chicken", user_id="u1",
                                 importance=0.9, category="health")
    home = await mem.remember("User lives in Gangnam-gu, Seoul", user_id="u1",
                              session_id="s1", category="location")
    await mem.remember("User lives in Busan", user_id="u2")
    ctx = await mem.context("where do I live?", user_id="u1", session_id="s2")
    assert ctx.text.startswith("[MEMORY CONTEXT]") and ctx.text.endswith(CLOSING_INSTRUCTION)
    assert any("allergic to chicken" in t for t in _texts(ctx, SectionKind.PINNED))
    assert any("Gangnam-gu" in t for t in _texts(ctx, SectionKind.MEMORIES))
    assert "Busan" not in ctx.text  # another user's memory never crosses (X1)
    used = ctx.trace.used_ids()
    assert {allergy.id, home.id} <= set(used) and len(used) == len(set(used))
    assert ctx.text.count("allergic to chicken") == 1
    assert ctx.block_tokens > 0 and ctx.tokens >= ctx.block_tokens
    memory_use = next(u for u in ctx.trace.used if u.id == home.id)
    assert memory_use.parts is not None and memory_use.parts.relevance > 0


async def test_pinned_rules(mem: AsyncMemory) -> None:
    await mem.remember("Takes insulin twice a day", user_id="u1", importance=0.85)
    await mem.remember("Prefers window seats", user_id="u1", importance=0.95)
    await mem.remember("Favourite colour is green", user_id="u1", pinned=True, importance=0.1)
    await mem.remember("Allergic to peanuts", user_id="u1", importance=0.3)  # not important
    ctx = await mem.context("plan a trip", user_id="u1")
    pinned = " ".join(_texts(ctx, SectionKind.PINNED))
    assert "insulin" in pinned and "green" in pinned
    assert "window seats" not in pinned and "peanuts" not in pinned
    assert pinned.index("green") < pinned.index("insulin")  # explicit pins first


async def test_disabled_scope_injects_nothing(mem: AsyncMemory) -> None:
    await mem.remember("User lives in Gangnam-gu", user_id="u1", pinned=True)
    await mem.update_settings(user_id="u1", enabled=False)
    ctx = await mem.context("where?", user_id="u1", history=[{"role": "user", "content": "hi"}])
    assert ctx.text == "" and ctx.messages == [{"role": "user", "content": "hi"}]
    assert any("disabled" in w for w in ctx.trace.warnings)


async def test_overflowing_session_gets_summary_and_last_ten_turns(mem: AsyncMemory) -> None:
    turns = [{"role": "user" if i % 2 == 0 else "assistant",
              "content": f"Turn {i}: my cat Nabi had vet visit number {i}."} for i in range(13)]
    await mem.add(turns, user_id="u1", session_id="s1")
    ctx = await mem.context("what did the vet say?", user_id="u1", session_id="s1")
    assert [m["content"] for m in ctx.messages] == [t["content"] for t in turns[-10:]]
    assert ctx.trace.summarized_turns == 3 and ctx.summary
    assert "Turn 0" in ctx.summary and ctx.section(SectionKind.SUMMARY) is not None
    short = await mem.context("x", user_id="u1", session_id="s1", history=turns[:10])
    assert len(short.messages) == 10 and short.summary is None
    fifo = await mem.context("x", user_id="u1", session_id="s1", history=turns[:11])
    assert len(fifo.messages) == 10 and fifo.trace.summarized_turns == 1  # a FIFO of 10


async def test_summarize_after_turns_keeps_more_raw_turns_until_it_overflows(
        make_settings: Any, tmp_path: Path) -> None:
    """Seed 001's window: up to 12 raw turns, then the newest 8 and a summary."""
    settings = make_settings(context={"recent_turns": 8, "summarize_after_turns": 12})
    turns = [{"role": "user", "content": f"Turn {i}: Nabi ate {i} treats."} for i in range(13)]
    async with AsyncMemory(f"sqlite:///{tmp_path / 'w.db'}", settings=settings) as mem:
        twelve = await mem.context("x", user_id="u1", history=turns[:12])
        assert len(twelve.messages) == 12 and twelve.summary is None
        thirteen = await mem.context("x", user_id="u1", history=turns)
        assert len(thirteen.messages) == 8 and thirteen.trace.summarized_turns == 5


async def test_project_rules_only_for_matching_entities(mem: AsyncMemory, tmp_path: Path) -> None:
    project = mem.project_memory("shop")
    assert project.root == Path(mem.settings.data_dir) / "projects" / "shop"
    project.write_memory("# Shop\nStack: FastAPI + Postgres.\n")
    project.write_rule("billing", "Invoices round half to even.", paths=["**/billing*"])
    billing = await mem.context("fix rounding", project_id="shop", user_id="u1",
                                entity="billing-service")
    other = await mem.context("fix rounding", project_id="shop", user_id="u1",
                              entity="auth-service")
    assert "round half to even" in billing.text and "Stack: FastAPI" in billing.text
    assert "round half to even" not in other.text and "Stack: FastAPI" in other.text
    by_path = await mem.context("fix rounding", project_id="shop", user_id="u1",
                                path="src/billing/invoice.py")
    assert "round half to even" in by_path.text
    explicit = tmp_path / "elsewhere"
    mem.project_memory(root=explicit).write_memory("Explicit root notes.")
    ctx = await mem.context("notes", user_id="u1", project=explicit)
    assert "Explicit root notes." in ctx.text
    with pytest.raises(InvalidInputError):
        mem.project_memory()


async def test_configured_project_root(make_settings: Callable[..., GieokSettings],
                                       tmp_path: Path) -> None:
    root = tmp_path / "repo" / ".claude"
    acme_root = tmp_path / "acme-repo"
    settings = make_settings(context={"project_roots": {"repo": str(root),
                                                        "acme/repo": str(acme_root)}})
    async with AsyncMemory("memory://", settings=settings) as mem:
        assert mem.project_memory("repo").root == root
        assert mem.project_memory("repo", org_id="acme").root == acme_root
        # a plain key is the default tenant's: another organisation gets its own directory
        other = mem.project_memory("repo", org_id="beta").root
        assert other == Path(mem.settings.data_dir) / "projects" / "org=beta" / "repo"


async def test_skills_match_triggers_and_replace_by_name(mem: AsyncMemory) -> None:
    first = await mem.add_skill("wikify", triggers=["위키", "wikify"],
                                steps=["collect sources", "write page"], user_id="u1")
    again = await mem.add_skill("wikify", triggers=["위키", "wikify"],
                                steps=["collect sources", "draft", "publish"], user_id="u1")
    assert again.id == first.id and again.version == 2
    ctx = await mem.context("이 회의록 위키로 정리해줘", user_id="u1")
    skills = " ".join(_texts(ctx, SectionKind.SKILLS))
    assert "3. publish" in skills and "write page" not in skills
    none = await mem.context("what's the weather", user_id="u1")
    assert none.section(SectionKind.SKILLS) is None
    assert "Skill wikify" not in none.text  # skills never leak into relevant memories
    with pytest.raises(InvalidInputError):
        await mem.add_skill("x", triggers=[], steps=["a"], user_id="u1")


async def test_organisation_knowledge_is_shared_but_users_stay_apart(mem: AsyncMemory) -> None:
    await mem.remember("Expense reports are due on the 5th", org_id="acme",
                       layer="organisation")
    await mem.remember("Project Atlas ships in Q3", org_id="acme", project_id="atlas",
                       layer="project")
    await mem.remember("Bob's private note about expenses", org_id="acme", user_id="bob",
                       layer="organisation")
    await mem.remember("Other org expense rule", org_id="globex", layer="organisation")
    ctx = await mem.context("when are expense reports due?", org_id="acme", user_id="alice",
                            project_id="atlas")
    assert any("due on the 5th" in t for t in _texts(ctx, SectionKind.ORGANISATION))
    assert any("Atlas ships" in t for t in _texts(ctx, SectionKind.PROJECT))
    assert "Bob's private" not in ctx.text and "Other org" not in ctx.text


async def test_session_start_recalls_recent_episode_not_promoted(mem: AsyncMemory) -> None:
    yesterday = utcnow() - timedelta(days=1)
    await mem.remember("User had an IT startup job interview and was excited",
                                 user_id="u1", persona_id="p1", session_id="s1",
                                 layer="episodic", type="episode", importance=0.7,
                                 emotion="excitement", timestamp=yesterday)
    await mem.remember("An old chat about movies", user_id="u1", persona_id="p1",
                       layer="episodic", type="episode", timestamp=yesterday)
    episodes = await mem.list(user_id="u1", persona_id="p1", filters={"layer": "episodic"})
    old = next(r for r in episodes.items if "movies" in r.content)
    # consolidation (L4) marks distilled episodes promoted; do it by hand here
    await mem.store.write(WriteBatch(upserts=[(old.model_copy(update={"promoted": True}), None)]))
    ctx = await mem.context("", user_id="u1", persona_id="p1", session_id="s2")
    episodes = " ".join(_texts(ctx, SectionKind.EPISODES))
    assert "job interview" in episodes and "(mood: excitement)" in episodes
    assert "movies" not in ctx.text


async def test_an_episode_that_mentions_an_allergy_is_not_a_core_fact(mem: AsyncMemory) -> None:
    """The session's allergy fact is shown as a core fact; the story of that session (whose
    topics name the allergy) stays among recent conversations."""
    await mem.remember("User is allergic to peanuts", user_id="u1", importance=0.9,
                       category="health", tags=["allergy"])
    await mem.remember("User adopted a greyhound and mentioned a peanut allergy",
                       user_id="u1", session_id="s1", layer="episodic", type="episode",
                       importance=0.9, tags=["health", "allergy"],
                       timestamp=utcnow() - timedelta(hours=2))
    ctx = await mem.context("suggest a snack", user_id="u1", session_id="s2")
    pinned = _texts(ctx, SectionKind.PINNED)
    assert any("allergic to peanuts" in t for t in pinned)
    assert not any("greyhound" in t for t in pinned)
    assert any("greyhound" in t for t in _texts(ctx, SectionKind.EPISODES))


async def test_use_tracking_counts_injected_memories(mem: AsyncMemory) -> None:
    home = await mem.remember("User lives in Gangnam-gu", user_id="u1")
    await mem.context("where do I live", user_id="u1")
    await mem.context("where do I live", user_id="u1")  # cached, still injected
    after = await mem.get(home.id)
    assert after.usage_count == 2 and after.last_used_at is not None
    await mem.context("where do I live", user_id="u1", track_use=False, use_cache=False)
    assert (await mem.get(home.id)).usage_count == 2


async def test_cache_reuses_until_the_scope_changes(mem: AsyncMemory) -> None:
    await mem.remember("User lives in Gangnam-gu", user_id="u1")
    first = await mem.context("where do I live", user_id="u1")
    again = await mem.context("where do I live", user_id="u1")
    assert not first.trace.cached and again.trace.cached and again.text == first.text
    other_user = await mem.remember("User 2 fact", user_id="u2")
    assert (await mem.context("where do I live", user_id="u1")).trace.cached
    new = await mem.remember("User moved to Mapo-gu", user_id="u1")
    rebuilt = await mem.context("where do I live", user_id="u1")
    assert not rebuilt.trace.cached and "Mapo-gu" in rebuilt.text
    await mem.delete(new.id, hard=True)
    after_delete = await mem.context("where do I live", user_id="u1")
    assert not after_delete.trace.cached and "Mapo-gu" not in after_delete.text
    different_turns = await mem.context("where do I live", user_id="u1",
                                        history=[{"role": "user", "content": "hey"}])
    assert not different_turns.trace.cached
    assert other_user.id not in after_delete.trace.used_ids()


async def test_cache_drops_when_a_used_memory_expires(mem: AsyncMemory) -> None:
    soon = utcnow() + timedelta(days=1)
    await mem.remember("Q3 plan valid until September", user_id="u1", expires_at=soon)
    first = await mem.context("Q3 plan", user_id="u1")
    assert "Q3 plan" in first.text
    later = await mem.context("Q3 plan", user_id="u1", now=soon + timedelta(hours=1))
    assert not later.trace.cached


async def test_cache_expires_with_age(make_settings: Callable[..., GieokSettings]) -> None:
    async with AsyncMemory("memory://",
                           settings=make_settings(context={"cache_ttl_s": 0})) as mem:
        await mem.remember("fact", user_id="u1")
        await mem.context("fact", user_id="u1")
        assert not (await mem.context("fact", user_id="u1")).trace.cached


async def test_budget_arguments(mem: AsyncMemory) -> None:
    for i in range(30):
        await mem.remember(f"Memory number {i} about the user's many hobbies and habits",
                           user_id="u1")
    small = await mem.context("hobbies", user_id="u1", budget=120)
    assert small.tokens <= 120 and small.text.endswith(CLOSING_INSTRUCTION)
    assert any(c.reason.value == "total_budget" for c in small.trace.cut)
    capped = await mem.context("hobbies", user_id="u1", budget={"memory_tokens": 50})
    section = capped.section(SectionKind.MEMORIES)
    assert section is not None and section.tokens <= 50
    tiny = await mem.context("hobbies", user_id="u1", budget={"hard_limit_chars": 400})
    assert len(tiny.text) <= 400
    for bad in ({"memory_tokens": -1}, {"nope": 1}, "lots"):
        with pytest.raises(InvalidInputError):
            await mem.context("hobbies", user_id="u1", budget=bad)  # type: ignore[arg-type]


async def test_empty_scope_gives_empty_block(mem: AsyncMemory) -> None:
    ctx = await mem.context("anything", user_id="nobody")
    assert ctx.text == "" and ctx.tokens == 0 and ctx.sections == []
    with pytest.raises(InvalidInputError):
        await mem.context("x")  # no scope
    with pytest.raises(InvalidInputError):
        await mem.context(3, user_id="u1")  # type: ignore[arg-type]


def test_sync_facade_on_sqlite(memory: Any) -> None:
    memory.remember("User lives in Gangnam-gu", user_id="u1", pinned=True)
    ctx = memory.context("plastic", user_id="u1", session_id="s9")
    assert "Gangnam-gu" in ctx.text and str(ctx) == ctx.text


async def test_write_margin_distrusts_builds_right_after_a_write(
        make_settings: Callable[..., GieokSettings]) -> None:
    """A record stamped just before a build but committed during it must not hide behind the
    cache: with the default margin, a build that close to a write is checked again."""
    async with AsyncMemory("memory://", settings=make_settings()) as mem:
        late = await mem.remember("Fact stamped before the build", user_id="u1")
        await mem.context("fact", user_id="u1")
        again = await mem.context("fact", user_id="u1")
        assert not again.trace.cached  # within 2 s of a write: rebuilt, not trusted
        assert late.id in again.trace.used_ids()


async def test_injection_honours_categories_confidence_and_limit(mem: AsyncMemory) -> None:
    """Seed 000's retrieval node: allowed categories, confidence >= 0.5, at most 10."""
    kept = [await mem.remember(f"User recycles at station {i} near home", user_id="u1",
                               category="location", confidence=0.9) for i in range(5)]
    low = await mem.remember("User lives near recycling station 9", user_id="u1",
                             category="location", confidence=0.3)
    habit = await mem.remember("User recycles plastic every Tuesday near home", user_id="u1",
                               category="behavior", confidence=0.95, pinned=True)
    await mem.update_settings(user_id="u1", allowed_categories=["location"], min_confidence=0.5,
                              inject_limit=3)
    with pytest.raises(PolicyError) as refused:  # stored categories follow the same rule
        await mem.remember("User sorts cans on Fridays", user_id="u1", category="behavior")
    assert refused.value.code == "CATEGORY_NOT_ALLOWED"
    ctx = await mem.context("where does the user recycle near home?", user_id="u1")
    used = ctx.trace.used_ids()
    assert low.id not in used and habit.id not in used
    section = ctx.section(SectionKind.MEMORIES)
    assert section is not None and len(section.items) == 3
    assert set(used) <= {k.id for k in kept}


async def test_every_layer_has_an_off_switch(make_settings: Callable[..., GieokSettings],
                                             tmp_path: Path) -> None:
    """Seed 004's per-layer on/off: episodes=0, recent_turns=0 and ``sections``."""
    turns = [{"role": "user", "content": f"Turn {i}: Nabi ate {i} treats."} for i in range(4)]

    async def build(**context: Any) -> Any:
        settings = make_settings(context=context)
        async with AsyncMemory(f"sqlite:///{tmp_path / 'off.db'}", settings=settings) as m:
            if not (await m.list(user_id="u1")).total:
                await m.remember("Nabi is allergic to chicken", user_id="u1", pinned=True)
                await m.remember("User prefers dry food for Nabi", user_id="u1")
                await m.remember("Talked about Nabi's treats", user_id="u1", layer="episodic",
                                 type="episode")
                await m.add_skill("vet visit", triggers=["vet"], steps=["book", "go"],
                                  user_id="u1")
            return await m.context("Nabi vet treats food", user_id="u1", history=turns)

    everything = await build()
    kinds = {s.kind for s in everything.sections}
    assert {SectionKind.PINNED, SectionKind.MEMORIES, SectionKind.EPISODES,
            SectionKind.SKILLS} <= kinds and len(everything.messages) == 4
    no_episodes = await build(episodes=0)
    assert no_episodes.section(SectionKind.EPISODES) is None
    assert "Talked about Nabi's treats" not in no_episodes.text
    assert (await build(recent_turns=0)).messages == []
    for kind in (SectionKind.PINNED, SectionKind.MEMORIES, SectionKind.SKILLS):
        off = await build(sections=[k for k in SectionKind if k is not kind])
        assert off.section(kind) is None and off.sections, kind
    assert (await build(sections=[])).text == ""
