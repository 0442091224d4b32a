"""The questions of a request that asks more than one (a new-user trial, issue 14): "나 어디
살아? 알레르기 있어?", "what's my job? do I have pets?".

Why: one search for the whole request ranks its memories by the request as a whole, and the
part whose words weigh more takes the ranking: for "where do I live? what do I drink in
coffee?" the residence (relevance 0.71 to "where do I live?" alone) fell out of the first
candidates, and the block answered only the coffee. Each question is a request of its own,
so each is searched too and a memory keeps the best relevance any of them gives it
(``sources.retrieve``). Only questions marked as such ("?" between them): a sentence that
only mentions two things ("where do I live and what am I allergic to?") is one search.
"""

from __future__ import annotations

import re

MAX_PARTS = 4
_END = re.compile(r"(?<=[?？])\s*")
_WORDY = re.compile(r"[^\W\d_]{2,}")


def parts(query: str) -> list[str]:
    """The questions of ``query`` when it asks two or more (each with a word of two
    letters or more), else ``[]``."""
    pieces = [p.strip() for p in _END.split(query.strip()) if p.strip()]
    asked = [p for p in pieces if p.endswith(("?", "？")) and _WORDY.search(p)]
    if len(asked) < 2 or len(asked) > MAX_PARTS:
        return []
    return asked
