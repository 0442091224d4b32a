"""Seed 000's recycling assistant (``examples/``) and seed 002's clean-context fan-out, run as
real LangGraph graphs: real checkpointer, real ``Send``, gieok's SQLite store underneath, and
LangChain's fake chat model in place of the LLM (the prompts it receives are captured)."""

from __future__ import annotations

import asyncio
import importlib.util
import operator
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any, TypedDict

import pytest
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langgraph.graph import END, START, StateGraph

from gieok import GieokSettings, Memory
from gieok.integrations.langgraph import (
    GieokStore,
    MemoryNodes,
    MemoryState,
    clean_context_sends,
    merge_memories,
)

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "gieok_example_recycling", ROOT / "examples" / "recycling_assistant.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class PromptRecorder(BaseCallbackHandler):
    """What the chat model was actually sent, through LangChain's own callback machinery."""

    def __init__(self) -> None:
        self.prompts: list[list[BaseMessage]] = []

    def on_chat_model_start(self, serialized: Any, messages: list[list[BaseMessage]],
                            **kwargs: Any) -> None:
        self.prompts.extend(messages)


@pytest.fixture
def mem(db_url: str, settings: GieokSettings) -> Iterator[Memory]:
    memory = Memory(db_url, settings=settings)
    yield memory
    memory.close()


def test_the_example_remembers_where_the_user_lives_across_sessions(mem: Memory) -> None:
    example = _example()
    app = example.build_graph(mem, example.scripted_model())
    recorder = PromptRecorder()
    first = example.ask(app, "abc-123", "session-a", "나 강남구 살아",
                        callbacks=[recorder])
    assert [m["content"] for m in first["extracted_memories"]] == ["사용자는 강남구에 거주"]
    assert first["extracted_memories"][0]["event"] == "ADD"
    assert first["memory_context"] is None  # nothing known yet in session A
    assert "강남구" not in recorder.prompts[0][0].content

    second = example.ask(app, "abc-123", "session-b", "페트병 어디 버려?", callbacks=[recorder])
    system = recorder.prompts[1][0].content
    assert "강남구에 거주" in system and system.startswith(example.SYSTEM_PROMPT)
    assert [m.content for m in second["messages"]][0] == "페트병 어디 버려?"  # a fresh thread
    assert [m["content"] for m in second["user_memories"]][:1] == ["사용자는 강남구에 거주"]
    assert second["messages"][-1].content.startswith("강남구에서는")
    # The graph's store is gieok: the app's counter is in the user's scope.
    counter = GieokStore(mem).get(("abc-123", "topics"), "pet_bottle")
    assert counter is not None and counter.value == {"count": 1}
    # Another user starts with nothing.
    third = example.ask(app, "someone-else", "session-c", "페트병 어디 버려?")
    assert third["memory_context"] is None and third["user_memories"] == []


@pytest.mark.slow
def test_the_example_runs_as_a_script(tmp_path: Path) -> None:
    # with the default embedder, as a user runs it (with hash:256 it printed the residence
    # while a user, on the real model, got "(none)": the default floor dropped it)
    env = {"GIEOK_DATA_DIR": str(tmp_path), "PATH": ""}
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "recycling_assistant.py"),
                           str(tmp_path / "eco2.db")], capture_output=True, text=True,
                          env=env, timeout=300, check=True)
    assert "session A stored: ['사용자는 강남구에 거주']" in done.stdout
    assert "강남구에 거주" in done.stdout.split("session B memory context:")[1]


def test_nodes_in_an_async_graph(mem: Memory) -> None:
    example = _example()
    app = example.build_graph(mem, GenericFakeChatModel(messages=iter(
        [AIMessage("ok"), AIMessage("ok")])))

    async def run() -> dict[str, Any]:
        config = {"configurable": {"thread_id": "t1"}}
        await app.ainvoke({"user_id": "u9", "thread_id": "t1",
                           "messages": [HumanMessage("I live in Gangnam-gu, Seoul.")]}, config)
        config = {"configurable": {"thread_id": "t2"}}
        return await app.ainvoke({"user_id": "u9", "thread_id": "t2",
                                  "messages": [HumanMessage("Where do I recycle bottles?")]},
                                 config)

    result = asyncio.run(run())
    assert "Gangnam-gu" in (result["memory_context"] or "")


def _one_turn_graph(nodes: MemoryNodes) -> Any:
    def answer(state: MemoryState) -> dict[str, Any]:
        return {"messages": [AIMessage("here is your answer")]}

    graph = StateGraph(MemoryState)
    graph.add_node("answer", answer)
    graph.add_node("memory_extraction", nodes.extract)
    graph.add_edge(START, "answer")
    graph.add_edge("answer", "memory_extraction")
    graph.add_edge("memory_extraction", END)
    return graph.compile()


def test_extraction_never_holds_up_or_fails_the_reply(
        tmp_path: Path, make_settings: Callable[..., GieokSettings], openai_fake: Any) -> None:
    settings = make_settings(llm_base_url=openai_fake.base_url, llm_models=["slow-model"],
                             llm={"timeout_s": 20, "attempts": 1})
    with Memory(f"sqlite:///{tmp_path / 'slow.db'}", settings=settings) as slow:
        openai_fake.delay(10.0, times=5)  # the extraction LLM hangs
        app = _one_turn_graph(MemoryNodes(slow, extract_timeout_s=0.5))
        started = time.monotonic()
        out = app.invoke({"user_id": "u1", "messages": [HumanMessage("I live in Busan")]})
        assert time.monotonic() - started < 9  # the LLM would hang for 10 s
        assert out["messages"][-1].content == "here is your answer"
        assert out["extracted_memories"] == []

    broken = make_settings(llm_base_url=openai_fake.dead_url(), llm_models=["gone"],
                           llm={"timeout_s": 0.5, "connect_timeout_s": 0.5, "attempts": 1})
    with Memory(f"sqlite:///{tmp_path / 'dead.db'}", settings=broken) as dead:
        out = _one_turn_graph(MemoryNodes(dead)).invoke(
            {"user_id": "u1", "messages": [HumanMessage("I live in Busan")]})
        assert out["messages"][-1].content == "here is your answer"  # the reply went out
        assert dead.recent_turns(user_id="u1", limit=5)  # and the turns were kept


def test_retrieval_without_a_user_or_with_memory_disabled(mem: Memory) -> None:
    nodes = MemoryNodes(mem)
    mem.remember("User lives in Gangnam-gu", user_id="u1")
    assert nodes.retrieve.invoke({"messages": [HumanMessage("hi")]}) == {
        "user_memories": [], "memory_context": None}
    on = nodes.retrieve.invoke({"user_id": "u1", "messages": [HumanMessage("where do I live")]})
    assert "Gangnam-gu" in on["memory_context"]
    mem.update_settings(user_id="u1", enabled=False)
    assert nodes.retrieve.invoke({"user_id": "u1", "messages": [HumanMessage("where")]}) == {
        "user_memories": [], "memory_context": None}


def test_merge_memories_unions_by_id() -> None:
    assert merge_memories([{"id": "a", "v": 1}, {"id": "b"}], [{"id": "a", "v": 2}]) == [
        {"id": "a", "v": 2}, {"id": "b"}]


class Pipeline(TypedDict, total=False):
    entity_name: str
    signals: list[str]
    memory_context: str | None
    analyses: Annotated[list[dict[str, Any]], operator.add]
    final_score: float
    _analyst_type: str


ANALYSTS = ["growth", "risk", "market", "team"]


def test_clean_context_fan_out_shares_memory_but_not_results() -> None:
    seen: list[dict[str, Any]] = []

    def cortex(state: Pipeline) -> dict[str, Any]:
        return {"memory_context": "Org rubric: 14 axes, scale 1-5", "signals": ["s1"],
                "analyses": [{"by": "previous-run", "score": 99}], "final_score": 0.99}

    def analyst(state: Pipeline) -> dict[str, Any]:
        seen.append(dict(state))
        return {"analyses": [{"by": state["_analyst_type"], "saw": len(state["analyses"])}]}

    graph = StateGraph(Pipeline)
    graph.add_node("cortex", cortex)
    graph.add_node("analyst", analyst)
    graph.add_edge(START, "cortex")
    graph.add_conditional_edges("cortex", lambda s: clean_context_sends(
        s, "analyst", ANALYSTS, keep=["entity_name", "signals"], reset={"analyses": []},
        variant_key="_analyst_type"), ["analyst"])
    graph.add_edge("analyst", END)
    out = graph.compile().invoke({"entity_name": "acme"})

    assert sorted(s["_analyst_type"] for s in seen) == sorted(ANALYSTS)
    for state in seen:
        assert state["analyses"] == []  # no other analyst's (or earlier) result anchors it
        assert state["memory_context"] == "Org rubric: 14 axes, scale 1-5"
        assert state["entity_name"] == "acme" and state["signals"] == ["s1"]
        assert "final_score" not in state
    assert sorted(a["by"] for a in out["analyses"][1:]) == sorted(ANALYSTS)
    assert all(a["saw"] == 0 for a in out["analyses"][1:])


def test_fan_out_payloads_are_independent_copies() -> None:
    state = {"memory_context": {"rules": ["a"]}, "signals": ["s"], "secret": "x"}
    sends = clean_context_sends(state, "agent", ["one", "two"], keep=["signals"])
    sends[0].arg["memory_context"]["rules"].append("mutated")
    assert sends[1].arg["memory_context"] == {"rules": ["a"]}
    assert state["memory_context"] == {"rules": ["a"]}
    assert [s.arg["variant"] for s in sends] == ["one", "two"]
    assert all("secret" not in s.arg for s in sends)


def test_importing_gieok_does_not_import_the_frameworks() -> None:
    code = ("import sys, gieok; bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'langgraph', 'langchain_core', 'mcp'}); print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
