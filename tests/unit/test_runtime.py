"""``Runtime``: every port built once and closed once, a failed start closes what it opened,
and the engine shares ONE chat model between extraction, episodes and rolling summaries."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.embedders.hashing import HashEmbedder
from gieok.errors import ConfigurationError
from gieok.runtime import open_runtime
from gieok.stores.memory import InMemoryStore
from gieok.stores.memory.working import InMemoryWorkingLog

pytestmark = pytest.mark.anyio


class CountingStore(InMemoryStore):
    closed = 0

    async def aclose(self) -> None:
        self.closed += 1


class CountingLog(InMemoryWorkingLog):
    opened = closed = 0

    async def setup(self) -> None:
        self.opened += 1

    async def aclose(self) -> None:
        self.closed += 1


class CountingEmbedder(HashEmbedder):
    closed = 0

    async def aclose(self) -> None:
        self.closed += 1


async def test_every_port_is_closed_once(make_settings: Callable[..., GieokSettings]) -> None:
    store, log, emb = CountingStore(), CountingLog(), CountingEmbedder(32)
    rt = await open_runtime(make_settings(), store=store, working=log, embedder=emb)
    assert rt.working is log and rt.store is store and rt.embedder is emb
    assert rt.queue is store.queue and rt.tokens is store.tokens
    assert log.opened == 1
    await rt.aclose()
    await rt.aclose()  # idempotent
    assert (store.closed, log.closed, emb.closed) == (1, 1, 1)


async def test_the_store_working_log_is_the_default(make_settings: Callable[..., GieokSettings]
                                                    ) -> None:
    rt = await open_runtime(make_settings(), store="memory://")
    assert rt.working is rt.store.working
    await rt.aclose()


async def test_a_failed_start_closes_what_it_opened(make_settings: Callable[..., GieokSettings]
                                                    ) -> None:
    store, log = CountingStore(), CountingLog()
    settings = make_settings(write={"extractor": "llm"})  # no LLM configured: refused
    with pytest.raises(ConfigurationError):
        await open_runtime(settings, store=store, working=log)
    assert (store.closed, log.closed) == (1, 1)


async def test_a_swapped_embedder_is_the_one_closed(make_settings: Callable[..., GieokSettings]
                                                    ) -> None:
    first, second = CountingEmbedder(32), CountingEmbedder(32)
    rt = await open_runtime(make_settings(), store="memory://", embedder=first)
    await rt.swap_embedder(second)
    assert first.closed == 1 and rt.embedder is second
    await rt.aclose()
    assert (first.closed, second.closed) == (1, 1)


async def test_one_chat_model_serves_extraction_and_summaries(
        make_settings: Callable[..., GieokSettings], openai_fake: Any) -> None:
    settings = make_settings(llm_base_url=openai_fake.base_url, llm_models=["m"],
                             context={"llm_summary": True})
    mem = AsyncMemory("memory://", settings=settings, working=CountingLog())
    chat = await mem.chat_model()
    assert chat is not None and mem.runtime.extractor.name.startswith("llm")
    openai_fake.reply_text("- summary")
    await mem.add([{"role": "user", "content": f"turn {i}"} for i in range(14)],
                  user_id="u1", session_id="s1", infer=False)
    await mem.context("hi", user_id="u1", session_id="s1")
    assert mem._assembler()._rolling is not None
    assert mem._assembler()._rolling._summarizer.__closure__ is not None
    cells = [c.cell_contents for c in mem._assembler()._rolling._summarizer.__closure__]
    assert chat in cells  # the summaries use the runtime's chain, not a second one
    await mem.aclose()
