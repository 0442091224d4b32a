"""Query analysis, "who" (R8 archive): which of a conversation's speakers a query names.

"What did Caroline research?" is about what Caroline said. Full text cannot say so: in a
two-person conversation every turn carries one of the two names (as speaker label, in the
neighbours' context, or as the person addressed: "Thanks, Caroline!"), so the name's IDF is
near zero; and the small embedder barely separates "Caroline: I …" from "Melanie: … Caroline".
So search looks at the speakers of its own candidates (``RankRow.speaker``: archived turns
carry who said them) and, when the query names one of them, gives that person's turns the
``w_query_speaker`` term of the mixed score (``scoring.py``). Nothing is asked of the store,
and a chat whose turns carry no names (user/assistant) is untouched.

The lift only re-orders the first ``SPEAKER_DEPTH`` places of the ranking by everything else:
a turn that ranks lower is not made relevant by its speaker. Applied everywhere it pulled
weakly related turns of the named person from the depths into the top 50, where they
pushed out evidence (LoCoMo dev, turns found in the top 50: 0.930 without "who", 0.912 with
it everywhere, 0.930 with it in the first 30; the first page the same; docs/benchmarks.md).

A name is matched as a whole word, case-insensitively (several words in a row for a full
name); a Hangul name as a prefix of a word, since Korean attaches particles ("민지는").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gieok.text.analysis import has_hangul

_WORD = re.compile(r"\w+", re.UNICODE)
SPEAKER_DEPTH = 30  # the places the "who" lift may re-order (module docstring)


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def named_speakers(query: str, speakers: Iterable[str | None]) -> frozenset[str]:
    """The ``speakers`` (as spelled in the store) that ``query`` names."""
    words = _words(query)
    if not words:
        return frozenset()
    joined = f" {' '.join(words)} "
    named: set[str] = set()
    for speaker in {s for s in speakers if s}:
        parts = _words(speaker)
        if not parts:
            continue
        if has_hangul(speaker) and len(parts) == 1:
            if any(w.startswith(parts[0]) for w in words):
                named.add(speaker)
        elif f" {' '.join(parts)} " in joined:
            named.add(speaker)
    return frozenset(named)
