"""R7: the raw window, overflow, and the extractive rolling summary (W10 fallback)."""

from __future__ import annotations

from collections.abc import Sequence

import anyio
import pytest

from gieok.context.tokens import get_counter
from gieok.context.working import as_turns, extractive_summary, split_window, summarize
from gieok.domain.turns import Turn
from gieok.errors import InvalidInputError

COUNTER = get_counter("cl100k_base")


def _turns(n: int, text: str = "message number {i} about the cat's diet") -> list[Turn]:
    return [Turn(role="user" if i % 2 == 0 else "assistant", content=text.format(i=i))
            for i in range(n)]


def test_small_window_is_kept_whole() -> None:
    window = split_window(_turns(12), keep=10, max_turns=12, max_tokens=6000, counter=COUNTER)
    assert len(window.recent) == 12 and not window.overflowed


def test_more_than_twelve_turns_keeps_the_last_ten() -> None:
    turns = _turns(13)
    window = split_window(turns, keep=10, max_turns=12, max_tokens=6000, counter=COUNTER)
    assert window.recent == turns[-10:] and window.older == turns[:3]


def test_token_overflow_summarises_even_few_turns() -> None:
    turns = _turns(4, "long " * 500 + "{i}")
    window = split_window(turns, keep=10, max_turns=12, max_tokens=1200, counter=COUNTER)
    assert window.overflowed and len(window.recent) == 2
    assert window.recent == turns[-2:]


def test_extractive_summary_prefers_informative_user_statements() -> None:
    turns = as_turns([
        {"role": "user", "content": "안녕"},
        {"role": "assistant", "content": "안녕하세요! 무엇을 도와드릴까요?"},
        {"role": "user", "content": "My cat Nabi is allergic to chicken. She is 3 years old."},
        {"role": "assistant", "content": "Thanks, I will avoid chicken recipes for Nabi."},
        {"role": "user", "content": "ok"},
        {"role": "user", "content": "Nabi's vet appointment is on 2024-05-03."},
    ])
    summary = extractive_summary(turns, max_tokens=40, counter=COUNTER, query="Nabi food")
    assert COUNTER.count(summary) <= 40
    assert "allergic to chicken" in summary
    assert "안녕" not in summary and "- User: ok" not in summary
    lines = summary.splitlines()
    assert all(line.startswith(("- User:", "- Assistant:")) for line in lines)


def test_empty_or_zero_budget_summary_is_empty() -> None:
    assert extractive_summary([], max_tokens=100, counter=COUNTER) == ""
    assert extractive_summary(_turns(3), max_tokens=0, counter=COUNTER) == ""


@pytest.mark.parametrize("fails", [True, False])
def test_llm_summarizer_with_fallback(fails: bool) -> None:
    async def llm(turns: Sequence[Turn], max_tokens: int) -> str:
        if fails:
            raise TimeoutError("model down")
        return f"The user talked about {len(turns)} things."

    async def run() -> tuple[str, str]:
        return await summarize(_turns(5), max_tokens=50, counter=COUNTER, summarizer=llm)

    text, how = anyio.run(run)
    if fails:
        assert how == "extractive_fallback" and "message number" in text
    else:
        assert (text, how) == ("The user talked about 5 things.", "llm")


def test_history_dicts_become_turns() -> None:
    turns = as_turns([{"role": "user", "content": "hi"}, {"role": "human", "content": "x"},
                      {"role": "AI", "content": "z"}, Turn(role="assistant", content="y")])
    assert [t.role for t in turns] == ["user", "user", "assistant", "assistant"]
    for bad in ("just text", [{"role": "narrator", "content": "x"}], [{"role": "user"}], [3]):
        with pytest.raises(InvalidInputError):
            as_turns(bad)  # type: ignore[arg-type]
