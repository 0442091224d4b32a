"""The view of a text that the PII detectors read (W4): whitespace and look-alikes normalised.

Secrets are written to evade simple patterns, on purpose or not: a card number split over
lines or padded with runs of spaces, a zero-width space inside "password", full-width
digits from a Korean keyboard, a no-break space pasted from a web page. The detectors run on
a normalised copy in which

* invisible format characters (zero-width spaces and joiners, soft hyphens, BOM) are gone,
* every character is in NFKC form (full-width ``４`` reads ``4``),
* every run of whitespace is one character: ``"\\n"`` when it held a line break (so a line
  still ends a clause), else ``" "``,

and ``NormalisedText.span`` maps each detection back onto the original text, which is then
masked in place: what is kept is the caller's text, byte for byte, outside the masks.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

_INVISIBLE = frozenset("\u00ad\u180e\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063"
                       "\u2064\ufeff")


@dataclass(frozen=True)
class NormalisedText:
    text: str
    origin: tuple[int, ...]  # origin[i]: index in the original of normalised character i

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original span covering normalised ``[start, end)``."""
        return self.origin[start], self.origin[end - 1] + 1


def normalise(text: str) -> NormalisedText:
    out: list[str] = []
    origin: list[int] = []
    space_at = -1  # index in ``out`` of the whitespace run being collapsed
    for i, ch in enumerate(text):
        if ch in _INVISIBLE or unicodedata.category(ch) == "Cf":
            continue
        if ch.isspace():
            if space_at >= 0:
                if ch in "\n\r\u2028\u2029\x0b\x0c":
                    out[space_at] = "\n"
                continue
            space_at = len(out)
            out.append("\n" if ch in "\n\r\u2028\u2029\x0b\x0c" else " ")
            origin.append(i)
            continue
        space_at = -1
        for piece in unicodedata.normalize("NFKC", ch):
            out.append(piece)
            origin.append(i)
    return NormalisedText("".join(out), tuple(origin))
