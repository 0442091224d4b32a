"""A fact ranks at least where the turn it came from ranks (read/provenance.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gieok import AsyncMemory
from gieok.domain.query import RankRow
from gieok.read.fusion import Fused
from gieok.read.provenance import LEAD, lend_turn_relevance

pytestmark = pytest.mark.anyio

_AT = datetime(2026, 10, 1, tzinfo=UTC)


def _row(rid: str, layer: str, sources: tuple[str, ...]) -> RankRow:
    return RankRow(rid, f"text {rid}", rid, layer, 0.5, _AT, _AT, sources=sources)


def test_a_fact_is_lent_its_turns_relevance_and_sits_just_above_it() -> None:
    rows = {r.id: r for r in (
        _row("turn-a", "archive", ("ta",)), _row("turn-b", "archive", ("tb",)),
        _row("fact-a", "long_term", ("ta",)), _row("fact-b", "long_term", ("tb",)),
        _row("fact-ab", "long_term", ("ta", "tb")), _row("fact-none", "long_term", ()),
        _row("fact-far", "long_term", ("tz",)))}
    fused = [Fused("turn-a", 0.8), Fused("turn-b", 0.3), Fused("fact-a", 0.2),
             Fused("fact-b", 0.6), Fused("fact-ab", 0.1), Fused("fact-none", 0.05),
             Fused("fact-far", 0.04)]
    assert lend_turn_relevance(fused, rows)
    got = {f.id: f.relevance for f in fused}
    assert got["fact-a"] == pytest.approx(0.8 + LEAD)  # lent by its turn
    assert got["fact-ab"] == pytest.approx(0.8 + LEAD)  # by its best turn
    assert got["fact-b"] == 0.6  # already above its turn: its own
    assert got["turn-a"] == 0.8 and got["turn-b"] == 0.3  # turns never borrow
    assert got["fact-none"] == 0.05 and got["fact-far"] == 0.04  # no turn among candidates


def test_nothing_moves_without_turns_among_the_candidates() -> None:
    rows = {"f": _row("f", "long_term", ("t",))}
    fused = [Fused("f", 0.4)]
    assert not lend_turn_relevance(fused, rows)
    assert fused[0].relevance == 0.4


def test_a_turn_at_full_relevance_lends_no_more_than_full() -> None:
    rows = {"t": _row("t", "archive", ("x",)), "f": _row("f", "long_term", ("x",))}
    fused = [Fused("t", 1.0), Fused("f", 0.2)]
    lend_turn_relevance(fused, rows)
    assert fused[1].relevance == 1.0


_SESSIONS = [
    ("2026-10-01", [("user", "quick one, I'm a night-shift nurse at St James's in Leeds, so I "
                             "sleep in the day"),
                    ("assistant", "Got it! Night shifts are tough. How can I help?"),
                    ("user", "ugh the printer at work ate my rota again")]),
    ("2026-10-08", [("user", "I've been taking melatonin to sleep after shifts, does that work?"),
                    ("assistant", "Melatonin can help some people; take it 30 minutes before bed."),
                    ("user", "my GP put me on citalopram 20mg now, up from 10"),
                    ("assistant", "Thanks for telling me. Any side effects so far?")]),
]


@pytest.mark.slow
async def test_a_fact_is_shown_instead_of_the_turn_it_came_from(
    tmp_path, make_settings  # type: ignore[no-untyped-def]
) -> None:
    """Two sessions through add() and end_session(), the real model. The citalopram turn is
    indexed with the melatonin turn before it ("taking") and ranked first, and folding then
    dropped the fact extracted from it; now the fact is shown in the turn's place. With
    ``lend_turn_relevance`` off the turn comes back."""
    real = make_settings(embedder="local:multilingual-e5-small")
    async with AsyncMemory(f"sqlite:///{tmp_path}/p.db", settings=real) as mem:
        for day, turns in _SESSIONS:
            at = datetime.fromisoformat(day).replace(hour=20, tzinfo=UTC)
            await mem.add([{"role": r, "content": c} for r, c in turns], user_id="u",
                          session_id=day, timestamp=at)
            await mem.end_session(user_id="u", session_id=day)
        hits = await mem.search("what medication do I take?", user_id="u", k=3)
        first = hits[0].record
        assert "citalopram" in first.content and first.kind == "memory", \
            [(h.record.kind, h.record.content) for h in hits]
        assert not any(h.record.kind == "turn" and "citalopram" in h.record.content
                       for h in hits)
        mem.settings.scoring = mem.settings.scoring.model_copy(
            update={"lend_turn_relevance": False})
        hits = await mem.search("what medication do I take?", user_id="u", k=3)
        assert hits[0].record.kind == "turn" and "citalopram" in hits[0].record.content
