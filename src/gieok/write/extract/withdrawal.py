"""The candidate that takes back an earlier turn ("I'm getting a dog next month" → "lol jk")."""

from __future__ import annotations

from gieok.domain.records import PREVIEW_CHARS, MemoryType
from gieok.domain.turns import Turn
from gieok.write.extract.base import Candidate


def withdrawal(turn: Turn, took_back: Turn) -> Candidate:
    """Not a memory: the reconciler archives what ``took_back`` left (``withdraws``), when it
    was said in an earlier ``add()`` (said in the same one, the extractor drops it itself)."""
    return Candidate(content=f"withdrawn: {turn.content[:80]}", type=MemoryType.NOTE,
                     category="context", confidence=1.0, turn_ids=(turn.id,),
                     preview=turn.content[:PREVIEW_CHARS], at=turn.at, withdraws=(took_back.id,))
