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

The name also leaves the **dense query** (``without_names``; ``dense_without_names``): e5
relates "What kind of art does Caroline make?" to every turn that says "Caroline" — the
other person's "Thanks, Caroline!", her own greetings — more than to "I paint abstract
canvases", which is what she said. Search finds the named speakers among its candidates,
then embeds the query once more without them and reads the candidates again (a second
round trip, only for a query that names a speaker; full text keeps the name, where its low
IDF already makes it harmless). With the name out of the dense query the "who" lift has
less to undo and weighs 0.10 (was 0.15: at 0.15 a turn of the named person about something
else outranked the other person's reply about the thing asked). LoCoMo dev through
``add()``: recall@10 0.808 → 0.819, adversarial questions 0.888 → 0.935.

A name is matched as a whole word, case-insensitively (several words in a row for a full
name); a Hangul name as a prefix of a word, since Korean attaches particles ("민지는").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gieok.text.analysis import has_hangul

_WORD = re.compile(r"\w+", re.UNICODE)
_POSSESSIVE = r"(?:['\u2019]s?)?"
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


def without_names(query: str, names: Iterable[str]) -> str:
    """``query`` with every mention of ``names`` (speakers it names, ``named_speakers``)
    taken out, for the dense query: a Latin name as a whole word with its possessive
    ("Caroline's"), a Hangul name with the particle attached to it ("민지는"). When nothing
    but the names would be left, ``query`` as it is."""
    out = query
    for name in sorted(names, key=len, reverse=True):
        parts = _words(name)
        if not parts:
            continue
        if has_hangul(name) and len(parts) == 1:
            pattern = re.escape(name) + r"\w*"
        else:
            pattern = r"\b" + r"\s+".join(re.escape(p) for p in parts) + _POSSESSIVE + r"(?!\w)"
        out = re.sub(pattern, " ", out, flags=re.IGNORECASE)
    out = " ".join(out.split())
    return out if _WORD.search(out) else query
