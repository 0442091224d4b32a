"""State fields for a memory-aware graph (seed 000's ``ChatState`` extension).

Subclass ``MemoryState`` in your own state (TypedDict inheritance) or copy its three fields:

- ``user_memories``: the memories retrieved for this turn (dicts: id, content, category,
  confidence, score), merged by id so a thread's checkpoint never holds a memory twice;
- ``memory_context``: the ``[MEMORY CONTEXT]`` block to put in the system prompt, or None;
- ``extracted_memories``: what extraction stored after the answer (dicts with ``event``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, TypedDict

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages


def merge_memories(left: Sequence[Mapping[str, Any]] | None,
                   right: Sequence[Mapping[str, Any]] | None) -> list[dict[str, Any]]:
    """Reducer for ``user_memories``: union by ``id``, the newer copy wins, order kept."""
    merged: dict[str, dict[str, Any]] = {}
    for item in [*(left or []), *(right or [])]:
        merged[str(item.get("id", len(merged)))] = dict(item)
    return list(merged.values())


class MemoryState(TypedDict, total=False):
    user_id: str
    thread_id: str
    messages: Annotated[list[AnyMessage], add_messages]
    user_memories: Annotated[list[dict[str, Any]], merge_memories]
    memory_context: str | None
    extracted_memories: list[dict[str, Any]]


def with_memory_context(system_prompt: str, state: Mapping[str, Any]) -> str:
    """The answer node's system prompt with the memory block appended (seed 000 §5.4)."""
    block = state.get("memory_context")
    return f"{system_prompt}\n\n{block}" if block else system_prompt
