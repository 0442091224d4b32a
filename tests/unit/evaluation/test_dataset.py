"""How turns become import items: text, neighbours and date only — never an id."""

from __future__ import annotations

from datetime import UTC, datetime

from gieok.evaluation.dataset import (
    EvalSample,
    EvalSession,
    EvalTurn,
    IngestOptions,
    session_of,
    turn_items,
)

AT = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


def _sample() -> EvalSample:
    turns = (
        EvalTurn("K1", "first", "Ana"),
        EvalTurn("K2", "second", "Ben"),
        EvalTurn("K3", "hidden", None, indexed=False),
        EvalTurn("K4", "third", "Ana"),
    )
    return EvalSample(sessions=[EvalSession("S-secret", AT, turns)], questions=[])


def test_items_carry_text_and_time_only() -> None:
    items, keys = turn_items(_sample(), IngestOptions(speaker=True, window=1, date=True))
    assert keys == ["K1", "K2", "K4"]
    assert items[0] == {"content": "Ana: first", "event_time": AT,
                        "index_text": "8 May 2023\nBen: second"}
    # neighbours are the indexed turns only: the hidden turn is skipped
    assert items[1]["index_text"] == "8 May 2023\nAna: first\nAna: third"
    flat = repr(items)
    assert not any(secret in flat for secret in ("K1", "K2", "K4", "S-secret", "hidden"))


def test_items_without_context() -> None:
    items, _ = turn_items(_sample(), IngestOptions(speaker=False, window=0, date=False))
    assert items[0] == {"content": "first", "event_time": AT}


def test_session_of() -> None:
    assert session_of(_sample()) == {"K1": "S-secret", "K2": "S-secret", "K3": "S-secret",
                                     "K4": "S-secret"}
