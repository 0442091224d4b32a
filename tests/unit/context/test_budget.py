"""C2: budgets, truncation order, and the block's invariants — by example and by property."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gieok.context.budget import CLAIM_ORDER, ITEM_CAPPED, _copied, _dedupe, _words, fit, message_tokens, render
from gieok.context.tokens import CharCounter, TokenCounter, get_counter
from gieok.domain.context import (
    BLOCK_HEADER,
    CLOSING_INSTRUCTION,
    SECTION_TITLES,
    Budget,
    ContextItem,
    ContextSection,
    CutReason,
    SectionKind,
    TraceCut,
)

BPE = get_counter("cl100k_base")


def _section(kind: SectionKind, items: list[ContextItem], relevance: float = 0.5
             ) -> ContextSection:
    return ContextSection(kind=kind, title=SECTION_TITLES[kind], relevance=relevance,
                          items=items)


def _item(rid: str, text: str, score: float = 0.5) -> ContextItem:
    return ContextItem(id=rid, record_id=rid, text=f"- {text}", body=text, score=score)


def test_render_orders_sections_and_ends_with_the_instruction() -> None:
    out = fit([_section(SectionKind.MEMORIES, [_item("m1", "likes tea", 0.4)], 0.4),
               _section(SectionKind.PINNED, [_item("p1", "allergic to chicken")], 1.0)],
              [], Budget(), BPE)
    assert out.text.startswith(BLOCK_HEADER) and out.text.endswith(CLOSING_INSTRUCTION)
    assert out.text.index("Core facts") < out.text.index("Relevant memories")
    assert out.block_tokens == BPE.count(out.text)
    assert render([]) == "" and fit([], [], Budget(), BPE).text == ""


def test_item_cap_truncates_and_section_cap_keeps_the_best() -> None:
    long = "word " * 400
    items = [_item(f"m{i}", f"memory {i} " + ("x " * 40), score=i / 10) for i in range(10)]
    items.append(_item("big", long, score=0.99))
    budget = Budget(memory_tokens=200, item_tokens=50)
    out = fit([_section(SectionKind.MEMORIES, items)], [], budget, BPE)
    kept = out.sections[0].items
    assert kept[0].id == "big" and kept[0].truncated and kept[0].tokens <= 50
    assert sum(i.tokens for i in kept) <= 200
    assert [i.id for i in kept][1:] == ["m9", "m8", "m7"]
    reasons = {(c.id, c.reason) for c in out.cuts}
    assert ("big", CutReason.ITEM_CAP) in reasons and ("m0", CutReason.SECTION_BUDGET) in reasons


def test_cut_order_summary_then_lowest_memories_then_oldest_turns_then_pinned() -> None:
    sections = [
        _section(SectionKind.SUMMARY, [ContextItem(id="summary", text="Earlier: " + "s " * 60,
                                                   score=0.9)], 0.9),
        _section(SectionKind.PINNED, [_item("p1", "allergic to chicken")], 1.0),
        _section(SectionKind.MEMORIES, [_item("m_low", "low " * 20, 0.1),
                                        _item("m_high", "high " * 20, 0.8)]),
    ]
    turns = [{"role": "user", "content": f"turn {i} " + "t " * 30} for i in range(4)]
    full = fit(sections, turns, Budget(), BPE)
    order = []
    for total in range(full.tokens, 0, -5):
        out = fit(sections, turns, Budget(total_tokens=total), BPE)
        assert out.tokens <= total
        gone = [c.id for c in out.cuts if c.reason is CutReason.TOTAL_BUDGET]
        order.extend(g for g in gone if g not in order and g != "turn:oldest")
        if any(g == "turn:oldest" for g in gone) and "turns" not in order:
            order.append("turns")
    assert order[:4] == ["summary", "m_low", "m_high", "turns"]
    assert order[-1] == "p1"
    assert fit(sections, turns, Budget(total_tokens=0), BPE).text == ""


def test_hard_limit_cuts_block_not_turns() -> None:
    items = [_item(f"m{i}", f"memory number {i} " * 8, 0.5 + i / 100) for i in range(30)]
    turns = [{"role": "user", "content": "hello"}]
    out = fit([_section(SectionKind.MEMORIES, items)], turns,
              Budget(hard_limit_chars=700, memory_tokens=5000, item_tokens=500), BPE)
    assert len(out.text) <= 700 and out.text.endswith(CLOSING_INSTRUCTION)
    assert out.messages == turns
    assert any(c.reason is CutReason.HARD_LIMIT for c in out.cuts)


def test_turn_budget_keeps_the_newest() -> None:
    turns = [{"role": "user", "content": f"turn {i} " + "w " * 50} for i in range(10)]
    per = message_tokens(turns[0], BPE)
    out = fit([], turns, Budget(turn_tokens=per * 3 + 1), BPE)
    assert out.messages == turns[-3:]


def test_same_memory_in_two_sections_and_near_duplicates_appear_once() -> None:
    sections = [
        _section(SectionKind.PINNED, [_item("a", "Nabi is allergic to chicken")], 1.0),
        _section(SectionKind.MEMORIES, [_item("a", "Nabi is allergic to chicken", 0.9),
                                        _item("b", "nabi is ALLERGIC to chicken!", 0.8),
                                        _item("c", "Nabi likes tuna", 0.7)]),
    ]
    out = fit(sections, [], Budget(), BPE)
    ids = [i.record_id for s in out.sections for i in s.items]
    assert ids == ["a", "c"]
    assert {c.id for c in out.cuts if c.reason is CutReason.DUPLICATE} == {"a", "b"}


def _reference_dedupe(sections: list[ContextSection], cuts: list[TraceCut], near: float) -> None:
    """The set-based duplicate check ``_dedupe`` replaced (bit masks): what it must equal."""
    seen_ids: set[str] = set()
    seen_words: list[frozenset[str]] = []
    claim = {kind: i for i, kind in enumerate(CLAIM_ORDER)}
    for section in sorted(sections, key=lambda s: claim[s.kind]):
        kept = []
        items = section.items
        if section.kind is not SectionKind.PINNED:
            items = sorted(items, key=lambda i: -i.score)
        for item in items:
            key = item.record_id or item.id
            words = _words(item.body or item.text) if section.kind in ITEM_CAPPED else frozenset()
            near_one = any(len(words & o) / len(words | o) >= near for o in seen_words) \
                if words else False
            if key in seen_ids or near_one:
                cuts.append(TraceCut(id=key, section=section.kind, reason=CutReason.DUPLICATE,
                                     score=item.score))
                continue
            seen_ids.add(key)
            if words:
                seen_words.append(words)
            kept.append(item)
        section.items = kept


_VOCAB = ["nabi", "cat", "is", "allergic", "to", "chicken", "사용자는", "고양이", "나비", "를",
          "좋아한다", "likes", "tuna", "seoul", "lives", "in", "!", "2024", "the", "user"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(sorted(CLAIM_ORDER)), st.integers(0, 12),
                          st.lists(st.sampled_from(_VOCAB), max_size=9),
                          st.floats(0, 1)), max_size=40),
       st.sampled_from([0.0, 0.3, 0.5, 0.6, 0.75, 0.85, 0.9, 1.0]))
def test_dedupe_decides_exactly_as_the_set_jaccard(rows, near: float) -> None:  # type: ignore[no-untyped-def]
    def sections() -> list[ContextSection]:
        by_kind: dict[SectionKind, list[ContextItem]] = {}
        for kind, rid, words, score in rows:
            by_kind.setdefault(kind, []).append(_item(f"r{rid}", " ".join(words), score))
        return [_section(kind, items) for kind, items in by_kind.items()]

    got, want = sections(), sections()
    got_cuts: list[TraceCut] = []
    want_cuts: list[TraceCut] = []
    _dedupe(got, got_cuts, near)
    _reference_dedupe(want, want_cuts, near)
    assert [[i.id for i in s.items] for s in got] == [[i.id for i in s.items] for s in want]
    assert got_cuts == want_cuts


def test_warning_past_warn_chars() -> None:
    items = [_item(f"m{i}", f"memory {i} " * 10, 0.5) for i in range(40)]
    out = fit([_section(SectionKind.MEMORIES, items)], [],
              Budget(warn_chars=500, memory_tokens=5000), BPE)
    assert out.warnings and "warn at 500" in out.warnings[0]


# -- properties -------------------------------------------------------------------------------
WORDS = st.sampled_from([
    "cat", "Nabi", "chicken", "allergy", "강남구", "분리배출", "플라스틱", "고양이", "닭고기",
    "interview", "면접", "billing", "invoice", "tea", "hiking", "2024-05-03", "의사", "vet",
    "medication", "약", "Seoul", "서울", "project", "rule", "🙂", "x" * 30,
])
TEXT = st.lists(WORDS, min_size=1, max_size=60).map(" ".join)
IDS = st.sampled_from([f"r{i}" for i in range(12)])


@st.composite
def scenario(draw: st.DrawFn) -> tuple[list[ContextSection], list[dict[str, str]], Budget,
                                       list[str]]:
    pinned_ids = draw(st.lists(st.sampled_from([f"p{i}" for i in range(5)]), unique=True,
                               max_size=5))
    pinned = [_item(pid, f"{pid} " + draw(TEXT), 1.0) for pid in pinned_ids]
    sections = [_section(SectionKind.PINNED, pinned, 1.0)] if pinned else []
    for kind in (SectionKind.MEMORIES, SectionKind.EPISODES, SectionKind.ORGANISATION,
                 SectionKind.SKILLS, SectionKind.PROJECT):
        items = [_item(draw(st.one_of(IDS, st.sampled_from(pinned_ids or ["r0"]))), draw(TEXT),
                       draw(st.floats(0, 1))) for _ in range(draw(st.integers(0, 6)))]
        if items:
            sections.append(_section(kind, items, draw(st.floats(0, 1))))
    if draw(st.booleans()):
        sections.append(_section(SectionKind.SUMMARY, [ContextItem(id="summary",
                                                                   text=draw(TEXT), score=0.9)]))
    turns = [{"role": draw(st.sampled_from(["user", "assistant"])), "content": draw(TEXT)}
             for _ in range(draw(st.integers(0, 12)))]
    budget = Budget(
        total_tokens=draw(st.integers(0, 3000)), memory_tokens=draw(st.integers(0, 1500)),
        item_tokens=draw(st.integers(1, 200)), pinned_tokens=draw(st.integers(0, 500)),
        summary_tokens=draw(st.integers(0, 500)), episode_tokens=draw(st.integers(0, 400)),
        skill_tokens=draw(st.integers(0, 400)), project_tokens=draw(st.integers(0, 800)),
        organisation_tokens=draw(st.integers(0, 400)), turn_tokens=draw(st.integers(0, 3000)),
        hard_limit_chars=draw(st.integers(0, 8000)),
    )
    return sections, turns, budget, pinned_ids


def _check_invariants(sections: list[ContextSection], turns: list[dict[str, str]],
                      budget: Budget, pinned_ids: list[str], counter: TokenCounter) -> None:
    out = fit(sections, turns, budget, counter)
    # never over any budget or the hard limit
    assert len(out.text) <= budget.hard_limit_chars
    assert out.block_tokens == (counter.count(out.text) if out.text else 0)
    assert out.block_tokens + out.turn_tokens <= budget.total_tokens
    assert out.turn_tokens <= budget.turn_tokens
    assert out.turn_tokens == sum(message_tokens(m, counter) for m in out.messages)
    for section in out.sections:
        assert section.items
        assert sum(counter.count(i.text) for i in section.items) <= \
            budget.section_tokens(section.kind)
        if section.kind in ITEM_CAPPED:
            assert all(counter.count(i.text) <= budget.item_tokens for i in section.items)
    # the closing instruction is always last
    if out.text:
        assert out.text.endswith(CLOSING_INSTRUCTION)
    # no memory twice
    used = [i.record_id or i.id for s in out.sections for i in s.items]
    assert len(used) == len(set(used))
    # the kept turns are the newest ones, in order
    assert out.messages == turns[len(turns) - len(out.messages):]
    # pinned facts are present whenever they fit their budget and the block's limits
    if pinned_ids:
        alone = fit([s for s in sections if s.kind is SectionKind.PINNED], [], budget, counter)
        capped = [min(counter.count(counter.truncate(i.text, budget.item_tokens)), 10**9)
                  for s in sections if s.kind is SectionKind.PINNED for i in s.items]
        pinned_render = alone.text
        if sum(capped) <= budget.pinned_tokens and pinned_render and \
                len(pinned_render) <= budget.hard_limit_chars and \
                counter.count(pinned_render) <= budget.total_tokens and \
                len(alone.sections[0].items) == len(pinned_ids):
            kept = {i.record_id for s in out.sections if s.kind is SectionKind.PINNED
                    for i in s.items}
            assert kept == set(pinned_ids)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario())
def test_property_block_respects_every_budget_exact_tokens(case) -> None:  # type: ignore[no-untyped-def]
    _check_invariants(*case, BPE)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario())
def test_property_block_respects_every_budget_char_fallback(case) -> None:  # type: ignore[no-untyped-def]
    _check_invariants(*case, CharCounter())


@settings(max_examples=60, deadline=None)
@given(st.lists(TEXT, min_size=1, max_size=5, unique=True), st.integers(300, 3000))
def test_property_pinned_always_survive_other_pressure(texts: list[str], total: int) -> None:
    """With a pinned budget that fits, no amount of memories, summary or turns evicts them."""
    pinned = [_item(f"p{i}", f"p{i} {t}", 1.0) for i, t in enumerate(texts)]
    budget = Budget(total_tokens=total, pinned_tokens=10_000, item_tokens=40)
    alone = fit([_section(SectionKind.PINNED, pinned, 1.0)], [], budget, BPE)
    assume(len(alone.sections[0].items) == len(pinned) if alone.sections else False)
    assume(alone.block_tokens <= total)
    noise = [_item(f"m{i}", "noise " * 30, 0.99) for i in range(40)]
    turns = [{"role": "user", "content": "turn " * 50} for _ in range(20)]
    out = fit([_section(SectionKind.MEMORIES, noise, 0.99),
               _section(SectionKind.PINNED, pinned, 1.0),
               _section(SectionKind.SUMMARY, [ContextItem(id="summary", text="sum " * 100,
                                                          score=0.9)])],
              turns, budget, BPE)
    kept = {i.record_id for s in out.sections if s.kind is SectionKind.PINNED for i in s.items}
    assert kept == {p.record_id for p in pinned}


def test_documents_keep_a_prefix_but_memories_are_whole() -> None:
    doc = ContextItem(id="project:MEMORY.md", text="[MEMORY.md]\n" + "line\n" * 400, score=0.85)
    rule = ContextItem(id="project:rules/a", text="[rule a]\nshort rule", score=0.9)
    out = fit([_section(SectionKind.PROJECT, [doc, rule])], [], Budget(project_tokens=100), BPE)
    items = out.sections[0].items
    assert [i.id for i in items] == ["project:rules/a", "project:MEMORY.md"]
    assert items[1].truncated and out.sections[0].tokens <= 100
    memories = [_item("m1", "word " * 60, 0.9), _item("m2", "other " * 60, 0.8)]
    out = fit([_section(SectionKind.MEMORIES, memories)], [],
              Budget(memory_tokens=100, item_tokens=70), BPE)
    assert [i.id for i in out.sections[0].items] == ["m1"]


def test_item_copies_are_what_model_copy_makes() -> None:
    """fit() works on copies: ``_copied`` must make what ``model_copy()`` makes (values,
    set fields, a shallow copy sharing the score parts) and leave the original untouched."""
    from datetime import UTC, datetime

    from gieok.domain.query import ScoreParts

    parts = ScoreParts(relevance=0.5)
    items = [ContextItem(id="a", text="x"),
             ContextItem(id="b", text="y", body="y!", score=0.3, tokens=4, truncated=True,
                         record_id="r", at=datetime(2024, 1, 1, tzinfo=UTC), parts=parts)]
    for item in items:
        copy, reference = _copied(item), item.model_copy()
        assert copy is not item and type(copy) is ContextItem
        assert copy.__dict__ == reference.__dict__
        assert list(copy.__dict__) == list(reference.__dict__)
        assert copy.model_fields_set == reference.model_fields_set
        assert (copy.__pydantic_extra__, copy.__pydantic_private__) == (
            reference.__pydantic_extra__, reference.__pydantic_private__)
        assert copy.parts is item.parts
        before, before_set = item.model_dump(), set(item.model_fields_set)
        copy.text, copy.tokens = "changed", 99
        copy.model_fields_set.add("tokens")
        assert item.model_dump() == before and item.model_fields_set == before_set


def test_an_oversize_document_is_trimmed_to_the_hard_limit_not_the_whole_block() -> None:
    """A project's MEMORY.md longer than the block's character limit keeps its first lines;
    the org rule beside it stays, and the block is never emptied for one big item."""
    memory_md = "\n".join(f"line {i:03d}: " + "x" * 40 for i in range(140))  # ~7k chars
    sections = [
        _section(SectionKind.ORGANISATION, [_item("o1", "Org rule: reports in Korean.", 0.3)]),
        _section(SectionKind.PROJECT, [ContextItem(id="md", text=memory_md, body=memory_md,
                                                   score=0.6)], 0.6),
    ]
    for counter in (BPE, CharCounter()):
        out = fit(sections, [], Budget(hard_limit_chars=6000, project_tokens=3000), counter)
        assert 5000 < len(out.text) <= 6000
        assert "reports in Korean" in out.text and "line 000" in out.text
        [doc] = [i for s in out.sections if s.kind is SectionKind.PROJECT for i in s.items]
        assert doc.truncated and "line 139" not in doc.text
        assert any(c.reason is CutReason.HARD_LIMIT and c.id == "md" for c in out.cuts)
        # a document that is not oversize is cut whole as before (lowest score first)
        small = fit(sections, [], Budget(hard_limit_chars=900, project_tokens=3000), counter)
        assert len(small.text) <= 900
