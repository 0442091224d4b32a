"""A pet named in passing stays the one later sentences are about.

The lead's trial: "our parrot Kiwi screams if we use the blender lol" stored nothing (the
sentence is a condition, not kept whole), so "Kiwi passed away" a session later had no parrot
to be about. A name said right after the pet noun with no particle ("우리 강아지 보리 오늘 병원
갔어") was not read as a name when it is also a common word (보리, 나비, 키위), and "we adopted a
rescue greyhound, Comet" left the greyhound unnamed, so "Comet has started limping" was lost.
Every sentence here is written for the test.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from gieok.domain.turns import Turn
from gieok.write.extract.coref_intro import introduced
from gieok.write.extract.heuristic import HeuristicExtractor

AT = datetime(2026, 11, 3, 20, 0, tzinfo=UTC)


def _chat(*lines: str, known: tuple[str, ...] = ()) -> list[str]:
    turns: list[Turn] = []
    out: list[str] = []
    for i, line in enumerate(lines):
        role, text = line.split(": ", 1)
        turn = Turn(role="user" if role == "u" else "assistant", content=text,
                    at=AT + timedelta(minutes=i))
        if turn.role == "user":
            out += [c.content for c in HeuristicExtractor().extract_sync(
                [turn], context=turns, known=known)]
        turns.append(turn)
    return out


def test_a_pet_named_in_a_sentence_not_kept_whole_is_still_named() -> None:
    said = _chat("a: Anything else I should plan around?",
                 "u: not really. oh and our cockatiel Pippin shrieks if we use the hairdryer lol")
    assert "User's cockatiel's name is Pippin" in said, said
    # a session later, its death is about that cockatiel
    later = _chat("u: Pippin died on Tuesday. 9 years", known=tuple(said))
    assert any(c.startswith("User's cockatiel Pippin") for c in later), later


def test_a_common_word_right_after_the_pet_then_when_is_its_name() -> None:
    names = [(e.name, e.noun) for e in introduced("우리 강아지 호두 요즘 자꾸 발을 핥아요")]
    assert ("호두", "강아지") in names
    assert [(e.name, e.noun) for e in introduced("우리 고양이 밀크 이번에 중성화했어")] == [
        ("밀크", "고양이")]
    # the pet's own things said without 의 are no name
    assert [e.name for e in introduced("우리 강아지 털 요즘 엄청 빠져")] == [None]
    assert [e.name for e in introduced("우리 고양이 사료 요즘 안 먹어")] == [None]
    said = _chat("u: 우리 토끼 당근 요즘 건초를 잘 안 먹어요",
                 "a: 언제부터요?",
                 "u: 일주일 됐어요. 걔 요즘 잠만 자요")
    assert any(c.startswith("사용자의 토끼 당근") and "잠만" in c for c in said), said


def test_a_pet_adopted_with_its_kind_and_name_is_named() -> None:
    said = _chat("u: we adopted a senior whippet, Biscuit",
                 "a: How lovely! How is she doing?",
                 "u: good. we're painting the hallway this week btw",
                 "u: oh and Biscuit has started coughing at night")
    assert any(c.startswith("User's whippet Biscuit has started coughing") for c in said), said
