"""R7 with an LLM (W10): rolling summaries through a real OpenAI-compatible HTTP fake —
only new turns are sent with the previous summary; a failing model falls back to the
extractive summary and never breaks the turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gieok import Memory, GieokSettings

pytestmark = pytest.mark.integration


def _turns(start: int, stop: int) -> list[dict[str, str]]:
    return [{"role": "user" if i % 2 == 0 else "assistant",
             "content": f"Turn {i}: Nabi the cat ate salmon number {i}."}
            for i in range(start, stop)]


def _memory(make_settings: Callable[..., GieokSettings], url: str, tmp: Any) -> Memory:
    settings = make_settings(llm_base_url=url, llm_models=["summary-model"],
                             llm={"attempts": 1, "backoff_base_s": 0, "timeout_s": 5},
                             context={"llm_summary": True})
    return Memory(f"sqlite:///{tmp / 'llm.db'}", settings=settings)


def test_rolling_summary_sends_only_new_turns(make_settings: Callable[..., GieokSettings],
                                              openai_fake: Any, tmp_path: Any) -> None:
    openai_fake.reply_text("- Nabi eats salmon every day")
    openai_fake.reply_text("- Nabi eats salmon every day\n- Turn 13 mentioned salmon 13")
    with _memory(make_settings, openai_fake.base_url, tmp_path) as mem:
        mem.add(_turns(0, 13), user_id="u1", session_id="s1", infer=False)
        first = mem.context("what does Nabi eat?", user_id="u1", session_id="s1")
        assert first.summary == "- Nabi eats salmon every day"
        assert len(first.messages) == 10 and first.trace.summarized_turns == 3
        mem.add(_turns(13, 14), user_id="u1", session_id="s1", infer=False)
        second = mem.context("what does Nabi eat?", user_id="u1", session_id="s1")
        assert second.summary and "Turn 13" in second.summary
        again = mem.context("and today?", user_id="u1", session_id="s1")
        assert again.summary == second.summary  # memoised: no new request
    requests = openai_fake.chat_requests()
    assert len(requests) == 2
    sent = requests[1].body["messages"][-1]["content"]
    assert "Current summary:\n- Nabi eats salmon every day" in sent
    assert "Turn 3:" in sent and "Turn 0:" not in sent  # only what scrolled out since


def test_failing_model_falls_back_to_extractive(make_settings: Callable[..., GieokSettings],
                                                openai_fake: Any, tmp_path: Any) -> None:
    openai_fake.fail(500, times=5)
    with _memory(make_settings, openai_fake.base_url, tmp_path) as mem:
        mem.add(_turns(0, 13), user_id="u1", session_id="s1", infer=False)
        ctx = mem.context("what does Nabi eat?", user_id="u1", session_id="s1")
        assert ctx.summary and "Turn 0: Nabi the cat ate salmon" in ctx.summary
        assert any("LLM summary failed" in w for w in ctx.trace.warnings)
        assert ctx.text.endswith("the current request wins.")


def test_rolling_summary_is_shared_through_the_working_log(
        make_settings: Callable[..., GieokSettings], openai_fake: Any, tmp_path: Any) -> None:
    """A second engine (another replica, or a restart) extends the stored summary instead of
    summarising everything again."""
    openai_fake.reply_text("- Nabi eats salmon every day")
    openai_fake.reply_text("- Nabi eats salmon; turn 13 too")
    with _memory(make_settings, openai_fake.base_url, tmp_path) as mem:
        mem.add(_turns(0, 13), user_id="u1", session_id="s1", infer=False)
        assert mem.context("food?", user_id="u1", session_id="s1").summary == \
            "- Nabi eats salmon every day"
    with _memory(make_settings, openai_fake.base_url, tmp_path) as other:
        same = other.context("food again?", user_id="u1", session_id="s1")
        assert same.summary == "- Nabi eats salmon every day"  # read back: no request
        other.add(_turns(13, 14), user_id="u1", session_id="s1", infer=False)
        assert other.context("food?", user_id="u1", session_id="s1").summary == \
            "- Nabi eats salmon; turn 13 too"
    requests = openai_fake.chat_requests()
    assert len(requests) == 2
    sent = requests[1].body["messages"][-1]["content"]
    assert "Current summary:\n- Nabi eats salmon every day" in sent and "Turn 0:" not in sent
