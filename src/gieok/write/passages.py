"""Long conversation turns → overlapping passages sized for the embedding model (R8).

A turn of 76,000 characters is one vector of mush if embedded whole, and costs the model
every token anyway. The archive keeps it as passages of at most ``max_tokens`` tokens,
cut at sentence ends where possible (then at spaces, then anywhere), each starting with the
last ``overlap`` tokens of the one before, so that a fact straddling a cut is whole in one
of them. Every passage points back to its turn. Pure: the caller passes the token counter.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# A sentence ends at . ! ? (and their CJK forms) or a line break, keeping the mark.
_SENTENCE = re.compile(r"(?<=[.!?\u3002\uff01\uff1f])\s+|\n+")
_SPACE = re.compile(r"(?<=\s)")

Count = Callable[[str], int]
# A token covers at least one UTF-8 byte, except a bare word-start mark that sentencepiece may
# emit first: a text of ``max_tokens - _MARGIN`` bytes or fewer cannot exceed ``max_tokens``,
# and the model's tokenizer (~1-2 ms a call) is not asked about the turns that plainly fit.
_MARGIN = 3


def split_passages(text: str, *, max_tokens: int, overlap: int, count: Count) -> list[str]:
    """``text`` as one passage when it fits, else overlapping passages that each fit."""
    text = text.strip()
    if not text:
        return []
    if len(text.encode("utf-8")) + _MARGIN <= max_tokens or count(text) <= max_tokens:
        return [text]
    overlap = max(0, min(overlap, max_tokens // 2))
    units = [(u, count(u)) for piece in _SENTENCE.split(text) if piece.strip()
             for u in _fit(piece.strip(), max_tokens, count)]
    passages: list[str] = []
    current: list[tuple[str, int]] = []
    size = 0
    for unit, tokens in units:
        if current and size + tokens > max_tokens:
            passages.append(" ".join(u for u, _ in current))
            current = _tail(current, overlap, max_tokens - tokens)
            size = sum(t for _, t in current)
        current.append((unit, tokens))
        size += tokens
    if current:
        passages.append(" ".join(u for u, _ in current))
    return passages


def _tail(units: list[tuple[str, int]], overlap: int, room: int) -> list[tuple[str, int]]:
    """The last units of a passage that fit in ``overlap`` tokens (and in ``room``)."""
    kept: list[tuple[str, int]] = []
    size = 0
    for unit, tokens in reversed(units):
        if size + tokens > min(overlap, room):
            break
        kept.insert(0, (unit, tokens))
        size += tokens
    return kept


def _fit(piece: str, max_tokens: int, count: Count) -> list[str]:
    """A sentence longer than a passage, cut at spaces (or, with none, by characters)."""
    if count(piece) <= max_tokens:
        return [piece]
    words = [w for w in _SPACE.split(piece) if w]
    if len(words) == 1:
        return _by_chars(piece, max_tokens, count)
    out: list[str] = []
    current = ""
    for word in words:
        if count(word) > max_tokens:
            if current.strip():
                out.append(current.strip())
            out.extend(_by_chars(word.strip(), max_tokens, count))
            current = ""
        elif current and count(current + word) > max_tokens:
            out.append(current.strip())
            current = word
        else:
            current += word
    if current.strip():
        out.append(current.strip())
    return out


def _by_chars(word: str, max_tokens: int, count: Count) -> list[str]:
    """A run with no spaces (a URL, a CJK paragraph): halve until each piece fits."""
    if len(word) <= 1 or count(word) <= max_tokens:
        return [word]
    middle = len(word) // 2
    return _by_chars(word[:middle], max_tokens, count) + _by_chars(word[middle:], max_tokens,
                                                                   count)
