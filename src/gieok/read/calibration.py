"""The dense scale per language pair: what cosine means "unrelated" depends on the languages.

A small multilingual model does not put every language at the same distance from the rest:
multilingual-e5-small scores two *unrelated* Korean texts ~0.03 higher than two unrelated
English ones, and a Korean question against English texts ~0.03 lower (measured on dev data,
docs/benchmarks.md "Through add(), session 5"). Calibrated fusion maps a cosine to relevance
from a fixed "unrelated" level (read/fusion.py); with one level for every pair, a Korean
user's unrelated memories sit at relevance ~0.5 and pass any sensible floor, while the
related ones of an English user stay comparable. So the embedder declares, per (query
language, document language), how far that pair's scale is shifted from its base range
(``language_offsets``), and each candidate's floor and ceiling move by that much.

Languages are told apart by script only: the share of Hangul among a text's letters (a text
without letters, or in another script, counts as the base language). A mixed text weighs the
pairs by its shares (bilinear), so "Python보다 Go가 좋아" is mostly Korean and a Korean word
in an English sentence moves it a little — no cut-off to fall on either side of.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

# Language codes of the offsets table: "ko" (Hangul) and everything else ("en").
KO, BASE = "ko", "en"
_HANGUL = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")
_LATIN = re.compile(r"[A-Za-z\u00c0-\u024f]")

Offsets = Mapping[tuple[str, str], float]


@lru_cache(maxsize=131072)
def hangul_share(text: str) -> float:
    """Hangul letters over Hangul + Latin letters, in [0, 1] (0 for neither)."""
    hangul = len(_HANGUL.findall(text))
    if not hangul:
        return 0.0
    return hangul / (hangul + len(_LATIN.findall(text)))


def pair_offset(query_share: float, doc_share: float, offsets: Offsets) -> float:
    """How far the dense scale of this query × document moves: the pairs' offsets weighed
    by the two texts' Hangul shares."""
    q = {BASE: 1.0 - query_share, KO: query_share}
    d = {BASE: 1.0 - doc_share, KO: doc_share}
    return sum(q[a] * d[b] * shift for (a, b), shift in offsets.items()
               if a in q and b in d)


def language_offsets(embedder: object) -> Offsets | None:
    """The embedder's per-language-pair offsets (``language_offsets``), if it declares any
    that are not all zero."""
    found = getattr(embedder, "language_offsets", None)
    if not found or not any(found.values()):
        return None
    return dict(found)
