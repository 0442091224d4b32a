"""The user's own Korean name is kept as written (patterns_ko_base.rule ``as_said``).

Found in a trial: "안녕! 내 이름은 김지은이야" stored "사용자의 이름은 김지" — the analyser reads the
name's last syllable 은 as a topic particle, and the value cleaner cut it."""

from __future__ import annotations

import pytest

from gieok.domain.turns import Turn
from gieok.write.extract.heuristic import HeuristicExtractor


@pytest.mark.parametrize(("said", "name"), [
    ("안녕! 내 이름은 김지은이야", "김지은"),
    ("제 이름은 박서은이에요", "박서은"),
    ("제 이름은 이하은입니다", "이하은"),
    ("내 이름은 지은이야", "지은"),
])
def test_a_name_ending_like_a_particle_is_kept_whole(said: str, name: str) -> None:
    got = [c.content for c in HeuristicExtractor().extract_sync([Turn(role="user", content=said)])]
    assert f"사용자의 이름은 {name}" in got, got
    assert not any(m.endswith(f"이름은 {name[:-1]}") for m in got), got
