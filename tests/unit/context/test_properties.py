"""Property tests through the whole engine: random memories, histories and budgets.

For any scope content, history and budget, ``context()`` never exceeds a budget or the hard
character limit, keeps the closing instruction last, shows no memory twice, and shows every
pinned fact whenever the pinned facts fit their budget and the block's limits.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import anyio
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gieok import AsyncMemory, GieokSettings
from gieok.context.budget import message_tokens
from gieok.context.tokens import get_counter
from gieok.domain.context import BLOCK_HEADER, CLOSING_INSTRUCTION, Budget, SectionKind
from gieok.domain.records import utcnow

COUNTER = get_counter("cl100k_base")
WORDS = ["cat", "Nabi", "chicken", "allergy", "알레르기", "강남구", "플라스틱", "분리배출",
         "interview", "면접", "tea", "hiking", "invoice", "2021-05-03", "vet", "medication",
         "서울", "diet", "plan", "weekend", "project", "rule", "🙂"]
TEXT = st.lists(st.sampled_from(WORDS), min_size=1, max_size=25).map(" ".join)
MEMORY = st.fixed_dictionaries({
    "content": TEXT,
    "pinned": st.booleans(),
    "importance": st.floats(0, 1),
    "layer": st.sampled_from(["long_term", "long_term", "episodic"]),
    "days_ago": st.integers(0, 4000),
})
BUDGET = st.builds(
    Budget, total_tokens=st.integers(0, 2500), memory_tokens=st.integers(0, 1200),
    item_tokens=st.integers(1, 150), pinned_tokens=st.integers(0, 400),
    summary_tokens=st.integers(0, 400), episode_tokens=st.integers(0, 300),
    turn_tokens=st.integers(0, 2000), hard_limit_chars=st.integers(0, 6000),
)
HISTORY = st.lists(st.fixed_dictionaries({"role": st.sampled_from(["user", "assistant"]),
                                          "content": TEXT}), max_size=20)


def _run(make_settings: Callable[..., GieokSettings], memories: list[dict[str, object]],
         history: list[dict[str, str]], budget: Budget, query: str) -> None:
    async def scenario() -> None:
        async with AsyncMemory("memory://", settings=make_settings()) as mem:
            now = utcnow()
            items = [{"content": m["content"], "pinned": m["pinned"],
                      "importance": m["importance"], "layer": m["layer"],
                      "timestamp": now - timedelta(days=int(m["days_ago"]))}  # type: ignore
                     for m in memories]
            stored = await mem.import_memories(items, user_id="u1") if items else []
            ctx = await mem.context(query, user_id="u1", session_id="s", history=history,
                                    budget=budget)
            _check(ctx, budget, {r.id for r in stored if r.pinned}, stored)

    anyio.run(scenario)


def _check(ctx, budget: Budget, pinned_ids: set[str], stored) -> None:  # type: ignore[no-untyped-def]
    assert len(ctx.text) <= budget.hard_limit_chars
    assert ctx.block_tokens == (COUNTER.count(ctx.text) if ctx.text else 0)
    turn_tokens = sum(message_tokens(m, COUNTER) for m in ctx.messages)
    assert ctx.tokens == ctx.block_tokens + turn_tokens <= budget.total_tokens
    assert turn_tokens <= budget.turn_tokens
    for section in ctx.sections:
        assert section.tokens <= budget.section_tokens(section.kind)
    if ctx.text:
        assert ctx.text.startswith(BLOCK_HEADER) and ctx.text.endswith(CLOSING_INSTRUCTION)
        assert ctx.text.count(CLOSING_INSTRUCTION) == 1
    used = ctx.trace.used_ids()
    assert len(used) == len(set(used))
    shown = [i.record_id for s in ctx.sections for i in s.items if i.record_id]
    assert len(shown) == len(set(shown))
    # Pinned facts: present when, on their own, they fit the pinned budget and the limits
    # (an item cap so small that nothing of a fact survives is not "fitting").
    if pinned_ids:
        lines = {r.id: f"- [{r.event_time.date().isoformat()}] {r.content}" for r in stored
                 if r.id in pinned_ids}
        capped = [COUNTER.truncate(t, budget.item_tokens) for t in lines.values()]
        alone = "\n\n".join([BLOCK_HEADER, "## Core facts (always apply) (relevance 1.00)\n"
                             + "\n".join(capped), CLOSING_INSTRUCTION])
        distinct = len({" ".join(t.split()[1:]).casefold() for t in lines.values()})
        if all(capped) and sum(COUNTER.count(t) for t in capped) <= budget.pinned_tokens and \
                len(alone) <= budget.hard_limit_chars and \
                COUNTER.count(alone) <= budget.total_tokens and distinct == len(lines):
            section = ctx.section(SectionKind.PINNED)
            assert section is not None
            kept = {i.record_id for i in section.items}
            missing = pinned_ids - kept
            # a pinned fact may only be missing as a near-duplicate of another pinned fact
            assert not missing or all(
                any(c.id == m and c.reason.value == "duplicate" for c in ctx.trace.cut)
                for m in missing)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(memories=st.lists(MEMORY, max_size=25), history=HISTORY, budget=BUDGET,
       query=st.one_of(st.just(""), TEXT))
def test_property_context_respects_budgets_and_invariants(
    make_settings: Callable[..., GieokSettings], memories: list[dict[str, object]],
    history: list[dict[str, str]], budget: Budget, query: str,
) -> None:
    _run(make_settings, memories, history, budget, query)
