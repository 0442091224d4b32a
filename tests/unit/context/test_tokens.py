"""Exact offline token counts (C2) and the 4 chars/token fallback."""

from __future__ import annotations

import pytest

from gieok.context.tokens import CharCounter, get_counter


def test_exact_counts_match_known_cl100k_ids() -> None:
    counter = get_counter("cl100k_base")
    assert counter.name == "cl100k_base"
    assert counter.count("hello world") == 2  # [15339, 1917] in tiktoken
    assert counter.count("") == 0
    assert counter.count("사용자는 강남구에 거주") > 5  # Hangul costs more than one per word


@pytest.mark.parametrize("counter", [get_counter("cl100k_base"), CharCounter()])
@pytest.mark.parametrize("text", ["The cat Nabi is allergic to chicken. " * 20,
                                  "고양이 나비는 닭고기 알레르기가 있다. " * 20, "x" * 999])
@pytest.mark.parametrize("cap", [1, 5, 37, 150])
def test_truncate_always_fits_and_keeps_a_prefix(counter, text: str, cap: int) -> None:
    cut = counter.truncate(text, cap)
    assert counter.count(cut) <= cap
    assert text.startswith(cut.removesuffix("…").rstrip())


def test_fallback_is_four_characters_per_token() -> None:
    counter = get_counter("chars")
    assert isinstance(counter, CharCounter)
    assert counter.count("abcd") == 1 and counter.count("abcde") == 2
    assert counter.truncate("short", 10) == "short"
    assert counter.truncate("anything", 0) == ""
