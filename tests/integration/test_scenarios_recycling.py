"""Seed 000 with the real embedder: a Gangnam-gu resident asks where to throw plastic in a
new session, and the residence fact from an earlier session is in the block (KO and EN)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gieok import Memory, GieokSettings
from gieok.domain.context import SectionKind

pytestmark = [pytest.mark.integration, pytest.mark.slow]
REAL_EMBEDDER = "local:multilingual-e5-small"

DISTRACTORS_KO = [
    "사용자는 매운 음식을 좋아함", "사용자는 주말마다 등산을 감", "사용자는 고양이 두 마리를 키움",
    "사용자의 직업은 간호사", "사용자는 커피보다 녹차를 선호", "사용자는 아침 6시에 일어남",
    "사용자는 자전거로 출퇴근함", "사용자는 재즈 음악을 즐겨 들음", "사용자의 생일은 5월 3일",
    "사용자는 일본어를 공부 중", "사용자는 주식 투자에 관심이 많음", "사용자는 요가 수업을 들음",
    "사용자는 여름 휴가로 제주도를 계획 중", "사용자는 비건 요리를 배우는 중",
    "사용자는 넷플릭스 드라마를 자주 봄", "사용자는 동생과 함께 삶", "사용자는 축구 팬임",
    "사용자는 중고 거래 앱을 자주 씀", "사용자는 새벽에 러닝을 함", "사용자는 캠핑 장비를 모음",
]
DISTRACTORS_EN = [
    "User enjoys spicy food", "User goes hiking every weekend", "User has two cats",
    "User works as a nurse", "User prefers green tea over coffee", "User wakes up at 6 am",
    "User commutes by bicycle", "User listens to jazz", "User's birthday is May 3rd",
    "User is learning Japanese", "User is interested in stock investing", "User takes yoga",
    "User plans a summer trip to Jeju", "User is learning vegan cooking",
    "User binge-watches Netflix dramas", "User lives with a younger brother",
    "User is a football fan", "User often uses second-hand marketplace apps",
    "User runs at dawn", "User collects camping gear",
]


@pytest.fixture
def real_memory(tmp_path: Path, make_settings: Callable[..., GieokSettings]
                ) -> Iterator[Memory]:
    # Seed 000 injects the user's location memories whatever the question ("where do I throw
    # away plastic?" is about the residence only through the app's purpose): no relevance
    # floor, as its profile sets.
    mem = Memory(f"sqlite:///{tmp_path / 'scenario.db'}",
                 settings=make_settings(embedder=REAL_EMBEDDER,
                                        context={"min_relevance": 0.0}))
    yield mem
    mem.close()


@pytest.mark.parametrize(("fact", "distractors", "question", "other_city"), [
    ("사용자는 강남구에 거주", DISTRACTORS_KO, "플라스틱 어디 버려?",
     "사용자는 부산 해운대구에 거주"),
    ("User lives in Gangnam-gu, Seoul", DISTRACTORS_EN, "Where do I throw away plastic?",
     "User lives in Haeundae-gu, Busan"),
])
def test_residence_fact_reaches_a_new_session(real_memory: Memory, fact: str,
                                              distractors: list[str], question: str,
                                              other_city: str) -> None:
    # Session A: the write path stored the residence (seed 000: location, confidence 0.95).
    home = real_memory.remember(fact, user_id="u1", session_id="A", category="location",
                                confidence=0.95)
    real_memory.import_memories([{"content": d, "category": "preference"} for d in distractors],
                                user_id="u1", session_id="A")
    real_memory.remember(other_city, user_id="u2", session_id="X", category="location")
    # Session B starts fresh; a tight memory budget makes ranking matter.
    real_memory.add([{"role": "user", "content": question}], user_id="u1", session_id="B")
    ctx = real_memory.context(question, user_id="u1", session_id="B",
                              budget={"memory_tokens": 200})
    memories = ctx.section(SectionKind.MEMORIES)
    assert memories is not None and home.id in ctx.trace.used_ids()
    assert fact in ctx.text and other_city not in ctx.text
    assert len(memories.items) < len(distractors)  # the budget really selected
    assert ctx.messages == [{"role": "user", "content": question}]
