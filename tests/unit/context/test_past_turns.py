"""What "From past conversations" hands the model (R8): archived turns need a clear bearing
on the request (their own floor), and turns with no content of their own stay out."""

from __future__ import annotations

from typing import Any

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.domain.context import ContextSettings, DEFAULT_TURN_MIN_RELEVANCE, SectionKind
from gieok.read.phatic import says_nothing

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("text", "role"), [
    ("Nice to meet you, Mina! How can I help?", "assistant"),
    ("반갑습니다! 어떤 도움이 필요하세요?", "assistant"),
    ("I'm sorry to hear that. How are you holding up?", "assistant"),
    ("Aww, congratulations! How old is she?", "assistant"),
    ("thanks!", "user"), ("ok thx", "user"), ("응 고마워", "user"),
])
def test_pleasantries_say_nothing(text: str, role: str) -> None:
    assert says_nothing(text, role)


@pytest.mark.parametrize(("text", "role"), [
    ("I'm vegetarian", "user"), ("여덟 살이야", "user"),
    ("Congratulations! Are you leaving Pebble then?", "assistant"),
    ("네 학원 다니면서 열심히 하고 있어요 ㅎㅎ", "user"),
    ("Nice to meet you, Mina", "user"),  # a user's one word is their own
])
def test_turns_with_something_of_their_own_say_something(text: str, role: str) -> None:
    assert not says_nothing(text, role)


def _cos(relevance: float) -> float:
    return 0.77 + 0.13 * relevance


QUERY = "suggest a dinner recipe"
INTRO, GREETING = "hi, I'm Mina", "Nice to meet you, Mina! How can I help?"
RELATED, WEAK = "we cook a lot of pasta at home", "I live in Incheon with my boyfriend"
RELEVANCE = {INTRO: 0.0, GREETING: 0.6, RELATED: 0.6, WEAK: 0.3}  # what each turn gets


async def _past_turns(store_url: str, settings: GieokSettings, user: str,
                      fixed: Any) -> list[str]:
    vectors = {QUERY: fixed.unit(1.0), **{t: fixed.unit(_cos(r)) for t, r in RELEVANCE.items()}}
    embedder = fixed.FixedEmbedder(vectors, name="test:fixed-turns",
                                   similarity_range=(0.77, 0.90))
    async with AsyncMemory(store_url, settings=settings, embedder=embedder) as mem:
        await mem.add([{"role": "user", "content": INTRO},
                       {"role": "assistant", "content": GREETING},
                       {"role": "user", "content": RELATED},
                       {"role": "user", "content": WEAK}],
                      user_id=user, session_id="s1", infer=False)
        ctx = await mem.context(QUERY, user_id=user, session_id="s2")
        past = ctx.section(SectionKind.CONVERSATIONS)
        return [] if past is None else [i.body for i in past.items]


async def test_past_turns_need_content_and_a_clear_bearing(
    store_url: str, settings: GieokSettings, fixed: Any
) -> None:
    assert 0.25 < RELEVANCE[WEAK] < DEFAULT_TURN_MIN_RELEVANCE
    assert await _past_turns(store_url, settings, "u1", fixed) == [RELATED]
    # settings bring both back: pleasantries, and the memories' own floor for turns
    context = settings.context.model_copy(
        update={"conversation_pleasantries": True, "turn_min_relevance": 0.25})
    shown = await _past_turns(
        store_url, settings.model_copy(update={"context": context}), "u2", fixed)
    assert set(shown) == {GREETING, RELATED, WEAK}


def test_an_explicit_floor_also_holds_for_turns() -> None:
    from gieok.context.assemble import _floors

    assert _floors(ContextSettings(), True) == (0.25, DEFAULT_TURN_MIN_RELEVANCE)
    assert _floors(ContextSettings(), False) == (0.0, 0.0)
    assert _floors(ContextSettings(min_relevance=0.0), True) == (0.0, 0.0)
    assert _floors(ContextSettings(min_relevance=0.5), True) == (0.5, 0.5)
    assert _floors(ContextSettings(turn_min_relevance=0.1), True) == (0.25, 0.25)
