"""A slip corrected inside one turn after a memory of that turn was made (issue 16, session 16):
the correction drops the slipped memory, and the sentence after it must not go on with an index
of the list as it was (it raised IndexError and the whole add failed)."""

from __future__ import annotations

from datetime import datetime, timezone

from gieok.domain.turns import Turn
from gieok.write.extract.heuristic import HeuristicExtractor


def test_a_slip_corrected_after_a_memory_of_the_same_turn_is_no_crash() -> None:
    turn = Turn(role="user", content="건강검진 문진표 작성 중인데 나이 38... 아 잘못 말했다 39살이야 "
                                     "올해 생일 지나서", at=datetime(2026, 5, 2, tzinfo=timezone.utc))
    got = [c.content for c in HeuristicExtractor().extract_sync([turn])]
    assert any("39" in c for c in got), got
    assert not any("38" in c for c in got), got
