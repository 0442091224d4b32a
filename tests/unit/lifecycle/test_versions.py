"""L5 versions with rollback; L6 what was believed true at a date (search as_of)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from gieok import AsyncMemory, AuditAction, NotFoundError
from gieok.domain.records import utcnow

pytestmark = pytest.mark.anyio


async def test_rollback_writes_a_new_version_from_history(mem: AsyncMemory) -> None:
    first = await mem.remember("User lives in Gangnam-gu", user_id="u1", importance=0.6,
                               tags=["home"])
    await mem.update(first.id, content="User lives in Mapo-gu", importance=0.8)
    await mem.update(first.id, tags=["home", "moved"])
    versions = await mem.versions(first.id)
    assert [v.version for v in versions] == [1, 2, 3]
    assert [v.content for v in versions][:2] == ["User lives in Gangnam-gu",
                                                 "User lives in Mapo-gu"]
    back = await mem.rollback(first.id, 1)
    assert back.version == 4 and back.content == "User lives in Gangnam-gu"
    assert back.importance == 0.6 and back.tags == ["home"]
    event = (await mem.history(first.id))[-1]
    assert event.action is AuditAction.ROLLBACK and event.details["to_version"] == 1
    hits = await mem.search("Gangnam-gu", user_id="u1", k=1)
    assert hits[0].record.id == first.id and hits[0].record.version == 4
    again = await mem.rollback(first.id, 3)  # a rollback can itself be rolled back
    assert again.version == 5 and again.tags == ["home", "moved"]
    assert again.content == "User lives in Mapo-gu"
    assert (await mem.rollback(first.id, 5)).version == 5  # current: nothing to do
    with pytest.raises(NotFoundError) as err:
        await mem.rollback(first.id, 9)
    assert err.value.code == "VERSION_NOT_FOUND"
    with pytest.raises(NotFoundError):
        await mem.rollback(first.id, 1, scope="user:u2")


async def test_as_of_answers_what_was_true_then(mem: AsyncMemory) -> None:
    t2019 = datetime(2019, 3, 1, tzinfo=UTC)
    t2022 = datetime(2022, 6, 1, tzinfo=UTC)
    old = await mem.remember("User lives in Gangnam-gu", user_id="u1", timestamp=t2019)
    await mem.update(old.id, valid_to=t2022)
    new = await mem.remember("User lives in Mapo-gu", user_id="u1", timestamp=t2022)
    in_2020 = await mem.search("where does the user live", user_id="u1", as_of="2020")
    assert [h.record.id for h in in_2020] == [old.id]
    in_2023 = await mem.search("where does the user live", user_id="u1", as_of="2023-01-01")
    assert [h.record.id for h in in_2023] == [new.id]
    before = await mem.search("where does the user live", user_id="u1", as_of="2018")
    assert before == []
    now_hits = {h.record.id for h in await mem.search("where", user_id="u1")}
    assert new.id in now_hits
    assert utcnow() - timedelta(days=1) < (await mem.get(new.id)).created_at
