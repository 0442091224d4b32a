"""The episode's second reading of a session: a turn read in the same state is taken from the
extractor's memo, and gives exactly what reading it again gives (turn_memo)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from gieok.domain.turns import Turn
from gieok.write.episodes import extractive_episode
from gieok.write.extract.coref import Entities, Entity
from gieok.write.extract.heuristic import HeuristicExtractor
from gieok.write.extract.turn_memo import key

_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

SESSION = [
    ("user", "I adopted a beagle puppy last week"),
    ("assistant", "Congrats! What's his name?"),
    ("user", "Bori. he's 10 weeks old and already chewing everything"),
    ("assistant", "Ha, puppies! How is he with your cat?"),
    ("user", "she hates him lol. my cat Nabi is 9 and she's on methimazole"),
    ("user", "also I'm allergic to penicillin, remember that"),
    ("user", "우리 딸 지유는 땅콩 알레르기가 있어요. 걔는 이번에 초등학교 들어가요"),
    ("user", "lol jk about the puppy"),
]


def _turns() -> list[Turn]:
    return [Turn(id=f"t{i}", role=role, content=text, at=_AT + timedelta(minutes=i))
            for i, (role, text) in enumerate(SESSION)]  # type: ignore[arg-type]


def _fields(found: list) -> list[tuple]:
    return [(c.content, c.slot, c.value, c.tags, c.turn_ids, c.pinned, c.importance, c.data,
             c.retires, c.withdraws, c.lapse, c.ended, c.renames) for c in found]


def test_a_second_reading_in_the_same_state_is_the_memo_and_the_same() -> None:
    reader = HeuristicExtractor()
    first = reader.extract_sync(_turns())
    assert reader.memo is not None and reader.memo.hits == 0
    again = reader.extract_sync(_turns())
    assert _fields(again) == _fields(first)
    assert reader.memo.hits == reader.memo.misses  # every user turn, from the memo
    assert _fields(HeuristicExtractor().extract_sync(_turns())) == _fields(first)


def test_turn_by_turn_then_the_episode_reuses_the_readings() -> None:
    """As ``add()`` reads a chat turn by turn (each with the turns before it as context) and
    the episode then reads the whole session: same candidates as a fresh extractor's."""
    reader = HeuristicExtractor()
    turns = _turns()
    for i, turn in enumerate(turns):
        reader.extract_sync([turn], context=turns[max(0, i - 10):i])
    hits = reader.memo.hits
    fresh = extractive_episode(turns)
    reused = extractive_episode(turns, extractor=reader)
    assert reader.memo.hits > hits
    assert fresh is not None and reused is not None
    assert (reused.summary, reused.facts, reused.fact_turns, reused.topics, reused.importance) \
        == (fresh.summary, fresh.facts, fresh.fact_turns, fresh.topics, fresh.importance)


def test_names_known_from_earlier_sessions_are_another_state() -> None:
    """``add()`` knew the daughter from a stored memory, the episode does not: the turn is
    read again, and each reading keeps its own result."""
    reader = HeuristicExtractor()
    turns = _turns()[6:7]
    known = ["User's daughter 지유 is 7"]
    with_known = reader.extract_sync(turns, known=known)
    misses = reader.memo.misses
    without = reader.extract_sync(turns)
    assert reader.memo.misses == misses + 1
    assert _fields(without) == _fields(HeuristicExtractor().extract_sync(turns))
    assert _fields(with_known) == _fields(HeuristicExtractor().extract_sync(turns, known=known))


def test_the_key_tells_which_entity_is_the_topic() -> None:
    """Two states with equal entities, one whose topic *is* the known dog (renaming the topic
    renames the dog) and one whose topic is an equal copy: not the same state."""
    turn = Turn(id="t", role="user", content="he's 3")
    dog = Entity(name=None, noun="dog", kind="pet", lang="en")
    same = Entities(known=[dog], topic=dog)
    copy = Entities(known=[dog], topic=Entity(name=None, noun="dog", kind="pet", lang="en"))
    assert key(turn, same, None, None, "") != key(turn, copy, None, None, "")
    assert key(turn, same, None, None, "") == key(
        turn, Entities(known=[dog], topic=dog), None, None, "")


def test_custom_rule_tables_are_never_memoised() -> None:
    reader = HeuristicExtractor(rules_en=[], rules_ko=[])
    assert reader.memo is None
    assert reader.extract_sync(_turns()) == reader.extract_sync(_turns())


def test_a_sentence_asked_again_gets_the_same_rule_hits() -> None:
    reader = HeuristicExtractor()
    for sentence in ("I'm allergic to penicillin", "저는 판교에서 백엔드 개발자로 일해요",
                     "we moved to Denver last week"):
        first = reader.hits(sentence, _AT)
        first.append(None)  # the caller's list is its own
        again = reader.hits(sentence, _AT)
        assert again == first[:-1] == HeuristicExtractor.hits(reader, sentence, _AT)  # (unkept)
        assert again  # (each of them hits a rule)
