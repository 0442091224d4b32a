"""R7: the raw window, overflow, and the extractive rolling summary (W10 fallback)."""

from __future__ import annotations

import functools
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


@pytest.mark.parametrize("lines", [
    [("user", "Nabi threw up twice this morning after eating the new salmon kibble."),
     ("assistant", "I'm sorry to hear that. Did she eat anything else unusual?"),
     ("user", "No, only the kibble. She is 7 years old and allergic to chicken."),
     ("assistant", "Switching food suddenly can upset a cat's stomach."),
     ("user", "The vet prescribed famotidine 2.5 mg once a day last year."),
     ("assistant", "Good to know. Keep an eye on her water intake."),
     ("user", "ok"), ("assistant", "Anything else?"),
     ("user", "She also hides under the bed when the vacuum runs.")],
    [("user", "나비가 오늘 아침에 새 연어 사료를 먹고 두 번 토했어."),
     ("assistant", "걱정되네요. 다른 걸 먹었나요?"),
     ("user", "아니 사료만 먹었어. 나비는 7살이고 닭고기 알레르기가 있어."),
     ("assistant", "사료를 갑자기 바꾸면 배탈이 날 수 있어요."),
     ("user", "작년에 수의사가 파모티딘 2.5mg을 하루 한 번 처방했어."),
     ("user", "고마워"), ("assistant", "물 마시는 양도 지켜봐 주세요.")],
], ids=["en", "ko"])
@pytest.mark.parametrize("counter", ["chars", "cl100k_base"])
def test_rolling_summary_is_shorter_than_the_turns_it_replaces(
        lines: list[tuple[str, str]], counter: str) -> None:
    """Seed 001: the summary must save tokens — it was 1.19x the turns it replaced."""
    count = get_counter(counter)
    turns = [Turn(role=r, content=c) for r, c in lines]  # type: ignore[arg-type]
    replaced = sum(count.count(t.content) for t in turns)
    text, how = anyio.run(functools.partial(summarize, turns, max_tokens=400, counter=count))
    assert how == "extractive" and text
    assert count.count(text) <= replaced * 0.5
    assert ("7" in text) or ("famotidine" in text) or ("파모티딘" in text)  # facts survive
