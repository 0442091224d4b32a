"""A pronoun belongs to the relative just mentioned, not to one named in an earlier session.

Found in a lead's trial: after "my son Daniel has a school concert" in one session, "my husband
says I work too much. he is a mechanic, has his own shop" in the next was stored as "User's son
Daniel is a mechanic" — a wrong fact about the child."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok import AsyncMemory


@pytest.mark.anyio
@pytest.mark.parametrize(("said", "who"), [
    ("my husband says I work too much. he is a mechanic, has his own shop", "husband"),
    ("my husband say i work too much haha. he is mechanic, has own shop", "husband"),
    ("my dad thinks I should move back home. he runs a bakery in Daegu", "dad"),
    ("My brother keeps asking about the trip. he works at a bank in Busan", "brother"),
])
async def test_he_is_the_relative_just_mentioned(said: str, who: str) -> None:
    at = datetime(2026, 9, 3, 4, tzinfo=UTC)
    async with AsyncMemory("memory://") as mem:
        await mem.add([{"role": "user", "content": "my son Daniel has a school concert"}],
                      user_id="u1", session_id="s1", timestamp=at)
        await mem.add([{"role": "user", "content": said}], user_id="u1", session_id="s2",
                      timestamp=at)
        texts = [r.content for r in await mem.list(user_id="u1")]
        assert not any("Daniel" in t and "concert" not in t for t in texts), texts
        assert any(who in t for t in texts), texts
