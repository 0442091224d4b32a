""""actually" opening a statement of its own corrects nothing: after "Jo and I broke up last month,
so just me now", "actually I've started eating fish again" had "I've" read as a name that
replaced "Jo" — the breakup memory became "User has and User broke up …" and the fish went
nowhere (the lead's trial, session 21). A value corrected in the next breath still is."""

from __future__ import annotations

from gieok.write.extract.correction import corrected


def test_a_statement_after_actually_corrects_nothing() -> None:
    assert corrected("Jo and I broke up last month, so just me now",
                     "actually I've started eating fish again") is None
    assert corrected("my sister Mina lives in Busan", "actually we'd like to visit her") is None


def test_a_value_said_again_still_corrects() -> None:
    fix = corrected("my sister Mina lives in Busan", "actually Mia, not Mina")
    assert fix is not None and "Mia" in fix.sentence and fix.old == "Mina"
    fix = corrected("dinner with Sam is on Friday", "actually Saturday")
    assert fix is not None and "Saturday" in fix.sentence
