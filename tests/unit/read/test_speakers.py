"""Query analysis, "who": a query naming a speaker lifts what that person said."""

from __future__ import annotations

from typing import Any

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.read.speakers import named_speakers

pytestmark = pytest.mark.anyio


def test_names_are_whole_words_any_case_and_korean_takes_particles() -> None:
    people = ["Caroline", "Melanie", "Mary Ann", "민지", None, ""]
    assert named_speakers("What did Caroline research?", people) == {"Caroline"}
    assert named_speakers("what did caroline and MELANIE do", people) == {"Caroline",
                                                                         "Melanie"}
    assert named_speakers("Carolines and Melanies", people) == frozenset()  # not a prefix
    assert named_speakers("Where does Mary Ann live?", people) == {"Mary Ann"}
    assert named_speakers("Where does Mary live?", people) == frozenset()
    assert named_speakers("민지는 어디 살아?", people) == {"민지"}
    assert named_speakers("what is my dog's name", people) == frozenset()
    assert named_speakers("", people) == frozenset()


async def test_a_named_speakers_turn_outranks_a_turn_addressed_to_them(
    store_url: str, settings: GieokSettings, fixed: Any
) -> None:
    said = "I have decided to train as a counsellor."
    addressed = "Caroline, a counsellor career would suit you so well!"
    query = "Which career has Caroline decided on?"
    embedder = fixed.FixedEmbedder(
        {said: fixed.unit(0.84), addressed: fixed.unit(0.86), query: fixed.unit(1.0),
         "Which career has decided on?": fixed.unit(1.0)})  # the dense query, name left out
    chat = [{"role": "user", "name": "Caroline", "content": said},
            {"role": "user", "name": "Melanie", "content": addressed}]
    async with AsyncMemory(store_url, settings=settings, embedder=embedder) as mem:
        await mem.add(chat, user_id="u1", session_id="s1", infer=False)
        hits = await mem.search(query, user_id="u1", k=2)
        assert [h.record.content for h in hits] == [said, addressed]
        assert [h.parts.speaker for h in hits] == [1.0, 0.0]
        # without the "who" term, meaning alone puts the addressed turn first
        mem.settings.scoring = mem.settings.scoring.model_copy(update={"w_query_speaker": 0.0})
        hits = await mem.search(query, user_id="u1", k=2)
        assert [h.record.content for h in hits] == [addressed, said]
        assert hits[0].parts.speaker == 0.0


async def test_the_who_lift_reorders_the_first_places_only(
    store_url: str, settings: GieokSettings, fixed: Any
) -> None:
    """A turn the named person said that ranks, by everything else, below the first
    SPEAKER_DEPTH places is not pulled up by the name; one inside them still is."""
    from gieok.read.speakers import SPEAKER_DEPTH

    others = [f"Caroline, here is photo number {i} from my trip." for i in range(SPEAKER_DEPTH + 5)]
    close = "I spent the whole day at the lake with the kids."
    far = "I finally repaired the old garden fence."
    query = "What did Caroline do?"
    vectors = {text: fixed.unit(0.80 - i * 0.004) for i, text in enumerate(others)}
    vectors.update({close: fixed.unit(0.77), far: fixed.unit(0.62), query: fixed.unit(1.0),
                    "What did do?": fixed.unit(1.0)})  # the dense query, name left out
    embedder = fixed.FixedEmbedder(vectors)
    async with AsyncMemory(store_url, settings=settings, embedder=embedder) as mem:
        await mem.add([{"role": "user", "name": "Melanie", "content": t} for t in others],
                      user_id="u1", session_id="s1", infer=False)
        await mem.add([{"role": "user", "name": "Caroline", "content": t} for t in (close, far)],
                      user_id="u1", session_id="s2", infer=False)
        hits = await mem.search(query, user_id="u1", k=len(others) + 2)
        texts = [h.record.content for h in hits]
        assert texts[0] == close and hits[0].parts.speaker == 1.0  # lifted from ~8th
        assert texts.index(far) == len(others) + 1  # stays below every closer turn
        assert hits[-1].parts.speaker == 0.0  # and its explanation says so


def test_the_names_a_query_says_leave_its_dense_query() -> None:
    from gieok.read.speakers import without_names

    assert without_names("What did Caroline research?", {"Caroline"}) == "What did research?"
    assert without_names("Is caroline's book out? And Melanie’s?", {"Caroline", "Melanie"}) \
        == "Is book out? And ?"
    assert without_names("Where does Mary Ann live?", {"Mary Ann"}) == "Where does live?"
    assert without_names("민지는 어디 살아?", {"민지"}) == "어디 살아?"
    assert without_names("Did the Carolines come?", {"Caroline"}) == "Did the Carolines come?"
    assert without_names("Caroline?", {"Caroline"}) == "Caroline?"  # nothing else to search
    assert without_names("What did she research?", set()) == "What did she research?"


async def test_a_named_speaker_is_searched_by_what_they_said_not_by_their_name(
    store_url: str, settings: GieokSettings, fixed: Any
) -> None:
    """The model relates "…Caroline…" to a turn that says the name; without the name the
    question is about her painting. Both turns are hers, so the "who" lift cannot decide."""
    import numpy as np

    said = "I mostly paint abstract canvases these days."
    greeting = "Caroline here, sending you the pictures now."
    query = "What kind of art does Caroline make?"
    plain = "What kind of art does make?"
    axis = [np.array(v, np.float32) for v in ([1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0])]
    embedder = fixed.FixedEmbedder({
        query: axis[0], plain: axis[2], "Lovely, thanks!": axis[1],
        said: (0.6 * axis[0] + 0.8 * axis[2]).astype(np.float32),
        greeting: (0.9 * axis[0] + np.sqrt(1 - 0.81) * axis[1]).astype(np.float32)})
    chat = [{"role": "user", "name": "Caroline", "content": said},
            {"role": "user", "name": "Caroline", "content": greeting},
            {"role": "user", "name": "Melanie", "content": "Lovely, thanks!"}]
    async with AsyncMemory(store_url, settings=settings, embedder=embedder) as mem:
        await mem.add(chat, user_id="u1", session_id="s1", infer=False)
        hits = await mem.search(query, user_id="u1", k=2)
        assert [h.record.content for h in hits] == [said, greeting]
        mem.settings.scoring = mem.settings.scoring.model_copy(
            update={"dense_without_names": False})
        hits = await mem.search(query, user_id="u1", k=2)
        assert [h.record.content for h in hits] == [greeting, said]
