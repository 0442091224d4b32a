"""The chat set through the LLM extractor path (issue 16), against the local fake OpenAI server.

No real model is reachable here, so these tests check the path, not a model's quality: the
conversations of the chat set travel over the real OpenAI wire protocol, the model's JSON is
parsed into memories and scored like the heuristic's, and a model that answers garbage costs
nothing — every turn falls back to the heuristic extractor, with the same session context,
and its long-term memories are exactly the heuristic's.
Scoring a real model: set GIEOK_LLM_BASE_URL / GIEOK_LLM_MODELS and run
``gieok eval write --set chat --split dev --llm`` (docs/benchmarks.md).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from typing import Any

import anyio

from gieok.evaluation.chat_set import evaluate_chat_set, load_chat_set, required_facts, tally
from gieok.settings import GieokSettings


def _cases() -> list[dict[str, Any]]:
    """A fixed slice of dev: the first conversations with facts and the first noise ones."""
    dev = sorted((c for c in load_chat_set(split="dev") if c.get("kind") != "sequence"),
                 key=lambda c: c["id"])
    facts = [c for c in dev if required_facts(c)][:8]
    noise = [c for c in dev if not required_facts(c)][:4]
    return facts + noise


def _llm(make_settings: Callable[..., GieokSettings], url: str) -> GieokSettings:
    return make_settings(llm_base_url=url, llm_models=["small-model"],
                         llm={"timeout_s": 2.0, "connect_timeout_s": 1.0, "attempts": 2,
                              "backoff_base_s": 0.0})


def _behaviour(server: Any) -> Any:
    return sys.modules[type(server).__module__].Behaviour


def test_a_model_answering_garbage_scores_like_the_heuristic(make_settings: Any,
                                                             openai_fake: Any) -> None:
    behaviour = _behaviour(openai_fake)
    openai_fake.default = lambda _: behaviour(content="sure! {memories: [")
    cases = _cases()
    llm = anyio.run(lambda: evaluate_chat_set(cases, settings=_llm(make_settings,
                                                                   openai_fake.base_url)))
    plain = anyio.run(lambda: evaluate_chat_set(cases, settings=make_settings(
        llm_base_url=None, write={"extractor": "heuristic"})))
    assert openai_fake.chat_requests(), "the model was never asked"
    assert any("LLM_BAD_RESPONSE" in note for r in llm.results for note in r.notes)
    assert [sorted(r.memories) for r in llm.results] == [sorted(r.memories) for r in plain.results]
    a, b = tally(llm.results, llm.leaks), tally(plain.results, plain.leaks)
    assert (a.found, a.memories) == (b.found, b.memories)
    # A failed summary stores the raw conversation (seed 003) only for a session with
    # something worth remembering: noise conversations leave no episode on either path.
    noise = [i for i, r in enumerate(plain.results) if r.kind == "noise"]
    assert noise and all(llm.results[i].episodes == plain.results[i].episodes == []
                         for i in noise if not plain.results[i].memories)
    assert any("no episode stored" in note for i in noise for note in llm.results[i].notes)


def test_the_models_json_is_parsed_and_scored(make_settings: Any, openai_fake: Any) -> None:
    behaviour = _behaviour(openai_fake)

    def echo(body: dict[str, Any]) -> Any:
        """A stand-in model: every new user message becomes one memory, verbatim."""
        prompt = body["messages"][-1]["content"]
        new = prompt.split("--- new ---", 1)[-1]
        said = re.findall(r"^user: (.+)$", new, flags=re.MULTILINE)
        return behaviour(content=json.dumps({"memories": [
            {"content": text, "type": "fact", "confidence": 0.9} for text in said]}))

    openai_fake.default = echo
    cases = [c for c in _cases() if required_facts(c)]
    report = anyio.run(lambda: evaluate_chat_set(cases, settings=_llm(make_settings,
                                                                      openai_fake.base_url)))
    assert report.extractor.startswith("llm")
    stored = {m for r in report.results for m in r.memories}
    users = {t["u"] for c in cases for t in c["turns"] if "u" in t}
    def norm(text: str) -> str:  # the write path trims end punctuation and capitalises
        return text.strip().rstrip(".!?~ ").casefold()

    assert stored and {norm(m) for m in stored} <= {norm(u) for u in users}, \
        "memories that did not come from the model's JSON"
    scores = tally(report.results, report.leaks)
    assert scores.found >= scores.expected // 2  # the user's own words hold most labelled facts
