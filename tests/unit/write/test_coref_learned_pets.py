"""A pet known only by its care ("the vet put Biscuit on …") is still the user's pet in a later
session, so "vet switched her to …" a month on is about that pet; a person named after a role
noun ("my boss Linda … the vet clinic") is never taken for one (found in a lead's trial)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from gieok import AsyncMemory

AT = datetime(2026, 5, 4, 19, tzinfo=UTC)


async def _two_sessions(first: str, later: str) -> list[str]:
    async with AsyncMemory("memory://") as mem:
        await mem.add([{"role": "user", "content": first}], user_id="u1", session_id="s1",
                      timestamp=AT)
        await mem.add([{"role": "user", "content": later}], user_id="u1", session_id="s2",
                      timestamp=AT + timedelta(days=30))
        return [r.content for r in await mem.list(user_id="u1")]


@pytest.mark.anyio
@pytest.mark.parametrize(("first", "later", "name"), [
    ("the vet put Pickles on prednisolone for his itchy paws", "vet switched him to apoquel",
     "Pickles"),
    ("took Juniper to the vet for her booster today", "the vet moved her to a senior diet",
     "Juniper"),
])
async def test_a_pet_known_by_its_care_is_the_pet_a_session_later(
        first: str, later: str, name: str) -> None:
    texts = await _two_sessions(first, later)
    assert any(name in t and ("apoquel" in t or "senior diet" in t) for t in texts), texts


@pytest.mark.anyio
async def test_a_person_named_after_a_role_noun_is_no_pet() -> None:
    texts = await _two_sessions("my manager Priya took us all to the vet clinic's open day",
                                "the vet switched her to a raw diet")
    assert not any("Priya" in t and "raw diet" in t for t in texts), texts


def test_the_sentences_own_subject_is_the_known_pet_even_after_a_child_was_named() -> None:
    """'pickles is off the steroids, vet switched him to …' right after the son was talked
    about: him is Pickles (known from an earlier session), never the son."""
    from gieok.domain.turns import Turn
    from gieok.write.extract.heuristic import HeuristicExtractor

    known = ["The vet put User's pet Pickles on prednisolone for his itchy paws"]
    context = [Turn(role="user", content="my son Theo has a dentist visit on Monday", at=AT)]
    said = Turn(role="user", content="pickles is off the steroids, vet switched him to apoquel",
                at=AT)
    texts = [c.content for c in HeuristicExtractor().extract_sync([said], context=context,
                                                                  known=known)]
    assert any("Pickles" in t and "apoquel" in t for t in texts), texts
    assert not any("Theo" in t and "apoquel" in t for t in texts), texts
