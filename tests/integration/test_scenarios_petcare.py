"""Seed 001 with the real embedder: a cat's chicken allergy stays pinned and present ten
simulated years later, among hundreds of other memories (KO and EN)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from gieok import Memory, GieokSettings
from gieok.domain.context import SectionKind
from gieok.domain.records import utcnow

pytestmark = [pytest.mark.integration, pytest.mark.slow]
REAL_EMBEDDER = "local:multilingual-e5-small"
YEARS = 10

EVENTS_EN = [
    "Nabi weighed {w} kg at the check-up", "Nabi played with the feather toy for {w} minutes",
    "Nabi got her annual vaccine, batch {w}", "Nabi slept on the balcony {w} times this week",
    "Nabi's litter was changed to brand {w}", "Nabi chased a bird {w} times",
    "The user bought cat tower model {w}", "Nabi ate salmon pate, can number {w}",
]
EVENTS_KO = [
    "나비 체중 {w}kg 측정", "나비가 깃털 장난감으로 {w}분 놀았음", "나비 연례 예방접종 {w}차 완료",
    "나비가 이번 주 베란다에서 {w}번 잠", "나비 모래를 {w}번 브랜드로 교체",
    "나비가 새를 {w}번 쫓아다님", "캣타워 {w}호 모델 구매", "나비가 연어 파테 {w}번째 캔을 먹음",
]


@pytest.fixture
def real_memory(tmp_path: Path, make_settings: Callable[..., GieokSettings]
                ) -> Iterator[Memory]:
    mem = Memory(f"sqlite:///{tmp_path / 'petcare.db'}",
                 settings=make_settings(embedder=REAL_EMBEDDER))
    yield mem
    mem.close()


@pytest.mark.parametrize(("allergy", "events", "question", "important_other"), [
    ("Nabi the cat is allergic to chicken", EVENTS_EN,
     "What treats can I buy for Nabi's birthday?", "The user's favourite cat breed is Persian"),
    ("고양이 나비는 닭고기 알레르기가 있음", EVENTS_KO, "나비 생일 간식 뭐 사줄까?",
     "사용자가 가장 좋아하는 묘종은 페르시안"),
])
def test_allergy_is_pinned_a_decade_later(real_memory: Memory, allergy: str,
                                          events: list[str], question: str,
                                          important_other: str) -> None:
    start = utcnow() - timedelta(days=365 * YEARS)
    fact = real_memory.remember(allergy, user_id="owner", persona_id="nabi", session_id="s0",
                                category="health", importance=0.9, timestamp=start)
    # Hundreds of later memories across ten years, some of them important but not safety.
    items = [{"content": events[i % len(events)].format(w=i + 1), "importance": 0.4,
              "timestamp": start + timedelta(days=18 * (i + 1))} for i in range(200)]
    items += [{"content": f"{important_other} ({i})", "importance": 0.95,
               "timestamp": start + timedelta(days=180 * i)} for i in range(20)]
    real_memory.import_memories(items, user_id="owner", persona_id="nabi", session_id="s1")
    ten_years_on = start + timedelta(days=365 * YEARS)
    ctx = real_memory.context(question, user_id="owner", persona_id="nabi",
                              session_id="s-2035", now=ten_years_on)
    pinned = ctx.section(SectionKind.PINNED)
    assert pinned is not None and [i.record_id for i in pinned.items] == [fact.id]
    assert allergy in ctx.text and ctx.text.count(allergy) == 1
    assert ctx.sections[0].kind is SectionKind.PINNED  # most relevant section first
    assert len(ctx.text) <= 6000
    assert real_memory.get(fact.id).usage_count == 1  # R5: the injection was counted
