"""Conversation structure: when a question turn ranks high, the turn that answered it is
ranked right after it (read/replies.py)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.domain.query import RankRow
from gieok.read.replies import REPLY_GAP, is_question, reply_lifts

pytestmark = pytest.mark.anyio


def test_a_turn_is_a_question_when_its_last_sentence_asks() -> None:
    assert is_question("How often do you all work out together?")
    assert is_question("Congrats! How did it feel to seal the deal?")
    assert is_question("Did you see it? [shares a photo: a sunset over the lake.]")
    assert is_question("주말에 뭐 했어？")
    assert not is_question("Did you go? I did, it was great.")
    assert not is_question("Three times a week; it keeps us on track.")
    assert not is_question("")
    # laughter, emoji and marks after the question mark still end a question
    assert is_question("어디 살아? ㅋㅋ")
    assert is_question("뭐 먹지?ㅠㅠ")
    assert is_question("How was it?! 😊")
    # a request whose last clause tells, not asks, has no reply to lift
    assert not is_question(
        "can u suggest a lunch place near my studio? no seafood pls, I'm allergic to shellfish")
    assert not is_question("what? no")


_AT = datetime(2023, 5, 8, tzinfo=UTC)


def _row(rid: str, content: str, *, turn: str | None = None,
         follows: str | None = None) -> RankRow:
    return RankRow(rid, content, rid, "archive", 0.5, _AT, _AT, turn=turn, follows=follows)


def test_a_reply_is_lifted_to_just_under_its_question() -> None:
    question = _row("q", "How often do you work out?", turn="t1")
    answer = _row("a", "Three times a week.", turn="t2", follows="t1")
    other = _row("o", "I like the gym.", turn="t9")
    lifts = reply_lifts([(0.9, question), (0.6, other), (0.2, answer)])
    assert lifts == {"a": pytest.approx(0.9 - REPLY_GAP)}
    # a reply that already ranks above that keeps its own score
    assert reply_lifts([(0.9, question), (0.89, answer)]) == {}
    # the reply of a statement, of a question below the first page, or of nothing: none
    statement = _row("s", "I work out a lot.", turn="t1")
    assert reply_lifts([(0.9, statement), (0.2, answer)]) == {}
    filler = [(0.8 - i / 100, _row(f"f{i}", "Nice.", turn=f"x{i}")) for i in range(10)]
    assert reply_lifts([*filler, (0.5, question), (0.2, answer)], depth=10) == {}
    assert reply_lifts([(0.9, question), (0.2, other)]) == {}


def test_a_reply_that_asks_back_is_not_lifted() -> None:
    """ "can you write a card for my neighbour who helped with the boxes?" → "Of course!
    Anything special to mention?": the reply answers nothing; the user's next turn does."""
    request = _row("q", "can you write a card for my neighbour who helped with the boxes?",
                   turn="t1")
    back = _row("b", "Of course! Anything special to mention?", turn="t2", follows="t1")
    assert reply_lifts([(0.9, request), (0.3, back)]) == {}
    answer = _row("a", "Sure, here's a draft: Dear Mrs Park, thank you so much.", turn="t2",
                  follows="t1")
    assert reply_lifts([(0.9, request), (0.3, answer)]) == {"a": pytest.approx(0.88)}


async def test_the_answer_to_a_matching_question_comes_right_after_it(
    store_url: str, settings: GieokSettings, fixed: Any
) -> None:
    question = "How often do you all work out together?"
    answer = "Three times a week; it keeps us on track."
    others = ["I work out at the gym before the office opens.",
              "We often go out running along the river.",
              "Our team works out together before every game."]
    query = "How often does the family work out together?"
    cosines = {question: 0.9, answer: 0.3, others[0]: 0.7, others[1]: 0.65, others[2]: 0.6}
    embedder = fixed.FixedEmbedder(
        {**{t: fixed.unit(c) for t, c in cosines.items()}, query: fixed.unit(1.0)})
    # the question's own rank is not what this test is about: a turn that asks keeps a share
    # of its relevance by default (read/speech.py, tests/unit/read/test_speech.py)
    settings.scoring = settings.scoring.model_copy(update={"asking_relevance": 1.0})
    async with AsyncMemory(store_url, settings=settings, embedder=embedder) as mem:
        await mem.add([{"role": "user", "name": "Maria", "content": question},
                       {"role": "user", "name": "John", "content": answer}],
                      user_id="u1", session_id="s1", infer=False)
        await mem.add([{"role": "user", "name": "John", "content": text} for text in others],
                      user_id="u1", session_id="s2", infer=False)
        hits = await mem.search(query, user_id="u1", k=3)
        assert [h.record.content for h in hits[:2]] == [question, answer]
        assert hits[1].parts.reply > 0 and hits[0].parts.reply == 0.0
        assert hits[1].score == pytest.approx(hits[0].score - REPLY_GAP)
        # without the lift, the turns that share the search's words come first
        mem.settings.scoring = mem.settings.scoring.model_copy(update={"lift_replies": False})
        hits = await mem.search(query, user_id="u1", k=3)
        assert hits[0].record.content == question
        assert answer not in [h.record.content for h in hits]
