"""Seed 001 — Meow Chat's RAG long-term memory ("RAG 기반 장기 메모리 아키텍처"), on gieok
with ``profile="meow"`` and the real multilingual embedder. A cat's ten years of care:

* 구성 파라미터: ``recent_turn_window`` 8, ``retrieval_top_k`` 8, summarise when turns > 12,
  weights sim 0.7 / time 0.2 / imp 0.1, λ 0.002; 앱 설정: memory 1,200 / item 150 / pinned
  400 tokens;
* P0-1 pinned core facts (allergies, contraindications, medication) always injected with
  their own budget; P0-2 timeline search by keyword, year range and type;
* 컨텍스트 조립: system summary + retrieved memories + recent raw turns, truncated in the
  order raw > memory > summary — and the rolling summary must cost fewer tokens than the
  turns it replaces.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from gieok import GieokSettings, Memory
from gieok.context.tokens import get_counter
from gieok.domain.context import SectionKind

pytestmark = [pytest.mark.integration, pytest.mark.slow]
REAL_EMBEDDER = "local:multilingual-e5-small"
CAT = {"user_id": "owner-1", "persona_id": "nabi"}
TIMELINE = [  # (year, type, text)
    (2016, "timeline", "나비 입양, 생후 3개월 코리안 숏헤어"),
    (2016, "timeline", "종합백신 1차 접종 완료"),
    (2017, "timeline", "중성화 수술 완료"),
    (2018, "preference", "나비는 참치 간식을 제일 좋아한다"),
    (2019, "timeline", "치석 제거 스케일링 받음"),
    (2020, "preference", "나비는 낚싯대 장난감을 좋아한다"),
    (2021, "timeline", "만성 신장질환 초기 진단 (IRIS 1단계)"),
    (2021, "constraint", "신장 때문에 인이 낮은 처방식 사료만 먹인다"),
    (2022, "timeline", "체중 4.8kg, 정기 검진 정상"),
    (2022, "preference", "나비는 창가 자리에서 자는 것을 좋아한다"),
    (2023, "timeline", "구토로 병원 방문, 헤어볼 진단"),
    (2024, "timeline", "종합백신 추가 접종 완료"),
    (2025, "note", "털빠짐이 심해 매일 빗질을 한다"),
]


@pytest.fixture
def meow(tmp_path: Path, make_settings: Callable[..., GieokSettings]) -> Iterator[Memory]:
    with Memory(f"sqlite:///{tmp_path / 'meow.db'}", profile="meow",
                settings=make_settings(embedder=REAL_EMBEDDER)) as mem:
        yield mem


def test_ten_years_of_a_cat_in_one_budgeted_context(meow: Memory) -> None:
    cfg = meow.settings.context
    assert (cfg.recent_turns, cfg.summarize_after_turns, cfg.summarize_after_tokens) == (8, 12,
                                                                                        6000)
    assert (cfg.budget.memory_tokens, cfg.budget.item_tokens, cfg.budget.pinned_tokens) == (
        1200, 150, 400)
    scoring = meow.settings.scoring
    assert (scoring.w_sim, scoring.w_time, scoring.w_imp, scoring.decay_lambda) == (
        0.7, 0.2, 0.1, 0.002)
    assert meow.get_settings(**CAT).inject_limit == 8  # retrieval_top_k
    allergy = meow.remember("나비는 닭고기 알레르기가 있다 — 닭고기 간식 금지", **CAT,
                            type="constraint", tags=["allergy"], importance=0.95)
    meow.import_memories([{"content": text, "type": kind, "importance": 0.5,
                           "timestamp": datetime(year, 6, 1, tzinfo=UTC)}
                          for year, kind, text in TIMELINE], **CAT)
    meow.remember("사료 기록: " + "연어와 현미가 들어간 저알러지 사료를 하루 두 번 급여. " * 40,
                  **CAT, type="note")  # one very long memory
    # The owner asks about treats, in a session that has run for 14 turns.
    turns = [{"role": "user" if i % 2 == 0 else "assistant",
              "content": f"{i}번째 대화: 나비가 요즘 물을 {i}번 마셨어" if i % 2 == 0
              else f"{i}번째 답변: 물 마시는 양을 기록해 두세요"} for i in range(14)]
    ctx = meow.context("나비한테 어떤 간식 줘도 돼?", **CAT, history=turns)
    # Pinned core facts: always there, within their own 400 tokens.
    pinned = ctx.section(SectionKind.PINNED)
    assert pinned is not None and allergy.id in [i.record_id for i in pinned.items]
    assert pinned.tokens <= 400
    # Top-8 retrieval inside 1,200 tokens, every item at most 150 tokens.
    memories = ctx.section(SectionKind.MEMORIES)
    assert memories is not None and 1 <= len(memories.items) <= 8
    assert memories.tokens <= 1200 and all(i.tokens <= 150 for i in memories.items)
    assert "참치 간식" in ctx.text
    # Recent raw turns: over 12 turns, the last 8 raw and a summary shorter than the six it
    # replaced.
    assert [m["content"] for m in ctx.messages] == [t["content"] for t in turns[6:]]
    assert ctx.summary and ctx.trace.summarized_turns == 6
    counter = get_counter(cfg.tokenizer)
    replaced = sum(counter.count(t["content"]) for t in turns[:6])
    assert counter.count(ctx.summary) <= replaced / 2
    twelve = meow.context("나비한테 어떤 간식 줘도 돼?", **CAT, history=turns[:12])
    assert len(twelve.messages) == 12 and twelve.summary is None
    # Every used memory says why: similarity, recency and importance parts.
    used = next(u for u in ctx.trace.used if u.section is SectionKind.MEMORIES)
    assert used.parts is not None and used.parts.relevance > 0


def test_timeline_search_by_keyword_year_range_and_type(meow: Memory) -> None:
    """P0-2: "연도 범위 + 유형 필터로 검색" — then "컨텍스트에 넣기" is a search hit away."""
    meow.import_memories([{"content": text, "type": kind,
                           "timestamp": datetime(year, 6, 1, tzinfo=UTC)}
                          for year, kind, text in TIMELINE], **CAT)
    hits = meow.search("병원 진단", **CAT, k=8,
                       filters={"event_time": {"gte": 2021, "lt": 2024}, "type": "timeline"})
    years = {h.record.event_time.year for h in hits}
    assert hits and years <= {2021, 2022, 2023} and all(h.record.type.value == "timeline"
                                                       for h in hits)
    assert hits[0].record.content.startswith(("만성 신장질환", "구토로 병원"))
