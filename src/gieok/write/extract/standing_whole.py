"""A Korean standing instruction that the sentence cutter broke apart (issue 16, rule family).

Why: the turn is cut into sentences by the morpheme analyser's final endings, and it sometimes
reads one inside a word: "이모지 좀 그만 붙여 ㅋㅋ 눈 아파" is cut after "이모지" (read as
이모 + the ending 지), so ``standing.instruction`` saw "이모지" and "좀 그만 붙여 ㅋㅋ 눈 아파"
apart and neither is a rule — the request to stop adding emoji stored nothing. Here the turn is cut only where
the writer marked an end (. ! ? a line break, a run of ㅋ/ㅎ/ㅠ/ㅜ) and each piece the cutter
did not keep whole is read by the same ``instruction``: nothing new is read as a rule, only a
rule that was cut is read whole. Never a piece the sentence path already saw as it is, nor
a rule the turn already stored.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.text.hangul import HANGUL
from gieok.write.extract.base import Hit
from gieok.write.extract.discourse_split import split_sentences
from gieok.write.extract.standing import instruction

# where the writer ended what they said: punctuation, a line break, a laugh or a cry
_MARKED_END = re.compile(r"(?<=[.!?])\s+|\n+|\s*(?:[ㅋㅎㅠㅜ]{2,}|[ㅋㅎ]\s)\s*")


def stated(turn_text: str, said: Sequence[str]) -> list[tuple[Hit, str]]:
    """The turn's Korean standing instructions that only a piece cut at the writer's own
    marks reads whole (see the module docstring)."""
    if not HANGUL.search(turn_text) or any(s.startswith("사용자 요청") for s in said):
        return []
    cut = {_bare(s) for s in split_sentences(turn_text)}
    out: list[tuple[Hit, str]] = []
    for piece in _MARKED_END.split(turn_text):
        piece = piece.strip(" ,")
        if len(piece) < 4 or _bare(piece) in cut or not HANGUL.search(piece):
            continue
        hit = instruction(piece)
        if hit is not None:
            out.append((hit, "ko"))
    return out


def _bare(sentence: str) -> str:
    """The sentence without its laughs and end marks: the same words, however cut."""
    return re.sub(r"[ㅋㅎㅠㅜ]+|[\s.!~,]+", "", sentence)
