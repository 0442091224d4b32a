"""A forget wins over extraction that is still running (issue 15, item 4).

Reproduced on the old code: an extraction that read a session's turns before ``forget`` and
wrote after it (a slow model: seconds) left a memory in the scope the user had just emptied
— "delete all" that does not delete all. Here the model is the fake OpenAI-compatible server
answering after a delay; the forget lands while the request is in flight, on every store
backend and on each path that extracts: ``add()`` in line, the service's queued
``extract_pending``, and ``end_session``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
import pytest

from gieok import AsyncMemory, GieokSettings
from gieok.domain.results import AddResult

pytestmark = [pytest.mark.integration, pytest.mark.anyio]

TURN = [{"role": "user", "content": "I moved to Busan last month."}]
ANSWER = json.dumps({"memories": [{"content": "User lives in Busan", "category": "location",
                                   "confidence": 0.95, "slot": "residence", "value": "Busan"}]})
SESSION = {"org_id": "acme", "user_id": "u1", "session_id": "s1"}
DELAY_S = 2.0

Run = Callable[[AsyncMemory], Awaitable[AddResult]]


async def _inline(mem: AsyncMemory) -> AddResult:
    return await mem.add(TURN, **SESSION)


async def _queued(mem: AsyncMemory) -> AddResult:
    await mem.add(TURN, infer=False, **SESSION)  # the service stores, then queues extraction
    return await mem.extract_pending(**SESSION)


async def _session_end(mem: AsyncMemory) -> AddResult:
    await mem.add(TURN, infer=False, **SESSION)
    return await mem.end_session(**SESSION)


PATHS = {"add": _inline, "queued": _queued, "session_end": _session_end}


def _settings(make_settings: Callable[..., GieokSettings], base_url: str) -> GieokSettings:
    return make_settings(llm_base_url=base_url, llm_models=["small-model"],
                         llm={"timeout_s": 4 * DELAY_S, "attempts": 1, "backoff_base_s": 0.0})


async def _while_extracting(mem: AsyncMemory, fake: Any, run: Run,
                            during: Callable[[], Awaitable[Any]]) -> AddResult:
    """Start ``run``; once the model has the extraction request, call ``during``."""
    results: list[AddResult] = []

    async def go() -> None:
        results.append(await run(mem))

    async with anyio.create_task_group() as tg:
        tg.start_soon(go)
        deadline = time.monotonic() + 30
        while not fake.chat_requests():
            assert time.monotonic() < deadline, "the extraction never reached the model"
            await anyio.sleep(0.02)
        await during()
    return results[0]


@pytest.mark.parametrize("path", list(PATHS))
async def test_forget_during_extraction_leaves_nothing_behind(
    store_url: str, make_settings: Callable[..., GieokSettings], openai_fake: Any, path: str,
) -> None:
    openai_fake.delay(DELAY_S, content=ANSWER)
    async with AsyncMemory(store_url, settings=_settings(make_settings,
                                                         openai_fake.base_url)) as mem:
        result = await _while_extracting(
            mem, openai_fake, PATHS[path], lambda: mem.forget(org_id="acme", user_id="u1"))
        assert (await mem.list(org_id="acme", user_id="u1")).items == []
        assert any("SCOPE_FORGOTTEN" in f for f in result.failures), result.failures
        assert result.extraction != "failed"  # nothing to retry: the queue drops the job
        assert mem.write_failures == 0
        again = await mem.extract_pending(**SESSION)  # a retried job finds nothing to do
        assert again.decisions == [] and (await mem.list(org_id="acme")).items == []


async def test_forget_of_someone_else_during_extraction_changes_nothing(
    store_url: str, make_settings: Callable[..., GieokSettings], openai_fake: Any,
) -> None:
    openai_fake.delay(DELAY_S, content=ANSWER)
    async with AsyncMemory(store_url, settings=_settings(make_settings,
                                                         openai_fake.base_url)) as mem:
        await mem.remember("User likes tea", org_id="acme", user_id="u2")
        result = await _while_extracting(
            mem, openai_fake, _inline, lambda: mem.forget(org_id="acme", user_id="u2"))
        assert result.failures == []
        kept = [r.content for r in (await mem.list(org_id="acme", user_id="u1")).items]
        assert kept == ["User lives in Busan"]
