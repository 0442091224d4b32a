"""A request that asks two questions gets the memories of each (issue 14, a new-user trial:
"나 어디 살아? 알레ルギ 있어?" showed only the pinned allergies). Each question is searched too
(``context.question_parts``); a sentence that mentions two things is one search."""

from __future__ import annotations

from gieok import Memory
from gieok.context.question_parts import parts


def test_the_questions_of_a_request() -> None:
    assert parts("나 어디 살아? 알레르기 있어?") == ["나 어디 살아?", "알레르기 있어?"]
    assert parts("where do I live? what do I drink in coffee?") == [
        "where do I live?", "what do I drink in coffee?"]
    assert parts("where do I live and what am I allergic to?") == []
    assert parts("what?? ok") == []
    assert parts("suggest a recipe") == []


def test_each_question_gets_its_memories(memory: Memory) -> None:
    facts = ["I live in Jersey City", "I'm allergic to penicillin",
             "I work at Pfizer as a research scientist", "I have a cat named Mochi",
             "I'm learning Korean on Duolingo", "I run 5k every saturday morning",
             "my sister lives in Boston", "I prefer oat milk in my coffee"]
    for i, fact in enumerate(facts):
        memory.add([{"role": "user", "content": fact}], user_id="u", session_id="s",
                    timestamp=f"2026-11-10T10:{i:02d}:00")
    memory.end_session(user_id="u", session_id="s")
    block = str(memory.context("where do I live? what do I drink in coffee?", user_id="u"))
    assert "Jersey City" in block and "oat milk" in block, block
    block = str(memory.context("what's my job? do I have pets?", user_id="u"))
    assert "Pfizer" in block and "Mochi" in block, block
