"""Seed 000's recycling assistant on LangGraph: it remembers where the user lives across
sessions (threads).

Session A: "나 강남구 살아" — the extraction node stores "사용자는 강남구에 거주".
Session B (a new thread, nothing in its checkpoint): "페트병 어디 버려?" — the retrieval node
finds the residence and the answer node's system prompt carries it.

Run it offline (a scripted chat model stands in for the LLM; pass any LangChain chat model
to ``build_graph`` for a real one)::

    pip install 'gieok[langgraph]'
    python examples/recycling_assistant.py
"""

from __future__ import annotations

import itertools
import sys
import tempfile
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.config import get_store
from langgraph.graph import END, START, StateGraph

from gieok import Memory
from gieok.integrations.langgraph import GieokStore, MemoryNodes, MemoryState, with_memory_context

SYSTEM_PROMPT = "당신은 분리배출 도우미 AI입니다. 지역 규정에 맞게 안내하세요."


class ChatState(MemoryState, total=False):
    """The app's own state: seed 000's ``ChatState`` with the memory fields mixed in."""

    intent: str


def build_graph(memory: Memory, model: BaseChatModel) -> Any:
    """memory_retrieval → answer → memory_extraction, with a checkpointer per thread and the
    gieok store for the app's own per-user data (how often each user asks about bottles)."""
    nodes = MemoryNodes(memory)

    def answer(state: ChatState) -> dict[str, Any]:
        system = with_memory_context(SYSTEM_PROMPT, state)
        reply = model.invoke([SystemMessage(system), *state["messages"]])
        question = str(state["messages"][-1].content)
        if "페트병" in question:  # seed 000: "투명 페트병 자주 질문" — counted in the store
            store, ns = get_store(), (state["user_id"], "topics")
            seen = store.get(ns, "pet_bottle")
            store.put(ns, "pet_bottle", {"count": (seen.value["count"] if seen else 0) + 1})
        return {"messages": [reply]}

    graph = StateGraph(ChatState)
    graph.add_node("memory_retrieval", nodes.retrieve)
    graph.add_node("answer", answer)
    graph.add_node("memory_extraction", nodes.extract)
    graph.add_edge(START, "memory_retrieval")
    graph.add_edge("memory_retrieval", "answer")
    graph.add_edge("answer", "memory_extraction")
    graph.add_edge("memory_extraction", END)
    return graph.compile(checkpointer=InMemorySaver(), store=GieokStore(memory))


def ask(app: Any, user_id: str, thread_id: str, text: str, **config: Any) -> dict[str, Any]:
    state = {"user_id": user_id, "thread_id": thread_id, "messages": [HumanMessage(text)]}
    return app.invoke(state, {"configurable": {"thread_id": thread_id}, **config})  # type: ignore[no-any-return]


def scripted_model() -> BaseChatModel:
    return GenericFakeChatModel(messages=itertools.cycle([
        AIMessage("강남구 분리배출 규정 안내해드릴게요."),
        AIMessage("강남구에서는 투명 페트병을 라벨을 떼고 따로 분리배출해요."),
    ]))


def main(db_path: Path) -> None:
    # the recycling assistant's profile (seed 003's eco2): it keeps where the user lives and
    # what they like, and injects what it keeps — "페트병 어디 버려?" shares no words or meaning
    # with "사용자는 강남구에 거주", yet the answer depends on the district
    with Memory(f"sqlite:///{db_path}", profile="eco2") as memory:
        app = build_graph(memory, scripted_model())
        first = ask(app, "abc-123", "session-a", "나 강남구 살아")
        print("session A stored:", [m["content"] for m in first["extracted_memories"]])
        second = ask(app, "abc-123", "session-b", "페트병 어디 버려?")
        print("session B memory context:\n" + (second["memory_context"] or "(none)"))
        print("session B answer:", second["messages"][-1].content)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp()) / "eco2.db")
