"""Chat is typed without capitals: a pet or relative named earlier ("my other dog Luna is a
border collie") is still meant when a later sentence opens with the name in lower case ("luna
tore her ACL, surgery on the 20th") or owns something with it ("pip's dose lowered to 10mg") —
in the same session or a later one. A lower-case word elsewhere stays a word. Found in the
lead's trial, session 21 (both later sentences stored nothing)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from gieok import AsyncMemory
from gieok.write.extract.coref import Entities
from gieok.write.extract.coref_intro import introduced

AT = datetime(2026, 3, 2, 10, tzinfo=UTC)


async def _contents(*sessions: list[str]) -> list[str]:
    async with AsyncMemory("memory://") as mem:
        for n, said in enumerate(sessions):
            for i, text in enumerate(said):
                await mem.add([{"role": "user", "content": text}], user_id="u1",
                              session_id=f"s{n}",
                              timestamp=AT + timedelta(days=60 * n, minutes=i))
        return [r.content for r in await mem.list(user_id="u1")]


@pytest.mark.anyio
@pytest.mark.parametrize("split", [False, True])
async def test_a_known_pet_named_in_lower_case_is_still_the_pet(split: bool) -> None:
    first = ["my other dog Luna is a border collie, she's 3"]
    later = ["luna tore her ACL, surgery on the 20th"]
    texts = await (_contents(first, later) if split else _contents(first + later))
    assert any("Luna" in t and "ACL" in t for t in texts), texts


@pytest.mark.anyio
async def test_a_known_pets_dose_typed_in_lower_case() -> None:
    texts = await _contents(["we adopted a greyhound, his name is Pip. the vet put him on "
                             "fluoxetine"], ["pip's vet visit went well, dose lowered to 10mg"])
    assert any("Pip" in t and "10mg" in t for t in texts), texts


def test_only_where_the_word_can_only_be_the_name() -> None:
    entities = Entities()
    entities.observe("my cat Cookie is 4")
    assert entities.recased("cookie threw up again") == "Cookie threw up again"
    assert entities.recased("so cookie's vet is on monday") == "so Cookie's vet is on monday"
    # a word in the middle of a sentence stays a word
    assert entities.recased("i baked a cookie for the kids") == "i baked a cookie for the kids"


@pytest.mark.parametrize(("said", "name", "noun"), [
    ("my other dog Luna is a border collie", "Luna", "dog"),
    ("my second cat Tofu is 2", "Tofu", "cat"),
    ("our eldest son Theo starts school", "Theo", "son"),
])
def test_an_ordinal_or_other_before_the_noun_still_introduces(said: str, name: str,
                                                             noun: str) -> None:
    assert [(e.name, e.noun) for e in introduced(said)] == [(name, noun)]
