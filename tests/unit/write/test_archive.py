"""The conversation archive (R8) through the public API, on every store: turns searchable with
their kind and provenance, long turns as passages, neighbours as full-text-only context,
settings, list/forget/export/retention/hard delete, PII."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.domain.records import INDEX_ONLY_MARK, Layer
from gieok.embedders.base import token_counter
from gieok.write.passages import split_passages

pytestmark = pytest.mark.anyio

CHAT = [
    {"role": "user", "name": "Ana", "content": "I adopted a puppy named Biscuit last weekend."},
    {"role": "assistant", "content": "Congratulations! What breed is Biscuit?"},
    {"role": "user", "name": "Ana", "content": "A golden retriever. She loves the beach."},
]


async def _turns(mem: AsyncMemory, **scope: str) -> list:  # type: ignore[type-arg]
    page = await mem.list(filters={"kind": "turn"}, limit=1000, **scope)
    return sorted(page.items, key=lambda r: (r.metadata["turn"], r.metadata["passage"]))


async def test_every_turn_is_archived_searchable_and_points_back(
    store_url: str, settings: GieokSettings
) -> None:
    async with AsyncMemory(store_url, settings=settings) as mem:
        result = await mem.add(CHAT, user_id="u1", session_id="s1",
                               timestamp="2023-05-08T13:56:00Z")
        assert len(result.turn_ids) == 3
        archived = await _turns(mem, user_id="u1")
        assert {r.metadata["turn"] for r in archived} == set(result.turn_ids)
        for record in archived:
            assert record.layer is Layer.ARCHIVE and record.kind == "turn"
            assert record.source_turn_ids == [record.metadata["turn"]]
            assert record.source_session == "s1" and record.scope.session == "s1"
            assert record.event_time == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
        breed = next(r for r in archived if "golden" in r.content)
        assert breed.metadata["speaker"] == "Ana" and breed.metadata["role"] == "user"
        # neighbours and the date are full-text context, never embedded or shown
        assert "What breed is Biscuit?" in breed.index_text
        assert "8 May 2023" in breed.index_text
        assert breed.embedding_text() == "Ana: " + breed.content
        hits = await mem.search("golden retriever", user_id="u1", k=5, filters={"kind": "turn"})
        assert hits[0].kind == "turn" and hits[0].record.id == breed.id
        # unfiltered, the answer's memory ("… What breed is … Biscuit?: A golden retriever")
        # and its turn share one place, the memory first
        hits = await mem.search("golden retriever", user_id="u1", k=5)
        assert breed.metadata["turn"] in hits[0].record.source_turn_ids
        # a turn is found by words only its neighbour says
        found = await mem.search("which breed", user_id="u1", k=5, filters={"kind": "turn"})
        assert breed.id in [h.record.id for h in found]


async def test_list_leaves_the_archive_out_unless_asked(
    store_url: str, settings: GieokSettings
) -> None:
    async with AsyncMemory(store_url, settings=settings) as mem:
        await mem.remember("User lives in Busan", user_id="u1")
        await mem.add(CHAT, user_id="u1", session_id="s1")
        page = await mem.list(user_id="u1")
        # the chat's facts are extracted as memories; its turns stay out of list()
        assert "User lives in Busan" in [r.content for r in page.items]
        assert {r.kind for r in page.items} == {"memory"} and page.total == len(page.items)
        assert not any(r.layer is Layer.ARCHIVE for r in page.items)
        assert (await mem.list(user_id="u1", filters={"kind": "turn"})).total == 3
        assert (await mem.list(user_id="u1", filters={"layer": "archive"})).total == 3
        memories_only = await mem.search("Busan puppy", user_id="u1",
                                         filters={"kind": "memory"})
        assert memories_only and {h.kind for h in memories_only} == {"memory"}
        turns_only = await mem.search("Busan puppy", user_id="u1", filters={"kind": "turn"})
        assert turns_only and {h.kind for h in turns_only} == {"turn"}


async def test_later_turns_become_context_of_earlier_ones(
    store_url: str, settings: GieokSettings
) -> None:
    async with AsyncMemory(store_url, settings=settings) as mem:
        first = await mem.add(CHAT[:1], user_id="u1", session_id="s1")
        await mem.add(CHAT[1:], user_id="u1", session_id="s1")
        archived = {r.metadata["turn"]: r for r in await _turns(mem, user_id="u1")}
        puppy = archived[first.turn_ids[0]]
        tail = puppy.index_text.split(INDEX_ONLY_MARK, 1)[1]
        assert "What breed is Biscuit?" in tail and "golden retriever" in tail
        # other sessions are not neighbours
        await mem.add("I moved to Busan.", user_id="u1", session_id="s2")
        again = {r.metadata["turn"]: r for r in await _turns(mem, user_id="u1")}
        assert "Busan" not in again[first.turn_ids[0]].index_text


@pytest.mark.parametrize("window", [2, 0])
async def test_each_turn_names_the_turn_it_follows(
    store_url: str, make_settings, window: int  # type: ignore[no-untyped-def]
) -> None:
    """Across add() calls of one session (and with no neighbour context at all): the
    first turn of a session follows nothing, every other one the turn said before it."""
    settings = make_settings(write={"archive_window": window})
    async with AsyncMemory(store_url, settings=settings) as mem:
        first = await mem.add(CHAT[:2], user_id="u1", session_id="s1")
        second = await mem.add(CHAT[2:], user_id="u1", session_id="s1")
        other = await mem.add("I moved to Busan.", user_id="u1", session_id="s2")
        archived = {r.metadata["turn"]: r for r in await _turns(mem, user_id="u1")}
        order = [*first.turn_ids, *second.turn_ids]
        assert "follows" not in archived[order[0]].metadata
        for before, turn in zip(order, order[1:], strict=False):
            assert archived[turn].metadata["follows"] == before
        assert "follows" not in archived[other.turn_ids[0]].metadata  # a new session


async def test_a_long_turn_is_kept_whole_as_overlapping_passages(
    store_url: str, make_settings  # type: ignore[no-untyped-def]
) -> None:
    settings = make_settings(write={"passage_tokens": 64, "passage_overlap": 16})
    sentences = [f"Note {i}: the shipment of crate {i} goes to dock {i % 9}." for i in range(400)]
    sentences[257] = "Note 257: the harbour master is called Yoon Seo-yeon."
    text = " ".join(sentences)
    assert len(text) > 20_000
    async with AsyncMemory(store_url, settings=settings) as mem:
        result = await mem.add(text, user_id="u1", session_id="s1")
        assert result.turns_added == 1 and not result.failures
        passages = await _turns(mem, user_id="u1")
        assert len(passages) > 10
        assert {p.metadata["turn"] for p in passages} == {result.turn_ids[0]}
        assert [p.metadata["passage"] for p in passages] == list(range(len(passages)))
        assert all(p.metadata["passages"] == len(passages) for p in passages)
        count = token_counter(None)
        assert all(count(p.content) <= 64 for p in passages)
        # nothing is lost: every sentence is inside some passage
        assert all(any(s in p.content for p in passages) for s in sentences)
        hits = await mem.search("who is the harbour master", user_id="u1", k=3)
        assert "Yoon Seo-yeon" in hits[0].record.content
        assert hits[0].record.source_turn_ids == result.turn_ids


def test_passages_overlap_and_split_text_without_spaces() -> None:
    count = token_counter(None)
    text = " ".join(f"Sentence {i} is about topic {i}." for i in range(100))
    passages = split_passages(text, max_tokens=40, overlap=10, count=count)
    assert len(passages) > 5
    for before, after in zip(passages, passages[1:], strict=False):
        assert before.split(". ")[-1].rstrip(".") in after  # the last sentence repeats
    run = "가" * 3000
    pieces = split_passages(run, max_tokens=50, overlap=0, count=count)
    assert "".join(pieces) == run and all(count(p) <= 50 for p in pieces)
    assert split_passages("short", max_tokens=5, overlap=2, count=count) == ["short"]
    assert split_passages("   ", max_tokens=5, overlap=2, count=count) == []


def test_turns_that_plainly_fit_are_not_counted_and_passages_are_unchanged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The tokenizer (1-2 ms a call) is skipped for a text of fewer bytes than tokens
    allowed; with the real model's tokenizer the passages are those of always counting."""
    from gieok.embedders.local import LocalEmbedder
    from gieok.write import passages as module

    asked: list[str] = []
    model = LocalEmbedder(threads=1)

    def count(text: str) -> int:
        asked.append(text)
        return model.count_tokens(text)

    assert split_passages("I adopted a dog named Bori.", max_tokens=30, overlap=5,
                          count=count) == ["I adopted a dog named Bori."] and not asked
    texts = ["a" * 27, "a" * 28, "가" * 9, "가" * 10, "x y " * 200, "🙂" * 7, " 🙂 " * 9,
             "사용자는 강남구에 산다. " * 40, "I " + "supercalifragilistic " * 30]
    cases = [(text, size) for text in texts for size in (16, 30, 31, 64)]
    fast = [split_passages(t, max_tokens=n, overlap=4, count=count) for t, n in cases]
    monkeypatch.setattr(module, "_MARGIN", 10**9)  # never skip the tokenizer
    assert [split_passages(t, max_tokens=n, overlap=4, count=count) for t, n in cases] == fast


async def test_archive_is_masked_and_can_be_switched_off(
    store_url: str, settings: GieokSettings
) -> None:
    async with AsyncMemory(store_url, settings=settings) as mem:
        await mem.add("My card is 4111 1111 1111 1111, call me at 010-1234-5678.",
                      user_id="u1", session_id="s1")
        stored = json.dumps([r.model_dump(mode="json") for r in await _turns(mem, user_id="u1")])
        # (digit runs with their separators: a random hex id may hold "4111" by chance)
        assert "4111 1111" not in stored and "1111 1111" not in stored and "1234-5678" not in stored
        await mem.update_settings(user_id="u2", archive_conversations=False)
        result = await mem.add(CHAT, user_id="u2", session_id="s1")
        assert result.turns_added == 3 and not await _turns(mem, user_id="u2")


async def test_forget_export_hard_delete_and_retention_cover_the_archive(
    store_url: str, settings: GieokSettings
) -> None:
    old = datetime.now(UTC) - timedelta(days=40)
    async with AsyncMemory(store_url, settings=settings) as mem:
        await mem.add(CHAT, user_id="u1", session_id="old", timestamp=old)
        await mem.add("I moved to Busan.", user_id="u1", session_id="new")
        exported = await mem.export(user_id="u1")
        assert sum(1 for r in exported if r["layer"] == "archive") == 4
        victim = next(r for r in await _turns(mem, user_id="u1") if r.source_session == "old")
        await mem.delete(victim.id, hard=True)
        assert victim.id not in {r.id for r in await _turns(mem, user_id="u1")}
        await mem.update_settings(user_id="u1", archive_retention_days=30)
        report = await mem.expire(user_id="u1")
        left = await _turns(mem, user_id="u1")
        assert [r.content for r in left] == ["I moved to Busan."]
        assert len(report.deleted) == 2
        await mem.forget(user_id="u1")
        assert not await _turns(mem, user_id="u1")


async def test_facts_link_to_the_turns_they_came_from(
    store_url: str, settings: GieokSettings
) -> None:
    async with AsyncMemory(store_url, settings=settings) as mem:
        result = await mem.add("I live in Gangnam-gu, Seoul.", user_id="u1", session_id="s1")
        facts = [d.memory for d in result.decisions]
        assert facts and facts[0].source_turn_ids == result.turn_ids
        # search() shows one hit per turn: the fact and the turn it came from share a place
        hits = await mem.search("where do I live", user_id="u1", k=5)
        assert len(hits) == 1 and hits[0].record.source_turn_ids == result.turn_ids
        # each kind on its own, or with folding off, both come back, linked by the turn id
        [fact] = await mem.search("where do I live", user_id="u1", filters={"kind": "memory"})
        [turn] = await mem.search("where do I live", user_id="u1", filters={"kind": "turn"})
        assert fact.record.source_turn_ids == turn.record.source_turn_ids == result.turn_ids
        mem.settings.scoring = mem.settings.scoring.model_copy(update={"fold_sources": False})
        hits = await mem.search("where do I live", user_id="u1", k=5)
        assert {h.kind for h in hits} == {"memory", "turn"}


async def test_turns_longer_than_a_memory_are_accepted(tmp_path: Path,
                                                       settings: GieokSettings) -> None:
    async with AsyncMemory(f"sqlite:///{tmp_path}/long.db", settings=settings) as mem:
        text = "I keep a diary. " * 5000  # 80,000 characters
        result = await mem.add(text, user_id="u1", session_id="s1")
        assert result.turns_added == 1 and not result.failures
        assert (await mem.recent_turns(user_id="u1", session_id="s1"))[0].content == text.strip()



ECHOED = [
    {"role": "user", "content": "My partner Sam and I adopted a cat named Pickles."},
    {"role": "assistant", "content": "Congrats! How old is Pickles?"},
    {"role": "user", "content": "I also work as a nurse in Leeds."},
    {"role": "assistant", "content": "Nursing in Leeds sounds busy!"},
]


@pytest.mark.parametrize("archive", [True, False])
async def test_a_hard_delete_takes_the_assistants_reply_to_the_deleted_turn_with_it(
    store_url: str, settings: GieokSettings, archive: bool
) -> None:
    """The reply repeats what it answers; keeping it would keep the deleted fact findable."""
    async with AsyncMemory(store_url, settings=settings) as mem:
        await mem.update_settings(user_id="u1", archive_conversations=archive)
        await mem.add(ECHOED, user_id="u1", session_id="s1")
        cat = [m for m in (await mem.list(user_id="u1")).items if "Pickles" in m.content]
        assert cat, "the cat was not extracted"
        for memory in cat:
            await mem.delete(memory.id, hard=True)
        said = [r["content"] for r in await mem.export(user_id="u1")]
        assert not any("Pickles" in text for text in said), said
        hits = await mem.search("Pickles the cat", user_id="u1", k=10)
        assert not any("Pickles" in h.record.content for h in hits)
        block = await mem.context("tell me about my cat Pickles", user_id="u1",
                                  session_id="s1", use_cache=False)
        assert "Pickles" not in block.text
        # nor in the session's recent turns, which context() hands back as messages
        assert not any("Pickles" in m["content"] for m in block.messages), block.messages
        assert any("Leeds" in m["content"] for m in block.messages)
        # the other exchange stays whole
        if archive:
            assert "Nursing in Leeds sounds busy!" in said
        assert any("Leeds" in m.content for m in (await mem.list(user_id="u1")).items)


async def test_deleting_one_archived_turn_removes_exactly_that_turn(
    store_url: str, settings: GieokSettings
) -> None:
    async with AsyncMemory(store_url, settings=settings) as mem:
        await mem.add(ECHOED, user_id="u1", session_id="s1")
        first = next(r for r in await _turns(mem, user_id="u1") if "adopted" in r.content)
        await mem.delete(first.id, hard=True)
        left = [r.content for r in await _turns(mem, user_id="u1")]
        assert "Congrats! How old is Pickles?" in left and len(left) == 3


@pytest.mark.parametrize("archive", [True, False])
async def test_a_hard_delete_removes_the_turns_of_every_session_the_fact_was_said_in(
    store_url: str, settings: GieokSettings, archive: bool
) -> None:
    """A fact repeated in a later session keeps both turns as its sources; a hard delete
    must remove both, not only the first session's (search, export and context read them)."""
    said = "I take sertraline for my depression."
    async with AsyncMemory(store_url, settings=settings) as mem:
        await mem.update_settings(user_id="u1", archive_conversations=archive)
        for session in ("s1", "s2"):
            await mem.add([{"role": "user", "content": said},
                           {"role": "assistant", "content": "Thanks, sertraline noted."}],
                          user_id="u1", session_id=session)
        await mem.add("I live in Leeds.", user_id="u1", session_id="s2")
        facts = [m for m in (await mem.list(user_id="u1")).items if "sertraline" in m.content]
        assert facts, "the medication was not extracted"
        assert any(len(f.source_turn_ids) > 1 for f in facts), "the repeat was not linked"
        for fact in facts:
            await mem.delete(fact.id, hard=True)
        exported = [r["content"] for r in await mem.export(user_id="u1")]
        assert not any("sertraline" in text for text in exported), exported
        hits = await mem.search("sertraline depression", user_id="u1", k=10)
        assert not any("sertraline" in h.record.content for h in hits)
        block = await mem.context("what medication do I take?", user_id="u1",
                                  session_id="s3", use_cache=False)
        assert "sertraline" not in block.text
        for session in ("s1", "s2"):
            block = await mem.context("what medication do I take?", user_id="u1",
                                      session_id=session, use_cache=False)
            assert not any("sertraline" in m["content"] for m in block.messages)
        assert any("Leeds" in m.content for m in (await mem.list(user_id="u1")).items)
