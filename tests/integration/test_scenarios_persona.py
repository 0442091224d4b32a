"""Seed 003 with the real embedder: a persona chat recalls yesterday's job interview when the
next session starts (KO and EN), and never another persona's or user's conversations."""

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

CASES = [
    pytest.param(
        [("user", "내일 중요한 면접이 있어"), ("assistant", "와, 떨리겠다! 어떤 회사야?"),
         ("user", "IT 스타트업인데 정말 가고 싶어"), ("assistant", "잘 될 거야! 준비 많이 해!")],
        "사용자가 IT 스타트업 면접을 앞두고 있음. 매우 기대하고 있음.", ["면접", "취업"],
        "흥분", "안녕!", "사용자가 새로 본 영화가 재미있었다고 함.", id="ko"),
    pytest.param(
        [("user", "I have an important job interview tomorrow"),
         ("assistant", "Wow, exciting! Which company?"),
         ("user", "An IT startup, I really want to get in"),
         ("assistant", "You'll do great, prepare well!")],
        "User has a job interview at an IT startup tomorrow and is very excited.",
        ["interview", "job"], "excitement", "Hi!",
        "User said the new movie they watched was fun.", id="en"),
]


@pytest.fixture
def real_memory(tmp_path: Path, make_settings: Callable[..., GieokSettings]
                ) -> Iterator[Memory]:
    mem = Memory(f"sqlite:///{tmp_path / 'persona.db'}",
                 settings=make_settings(embedder=REAL_EMBEDDER))
    yield mem
    mem.close()


@pytest.mark.parametrize(("turns", "summary", "topics", "emotion", "greeting", "old"), CASES)
def test_next_session_recalls_yesterdays_interview(
    real_memory: Memory, turns: list[tuple[str, str]], summary: str, topics: list[str],
    emotion: str, greeting: str, old: str,
) -> None:
    yesterday = utcnow() - timedelta(days=1)
    day1 = {"user_id": "u1", "persona_id": "p1", "session_id": "day1"}
    real_memory.add([{"role": r, "content": c} for r, c in turns], timestamp=yesterday, **day1)
    # At session end the write path stores one episode per session (W11, seed 003's shape).
    episode = real_memory.remember(summary, layer="episodic", type="episode", tags=topics,
                                   emotion=emotion, importance=0.7, timestamp=yesterday, **day1)
    real_memory.remember(old, user_id="u1", persona_id="p1", session_id="old",
                         layer="episodic", type="episode", importance=0.4,
                         timestamp=utcnow() - timedelta(days=90))
    real_memory.remember(summary.replace("IT", "bank"), user_id="u1", persona_id="p2",
                         session_id="other", layer="episodic", type="episode",
                         timestamp=yesterday)
    real_memory.remember(summary, user_id="u2", persona_id="p1", session_id="x",
                         layer="episodic", type="episode", timestamp=yesterday)
    # Day 2: the session starts with a greeting (and, first, with no query at all).
    for query in ("", greeting):
        ctx = real_memory.context(query, user_id="u1", persona_id="p1", session_id="day2")
        episodes = ctx.section(SectionKind.EPISODES)
        assert episodes is not None, ctx.text
        assert episodes.items[0].record_id == episode.id
        assert summary in ctx.text and f"(mood: {emotion})" in ctx.text
        assert yesterday.date().isoformat() in episodes.items[0].text
        assert ctx.trace.used_ids().count(episode.id) == 1
        assert "bank" not in ctx.text  # another persona's memory stays there
        assert ctx.messages == []  # a new session has no raw turns yet


@pytest.mark.parametrize(("turns", "word"), [
    pytest.param([("user", "내일 중요한 면접이 있어"), ("assistant", "와, 떨리겠다! 어떤 회사야?"),
                  ("user", "IT 스타트업인데 정말 가고 싶어서 너무 걱정돼"),
                  ("assistant", "잘 될 거야!")],
                 "면접", id="ko"),
    pytest.param([("user", "I have an important job interview tomorrow"),
                  ("assistant", "Wow, exciting! Which company?"),
                  ("user", "An IT startup, I really want to get in and I'm so worried"),
                  ("assistant", "You'll do great!")], "interview", id="en"),
])
def test_write_path_episode_is_recalled_next_day(real_memory: Memory,
                                                 turns: list[tuple[str, str]],
                                                 word: str) -> None:
    """End to end with the real write path (W11): the session-end episode it writes is what
    the next session's context recalls. The user says how they feel, so the episode adds
    something to the facts stored from the session (one that only restated them would not be
    written: issue 16)."""
    yesterday = utcnow() - timedelta(days=1)
    day1 = {"user_id": "u1", "persona_id": "p1", "session_id": "day1"}
    real_memory.add([{"role": r, "content": c} for r, c in turns], timestamp=yesterday, **day1)
    closed = real_memory.end_session(**day1)
    assert closed.episode is not None and word in closed.episode.content.lower()
    ctx = real_memory.context("", user_id="u1", persona_id="p1", session_id="day2")
    assert word in ctx.text.lower()
    # The episode is shown, or it was dropped as a near-duplicate of the fact extracted from
    # the same turns (which is then shown instead): the interview appears once either way.
    shown = closed.episode.id in ctx.trace.used_ids()
    twin = any(c.id == closed.episode.id and c.reason.value == "duplicate"
               for c in ctx.trace.cut)
    assert shown != twin
