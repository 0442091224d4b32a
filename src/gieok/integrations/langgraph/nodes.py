"""Seed 000's memory nodes: retrieval at graph entry, extraction after the answer.

``MemoryNodes(mem).retrieve`` fills ``user_memories`` and ``memory_context`` from the user's
long-term memory (a token-budgeted ``[MEMORY CONTEXT]`` block about the latest user message);
``MemoryNodes(mem).extract`` hands the turn's user and assistant messages to ``Memory.add``,
which stores them in the thread's session and extracts the user's facts into their memory,
and fills ``extracted_memories``. Extraction never fails or holds up the reply: an error or
a run past ``extract_timeout_s`` is logged and the node answers ``extracted_memories: []``.

Both nodes work in sync graphs (``invoke``) and async ones (``ainvoke``).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

import anyio
from langchain_core.messages import BaseMessage
from langchain_core.runnables import RunnableLambda

from gieok.domain.results import AddResult, DecisionKind
from gieok.integrations._bridge import EngineBridge
from gieok.memory import AsyncMemory, Memory

log = logging.getLogger("gieok.integrations.langgraph")
ROLES = {"human": "user", "user": "user", "ai": "assistant", "assistant": "assistant"}
EMPTY_RETRIEVAL: dict[str, Any] = {"user_memories": [], "memory_context": None}


def _role_and_text(message: Any) -> tuple[str | None, str]:
    if isinstance(message, BaseMessage):
        role, content = ROLES.get(message.type), message.content
    elif isinstance(message, Mapping):
        role, content = ROLES.get(str(message.get("role", ""))), message.get("content", "")
    else:
        return None, ""
    if isinstance(content, list):  # multimodal content blocks: keep the text parts
        content = " ".join(str(b.get("text", "")) if isinstance(b, Mapping) else str(b)
                           for b in content)
    return role, str(content or "").strip()


def conversation(messages: Sequence[Any]) -> list[dict[str, str]]:
    """LangChain messages (or role/content dicts) as gieok turns; system and tool messages
    are left out."""
    turns = []
    for message in messages:
        role, text = _role_and_text(message)
        if role and text:
            turns.append({"role": role, "content": text})
    return turns


def last_exchange(messages: Sequence[Any]) -> list[dict[str, str]]:
    """The latest user message and everything the assistant said after it."""
    turns = conversation(messages)
    starts = [i for i, t in enumerate(turns) if t["role"] == "user"]
    return turns[starts[-1]:] if starts else []


class MemoryNodes:
    """The two nodes, bound to an engine. ``user_key``/``session_key``/``messages_key`` name
    the state fields that hold the user id, the thread (session) id and the messages."""

    def __init__(
        self,
        memory: Memory | AsyncMemory,
        *,
        user_key: str = "user_id",
        session_key: str = "thread_id",
        messages_key: str = "messages",
        k: int = 10,
        extract_timeout_s: float = 30.0,
    ) -> None:
        self._bridge = EngineBridge(memory, owner="MemoryNodes")
        self.user_key, self.session_key, self.messages_key = user_key, session_key, messages_key
        self.k = k
        self.extract_timeout_s = extract_timeout_s
        self.retrieve = RunnableLambda(self._retrieve_sync, afunc=self._retrieve,
                                       name="memory_retrieval")
        self.extract = RunnableLambda(self._extract_sync, afunc=self._extract,
                                      name="memory_extraction")

    # -- retrieval ---------------------------------------------------------------------------
    def _retrieve_sync(self, state: Mapping[str, Any]) -> dict[str, Any]:
        return self._bridge.run(lambda: self._retrieve(state, bridged=True))

    async def _retrieve(self, state: Mapping[str, Any], *, bridged: bool = False
                        ) -> dict[str, Any]:
        if not bridged:
            return await self._bridge.arun(lambda: self._retrieve(state, bridged=True))
        user_id = state.get(self.user_key)
        if not user_id:
            return dict(EMPTY_RETRIEVAL)
        engine = self._bridge.engine
        if not (await engine.get_settings(user_id=user_id)).enabled:
            return dict(EMPTY_RETRIEVAL)
        turns = conversation(state.get(self.messages_key) or [])
        query = next((t["content"] for t in reversed(turns) if t["role"] == "user"), "")
        block = await engine.context(query, user_id=user_id, history=turns)
        if query:
            hits = await engine.search(query, user_id=user_id, k=self.k)
            memories = [_memory_dict(h.record, h.score) for h in hits]
        else:
            page = await engine.list(user_id=user_id, limit=self.k)
            memories = [_memory_dict(r, None) for r in page.items]
        return {"user_memories": memories, "memory_context": block.text or None}

    # -- extraction --------------------------------------------------------------------------
    def _extract_sync(self, state: Mapping[str, Any]) -> dict[str, Any]:
        try:
            return self._bridge.run(lambda: self._extract(state, bridged=True))
        except Exception:  # noqa: BLE001 - extraction must never fail the reply
            log.exception("memory extraction failed; the reply goes on without it")
            return {"extracted_memories": []}

    async def _extract(self, state: Mapping[str, Any], *, bridged: bool = False
                       ) -> dict[str, Any]:
        if not bridged:
            try:
                return await self._bridge.arun(lambda: self._extract(state, bridged=True))
            except Exception:  # noqa: BLE001 - extraction must never fail the reply
                log.exception("memory extraction failed; the reply goes on without it")
                return {"extracted_memories": []}
        user_id = state.get(self.user_key)
        turns = last_exchange(state.get(self.messages_key) or [])
        if not user_id or not turns:
            return {"extracted_memories": []}
        session = state.get(self.session_key) or None
        try:
            with anyio.fail_after(self.extract_timeout_s):
                result = await self._bridge.engine.add(turns, user_id=user_id,
                                                       session_id=session)
        except TimeoutError:
            log.warning("memory extraction took over %ss; skipped for this turn",
                        self.extract_timeout_s)
            return {"extracted_memories": []}
        if result.failures:
            log.warning("memory extraction reported failures: %s", result.failures)
        return {"extracted_memories": _extracted(result)}


def _memory_dict(record: Any, score: float | None) -> dict[str, Any]:
    return {"id": record.id, "content": record.content, "category": record.category,
            "type": record.type.value, "confidence": record.confidence, "score": score}


def _extracted(result: AddResult) -> list[dict[str, Any]]:
    return [{**_memory_dict(d.memory, None), "event": d.kind.value}
            for d in result.decisions if d.kind is not DecisionKind.NOOP]
