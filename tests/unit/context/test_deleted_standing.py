"""A pinned fact forgotten or hard-deleted leaves context() at once (a new user's trial,
session 22): the per-scope memo of standing records was checked for changed rows only, and a
hard delete or a forget leaves none, so "User takes warfarin daily" stayed in the block for
the memo's life (an hour) after the user asked gieok to forget it."""

from __future__ import annotations

from gieok import Memory, GieokSettings


def test_a_forgotten_pinned_fact_leaves_the_block(store_url: str,
                                                  settings: GieokSettings) -> None:
    with Memory(store_url, settings=settings) as mem:
        mem.remember("User takes warfarin daily", user_id="u", pinned=True)
        mem.remember("User is allergic to penicillin", user_id="u", pinned=True)
        assert "warfarin" in mem.context("hi", user_id="u").text
        mem.forget(user_id="u")
        assert "warfarin" not in mem.context("hi", user_id="u").text


def test_a_hard_deleted_pinned_fact_leaves_the_block(store_url: str,
                                                     settings: GieokSettings) -> None:
    with Memory(store_url, settings=settings) as mem:
        gone = mem.remember("User takes warfarin daily", user_id="u", pinned=True)
        assert "warfarin" in mem.context("hi", user_id="u").text
        mem.delete(gone.id, hard=True)
        assert "warfarin" not in mem.context("hi", user_id="u").text
        mem.remember("User is allergic to penicillin", user_id="u", pinned=True)
        mem.context("hi", user_id="u")
        mem.delete(mem.remember("User takes aspirin", user_id="u", pinned=True).id, hard=True)
        block = mem.context("hi", user_id="u").text
        assert "aspirin" not in block
        assert "penicillin" in block  # the memo is rebuilt, not emptied
