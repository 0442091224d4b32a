"""An ``add()`` builds its archive write (one embedding batch of the turns) while extraction
runs, then writes both in one transaction. Checked with a real SQLite file and a hash
embedder that can be slowed down or broken for the turns' batch only."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import anyio
import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.domain.scope import Scope
from gieok.embedders import HashEmbedder
from gieok.embedders.base import Matrix
from gieok.write.extract.heuristic import HeuristicExtractor

pytestmark = pytest.mark.anyio

CHAT = [
    {"role": "user", "name": "Mel", "content": "I adopted a dog named Bori last week."},
    {"role": "assistant", "content": "Congratulations! What breed is Bori?"},
    {"role": "user", "name": "Mel", "content": "I work as a nurse at Seoul Hospital."},
]
TURN_TEXT = "Mel: I adopted a dog named Bori last week."


class ScriptedEmbedder(HashEmbedder):
    """Records when the turns' batch starts and ends; may sleep in it or fail it."""

    def __init__(self, events: list[str], *, delay: float = 0.0, fail: bool = False) -> None:
        super().__init__(256)
        self.events, self.delay, self.fail = events, delay, fail

    async def embed_documents(self, texts: Sequence[str], /) -> Matrix:
        turns = TURN_TEXT in texts
        if turns:
            self.events.append("archive-embed-start")
            await anyio.sleep(self.delay)
            if self.fail:
                raise RuntimeError("embedding service down")
        try:
            return await super().embed_documents(texts)
        finally:
            if turns:
                self.events.append("archive-embed-end")


@pytest.fixture
def events(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    original = HeuristicExtractor.extract

    async def extract(self: HeuristicExtractor, *args: object, **kwargs: object) -> object:
        seen.append("extract-start")
        return await original(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(HeuristicExtractor, "extract", extract)
    return seen


async def test_extraction_runs_while_the_turns_are_embedded(
    tmp_path: Path, settings: GieokSettings, events: list[str]
) -> None:
    embedder = ScriptedEmbedder(events, delay=0.5)
    async with AsyncMemory(f"sqlite:///{tmp_path / 'a.db'}", settings=settings,
                           embedder=embedder) as mem:
        result = await mem.add(CHAT, user_id="u1", session_id="s1")
        assert not result.failures
        assert events.index("extract-start") < events.index("archive-embed-end")
        # both writes landed: the facts and the three turns
        facts = await mem.list(user_id="u1")
        turns = await mem.list(user_id="u1", session_id="s1", filters={"kind": "turn"})
        assert any("Bori" in r.content for r in facts.items)
        assert len(turns.items) == 3
        hits = await mem.search("what breed is the dog", user_id="u1", session_id="s1",
                                filters={"kind": "turn"})
        assert hits and hits[0].kind == "turn"


@pytest.mark.parametrize("infer", [True, False])
async def test_a_failed_archive_is_reported_and_the_rest_is_kept(
    tmp_path: Path, settings: GieokSettings, events: list[str], infer: bool
) -> None:
    embedder = ScriptedEmbedder(events, fail=True)
    async with AsyncMemory(f"sqlite:///{tmp_path / 'b.db'}", settings=settings,
                           embedder=embedder) as mem:
        result = await mem.add(CHAT, user_id="u1", session_id="s1", infer=infer)
        assert result.turns_added == 3
        assert any("embedding service down" in f for f in result.failures)
        turns = await mem.list(user_id="u1", session_id="s1", filters={"kind": "turn"})
        assert turns.items == []  # nothing half-written
        facts = await mem.list(user_id="u1")
        assert any("Bori" in r.content for r in facts.items) is infer
        # the turns themselves are stored: a later session-end still sees them
        scope = Scope.parse("user:u1/session:s1")
        assert len(await mem.store.working.recent(scope, limit=10)) == 3
