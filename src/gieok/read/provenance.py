"""A fact ranks at least where the turn it came from ranks (provenance).

Found on fresh users through ``add()`` (docs/benchmarks.md "Through add(), session 13"): a
question about the user ranked the raw turn above the fact extracted from it, and ``fold``
(read/search.py: one hit per source turn) then dropped the fact. "what medication do I
take?" showed "my GP put me on citalopram 20mg now, up from 10" and never "User's GP put the
user on citalopram 20mg …"; "where do I work?" showed three turns that say "work" and not
"User is a night-shift nurse at St James's in Leeds". The turn wins on evidence the fact
cannot have: an archived turn is indexed with its neighbours' text (write/archive.py), so
full text and the dense vector see "taking melatonin" one turn earlier, or "at work" one
turn later, while the fact is indexed by its own sentence.

A fact says what its turn says, stated plainly, kept current (a superseded fact leaves the
search; its turn stays), and it carries the turn as provenance (``source_turn_ids``). So
the fact is lent the relevance of its best source turn among the candidates when that is
higher than its own, and it sits just above that turn (``LEAD``): folding then keeps the
fact and drops the turn, instead of the other way round. A fact whose turns are not
candidates, or rank below it, keeps its own relevance; turns never borrow from facts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gieok.domain.query import RankRow
from gieok.read.fusion import Fused

ARCHIVE = "archive"  # RankRow.layer of an archived turn
# How far above its best source turn a fact is placed (relevance is in [0, 1]; a tie would
# go to the turn or the fact by id): small enough to pass no other candidate the turn does
# not pass.
LEAD = 1e-4


def lend_turn_relevance(fused: Sequence[Fused], rows: Mapping[str, RankRow]) -> bool:
    """Each fact in ``fused`` (a candidate not archived, with source turns) raised, in place,
    to just above its best source turn's relevance when that is higher than its own;
    whether any moved (the caller re-orders)."""
    turns: dict[str, float] = {}  # turn id -> the best relevance among its passages
    for item in fused:
        row = rows.get(item.id)
        if row is not None and row.layer == ARCHIVE:
            for turn in row.sources:
                if item.relevance > turns.get(turn, 0.0):
                    turns[turn] = item.relevance
    if not turns:
        return False
    moved = False
    for item in fused:
        row = rows.get(item.id)
        if row is None or row.layer == ARCHIVE or not row.sources:
            continue
        lent = max((turns.get(turn, 0.0) for turn in row.sources), default=0.0)
        if lent > 0.0 and lent + LEAD > item.relevance:
            item.relevance = min(1.0, lent + LEAD) if lent < 1.0 else 1.0
            moved = True
    return moved
