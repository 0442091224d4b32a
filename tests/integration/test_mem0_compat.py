"""``gieok.compat.mem0``: mem0's own documentation examples, unchanged but for the import
line (and real ids where the docs show placeholder ids), then mem0's return shapes."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from gieok import ConfigurationError, InvalidInputError
from gieok.compat.mem0 import AsyncMemory, Memory

pytestmark = pytest.mark.integration


@pytest.fixture(autouse=True)
def _fast_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIEOK_EMBEDDER", "hash:256")


def test_the_current_python_quickstart() -> None:
    # docs.mem0.ai/open-source/python-quickstart, steps 2-4, import line changed.
    from gieok.compat.mem0 import Memory

    m = Memory()
    messages = [
        {"role": "user", "content": "Hi, I'm Alex. I love basketball and gaming."},
        {"role": "assistant", "content": "Hey Alex! I'll remember your interests."}
    ]
    m.add(messages, user_id="alex")
    results = m.search("What do you know about me?", filters={"user_id": "alex"})
    print(results)

    assert set(results) == {"results"}
    found = results["results"]
    assert found and all({"id", "memory", "score", "user_id", "created_at"} <= set(r)
                          for r in found)
    assert all(r["user_id"] == "alex" for r in found)
    assert any("basketball" in r["memory"].lower() or "gaming" in r["memory"].lower()
               for r in found)
    m.close()


def test_the_v0_quickstart_walkthrough() -> None:
    # docs.mem0.ai/v0x/open-source/python-quickstart, in order; import line changed and the
    # docs' placeholder ids replaced by ids the calls returned.
    import os
    from gieok.compat.mem0 import Memory

    os.environ["OPENAI_API_KEY"] = "your-api-key"

    m = Memory()

    messages = [
        {"role": "user", "content": "I'm planning to watch a movie tonight. Any recommendations?"},
        {"role": "assistant", "content": "How about a thriller movies? They can be quite engaging."},
        {"role": "user", "content": "I'm not a big fan of thriller movies but I love sci-fi movies."},
        {"role": "assistant", "content": "Got it! I'll avoid thriller recommendations and suggest sci-fi movies in the future."}
    ]

    # Store inferred memories (default behavior)
    result = m.add(messages, user_id="alice", metadata={"category": "movie_recommendations"})
    first = result
    # Store memories with agent and run context
    result = m.add(messages, user_id="alice", agent_id="movie-assistant", run_id="session-001", metadata={"category": "movie_recommendations"})
    # Store raw messages without inference
    raw = m.add(messages, user_id="alice", metadata={"category": "movie_recommendations"}, infer=False)

    # Get all memories
    all_memories = m.get_all(user_id="alice")
    memory_id = first["results"][0]["id"]
    # Get a single memory by ID
    specific_memory = m.get(memory_id)

    related_memories = m.search(query="What are Alice's hobbies?", user_id="alice")

    result = m.update(memory_id=memory_id, data="I love India, it is my favorite country.")
    history = m.history(memory_id=memory_id)

    m.delete(memory_id=memory_id)
    gone = m.get(memory_id)
    m.delete_all(user_id="alice")
    after_delete_all = m.get_all(user_id="alice")
    m.reset()

    assert first["results"] and {e["event"] for e in first["results"]} == {"ADD"}
    assert any("sci-fi" in e["memory"].lower() for e in first["results"])
    assert [e["event"] for e in raw["results"]] == ["ADD"] * 4
    assert len(all_memories["results"]) >= 5
    assert specific_memory["id"] == memory_id and specific_memory["user_id"] == "alice"
    assert specific_memory["metadata"]["category"] == "movie_recommendations"
    assert related_memories["results"] and "score" in related_memories["results"][0]
    assert result == {"message": "Memory updated successfully!"}
    assert [h["event"] for h in history][-1] == "UPDATE"
    assert history[-1]["new_memory"] == "I love India, it is my favorite country."
    assert gone is None
    assert after_delete_all == {"results": []}
    m.close()


def test_agent_and_run_ids_map_to_persona_and_session(tmp_path: Any) -> None:
    with Memory(f"sqlite:///{tmp_path / 'm.db'}") as m:
        raw = m.add("Remember my booking code is K7", user_id="bob", agent_id="travel",
                    run_id="trip-1", infer=False)
        item = m.get(raw["results"][0]["id"])
        assert (item["user_id"], item["agent_id"], item["run_id"]) == ("bob", "travel", "trip-1")
        assert m.get_all(agent_id="travel")["results"][0]["id"] == item["id"]
        assert m.get_all(user_id="bob", run_id="other")["results"] == []
        assert m.search("booking", filters={"user_id": "bob", "agent_id": "travel"},
                        top_k=1)["results"][0]["id"] == item["id"]
        assert m.search("booking", user_id="bob", threshold=0.99999)["results"] == []
        kept = m.get_all(user_id="bob", filters={"role": "user"})["results"]
        assert [r["id"] for r in kept] == [item["id"]]
        with pytest.raises(InvalidInputError, match="user_id, agent_id, run_id"):
            m.search("booking")
        with pytest.raises(InvalidInputError):
            m.add("x", user_id="bob", memory_type="procedural_memory")
        assert m.get("no-such-id") is None


def test_async_memory(tmp_path: Any) -> None:
    import asyncio

    async def run() -> dict[str, Any]:
        m = AsyncMemory(f"sqlite:///{tmp_path / 'a.db'}")
        await m.add("I live in Gangnam-gu, Seoul.", user_id="u1")
        found = await m.search("where do I live", user_id="u1", limit=5)
        await m.aclose()
        return found

    found = asyncio.run(run())
    assert found["results"][0]["memory"] == "User lives in Gangnam-gu, Seoul"


def test_from_config_speaks_gieok_settings(tmp_path: Any) -> None:
    m = Memory.from_config({"store_url": f"sqlite:///{tmp_path / 'c.db'}",
                            "embedder": "hash:128"})
    assert m.add("I love jazz", user_id="u1")["results"]
    m.close()
    with pytest.raises(ConfigurationError, match="store_url"):
        Memory.from_config({"vector_store": {"provider": "qdrant", "config": {}}})
    assert os.environ.get("GIEOK_EMBEDDER") == "hash:256"
