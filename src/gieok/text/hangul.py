"""One pattern for a Hangul syllable, shared by the modules that ask whether text is Korean.

Many modules of the write path each compiled the same character class of their own; this is
the one to import instead (``HANGUL.search(text)``: the text has a Korean syllable)."""

from __future__ import annotations

import re

# a precomposed Hangul syllable, 가 (U+AC00) to 힣 (U+D7A3); bare jamo (ㅋ, ㅠ) are not syllables
HANGUL = re.compile(r"[\uac00-\ud7a3]")
